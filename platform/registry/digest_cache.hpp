// Plugin digests remembered between runs: hashing every plugin file at every start cost about
// 0.2 s per `assay` call. A digest is kept in a small file under $XDG_CACHE_HOME/assay (or
// ~/.cache/assay) together with the file's identity as the kernel reports it: device, inode,
// size, modification and status-change times (the status-change time cannot be set back by a
// user, and any write moves it). A digest is taken from the cache only when all of these
// match, so a rebuilt or edited plugin is hashed again; when the cache cannot be read or
// written, the digest is computed as before.
#pragma once

#include <filesystem>
#include <string>

namespace assay {

// sha256_file(path), from the cache when the file is unchanged since it was hashed.
std::string cached_sha256_file(const std::filesystem::path& path);

// Whether the cache holds the digest of `path` as it is now. The registry hashes a plugin only
// once it has loaded, so a file it holds has loaded in a host before (plugin_scan.hpp).
bool sha256_is_cached(const std::filesystem::path& path);

}  // namespace assay
