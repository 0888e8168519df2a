// Named trainable parameters. Methods ablate single weights by name and index, so every
// parameter has a stable dotted name ("block0.attn.q.weight") and a stable address.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "assay/nn/matrix.hpp"

namespace assay::nn {

template <class T = float>
struct Parameter {
  std::string name;
  Mat<T> value;
  Mat<T> grad;          // same shape as value; backward passes add into it
  bool frozen = false;  // a frozen parameter gets no gradient and no update
};

// Owns parameters in registration order; addresses stay valid for the set's lifetime.
template <class T = float>
class ParameterSet {
 public:
  ParameterSet();
  ParameterSet(ParameterSet&&) noexcept;
  ParameterSet& operator=(ParameterSet&&) noexcept;
  ~ParameterSet();

  // Throws std::invalid_argument if the name is taken.
  Parameter<T>& add(std::string name, Mat<T> init);
  // Throws std::out_of_range naming the closest existing name.
  Parameter<T>& operator[](std::string_view name);
  const Parameter<T>& operator[](std::string_view name) const;
  Parameter<T>* find(std::string_view name);

  std::size_t size() const { return params_.size(); }
  Parameter<T>& at(std::size_t i) { return *params_[i]; }
  const Parameter<T>& at(std::size_t i) const { return *params_[i]; }
  // Number of scalars in all parameters.
  Index count() const;

  void zero_grad();
  // Freezes (or unfreezes) every parameter whose name starts with `prefix`; returns how many.
  int freeze(std::string_view prefix, bool frozen = true);

  // Copies of all values in order, and their restoration (shapes must match).
  std::vector<Mat<T>> snapshot() const;
  void restore(const std::vector<Mat<T>>& values);

 private:
  std::vector<std::unique_ptr<Parameter<T>>> params_;
};

// A parameter as plain data, what a checkpoint stores: its name, shape {rows, cols} and
// row-major values.
template <class T = float>
struct NamedArray {
  std::string name;
  std::vector<Index> shape;
  std::vector<T> data;
  bool operator==(const NamedArray&) const = default;
};

// Every parameter of the set, in registration order.
template <class T>
std::vector<NamedArray<T>> export_arrays(const ParameterSet<T>& params);
// Copies each array into the parameter of its name. Throws std::out_of_range for a name the set
// lacks and std::invalid_argument for a shape that differs; parameters not listed keep their
// values (e.g. LoRA adapters added after the base model was saved).
template <class T>
void import_arrays(ParameterSet<T>& params, const std::vector<NamedArray<T>>& arrays);

}  // namespace assay::nn
