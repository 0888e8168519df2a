// assay-plugin-scan FILE: loads one plugin file as the host would and asks it for its methods,
// so that a file whose constructors or registration crash the process crashes this one instead
// of the host (plugin_scan.hpp). Exit 0 means loading did not crash; a library the dynamic
// loader refuses, or whose registration throws, is also 0: the host then finds and reports the
// same error itself, with its own message.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>

#include "assay/method.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: assay-plugin-scan FILE\n");
    return 2;
  }
  if (void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL)) {
    using Methods = void(assay::MethodList&);
    if (auto* methods = reinterpret_cast<Methods*>(dlsym(library, "assay_plugin_methods"))) {
      try {
        assay::MethodList list;
        methods(list);
      } catch (...) {  // reported by the host, which makes the same call
      }
    }
  }
  // Leaves without the plugin's exit-time destructors: how a plugin ends a process is the run's
  // concern (issue 34's isolated workers), not whether it can be loaded.
  std::fflush(stderr);
  _exit(0);
}
