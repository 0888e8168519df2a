// The git revision of the source tree the host was built from, as /provenance records it:
// "<short hash>", "<short hash>-dirty" (uncommitted changes to tracked files) or "unknown".
// Defined in a file the build regenerates from cmake/AssayGitRevision.cmake.
#pragma once

namespace assay {

const char* git_revision();

}  // namespace assay
