// Helpers shared by the result store tests: a temporary folder, a run description, and points
// whose outputs cover every kind of value.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "store/result_store.hpp"

namespace assay::store_test {

// A fresh folder under the system temp dir, removed with everything in it at the end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

RunInfo sample_info(const std::string& fingerprint = "fp-sweep-1");

// Point number `i` of a sweep, with every kind of value among its params and outputs.
PointResult rich_point(int i, PointStatus status = PointStatus::ok);
// Point number `i` of the throughput target: a 10x10 real matrix and two scalars.
PointResult small_point(int i);
std::string point_id(int i);

// Writes `points` through a ResultWriter and finishes.
void write_result(const std::filesystem::path& file, const std::vector<PointResult>& points,
                  const RunInfo& info = sample_info());

// The columns of a compound dataset as text, one vector per field, by field name: numbers
// printed exactly, bools as 0/1, NaN as "nan".
std::map<std::string, std::vector<std::string>> compound_columns(const std::filesystem::path& file,
                                                                 const std::string& dataset);
// The type class name ("integer", "float", "string", "enum", ...) of each field.
std::map<std::string, std::string> compound_field_classes(const std::filesystem::path& file,
                                                          const std::string& dataset);

// Points equal in every field; doubles compared bit for bit.
bool same_points(const std::vector<PointResult>& a, const std::vector<PointResult>& b);

}  // namespace assay::store_test
