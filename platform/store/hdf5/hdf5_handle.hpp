// Ownership of HDF5 identifiers, and the check that turns a failed HDF5 call into an exception.
// Every handle is opened and closed while the caller holds lock_hdf5().
#pragma once

#include <hdf5.h>

#include <string_view>
#include <utility>

namespace assay {

// Throws assay::Error "<what>: <the library's innermost message>" and clears HDF5's error stack.
[[noreturn]] void throw_hdf5_error(std::string_view what);

// Returns `result` (an identifier or herr_t) unless the call failed.
template <class Result>
Result h5_check(Result result, std::string_view what) {
  if (result < 0) throw_hdf5_error(what);
  return result;
}

template <herr_t (*Close)(hid_t)>
class H5Handle {
 public:
  H5Handle() = default;
  // Takes ownership of the result of an HDF5 call that opens or creates something.
  H5Handle(hid_t id, std::string_view what) : id_(h5_check(id, what)) {}
  ~H5Handle() {
    if (id_ >= 0) Close(id_);
  }
  H5Handle(H5Handle&& other) noexcept : id_(std::exchange(other.id_, H5I_INVALID_HID)) {}
  H5Handle& operator=(H5Handle&& other) noexcept {
    if (this != &other) {
      if (id_ >= 0) Close(id_);
      id_ = std::exchange(other.id_, H5I_INVALID_HID);
    }
    return *this;
  }
  H5Handle(const H5Handle&) = delete;
  H5Handle& operator=(const H5Handle&) = delete;

  hid_t get() const { return id_; }
  explicit operator bool() const { return id_ >= 0; }
  // Closes now and reports failure (a file's close is where its last writes can fail).
  void close(std::string_view what) {
    if (id_ >= 0) h5_check(Close(std::exchange(id_, H5I_INVALID_HID)), what);
  }

 private:
  hid_t id_ = H5I_INVALID_HID;
};

using H5File = H5Handle<H5Fclose>;
using H5Group = H5Handle<H5Gclose>;
using H5Dataset = H5Handle<H5Dclose>;
using H5Space = H5Handle<H5Sclose>;
using H5Type = H5Handle<H5Tclose>;
using H5Attr = H5Handle<H5Aclose>;
using H5Plist = H5Handle<H5Pclose>;
using H5Object = H5Handle<H5Oclose>;

}  // namespace assay
