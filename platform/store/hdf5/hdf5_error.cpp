#include <string>

#include "assay/error.hpp"
#include "store/hdf5/hdf5_handle.hpp"

namespace assay {

namespace {
// Walking down from the API call, the last entry seen is the innermost one: it says what went
// wrong ("file signature not found"); the outer ones only name the functions that passed it up.
herr_t keep_innermost(unsigned, const H5E_error2_t* entry, void* message) {
  auto& text = *static_cast<std::string*>(message);
  text = entry->desc ? entry->desc : "";
  char minor[128] = "";
  if (H5Eget_msg(entry->min_num, nullptr, minor, sizeof minor) > 0 && text != minor)
    text += text.empty() ? minor : std::string(" (") + minor + ")";
  return 0;
}
}  // namespace

void throw_hdf5_error(std::string_view what) {
  std::string message;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, keep_innermost, &message);
  H5Eclear2(H5E_DEFAULT);
  if (message.empty()) message = "HDF5 call failed";
  throw Error(std::string(what) + ": " + message);
}

}  // namespace assay
