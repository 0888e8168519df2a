// Whether a plugin folder or file is safe to load code from: one that any user may write, or
// that belongs to someone other than the user running the host (or root), lets that someone run
// code as this user. Such paths are refused unless the user allows them.
#pragma once

#include <filesystem>
#include <string>

namespace assay {

// The environment variable that allows unsafe plugin paths when set to 1 (as the CLI's
// --allow-unsafe-plugin-path does).
inline constexpr const char* kAllowUnsafePluginPathVariable = "ASSAY_ALLOW_UNSAFE_PLUGIN_PATH";
bool unsafe_plugin_paths_allowed_by_environment();

// Why `path` (a folder or file; a link is followed) is unsafe to load plugins from, or empty.
std::string unsafe_path_reason(const std::filesystem::path& path);

}  // namespace assay
