// ParamSpec: a method's declared parameter. The host validates every value against it
// before anything runs, so a method can read its params without checking them again.
#pragma once

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
  real_matrix
};

std::string_view param_type_name(ParamType type);

// Optional limits on a parameter: a closed numeric range, or a list of allowed strings.
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
  Value default_value;  // Kind::none: required, no default
  Constraint constraint;
  std::string doc;

  // Converts `value` to this parameter's canonical form (an integer given for a real
  // becomes a real, a nested list a matrix) or explains what is wrong with it.
  struct Checked {
    std::optional<Value> value;
    std::string error;
  };
  Checked check(const Value& value) const;
  // "int in [1, 1048576]", "one of ok|throw|sleep", ... for errors and `describe`.
  std::string describe_type() const;
  bool required() const { return default_value.kind() == Kind::none; }
};

// The ParamType a C++ type declares: bool, integers, double, std::string, std::vector<double>
// (real_vector), and from <assay/eigen.hpp> Eigen::VectorXd (real_vector) and
// Eigen::MatrixXd (real_matrix).
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

}  // namespace assay
