#include <hdf5.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "store/result_store.hpp"
#include "support/assay_process.hpp"
#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

const at::ValueMap& fortunes_min_corpus() {
  static const auto corpus = at::run_method("text_corpus", {{"source", "fortunes-min"}});
  return corpus;
}

at::ValueMap splits_of(const at::ValueMap& corpus) {
  return {{"train", corpus.at("train")},
          {"validation", corpus.at("validation")},
          {"test", corpus.at("test")}};
}

// The int64 dataset `node/output` of the only point in a result file.
std::vector<std::int64_t> read_point_output(const std::string& file,
                                            const std::string& node_output) {
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  REQUIRE(f >= 0);
  char id[64] = {};
  H5Lget_name_by_idx(f, "/points", H5_INDEX_NAME, H5_ITER_INC, 0, id, sizeof id, H5P_DEFAULT);
  const hid_t d =
      H5Dopen2(f, ("/points/" + std::string(id) + "/" + node_output).c_str(), H5P_DEFAULT);
  REQUIRE(d >= 0);
  const hid_t space = H5Dget_space(d);
  std::vector<std::int64_t> out(H5Sget_simple_extent_npoints(space));
  H5Dread(d, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data());
  H5Sclose(space);
  H5Dclose(d);
  H5Fclose(f);
  return out;
}

}  // namespace

TEST_CASE("text_corpus outputs its splits as document tables and its content hash",
          "[stdlib][text]") {
  const auto& corpus = fortunes_min_corpus();
  const auto& train = corpus.at("train").as_table();
  CHECK(train.names == std::vector<std::string>{"text", "origin"});
  CHECK(static_cast<std::int64_t>(train.rows()) == corpus.at("train_documents").as_int());
  CHECK(corpus.at("files_read").as_int() == 3);
  CHECK(corpus.at("content_hash").as_string().size() == 7 + 64);
}

TEST_CASE("text_corpus names the package when its data is missing", "[stdlib][text]") {
  at::TempFolder empty("stdlib_missing_corpus");
  CHECK_THROWS_WITH(at::run_method("text_corpus", {{"source", "fortunes"}, {"path", empty.path()}}),
                    Catch::Contains("install the Debian package fortunes (apt-get install "
                                    "fortunes)"));
}

TEST_CASE("char_tokenizer's ids decode back to the corpus through its model", "[stdlib][text]") {
  const auto out = at::run_method("char_tokenizer", {}, splits_of(fortunes_min_corpus()));
  // Only held-out documents with a character that train lacks can fail to round-trip.
  auto texts_of = [](const char* split) {
    return std::get<std::vector<std::string>>(
        fortunes_min_corpus().at(split).as_table().columns[0]);
  };
  std::set<char> seen;
  for (const auto& t : texts_of("train")) seen.insert(t.begin(), t.end());
  std::int64_t with_unseen = 0;
  for (const char* split : {"validation", "test"})
    for (const auto& t : texts_of(split))
      with_unseen += std::any_of(t.begin(), t.end(), [&](char c) { return !seen.count(c); });
  CHECK(out.at("round_trip_failures").as_int() == with_unseen);
  const auto& vocabulary = out.at("model").as_int_array().data;
  const auto& ids = out.at("validation_ids").as_int_array().data;
  const auto eod = out.at("end_of_document").as_int();
  // Rebuild the first validation document from the model alone (fortunes-min is ASCII).
  std::string first;
  for (std::size_t i = 0; ids[i] != eod; ++i) first += static_cast<char>(vocabulary.at(ids[i] - 2));
  CHECK(first == texts_of("validation")[0]);
}

TEST_CASE("bpe_tokenizer carries its model as bytes and round-trips every split",
          "[stdlib][text]") {
  const auto out =
      at::run_method("bpe_tokenizer", {{"vocab_size", 500}}, splits_of(fortunes_min_corpus()));
  CHECK(out.at("vocab_size").as_int() == 500);
  CHECK(out.at("round_trip_failures").as_int() == 0);
  CHECK(out.at("unknown_tokens").as_int() == 0);
  for (auto byte : out.at("model").as_int_array().data) REQUIRE((byte >= 0 && byte <= 255));
  CHECK(out.at("pieces").as_table().rows() == 500);
}

TEST_CASE("decode_tokens gives back the documents a tokenizer encoded", "[stdlib][text]") {
  const auto& corpus = fortunes_min_corpus();
  const auto& test_texts = corpus.at("test").as_table().columns[0];
  for (const char* tokenizer : {"bpe", "char"}) {
    const auto tokens =
        at::run_method(std::string(tokenizer) + "_tokenizer", {}, splits_of(corpus));
    const auto out =
        at::run_method("decode_tokens", {{"tokenizer", tokenizer}},
                       {{"model", tokens.at("model")}, {"ids", tokens.at("test_ids")}});
    const auto& decoded = out.at("documents").as_table();
    REQUIRE(decoded.rows() == corpus.at("test").as_table().rows());
    // Only the documents counted as not round-tripping may differ (none for bpe).
    const auto& texts = std::get<std::vector<std::string>>(test_texts);
    const auto& back = std::get<std::vector<std::string>>(decoded.columns[0]);
    std::int64_t differ = 0;
    for (std::size_t i = 0; i < texts.size(); ++i) differ += back[i] != texts[i];
    CHECK(differ <= tokens.at("round_trip_failures").as_int());
    if (std::string(tokenizer) == "bpe") CHECK(differ == 0);
  }
}

TEST_CASE("token_batches cuts windows of the tokenizer's ids", "[stdlib][text]") {
  const auto tokens = at::run_method("char_tokenizer", {}, splits_of(fortunes_min_corpus()));
  const auto& ids = tokens.at("train_ids").as_int_array().data;
  const auto out = at::run_method("token_batches", {{"length", 32}, {"windows", 10}},
                                  {{"ids", tokens.at("train_ids")}});
  const auto& inputs = out.at("inputs").as_int_array();
  CHECK(inputs.shape == std::vector<std::size_t>{10, 32});
  const auto& starts = out.at("starts").as_int_array().data;
  for (std::size_t i = 0; i < 10; ++i)
    for (std::size_t t = 0; t < 32; ++t) REQUIRE(inputs.data[i * 32 + t] == ids[starts[i] + t]);
}

TEST_CASE(
    "the stdlib_text pipeline trains the same BPE model at -j1 and -j2 and records its corpus",
    "[stdlib][text][cli]") {
  at::TempFolder folder("stdlib_text_pipeline");
  const std::string pipeline =
      std::string(ASSAY_SOURCE_DIR) + "/plugins/stdlib/pipelines/stdlib_text.toml";
  std::vector<std::vector<std::int64_t>> models, windows;
  for (const char* jobs : {"1", "2"}) {
    const auto file = folder.file(std::string("run") + jobs + ".h5");
    const auto r = at::run_assay({"run", pipeline, "-o", file, "-j", jobs, "-q"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    models.push_back(read_point_output(file, "bpe/model"));
    windows.push_back(read_point_output(file, "batches/inputs"));
    // The corpus digest is a provenance output: the result says which corpus it saw.
    const auto result = assay::read_results(file);
    CHECK(result.info.provenance.at("output:corpus.content_hash") ==
          fortunes_min_corpus().at("content_hash").as_string());
  }
  CHECK(models[0] == models[1]);
  CHECK(windows[0] == windows[1]);
  CHECK(windows[0].size() == 256 * 64);
}
