// core_search on the logit market of the paper's check (beta = 60, a(d) = 1 - d^-0.4) at a given
// number of firms and grid: prints the min-max blocking margin and the median CPU seconds of
// several runs, as one JSON line, for compare.py.
//   bench_data_exchange <firms 3|4> <grid> <repeats>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "core.hpp"

namespace dx = assay::data_exchange;

namespace {

dx::Market bench_market(int firms) {
  const std::vector<double> sizes = {60, 120, 60, 90};
  dx::Market m;
  m.sizes.resize(firms);
  for (int j = 0; j < firms; ++j) m.sizes[j] = sizes[j];
  m.curves.assign(firms, dx::LearningCurve::power_law(1, 1, 0.4));
  m.demand = dx::Demand::logit;
  m.beta = 60;
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: bench_data_exchange <firms 3|4> <grid> <repeats>\n");
    return 2;
  }
  const int firms = std::atoi(argv[1]);
  const dx::Market market = bench_market(std::clamp(firms, 3, 4));
  dx::CoreOptions options;
  options.grid = std::atoi(argv[2]);
  options.refine = false;   // the peer searches grid deviations only
  options.certify = false;  // and computes no certificate
  std::vector<double> seconds;
  dx::CoreSearchResult r;
  for (int k = 0; k < std::max(1, std::atoi(argv[3])); ++k) {
    const std::clock_t start = std::clock();
    r = dx::core_search(market, options);
    seconds.push_back(double(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf("{\"min_max_margin\": %.17g, \"exchanges\": %ld, \"seconds\": %.6g}\n",
              r.min_max_margin, r.exchanges_searched, seconds[seconds.size() / 2]);
}
