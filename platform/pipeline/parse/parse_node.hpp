// One [nodes.<name>] table: its method, its links, its replicate sharing, which outputs it stores
// and, as params, every other key.
#pragma once

#include <toml++/toml.h>

#include "pipeline/parse/toml_value.hpp"
#include "pipeline/pipeline.hpp"

namespace assay {

NodeSpec read_node(const toml::key& name, const toml::node& node, const TomlOrigin& origin);

}  // namespace assay
