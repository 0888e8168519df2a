#include "cli/json_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <type_traits>

namespace assay {

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_ += ',';
    first_.back() = false;
  }
}

JsonWriter& JsonWriter::begin_object() {
  separate();
  out_ += '{';
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  out_ += '}';
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  separate();
  out_ += '[';
  first_.push_back(true);
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  out_ += ']';
  first_.pop_back();
  return *this;
}
JsonWriter& JsonWriter::key(std::string_view name) {
  string(name);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::string(std::string_view text) {
  separate();
  out_ += '"';
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out_ += '\\';
      out_ += static_cast<char>(c);
    } else if (c == '\n') {
      out_ += "\\n";
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out_ += buf;
    } else {
      out_ += static_cast<char>(c);
    }
  }
  out_ += '"';
  return *this;
}

JsonWriter& JsonWriter::number(double x) {
  if (!std::isfinite(x)) return null();  // JSON has no NaN or infinity
  separate();
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  out_.append(buf, end);
  return *this;
}

JsonWriter& JsonWriter::integer(std::int64_t x) {
  separate();
  out_ += std::to_string(x);
  return *this;
}

JsonWriter& JsonWriter::boolean(bool b) {
  separate();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

namespace {
template <class T, class Emit>
void nested(JsonWriter& json, const Array<T>& a, std::size_t dim, std::size_t& at, Emit emit) {
  json.begin_array();
  for (std::size_t i = 0; i < a.shape[dim]; ++i) {
    if (dim + 1 == a.rank())
      emit(a.data[at++]);
    else
      nested(json, a, dim + 1, at, emit);
  }
  json.end_array();
}
}  // namespace

JsonWriter& JsonWriter::value(const Value& v) {
  std::size_t at = 0;
  switch (v.kind()) {
    case Kind::boolean:
      return boolean(v.as_bool());
    case Kind::integer:
      return integer(v.as_int());
    case Kind::real:
      return number(v.as_real());
    case Kind::string:
      return string(v.as_string());
    case Kind::real_array:
      nested(*this, v.as_real_array(), 0, at, [&](double x) { number(x); });
      return *this;
    case Kind::int_array:
      nested(*this, v.as_int_array(), 0, at, [&](std::int64_t x) { integer(x); });
      return *this;
    case Kind::float_array:
      nested(*this, v.as_float_array(), 0, at, [&](float x) { number(x); });
      return *this;
    case Kind::record: {
      const auto& r = v.as_record();
      begin_object();
      for (std::size_t i = 0; i < r.size(); ++i) key(r.names[i]).value(r.values[i]);
      return end_object();
    }
    case Kind::table: {
      const auto& t = v.as_table();
      begin_object();
      for (std::size_t c = 0; c < t.names.size(); ++c) {
        key(t.names[c]);
        begin_array();
        std::visit(
            [&](const auto& column) {
              for (const auto& x : column) {
                if constexpr (std::is_same_v<std::decay_t<decltype(x)>, std::string>)
                  string(x);
                else if constexpr (std::is_same_v<std::decay_t<decltype(x)>, double>)
                  number(x);
                else
                  integer(x);
              }
            },
            t.columns[c]);
        end_array();
      }
      return end_object();
    }
    case Kind::none:
    case Kind::any:
      return null();
  }
  return *this;
}

}  // namespace assay
