// Variational families q for reverse-KL inference: a RealNVP-style affine coupling flow and a
// diagonal Gaussian baseline. Both push base draws z ~ N(0, I) to x = f(z) on a tape and give
// log q(x) = log N(z) - log|det df/dz| per row.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "assay/nn/nn.hpp"

namespace assay::lowrank_collapse {

struct FlowDraw {
  nn::Var<float> x;      // n x dim
  nn::Var<float> log_q;  // n x 1
};

class VariationalFamily {
 public:
  virtual ~VariationalFamily() = default;
  virtual FlowDraw draw(nn::Tape<float>& tape, const nn::Mat<float>& z) const = 0;
  virtual nn::ParameterSet<float>& params() = 0;
  // The weight matrices whose spectra the rank logs follow (none for the Gaussian family).
  virtual std::vector<nn::Parameter<float>*> weights() const = 0;
};

struct CouplingShape {
  int layers = 6;  // coupling layers, alternating which half of the coordinates they move
  int width = 64;  // hidden units of each conditioner MLP
  int depth = 2;   // hidden layers of each conditioner
  nn::Activation activation = nn::Activation::silu;
  double init_scale = 1;  // multiplies the conditioners' initial weights
};

// Layer l keeps one half of the coordinates (a) and moves the other (b):
//   x_b <- x_b * exp(tanh(s(x_a))) + t(x_a),
// with (s, t) one MLP of x_a; the tanh bounds each log-scale in (-1, 1).
std::unique_ptr<VariationalFamily> coupling_flow(int dim, const CouplingShape& shape,
                                                 std::uint64_t seed);
// x = mu + exp(log_sigma) * z with mu = 0, log_sigma = 0 at the start.
std::unique_ptr<VariationalFamily> diagonal_gaussian(int dim);

}  // namespace assay::lowrank_collapse
