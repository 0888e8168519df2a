// Training + correction benchmark of cil_decentering (see README.md): on T x C Gaussian
// classes, the joint and the sequential l2 softmax heads (full-batch Newton), the pooled
// estimates and the de-centered head, timed as one unit in CPU seconds on one thread.
//
// Usage: bench_cil_decentering TASKS CLASSES DIM N_PER_CLASS L2 REPEATS OUT_DIR
// Writes the data set and the three heads to OUT_DIR as raw little-endian arrays (for the
// NumPy peer to load), then prints "assay_seconds <median>" and "iterations ..." lines.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "decentering_study.hpp"
#include "gaussian_tasks.hpp"

namespace cil = assay::cil_decentering;

namespace {

void write_matrix(const std::string& path, const Eigen::MatrixXd& m) {
  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows = m;
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(rows.data()), std::streamsize(rows.size() * 8));
}

void write_ints(const std::string& path, const Eigen::VectorXi& v) {
  const std::vector<std::int64_t> wide(v.data(), v.data() + v.size());
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(wide.data()), std::streamsize(wide.size() * 8));
}

void write_head(const std::string& path, const cil::LinearHead& head) {
  Eigen::MatrixXd wb(head.weights.rows(), head.weights.cols() + 1);
  wb << head.weights, head.biases;
  write_matrix(path, wb);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 8) {
    std::fprintf(stderr, "usage: %s TASKS CLASSES DIM N_PER_CLASS L2 REPEATS OUT_DIR\n", argv[0]);
    return 2;
  }
  cil::TaskGeometry g;
  g.tasks = std::stoi(argv[1]);
  g.classes = std::stoi(argv[2]);
  g.dim = std::stoi(argv[3]);
  g.condition_number = 10.0;
  const int n_per_class = std::stoi(argv[4]);
  const double l2 = std::stod(argv[5]);
  const int repeats = std::stoi(argv[6]);
  const std::string dir = argv[7];

  std::mt19937_64 rng(16);
  const cil::GaussianTasks population = cil::make_gaussian_tasks(g, rng);
  const cil::LabelledSample train = cil::sample_gaussian_tasks(population, n_per_class, rng);

  std::vector<double> seconds;
  cil::DecenteringHeads heads;
  for (int r = 0; r < repeats; ++r) {
    const std::clock_t start = std::clock();
    heads = cil::train_and_decenter(train, population.class_task, l2, 0.0);
    seconds.push_back(double(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(seconds.begin(), seconds.end());

  write_matrix(dir + "/features.bin", train.features);
  write_ints(dir + "/labels.bin", train.labels);
  write_ints(dir + "/class_task.bin", population.class_task);
  write_head(dir + "/joint.bin", heads.joint);
  write_head(dir + "/sequential.bin", heads.sequential);
  write_head(dir + "/decentered.bin", heads.decentered);
  std::printf("assay_seconds %.6g\n", seconds[seconds.size() / 2]);
  std::printf("samples %ld classes %ld dim %d\n", long(train.features.rows()),
              long(population.means.rows()), g.dim);
  return 0;
}
