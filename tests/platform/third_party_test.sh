#!/usr/bin/env bash
# Uses the prefix `cmake --install` made (the installed_prefix fixture) as a new user would:
#   - the installed host loads every shipped plugin (none refused, the same as the build tree);
#     every plugin's claims are run from the same prefix by its own verify test;
#   - the shipped pipelines are installed, and one runs from the prefix;
#   - the bash completion (and the man page, when built) is installed;
#   - examples/third_party builds against the installed SDK alone, with CMake and with
#     pkg-config, and its check passes through ASSAY_PLUGIN_PATH.
# Arguments: source folder, build folder, prefix, CMAKE_INSTALL_BINDIR, CMAKE_INSTALL_LIBDIR.
set -euo pipefail
source_dir=$1
build_dir=$2
prefix=$3
bindir=$4
libdir=$5
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
built_host=$build_dir/$bindir/assay
installed_host=$prefix/$bindir/assay

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Every shipped plugin loads from the prefix: the list (methods, plugins, versions, licences,
# the count loaded and any refusals with their reasons) is the build tree's, neither refuses
# anything (`list --check` exits 1 when it does), and only the plugin files' folders differ.
list_without_paths() {
  "$1" list --check >"$scratch/raw_list" || fail "$1 refuses plugins: $(cat "$scratch/raw_list")"
  sed -E 's#[[:space:]]+/[^[:space:]]+\.so$##' "$scratch/raw_list"
}
list_without_paths "$built_host" >"$scratch/built_list"
list_without_paths "$installed_host" >"$scratch/installed_list"
diff -u "$scratch/built_list" "$scratch/installed_list" || fail "the installed host lists other plugins"
grep -E '^[0-9]+ plugins loaded' "$scratch/installed_list"

# The shipped pipelines and the licence are installed, and a pipeline runs from the prefix.
# (every plugin folder's pipelines/, side by side).
mkdir "$scratch/shipped_pipelines"
cp "$source_dir"/plugins/*/pipelines/*.toml "$scratch/shipped_pipelines/"
diff -r "$scratch/shipped_pipelines" "$prefix/share/assay/pipelines" || fail "pipelines not installed"
cmp "$source_dir/LICENSE" "$prefix/share/doc/assay/LICENSE" || fail "LICENSE not installed"
"$installed_host" run -q "$prefix/share/assay/pipelines/examples.toml" -o "$scratch/examples.h5"

# The bash completion is installed and completes from the prefix; so is the man page, when the
# build had help2man to write it.
completion=$prefix/share/bash-completion/completions/assay
[[ -f $completion ]] || fail "bash completion not installed"
completed=$(bash -c 'source "$1"; COMP_WORDS=("$2" describe uniform_ma); COMP_CWORD=2; _assay
  printf "%s\n" "${COMPREPLY[@]}"' _ "$completion" "$installed_host")
[[ $completed == uniform_matrix ]] || fail "installed completion offered '$completed'"
if [[ -f $build_dir/share/man/man1/assay.1 ]]; then
  cmp "$build_dir/share/man/man1/assay.1" "$prefix/share/man/man1/assay.1" || fail "man page not installed"
fi

# A third-party plugin passes its check when loaded by the installed host alone.
verify_random_walk() {
  local report
  report=$(ASSAY_PLUGIN_PATH="$1" "$installed_host" verify random_walk)
  echo "$report"
  grep -Eq "random_walk +msd_is_linear +ok" <<<"$report" || fail "random_walk from $1"
}

cmake -S "$source_dir/examples/third_party" -B "$scratch/plugin" -G Ninja \
  -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$scratch/plugin" >/dev/null
verify_random_walk "$scratch/plugin"

# The same plugin built with nothing but the flags assay.pc gives (the host refuses a plugin
# built with another Eigen alignment, so a missing -mavx2 fails here).
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
mkdir "$scratch/pkgconfig"
read -ra pc_cflags <<<"$(pkg-config --cflags assay)"
read -ra pc_libs <<<"$(pkg-config --libs assay)"
c++ -std=c++20 -O2 -shared -fPIC -fvisibility=hidden "${pc_cflags[@]}" \
  "$source_dir/examples/third_party/random_walk.cpp" "${pc_libs[@]}" \
  -o "$scratch/pkgconfig/random_walk.so"
verify_random_walk "$scratch/pkgconfig/random_walk.so"

# `assay new plugin` out of tree: the generated project builds against the prefix and passes its
# own tests (the science's Catch2 test and `assay verify` through the installed host).
"$installed_host" new plugin fresh_method --out-of-tree "$scratch/new" >/dev/null
cmake -S "$scratch/new/fresh_method" -B "$scratch/new/build" -G Ninja \
  -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$scratch/new/build" >/dev/null
ctest --test-dir "$scratch/new/build" --output-on-failure >"$scratch/new/ctest.log" ||
  fail "the out-of-tree plugin from assay new: $(cat "$scratch/new/ctest.log")"
grep -E "tests passed" "$scratch/new/ctest.log"
