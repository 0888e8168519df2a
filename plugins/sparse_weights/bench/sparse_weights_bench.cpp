// Times the two costs that dominate the sparse_weights pipelines: a training step of the sparse
// model (forward, backward, RMS gradient scaling, Adam, top-k projection of every matrix) and
// the importance screen (one forward and CONTEXT backward passes per window). Compared with
// PyTorch by compare.py.
//   bench_sparse_weights train DIM LAYERS CONTEXT BATCH REPEATS
//   bench_sparse_weights screen DIM LAYERS CONTEXT WINDOWS REPEATS
// Prints "cpu_ms <median over repeats>" (train: per step; screen: per window).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "weight_importance.hpp"

namespace sw = assay::sparse_weights;
namespace nn = assay::nn;

namespace {

double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Random printable bytes: the cost of a step does not depend on the text.
sw::CodeCorpus random_corpus(std::size_t bytes, nn::Rng& rng) {
  std::string text(bytes, ' ');
  std::uniform_int_distribution<int> printable(32, 126);
  for (auto& c : text) c = static_cast<char>(printable(rng));
  return sw::code_corpus({text});
}

sw::ShapeOptions shape(int dim, int layers, int context) {
  return {.dim = dim, .layers = layers, .head_size = 16, .context = context};
}

int train_bench(int dim, int layers, int context, int batch, int repeats) {
  nn::Rng rng(1);
  const auto corpus = random_corpus(200000, rng);
  // Annealed at once, so every step projects to the 1/16 target.
  const sw::SparsityOptions sparsity{.nonzero_fraction = 1.0 / 16, .anneal_fraction = 0};
  std::vector<double> times;
  constexpr int kSteps = 10;
  for (int r = 0; r < repeats; ++r) {
    const double t0 = cpu_ms();
    sw::train_sparse_transformer(sw::ModelKind::sparse, shape(dim, layers, context), sparsity,
                                 {.steps = kSteps, .batch = batch, .eval_windows = 1}, corpus,
                                 corpus, rng, 1);
    times.push_back((cpu_ms() - t0) / kSteps);
  }
  std::printf("cpu_ms %.4f\n", median(times));
  return 0;
}

int screen_bench(int dim, int layers, int context, int windows, int repeats) {
  nn::Rng rng(2);
  const auto corpus = random_corpus(100000, rng);
  const auto w = sw::spread_windows(corpus, windows, context);
  auto net = sw::build_network(
      sw::model_config(sw::ModelKind::dense, shape(dim, layers, context), 1), 0.25, rng);
  const auto sampled = sw::sample_weights(sw::circuit_weights(*net), 256, rng);
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const double t0 = cpu_ms();
    sw::screen_importance(*net, w, sampled);
    times.push_back((cpu_ms() - t0) / windows);
  }
  std::printf("cpu_ms %.4f\n", median(times));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (argc == 7 && (what == "train" || what == "screen")) {
    int a[5];
    for (int i = 0; i < 5; ++i) a[i] = std::atoi(argv[i + 2]);
    return what == "train" ? train_bench(a[0], a[1], a[2], a[3], a[4])
                           : screen_bench(a[0], a[1], a[2], a[3], a[4]);
  }
  std::fprintf(stderr,
               "usage: bench_sparse_weights train|screen DIM LAYERS CONTEXT BATCH|WINDOWS "
               "REPEATS\n");
  return 2;
}
