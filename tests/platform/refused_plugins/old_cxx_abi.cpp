// A plugin built with -D_GLIBCXX_USE_CXX11_ABI=0 (the pre-C++11 std::string): its calls into
// the SDK name symbols the SDK does not define (assay::Value::as_string() without [abi:cxx11]),
// so dlopen alone would refuse it with a raw "undefined symbol". The manifest read from the
// file must name both ABI values instead.
#include <assay/sdk.hpp>

struct Greeting {
  std::string name = "world";
};
struct Message {
  std::string text;
};

ASSAY_PLUGIN("old_cxx_abi", "1.0.0", "MIT",
             assay::method<Greeting, Message>("old_abi_greeting", "a greeting in the old ABI")
                 .param(&Greeting::name, "name", "who to greet")
                 .output(&Message::text, "text", "the greeting")
                 .run([](const Greeting& g) { return Message{"hello " + g.name}; }))
