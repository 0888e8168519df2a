// SHA-256 of exactly the bytes a reader consumed, so a run can say which data version it saw.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace assay::stdlib {

// Incremental SHA-256 (OpenSSL's implementation).
class ContentHash {
 public:
  ContentHash();
  ~ContentHash();
  ContentHash(const ContentHash&) = delete;
  ContentHash& operator=(const ContentHash&) = delete;

  void add(std::string_view bytes);
  // Adds a name and its content, each length-prefixed, so moving bytes between two named
  // parts changes the hash.
  void add_named(std::string_view name, std::string_view bytes);
  // "sha256:" and 64 lower-case hex digits; the hash cannot be extended afterwards.
  std::string finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// SHA-256 of one byte string as "sha256:<hex>".
std::string sha256_of(std::string_view bytes);

// The first 8 bytes of SHA-256(bytes), big-endian: a well-mixed 64-bit key of the content.
std::uint64_t sha256_prefix(std::string_view bytes);

}  // namespace assay::stdlib
