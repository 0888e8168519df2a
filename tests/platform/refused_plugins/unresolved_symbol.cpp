// A plugin whose manifest matches the host's but which needs a function nothing defines: the
// dynamic loader refuses it (RTLD_NOW), and the registry passes the loader's message on.
#include <assay/sdk.hpp>

extern "C" double assay_test_no_such_function();

// Exported so the linker keeps the reference to the missing function.
extern "C" __attribute__((visibility("default"))) double (*const assay_test_needs)() =
    assay_test_no_such_function;

ASSAY_PLUGIN("unresolved_symbol", "1.0.0", "MIT")
