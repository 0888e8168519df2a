// A plugin for the progress and log tests: a method that logs and reports its progress while it
// waits, as a long-running method would. Built outside the plugin folder; the tests add its
// folder to ASSAY_PLUGIN_PATH. Its optional output is absent from the points that did not wait.
#include <assay/sdk.hpp>
#include <chrono>
#include <string>
#include <thread>

namespace {

struct Chat {
  int lines = 2;
  double seconds = 0.0;
};

struct Done {
  double value = 1.0;
  std::optional<double> waited_s;  // only when the node waited
};

Done chatty(const Chat& c, assay::Context& ctx) {
  // The last message has two lines, as a message with a table or a traceback would.
  for (int k = 1; k <= c.lines; ++k)
    ctx.log("message " + std::to_string(k) + " of " + std::to_string(c.lines) +
            (k == c.lines ? "\nthen the wait" : ""));
  const std::chrono::duration<double> wait(c.seconds);
  const auto start = std::chrono::steady_clock::now();
  for (auto waited = wait.zero(); waited < wait;
       waited = std::chrono::steady_clock::now() - start) {
    ctx.progress(waited / wait);
    ctx.throw_if_cancelled();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  Done done;
  if (c.seconds > 0) done.waited_s = c.seconds;
  return done;
}

}  // namespace

ASSAY_PLUGIN("chatty", "1.0.0", "MIT",
             assay::method<Chat, Done>("chatty",
                                       "Logs `lines` messages (the last of two lines), then waits "
                                       "`seconds` reporting progress")
                 .param(&Chat::lines, "lines", "messages logged before the wait",
                        assay::range(0, 100))
                 .param(&Chat::seconds, "seconds", "how long to wait", assay::range(0, 60))
                 .output(&Done::value, "value", "1.0 when the method completes")
                 .output(&Done::waited_s, "waited_s", "seconds waited; absent when it did not")
                 .run(chatty))
