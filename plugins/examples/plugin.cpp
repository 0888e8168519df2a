// The examples plugin: the methods the README, the tests and the benchmarks use.
#include <assay/sdk.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>
#include <thread>

namespace {

struct MatrixShape {
  int rows = 3;
  int cols = 3;
  double low = 0.0;
  double high = 1.0;
};

struct Matrix {
  Eigen::MatrixXd matrix;
};

Matrix uniform_matrix(const MatrixShape& s, assay::Rng rng) {
  std::uniform_real_distribution<double> u(s.low, s.high);
  Eigen::MatrixXd m(s.rows, s.cols);
  for (int i = 0; i < s.rows;
       ++i)  // row-major draw order, so the stream reads as the matrix prints
    for (int j = 0; j < s.cols; ++j) m(i, j) = u(rng);
  return {m};
}

struct Summary {
  double mean = 0;
  double frobenius = 0;
};

Summary matrix_summary(const Matrix& in) {
  return {in.matrix.size() ? in.matrix.mean() : 0.0, in.matrix.norm()};
}

struct FaultSettings {
  std::string mode = "ok";
  double seconds = 1.0;
  std::optional<std::string> tally;  // a file written to, so not a path param (inputs only)
  std::optional<double> after;
};

struct Done {
  double value = 1.0;
};

Done faulty(const FaultSettings& s, assay::Context& ctx) {
  if (s.tally) std::ofstream(*s.tally, std::ios::app) << ctx.seed() << "\n";
  if (s.mode == "throw") throw assay::Error("faulty: thrown on purpose");
  if (s.mode == "abort") std::abort();
  if (s.mode == "sleep") {
    const auto start = std::chrono::steady_clock::now();
    const auto length = std::chrono::duration<double>(s.seconds);
    for (auto elapsed = std::chrono::steady_clock::now() - start; elapsed < length;
         elapsed = std::chrono::steady_clock::now() - start) {
      ctx.progress(elapsed / length);
      ctx.throw_if_cancelled();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  return {};
}

assay::MethodExport uniform_matrix_method() {
  return assay::method<MatrixShape, Matrix>("uniform_matrix",
                                            "I.i.d. uniform matrix from the node's seed")
      .param(&MatrixShape::rows, "rows", "number of rows", assay::range(1, 1 << 20))
      .param(&MatrixShape::cols, "cols", "number of columns", assay::range(1, 1 << 20))
      .param(&MatrixShape::low, "low", "lower bound")
      .param(&MatrixShape::high, "high", "upper bound")
      .output(&Matrix::matrix, "matrix", "rows x cols samples")
      .run([](const MatrixShape& s, assay::Context& ctx) { return uniform_matrix(s, ctx.rng()); });
}

assay::MethodExport matrix_summary_method() {
  return assay::method<Matrix, Summary>("matrix_summary", "Mean and Frobenius norm of a matrix")
      .input(&Matrix::matrix, "matrix", "any real matrix")
      .output(&Summary::mean, "mean", "mean of the entries")
      .output(&Summary::frobenius, "frobenius", "Frobenius norm")
      .figure(assay::line("mean", "matrix.rows").by("matrix.cols").titled("Mean entry by shape"))
      .figure(assay::histogram("frobenius"))
      .run(matrix_summary);
}

assay::MethodExport faulty_method() {
  return assay::method<FaultSettings, Done>("faulty",
                                            "Fails on purpose, for testing failure handling")
      .choice(&FaultSettings::mode, "mode", {"ok", "throw", "sleep", "abort"},
              "ok: output 1; throw: raise an error; sleep: wait `seconds` polling for "
              "cancellation; abort: kill the process")
      .param(&FaultSettings::seconds, "seconds", "how long `sleep` waits", assay::range(0, 86400))
      .param(&FaultSettings::tally, "tally",
             "if set, a file to which each call appends its seed: tests count calls")
      .input(&FaultSettings::after, "after",
             "ignored: makes this node run after (and depend on) another")
      .output(&Done::value, "value", "1.0 when the method completes")
      .run(faulty);
}

}  // namespace

ASSAY_PLUGIN("examples", "1.0.0", "MIT", uniform_matrix_method(), matrix_summary_method(),
             faulty_method())
