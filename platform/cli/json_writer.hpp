// JsonWriter: streaming JSON for `--json` output (no dependency for a few dozen lines).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "assay/value.hpp"

namespace assay {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);
  JsonWriter& string(std::string_view text);
  JsonWriter& number(double x);
  JsonWriter& integer(std::int64_t x);
  JsonWriter& boolean(bool b);
  JsonWriter& null();
  JsonWriter& value(const Value& v);  // arrays as nested lists, tables as {column: [...]}

  const std::string& str() const { return out_; }

 private:
  void separate();

  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
};

}  // namespace assay
