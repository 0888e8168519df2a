#include "gate_runs.hpp"

namespace assay::qnn_spectral {

std::vector<GateRun> gate_runs(const Circuit& c) {
  using Type = Gate::Type;
  std::vector<GateRun> runs;
  const auto& gates = c.gates;
  for (std::size_t g = 0; g < gates.size();) {
    GateRun run{g, g + 1, gates[g].qubit, gates[g].type != Type::cz, false};
    const auto continues = [&](const Gate& next) {
      return run.rotations ? next.type != Type::cz && next.qubit == run.qubit
                           : next.type == Type::cz;
    };
    while (run.end < gates.size() && continues(gates[run.end])) ++run.end;
    run.zyz = run.end - run.begin == 3 && gates[g].type == Type::rz &&
              gates[g + 1].type == Type::ry && gates[g + 2].type == Type::rz;
    runs.push_back(run);
    g = run.end;
  }
  return runs;
}

}  // namespace assay::qnn_spectral
