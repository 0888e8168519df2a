// Reading a user's numeric HDF5 dataset for a method (Context::read_hdf5_dataset): under the
// host's HDF5 lock, because the store writes results through the same libhdf5 from other
// threads and a plugin calling libhdf5 itself would race it.
#pragma once

#include <filesystem>
#include <string>

#include "assay/value.hpp"

namespace assay {

// The integer or floating-point dataset `dataset` of `file`, any rank, as doubles in row-major
// order. Throws assay::Error naming the file and the dataset (missing, not numeric, scalar).
RealArray read_numeric_dataset(const std::filesystem::path& file, const std::string& dataset);

}  // namespace assay
