#include "store/hdf5/hdf5_lock.hpp"

#include <hdf5.h>

namespace assay {

std::unique_lock<std::mutex> lock_hdf5() {
  // Debian 12's serial HDF5 1.10.8 reports H5is_library_threadsafe = 1, but what the lock keeps
  // is larger than one library call: a store operation (create a point's groups and datasets,
  // link a shared node, read a point back) must not interleave with another thread's, or a
  // reader can see half a point. The scheduler's writer thread and any reader in the same
  // process (show, resume, merge) share this one mutex. It is the only mutable global of the
  // store, and it has to be global because the state it protects is.
  static std::mutex hdf5_mutex;
  std::unique_lock<std::mutex> lock(hdf5_mutex);
  // Errors become exceptions with the library's own message (hdf5_handle.hpp), so the default
  // handler that prints the whole stack to stderr is switched off; per thread in thread-safe
  // builds, hence on every acquisition.
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  return lock;
}

}  // namespace assay
