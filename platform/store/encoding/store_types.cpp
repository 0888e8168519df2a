#include "store/encoding/store_types.hpp"

#include <cstdint>
#include <cstring>

namespace assay {

namespace {
H5Type make_utf8() {
  H5Type t(H5Tcopy(H5T_C_S1), "copy string type");
  h5_check(H5Tset_size(t.get(), H5T_VARIABLE), "make variable-length string type");
  h5_check(H5Tset_cset(t.get(), H5T_CSET_UTF8), "make UTF-8 string type");
  return t;
}

H5Type make_boolean() {
  H5Type t(H5Tenum_create(H5T_NATIVE_INT8), "create boolean enum");
  const std::int8_t no = 0, yes = 1;
  h5_check(H5Tenum_insert(t.get(), "FALSE", &no), "define boolean enum");
  h5_check(H5Tenum_insert(t.get(), "TRUE", &yes), "define boolean enum");
  return t;
}

H5Plist make_group_creation() {
  H5Plist gcpl(H5Pcreate(H5P_GROUP_CREATE), "create group property list");
  h5_check(H5Pset_link_creation_order(gcpl.get(), H5P_CRT_ORDER_TRACKED), "track link order");
  // Without timestamps, identical content gives identical objects whenever it is written.
  h5_check(H5Pset_obj_track_times(gcpl.get(), false), "disable object times");
  // A point's attributes (swept params + six fixed ones) stay in its object header instead of
  // moving to a separate heap and B-tree beyond HDF5's default of eight.
  h5_check(H5Pset_attr_phase_change(gcpl.get(), 64, 48), "set attribute storage");
  return gcpl;
}

bool member_is(hid_t type, unsigned index, const char* name, std::int8_t value) {
  char* member = H5Tget_member_name(type, index);
  if (!member) return false;
  const bool same_name = std::strcmp(member, name) == 0;
  H5free_memory(member);
  std::int8_t v = -1;
  return same_name && H5Tget_member_value(type, index, &v) >= 0 && v == value;
}
}  // namespace

StoreTypes::StoreTypes()
    : utf8(make_utf8()),
      boolean(make_boolean()),
      scalar(H5Screate(H5S_SCALAR), "create scalar dataspace"),
      group_creation(make_group_creation()) {}

bool is_boolean_enum(hid_t type) {
  if (H5Tget_class(type) != H5T_ENUM || H5Tget_nmembers(type) != 2 || H5Tget_size(type) != 1)
    return false;
  return (member_is(type, 0, "FALSE", 0) && member_is(type, 1, "TRUE", 1)) ||
         (member_is(type, 0, "TRUE", 1) && member_is(type, 1, "FALSE", 0));
}

}  // namespace assay
