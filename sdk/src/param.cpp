#include "assay/param.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace assay {

std::string_view param_type_name(ParamType type) {
  switch (type) {
    case ParamType::boolean:
      return "bool";
    case ParamType::integer:
      return "int";
    case ParamType::real:
      return "real";
    case ParamType::string:
      return "string";
    case ParamType::choice:
      return "choice";
    case ParamType::real_vector:
      return "real vector";
    case ParamType::real_matrix:
      return "real matrix";
  }
  return "?";
}

Constraint range(double min, double max) { return {min, max, {}}; }
Constraint at_least(double min) { return {min, std::nullopt, {}}; }
Constraint at_most(double max) { return {std::nullopt, max, {}}; }
Constraint one_of(std::vector<std::string> choices) {
  return {std::nullopt, std::nullopt, std::move(choices)};
}

namespace {
// Shortest text that reads back as the same double: 1048576, 1e-12, 0.1.
std::string number_text(double d) {
  if (d == std::floor(d) && std::abs(d) < 1e15) return std::to_string(static_cast<long long>(d));
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, d).ptr;
  return std::string(buf, end);
}

std::string range_text(const Constraint& c) {
  if (c.min && c.max) return " in [" + number_text(*c.min) + ", " + number_text(*c.max) + "]";
  if (c.min) return " >= " + number_text(*c.min);
  if (c.max) return " <= " + number_text(*c.max);
  return "";
}

std::string choices_text(const std::vector<std::string>& choices) {
  std::string s;
  for (const auto& c : choices) s += (s.empty() ? "" : "|") + c;
  return s;
}

RealArray as_reals(const Value& v) {
  if (v.kind() == Kind::real_array) return v.as_real_array();
  const auto& ints = v.as_int_array();
  return {ints.shape, std::vector<double>(ints.data.begin(), ints.data.end())};
}

ParamSpec::Checked array_of_rank(const Value& v, std::size_t rank, const ParamSpec& spec) {
  if (v.kind() != Kind::real_array && v.kind() != Kind::int_array)
    return {std::nullopt, "expected " + spec.describe_type() + ", got " + to_text(v)};
  auto reals = as_reals(v);
  if (reals.rank() != rank)
    return {std::nullopt, "expected " + spec.describe_type() + ", got an array of rank " +
                              std::to_string(reals.rank())};
  return {Value(std::move(reals)), {}};
}
}  // namespace

std::string ParamSpec::describe_type() const {
  if (type == ParamType::choice || !constraint.choices.empty())
    return "one of " + choices_text(constraint.choices);
  if (type == ParamType::real_matrix) return "a real matrix (list of equally long lists)";
  if (type == ParamType::real_vector) return "a real vector (list of numbers)";
  return std::string(param_type_name(type)) + range_text(constraint);
}

ParamSpec::Checked ParamSpec::check(const Value& v) const {
  const auto mismatch = [&] {
    return Checked{std::nullopt, "expected " + describe_type() + ", got " + to_text(v)};
  };
  const auto in_range = [&](double x) {
    return (!constraint.min || x >= *constraint.min) && (!constraint.max || x <= *constraint.max);
  };
  switch (type) {
    case ParamType::boolean:
      if (v.kind() != Kind::boolean) return mismatch();
      return {v, {}};
    case ParamType::integer:
      if (v.kind() != Kind::integer || !in_range(static_cast<double>(v.as_int())))
        return mismatch();
      return {v, {}};
    case ParamType::real:
      if ((v.kind() != Kind::real && v.kind() != Kind::integer) || !in_range(v.as_real()))
        return mismatch();
      return {Value(v.as_real()), {}};
    case ParamType::string:
    case ParamType::choice: {
      if (v.kind() != Kind::string) return mismatch();
      const auto& c = constraint.choices;
      if (!c.empty() && std::find(c.begin(), c.end(), v.as_string()) == c.end()) return mismatch();
      return {v, {}};
    }
    case ParamType::real_vector:
      return array_of_rank(v, 1, *this);
    case ParamType::real_matrix:
      return array_of_rank(v, 2, *this);
  }
  return mismatch();
}

}  // namespace assay
