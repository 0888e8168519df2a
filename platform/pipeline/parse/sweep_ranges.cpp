#include "pipeline/parse/sweep_ranges.hpp"

#include <array>
#include <cmath>
#include <functional>
#include <limits>

namespace assay {

namespace {

const char* const kRangeHint =
    "write { range = [start, stop, step] }, { linspace = [a, b, n] }, { logspace = [a, b, n] } "
    "(10^a to 10^b) or { geomspace = [a, b, n] }, or list the values";

struct RangeArgs {
  std::array<const toml::node*, 3> args{};
  SourcePos pos;
  std::string key;  // "sweep.node.param.<rule>"
};

SourceError range_error(const RangeArgs& r, const std::string& what) {
  return SourceError(r.pos, r.key, what, kRangeHint);
}

double number(const RangeArgs& r, std::size_t i, const char* name) {
  const auto* node = r.args[i];
  if (const auto* n = node->as_integer()) return static_cast<double>(n->get());
  if (const auto* x = node->as_floating_point(); x && std::isfinite(x->get())) return x->get();
  throw range_error(r,
                    std::string(name) + " must be a finite number, got " + toml_node_text(*node));
}

std::size_t count(const RangeArgs& r) {
  const auto* n = r.args[2]->as_integer();
  if (!n || n->get() < 1 || static_cast<std::uint64_t>(n->get()) > kMaxRangeValues)
    throw range_error(r, "n must be an integer from 1 to " + std::to_string(kMaxRangeValues) +
                             ", got " + toml_node_text(*r.args[2]));
  return static_cast<std::size_t>(n->get());
}

// n values of f(a + (b - a) i / (n - 1)), the last exactly f(b).
std::vector<Value> spaced(double a, double b, std::size_t n,
                          const std::function<double(double)>& f) {
  std::vector<Value> out;
  for (std::size_t i = 0; i < n; ++i) {
    const double x =
        i + 1 == n ? b : a + (b - a) * static_cast<double>(i) / static_cast<double>(n - 1);
    out.emplace_back(f(n == 1 ? a : x));
  }
  return out;
}

std::vector<Value> integer_range(const RangeArgs& r) {
  const auto start = r.args[0]->as_integer()->get(), stop = r.args[1]->as_integer()->get(),
             step = r.args[2]->as_integer()->get();
  if (step == 0) throw range_error(r, "step must not be 0");
  // In unsigned arithmetic the distance cannot overflow, whatever the signs.
  const auto span = step > 0 ? static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start)
                             : static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop);
  const auto stride =
      step > 0 ? static_cast<std::uint64_t>(step) : 0 - static_cast<std::uint64_t>(step);
  const bool empty = step > 0 ? stop <= start : stop >= start;
  const std::uint64_t n = empty ? 0 : (span - 1) / stride + 1;
  if (n > kMaxRangeValues)
    throw range_error(
        r, "gives " + std::to_string(n) + " values, more than " + std::to_string(kMaxRangeValues));
  std::vector<Value> out;
  for (std::uint64_t i = 0; i < n; ++i)
    out.emplace_back(static_cast<std::int64_t>(static_cast<std::uint64_t>(start) +
                                               i * static_cast<std::uint64_t>(step)));
  return out;
}

std::vector<Value> real_range(const RangeArgs& r) {
  const double start = number(r, 0, "start"), stop = number(r, 1, "stop"),
               step = number(r, 2, "step");
  if (step == 0) throw range_error(r, "step must not be 0");
  const double steps = std::ceil((stop - start) / step);
  if (steps > static_cast<double>(kMaxRangeValues))
    throw range_error(r, "gives more than " + std::to_string(kMaxRangeValues) + " values");
  std::vector<Value> out;
  for (double i = 0; i < steps; ++i) out.emplace_back(start + i * step);
  return out;
}

std::vector<Value> expand(const std::string& rule, const RangeArgs& r) {
  if (rule == "range") {
    const bool integers =
        r.args[0]->is_integer() && r.args[1]->is_integer() && r.args[2]->is_integer();
    return integers ? integer_range(r) : real_range(r);
  }
  const double a = number(r, 0, "a"), b = number(r, 1, "b");
  const std::size_t n = count(r);
  if (rule == "linspace") return spaced(a, b, n, [](double x) { return x; });
  if (rule == "logspace") return spaced(a, b, n, [](double x) { return std::pow(10.0, x); });
  if (a <= 0 || b <= 0) throw range_error(r, "geomspace needs a > 0 and b > 0");
  // exp(log a) need not be a: the endpoints are the values written.
  auto out = spaced(std::log(a), std::log(b), n, [](double x) { return std::exp(x); });
  out.front() = Value(a);
  if (n > 1) out.back() = Value(b);
  return out;
}

}  // namespace

SweepList expand_sweep_range(const toml::table& table, const TomlOrigin& origin,
                             const std::string& key) {
  const SourcePos pos = origin.pos(table.source());
  if (table.size() != 1)
    throw SourceError(pos, key,
                      "expected a list of values or one range rule, got " + toml_node_text(table),
                      kRangeHint);
  // toml++'s iterator hands out a reference into itself: keep the iterator alive.
  const auto entry = table.begin();
  const std::string rule(entry->first.str());
  const toml::node& node = entry->second;
  if (rule != "range" && rule != "linspace" && rule != "logspace" && rule != "geomspace")
    throw SourceError(
        pos, key + "." + rule, "unknown range rule \"" + rule + "\"",
        did_you_mean(rule, {"range", "linspace", "logspace", "geomspace"}) + kRangeHint);
  RangeArgs args{{}, origin.pos(node.source()), key + "." + rule};
  const auto* list = node.as_array();
  if (!list || list->size() != 3)
    throw range_error(args, "expected a list of three numbers, got " + toml_node_text(node));
  for (std::size_t i = 0; i < 3; ++i) args.args[i] = list->get(i);
  SweepList out;
  out.values = expand(rule, args);
  if (out.values.empty())
    throw range_error(args, "gives no values (stop is not beyond start in the step's direction)");
  out.pos.assign(out.values.size(), args.pos);
  return out;
}

}  // namespace assay
