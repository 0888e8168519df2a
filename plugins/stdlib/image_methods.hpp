// The stdlib's image methods (Debian image sets, procedural scenes) as exports for ASSAY_PLUGIN.
#pragma once

#include <assay/plugin.hpp>

namespace assay::stdlib {

MethodExport image_set_method();
MethodExport procedural_scenes_method();

}  // namespace assay::stdlib
