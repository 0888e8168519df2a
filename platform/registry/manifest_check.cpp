#include "registry/manifest_check.hpp"

#include <cstring>

namespace assay {

namespace {

// The fields every manifest since SDK ABI 1 begins with.
struct ManifestPrefix {
  std::uint64_t magic;
  std::uint32_t sdk_abi;
  std::int32_t cxx11_abi;
};
static_assert(offsetof(PluginManifest, cxx11_abi) == offsetof(ManifestPrefix, cxx11_abi));

std::string sdk_abi_mismatch(const ManifestPrefix& plugin, const PluginManifest& host) {
  return "SDK ABI mismatch: plugin has ABI " + std::to_string(plugin.sdk_abi) + ", host has ABI " +
         std::to_string(host.sdk_abi) + " (SDK " + host.sdk_version +
         "); rebuild the plugin against this SDK";
}

std::string cxx11_abi_mismatch(const ManifestPrefix& plugin, const PluginManifest& host) {
  return "C++ ABI mismatch: plugin has _GLIBCXX_USE_CXX11_ABI=" + std::to_string(plugin.cxx11_abi) +
         ", host has _GLIBCXX_USE_CXX11_ABI=" + std::to_string(host.cxx11_abi) +
         "; rebuild the plugin without -D_GLIBCXX_USE_CXX11_ABI=" +
         std::to_string(plugin.cxx11_abi);
}

// The fields of this SDK's layout that only it defines.
std::string layout_mismatch(const PluginManifest& plugin, const PluginManifest& host) {
  const std::string versions = std::string(" (plugin built with SDK ") + plugin.sdk_version +
                               ", host has SDK " + host.sdk_version + ")";
  if (plugin.eigen_align >= 0 && plugin.eigen_align != host.eigen_align)
    return "Eigen alignment mismatch: plugin has EIGEN_MAX_STATIC_ALIGN_BYTES=" +
           std::to_string(plugin.eigen_align) + ", host has " + std::to_string(host.eigen_align) +
           versions + "; build the plugin with the SDK's flags (-mavx2 -mfma)";
  if (plugin.nn_abi >= 0 && plugin.nn_abi != host.nn_abi)
    return "nn ABI mismatch: plugin links libassay_nn ABI " + std::to_string(plugin.nn_abi) +
           ", this install has ABI " + std::to_string(host.nn_abi) + versions +
           "; rebuild the plugin against this install";
  return {};
}

template <std::size_t N>
bool terminated(const char (&text)[N]) {
  return std::memchr(text, '\0', N) != nullptr;
}

}  // namespace

ManifestCheck check_manifest(std::span<const std::byte> record, const PluginManifest& host) {
  ManifestPrefix prefix{};
  if (record.size() < sizeof prefix)
    return {{},
            "not an Assay plugin: its manifest is " + std::to_string(record.size()) +
                " bytes, too short to hold one"};
  std::memcpy(&prefix, record.data(), sizeof prefix);
  if (prefix.magic != kManifestMagic) return {{}, "not an Assay plugin: bad manifest magic"};
  if (prefix.sdk_abi != host.sdk_abi) return {{}, sdk_abi_mismatch(prefix, host)};
  if (prefix.cxx11_abi != host.cxx11_abi) return {{}, cxx11_abi_mismatch(prefix, host)};
  ManifestCheck out;
  if (record.size() != sizeof out.manifest)
    return {{},
            "damaged manifest: " + std::to_string(record.size()) + " bytes where SDK ABI " +
                std::to_string(host.sdk_abi) + " has " + std::to_string(sizeof out.manifest)};
  std::memcpy(&out.manifest, record.data(), sizeof out.manifest);
  const auto& m = out.manifest;
  if (!terminated(m.name) || !terminated(m.version) || !terminated(m.sdk_version) ||
      !terminated(m.license))
    return {{}, "damaged manifest: a string without its terminating NUL"};
  out.refusal = layout_mismatch(m, host);
  return out;
}

}  // namespace assay
