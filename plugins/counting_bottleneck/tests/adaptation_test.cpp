#include "adaptation.hpp"

#include <catch2/catch.hpp>

namespace cb = assay::counting_bottleneck;

namespace {

struct Fixture {
  cb::Rng rng{1};
  cb::CountingModel model{cb::gpt_config({.dim = 16, .heads = 2, .layers = 2}), rng};
  cb::AdaptData data = cb::adapt_data(4, 2, 8, rng);
  Eigen::MatrixXd directions = Eigen::MatrixXd::Identity(16, 2);
};

long open_scalars(const cb::CountingModel& m) {
  long n = 0;
  for (std::size_t i = 0; i < m.params.size(); ++i)
    if (!m.params.at(i).frozen) n += m.params.at(i).value.size();
  return n;
}

}  // namespace

TEST_CASE("the digit-rows arm moves the ten digit rows and nothing else", "[counting_bottleneck]") {
  Fixture f;
  cb::CountingModel m = cb::clone(f.model);
  const auto before = m.params.snapshot();
  cb::Rng rng(2);
  const auto r =
      cb::adapt(m, f.directions, f.data, {.arm = cb::Arm::digit_rows, .steps = 5, .batch = 4}, rng);
  CHECK(r.trainable == 10 * 16);
  CHECK(r.model_parameters == f.model.params.count());
  const auto after = m.params.snapshot();
  for (std::size_t i = 0; i < m.params.size(); ++i) {
    const auto& name = m.params.at(i).name;
    INFO(name);
    if (name == "head.weight") {
      CHECK((after[i].topRows(10) - before[i].topRows(10)).cwiseAbs().maxCoeff() > 0);
      CHECK(after[i].bottomRows(cb::token::kVocab - 10) ==
            before[i].bottomRows(cb::token::kVocab - 10));
    } else {
      CHECK(after[i] == before[i]);
    }
  }
}

TEST_CASE("LoRA arms keep the model's weights and count their adapters exactly",
          "[counting_bottleneck]") {
  Fixture f;
  for (auto arm : {cb::Arm::probe, cb::Arm::random, cb::Arm::qv}) {
    INFO(cb::arm_name(arm));
    cb::CountingModel m = cb::clone(f.model);
    const auto base = m.params.snapshot();
    cb::Rng rng(3);
    const auto r =
        cb::adapt(m, f.directions, f.data, {.arm = arm, .rank = 2, .steps = 3, .batch = 4}, rng);
    CHECK(r.trainable == open_scalars(m));
    CHECK(r.fraction == Approx(static_cast<double>(r.trainable) / r.model_parameters));
    for (std::size_t i = 0; i < base.size(); ++i) CHECK(m.params.at(i).value == base[i]);
    if (arm == cb::Arm::qv) CHECK(m.params.find("block1.attn.v.lora_b") != nullptr);
  }
}

TEST_CASE("the probe arm starts A on the probe directions", "[counting_bottleneck]") {
  Fixture f;
  cb::CountingModel m = cb::clone(f.model);
  cb::Rng rng(4);
  // One step of lr 0 leaves the init in place.
  cb::adapt(m, f.directions, f.data, {.arm = cb::Arm::probe, .rank = 2, .steps = 1, .lr = 0}, rng);
  const Eigen::MatrixXd a = m.params["head.lora_a"].value.cast<double>();
  CHECK((a - f.directions.transpose() / std::sqrt(3.0)).cwiseAbs().maxCoeff() < 1e-6);
  cb::CountingModel too_small = cb::clone(f.model);
  REQUIRE_THROWS_WITH(cb::adapt(too_small, f.directions, f.data,
                                {.arm = cb::Arm::probe, .rank = 3, .steps = 1}, rng),
                      Catch::Contains("rank: 3"));
  REQUIRE_THROWS_WITH(cb::arm_of("lora"), Catch::Contains("arm: 'lora'"));
}
