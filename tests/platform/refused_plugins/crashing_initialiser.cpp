// A plugin whose static initialiser kills the process that loads it: dlopen runs it, and with
// CRASH_BY_THROWING std::terminate aborts on its exception, otherwise it says why and calls
// abort(). Its manifest matches the host's, so only the scan in a child process keeps the host
// alive. Built twice (tests/platform/CMakeLists.txt), into a folder of its own.
#include <assay/sdk.hpp>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace {
struct KillsWhenLoaded {
  KillsWhenLoaded() {
#ifdef CRASH_BY_THROWING
    throw std::runtime_error(PLUGIN_NAME ": no licence server");
#else
    std::fputs(PLUGIN_NAME ": GPU driver not found\n", stderr);
    std::abort();
#endif
  }
} kills_when_loaded;

struct Nothing {};
}  // namespace

ASSAY_PLUGIN(PLUGIN_NAME, "1.0.0", "MIT",
             assay::method<Nothing, void>("never_listed", "its library never finishes loading")
                 .run([](const Nothing&, assay::Context&) {}))
