#include <Eigen/Core>

#include "assay/host.hpp"

namespace assay {

PluginManifest host_manifest() {
  return {kManifestMagic, kSdkAbiVersion, _GLIBCXX_USE_CXX11_ABI, EIGEN_MAX_STATIC_ALIGN_BYTES,
          ASSAY_NN_ABI,   "assay-host",   ASSAY_SDK_VERSION,      ASSAY_SDK_VERSION,
          "MIT"};
}

}  // namespace assay
