// Finite-difference gradient checks in double precision.
//
// The checked scalar is L = sum(out * R) for a fixed random R, so every output entry's
// gradient matters. Central differences with step h have truncation error O(h^2 |f'''|) ~ 1e-12
// and rounding error ~ eps |L| / h ~ 1e-9 for |L| ~ 10 at h = 1e-6; the tolerance 1e-6 (relative
// to 1 + |g|) sits well above both and far below the O(1) error of a wrong formula.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "assay/nn/nn.hpp"

namespace assay::nn::testing {

using MatD = Mat<double>;
using Build = std::function<Var<double>(Tape<double>&, const std::vector<Var<double>>&)>;

inline constexpr double kStep = 1e-6;
inline constexpr double kTolerance = 1e-6;

struct GradientError {
  double max_error = 0;  // max |analytic - numeric| / (1 + |numeric|)
  std::string where;     // which input or parameter, and the entry
};

class GradientChecker {
 public:
  GradientChecker(ParameterSet<double>& params, std::vector<MatD> inputs, Build build,
                  std::uint64_t seed = 7)
      : params_(params), inputs_(std::move(inputs)), build_(std::move(build)) {
    Tape<double> tape;
    const MatD out = forward(tape).value();
    Rng rng(seed);
    projection_ = normal_matrix<double>(out.rows(), out.cols(), 1.0, rng);
  }

  GradientError run() {
    std::vector<MatD> input_grads;
    {
      Tape<double> tape;
      params_.zero_grad();
      std::vector<Var<double>> leaves;
      const Var<double> loss = loss_of(tape, &leaves);
      tape.backward(loss);
      for (auto& v : leaves) {
        input_grads.push_back(v.grad().size() ? v.grad() : MatD::Zero(v.rows(), v.cols()));
      }
    }
    GradientError worst;
    for (std::size_t i = 0; i < inputs_.size(); ++i) {
      compare(inputs_[i], input_grads[i], "input " + std::to_string(i), worst);
    }
    for (std::size_t i = 0; i < params_.size(); ++i) {
      Parameter<double>& p = params_.at(i);
      if (p.frozen) continue;
      const MatD analytic = p.grad;
      compare(p.value, analytic, p.name, worst);
    }
    return worst;
  }

 private:
  Var<double> forward(Tape<double>& tape, std::vector<Var<double>>* leaves = nullptr) {
    std::vector<Var<double>> vars;
    for (const auto& x : inputs_) vars.push_back(tape.variable(x));
    if (leaves) *leaves = vars;
    return build_(tape, vars);
  }

  Var<double> loss_of(Tape<double>& tape, std::vector<Var<double>>* leaves = nullptr) {
    const Var<double> out = forward(tape, leaves);
    return sum(mul(out, tape.constant(projection_)));
  }

  double loss_value() {
    Tape<double> tape;
    return loss_of(tape).item();
  }

  void compare(MatD& x, const MatD& analytic, const std::string& name, GradientError& worst) {
    for (Index j = 0; j < x.size(); ++j) {
      const double saved = x.data()[j];
      x.data()[j] = saved + kStep;
      const double up = loss_value();
      x.data()[j] = saved - kStep;
      const double down = loss_value();
      x.data()[j] = saved;
      const double numeric = (up - down) / (2 * kStep);
      const double error = std::abs(analytic.data()[j] - numeric) / (1 + std::abs(numeric));
      if (error > worst.max_error || std::isnan(error)) {
        worst.max_error = std::isnan(error) ? INFINITY : error;
        worst.where = name + "[" + std::to_string(j) + "]: analytic " +
                      std::to_string(analytic.data()[j]) + " numeric " + std::to_string(numeric);
      }
    }
  }

  ParameterSet<double>& params_;
  std::vector<MatD> inputs_;
  Build build_;
  MatD projection_;
};

inline GradientError check_gradients(std::vector<MatD> inputs, Build build) {
  ParameterSet<double> none;
  return GradientChecker(none, std::move(inputs), std::move(build)).run();
}

inline GradientError check_gradients(ParameterSet<double>& params, std::vector<MatD> inputs,
                                     Build build) {
  return GradientChecker(params, std::move(inputs), std::move(build)).run();
}

// Random entries kept at least `gap` away from 0, where kinks (relu, |x|) sit.
inline MatD away_from_zero(Index rows, Index cols, Rng& rng, double gap = 0.1) {
  MatD m = normal_matrix<double>(rows, cols, 1.0, rng);
  return (m.array().sign() * (m.array().abs() + gap)).matrix();
}

}  // namespace assay::nn::testing
