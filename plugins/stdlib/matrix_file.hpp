// Reading a user's matrix (point cloud, series, features) from a CSV file or an HDF5 dataset.
#pragma once

#include <Eigen/Core>
#include <string>

namespace assay::stdlib {

// CSV: one row per line, comma-separated numbers; a first line that does not parse as numbers is
// a header and skipped; blank lines are skipped. Every row must have the same number of fields.
// Errors (std::runtime_error) name the file, the line and what is wrong.
Eigen::MatrixXd read_csv_matrix(const std::string& path);

// HDF5: a 1-d (as a column) or 2-d numeric dataset, converted to double.
Eigen::MatrixXd read_hdf5_matrix(const std::string& path, const std::string& dataset);

// By extension: .h5/.hdf5 need `dataset`; anything else is read as CSV.
Eigen::MatrixXd read_matrix(const std::string& path, const std::string& dataset);

}  // namespace assay::stdlib
