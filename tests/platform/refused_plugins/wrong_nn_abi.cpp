// A plugin built against another libassay_nn (its manifest records the kit's ABI plus one): the
// registry must refuse it by its manifest alone, naming both nn ABIs.
#include "assay/plugin.hpp"

extern "C" __attribute__((visibility("default")))
const assay::PluginManifest assay_plugin_manifest = {assay::kManifestMagic,
                                                     assay::kSdkAbiVersion,
                                                     _GLIBCXX_USE_CXX11_ABI,
                                                     -1,
                                                     ASSAY_NN_ABI + 1,
                                                     "wrong_nn_abi",
                                                     "1.0.0",
                                                     ASSAY_SDK_VERSION,
                                                     "MIT"};

extern "C" __attribute__((visibility("default"))) void assay_plugin_methods(void*) {
  __builtin_trap();  // a refused plugin must never be asked for its methods
}
