#!/usr/bin/env bash
# MPI-distributed sweep vs one process: a CPU-bound sweep (bench_spin points) run with
# `mpirun -np 2` (one thread per rank) and by one process with -j1, wall time end to end
# (process start, plugin loading and the final merge included). Prints the speed-up ratio.
#
#   bench/platform/mpi_bench.sh [BUILD_DIR] [POINTS] [ITERATIONS]
set -euo pipefail
build=${1:-build}
points=${2:-192}
iterations=${3:-20000000}
assay="$build/bin/assay"
export ASSAY_PLUGIN_PATH="$build/bench/plugins"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/spin.toml" <<TOML
[pipeline]
name = "mpi-bench"
[nodes.spin]
method = "bench_spin"
iterations = $iterations
[sweep]
"spin.iterations" = [$iterations]
replicates = $points
TOML

seconds() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }

single=$(seconds "$assay" run "$work/spin.toml" -o "$work/single.h5" -j 1 -q)
mpi=$(seconds mpirun -np 2 --oversubscribe --allow-run-as-root "$assay" run "$work/spin.toml" \
        -o "$work/mpi.h5" -j 1 -q)
printf 'points %d x bench_spin(%d)\n' "$points" "$iterations"
printf 'one process -j1:  %.2f s\n' "$single"
printf 'mpirun -np 2:     %.2f s\n' "$mpi"
printf 'ratio:            %.2fx\n' "$(echo "$single / $mpi" | bc -l)"
