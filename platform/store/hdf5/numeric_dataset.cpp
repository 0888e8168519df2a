#include "store/hdf5/numeric_dataset.hpp"

#include "assay/error.hpp"
#include "store/hdf5/hdf5_files.hpp"
#include "store/hdf5/hdf5_lock.hpp"

namespace assay {

RealArray read_numeric_dataset(const std::filesystem::path& file, const std::string& dataset) {
  const auto where = file.string() + ": dataset '" + dataset + "'";
  const auto lock = lock_hdf5();
  const H5File f = open_hdf5_file(file);
  if (dataset.empty() || H5Lexists(f.get(), dataset.c_str(), H5P_DEFAULT) <= 0)
    throw Error(where + " not found; list the file's datasets with h5ls -r");
  const H5Dataset set(H5Dopen2(f.get(), dataset.c_str(), H5P_DEFAULT), "open " + where);
  const H5Type type(H5Dget_type(set.get()), "type of " + where);
  const auto type_class = H5Tget_class(type.get());
  if (type_class != H5T_FLOAT && type_class != H5T_INTEGER)
    throw Error(where + " is not numeric (integers or floating point)");
  const H5Space space(H5Dget_space(set.get()), "shape of " + where);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 1) throw Error(where + " is a scalar, not an array");
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  RealArray array;
  std::size_t count = 1;
  for (const auto d : dims) {
    array.shape.push_back(static_cast<std::size_t>(d));
    count *= static_cast<std::size_t>(d);
  }
  array.data.resize(count);
  h5_check(H5Dread(set.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, array.data.data()),
           "read " + where + " as double");
  return array;
}

}  // namespace assay
