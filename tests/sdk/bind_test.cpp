// The typed binding, run through the host's NodeContext as a point would run it.
#include "assay/bind.hpp"

#include <catch2/catch.hpp>

#include "assay/eigen.hpp"
#include "assay/host.hpp"
#include "run/node_context.hpp"

using namespace assay;

namespace {

enum class Shape { square, tall };

struct Settings {
  int rows = 3;
  std::vector<int> widths{4, 8};
  std::optional<double> scale;
  std::string label = "a";
  Shape shape = Shape::tall;
  struct Nested {
    double rate = 0.5;
  } nested;
  std::optional<double> offset;  // an optional input
};

struct Step {
  int index = 0;
  double loss = 0;
  std::string note;
};

struct Summary {
  double total = 0;
  std::optional<double> scaled;
  std::vector<Step> steps;
};

Summary summarise(const Settings& s) {
  Summary out;
  for (const auto w : s.widths) out.total += w * s.rows * s.nested.rate;
  if (s.offset) out.total += *s.offset;
  if (s.scale) out.scaled = out.total * *s.scale;
  for (int i = 0; i < s.rows; ++i)
    out.steps.push_back({i, 1.0 / (i + 1), s.shape == Shape::tall ? "tall" : "square"});
  return out;
}

MethodExport demo() {
  return method<Settings, Summary>("demo", "a bound method")
      .param(&Settings::rows, "rows", "rows", range(1, 100))
      .param(&Settings::widths, "widths", "layer widths", at_least(1))
      .param(&Settings::scale, "scale", "unset: no scaled output")
      .choice(&Settings::label, "label", {"a", "b"}, "a label")
      .choice(&Settings::shape, "shape", {{"square", Shape::square}, {"tall", Shape::tall}}, "")
      .param(
          [](auto& s) -> auto& { return s.nested.rate; }, "rate", "a nested member")
      .input(&Settings::offset, "offset", "added to the total when connected")
      .output(&Summary::total, "total", "sum")
      .output(&Summary::scaled, "scaled", "total x scale, when scale is set")
      .output(&Summary::steps, "steps", "one row per row",
              columns<Step>()
                  .column(&Step::index, "index")
                  .column(&Step::loss, "loss")
                  .column(&Step::note, "note"))
      .run([](const Settings& s) { return summarise(s); });
}

// The params a pipeline would pass: every declared default, then the given values.
std::map<std::string, Value> params_of(const MethodInfo& info,
                                       const std::map<std::string, Value>& given) {
  std::map<std::string, Value> params;
  for (const auto& p : info.params)
    if (!p.optional) params[p.name] = p.default_value;
  for (const auto& [name, value] : given) params[name] = value;
  return params;
}

std::vector<std::pair<std::string, Value>> run(const MethodExport& m,
                                               const std::map<std::string, Value>& given,
                                               const Value* offset = nullptr) {
  const auto params = params_of(m.info, given);
  std::vector<std::pair<std::string, const Value*>> inputs;
  if (offset) inputs.emplace_back("offset", offset);
  StopSignals stop;
  const NodeContext::LogSink no_log;
  NodeContext ctx(m.info, params, inputs, 1, stop, no_log);
  m.run(ctx);
  return ctx.take_outputs();
}

const Value& output(const std::vector<std::pair<std::string, Value>>& outputs,
                    const std::string& name) {
  for (const auto& [port, value] : outputs)
    if (port == name) return value;
  FAIL("no output " << name);
  throw;
}

}  // namespace

TEST_CASE("a binding declares each param once, its default the struct's initialiser", "[sdk]") {
  const auto m = demo();
  CHECK(find_param(m.info, "rows")->default_value == Value(3));
  CHECK(find_param(m.info, "widths")->type == ParamType::int_vector);
  CHECK(find_param(m.info, "widths")->default_value == Value(IntArray{{2}, {4, 8}}));
  CHECK(find_param(m.info, "scale")->optional);
  CHECK(find_param(m.info, "shape")->default_value == Value("tall"));
  CHECK(find_param(m.info, "rate")->default_value == Value(0.5));
  CHECK(find_input(m.info, "offset")->optional);
  CHECK(find_output(m.info, "scaled")->optional);
  CHECK(find_output(m.info, "steps")->kind == Kind::table);
}

TEST_CASE("a bound method reads its struct and writes its outputs", "[sdk]") {
  const auto m = demo();
  const auto outputs = run(m, {{"rows", Value(2)}, {"shape", Value("square")}});
  CHECK(output(outputs, "total").as_real() == Approx((4 + 8) * 2 * 0.5));
  const auto& steps = output(outputs, "steps").as_table();
  CHECK(steps.names == std::vector<std::string>{"index", "loss", "note"});
  CHECK(std::get<std::vector<std::int64_t>>(steps.columns[0]) == std::vector<std::int64_t>{0, 1});
  CHECK(std::get<std::vector<std::string>>(steps.columns[2]).at(0) == "square");
}

TEST_CASE("an optional output a point does not produce is absent", "[sdk]") {
  const auto m = demo();
  const auto without = run(m, {});
  CHECK(std::none_of(without.begin(), without.end(),
                     [](const auto& o) { return o.first == "scaled"; }));
  const auto with = run(m, {{"scale", Value(2.0)}});
  CHECK(output(with, "scaled").as_real() == Approx(2 * output(with, "total").as_real()));
}

TEST_CASE("an optional input is read when connected and left unset otherwise", "[sdk]") {
  const auto m = demo();
  const Value offset(10.0);
  CHECK(output(run(m, {}, &offset), "total").as_real() ==
        Approx(output(run(m, {}), "total").as_real() + 10));
}

TEST_CASE("string-keyed reads name the method, the param and both types", "[sdk]") {
  const auto info = method("strict", "").param<int>("rows", 3, "");
  const MethodExport m{info, [](Context& ctx) { ctx.param<std::string>("rows"); }};
  CHECK_THROWS_WITH(run(m, {}), "method 'strict': param 'rows': expected a string value, got int");
  const MethodExport misspelt{info, [](Context& ctx) { ctx.param<int>("rosw"); }};
  CHECK_THROWS_WITH(run(misspelt, {}), Catch::Contains("undeclared param 'rosw'"));
}

TEST_CASE("two bindings of one name are refused when the plugin loads", "[sdk]") {
  const auto declare_twice = [] {
    return method<Settings, Summary>("twice", "")
        .param(&Settings::rows, "rows", "")
        .param(
            [](auto& s) -> auto& { return s.nested.rate; }, "rows", "");
  };
  CHECK_THROWS_WITH(declare_twice(), Catch::Contains("declares param 'rows' twice"));
}
