// A plugin's manifest as its file stores it (the bytes of assay_plugin_manifest), compared with
// the host's. Manifests of every SDK share their first fields (magic, SDK ABI, C++ ABI), so a
// plugin of an older or newer SDK is refused naming both ABIs even though the rest of its
// record has another layout.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "assay/plugin.hpp"

namespace assay {

struct ManifestCheck {
  PluginManifest manifest{};  // filled when the record has this SDK's layout
  std::string refusal;        // why the plugin is refused; empty when it may be loaded
};

ManifestCheck check_manifest(std::span<const std::byte> record, const PluginManifest& host);

}  // namespace assay
