// Crash safety: a writer process killed with SIGKILL at random moments (while committing
// batches, while consolidating) leaves a result that opens and holds every committed batch
// intact, and --resume completes it.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>

#include "pipeline/parse/source_error.hpp"
#include "store/files/result_paths.hpp"
#include "store/result_store.hpp"
#include "store_test_support.hpp"

namespace fs = std::filesystem;
using namespace assay;
using namespace assay::store_test;

namespace {
constexpr int kBatch = 20;
constexpr std::int32_t kFinished = -2;

// One point in twenty has every kind of value; the rest are small.
PointResult batch_point(int i) { return i % kBatch == 0 ? rich_point(i) : small_point(i); }

std::vector<PointResult> batches(int first, int count) {
  std::vector<PointResult> points;
  for (int i = first * kBatch; i < (first + count) * kBatch; ++i) points.push_back(batch_point(i));
  return points;
}

void report(int fd, std::int32_t what) {
  if (::write(fd, &what, sizeof what) != sizeof what) ::_exit(4);
}

// The child: commits `count` batches, reporting each once commit() returned, then finishes.
[[noreturn]] void write_batches(const fs::path& file, int count, int fd) {
  try {
    ResultWriter writer(file, sample_info(), false);
    for (int b = 0; b < count; ++b) {
      for (int k = 0; k < kBatch; ++k) writer.add(batch_point(b * kBatch + k));
      writer.commit();
      report(fd, b);
    }
    writer.finish();
    report(fd, kFinished);
  } catch (...) {
    ::_exit(3);
  }
  for (;;) ::pause();
}

struct Reports {
  int last_committed = -1;
  bool finished = false;
};

Reports read_reports(int fd) {
  Reports r;
  std::int32_t what = 0;
  while (::read(fd, &what, sizeof what) == sizeof what) {
    if (what == kFinished)
      r.finished = true;
    else
      r.last_committed = std::max(r.last_committed, static_cast<int>(what));
  }
  return r;
}

// Kills a writer of `count` batches after `delay`; returns what it reported.
Reports kill_writer_after(const fs::path& file, int count, std::chrono::microseconds delay) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(fds[0]);
    write_batches(file, count, fds[1]);
  }
  ::close(fds[1]);
  std::this_thread::sleep_for(delay);
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  CHECK((WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL));  // never died on its own
  const auto reports = read_reports(fds[0]);
  ::close(fds[0]);
  return reports;
}

// How long an uninterrupted writer of `count` batches takes here, finish included.
std::chrono::microseconds time_to_write(int count) {
  TempDir dir;
  const auto start = std::chrono::steady_clock::now();
  ResultWriter writer(dir / "calibration.h5", sample_info(), false);
  for (int i = 0; i < count * kBatch; ++i) {
    writer.add(batch_point(i));
    if (writer.pending() == kBatch) writer.commit();
  }
  writer.finish();
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                               start);
}

bool has_committed_points(const fs::path& file) {
  return fs::exists(file) || !committed_parts(file).empty();
}
}  // namespace

TEST_CASE("a writer killed at any moment keeps every committed batch intact", "[store]") {
  constexpr int count = 6;
  // Kill moments spread over the whole run, process start and finish() included.
  const auto full = time_to_write(count);
  std::mt19937 rng(20240601);
  std::uniform_int_distribution<std::int64_t> moment(0, full.count() * 6 / 5);
  for (int iteration = 0; iteration < 9; ++iteration) {
    TempDir dir;
    const auto file = dir / "out.h5";
    const auto delay = std::chrono::microseconds(moment(rng));
    const auto reports = kill_writer_after(file, count, delay);
    INFO("iteration " << iteration << ", " << count << " batches, killed after " << delay.count()
                      << " us, last reported batch " << reports.last_committed);

    int kept = 0;  // batches found: must be all of 0..kept-1, each intact
    if (has_committed_points(file)) {
      const auto read = read_results(file);
      REQUIRE(read.points.size() % kBatch == 0);
      kept = static_cast<int>(read.points.size()) / kBatch;
      CHECK(same_points(read.points, batches(0, kept)));
    } else {
      CHECK_THROWS_AS(read_results(file), SourceError);
    }
    // Every batch reported committed is there; at most the one being reported is extra.
    CHECK(kept >= reports.last_committed + 1);
    CHECK(kept <= std::max(reports.last_committed + 2, reports.finished ? count : 0));
    if (reports.finished) CHECK(kept == count);

    ResultWriter resumed(file, sample_info(), true);
    CHECK(resumed.done().size() == static_cast<std::size_t>(kept * kBatch));
    for (int b = kept; b < count; ++b)
      for (int k = 0; k < kBatch; ++k) resumed.add(batch_point(b * kBatch + k));
    resumed.finish();
    CHECK(same_points(read_results(file).points, batches(0, count)));
    CHECK_FALSE(fs::exists(parts_dir(file)));
  }
}
