#include "cli/command_options.hpp"

#include <cstdint>
#include <iostream>

namespace assay {

bool parse_options(const CommandLine& cmd, const std::string& name, const std::string& usage,
                   po::options_description options, const Operands& operands,
                   po::variables_map& vm) {
  options.add_options()("help,h", "show this help");
  po::options_description all;
  all.add(options).add(operands.options);
  try {
    po::store(po::command_line_parser(cmd.args).options(all).positional(operands.positional).run(),
              vm);
    if (vm.count("help")) {
      std::cout << usage << "\n" << options << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::required_option& e) {
    // A positional argument is named by what it is, not by the option it is parsed as.
    const auto* operand = operands.options.find_nothrow(e.get_option_name().substr(2), false);
    throw UsageError(
        (operand ? "missing the " + operand->description() + " argument" : std::string(e.what())) +
        "; see `assay " + name + " --help`");
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
