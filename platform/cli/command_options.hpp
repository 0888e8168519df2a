// Option parsing shared by the subcommands (Boost.Program_options underneath).
#pragma once

#include <boost/program_options.hpp>
#include <string>

#include "cli/commands.hpp"

namespace assay {

namespace po = boost::program_options;

// A command's positional arguments: declared as options so Program_options can parse them, but
// left out of --help, whose option list is the flags a user types (the README's CLI table and
// the bash completion are checked against it).
struct Operands {
  po::options_description options;
  po::positional_options_description positional;
};

// Parses `cmd.args`; returns false (after printing `usage` and the options) for --help.
// Throws UsageError naming the problem and pointing at --help.
bool parse_options(const CommandLine& cmd, const std::string& name, const std::string& usage,
                   po::options_description options, const Operands& operands,
                   po::variables_map& vm);

// The value of a `--jobs` option declared with jobs_option(): 0 (all cores) up to a bound far
// above any machine's cores; a negative or huge count is a UsageError, never a wrap-around.
po::typed_value<std::int64_t>* jobs_option();
std::size_t job_count(const po::variables_map& vm);

}  // namespace assay
