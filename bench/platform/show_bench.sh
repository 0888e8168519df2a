#!/usr/bin/env bash
# `assay show FILE` (50 rows) against h5py reading /index of the same file, at several sizes:
# the pipeline uniform_matrix (2x2) -> matrix_summary swept over N values of data.low, run
# once per size with -j2, then each reader timed by /usr/bin/time (wall seconds, peak RSS).
# A second assay binary (e.g. one built from an older commit) is timed beside it when given.
#
#   bench/platform/show_bench.sh [BUILD_DIR] [SIZES] [OTHER_ASSAY]
#   bench/platform/show_bench.sh build "10000 100000" /tmp/assay-main
set -euo pipefail
build=${1:-build}
sizes=${2:-"10000 100000"}
other=${3:-}
assay="$build/bin/assay"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pipeline() {  # $1: points
  /usr/bin/python3 - "$1" <<'PY'
import sys
n = int(sys.argv[1])
lows = ", ".join(repr(-i * 1e-6) for i in range(n))
print(f'''[pipeline]
name = "show-bench"
[nodes]
data = {{ method = "uniform_matrix", rows = 2, cols = 2 }}
summary = {{ method = "matrix_summary", inputs = {{ matrix = "data.matrix" }} }}
[sweep]
"data.low" = [{lows}]''')
PY
}

timed() {  # $1: label; the rest: the command
  local label=$1
  shift
  /usr/bin/time -f "$label %e s wall, %M KB peak RSS" "$@" > /dev/null
}

for n in $sizes; do
  pipeline "$n" > "$work/p$n.toml"
  "$assay" run "$work/p$n.toml" -o "$work/r$n.h5" -j 2 -q
  echo "$n points, $(du -h "$work/r$n.h5" | cut -f1) file"
  timed "  assay show" "$assay" show "$work/r$n.h5"
  [[ -n $other ]] && timed "  $other show" "$other" show "$work/r$n.h5"
  timed "  h5py /index" /usr/bin/python3 -c \
    'import h5py, sys; h5py.File(sys.argv[1], "r")["index"][()]' "$work/r$n.h5"
done
