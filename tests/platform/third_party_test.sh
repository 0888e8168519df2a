#!/usr/bin/env bash
# Installs Assay into a temporary prefix, builds examples/third_party against the installed
# SDK alone, and runs the plugin's check through ASSAY_PLUGIN_PATH with the installed host.
set -euo pipefail
source_dir=$1
build_dir=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cmake --install "$build_dir" --prefix "$scratch/prefix" >/dev/null
cmake -S "$source_dir/examples/third_party" -B "$scratch/plugin" -G Ninja \
  -DCMAKE_PREFIX_PATH="$scratch/prefix" >/dev/null
cmake --build "$scratch/plugin" >/dev/null
report=$(ASSAY_PLUGIN_PATH="$scratch/plugin" "$scratch/prefix/bin/assay" verify random_walk)
echo "$report"
grep -Eq "random_walk +msd_is_linear +ok" <<<"$report"
