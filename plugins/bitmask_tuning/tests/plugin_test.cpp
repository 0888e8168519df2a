#include <assay/nn/checkpoint_value.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

assay::Table documents(std::vector<std::string> texts) {
  assay::Table t;
  t.add("text", std::move(texts));
  return t;
}

// Tasks from a few documents, a d16 model pretrained for a few steps (mechanics only).
struct Chain {
  at::ValueMap tasks, model;
};

Chain chain() {
  Chain c;
  c.tasks = at::run_method(
      "addition_tasks", {{"characters", 20000}, {"eval_problems", 20}, {"b_train_problems", 200}},
      {{"train", documents({"Never trust a fortune.", "Some text\tand more."})},
       {"validation", documents({"Held-out words, quite a few of them, to fill a window or two "
                                 "of sixteen characters at least."})}});
  c.model = at::run_method("addition_pretrain",
                           {{"dim", 16},
                            {"context", 16},
                            {"steps", 20},
                            {"batch", 4},
                            {"warmup", 2},
                            {"eval_every", 10}},
                           {{"task_a", c.tasks.at("task_a")}, {"a_text", c.tasks.at("a_text")}});
  return c;
}

at::ValueMap tuning_inputs(const Chain& c) {
  return {{"model", c.model.at("model")},
          {"b_train", c.tasks.at("b_train")},
          {"b_problems", c.tasks.at("b_problems")},
          {"a_problems", c.tasks.at("a_problems")},
          {"a_text", c.tasks.at("a_text")}};
}

}  // namespace

TEST_CASE("addition_tasks, pretrain, mask_tuning and delta_geometry chain through the registry",
          "[bitmask_tuning]") {
  const auto c = chain();
  REQUIRE(c.tasks.at("task_a").as_string().size() == 20000);
  REQUIRE(c.tasks.at("b_problems").as_table().rows() == 20);
  REQUIRE(c.model.at("losses").as_table().rows() == 2);
  const auto inputs = tuning_inputs(c);
  const at::ValueMap common{
      {"steps", 10}, {"batch", 8}, {"eval_every", 5}, {"text_windows", 2}, {"rho", 0.01}};
  auto with_arm = [&](const char* arm) {
    auto p = common;
    p["arm"] = arm;
    return at::run_method("mask_tuning", p, inputs);
  };
  const auto full = with_arm("full");
  const auto bmt = with_arm("bit_mask");
  REQUIRE(full.at("history").as_table().rows() == 3);
  REQUIRE(full.at("gate_weights").as_int() == 2 * 64 * 16);
  REQUIRE(bmt.at("weights_zeroed").as_int() <= std::lround(0.01 * 2 * 64 * 16));
  REQUIRE(bmt.at("adapter_bits").as_int() == 2 * 64 * 16);
  REQUIRE(bmt.at("checkpoint_bits").as_int() == 32 * full.at("model_weights").as_int());
  const double acc = bmt.at("b_accuracy").as_real();
  REQUIRE((acc >= 0 && acc <= 1));
  const auto geometry = at::run_method("delta_geometry", {},
                                       {{"base", full.at("gate_base")},
                                        {"delta", bmt.at("gate_delta")},
                                        {"reference", full.at("gate_delta")},
                                        {"layers", full.at("layers")}});
  const double overlap = geometry.at("principal_overlap").as_real();
  REQUIRE((overlap >= 0 && overlap <= 1));
  REQUIRE(geometry.at("reference_spectrum_drift").as_real() > 0);
  const auto self = at::run_method("delta_geometry", {},
                                   {{"base", full.at("gate_base")},
                                    {"delta", full.at("gate_delta")},
                                    {"reference", full.at("gate_delta")},
                                    {"layers", full.at("layers")}});
  REQUIRE(self.at("principal_overlap").as_real() == 1);
  REQUIRE(self.at("effective_rank_gap").as_real() == 0);
}

TEST_CASE("mask_tuning refuses a model without SwiGLU gates", "[bitmask_tuning]") {
  const auto c = chain();
  using Codec = assay::ValueCodec<assay::nn::Checkpoint<float>>;
  auto model = Codec::decode(c.model.at("model"));
  bool was_swiglu = false;
  for (auto& entry : model.config)
    if (entry.name == "mlp") {
      was_swiglu = std::get<std::string>(entry.value) == "swiglu";
      entry.value = std::string("gelu");
    }
  REQUIRE(was_swiglu);
  auto inputs = tuning_inputs(c);
  inputs["model"] = Codec::encode(model);
  REQUIRE_THROWS_WITH(at::run_method("mask_tuning", {{"steps", 1}}, inputs),
                      Catch::Contains("model: a SwiGLU decoder without biases is needed"));
}
