// Registration: one ASSAY_PLUGIN(...) per plugin library. It exports exactly two symbols:
//   assay_plugin_manifest  plain data the host reads before creating any C++ object, so a
//                          plugin built against another SDK or ABI is refused, not run;
//   assay_plugin_methods   fills the list of methods the library provides.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <vector>

#include "assay/context.hpp"
#include "assay/method.hpp"
#include "assay/version.hpp"

namespace assay {

inline constexpr std::uint64_t kManifestMagic = 0x4153534159504c47ull;  // "ASSAYPLG"
// Bump whenever a type that crosses the plugin boundary changes layout or meaning.
inline constexpr std::uint32_t kSdkAbiVersion = 1;

struct PluginManifest {
  std::uint64_t magic;
  std::uint32_t sdk_abi;
  std::int32_t cxx11_abi;    // _GLIBCXX_USE_CXX11_ABI the plugin was built with
  std::int32_t eigen_align;  // EIGEN_MAX_STATIC_ALIGN_BYTES the plugin was built with
  const char* name;
  const char* version;
  const char* sdk_version;
};

using MethodFn = std::function<void(Context&)>;

struct MethodExport {
  MethodInfo info;
  MethodFn run;
};
using MethodList = std::vector<MethodExport>;

inline MethodExport export_method(MethodInfo info, MethodFn run) {
  return {std::move(info), std::move(run)};
}

// The values this SDK build writes into manifests; the host compares a plugin's with them.
PluginManifest host_manifest();

}  // namespace assay

#define ASSAY_PLUGIN_EXPORT extern "C" __attribute__((visibility("default")))

#define ASSAY_PLUGIN(NAME, VERSION, ...)                                      \
  ASSAY_PLUGIN_EXPORT const ::assay::PluginManifest assay_plugin_manifest = { \
      ::assay::kManifestMagic,                                                \
      ::assay::kSdkAbiVersion,                                                \
      _GLIBCXX_USE_CXX11_ABI,                                                 \
      EIGEN_MAX_STATIC_ALIGN_BYTES,                                           \
      NAME,                                                                   \
      VERSION,                                                                \
      ASSAY_SDK_VERSION};                                                     \
  ASSAY_PLUGIN_EXPORT void assay_plugin_methods(::assay::MethodList& out) {   \
    out = ::assay::MethodList{__VA_ARGS__};                                   \
  }
