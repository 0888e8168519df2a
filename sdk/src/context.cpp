#include "assay/context.hpp"

#include <string>

#include "assay/error.hpp"

namespace assay {

Context::~Context() = default;
Error::~Error() = default;
Cancelled::~Cancelled() = default;

std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (stream + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void Context::throw_misread(std::string_view what, std::string_view name, const Error& why) const {
  throw Error("method '" + std::string(method_id()) + "': " + std::string(what) + " '" +
              std::string(name) + "': " + why.what());
}

void Context::throw_if_cancelled() const {
  if (cancelled()) throw Cancelled();
}

}  // namespace assay
