#include "pipeline/parse/toml_value.hpp"

#include <sstream>
#include <vector>

#include "pipeline/toml/toml_text.hpp"

namespace assay {

SourcePos TomlOrigin::pos(const toml::source_region& region) const {
  if (!has_lines) return {file, 0, 0};
  return {file, static_cast<int>(region.begin.line), static_cast<int>(region.begin.column)};
}

namespace {

std::string shape_text(const std::vector<std::size_t>& shape) {
  std::string s;
  for (const auto n : shape) s += (s.empty() ? "" : "x") + std::to_string(n);
  return s;
}

// Flattens nested TOML arrays row-major, checking that they form a rectangular block.
class ArrayReader {
 public:
  ArrayReader(const TomlOrigin& origin, const std::string& key) : origin_(origin), key_(key) {}

  Value read(const toml::array& array) {
    auto shape = shape_of(array);
    if (all_ints_) return IntArray{std::move(shape), std::move(ints_)};
    return RealArray{std::move(shape), std::move(reals_)};
  }

 private:
  std::vector<std::size_t> shape_of(const toml::array& array) {
    if (array.empty()) return {0};
    if (array.front().is_array()) return shape_of_rows(array);
    for (const auto& element : array) add_number(element);
    return {array.size()};
  }

  std::vector<std::size_t> shape_of_rows(const toml::array& array) {
    std::vector<std::size_t> row_shape;
    for (const auto& element : array) {
      if (!element.is_array()) fail(element, "a list mixes lists and numbers");
      auto shape = shape_of(*element.as_array());
      if (&element == &array.front()) row_shape = shape;
      if (shape != row_shape)
        fail(element, "nested lists of unequal lengths (" + shape_text(shape) + " after " +
                          shape_text(row_shape) + ")");
    }
    row_shape.insert(row_shape.begin(), array.size());
    return row_shape;
  }

  void add_number(const toml::node& element) {
    if (const auto* i = element.as_integer()) {
      ints_.push_back(i->get());
      reals_.push_back(static_cast<double>(i->get()));
    } else if (const auto* d = element.as_floating_point()) {
      all_ints_ = false;
      reals_.push_back(d->get());
    } else {
      fail(element, element.is_array() ? "a list mixes lists and numbers"
                                       : "lists may hold only numbers or lists of numbers");
    }
  }

  [[noreturn]] void fail(const toml::node& at, const std::string& what) const {
    throw SourceError(origin_.pos(at.source()), key_, what,
                      "write a number, a list of numbers or a list of equally long lists");
  }

  const TomlOrigin& origin_;
  const std::string& key_;
  std::vector<std::int64_t> ints_;
  std::vector<double> reals_;
  bool all_ints_ = true;
};

}  // namespace

Value toml_to_value(const toml::node& node, const TomlOrigin& origin, const std::string& key) {
  if (const auto* i = node.as_integer()) return Value(i->get());
  if (const auto* d = node.as_floating_point()) return Value(d->get());
  if (const auto* b = node.as_boolean()) return Value(b->get());
  if (const auto* s = node.as_string()) return Value(s->get());
  if (const auto* a = node.as_array()) return ArrayReader(origin, key).read(*a);
  const bool table = node.is_table();
  throw SourceError(origin.pos(node.source()), key,
                    table ? "a table is not a value" : "dates and times are not supported",
                    "write a number, bool, string or a list of numbers");
}

std::string toml_node_text(const toml::node& node) {
  if (const auto* s = node.as_string()) return toml_text(Value(s->get()));  // "x", as written
  std::ostringstream out;
  node.visit([&](const auto& n) { out << n; });
  return out.str();
}

}  // namespace assay
