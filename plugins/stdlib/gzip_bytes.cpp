#include "gzip_bytes.hpp"

#include <zlib.h>

#include <stdexcept>

namespace assay::stdlib {

std::string gunzip(std::string_view compressed, const std::string& what) {
  z_stream z{};
  // 16 + MAX_WBITS: expect a gzip header and trailer (the CRC is checked).
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
    throw std::runtime_error(what + ": zlib could not start inflating");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  z.avail_in = static_cast<uInt>(compressed.size());
  std::string out(compressed.size() * 4 + 1024, '\0');
  int status = Z_OK;
  while (status == Z_OK) {
    if (z.total_out == out.size()) out.resize(out.size() * 2);
    z.next_out = reinterpret_cast<Bytef*>(out.data() + z.total_out);
    z.avail_out = static_cast<uInt>(out.size() - z.total_out);
    status = inflate(&z, Z_NO_FLUSH);
  }
  out.resize(z.total_out);
  inflateEnd(&z);
  if (status != Z_STREAM_END)
    throw std::runtime_error(what + ": not a complete gzip stream (zlib: " +
                             (z.msg ? std::string(z.msg) : std::to_string(status)) +
                             "); reinstall the package that ships it");
  return out;
}

}  // namespace assay::stdlib
