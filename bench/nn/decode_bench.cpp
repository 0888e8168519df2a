// Greedy decoding speed of nn::Gpt with the key/value cache (nn::decode) and without it
// (nn::decode_uncached, a full forward pass over the window per token), single thread.
// Prints one line per case: "<case> <cached tokens/s> <uncached tokens/s>", where a case
// p<prompt>_n<new>_b<batch> decodes `batch` prompts of `prompt` random tokens by `new` tokens;
// with a third argument "cached" or "uncached", one path only (for timing whole processes).
// decode_compare.py runs this and the PyTorch peer (decode_peer.py) and reports the ratios.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "assay/nn/nn.hpp"

namespace nn = assay::nn;

namespace {

struct Case {
  int prompt, fresh, batch;
};

// The lm_train defaults at L4 d128: LayerNorm, GELU MLP (hidden 512), biases, learned positions,
// untied head; 4 heads, context 256, vocab 96.
nn::GptConfig model_config() {
  return {.vocab = 96, .context = 256, .dim = 128, .heads = 4, .layers = 4};
}

// Median over `repeats` of the CPU time of one call, after one warm-up call. CPU time, not wall
// time, because the machine is shared; both sides run one thread.
template <class F>
double median_ms(const F& call, int repeats) {
  call();
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const std::clock_t start = std::clock();
    call();
    times.push_back(1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::nth_element(times.begin(), times.begin() + repeats / 2, times.end());
  return times[static_cast<std::size_t>(repeats / 2)];
}

template <class Decode>
double tokens_per_second(const nn::Gpt<float>& gpt, const Case& c, Decode decode, int repeats) {
  nn::Rng rng(7);
  std::vector<std::vector<int>> prompts(static_cast<std::size_t>(c.batch));
  for (auto& p : prompts)
    for (int i = 0; i < c.prompt; ++i) p.push_back(static_cast<int>(rng() % 96));
  const nn::DecodeOptions options{.new_tokens = c.fresh, .greedy = true};
  const double ms = median_ms(
      [&] {
        nn::Rng unused(0);
        decode(gpt, prompts, options, unused);
      },
      repeats);
  return 1000.0 * c.batch * c.fresh / ms;
}

}  // namespace

int main(int argc, char** argv) {
  // Optional: repeats per measurement (default 3), one case to run (default: all) and one path.
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  const std::string only = argc > 2 ? argv[2] : "";
  const std::string path = argc > 3 ? argv[3] : "";
  nn::Rng rng(1);
  nn::ParameterSet<float> params;
  const nn::Gpt<float> gpt(params, model_config(), rng);
  // Up to the context (256), one sequence and four; the last crosses it after 64 tokens.
  const Case cases[] = {{8, 32, 4}, {32, 96, 4}, {64, 192, 4}, {16, 240, 1}, {192, 128, 4}};
  for (const Case& c : cases) {
    const std::string name = "p" + std::to_string(c.prompt) + "_n" + std::to_string(c.fresh) +
                             "_b" + std::to_string(c.batch);
    if (!only.empty() && only != name) continue;
    if (path == "cached" || path == "uncached") {
      const auto decode = path == "cached" ? nn::decode<float> : nn::decode_uncached<float>;
      std::printf("%s %s %.1f\n", name.c_str(), path.c_str(),
                  tokens_per_second(gpt, c, decode, repeats));
      continue;
    }
    const double cached = tokens_per_second(gpt, c, nn::decode<float>, repeats);
    const double uncached = tokens_per_second(gpt, c, nn::decode_uncached<float>, repeats);
    std::printf("%s %.1f %.1f\n", name.c_str(), cached, uncached);
    std::fflush(stdout);
  }
  return 0;
}
