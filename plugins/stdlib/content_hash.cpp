#include "content_hash.hpp"

#include <openssl/evp.h>

#include <array>
#include <cstdint>
#include <stdexcept>

namespace assay::stdlib {

struct ContentHash::State {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ~State() { EVP_MD_CTX_free(ctx); }
};

ContentHash::ContentHash() : state_(std::make_unique<State>()) {
  if (!state_->ctx || EVP_DigestInit_ex(state_->ctx, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("sha256: OpenSSL could not start a digest");
}

ContentHash::~ContentHash() = default;

void ContentHash::add(std::string_view bytes) {
  EVP_DigestUpdate(state_->ctx, bytes.data(), bytes.size());
}

void ContentHash::add_named(std::string_view name, std::string_view bytes) {
  for (auto part : {name, bytes}) {
    std::array<unsigned char, 8> length{};
    for (int i = 0; i < 8; ++i) length[i] = static_cast<unsigned char>(part.size() >> (8 * i));
    EVP_DigestUpdate(state_->ctx, length.data(), length.size());
    add(part);
  }
}

std::string ContentHash::finish() {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  EVP_DigestFinal_ex(state_->ctx, digest.data(), &size);
  static constexpr char hex[] = "0123456789abcdef";
  std::string out = "sha256:";
  for (unsigned int i = 0; i < size; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

std::uint64_t sha256_prefix(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), nullptr, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("sha256: OpenSSL could not hash a document");
  std::uint64_t head = 0;
  for (int i = 0; i < 8; ++i) head = (head << 8) | digest[i];
  return head;
}

std::string sha256_of(std::string_view bytes) {
  ContentHash hash;
  hash.add(bytes);
  return hash.finish();
}

}  // namespace assay::stdlib
