#include "variational_family.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace assay::lowrank_collapse {
namespace {

// log N(z; 0, I) per row: a constant of the parameters, kept so that log q is normalised.
nn::Mat<float> base_log_density(const nn::Mat<float>& z) {
  const float log_norm = -0.5f * z.cols() * std::log(2 * std::numbers::pi_v<float>);
  return ((-0.5f * z.rowwise().squaredNorm()).array() + log_norm).matrix();
}

class CouplingFlow final : public VariationalFamily {
 public:
  CouplingFlow(int dim, const CouplingShape& shape, std::uint64_t seed) : dim_(dim) {
    if (dim < 2) throw std::invalid_argument("coupling flow: needs dim >= 2");
    nn::Rng rng(seed);
    for (int l = 0; l < shape.layers; ++l) {
      const auto [kept, moved] = halves(l);
      std::vector<nn::Index> widths{kept.count};
      for (int h = 0; h < shape.depth; ++h) widths.push_back(shape.width);
      widths.push_back(2 * moved.count);
      conditioners_.emplace_back(params_, "coupling" + std::to_string(l), widths, shape.activation,
                                 rng);
    }
    for (auto* w : weights()) w->value *= static_cast<float>(shape.init_scale);
  }

  FlowDraw draw(nn::Tape<float>& tape, const nn::Mat<float>& z) const override {
    nn::Var<float> x = tape.constant(z);
    nn::Var<float> log_q = tape.constant(base_log_density(z));
    for (std::size_t l = 0; l < conditioners_.size(); ++l) {
      const auto [kept, moved] = halves(static_cast<int>(l));
      const auto xa = nn::slice_cols(x, kept.start, kept.count);
      const auto xb = nn::slice_cols(x, moved.start, moved.count);
      const auto st = conditioners_[l](xa);
      const auto log_scale = nn::tanh(nn::slice_cols(st, 0, moved.count));
      const auto shift = nn::slice_cols(st, moved.count, moved.count);
      const auto yb = nn::mul(xb, nn::exp(log_scale)) + shift;
      x = kept.start == 0 ? nn::concat_cols<float>({xa, yb}) : nn::concat_cols<float>({yb, xa});
      log_q = log_q - nn::row_sums(log_scale);
    }
    return {x, log_q};
  }

  nn::ParameterSet<float>& params() override { return params_; }

  std::vector<nn::Parameter<float>*> weights() const override {
    std::vector<nn::Parameter<float>*> w;
    for (const auto& c : conditioners_)
      for (const auto& layer : c.layers()) w.push_back(&layer.weight());
    return w;
  }

 private:
  struct Block {
    nn::Index start, count;
  };
  // Even layers keep the first half and move the second; odd layers the reverse.
  std::pair<Block, Block> halves(int layer) const {
    const nn::Index first = dim_ / 2, second = dim_ - first;
    const Block a{0, first}, b{first, second};
    return layer % 2 == 0 ? std::pair{a, b} : std::pair{b, a};
  }

  int dim_;
  nn::ParameterSet<float> params_;
  std::vector<nn::Mlp<float>> conditioners_;
};

class DiagonalGaussian final : public VariationalFamily {
 public:
  explicit DiagonalGaussian(int dim)
      : mean_(params_.add("mean", nn::Mat<float>::Zero(1, dim))),
        log_sd_(params_.add("log_sd", nn::Mat<float>::Zero(1, dim))) {}

  FlowDraw draw(nn::Tape<float>& tape, const nn::Mat<float>& z) const override {
    const auto log_sd = tape.param(log_sd_);
    const auto x = nn::mul(tape.constant(z), nn::exp(log_sd)) + tape.param(mean_);
    const auto log_q = tape.constant(base_log_density(z)) - nn::sum(log_sd);
    return {x, log_q};
  }

  nn::ParameterSet<float>& params() override { return params_; }
  std::vector<nn::Parameter<float>*> weights() const override { return {}; }

 private:
  nn::ParameterSet<float> params_;
  nn::Parameter<float>& mean_;
  nn::Parameter<float>& log_sd_;
};

}  // namespace

std::unique_ptr<VariationalFamily> coupling_flow(int dim, const CouplingShape& shape,
                                                 std::uint64_t seed) {
  return std::make_unique<CouplingFlow>(dim, shape, seed);
}

std::unique_ptr<VariationalFamily> diagonal_gaussian(int dim) {
  return std::make_unique<DiagonalGaussian>(dim);
}

}  // namespace assay::lowrank_collapse
