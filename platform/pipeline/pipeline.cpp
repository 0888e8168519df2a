#include "pipeline/pipeline.hpp"

#include <algorithm>

namespace assay {

const NodeSpec* Pipeline::find_node(std::string_view node_name) const {
  const auto it = std::find_if(nodes.begin(), nodes.end(),
                               [&](const NodeSpec& n) { return n.name == node_name; });
  return it == nodes.end() ? nullptr : &*it;
}

}  // namespace assay
