#include "attribution.hpp"

#include <assay/nn/nn.hpp>
#include <stdexcept>
#include <string>

namespace assay::aigi_artifacts {

namespace {

void check_labels(const Eigen::MatrixXd& x, const std::vector<int>& labels, int classes,
                  const char* what) {
  if (static_cast<std::size_t>(x.rows()) != labels.size())
    throw std::invalid_argument(std::string("attribution: ") + what + " has " +
                                std::to_string(x.rows()) + " rows but " +
                                std::to_string(labels.size()) + " labels");
  for (int y : labels)
    if (y < 0 || y >= classes)
      throw std::invalid_argument(std::string("attribution: ") + what + " label " +
                                  std::to_string(y) + " outside [0, " + std::to_string(classes) +
                                  ")");
}

}  // namespace

Attribution attribute_generators(const Eigen::MatrixXd& fit, const std::vector<int>& fit_labels,
                                 const Eigen::MatrixXd& score, const std::vector<int>& score_labels,
                                 int classes, const AttributionOptions& options) {
  check_labels(fit, fit_labels, classes, "fit set");
  check_labels(score, score_labels, classes, "scoring set");
  // z-scores from the fit set only, so the scoring set stays unseen.
  const Eigen::RowVectorXd mean = fit.colwise().mean();
  const Eigen::RowVectorXd sd =
      ((fit.rowwise() - mean).array().square().colwise().mean().sqrt() + 1e-12).matrix();
  const auto standard = [&](const Eigen::MatrixXd& x) -> nn::Mat<double> {
    return (x.rowwise() - mean).array().rowwise() / sd.array();
  };
  nn::ParameterSet<double> params;
  auto& w = params.add("w", nn::Mat<double>::Zero(classes, fit.cols()));
  auto& b = params.add("b", nn::Mat<double>::Zero(1, classes));
  nn::Adam<double> adam(params, {.lr = options.lr});
  nn::Tape<double> tape;
  const nn::Mat<double> x = standard(fit);
  for (int step = 0; step < options.steps; ++step) {
    tape.clear();
    adam.zero_grad();
    const auto wv = tape.param(w);
    const auto loss =
        nn::cross_entropy(nn::affine(tape.constant(x), wv, tape.param(b)), fit_labels) +
        nn::scale(nn::sum(nn::square(wv)), options.l2);
    tape.backward(loss);
    adam.step();
  }
  const nn::Mat<double> logits = (standard(score) * w.value.transpose()).rowwise() + b.value.row(0);
  Attribution out{0, 1.0 / classes, Eigen::MatrixXi::Zero(classes, classes)};
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    Eigen::Index predicted = 0;
    logits.row(i).maxCoeff(&predicted);
    out.confusion(score_labels[i], predicted) += 1;
  }
  out.accuracy = static_cast<double>(out.confusion.trace()) / static_cast<double>(logits.rows());
  return out;
}

}  // namespace assay::aigi_artifacts
