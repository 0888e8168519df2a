// stdlib's text path against SentencePiece's Python binding and a NumPy batcher (peer.py):
// tokenising every document of the `fortunes` corpus with one BPE model, and cutting 10^6
// tokens into training windows. See README.md; compare.py runs both sides.
//
//   bench_stdlib train MODEL_FILE          train the shared model (vocabulary 4000) on the
//                                          corpus's train split and write it
//   bench_stdlib run MODEL_FILE REPEATS    time encoding and batching, print the results
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <numeric>
#include <string>
#include <vector>

#include "bpe_tokenizer.hpp"
#include "text_corpus.hpp"
#include "token_windows.hpp"

namespace sl = assay::stdlib;

namespace {

constexpr std::int64_t window_length = 128, windows = 7813;  // 1,000,064 tokens

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

template <class F>
double median_cpu_time(int repeats, F f) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const double start = cpu_seconds();
    f();
    times.push_back(cpu_seconds() - start);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

sl::TextCorpus fortunes() {
  sl::CorpusOptions o;
  o.source = sl::TextSource::fortunes;
  return sl::read_text_corpus(o);
}

std::vector<std::string> texts(const std::vector<sl::Document>& docs) {
  std::vector<std::string> out;
  for (const auto& d : docs) out.push_back(d.text);
  return out;
}

int train(const std::string& model_file) {
  sl::BpeOptions o;
  o.vocab_size = 4000;
  const double start = cpu_seconds();
  const auto tokenizer = sl::BpeTokenizer::train(texts(fortunes().train), o);
  std::cout << "time train " << cpu_seconds() - start << "\n";
  std::ofstream(model_file, std::ios::binary) << tokenizer.model();
  return 0;
}

int run(const std::string& model_file, int repeats) {
  std::ifstream in(model_file, std::ios::binary);
  const auto tokenizer = sl::BpeTokenizer::from_model(
      {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
  const auto corpus = fortunes();
  std::vector<std::string> documents;
  for (const auto* split : {&corpus.train, &corpus.validation, &corpus.test})
    for (const auto& d : *split) documents.push_back(d.text);
  std::vector<std::int64_t> ids;
  const double encode = median_cpu_time(repeats, [&] {
    ids.clear();
    for (const auto& d : documents) {
      const auto piece = tokenizer.encode(d);
      ids.insert(ids.end(), piece.begin(), piece.end());
    }
  });
  sl::TokenWindows w;
  const double batch = median_cpu_time(repeats, [&] {
    std::mt19937_64 rng(1);
    w = sl::sample_token_windows(ids, window_length, windows, rng);
  });
  std::cout << "documents " << documents.size() << "\ntokens " << ids.size() << "\nid_sum "
            << std::accumulate(ids.begin(), ids.end(), std::int64_t{0}) << "\nwindow_tokens "
            << w.inputs.size() << "\ntime encode " << encode << "\ntime batch " << batch << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 2 && args[0] == "train") return train(args[1]);
  if (args.size() == 3 && args[0] == "run") return run(args[1], std::stoi(args[2]));
  std::cerr << "usage: bench_stdlib train MODEL_FILE | run MODEL_FILE REPEATS\n";
  return 2;
}
