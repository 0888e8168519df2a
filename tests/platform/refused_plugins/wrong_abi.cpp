// A plugin built as if against a future SDK: the registry must refuse it before calling it.
#include <assay/sdk.hpp>

ASSAY_PLUGIN_EXPORT const assay::PluginManifest assay_plugin_manifest = {
    assay::kManifestMagic,
    assay::kSdkAbiVersion + 1000,
    _GLIBCXX_USE_CXX11_ABI,
    EIGEN_MAX_STATIC_ALIGN_BYTES,
    "wrong_abi",
    "1.0.0",
    "99.0.0"};

ASSAY_PLUGIN_EXPORT void assay_plugin_methods(assay::MethodList&) {
  throw assay::Error("a refused plugin must never be asked for its methods");
}
