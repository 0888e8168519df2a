// Context: everything a running method sees. The host implements it; methods only use it.
#pragma once

#include <cstdint>
#include <random>
#include <string_view>
#include <type_traits>
#include <utility>

#include "assay/value.hpp"

namespace assay {

// The SDK's one random engine, so a seed means the same stream in every plugin.
using Rng = std::mt19937_64;

// Mixes a seed with a stream number (splitmix64); used for every derived seed.
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream);

class Context {
 public:
  virtual ~Context();

  virtual const Value& param_value(std::string_view name) const = 0;
  virtual bool has_input(std::string_view name) const = 0;
  virtual const Value& input_value(std::string_view name) const = 0;
  virtual void output_value(std::string_view name, Value value) = 0;

  // The (point, node) seed: derived by the host from the pipeline seed, point and node.
  virtual std::uint64_t seed() const = 0;
  // Fraction of this node's work done, in [0, 1]. Cheap; call it as often as convenient.
  virtual void progress(double fraction) = 0;
  // True once the host wants the method to stop (timeout, Ctrl-C). Poll it in long loops.
  virtual bool cancelled() const = 0;
  virtual void log(std::string_view message) = 0;

  template <class T>
  T param(std::string_view name) const {
    return ValueCodec<T>::decode(param_value(name));
  }
  template <class T>
  T input(std::string_view name) const {
    return ValueCodec<T>::decode(input_value(name));
  }
  template <class T>
  void output(std::string_view name, T&& value) {
    output_value(name, ValueCodec<std::remove_cvref_t<T>>::encode(std::forward<T>(value)));
  }

  // An engine for stream `stream` of this node; independent streams for parallel work.
  Rng rng(std::uint64_t stream = 0) const { return Rng(derive_seed(seed(), stream)); }
  void throw_if_cancelled() const;
};

}  // namespace assay
