#include "cli/command_options.hpp"

#include <iostream>

namespace assay {

bool parse_options(const CommandLine& cmd, const std::string& name, const std::string& usage,
                   po::options_description options,
                   const po::positional_options_description& positional, po::variables_map& vm) {
  options.add_options()("help,h", "show this help");
  try {
    po::store(po::command_line_parser(cmd.args).options(options).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << usage << "\n" << options << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + "; see `assay " + name + " --help`");
  }
  return true;
}

}  // namespace assay
