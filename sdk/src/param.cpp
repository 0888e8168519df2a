#include "assay/param.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "assay/host.hpp"

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
    case ParamType::int_vector:
      return "int vector";
    case ParamType::path:
      return "path";
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

bool in_range(const Constraint& c, double x) {
  return (!c.min || x >= *c.min) && (!c.max || x <= *c.max);
}

// What one element of a vector or matrix param must be: "int in [1, 10]", "real >= 0".
std::string element_type(const ParamSpec& spec) {
  return (spec.type == ParamType::int_vector ? "int" : "real") + range_text(spec.constraint);
}

std::string element_text(double x, bool integral) {
  return integral ? std::to_string(static_cast<long long>(x)) : number_text(x);
}

// The position of flat element `i` of an array of `shape`, as "[2]" or "[1][0]".
std::string element_position(std::size_t i, const std::vector<std::size_t>& shape) {
  std::string position;
  for (auto d = shape.size(); d-- > 0;) {
    position.insert(0, "[" + std::to_string(i % shape[d]) + "]");
    i /= shape[d];
  }
  return position;
}

template <class T>
ParamCheck first_out_of_range(const Array<T>& a, const ParamSpec& spec) {
  for (std::size_t i = 0; i < a.data.size(); ++i) {
    const auto x = static_cast<double>(a.data[i]);
    if (!in_range(spec.constraint, x))
      return {std::nullopt,
              "expected " + element_type(spec) + ", got " + element_text(x, std::is_integral_v<T>),
              element_position(i, a.shape)};
  }
  return {};
}

ParamCheck array_of_rank(const Value& v, std::size_t rank, const ParamSpec& spec) {
  const bool ints = v.kind() == Kind::int_array;
  const bool want_ints = spec.type == ParamType::int_vector;
  if (!ints && (want_ints || v.kind() != Kind::real_array))
    return {std::nullopt, "expected " + describe_type(spec) + ", got " + to_text(v), {}};
  const auto actual_rank = ints ? v.as_int_array().rank() : v.as_real_array().rank();
  if (actual_rank != rank)
    return {
        std::nullopt,
        "expected " + describe_type(spec) + ", got an array of rank " + std::to_string(actual_rank),
        {}};
  if (want_ints) {
    auto bad = first_out_of_range(v.as_int_array(), spec);
    return bad.error.empty() ? ParamCheck{v, {}, {}} : bad;
  }
  RealArray reals =
      ints ? RealArray{v.as_int_array().shape, std::vector<double>(v.as_int_array().data.begin(),
                                                                   v.as_int_array().data.end())}
           : v.as_real_array();
  auto bad = first_out_of_range(reals, spec);
  return bad.error.empty() ? ParamCheck{Value(std::move(reals)), {}, {}} : bad;
}

}  // namespace

std::string describe_type(const ParamSpec& spec) {
  if (spec.type == ParamType::choice || !spec.constraint.choices.empty())
    return "one of " + choices_text(spec.constraint.choices);
  const auto range = range_text(spec.constraint);
  const auto each = range.empty() ? ")" : ", each" + range + ")";
  switch (spec.type) {
    case ParamType::real_matrix:
      return "a real matrix (list of equally long lists" + each;
    case ParamType::real_vector:
      return "a real vector (list of numbers" + each;
    case ParamType::int_vector:
      return "an int vector (list of integers" + each;
    case ParamType::path:
      return "a path to an existing file";
    default:
      return std::string(param_type_name(spec.type)) + range;
  }
}

ParamCheck check_param_value(const ParamSpec& spec, const Value& v) {
  const auto mismatch = [&] {
    return ParamCheck{std::nullopt, "expected " + describe_type(spec) + ", got " + to_text(v), {}};
  };
  switch (spec.type) {
    case ParamType::boolean:
      if (v.kind() != Kind::boolean) return mismatch();
      return {v, {}, {}};
    case ParamType::integer:
      if (v.kind() != Kind::integer || !in_range(spec.constraint, static_cast<double>(v.as_int())))
        return mismatch();
      return {v, {}, {}};
    case ParamType::real:
      if ((v.kind() != Kind::real && v.kind() != Kind::integer) ||
          !in_range(spec.constraint, v.as_real()))
        return mismatch();
      return {Value(v.as_real()), {}, {}};
    case ParamType::string:
    case ParamType::choice:
    case ParamType::path: {
      if (v.kind() != Kind::string) return mismatch();
      const auto& c = spec.constraint.choices;
      if (!c.empty() && std::find(c.begin(), c.end(), v.as_string()) == c.end()) return mismatch();
      return {v, {}, {}};
    }
    case ParamType::real_vector:
    case ParamType::int_vector:
      return array_of_rank(v, 1, spec);
    case ParamType::real_matrix:
      return array_of_rank(v, 2, spec);
  }
  return mismatch();
}

}  // namespace assay
