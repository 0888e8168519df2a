// The tape's bookkeeping: parameters, grad mode, hooks, freezing and determinism.
#include <catch2/catch.hpp>

#include "assay/nn/nn.hpp"

namespace nn = assay::nn;

TEST_CASE("parameters are found by name and unknown names suggest the closest", "[nn]") {
  nn::Rng rng(1);
  nn::ParameterSet params;
  const nn::Mlp mlp(params, "mlp", {3, 4, 2}, nn::Activation::relu, rng);
  REQUIRE(params.size() == 4);
  CHECK(params.count() == 3 * 4 + 4 + 4 * 2 + 2);
  CHECK(params["mlp.1.weight"].value.rows() == 2);
  REQUIRE_THROWS_WITH(params["mlp.1.wieght"], Catch::Contains("did you mean 'mlp.1.weight'"));
  REQUIRE_THROWS_AS(params.add("mlp.0.bias", nn::Matrix::Zero(1, 1)), std::invalid_argument);
}

TEST_CASE("ablating one weight by name and index changes the output as the product says", "[nn]") {
  nn::Rng rng(2);
  nn::ParameterSet<double> params;
  const nn::Linear fc(params, "fc", 3, 2, rng);
  nn::Mat<double> x(1, 3);
  x << 1.0, 2.0, 3.0;
  nn::Tape<double> tape;
  const double before = fc(tape.constant(x)).value()(0, 1);
  const double w = params["fc.weight"].value(1, 2);
  params["fc.weight"].value(1, 2) = 0;
  const double after = fc(tape.constant(x)).value()(0, 1);
  CHECK(before - after == Approx(3.0 * w).epsilon(1e-12));
}

TEST_CASE("no-grad mode records values without gradients", "[nn]") {
  nn::Rng rng(3);
  nn::ParameterSet params;
  const nn::Linear fc(params, "fc", 3, 2, rng);
  nn::Tape tape;
  {
    const nn::NoGradScope no_grad(tape);
    const auto y = fc(tape.constant(nn::Matrix::Ones(4, 3)));
    CHECK_FALSE(y.requires_grad());
    tape.backward(nn::sum(y));
  }
  CHECK(tape.grad_enabled());
  CHECK(params["fc.weight"].grad.isZero());
  const auto y = fc(tape.constant(nn::Matrix::Ones(4, 3)));
  CHECK(y.requires_grad());
  tape.backward(nn::sum(y));
  // d sum(x W^T + b) / dW = column sums of x for every output row: 4.
  CHECK((params["fc.weight"].grad.array() == 4.0f).all());
  CHECK((params["fc.bias"].grad.array() == 4.0f).all());
}

TEST_CASE("a parameter used at several time steps accumulates one gradient", "[nn]") {
  nn::ParameterSet<double> params;
  auto& w = params.add("w", nn::Mat<double>::Constant(1, 1, 3.0));
  nn::Tape<double> tape;
  const auto x = tape.param(w);
  CHECK(tape.param(w).id() == x.id());
  const auto y = nn::mul(nn::mul(x, x), x);  // w^3
  tape.backward(y);
  CHECK(w.grad(0, 0) == Approx(27.0));
  tape.backward(y);  // a second backward adds to the parameter's gradient
  CHECK(w.grad(0, 0) == Approx(54.0));
}

TEST_CASE("frozen parameters get no gradient and no update", "[nn]") {
  nn::Rng rng(4);
  nn::ParameterSet params;
  const nn::Mlp mlp(params, "mlp", {2, 3, 1}, nn::Activation::tanh, rng);
  CHECK(params.freeze("mlp.0") == 2);
  const nn::Matrix frozen_before = params["mlp.0.weight"].value;
  const nn::Matrix trained_before = params["mlp.1.weight"].value;
  nn::Adam opt(params, {.lr = 0.1});
  nn::Tape tape;
  tape.backward(nn::sum(mlp(tape.constant(nn::Matrix::Ones(2, 2)))));
  opt.step();
  CHECK(params["mlp.0.weight"].grad.isZero());
  CHECK(params["mlp.0.weight"].value == frozen_before);
  CHECK(params["mlp.1.weight"].value != trained_before);
}

TEST_CASE("hooks read tapped activations and patches change downstream values", "[nn]") {
  nn::Rng rng(5);
  nn::ParameterSet params;
  const nn::Mlp mlp(params, "mlp", {2, 4, 1}, nn::Activation::relu, rng);
  const nn::Matrix x = nn::Matrix::Ones(3, 2);
  nn::Tape tape;
  nn::Matrix seen;
  tape.set_hook("mlp.hidden0", [&](std::string_view, nn::Matrix& h) { seen = h; });
  const auto y = mlp(tape.constant(x));
  REQUIRE(seen.rows() == 3);
  REQUIRE(seen.cols() == 4);
  CHECK((seen.array() >= 0).all());
  // Zero-ablating the hidden layer leaves only the output bias.
  tape.set_hook("mlp.hidden0", [](std::string_view, nn::Matrix& h) { h.setZero(); });
  const auto patched = mlp(tape.constant(x));
  CHECK((patched.value().array() == params["mlp.1.bias"].value(0, 0)).all());
  CHECK(y.value() != patched.value());
  // Gradients pass straight through a patched point.
  tape.backward(nn::sum(patched));
  CHECK(params["mlp.0.weight"].grad.size() == 8);
  std::vector<std::string> names;
  tape.clear_hooks();
  tape.set_hook_all([&](std::string_view name, nn::Matrix&) { names.emplace_back(name); });
  mlp(tape.constant(x));
  CHECK(names == std::vector<std::string>{"mlp.hidden0"});
}

TEST_CASE("attention probabilities are observable through a hook", "[nn]") {
  nn::Rng rng(6);
  nn::ParameterSet params;
  const nn::MultiHeadAttention attn(params, "attn", 8, 2, rng);
  nn::Tape tape;
  nn::Matrix probs;
  tape.set_hook("attn.probs", [&](std::string_view, nn::Matrix& p) { probs = p; });
  attn(tape.constant(nn::normal_matrix<float>(2 * 5, 8, 1.0f, rng)), 2, nn::causal_mask<float>(5));
  REQUIRE(probs.rows() == 2 * 2 * 5);
  REQUIRE(probs.cols() == 5);
  CHECK((probs.rowwise().sum().array() - 1).abs().maxCoeff() < 1e-5f);
  CHECK(probs(0, 1) == 0.0f);  // causal: the first query sees only itself
}

TEST_CASE("the same seed gives the same weights and the same training trajectory", "[nn]") {
  auto train = [](std::uint64_t seed) {
    nn::Rng rng(seed);
    nn::ParameterSet params;
    const nn::Mlp mlp(params, "mlp", {3, 16, 1}, nn::Activation::gelu, rng);
    nn::Adam opt(params, {.lr = 0.01});
    const nn::Matrix x = nn::normal_matrix<float>(32, 3, 1.0f, rng);
    const nn::Matrix y = nn::normal_matrix<float>(32, 1, 1.0f, rng);
    std::vector<float> losses;
    nn::Tape tape;
    for (int step = 0; step < 20; ++step) {
      tape.clear();
      opt.zero_grad();
      const auto loss = nn::mse(nn::dropout(mlp(tape.constant(x)), 0.1f, rng), y);
      tape.backward(loss);
      opt.step();
      losses.push_back(loss.item());
    }
    return std::make_pair(losses, params.snapshot());
  };
  const auto a = train(11), b = train(11), c = train(12);
  CHECK(a.first == b.first);
  CHECK(a.second == b.second);
  CHECK(a.first != c.first);
}

TEST_CASE("float and double tapes agree to float precision", "[nn]") {
  nn::Rng rng_f(9), rng_d(9);
  nn::ParameterSet<float> pf;
  nn::ParameterSet<double> pd;
  const nn::TransformerBlock<float> bf(pf, "b", 8, 2, 16, rng_f);
  const nn::TransformerBlock<double> bd(pd, "b", 8, 2, 16, rng_d);
  nn::Rng data(10);
  const nn::Mat<double> x = nn::normal_matrix<double>(12, 8, 1.0, data);
  nn::Tape<float> tf;
  nn::Tape<double> td;
  const auto yf = bf(tf.constant(x.cast<float>()), 3, nn::causal_mask<float>(4));
  const auto yd = bd(td.constant(x), 3, nn::causal_mask<double>(4));
  tf.backward(nn::sum(nn::square(yf)));
  td.backward(nn::sum(nn::square(yd)));
  // A few dozen float roundings on O(1) values: relative error ~ sqrt(n) * 6e-8 ~ 1e-6.
  CHECK((yf.value().cast<double>() - yd.value()).cwiseAbs().maxCoeff() < 1e-4);
  for (std::size_t i = 0; i < pf.size(); ++i) {
    INFO(pf.at(i).name);
    const double scale = 1 + pd.at(i).grad.cwiseAbs().maxCoeff();
    CHECK((pf.at(i).grad.cast<double>() - pd.at(i).grad).cwiseAbs().maxCoeff() < 1e-4 * scale);
  }
}
