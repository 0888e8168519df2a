// assay verify [PLUGIN|METHOD...]: runs the checks that carry the papers' claims.
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>

#include "cli/command_options.hpp"
#include "cli/json_output.hpp"
#include "cli/loaded_plugins.hpp"
#include "pipeline/parse/source_error.hpp"

namespace assay {

namespace {

struct CheckRun {
  const RegisteredMethod* method;
  const Claim* check;
  CheckResult result;
  std::string error;
  double seconds = 0;

  bool reproduced() const { return error.empty() && result.passed; }
  // An error is never a finding: only a measurement can fail to reproduce a claim.
  bool as_declared() const { return error.empty() && result.passed == check->outcome.reproduces; }
  // ok, finding (a documented non-reproduction), FAIL, or UNEXPECTED (a claim declared not
  // to reproduce that now does: news, and the declaration is out of date).
  std::string status() const {
    if (as_declared()) return reproduced() ? "ok" : "finding";
    return reproduced() ? "UNEXPECTED" : "FAIL";
  }
};

std::vector<CheckRun> select_checks(const PluginRegistry& registry,
                                    const std::vector<std::string>& names) {
  std::vector<CheckRun> runs;
  for (const auto& name : names) {
    const bool known =
        registry.method(name) || std::any_of(registry.plugins().begin(), registry.plugins().end(),
                                             [&](const auto& p) { return p->name == name; });
    if (!known) {
      auto candidates = registry.ids();
      for (const auto& p : registry.plugins()) candidates.push_back(p->name);
      const auto nearest = nearest_name(name, candidates);
      throw UsageError("'" + name + "' is neither a plugin nor a method" +
                       (nearest.empty() ? "" : "; did you mean '" + nearest + "'?"));
    }
  }
  for (const auto& id : registry.ids()) {
    const auto* m = registry.method(id);
    const bool wanted = names.empty() || std::find(names.begin(), names.end(), id) != names.end() ||
                        std::find(names.begin(), names.end(), m->plugin->name) != names.end();
    if (wanted)
      for (const auto& c : m->exported.info.claims) runs.push_back({m, &c, {}, {}, 0});
  }
  return runs;
}

void run_check(CheckRun& run, std::uint64_t seed, std::mutex& log_mutex) {
  const auto start = std::chrono::steady_clock::now();
  CheckContext ctx{seed, [&](const std::string& line) {
                     std::lock_guard lock(log_mutex);
                     std::cerr << "[" << run.method->exported.info.id << "/" << run.check->name
                               << "] " << line << "\n";
                   }};
  try {
    tbb::this_task_arena::isolate([&] { run.result = run.check->measure(ctx); });
  } catch (const std::exception& e) {
    run.error = e.what();
  } catch (...) {
    run.error = "unknown exception";
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string number(double x) {
  std::ostringstream s;
  s << std::setprecision(5) << x;
  return s.str();
}

// Method and check columns as wide as their longest entry, so long ids never run together.
void print_table(const std::vector<CheckRun>& runs) {
  std::size_t method_width = 6, check_width = 5;
  for (const auto& r : runs) {
    method_width = std::max(method_width, r.method->exported.info.id.size());
    check_width = std::max(check_width, r.check->name.size());
  }
  const auto column = [](std::size_t width) { return std::setw(static_cast<int>(width + 2)); };
  std::cout << std::left << column(method_width) << "METHOD" << column(check_width) << "CHECK"
            << std::setw(12) << "" << std::setw(13) << "MEASURED" << std::setw(13) << "EXPECTED"
            << std::setw(26) << "RELATION"
            << "SECONDS\n";
  for (const auto& r : runs) {
    std::cout << column(method_width) << r.method->exported.info.id << column(check_width)
              << r.check->name << std::setw(12) << r.status() << std::setw(13)
              << number(r.result.measured) << std::setw(13) << number(r.result.expected)
              << std::setw(26) << r.result.relation << std::fixed << std::setprecision(2)
              << r.seconds << std::defaultfloat << "\n";
    if (!r.error.empty()) std::cout << "    error: " << r.error << "\n";
    if (!r.result.detail.empty()) std::cout << "    " << r.result.detail << "\n";
    if (!r.check->outcome.reproduces)
      std::cout << "    declared not to reproduce: " << r.check->outcome.reason << " ("
                << r.check->outcome.readme_section << ")\n";
  }
}

void print_json(const std::vector<CheckRun>& runs) {
  Json list = Json::array();
  for (const auto& r : runs)
    list.push_back({{"method", r.method->exported.info.id},
                    {"plugin", r.method->plugin->name},
                    {"check", r.check->name},
                    {"claim", r.check->sentence},
                    {"passed", r.reproduced()},
                    {"declared", r.check->outcome.reproduces ? "reproduces" : "does_not_reproduce"},
                    {"as_declared", r.as_declared()},
                    {"status", r.status()},
                    {"reason", r.check->outcome.reason},
                    {"readme_section", r.check->outcome.readme_section},
                    {"measured", r.result.measured},
                    {"expected", r.result.expected},
                    {"relation", r.result.relation},
                    {"detail", r.result.detail},
                    {"error", r.error},
                    {"seconds", r.seconds}});
  write_json(list, std::cout);
}

// Exit status 0 only when every claim came out as declared.
int print_summary(const std::vector<CheckRun>& runs) {
  std::size_t reproduced = 0, findings = 0, failed = 0, unexpected = 0;
  for (const auto& r : runs) {
    const auto status = r.status();
    reproduced += status == "ok", findings += status == "finding";
    failed += status == "FAIL", unexpected += status == "UNEXPECTED";
  }
  std::cerr << "assay: " << reproduced + findings << " of " << runs.size()
            << " checks as declared: " << reproduced << " reproduce, " << findings
            << " documented findings (declared not to reproduce)";
  if (failed) std::cerr << "; " << failed << " FAILED";
  if (unexpected)
    std::cerr << "; " << unexpected
              << " reproduced although declared not to (update the declaration and README)";
  std::cerr << "\n";
  return failed || unexpected ? 1 : 0;
}

}  // namespace

int verify_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("jobs,j", jobs_option(), "checks run at once (0: all cores)")(
      "seed", po::value<std::uint64_t>()->default_value(1), "seed every check starts from")(
      "json", "machine-readable output on stdout");
  add_plugin_path_options(options);
  Operands operands;
  operands.options.add_options()("names", po::value<std::vector<std::string>>()->composing(),
                                 "plugins or methods");
  operands.positional.add("names", -1);
  po::variables_map vm;
  if (!parse_options(cmd, "verify",
                     "Usage: assay verify [PLUGIN|METHOD...] [options]\n\nRuns the "
                     "checks of the named plugins or methods (all when none is named):\neach "
                     "compares a measured value with the paper's claim. Each claim declares\n"
                     "whether it reproduces at this scale or is a documented finding that does\n"
                     "not (with the README section). Status: ok (reproduces), finding (does not,\n"
                     "as declared), FAIL (declared to reproduce, did not, or raised an error),\n"
                     "UNEXPECTED (declared not to reproduce, but did). Exit status 0 when every\n"
                     "check comes out as declared, 1 otherwise or when nothing has checks.\n\n"
                     "Examples:\n"
                     "  assay verify                          # every plugin's checks\n"
                     "  assay verify sbi_langevin -j 2        # one plugin's, two at a time\n"
                     "  assay verify markov_pair_ldp --seed 7 --json   # one method's, as JSON",
                     options, operands, vm))
    return 0;
  const auto registry = load_plugins(true, vm);
  const auto names =
      vm.count("names") ? vm["names"].as<std::vector<std::string>>() : std::vector<std::string>{};
  auto runs = select_checks(*registry, names);
  const auto jobs = job_count(vm);
  std::mutex log_mutex;
  tbb::task_arena arena(jobs ? static_cast<int>(jobs) : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, runs.size(), [&](std::size_t i) {
      run_check(runs[i], vm["seed"].as<std::uint64_t>(), log_mutex);
    });
  });
  if (runs.empty()) {
    std::cerr << "assay: nothing to verify: " << (names.empty() ? "no plugin" : joined(names))
              << " declares no checks\n";
    return 1;
  }
  vm.count("json") ? print_json(runs) : print_table(runs);
  return print_summary(runs);
}

}  // namespace assay
