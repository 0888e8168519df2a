#include "cli/json_output.hpp"

#include <type_traits>

namespace assay {

namespace {

template <class T>
Json nested(const Array<T>& a, std::size_t dim, std::size_t& at) {
  Json list = Json::array();
  for (std::size_t i = 0; i < a.shape[dim]; ++i)
    list.push_back(dim + 1 == a.rank() ? Json(a.data[at++]) : nested(a, dim + 1, at));
  return list;
}

template <class T>
Json array_json(const Array<T>& a) {
  std::size_t at = 0;
  return a.rank() == 0 ? Json::array() : nested(a, 0, at);
}

Json table_json(const Table& t) {
  Json object = Json::object();
  for (std::size_t c = 0; c < t.names.size(); ++c)
    std::visit([&](const auto& column) { object[t.names[c]] = column; }, t.columns[c]);
  return object;
}

Json record_json(const Record& r) {
  Json object = Json::object();
  for (std::size_t i = 0; i < r.size(); ++i) object[r.names[i]] = value_json(r.values[i]);
  return object;
}

}  // namespace

Json value_json(const Value& v) {
  switch (v.kind()) {
    case Kind::boolean:
      return v.as_bool();
    case Kind::integer:
      return v.as_int();
    case Kind::real:
      return v.as_real();
    case Kind::string:
      return v.as_string();
    case Kind::real_array:
      return array_json(v.as_real_array());
    case Kind::int_array:
      return array_json(v.as_int_array());
    case Kind::float_array:
      return array_json(v.as_float_array());
    case Kind::record:
      return record_json(v.as_record());
    case Kind::table:
      return table_json(v.as_table());
    case Kind::none:
    case Kind::any:
      break;
  }
  return nullptr;
}

void write_json(const Json& document, std::ostream& out) {
  out << document.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace assay
