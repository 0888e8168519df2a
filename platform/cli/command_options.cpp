#include "cli/command_options.hpp"

#include <cstdint>
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

namespace {
constexpr std::int64_t kMaxJobs = 4096;
}  // namespace

po::typed_value<std::int64_t>* jobs_option() { return po::value<std::int64_t>()->default_value(0); }

std::size_t job_count(const po::variables_map& vm) {
  const auto jobs = vm["jobs"].as<std::int64_t>();
  if (jobs < 0 || jobs > kMaxJobs)
    throw UsageError("--jobs " + std::to_string(jobs) + ": expected 0 (all cores) to " +
                     std::to_string(kMaxJobs));
  return static_cast<std::size_t>(jobs);
}

}  // namespace assay
