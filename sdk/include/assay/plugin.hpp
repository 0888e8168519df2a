// Registration: one ASSAY_PLUGIN(...) per plugin library. It exports exactly two symbols:
//   assay_plugin_manifest  a fixed-size record of plain data (no pointers, so no relocation):
//                          the host reads it from the file's dynamic symbol table before it
//                          loads the library, so a plugin built against another SDK or ABI is
//                          refused before any of its code, constructors included, runs;
//   assay_plugin_methods   fills the list of methods the library provides.
//
//   ASSAY_PLUGIN("examples", "1.0.0", "MIT", uniform_matrix(), matrix_summary())
#pragma once

#include <cstdint>

#include "assay/method.hpp"
#include "assay/version.hpp"

namespace assay {

inline constexpr std::uint64_t kManifestMagic = 0x4153534159504c47ull;  // "ASSAYPLG"
// Bump whenever a type that crosses the plugin boundary changes layout or meaning.
// 2: typed bindings, optional params and outputs, claims with declared outcomes, licence.
// 3: Value gains float32 arrays and records (checkpoints); Kind::any moved; the manifest records
//    the nn ABI.
// 4: PortSpec::provenance (outputs recorded in /provenance).
// 5: the manifest holds its strings in fixed-size arrays, to be read from the file unloaded.
// 6: MethodInfo::figures (the figures a method declares, assay/figure.hpp).
inline constexpr std::uint32_t kSdkAbiVersion = 6;

// Every manifest since ABI 1 begins with magic, sdk_abi and cxx11_abi at these offsets, so the
// host can name the ABI of a plugin of any SDK. A string too long for its array does not
// compile (C++ needs room for the terminating NUL).
struct PluginManifest {
  std::uint64_t magic;
  std::uint32_t sdk_abi;
  std::int32_t cxx11_abi;    // _GLIBCXX_USE_CXX11_ABI the plugin was built with
  std::int32_t eigen_align;  // EIGEN_MAX_STATIC_ALIGN_BYTES, or -1: no Eigen type crosses
  std::int32_t nn_abi;       // ABI of the libassay_nn it links (ASSAY_NN_ABI), or -1: none
  char name[64];
  char version[32];
  char sdk_version[32];
  char license[64];  // SPDX expression of the built plugin, e.g. "MIT", "GPL-3.0-or-later"
};
static_assert(sizeof(PluginManifest) == 216, "the manifest's layout is part of the SDK ABI");

}  // namespace assay

// <assay/eigen.hpp> redefines this to Eigen's alignment; the manifest is expanded at the end
// of plugin.cpp, so whatever the plugin included by then decides.
#ifndef ASSAY_EIGEN_ALIGN
#define ASSAY_EIGEN_ALIGN -1
#endif
// Linking Assay::nn defines ASSAY_PLUGIN_LINKS_NN (an interface definition of the target), so a
// plugin whose science uses the kit records the kit's ABI even if plugin.cpp includes no nn
// header; a plugin built by hand against libassay_nn passes -DASSAY_PLUGIN_LINKS_NN itself.
#ifdef ASSAY_PLUGIN_LINKS_NN
#define ASSAY_PLUGIN_NN_ABI ASSAY_NN_ABI
#else
#define ASSAY_PLUGIN_NN_ABI -1
#endif

#define ASSAY_PLUGIN_EXPORT extern "C" __attribute__((visibility("default")))

#define ASSAY_PLUGIN(NAME, VERSION, LICENSE, ...)                             \
  ASSAY_PLUGIN_EXPORT const ::assay::PluginManifest assay_plugin_manifest = { \
      ::assay::kManifestMagic,                                                \
      ::assay::kSdkAbiVersion,                                                \
      _GLIBCXX_USE_CXX11_ABI,                                                 \
      ASSAY_EIGEN_ALIGN,                                                      \
      ASSAY_PLUGIN_NN_ABI,                                                    \
      NAME,                                                                   \
      VERSION,                                                                \
      ASSAY_SDK_VERSION,                                                      \
      LICENSE};                                                               \
  ASSAY_PLUGIN_EXPORT void assay_plugin_methods(::assay::MethodList& out) {   \
    out = ::assay::MethodList{__VA_ARGS__};                                   \
  }
