// nn::Checkpoint as a pipeline value, for a plugin's bindings:
//
//   struct Trained { nn::Checkpoint<float> model; };
//   assay::method<Settings, Trained>("lm_train", "...").output(&Trained::model, "model", "...")
//
// A checkpoint is a record { config: {name = scalar, ...}, params: {name = array, ...},
// optimizer: {steps, arrays: {...}} (when saved with one), training: {name = scalar, ...} (when
// set) }; the store writes it as an HDF5 group
// of named datasets, float32 parameters as float32, so h5py reads f[".../model/params/head.weight"]
// as the matrix. Header-only: libassay_nn itself knows nothing of the SDK.
#pragma once

#include <string>
#include <type_traits>

#include "assay/error.hpp"
#include "assay/nn/checkpoint.hpp"
#include "assay/value.hpp"

namespace assay {

namespace checkpoint_value {

inline Value scalar(const nn::ConfigScalar& s) {
  return std::visit([](const auto& x) { return Value(x); }, s);
}

inline Record settings_record(const nn::ModelConfig& settings) {
  Record r;
  for (const auto& entry : settings) r.add(entry.name, scalar(entry.value));
  return r;
}

inline nn::ConfigScalar config_scalar(const std::string& name, const Value& v) {
  switch (v.kind()) {
    case Kind::boolean:
      return v.as_bool();
    case Kind::integer:
      return v.as_int();
    case Kind::real:
      return v.as_real();
    case Kind::string:
      return v.as_string();
    default:
      throw Error("checkpoint config '" + name + "': a " + std::string(kind_name(v.kind())) +
                  ", not a scalar");
  }
}

inline nn::ModelConfig model_config(const Record& r) {
  nn::ModelConfig settings;
  for (std::size_t i = 0; i < r.size(); ++i)
    settings.push_back({r.names[i], config_scalar(r.names[i], r.values[i])});
  return settings;
}

template <class T>
using ArrayOf = std::conditional_t<std::is_same_v<T, float>, FloatArray, RealArray>;

template <class T>
Record arrays_record(const std::vector<nn::NamedArray<T>>& arrays) {
  Record r;
  for (const auto& a : arrays)
    r.add(a.name, ArrayOf<T>{std::vector<std::size_t>(a.shape.begin(), a.shape.end()), a.data});
  return r;
}

template <class T>
std::vector<nn::NamedArray<T>> named_arrays(const Record& r) {
  std::vector<nn::NamedArray<T>> arrays;
  for (std::size_t i = 0; i < r.size(); ++i) {
    const auto& a = ValueCodec<ArrayOf<T>>::decode(r.values[i]);
    arrays.push_back({r.names[i], std::vector<nn::Index>(a.shape.begin(), a.shape.end()), a.data});
  }
  return arrays;
}

}  // namespace checkpoint_value

template <class T>
requires(std::is_same_v<T, float> ||
         std::is_same_v<T, double>) struct ValueCodec<nn::Checkpoint<T>> {
  static constexpr Kind kind = Kind::record;

  static Value encode(const nn::Checkpoint<T>& c) {
    Record r;
    r.add("config", checkpoint_value::settings_record(c.config));
    r.add("params", checkpoint_value::arrays_record(c.params));
    if (c.optimizer) {
      Record optimizer;
      optimizer.add("steps", static_cast<std::int64_t>(c.optimizer->steps));
      optimizer.add("arrays", checkpoint_value::arrays_record(c.optimizer->arrays));
      r.add("optimizer", std::move(optimizer));
    }
    if (!c.training.empty()) r.add("training", checkpoint_value::settings_record(c.training));
    return r;
  }

  static nn::Checkpoint<T> decode(const Value& v) {
    const Record& r = v.as_record();
    nn::Checkpoint<T> c;
    c.config = checkpoint_value::model_config(r.at("config").as_record());
    c.params = checkpoint_value::named_arrays<T>(r.at("params").as_record());
    if (const Value* optimizer = r.find("optimizer")) {
      const Record& o = optimizer->as_record();
      c.optimizer =
          nn::OptimizerState<T>{static_cast<long>(o.at("steps").as_int()),
                                checkpoint_value::named_arrays<T>(o.at("arrays").as_record())};
    }
    if (const Value* training = r.find("training"))
      c.training = checkpoint_value::model_config(training->as_record());
    return c;
  }
};

}  // namespace assay
