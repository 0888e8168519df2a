// JSON for `--json`: values as JSON, and the one way every command writes its document.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "assay/value.hpp"

namespace assay {

// Keys stay in the order they are added, so a document reads in the order of the text output.
using Json = nlohmann::ordered_json;

// Scalars as JSON scalars (NaN and infinities as null: JSON has neither), arrays as nested
// lists, records as objects, tables as {column: [values]}.
Json value_json(const Value& value);

// One line of JSON. A string that is not UTF-8 (e.g. a file name on ASSAY_PLUGIN_PATH) has each
// invalid byte replaced by U+FFFD, so the document is always valid JSON.
void write_json(const Json& document, std::ostream& out);

}  // namespace assay
