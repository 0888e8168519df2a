// Batching, the step loop, parameter groups, gradient scaling, resumable optimiser state,
// decoding and scoring.
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

#include "assay/nn/nn.hpp"

namespace nn = assay::nn;
using MatD = nn::Mat<double>;

namespace {

std::vector<int> counting_tokens(int n, int vocab) {
  std::vector<int> t(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) t[static_cast<std::size_t>(i)] = (i * 7 + i / 5) % vocab;
  return t;
}

nn::GptConfig small_config() {
  return {.vocab = 11, .context = 8, .dim = 16, .heads = 2, .layers = 2, .hidden = 32};
}

// Trains `steps` steps from first_step on; the optimiser and batcher carry all state.
nn::LossTable train(const nn::Gpt<double>& gpt, nn::Adam<double>& opt,
                    const nn::TokenBatches& batches, long first_step, long steps) {
  nn::Tape<double> tape;
  return nn::train_loop({.first_step = first_step, .steps = steps, .eval_every = 2}, [&](long s) {
    const nn::TokenBatch b = batches.random(s);
    tape.clear();
    opt.zero_grad();
    const auto loss = gpt.loss(tape, b.inputs, b.targets, batches.batch());
    tape.backward(loss);
    opt.step();
    return loss.item();
  });
}

}  // namespace

TEST_CASE("token batches are windows of the array, fixed by seed and step", "[nn][training]") {
  const std::vector<int> tokens = counting_tokens(100, 13);
  const nn::TokenBatches a(tokens, 8, 4, 42), b(tokens, 8, 4, 42), c(tokens, 8, 4, 43);
  const nn::TokenBatch first = a.random(5);
  CHECK(first.inputs == b.random(5).inputs);
  CHECK(first.inputs != a.random(6).inputs);
  CHECK(first.inputs != c.random(5).inputs);
  REQUIRE(first.inputs.size() == 32);
  for (std::size_t w = 0; w < 4; ++w) {
    // Each window is a contiguous run of the array, targets one token ahead.
    const auto start = std::search(tokens.begin(), tokens.end(), first.inputs.begin() + 8 * w,
                                   first.inputs.begin() + 8 * w + 8);
    REQUIRE(start != tokens.end());
    CHECK(std::equal(first.targets.begin() + 8 * w, first.targets.begin() + 8 * w + 8, start + 1));
  }
  CHECK(a.windows() == 12);  // (100 - 1) / 8
  const nn::TokenBatch eval = a.contiguous(0);
  CHECK(std::equal(eval.inputs.begin(), eval.inputs.end(), tokens.begin()));
  REQUIRE_THROWS_AS(nn::TokenBatches(counting_tokens(8, 3), 8, 1, 0), std::invalid_argument);
}

TEST_CASE("the step loop writes a row every N steps and after the last", "[nn][training]") {
  std::vector<long> seen;
  int evaluations = 0;
  const nn::LossTable t = nn::train_loop(
      {.first_step = 10, .steps = 7, .eval_every = 3},
      [&](long s) {
        seen.push_back(s);
        return static_cast<double>(s);
      },
      [&] { return 100.0 + evaluations++; });
  CHECK(seen == std::vector<long>{11, 12, 13, 14, 15, 16, 17});
  CHECK(t.step == std::vector<long>{12, 15, 17});
  CHECK(t.train_loss == std::vector<double>{11.5, 14, 16.5});
  CHECK(t.eval_loss == std::vector<double>{100, 101, 102});
  CHECK(std::isnan(nn::train_loop({.steps = 1}, [](long) { return 0.0; }).eval_loss[0]));
}

TEST_CASE("AdamW groups decay matrices only and scale learning rates", "[nn][training]") {
  nn::ParameterSet<double> params;
  auto& w = params.add("w", MatD::Constant(2, 3, 2.0));
  auto& b = params.add("b", MatD::Constant(1, 3, 2.0));
  nn::Adam<double> opt(params, {.lr = 0.1, .weight_decay = 0.5});
  opt.set_groups(nn::decay_matrices_only<double>(0.5));
  opt.step();  // zero gradients: only the decay acts
  CHECK((w.value.array() == 2.0 * (1 - 0.1 * 0.5)).all());
  CHECK((b.value.array() == 2.0).all());
  // A group's lr_scale multiplies its step: Adam's first step moves each entry by lr * sign(g).
  nn::ParameterSet<double> two;
  auto& fast = two.add("fast", MatD::Zero(1, 2));
  auto& slow = two.add("slow", MatD::Zero(1, 2));
  nn::Adam<double> adam(two, {.lr = 0.01});
  adam.set_groups([](const nn::Parameter<double>& p) {
    return nn::ParameterGroup{p.name == "fast" ? 3.0 : 1.0, 0};
  });
  fast.grad.setConstant(1);
  slow.grad.setConstant(1);
  adam.step();
  CHECK(fast.value(0, 0) == Approx(-0.03).epsilon(1e-6));
  CHECK(slow.value(0, 0) == Approx(-0.01).epsilon(1e-6));
}

TEST_CASE("gradient scaling by the global RMS sets it to the target", "[nn][training]") {
  nn::ParameterSet<double> params;
  params.add("a", MatD::Zero(2, 2)).grad << 1, 2, 3, 4;
  params.add("b", MatD::Zero(1, 2)).grad << 5, 6;
  auto& frozen = params.add("c", MatD::Zero(1, 1));
  frozen.grad(0, 0) = 100;
  frozen.frozen = true;
  const double rms = nn::scale_grad_by_rms(params, 2.0);
  CHECK(rms == Approx(std::sqrt(91.0 / 6)).epsilon(1e-14));
  double total = 0;
  for (auto* n : {"a", "b"}) total += params[n].grad.squaredNorm();
  CHECK(std::sqrt(total / 6) == Approx(2.0).epsilon(1e-14));
  CHECK(frozen.grad(0, 0) == 100);
}

TEST_CASE("training 2 x N steps with the state handed over equals 2N steps in one run",
          "[nn][training]") {
  const nn::TokenBatches batches(counting_tokens(400, 11), 8, 3, 7);
  const auto groups = nn::decay_matrices_only<double>(0.1);
  nn::Rng rng(1);
  nn::ParameterSet<double> one;
  const nn::Gpt<double> whole(one, small_config(), rng);
  nn::Adam<double> opt_whole(one, {.lr = 3e-3});
  opt_whole.set_groups(groups);
  const nn::LossTable single = train(whole, opt_whole, batches, 0, 8);

  nn::Rng rng_a(1), rng_b(99);  // the second half starts from another initialisation
  nn::ParameterSet<double> first_params, second_params;
  const nn::Gpt<double> first(first_params, small_config(), rng_a);
  const nn::Gpt<double> second(second_params, small_config(), rng_b);
  nn::Adam<double> opt_first(first_params, {.lr = 3e-3}), opt_second(second_params, {.lr = 3e-3});
  opt_first.set_groups(groups);
  opt_second.set_groups(groups);
  const nn::LossTable part1 = train(first, opt_first, batches, 0, 4);
  nn::import_arrays(second_params, nn::export_arrays(first_params));
  opt_second.load_state(opt_first.state());
  const nn::LossTable part2 = train(second, opt_second, batches, 4, 4);

  CHECK(part1.step == std::vector<long>{2, 4});
  CHECK(part2.step == std::vector<long>{6, 8});
  for (std::size_t i = 0; i < one.size(); ++i) {
    INFO(one.at(i).name);
    CHECK(one.at(i).value == second_params.at(i).value);  // bit-exact
  }
  CHECK(single.train_loss[3] == part2.train_loss[1]);
  CHECK(single.train_loss.back() < single.train_loss.front());
}

TEST_CASE("greedy decoding picks the arg-max and reports the model's log-probabilities",
          "[nn][generation]") {
  nn::Rng rng(2);
  nn::ParameterSet<double> params;
  const nn::Gpt<double> gpt(params, small_config(), rng);
  for (std::size_t i = 0; i < params.size(); ++i) {
    auto& v = params.at(i).value;
    v += nn::normal_matrix<double>(v.rows(), v.cols(), 0.5, rng);
  }
  const std::vector<std::vector<int>> prompts = {{1, 2, 3}, {4, 4, 0}};
  nn::Rng unused(0);
  // 8 new tokens: the sequences outgrow the context of 8, so the window slides.
  const nn::Decoded d = nn::decode(gpt, prompts, {.new_tokens = 8, .greedy = true}, unused);
  for (std::size_t b = 0; b < prompts.size(); ++b) {
    REQUIRE(d.tokens[b].size() == 8);
    std::vector<int> seq = prompts[b];
    for (std::size_t j = 0; j < 8; ++j) {
      std::vector<int> window(seq.end() - std::min<std::ptrdiff_t>(seq.size(), 8), seq.end());
      nn::Tape<double> tape;
      const MatD logits = gpt.logits(tape, window, 1).value();
      nn::Index best = 0;
      logits.row(logits.rows() - 1).maxCoeff(&best);
      CHECK(d.tokens[b][j] == best);
      seq.push_back(d.tokens[b][j]);
    }
    // Within the context, the decoded log-probabilities are the scores of the continuation.
    const std::vector<int> head(d.tokens[b].begin(), d.tokens[b].begin() + 5);
    const auto scores = nn::score_continuations(gpt, {prompts[b]}, {head});
    for (std::size_t j = 0; j < 5; ++j) {
      CHECK(scores[0][j] == Approx(d.model_logprobs[b][j]).epsilon(1e-12));
    }
  }
}

TEST_CASE("sampling follows the model's distribution, tempered and cut to top-k",
          "[nn][generation]") {
  nn::Rng rng(3);
  nn::ParameterSet<double> params;
  const nn::Gpt<double> gpt(params, small_config(), rng);
  for (std::size_t i = 0; i < params.size(); ++i) {
    auto& v = params.at(i).value;
    v += nn::normal_matrix<double>(v.rows(), v.cols(), 0.5, rng);
  }
  const int draws = 2000;
  const std::vector<std::vector<int>> prompts(draws, std::vector<int>{3, 1});
  const auto p = nn::score_continuations(gpt, {{3, 1}}, {std::vector<int>()});
  // Model probabilities of the next token, from the scores of each single-token continuation.
  std::vector<double> prob(11);
  for (int v = 0; v < 11; ++v)
    prob[v] = std::exp(nn::score_continuations(gpt, {{3, 1}}, {{v}})[0][0]);
  CHECK(std::accumulate(prob.begin(), prob.end(), 0.0) == Approx(1).epsilon(1e-12));
  nn::Rng sampler(4);
  const nn::Decoded d = nn::decode(gpt, prompts, {.new_tokens = 1}, sampler);
  std::vector<int> counts(11);
  for (const auto& t : d.tokens) ++counts[static_cast<std::size_t>(t[0])];
  for (int v = 0; v < 11; ++v) {
    // Binomial counts: 5 standard errors (plus 1 for the discreteness) bounds the deviation.
    const double se = std::sqrt(draws * prob[v] * (1 - prob[v]));
    CHECK(std::abs(counts[v] - draws * prob[v]) <= 5 * se + 1);
  }
  CHECK(d.model_logprobs[0][0] == Approx(std::log(prob[d.tokens[0][0]])).epsilon(1e-12));
  CHECK(d.sample_logprobs[0][0] == Approx(d.model_logprobs[0][0]).epsilon(1e-12));
  // Top-2 at temperature 0.5: only the two most probable tokens appear, and the reported
  // sample log-probability is that of the renormalised, tempered pair.
  std::vector<int> order(11);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return prob[a] > prob[b]; });
  nn::Rng sampler2(5);
  const nn::Decoded top =
      nn::decode(gpt, prompts, {.new_tokens = 1, .temperature = 0.5, .top_k = 2}, sampler2);
  const double w0 = std::pow(prob[order[0]], 2), w1 = std::pow(prob[order[1]], 2);
  for (std::size_t i = 0; i < top.tokens.size(); ++i) {
    const int t = top.tokens[i][0];
    REQUIRE((t == order[0] || t == order[1]));
    CHECK(top.sample_logprobs[i][0] ==
          Approx(std::log((t == order[0] ? w0 : w1) / (w0 + w1))).epsilon(1e-9));
  }
  // The same seed gives the same samples.
  nn::Rng again(4);
  CHECK(nn::decode(gpt, prompts, {.new_tokens = 1}, again).tokens == d.tokens);
  CHECK(p[0].empty());
}
