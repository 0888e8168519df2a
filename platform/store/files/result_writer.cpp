// ResultWriter: commits batches to durable part files and, as they are committed, writes the
// same points into the consolidated file under construction (result_file_builder.hpp). So
// finish() only adds what earlier runs left (on --resume) and /index, then renames; the cost
// of the result layout is paid on the writer thread while workers compute.
#include <exception>
#include <optional>

#include "pipeline/parse/source_error.hpp"
#include "store/files/consolidation.hpp"
#include "store/files/part_file.hpp"
#include "store/files/record_precedence.hpp"
#include "store/files/result_paths.hpp"
#include "store/files/result_sources.hpp"
#include "store/hdf5/durable_file.hpp"
#include "store/hdf5/hdf5_lock.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {
constexpr const char* kExistsHint = "pass --resume to finish it, or choose another --out";

void refuse_existing(const fs::path& file) {
  if (fs::exists(file))
    throw SourceError({file.string()}, "", "a result file already exists here", kExistsHint);
  if (fs::exists(parts_dir(file)))
    throw SourceError({file.string()}, "",
                      "an unfinished result exists here (" + parts_dir(file).string() + ")",
                      kExistsHint);
}
}  // namespace

struct ResultWriter::State {
  fs::path file;
  RunInfo info;
  SweepGrowth growth;
  std::vector<ResultSource> previous;  // what earlier runs left, found at the start
  std::vector<SourceIndex> previous_indexes;
  std::unordered_set<std::string> done;
  std::vector<PointResult> pending;
  std::uint64_t next_part = 0;
  std::optional<ResultFileBuilder> builder;  // the consolidated file, built as batches commit
  bool builder_failed = false;               // then finish() consolidates from the parts
  bool finished = false;

  void resume();
  void create_parts_dir() const;
  void commit();
  void stage(const std::vector<PointResult>& points);
  void consolidate();
  void remove_parts() const;
};

void ResultWriter::State::resume() {
  std::error_code ignored;
  fs::remove(staging_path(file), ignored);
  remove_part_temporaries(file);
  previous = result_sources(file);
  WinningRecords winners;
  for (std::size_t i = 0; i < previous.size(); ++i) {
    auto index = read_source_index(previous[i]);
    if (!growth.earlier_fingerprints.count(index.info.fingerprint))
      require_fingerprint(previous[i].path, index.info.fingerprint, info.fingerprint,
                          "resume only the run that wrote it, or choose another --out");
    for (const auto& entry : index.entries) winners.offer(entry.id, {i, entry.status});
    previous_indexes.push_back(std::move(index));
  }
  for (const auto& [id, origin] : winners.by_id())
    if (origin.status == PointStatus::ok) done.insert(id);
  const auto parts = committed_parts(file);
  next_part = parts.empty() ? 0 : parts.back().number + 1;
}

void ResultWriter::State::create_parts_dir() const {
  const auto dir = parts_dir(file);
  if (fs::create_directories(dir))
    fsync_directory(dir.parent_path().empty() ? fs::path(".") : dir.parent_path());
}

// The part is written first and published last, so its trip to the disk overlaps the CPU
// work of staging the batch; the batch counts as committed once the part is published.
void ResultWriter::State::commit() {
  if (pending.empty()) return;
  create_parts_dir();
  write_part_file(file, next_part, info, pending);
  std::exception_ptr staging_error;
  if (!builder_failed) {
    try {
      stage(pending);
    } catch (...) {
      staging_error = std::current_exception();
    }
  }
  publish_part_file(file, next_part);
  ++next_part;
  for (const auto& point : pending)
    if (point.status == PointStatus::ok) done.insert(point.id);
  pending.clear();
  if (staging_error) std::rethrow_exception(staging_error);
}

void ResultWriter::State::stage(const std::vector<PointResult>& points) {
  try {
    if (!builder) builder.emplace(file, info);
    for (const auto& point : points) {
      const auto held = builder->status_of(point.id);
      if (!held || replaces(*held, point.status)) builder->put(point);
    }
  } catch (...) {
    // The batch will be safe in its part; finish() rebuilds the file from the parts.
    builder.reset();
    builder_failed = true;
    throw;
  }
}

void ResultWriter::State::consolidate() {
  if (builder_failed) {
    builder.emplace(file, info);
    previous = result_sources(file);
    previous_indexes.clear();
    for (const auto& source : previous) previous_indexes.push_back(read_source_index(source));
  } else if (!builder) {
    builder.emplace(file, info);
  }
  add_winning_records(*builder, previous, previous_indexes, growth.sweep_index);
  builder->publish();
  builder.reset();
}

// In commit order: a part left by a kill in the middle is then always later than every part
// already removed, and reading file + remaining parts gives the same records.
void ResultWriter::State::remove_parts() const {
  for (const auto& part : committed_parts(file)) fs::remove(part.path);
  remove_part_temporaries(file);
  std::error_code ignored;
  fs::remove(parts_dir(file), ignored);
}

ResultWriter::ResultWriter(fs::path file, RunInfo info, bool resume, SweepGrowth growth)
    : state_(std::make_unique<State>()) {
  state_->file = std::move(file);
  state_->info = std::move(info);
  state_->growth = std::move(growth);
  const auto lock = lock_hdf5();
  if (resume)
    state_->resume();
  else
    refuse_existing(state_->file);
}

ResultWriter::~ResultWriter() {
  const auto lock = lock_hdf5();
  if (!state_->finished) {
    try {
      state_->commit();  // finished points are worth keeping for --resume
    } catch (...) {
    }
  }
  state_.reset();  // closes (and removes) an unpublished consolidated file under the lock
}

const std::unordered_set<std::string>& ResultWriter::done() const { return state_->done; }

void ResultWriter::add(PointResult point) { state_->pending.push_back(std::move(point)); }

std::size_t ResultWriter::pending() const { return state_->pending.size(); }

void ResultWriter::commit() {
  const auto lock = lock_hdf5();
  state_->commit();
}

void ResultWriter::finish() {
  const auto lock = lock_hdf5();
  if (state_->finished) return;
  state_->commit();
  state_->consolidate();
  state_->remove_parts();
  state_->finished = true;
}

}  // namespace assay
