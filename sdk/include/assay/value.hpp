// Value: the closed set of data that flows along a pipeline edge and lands in HDF5.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace assay {

// What a port carries or a value holds. `any` is only meaningful on an input port.
enum class Kind : std::uint8_t {
  none,
  boolean,
  integer,
  real,
  string,
  real_array,
  int_array,
  table,
  float_array,
  record,
  any
};

std::string_view kind_name(Kind kind);

// A dense row-major array of any rank; rank 0 is not used (scalars are their own kinds).
template <class T>
struct Array {
  std::vector<std::size_t> shape;
  std::vector<T> data;

  std::size_t rank() const { return shape.size(); }
  bool operator==(const Array&) const = default;
};
using RealArray = Array<double>;
using IntArray = Array<std::int64_t>;
// float32 stays float32 in the store: a trained model's weights, at half the size of doubles.
using FloatArray = Array<float>;

// A table of equally long named columns (e.g. one row per training step).
using Column =
    std::variant<std::vector<double>, std::vector<std::int64_t>, std::vector<std::string>>;
struct Table {
  std::vector<std::string> names;
  std::vector<Column> columns;

  Table& add(std::string name, Column column);
  std::size_t rows() const;
  bool operator==(const Table&) const = default;
};

class Value;

// Named values in order, nested as deep as needed (e.g. a checkpoint: its config, parameters and
// optimiser state). The store writes a record as an HDF5 group with one member per field.
struct Record {
  std::vector<std::string> names;
  std::vector<Value> values;

  // Throws assay::Error if the name is taken or empty, or holds a '/' or is "." (HDF5 paths).
  Record& add(std::string name, Value value);
  std::size_t size() const { return names.size(); }
  // nullptr when absent.
  const Value* find(std::string_view name) const;
  // Throws assay::Error naming the field and the fields the record has.
  const Value& at(std::string_view name) const;
  friend bool operator==(const Record& a, const Record& b);
};

class Value {
 public:
  Value() = default;
  Value(bool b) : v_(b) {}
  template <std::integral I>
  requires(!std::same_as<I, bool>) Value(I i) : v_(static_cast<std::int64_t>(i)) {}
  Value(double d) : v_(d) {}
  Value(std::string s) : v_(std::move(s)) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(RealArray a) : v_(std::move(a)) {}
  Value(IntArray a) : v_(std::move(a)) {}
  Value(Table t) : v_(std::move(t)) {}
  Value(FloatArray a) : v_(std::move(a)) {}
  Value(Record r) : v_(std::move(r)) {}

  Kind kind() const { return static_cast<Kind>(v_.index()); }
  bool is_scalar() const;

  // Accessors throw assay::Error naming both kinds on a mismatch; as_real accepts integers.
  bool as_bool() const;
  std::int64_t as_int() const;
  double as_real() const;
  const std::string& as_string() const;
  const RealArray& as_real_array() const;
  const IntArray& as_int_array() const;
  const Table& as_table() const;
  const FloatArray& as_float_array() const;
  const Record& as_record() const;

  bool operator==(const Value&) const = default;

 private:
  std::variant<std::monostate, bool, std::int64_t, double, std::string, RealArray, IntArray, Table,
               FloatArray, Record>
      v_;
};

// Canonical text of a value: TOML-like, exact for doubles (round-trips), used for display and ids.
std::string to_text(const Value& value);

// Narrowing an int64 to a smaller integer throws rather than wrapping.
std::int64_t checked_integer(const Value& v, std::int64_t lo, std::int64_t hi);

// How a C++ type maps onto a Value. Specialised here for scalars and std::vector, and in
// <assay/eigen.hpp> for Eigen vectors and matrices.
template <class T>
struct ValueCodec;

template <>
struct ValueCodec<bool> {
  static constexpr Kind kind = Kind::boolean;
  static Value encode(bool b) { return b; }
  static bool decode(const Value& v) { return v.as_bool(); }
};
template <std::integral I>
requires(!std::same_as<I, bool>) struct ValueCodec<I> {
  static constexpr Kind kind = Kind::integer;
  static Value encode(I i) { return i; }
  static I decode(const Value& v) {
    using Limits = std::numeric_limits<I>;
    constexpr std::int64_t lo = std::is_signed_v<I> ? static_cast<std::int64_t>(Limits::min()) : 0;
    constexpr std::int64_t hi =
        static_cast<std::uint64_t>(Limits::max()) > static_cast<std::uint64_t>(INT64_MAX)
            ? INT64_MAX
            : static_cast<std::int64_t>(Limits::max());
    return static_cast<I>(checked_integer(v, lo, hi));
  }
};
template <>
struct ValueCodec<double> {
  static constexpr Kind kind = Kind::real;
  static Value encode(double d) { return d; }
  static double decode(const Value& v) { return v.as_real(); }
};
template <>
struct ValueCodec<std::string> {
  static constexpr Kind kind = Kind::string;
  static Value encode(std::string s) { return s; }
  static std::string decode(const Value& v) { return v.as_string(); }
};
template <>
struct ValueCodec<RealArray> {
  static constexpr Kind kind = Kind::real_array;
  static Value encode(RealArray a) { return a; }
  static RealArray decode(const Value& v) { return v.as_real_array(); }
};
template <>
struct ValueCodec<IntArray> {
  static constexpr Kind kind = Kind::int_array;
  static Value encode(IntArray a) { return a; }
  static IntArray decode(const Value& v) { return v.as_int_array(); }
};
template <>
struct ValueCodec<Table> {
  static constexpr Kind kind = Kind::table;
  static Value encode(Table t) { return t; }
  static Table decode(const Value& v) { return v.as_table(); }
};
template <>
struct ValueCodec<FloatArray> {
  static constexpr Kind kind = Kind::float_array;
  static Value encode(FloatArray a) { return a; }
  static FloatArray decode(const Value& v) { return v.as_float_array(); }
};
template <>
struct ValueCodec<Record> {
  static constexpr Kind kind = Kind::record;
  static Value encode(Record r) { return r; }
  static Record decode(const Value& v) { return v.as_record(); }
};
template <>
struct ValueCodec<std::vector<double>> {
  static constexpr Kind kind = Kind::real_array;
  static Value encode(std::vector<double> x);
  static std::vector<double> decode(const Value& v);
};
// The elements of a rank-1 integer array; throws assay::Error naming the rank otherwise.
const std::vector<std::int64_t>& int_vector_elements(const Value& v);

template <std::integral I>
requires(!std::same_as<I, bool>) struct ValueCodec<std::vector<I>> {
  static constexpr Kind kind = Kind::int_array;
  static Value encode(const std::vector<I>& x) {
    return IntArray{{x.size()}, std::vector<std::int64_t>(x.begin(), x.end())};
  }
  static std::vector<I> decode(const Value& v) {
    std::vector<I> out;
    for (const auto e : int_vector_elements(v)) out.push_back(ValueCodec<I>::decode(Value(e)));
    return out;
  }
};
// Any value as it is, for ports that accept every kind.
template <>
struct ValueCodec<Value> {
  static constexpr Kind kind = Kind::any;
  static Value encode(Value v) { return v; }
  static Value decode(const Value& v) { return v; }
};
// A path travels as its text; the host has checked that it names an existing file.
template <>
struct ValueCodec<std::filesystem::path> {
  static constexpr Kind kind = Kind::string;
  static Value encode(const std::filesystem::path& p) { return p.string(); }
  static std::filesystem::path decode(const Value& v) { return v.as_string(); }
};

}  // namespace assay
