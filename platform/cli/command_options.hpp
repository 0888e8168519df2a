// Option parsing shared by the subcommands (Boost.Program_options underneath).
#pragma once

#include <boost/program_options.hpp>
#include <string>

#include "cli/commands.hpp"

namespace assay {

namespace po = boost::program_options;

// Parses `cmd.args`; returns false (after printing `usage` and the options) for --help.
// Throws UsageError naming the problem and pointing at --help.
bool parse_options(const CommandLine& cmd, const std::string& name, const std::string& usage,
                   po::options_description options,
                   const po::positional_options_description& positional, po::variables_map& vm);

// The value of a `--jobs` option declared with jobs_option(): 0 (all cores) up to a bound far
// above any machine's cores; a negative or huge count is a UsageError, never a wrap-around.
po::typed_value<std::int64_t>* jobs_option();
std::size_t job_count(const po::variables_map& vm);

}  // namespace assay
