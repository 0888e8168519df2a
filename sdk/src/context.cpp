#include "assay/context.hpp"

#include <string>

#include "assay/error.hpp"
#include "assay/seed.hpp"

namespace assay {

Context::~Context() = default;
Error::~Error() = default;
Cancelled::~Cancelled() = default;

// Exported, as plugins built against the SDK call it; the formula is <assay/seed.hpp>'s.
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream) {
  return mix_seed(seed, stream);
}

void Context::throw_misread(std::string_view what, std::string_view name, const Error& why) const {
  throw Error("method '" + std::string(method_id()) + "': " + std::string(what) + " '" +
              std::string(name) + "': " + why.what());
}

void Context::throw_if_cancelled() const {
  if (cancelled()) throw Cancelled();
}

}  // namespace assay
