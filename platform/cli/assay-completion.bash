# bash completion for assay: subcommands, each one's flags, pipeline files (*.toml) for run,
# result files (*.h5) for show, merge and report, plugin files (*.so) and method ids for
# describe, and method and plugin names (from `assay list --json`) for verify.
# Installed as <prefix>/share/bash-completion/completions/assay; source it to try it.

_assay_commands="list describe run verify show merge report new"

# Each command's flags, as its --help lists them (a test compares the two).
_assay_flags() {
  case $1 in
    list) echo "--json --check --allow-unsafe-plugin-path -h --help" ;;
    describe) echo "--json --allow-unsafe-plugin-path -h --help" ;;
    run) echo "-o --out -j --jobs --set --resume --timeout --dry-run --json --reuse --shard \
--progress --progress-every -q --quiet --allow-unsafe-plugin-path -h --help" ;;
    verify) echo "-j --jobs --seed --json --allow-unsafe-plugin-path -h --help" ;;
    show) echo "--limit --offset --point --json -h --help" ;;
    merge) echo "--json -h --help" ;;
    report) echo "-o --out --figures -h --help" ;;
    new) echo "--out-of-tree -h --help" ;;
  esac
}

# Method ids (and with `plugins`, plugin names) of the plugins this assay finds.
_assay_names() {
  local fields='"id"'
  [[ $2 == plugins ]] && fields='"(id|name)"'
  "$1" list --json 2>/dev/null | grep -oE "$fields:\"[^\"]*\"" | sed -E 's/^[^:]*:"(.*)"$/\1/' |
    sort -u
}

# Files matching a glob pattern, and folders to descend into.
_assay_files() {
  local IFS=$'\n'
  COMPREPLY+=($(compgen -f -X "!$1" -- "$2") $(compgen -d -- "$2"))
}

_assay() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    COMPREPLY=($(compgen -W "$_assay_commands --help --version" -- "$cur"))
    return
  fi
  local command=${COMP_WORDS[1]}
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_assay_flags "$command")" -- "$cur"))
    return
  fi
  case $prev in  # the value of a flag
    -o | --out) [[ $command == report ]] && _assay_files '*' "$cur" || _assay_files '*.h5' "$cur"
      return ;;
    --reuse) _assay_files '*.h5' "$cur"; return ;;
    --figures) _assay_files '*.json' "$cur"; return ;;
    --progress) COMPREPLY=($(compgen -W "auto live plain none" -- "$cur")); return ;;
    --out-of-tree) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    -j | --jobs | --set | --timeout | --shard | --progress-every | --seed | --limit | --offset | --point)
      return ;;
  esac
  case $command in
    run) _assay_files '*.toml' "$cur" ;;
    show | merge | report) _assay_files '*.h5' "$cur" ;;
    describe)
      COMPREPLY=($(compgen -W "$(_assay_names "${COMP_WORDS[0]}")" -- "$cur"))
      _assay_files '*.so' "$cur" ;;
    verify) COMPREPLY=($(compgen -W "$(_assay_names "${COMP_WORDS[0]}" plugins)" -- "$cur")) ;;
    new) ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W "plugin" -- "$cur")) ;;
  esac
}

complete -o filenames -F _assay assay
