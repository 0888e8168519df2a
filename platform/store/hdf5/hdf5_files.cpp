#include "store/hdf5/hdf5_files.hpp"

namespace assay {

namespace {
H5Plist file_access() {
  H5Plist fapl(H5Pcreate(H5P_FILE_ACCESS), "create file access list");
  h5_check(H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V18, H5F_LIBVER_LATEST), "set file format");
  return fapl;
}
}  // namespace

H5File create_hdf5_file(const std::filesystem::path& path) {
  return H5File(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, file_access().get()),
                "create " + path.string());
}

H5File open_hdf5_file(const std::filesystem::path& path) {
  return H5File(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "open " + path.string());
}

}  // namespace assay
