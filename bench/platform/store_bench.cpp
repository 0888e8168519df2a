// Result store throughput, against raw HDF5 C calls where there is a peer.
//   (a) 64 MiB of real matrices (256 points of 256x128 doubles) through ResultWriter, finish()
//       included, vs the same datasets written by raw HDF5 calls into one file with the same
//       chunks and shuffle + deflate. Prints raw_time / assay_time (target >= 0.8).
//   (b) small points (a 10x10 matrix and two scalars, the sweep target's points): 20,000
//       points, commit every 1000, then finish(). Prints points/s (target: well above 20,000).
// Usage: bench_store [FOLDER [large|small]]   (files go to FOLDER, default the temp folder)
#include <hdf5.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "store/encoding/dataset_layout.hpp"
#include "store/hdf5/hdf5_lock.hpp"
#include "store/result_store.hpp"

namespace fs = std::filesystem;
using assay::PointResult;

namespace {
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

assay::RunInfo bench_info() {
  assay::RunInfo info;
  info.assay_version = "bench";
  info.pipeline_name = "store-bench";
  info.fingerprint = "bench";
  info.swept_keys = {"data.index"};
  info.provenance = {{"host", "bench"}};
  return info;
}

PointResult matrix_point(int i, std::size_t rows, std::size_t cols, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u;
  assay::RealArray m{{rows, cols}, std::vector<double>(rows * cols)};
  for (auto& x : m.data) x = u(rng);
  char id[17];
  std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(rng()));
  PointResult p;
  p.id = id;
  p.seed = static_cast<std::uint64_t>(i);
  p.swept = {{"data.index", std::int64_t{i}}};
  p.outputs.push_back({"data", "matrix", std::move(m)});
  return p;
}

// CPU seconds of this process: with other jobs on the machine, wall time says little.
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct Timing {
  double commits = 0;  // add() + commit() calls
  double finish = 0;
  double cpu = 0;
  double total() const { return commits + finish; }
};

Timing write_through_store(const fs::path& file, std::vector<PointResult> points,
                           std::size_t batch) {
  Timing t;
  const double cpu_start = cpu_seconds();
  auto start = Clock::now();
  assay::ResultWriter writer(file, bench_info(), false);
  for (auto& p : points) {
    writer.add(std::move(p));
    if (writer.pending() == batch) writer.commit();
  }
  t.commits = seconds_since(start);
  start = Clock::now();
  writer.finish();
  t.finish = seconds_since(start);
  t.cpu = cpu_seconds() - cpu_start;
  return t;
}

struct RawTiming {
  double wall = 0;
  double cpu = 0;
};

// The peer: one file, the same matrices as datasets with the same layout, nothing else.
RawTiming write_raw(const fs::path& file, const std::vector<PointResult>& points) {
  const auto lock = assay::lock_hdf5();
  const double cpu_start = cpu_seconds();
  const auto start = Clock::now();
  const hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  H5Pset_libver_bounds(fapl, H5F_LIBVER_V18, H5F_LIBVER_LATEST);
  const hid_t f = H5Fcreate(file.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
  for (const auto& p : points) {
    const auto& m = p.outputs.front().value.as_real_array();
    const hsize_t dims[2] = {m.shape[0], m.shape[1]};
    const hid_t space = H5Screate_simple(2, dims, nullptr);
    const auto dcpl = assay::compressed_layout(dims, sizeof(double));
    const hid_t d =
        H5Dcreate2(f, p.id.c_str(), H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, dcpl.get(), H5P_DEFAULT);
    H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, m.data.data());
    H5Dclose(d);
    H5Sclose(space);
  }
  H5Fclose(f);
  H5Pclose(fapl);
  return {seconds_since(start), cpu_seconds() - cpu_start};
}

void remove_result(const fs::path& file) {
  fs::remove(file);
  fs::remove_all(file.string() + ".parts");
}

double median(std::vector<double> x) {
  std::sort(x.begin(), x.end());
  return x[x.size() / 2];
}

void bench_large(const fs::path& dir) {
  std::mt19937_64 rng(1);
  std::vector<PointResult> points;
  for (int i = 0; i < 256; ++i) points.push_back(matrix_point(i, 256, 128, rng));
  constexpr std::size_t batch = 16;  // 4 MiB per part file
  std::vector<double> raw, raw_cpu, store, store_cpu;
  for (int rep = 0; rep < 5; ++rep) {
    ::sync();
    const auto r = write_raw(dir / "raw.h5", points);
    ::sync();  // the peer's file is not fsynced: its writeback must not land in our time
    const auto t = write_through_store(dir / "store.h5", points, batch);
    raw.push_back(r.wall), raw_cpu.push_back(r.cpu);
    store.push_back(t.total()), store_cpu.push_back(t.cpu);
    std::printf(
        "  run %d: raw %.3f s (%.3f s CPU), store %.3f s (%.3f s CPU; commits %.3f s, "
        "finish %.3f s)\n",
        rep, r.wall, r.cpu, t.total(), t.cpu, t.commits, t.finish);
    remove_result(dir / "store.h5");
  }
  std::printf(
      "(a) 64 MiB of 256x128 matrices (medians of 5): raw HDF5 %.3f s, store %.3f s, "
      "raw/store = %.2f (target >= 0.8); in CPU time %.2f\n",
      median(raw), median(store), median(raw) / median(store), median(raw_cpu) / median(store_cpu));
  fs::remove(dir / "raw.h5");
}

void bench_small(const fs::path& dir) {
  constexpr int n = 20000;
  std::mt19937_64 rng(2);
  std::vector<PointResult> points;
  for (int i = 0; i < n; ++i) {
    auto p = matrix_point(i, 10, 10, rng);
    p.outputs.push_back({"summary", "mean", 0.5});
    p.outputs.push_back({"summary", "frobenius", 5.77});
    points.push_back(std::move(p));
  }
  std::vector<double> rates, cpu;
  for (int rep = 0; rep < 3; ++rep) {
    ::sync();
    const auto t = write_through_store(dir / "small.h5", points, 1000);
    rates.push_back(n / t.total());
    cpu.push_back(1e6 * t.cpu / n);
    std::printf(
        "  run %d: %.3f s (commits %.3f s, finish %.3f s), %.1f us CPU per point, "
        "file %.1f MB\n",
        rep, t.total(), t.commits, t.finish, 1e6 * t.cpu / n,
        fs::file_size(dir / "small.h5") / 1e6);
    remove_result(dir / "small.h5");
  }
  std::printf(
      "(b) %d small points (10x10 matrix + 2 scalars), commit every 1000, finish: "
      "%.0f points/s, %.0f us CPU per point (medians of 3)\n",
      n, median(rates), median(cpu));
}
}  // namespace

int main(int argc, char** argv) {
  const fs::path base = argc > 1 ? fs::path(argv[1]) : fs::temp_directory_path();
  std::string pattern = (base / "assay_store_bench_XXXXXX").string();
  if (!mkdtemp(pattern.data())) return 1;
  const fs::path dir = pattern;
  const std::string only = argc > 2 ? argv[2] : "";
  if (only != "small") bench_large(dir);
  if (only != "large") bench_small(dir);
  fs::remove_all(dir);
}
