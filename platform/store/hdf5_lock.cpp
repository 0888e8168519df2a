#include "store/hdf5_lock.hpp"

#include <hdf5.h>

namespace assay {

std::unique_lock<std::mutex> lock_hdf5() {
  // Debian's serial HDF5 is not thread-safe: two threads inside the library at once corrupt its
  // global state (identifier tables, metadata cache, free lists), whatever files they touch. The
  // scheduler's writer thread and any reader in the same process (show, resume, merge) share
  // this one mutex. It is the only mutable global of the store, and it has to be global because
  // the state it protects is.
  static std::mutex hdf5_mutex;
  std::unique_lock<std::mutex> lock(hdf5_mutex);
  // Errors become exceptions with the library's own message (hdf5_handle.hpp), so the default
  // handler that prints the whole stack to stderr is switched off; per thread in thread-safe
  // builds, hence on every acquisition.
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  return lock;
}

}  // namespace assay
