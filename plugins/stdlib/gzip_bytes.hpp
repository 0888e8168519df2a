// Inflating a gzip file's bytes in memory (zlib), so the compressed bytes can be hashed as read.
#pragma once

#include <string>
#include <string_view>

namespace assay::stdlib {

// The decompressed content of a gzip stream; `what` names it in errors.
std::string gunzip(std::string_view compressed, const std::string& what);

}  // namespace assay::stdlib
