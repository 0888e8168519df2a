// Times one training step (forward, backward, clipping, AdamW) of an arm of the character LM, on
// random characters. Compared with the same model in PyTorch by compare.py.
//   bench_state_prediction ARM LAYERS DIM HEADS CONTEXT BATCH VOCAB REPEATS
// Prints "cpu_ms <median over repeats of the mean of 10 steps>" and the first step's loss [nats]
// (both sides start near ln VOCAB).
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "lm_training.hpp"

namespace sp = assay::state_prediction;
namespace nn = assay::nn;

namespace {

double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

sp::Arm arm_of(const std::string& name) {
  for (sp::Arm a : {sp::Arm::standard, sp::Arm::separated, sp::Arm::pause})
    if (sp::arm_name(a) == name) return a;
  throw std::invalid_argument("arm: " + name + " is not standard, separated or pause");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 9) {
    std::fprintf(
        stderr, "usage: bench_state_prediction ARM LAYERS DIM HEADS CONTEXT BATCH VOCAB REPEATS\n");
    return 2;
  }
  const sp::ModelSize size{std::stol(argv[2]), std::stol(argv[3]), std::stol(argv[4]),
                           std::stol(argv[5])};
  const nn::Index batch = std::stol(argv[6]), vocab = std::stol(argv[7]);
  const int repeats = std::stoi(argv[8]), steps = 10;
  nn::Rng rng(1);
  sp::InterleavedLm model(arm_of(argv[1]), size, vocab, rng);
  std::vector<int> text(100000);
  for (int& c : text) c = static_cast<int>(rng() % static_cast<std::uint64_t>(vocab));
  const nn::TokenBatches batches(text, size.window, batch, 2);
  const long total = static_cast<long>(repeats) * steps + 1;
  sp::Trainer trainer(model, {.steps = total, .batch = batch, .lr = 1e-3, .warmup = 0});
  const double first_loss = trainer.step(1, batches.random(1));
  std::vector<double> times;
  long s = 1;
  for (int r = 0; r < repeats; ++r) {
    const double t0 = cpu_ms();
    for (int k = 0; k < steps; ++k) trainer.step(++s, batches.random(s));
    times.push_back((cpu_ms() - t0) / steps);
  }
  std::sort(times.begin(), times.end());
  std::printf("cpu_ms %.4f\nfirst_loss %.6f\n", times[times.size() / 2], first_loss);
  return 0;
}
