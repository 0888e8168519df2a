// A plugin for the progress and log tests: a method that logs and reports its progress while it
// waits, as a long-running method would. Built outside the plugin folder; the tests add its
// folder to ASSAY_PLUGIN_PATH.
#include <assay/sdk.hpp>
#include <chrono>
#include <string>
#include <thread>

namespace {

assay::MethodInfo chatty_info() {
  return assay::method("chatty",
                       "Logs `lines` messages (the last of two lines), then waits `seconds` "
                       "reporting progress")
      .param<int>("lines", 2, "messages logged before the wait", assay::range(0, 100))
      .param<double>("seconds", 0.0, "how long to wait", assay::range(0, 60))
      .output<double>("value", "1.0 when the method completes");
}

void chatty(assay::Context& ctx) {
  const auto lines = ctx.param<int>("lines");
  // The last message has two lines, as a message with a table or a traceback would.
  for (int k = 1; k <= lines; ++k)
    ctx.log("message " + std::to_string(k) + " of " + std::to_string(lines) +
            (k == lines ? "\nthen the wait" : ""));
  const std::chrono::duration<double> wait(ctx.param<double>("seconds"));
  const auto start = std::chrono::steady_clock::now();
  for (auto waited = wait.zero(); waited < wait;
       waited = std::chrono::steady_clock::now() - start) {
    ctx.progress(waited / wait);
    ctx.throw_if_cancelled();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ctx.output("value", 1.0);
}

}  // namespace

ASSAY_PLUGIN("chatty", "1.0.0", assay::export_method(chatty_info(), chatty))
