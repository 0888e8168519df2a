// The feature_dynamics training loop with all its measurements (FEQ error, Target Linearity,
// effective rank per layer and logged step; loss and accuracy), timed in CPU time. The problem
// (data and initial weights) comes from a file written by peer.py, so that both sides train
// the same network from the same start. See README.md.
//
// Usage: bench_feature_learning PROBLEM.txt [REPEATS]
// Prints "cpu_ms <median over repeats of one training run>", then the recorded series.
#include <algorithm>
#include <ctime>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "feature_dynamics.hpp"

namespace fl = assay::feature_learning;

namespace {

struct Problem {
  fl::NetworkShape shape;
  fl::TrainingOptions options;
  Eigen::MatrixXd x;
  std::vector<int> y;
  std::vector<Eigen::MatrixXd> weights;  // per layer, out x in
  std::vector<Eigen::VectorXd> biases;
};

Eigen::MatrixXd read_matrix(std::istream& in, Eigen::Index rows, Eigen::Index cols) {
  Eigen::MatrixXd m(rows, cols);
  for (Eigen::Index i = 0; i < rows; ++i)
    for (Eigen::Index j = 0; j < cols; ++j) in >> m(i, j);
  return m;
}

// Format (whitespace separated): n dim classes depth width steps log_interval lr, then x
// (n x dim, row-major), y (n), then per layer its weight (out x in) and bias (out).
Problem read_problem(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open; write it with peer.py problem");
  int n = 0;
  Problem p;
  in >> n >> p.shape.input_dim >> p.shape.classes >> p.shape.depth >> p.shape.width >>
      p.options.epochs >> p.options.log_interval >> p.options.lr;
  p.x = read_matrix(in, n, p.shape.input_dim);
  p.y.resize(n);
  for (int& label : p.y) in >> label;
  for (int l = 0; l <= p.shape.depth; ++l) {
    const int rows = l == p.shape.depth ? p.shape.classes : p.shape.width;
    const int cols = l == 0 ? p.shape.input_dim : p.shape.width;
    p.weights.push_back(read_matrix(in, rows, cols));
    p.biases.push_back(read_matrix(in, rows, 1));
  }
  if (!in) throw std::runtime_error(path + ": truncated problem file");
  return p;
}

fl::Dynamics train(const Problem& p) {
  assay::nn::Rng rng(0);
  fl::FeatureNetwork net(p.shape, rng);
  for (int l = 0; l < net.layer_count(); ++l) {
    net.weight(l).value = p.weights[l];
    net.bias(l).value = p.biases[l].transpose();
  }
  return fl::train_feature_dynamics(net, p.x, p.y, p.shape.classes, p.options);
}

void print_series(const std::string& name, const Eigen::MatrixXd& m) {
  for (Eigen::Index l = 0; l < m.rows(); ++l) {
    std::cout << name << ' ' << l;
    for (Eigen::Index s = 0; s < m.cols(); ++s) std::cout << ' ' << m(l, s);
    std::cout << '\n';
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: bench_feature_learning PROBLEM.txt [REPEATS]\n";
    return 2;
  }
  const Problem problem = read_problem(argv[1]);
  const int repeats = argc > 2 ? std::stoi(argv[2]) : 5;
  std::vector<double> ms;
  fl::Dynamics d;
  for (int r = 0; r < repeats; ++r) {
    const std::clock_t start = std::clock();
    d = train(problem);
    ms.push_back(1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(ms.begin(), ms.end());
  std::cout.precision(17);
  std::cout << "cpu_ms " << ms[ms.size() / 2] << '\n';
  const auto row = [](const std::vector<double>& v) {
    return Eigen::Map<const Eigen::RowVectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
  };
  print_series("loss", row(d.loss));
  print_series("accuracy", row(d.accuracy));
  print_series("feq_error", d.feq_error);
  print_series("target_linearity", d.target_linearity);
  print_series("effective_rank", d.effective_rank);
  print_series("final_loss", Eigen::MatrixXd::Constant(1, 1, d.final_loss));
  print_series("final_target_linearity", d.final_target_linearity.transpose());
  return 0;
}
