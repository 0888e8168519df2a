// Declared figures as JSON: as a method declares them (`assay describe`), and resolved to the
// /index columns of a run's nodes (the result's root attribute "figures", which `assay report`
// draws).
#pragma once

#include <string>

#include "assay/figure.hpp"
#include "cli/json_output.hpp"
#include "pipeline/pipeline.hpp"
#include "registry/plugin_registry.hpp"

namespace assay {

// The figure with its columns named as the method declares them.
Json figure_json(const Figure& figure);

// Every figure of every node's method, its columns renamed "node.name" ("replicate" stays),
// with the node and method it belongs to; an empty text when no method declares a figure.
std::string run_figures_json(const Pipeline& pipeline, const PluginRegistry& registry);

}  // namespace assay
