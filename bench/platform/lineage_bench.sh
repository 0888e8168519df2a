#!/usr/bin/env bash
# Node sharing: a 2-second upstream node feeding a 10 ms downstream node swept over 20 values,
# run end to end by `assay run` (process start and the final consolidation included).
#   shared:   the pipeline as written; the upstream node has one lineage, computed once.
#   unshared: the same points with the upstream node given a distinct lineage at every point
#             (its `tally` param zipped with the downstream axis), which is what every point
#             paid before node lineage: the upstream node computed once per point.
# Prints both wall times and their ratio at -j1 and -j2.
#
#   bench/platform/lineage_bench.sh [BUILD_DIR] [UPSTREAM_SECONDS]
set -euo pipefail
build=${1:-build}
upstream=${2:-2.0}
assay="$build/bin/assay"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

values="" tallies=""
for i in $(seq 0 19); do
  values+="${values:+, }0.0$(printf '%02d' $((10 + i)))"
  tallies+="${tallies:+, }\"$work/t$i\""
done
pipeline() {  # $1: extra [sweep] lines
  cat <<TOML
[pipeline]
name = "lineage-bench"
[nodes.up]
method = "faulty"
mode = "sleep"
seconds = $upstream
[nodes.down]
method = "faulty"
mode = "sleep"
inputs = { after = "up.value" }
[sweep]
"down.seconds" = [$values]
$1
TOML
}
pipeline "" > "$work/shared.toml"
pipeline "\"up.tally\" = [$tallies]
zip = [[\"down.seconds\", \"up.tally\"]]" > "$work/unshared.toml"

seconds() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }
for jobs in 1 2; do
  shared=$(seconds "$assay" run "$work/shared.toml" -o "$work/s$jobs.h5" -j "$jobs" -q)
  unshared=$(seconds "$assay" run "$work/unshared.toml" -o "$work/u$jobs.h5" -j "$jobs" -q)
  printf -- "-j%s: shared %.2f s, unshared %.2f s, ratio %.1fx (target >= 10)\n" \
    "$jobs" "$shared" "$unshared" "$(echo "$unshared / $shared" | bc -l)"
done
