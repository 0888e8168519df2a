#include "assay/value.hpp"

#include <charconv>
#include <sstream>

#include "assay/error.hpp"

namespace assay {

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::none:
      return "none";
    case Kind::boolean:
      return "bool";
    case Kind::integer:
      return "int";
    case Kind::real:
      return "real";
    case Kind::string:
      return "string";
    case Kind::real_array:
      return "real array";
    case Kind::int_array:
      return "int array";
    case Kind::table:
      return "table";
    case Kind::float_array:
      return "float32 array";
    case Kind::record:
      return "record";
    case Kind::any:
      return "any";
  }
  return "?";
}

Table& Table::add(std::string name, Column column) {
  const auto length = std::visit([](const auto& c) { return c.size(); }, column);
  if (!columns.empty() && length != rows())
    throw Error("table column '" + name + "' has " + std::to_string(length) + " rows, others " +
                std::to_string(rows()));
  names.push_back(std::move(name));
  columns.push_back(std::move(column));
  return *this;
}

std::size_t Table::rows() const {
  return columns.empty() ? 0 : std::visit([](const auto& c) { return c.size(); }, columns.front());
}

Record& Record::add(std::string name, Value value) {
  if (name.empty() || name == "." || name.find('/') != std::string::npos)
    throw Error("record field '" + name + "': a name must be non-empty, not '.', without '/'");
  if (find(name)) throw Error("record field '" + name + "' is already set");
  names.push_back(std::move(name));
  values.push_back(std::move(value));
  return *this;
}

const Value* Record::find(std::string_view name) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return &values[i];
  return nullptr;
}

const Value& Record::at(std::string_view name) const {
  if (const auto* v = find(name)) return *v;
  std::string have;
  for (const auto& n : names) have += (have.empty() ? "" : ", ") + n;
  throw Error("record has no field '" + std::string(name) +
              "' (it has: " + (have.empty() ? "none" : have) + ")");
}

bool operator==(const Record& a, const Record& b) {
  return a.names == b.names && a.values == b.values;
}

namespace {
[[noreturn]] void wrong_kind(Kind want, Kind have) {
  throw Error("expected a " + std::string(kind_name(want)) + " value, got " +
              std::string(kind_name(have)));
}
}  // namespace

bool Value::is_scalar() const {
  const auto k = kind();
  return k == Kind::boolean || k == Kind::integer || k == Kind::real || k == Kind::string;
}

bool Value::as_bool() const {
  if (auto* b = std::get_if<bool>(&v_)) return *b;
  wrong_kind(Kind::boolean, kind());
}
std::int64_t Value::as_int() const {
  if (auto* i = std::get_if<std::int64_t>(&v_)) return *i;
  wrong_kind(Kind::integer, kind());
}
double Value::as_real() const {
  if (auto* d = std::get_if<double>(&v_)) return *d;
  if (auto* i = std::get_if<std::int64_t>(&v_)) return static_cast<double>(*i);
  wrong_kind(Kind::real, kind());
}
const std::string& Value::as_string() const {
  if (auto* s = std::get_if<std::string>(&v_)) return *s;
  wrong_kind(Kind::string, kind());
}
const RealArray& Value::as_real_array() const {
  if (auto* a = std::get_if<RealArray>(&v_)) return *a;
  wrong_kind(Kind::real_array, kind());
}
const IntArray& Value::as_int_array() const {
  if (auto* a = std::get_if<IntArray>(&v_)) return *a;
  wrong_kind(Kind::int_array, kind());
}
const Table& Value::as_table() const {
  if (auto* t = std::get_if<Table>(&v_)) return *t;
  wrong_kind(Kind::table, kind());
}
const FloatArray& Value::as_float_array() const {
  if (auto* a = std::get_if<FloatArray>(&v_)) return *a;
  wrong_kind(Kind::float_array, kind());
}
const Record& Value::as_record() const {
  if (auto* r = std::get_if<Record>(&v_)) return *r;
  wrong_kind(Kind::record, kind());
}

std::int64_t checked_integer(const Value& v, std::int64_t lo, std::int64_t hi) {
  const auto i = v.as_int();
  if (i < lo || i > hi)
    throw Error("integer " + std::to_string(i) + " does not fit in [" + std::to_string(lo) + ", " +
                std::to_string(hi) + "]");
  return i;
}

namespace {
// Shortest text that reads back to the same float or double.
template <class F>
std::string real_text(F d) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  std::string s(buf, end);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // keep reals distinct from ints
  return s;
}

template <class T, class F>
void nested_text(std::ostringstream& out, const Array<T>& a, std::size_t dim, std::size_t& at,
                 F scalar) {
  out << '[';
  for (std::size_t i = 0; i < a.shape[dim]; ++i) {
    if (i) out << ", ";
    if (dim + 1 == a.rank())
      out << scalar(a.data[at++]);
    else
      nested_text(out, a, dim + 1, at, scalar);
  }
  out << ']';
}

std::string quoted(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + '"';
}
}  // namespace

std::string to_text(const Value& value) {
  std::ostringstream out;
  std::size_t at = 0;
  switch (value.kind()) {
    case Kind::none:
      return "none";
    case Kind::boolean:
      return value.as_bool() ? "true" : "false";
    case Kind::integer:
      return std::to_string(value.as_int());
    case Kind::real:
      return real_text(value.as_real());
    case Kind::string:
      return quoted(value.as_string());
    case Kind::real_array:
      nested_text(out, value.as_real_array(), 0, at, real_text<double>);
      break;
    case Kind::float_array:
      nested_text(out, value.as_float_array(), 0, at, real_text<float>);
      break;
    case Kind::int_array:
      nested_text(out, value.as_int_array(), 0, at,
                  [](std::int64_t i) { return std::to_string(i); });
      break;
    case Kind::table: {
      const auto& t = value.as_table();
      out << "table(" << t.rows() << " rows:";
      for (const auto& n : t.names) out << ' ' << n;
      out << ')';
      break;
    }
    case Kind::record: {
      const auto& r = value.as_record();
      out << '{';
      for (std::size_t i = 0; i < r.size(); ++i)
        out << (i ? ", " : "") << r.names[i] << " = " << to_text(r.values[i]);
      out << '}';
      break;
    }
    case Kind::any:
      break;
  }
  return out.str();
}

Value ValueCodec<std::vector<double>>::encode(std::vector<double> x) {
  RealArray a{{x.size()}, std::move(x)};
  return a;
}
std::vector<double> ValueCodec<std::vector<double>>::decode(const Value& v) {
  const auto& a = v.as_real_array();
  if (a.rank() != 1)
    throw Error("expected a vector, got an array of rank " + std::to_string(a.rank()));
  return a.data;
}
const std::vector<std::int64_t>& int_vector_elements(const Value& v) {
  const auto& a = v.as_int_array();
  if (a.rank() != 1)
    throw Error("expected a vector, got an array of rank " + std::to_string(a.rank()));
  return a.data;
}

}  // namespace assay
