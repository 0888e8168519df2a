#include "pipeline/parse/sweep_draws.hpp"

#include <cmath>
#include <numeric>

#include "assay/seed.hpp"
#include "pipeline/parse/sweep_ranges.hpp"
#include "pipeline/plan/stable_hash.hpp"

namespace assay {

namespace {

const char* const kDrawHint =
    "write { uniform = [low, high], samples = N } (add log = true for a log scale) or "
    "{ choice = [v1, v2, ...], samples = N }";

struct DrawText {
  const toml::table& table;
  const TomlOrigin& origin;
  const std::string& key;

  SourceError error(const toml::node& at, const std::string& what) const {
    return SourceError(origin.pos(at.source()), key, what, kDrawHint);
  }
};

double finite(const DrawText& t, const toml::node& node, const char* name) {
  if (const auto* n = node.as_integer()) return static_cast<double>(n->get());
  if (const auto* x = node.as_floating_point(); x && std::isfinite(x->get())) return x->get();
  throw t.error(node, std::string(name) + " must be a finite number, got " + toml_node_text(node));
}

std::size_t read_samples(const DrawText& t) {
  const auto* node = t.table.get("samples");
  if (!node) throw t.error(t.table, "a random list needs samples = N");
  const auto* n = node->as_integer();
  if (!n || n->get() < 1 || static_cast<std::uint64_t>(n->get()) > kMaxRangeValues)
    throw t.error(*node, "samples must be an integer from 1 to " + std::to_string(kMaxRangeValues) +
                             ", got " + toml_node_text(*node));
  return static_cast<std::size_t>(n->get());
}

void read_uniform(const DrawText& t, const toml::node& bounds, SweepDraw& draw) {
  const auto* list = bounds.as_array();
  if (!list || list->size() != 2)
    throw t.error(bounds, "expected uniform = [low, high], got " + toml_node_text(bounds));
  draw.low = finite(t, *list->get(0), "low");
  draw.high = finite(t, *list->get(1), "high");
  if (!(draw.low < draw.high)) throw t.error(bounds, "low must be below high");
  if (const auto* log = t.table.get("log")) {
    if (!log->is_boolean()) throw t.error(*log, "log must be true or false");
    draw.log = log->as_boolean()->get();
  }
  if (draw.log && draw.low <= 0) throw t.error(bounds, "a log scale needs low > 0");
}

void read_choice(const DrawText& t, const toml::node& values, SweepDraw& draw) {
  const auto* list = values.as_array();
  if (!list || list->empty())
    throw t.error(values, "expected choice = [v1, v2, ...], got " + toml_node_text(values));
  for (const auto& element : *list) draw.choices.push_back(toml_to_value(element, t.origin, t.key));
  if (draw.samples > draw.choices.size())
    throw t.error(values, std::to_string(draw.samples) + " samples of " +
                              std::to_string(draw.choices.size()) +
                              " choices: each value of an axis is one point, so at most " +
                              std::to_string(draw.choices.size()));
}

// Draw i of the key's stream, uniform on [0, 1).
double unit(std::uint64_t stream, std::size_t i) {
  return static_cast<double>(mix_seed(stream, i) >> 11) * 0x1.0p-53;
}

std::vector<Value> draw_values(const SweepDraw& draw, std::uint64_t stream) {
  std::vector<Value> out;
  if (draw.rule == SweepDraw::Rule::uniform) {
    const double a = draw.log ? std::log(draw.low) : draw.low;
    const double b = draw.log ? std::log(draw.high) : draw.high;
    for (std::size_t i = 0; i < draw.samples; ++i) {
      const double x = a + (b - a) * unit(stream, i);
      out.emplace_back(draw.log ? std::exp(x) : x);
    }
    return out;
  }
  // The first `samples` of one shuffle of the choices (Fisher-Yates from the front): the i-th
  // draw depends on the choices and the stream only.
  std::vector<std::size_t> order(draw.choices.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  for (std::size_t i = 0; i < draw.samples; ++i) {
    const auto left = order.size() - i;
    const auto j = i + static_cast<std::size_t>(unit(stream, i) * static_cast<double>(left));
    std::swap(order[i], order[std::min(j, order.size() - 1)]);
    out.push_back(draw.choices[order[i]]);
  }
  return out;
}

}  // namespace

bool is_sweep_draw(const toml::table& table) {
  return table.contains("uniform") || table.contains("choice");
}

SweepList read_sweep_draw(const toml::table& table, const TomlOrigin& origin,
                          const std::string& key) {
  const DrawText t{table, origin, key};
  for (const auto& [name, value] : table) {
    const std::string member(name.str());
    if (member != "uniform" && member != "choice" && member != "samples" && member != "log")
      throw t.error(value, "unknown key \"" + member + "\" in a random list");
  }
  const auto* uniform = table.get("uniform");
  const auto* choice = table.get("choice");
  if (uniform && choice) throw t.error(table, "a random list is uniform or choice, not both");
  SweepDraw draw;
  draw.samples = read_samples(t);
  if (uniform) {
    read_uniform(t, *uniform, draw);
  } else {
    if (table.contains("log")) throw t.error(*table.get("log"), "log applies to uniform only");
    draw.rule = SweepDraw::Rule::choice;
    read_choice(t, *choice, draw);
  }
  SweepList out;
  out.values.assign(draw.samples, Value(0.0));
  out.pos.assign(draw.samples, origin.pos(table.source()));
  out.draw = std::move(draw);
  return out;
}

void draw_sweep_values(Pipeline& pipeline) {
  for (auto& axis : pipeline.axes) {
    for (std::size_t k = 0; k < axis.draws.size(); ++k) {
      if (!axis.draws[k]) continue;
      const auto stream = mix_seed(pipeline.seed, stable_hash("sweep draw " + axis.keys[k]));
      const auto values = draw_values(*axis.draws[k], stream);
      for (std::size_t i = 0; i < axis.steps.size(); ++i) axis.steps[i][k] = values.at(i);
    }
    axis.draws.clear();
  }
}

}  // namespace assay
