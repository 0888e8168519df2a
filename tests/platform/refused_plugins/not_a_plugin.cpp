// An ordinary shared library that happens to sit in a plugin folder.
extern "C" __attribute__((visibility("default"))) int not_a_plugin_answer() { return 42; }
