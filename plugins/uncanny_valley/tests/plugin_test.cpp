#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

const at::ValueMap& corpus(const std::string& source) {
  static std::map<std::string, at::ValueMap> cache;
  auto it = cache.find(source);
  if (it == cache.end())
    it = cache.emplace(source, at::run_method("text_corpus", {{"source", source}})).first;
  return it->second;
}

const at::ValueMap& bpe() {
  static const auto out = at::run_method("bpe_tokenizer", {{"vocab_size", 512}},
                                         {{"train", corpus("fortunes-min").at("train")},
                                          {"validation", corpus("fortunes-min").at("validation")},
                                          {"test", corpus("fortunes-min").at("test")}});
  return out;
}

const std::vector<std::string>& text_column(const assay::Table& t) {
  for (std::size_t i = 0; i < t.names.size(); ++i)
    if (t.names[i] == "text") return std::get<std::vector<std::string>>(t.columns[i]);
  throw std::runtime_error("no text column");
}

}  // namespace

TEST_CASE("fragment_text inserts spaces at the rate asked for", "[uncanny_valley]") {
  const auto& test = corpus("fortunes-min").at("test");
  const auto all = at::run_method("fragment_text", {{"p", 1.0}, {"perturbation", "regular"}},
                                  {{"documents", test}});
  CHECK(all.at("inserted").as_int() == all.at("gaps").as_int());
  CHECK(all.at("insertion_rate").as_real() == 1.0);
  const auto none = at::run_method("fragment_text", {{"p", 0.0}}, {{"documents", test}});
  CHECK(text_column(none.at("documents").as_table()) == text_column(test.as_table()));
  REQUIRE_THROWS_WITH(at::run_method("fragment_text", {{"p", 2.0}}, {{"documents", test}}),
                      Catch::Contains("p"));
}

TEST_CASE("tokenization_entropy tabulates both perturbations at every rate", "[uncanny_valley]") {
  const auto out = at::run_method(
      "tokenization_entropy", {{"rates", assay::RealArray{{3}, {0, 0.5, 1}}}},
      {{"model", bpe().at("model")}, {"documents", corpus("fortunes-min").at("test")}});
  const auto& curve = out.at("curve").as_table();
  REQUIRE(curve.rows() == 6);
  const auto& renyi = std::get<std::vector<double>>(curve.columns[3]);
  const auto& shannon = std::get<std::vector<double>>(curve.columns[2]);
  for (std::size_t i = 0; i < 6; ++i) CHECK(renyi[i] <= shannon[i]);  // Renyi falls with alpha
  // At p = 0 and 1 the two perturbations are the same text.
  CHECK(renyi[0] == Approx(renyi[3]));
  CHECK(renyi[2] == Approx(renyi[5]));
  REQUIRE_THROWS_WITH(at::run_method("tokenization_entropy", {},
                                     {{"model", assay::IntArray{{1}, {300}}},
                                      {"documents", corpus("fortunes-min").at("test")}}),
                      Catch::Contains("model: 300"));
}

TEST_CASE("detection_pretrain's checkpoint feeds detection_lm", "[uncanny_valley]") {
  const auto pretrained = at::run_method(
      "detection_pretrain",
      {{"f", 0.5}, {"context", 48}, {"dim", 16}, {"heads", 2}, {"layers", 1}, {"steps", 10}},
      {{"model", bpe().at("model")}, {"train", corpus("fortunes-min").at("train")}});
  CHECK(pretrained.at("losses").as_table().rows() == 10);
  const at::ValueMap inputs{
      {"pretrained", pretrained.at("pretrained")},   {"model", bpe().at("model")},
      {"train", corpus("fortunes-min").at("train")}, {"test", corpus("fortunes-min").at("test")},
      {"train_words", corpus("words").at("train")},  {"test_words", corpus("words").at("test")}};
  const at::ValueMap params{{"needle_steps", 5},
                            {"examples", 16},
                            {"resamples", 100},
                            {"rates", assay::RealArray{{3}, {0, 0.5, 1}}}};
  const auto out = at::run_method("detection_lm", params, inputs);
  CHECK(out.at("f1").as_table().rows() == 6);
  CHECK(out.at("valleys").as_table().rows() == 2);
  CHECK(std::isfinite(out.at("depth_random").as_real()));
  // The same checkpoint and seed give the same evaluation.
  CHECK(at::run_method("detection_lm", params, inputs).at("f1") == out.at("f1"));
}
