// The one lock every HDF5 call of the host goes through.
#pragma once

#include <mutex>

namespace assay {

// Held for the whole of a store operation; every hid_t is opened and closed under it.
std::unique_lock<std::mutex> lock_hdf5();

}  // namespace assay
