// The C++ side of compare.py. `model OUT VOCAB FILE...` trains stdlib's BPE on the documents of
// the fortune files (cut at "%" lines) and writes its model to OUT. The other cases read the
// model and the documents, then time
//   fragment R:  fragmenting every document at each rate (random perturbation), R repeats
//   entropy:     the exact expected token counts and their Shannon / Renyi-2.5 entropies at
//                each rate (random perturbation)
// and prints "<case> <median CPU ms> <values...>" (values: the entropies, to compare with the
// peer's).
#include <algorithm>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

#include "bpe_material.hpp"
#include "entropy_curve.hpp"

namespace uv = assay::uncanny_valley;

namespace {

const std::vector<double> kRates{0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1};

double cpu_ms() { return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

std::vector<std::string> fortunes(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> documents;
  std::string line, current;
  while (std::getline(in, line)) {
    if (line == "%") {
      if (!current.empty()) documents.push_back(current);
      current.clear();
    } else {
      current += line + "\n";
    }
  }
  if (!current.empty()) documents.push_back(current);
  return documents;
}

template <class F>
double median_ms(int repeats, F f) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const double start = cpu_ms();
    f();
    times.push_back(cpu_ms() - start);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: bench_uncanny_valley model|fragment|entropy MODEL VOCAB|REPEATS FILE...\n";
    return 2;
  }
  const std::string what = argv[1];
  std::vector<std::string> documents;
  for (int i = 4; i < argc; ++i) {
    const auto d = fortunes(argv[i]);
    documents.insert(documents.end(), d.begin(), d.end());
  }
  if (what == "model") {
    const auto trained =
        assay::stdlib::BpeTokenizer::train(documents, {.vocab_size = std::stoi(argv[3])});
    std::ofstream(argv[2], std::ios::binary) << trained.model();
    return 0;
  }
  std::ifstream model_file(argv[2], std::ios::binary);
  std::stringstream bytes;
  bytes << model_file.rdbuf();
  const auto tokenizer = std::make_shared<const assay::stdlib::BpeTokenizer>(
      assay::stdlib::BpeTokenizer::from_model(bytes.str()));
  const int repeats = std::stoi(argv[3]);
  std::cout.precision(17);
  if (what == "fragment") {
    std::mt19937_64 rng(1);
    std::int64_t inserted = 0;
    const double ms = median_ms(repeats, [&] {
      for (double p : kRates)
        for (const auto& d : documents)
          inserted += uv::fragment(d, p, uv::Perturbation::random, rng).inserted;
    });
    std::cout << "fragment " << ms << " " << inserted << "\n";
    return 0;
  }
  std::vector<uv::EntropyPoint> curve;
  const double ms = median_ms(repeats, [&] {
    const uv::ExpectedTokenCounts counts(documents, uv::bpe_encoder(tokenizer));
    curve = uv::entropy_curve(counts, kRates, {uv::Perturbation::random}, 2.5);
  });
  std::cout << "entropy " << ms;
  for (const auto& point : curve) std::cout << " " << point.shannon << " " << point.renyi;
  std::cout << "\n";
  return 0;
}
