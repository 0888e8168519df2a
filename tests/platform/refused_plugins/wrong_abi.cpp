// A plugin built against SDK 1 (ABI 1, whose manifest had no licence): the registry must
// refuse it by its manifest alone, before calling into it, naming both versions.
#include <cstdint>

struct Sdk1Manifest {
  std::uint64_t magic;
  std::uint32_t sdk_abi;
  std::int32_t cxx11_abi;
  std::int32_t eigen_align;
  const char* name;
  const char* version;
  const char* sdk_version;
};

extern "C" __attribute__((visibility("default"))) const Sdk1Manifest assay_plugin_manifest = {
    0x4153534159504c47ull, 1, _GLIBCXX_USE_CXX11_ABI, 32, "wrong_abi", "1.0.0", "0.1.0"};

extern "C" __attribute__((visibility("default"))) void assay_plugin_methods(void*) {
  __builtin_trap();  // a refused plugin must never be asked for its methods
}
