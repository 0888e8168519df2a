// Reading a user's matrix (point cloud, series, features) from a CSV file; HDF5 datasets come
// through the host (Context::read_hdf5_dataset).
#pragma once

#include <Eigen/Core>
#include <string>

namespace assay::stdlib {

// CSV: one row per line, comma-separated numbers; a first line that does not parse as numbers is
// a header and skipped; blank lines are skipped. Every row must have the same number of fields.
// Errors (std::runtime_error) name the file, the line and what is wrong.
Eigen::MatrixXd read_csv_matrix(const std::string& path);

// True for the .h5/.hdf5 files that the host's HDF5 reader reads
// (Context::read_hdf5_dataset): a plugin never calls libhdf5 itself.
bool is_hdf5_path(const std::string& path);

}  // namespace assay::stdlib
