// ParamSpec: a method's declared parameter. The host validates every value against it
// before anything runs (vectors element by element, paths by existence), so a method can
// read its params without checking them again.
#pragma once

#include <concepts>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "assay/value.hpp"

namespace assay {

enum class ParamType : std::uint8_t {
  boolean,
  integer,
  real,
  string,
  choice,
  real_vector,
  real_matrix,
  int_vector,
  path  // an existing file; its content, not its spelling, enters the point id and lineage
};

std::string_view param_type_name(ParamType type);

// Optional limits on a parameter: a closed numeric range (on every element of a vector),
// or a list of allowed strings.
struct Constraint {
  std::optional<double> min;
  std::optional<double> max;
  std::vector<std::string> choices;
};
Constraint range(double min, double max);
Constraint at_least(double min);
Constraint at_most(double max);
Constraint one_of(std::vector<std::string> choices);

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::real;
  Value default_value;  // Kind::none: no default (required, or optional)
  Constraint constraint;
  std::string doc;
  bool optional = false;  // unset is a valid state: the method sees std::nullopt

  bool required() const { return !optional && default_value.kind() == Kind::none; }
};

// The ParamType a C++ type declares: bool, integers, double, std::string, std::vector of
// double (real_vector) or of an integer type (int_vector), std::filesystem::path (path),
// std::optional of any of them (an optional param), and from <assay/eigen.hpp>
// Eigen::VectorXd (real_vector) and Eigen::MatrixXd (real_matrix).
template <class T>
struct ParamTypeOf;
template <>
struct ParamTypeOf<bool> {
  static constexpr ParamType value = ParamType::boolean;
};
template <std::integral I>
requires(!std::same_as<I, bool>) struct ParamTypeOf<I> {
  static constexpr ParamType value = ParamType::integer;
};
template <>
struct ParamTypeOf<double> {
  static constexpr ParamType value = ParamType::real;
};
template <>
struct ParamTypeOf<std::string> {
  static constexpr ParamType value = ParamType::string;
};
template <>
struct ParamTypeOf<std::vector<double>> {
  static constexpr ParamType value = ParamType::real_vector;
};
template <std::integral I>
requires(!std::same_as<I, bool>) struct ParamTypeOf<std::vector<I>> {
  static constexpr ParamType value = ParamType::int_vector;
};
template <>
struct ParamTypeOf<std::filesystem::path> {
  static constexpr ParamType value = ParamType::path;
};
template <class T>
struct ParamTypeOf<std::optional<T>> : ParamTypeOf<T> {};

}  // namespace assay
