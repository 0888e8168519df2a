// Context: everything a running method sees. The host implements it; methods only use it.
#pragma once

#include <cstdint>
#include <random>
#include <string_view>
#include <type_traits>
#include <utility>

#include "assay/error.hpp"
#include "assay/value.hpp"

namespace assay {

// The SDK's one random engine, so a seed means the same stream in every plugin.
using Rng = std::mt19937_64;

// Mixes a seed with a stream number (splitmix64); used for every derived seed.
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream);

class Context {
 public:
  virtual ~Context();

  virtual std::string_view method_id() const = 0;
  // False only for an optional param the pipeline left unset.
  virtual bool has_param(std::string_view name) const = 0;
  virtual const Value& param_value(std::string_view name) const = 0;
  virtual bool has_input(std::string_view name) const = 0;
  virtual const Value& input_value(std::string_view name) const = 0;
  virtual void output_value(std::string_view name, Value value) = 0;

  // The node's seed: derived by the host from the node's lineage (its method, params,
  // inputs, the pipeline seed and, unless the node is shared, the replicate).
  virtual std::uint64_t seed() const = 0;
  // Fraction of this node's work done, in [0, 1]. Cheap; call it as often as convenient.
  virtual void progress(double fraction) = 0;
  // True once the host wants the method to stop (timeout, Ctrl-C). Poll it in long loops.
  virtual bool cancelled() const = 0;
  // A line stored with the point and shown by `assay show`.
  virtual void log(std::string_view message) = 0;
  // The numeric dataset `dataset` (e.g. "/x") of the HDF5 file `file`, any rank, as doubles.
  // The host's result store writes through the same libhdf5 from other threads, so a method
  // reads HDF5 through here, under the host's lock, never by calling libhdf5 itself. Throws
  // Error naming the file and the dataset.
  virtual RealArray read_hdf5_dataset(std::string_view file, std::string_view dataset) const = 0;

  // String-keyed access, for methods whose params or ports are only known at run time;
  // a type mismatch throws an Error naming the method, the param and both types.
  template <class T>
  T param(std::string_view name) const {
    const Value& value = param_value(name);
    try {
      return ValueCodec<T>::decode(value);
    } catch (const Error& e) {
      throw_misread("param", name, e);
    }
  }
  template <class T>
  T input(std::string_view name) const {
    const Value& value = input_value(name);
    try {
      return ValueCodec<T>::decode(value);
    } catch (const Error& e) {
      throw_misread("input", name, e);
    }
  }
  template <class T>
  void output(std::string_view name, T&& value) {
    output_value(name, ValueCodec<std::remove_cvref_t<T>>::encode(std::forward<T>(value)));
  }

  // An engine for stream `stream` of this node; independent streams for parallel work.
  Rng rng(std::uint64_t stream = 0) const { return Rng(derive_seed(seed(), stream)); }
  void throw_if_cancelled() const;

 private:
  [[noreturn]] void throw_misread(std::string_view what, std::string_view name,
                                  const Error& why) const;
};

}  // namespace assay
