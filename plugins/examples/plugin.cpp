// The examples plugin: the methods the README, the tests and the benchmarks use.
#include <assay/sdk.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>
#include <thread>

namespace {

assay::MethodInfo uniform_matrix_info() {
  return assay::method("uniform_matrix", "I.i.d. uniform matrix from the node's seed")
      .param<int>("rows", 3, "number of rows", assay::range(1, 1 << 20))
      .param<int>("cols", 3, "number of columns", assay::range(1, 1 << 20))
      .param<double>("low", 0.0, "lower bound")
      .param<double>("high", 1.0, "upper bound")
      .output<Eigen::MatrixXd>("matrix", "rows x cols samples");
}

void uniform_matrix(assay::Context& ctx) {
  const auto rows = ctx.param<int>("rows"), cols = ctx.param<int>("cols");
  std::uniform_real_distribution<double> u(ctx.param<double>("low"), ctx.param<double>("high"));
  auto rng = ctx.rng();
  Eigen::MatrixXd m(rows, cols);
  for (int i = 0; i < rows; ++i)  // row-major draw order, so the stream reads as the matrix prints
    for (int j = 0; j < cols; ++j) m(i, j) = u(rng);
  ctx.output("matrix", m);
}

assay::MethodInfo matrix_summary_info() {
  return assay::method("matrix_summary", "Mean and Frobenius norm of a matrix")
      .input<Eigen::MatrixXd>("matrix", "any real matrix")
      .output<double>("mean", "mean of the entries")
      .output<double>("frobenius", "Frobenius norm");
}

void matrix_summary(assay::Context& ctx) {
  const auto m = ctx.input<Eigen::MatrixXd>("matrix");
  ctx.output("mean", m.size() ? m.mean() : 0.0);
  ctx.output("frobenius", m.norm());
}

assay::MethodInfo faulty_info() {
  return assay::method("faulty", "Fails on purpose, for testing failure handling")
      .choice("mode", "ok", {"ok", "throw", "sleep", "abort"},
              "ok: output 1; throw: raise an error; sleep: wait `seconds` polling for "
              "cancellation; abort: kill the process")
      .param<double>("seconds", 1.0, "how long `sleep` waits", assay::range(0, 86400))
      .param<std::string>("tally", "",
                          "if set, a file to which each call appends its seed: tests count calls")
      .optional_input<double>("after", "ignored: makes this node run after (and depend on) another")
      .output<double>("value", "1.0 when the method completes");
}

void faulty(assay::Context& ctx) {
  const auto mode = ctx.param<std::string>("mode");
  if (const auto tally = ctx.param<std::string>("tally"); !tally.empty())
    std::ofstream(tally, std::ios::app) << ctx.seed() << "\n";
  if (mode == "throw") throw assay::Error("faulty: thrown on purpose");
  if (mode == "abort") std::abort();
  if (mode == "sleep") {
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::duration<double>(ctx.param<double>("seconds"));
    while (std::chrono::steady_clock::now() < until) {
      ctx.throw_if_cancelled();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  ctx.output("value", 1.0);
}

}  // namespace

ASSAY_PLUGIN("examples", "1.0.0", assay::export_method(uniform_matrix_info(), uniform_matrix),
             assay::export_method(matrix_summary_info(), matrix_summary),
             assay::export_method(faulty_info(), faulty))
