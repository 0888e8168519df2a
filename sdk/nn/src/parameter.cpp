#include "assay/nn/parameter.hpp"

#include <algorithm>
#include <stdexcept>

#include "assay/nearest_name.hpp"
#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
ParameterSet<T>::ParameterSet() = default;
template <class T>
ParameterSet<T>::ParameterSet(ParameterSet&&) noexcept = default;
template <class T>
ParameterSet<T>& ParameterSet<T>::operator=(ParameterSet&&) noexcept = default;
template <class T>
ParameterSet<T>::~ParameterSet() = default;

template <class T>
Parameter<T>& ParameterSet<T>::add(std::string name, Mat<T> init) {
  if (find(name) != nullptr) {
    throw std::invalid_argument("assay::nn: parameter '" + name + "' already exists");
  }
  auto p = std::make_unique<Parameter<T>>();
  p->name = std::move(name);
  p->grad.setZero(init.rows(), init.cols());
  p->value = std::move(init);
  params_.push_back(std::move(p));
  return *params_.back();
}

template <class T>
Parameter<T>* ParameterSet<T>::find(std::string_view name) {
  for (auto& p : params_) {
    if (p->name == name) return p.get();
  }
  return nullptr;
}

template <class T>
Parameter<T>& ParameterSet<T>::operator[](std::string_view name) {
  if (Parameter<T>* p = find(name)) return *p;
  std::string message = "assay::nn: no parameter '" + std::string(name) + "'";
  std::vector<std::string> names;
  for (const auto& p : params_) names.push_back(p->name);
  if (const auto near = nearest_name(name, names); !near.empty())
    message += "; did you mean '" + near + "'?";
  throw std::out_of_range(message);
}

template <class T>
const Parameter<T>& ParameterSet<T>::operator[](std::string_view name) const {
  return const_cast<ParameterSet&>(*this)[name];
}

template <class T>
Index ParameterSet<T>::count() const {
  Index n = 0;
  for (auto& p : params_) n += p->value.size();
  return n;
}

template <class T>
void ParameterSet<T>::zero_grad() {
  for (auto& p : params_) p->grad.setZero(p->value.rows(), p->value.cols());
}

template <class T>
int ParameterSet<T>::freeze(std::string_view prefix, bool frozen) {
  int n = 0;
  for (auto& p : params_) {
    if (p->name.starts_with(prefix)) p->frozen = frozen, ++n;
  }
  return n;
}

template <class T>
std::vector<Mat<T>> ParameterSet<T>::snapshot() const {
  std::vector<Mat<T>> values;
  values.reserve(params_.size());
  for (auto& p : params_) values.push_back(p->value);
  return values;
}

template <class T>
void ParameterSet<T>::restore(const std::vector<Mat<T>>& values) {
  if (values.size() != params_.size()) {
    throw std::invalid_argument("assay::nn: restore: snapshot has " +
                                std::to_string(values.size()) + " parameters, the set " +
                                std::to_string(params_.size()));
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    Mat<T>& v = params_[i]->value;
    if (values[i].rows() != v.rows() || values[i].cols() != v.cols()) {
      throw_shape_error(params_[i]->name.c_str(), v.rows(), v.cols(), values[i].rows(),
                        values[i].cols());
    }
    v = values[i];
  }
}

template <class T>
std::vector<NamedArray<T>> export_arrays(const ParameterSet<T>& params) {
  std::vector<NamedArray<T>> arrays;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const Mat<T>& v = params.at(i).value;
    arrays.push_back({params.at(i).name, {v.rows(), v.cols()}, {v.data(), v.data() + v.size()}});
  }
  return arrays;
}

template <class T>
void import_arrays(ParameterSet<T>& params, const std::vector<NamedArray<T>>& arrays) {
  for (const auto& a : arrays) {
    Mat<T>& v = params[a.name].value;
    const bool fits = a.shape.size() == 2 && a.shape[0] == v.rows() && a.shape[1] == v.cols() &&
                      static_cast<Index>(a.data.size()) == v.size();
    if (!fits) {
      throw std::invalid_argument("assay::nn: import_arrays: '" + a.name + "' has " +
                                  std::to_string(a.data.size()) + " values for a " +
                                  std::to_string(v.rows()) + " x " + std::to_string(v.cols()) +
                                  " parameter");
    }
    std::copy(a.data.begin(), a.data.end(), v.data());
  }
}

#define ASSAY_NN_INSTANTIATE(T)                                              \
  template class ParameterSet<T>;                                            \
  template std::vector<NamedArray<T>> export_arrays(const ParameterSet<T>&); \
  template void import_arrays(ParameterSet<T>&, const std::vector<NamedArray<T>>&);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
