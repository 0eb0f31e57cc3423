#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The command-option table (src/cli/options.c) against the commands:
#  - every option the table gives a command is accepted by that command's
#    parser (a probe with an unknown option shows the probe can fail);
#  - every option a parser in src/cli/ compares against is in the table;
#  - `fcsim help COMMAND` works for every command, the man page lists every
#    command's options, and the completion script names them;
#  - did-you-mean for commands, `--set KEY VALUE` answered with the right
#    form, `--quiet` refused without an output file.
# Usage: options_table.sh FCSIM_BINARY SOURCE_DIR
set -u
fcsim=$(realpath "$1")
src=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }

# How each command is probed: the words after the option. Commands whose
# parser reads --help anywhere get --help (nothing runs); the model and the
# table-driven applications get a parameter that does not exist, refused
# after parsing.
probe_tail() {
  case $1 in
  model* | "app link" | "app halo") echo "--set no_such_parameter=1" ;;
  *) echo "--help" ;;
  esac
}
probe_head() { # the words before the option
  case $1 in
  model) echo "model p2p" ;;
  *) echo "$1" ;;
  esac
}

"$fcsim" help --options >options.tsv || bad "fcsim help --options failed"
[ -s options.tsv ] || bad "the option table is empty"
while IFS= read -r cmd; do
  [ "$cmd" = help ] && continue
  # shellcheck disable=SC2046
  out=$("$fcsim" $(probe_head "$cmd") --no-such-option $(probe_tail "$cmd") 2>&1)
  grep -q "unknown option" <<<"$out" || bad "$cmd: an unknown option is not refused, the probe proves nothing: $out"
done < <(cut -f1 options.tsv | sort -u)

probed=0
while IFS=$'\t' read -r cmd name alias arg; do
  [ "$cmd" = help ] && continue
  for opt in "$name" "$alias"; do
    [ "$opt" = - ] && continue
    val=()
    [ "$arg" != - ] && val=("x")
    # shellcheck disable=SC2046
    out=$("$fcsim" $(probe_head "$cmd") "$opt" "${val[@]}" $(probe_tail "$cmd") 2>&1)
    if grep -q "unknown option" <<<"$out"; then
      bad "fcsim $cmd does not accept $opt, which the table gives it: $out"
    fi
    if grep -q "Sanitizer\|runtime error" <<<"$out"; then
      bad "fcsim $cmd $opt: a sanitizer report: $out"
    fi
    probed=$((probed + 1))
  done
done <options.tsv

# every option compared in a parser is in the table
for opt in $(grep -ho 'strn\?cmp([^,]*, "--\?-[a-z][a-z-]*"' "$src"/src/cli/*.c | grep -o '"-[^"]*"' | tr -d '"' | sort -u); do
  case $opt in --help | -h | --version | --man | --markdown | --completion | --options) continue ;; esac
  cut -f2,3 options.tsv | tr '\t' '\n' | grep -qx -- "$opt" || bad "$opt is parsed in src/cli/ but missing from the option table"
done

# help for every command and subcommand
while IFS= read -r cmd; do
  # shellcheck disable=SC2086
  "$fcsim" help $cmd >help.out 2>&1 || bad "fcsim help $cmd failed: $(head -3 help.out)"
  grep -q "usage: fcsim $cmd" help.out || bad "fcsim help $cmd does not print its usage"
done < <(cut -f1 options.tsv | sort -u)

# every registered app brings its usage and options (its ops in src/apps/,
# joined into the table after `app`): a usage line, --json, and --schedule
# with the schedules its synopsis names
apps=$("$fcsim" app --help 2>&1 | awk '/^applications:/ {on = 1; next} on && $1 != "fcsim" {print $1}')
[ -n "$apps" ] || bad "fcsim app --help lists no application"
for a in $apps; do
  grep -q "^app $a	--json	" options.tsv || bad "app $a: no --json in the option table"
  "$fcsim" app "$a" --help 2>&1 | grep -q "usage: fcsim app $a " || bad "fcsim app $a --help prints no usage"
  syn=$("$fcsim" app "$a" --help 2>&1 | head -1)
  sched=$(grep -o -- "--schedule [a-z0-9|]*" <<<"$syn" | cut -d' ' -f2)
  if [ -n "$sched" ]; then
    grep -q "^app $a	--schedule	-	$sched\$" options.tsv || bad "app $a: --schedule $sched is not its table row"
  fi
done

# the man page: each command's section lists each of its options
"$fcsim" help --man >fcsim.1 || bad "fcsim help --man failed"
while IFS=$'\t' read -r cmd name alias arg; do
  roff_name=${name//-/\\-}
  awk -v sec=".SS \"$cmd\"" -v opt=".B $roff_name" '
    $0 == sec { inside = 1; next }
    /^\.S[SH] / { inside = 0 }
    inside && index($0, opt) == 1 { found = 1 }
    END { exit !found }' fcsim.1 || bad "the man page does not list $name under $cmd"
done <options.tsv
grep -q '^\.SH EXAMPLES' fcsim.1 || bad "the man page has no EXAMPLES section"
if grep -q 'docs/' fcsim.1; then bad "the man page points to docs/ (not where it is installed)"; fi

# the completion script names every command's options and the keys
"$fcsim" help --completion bash >fcsim.bash || bad "fcsim help --completion bash failed"
bash -n fcsim.bash || bad "the bash completion is not valid bash"
grep -q "router.vcs=" fcsim.bash || bad "the completion lacks the keys"
grep -q "^  \"sweep\") echo '.*--vary" fcsim.bash || bad "the completion lacks sweep's --vary"
# completion as bash runs it: what follows each typed line
complete_line() { # WORDS... -> the candidates, space-separated
  bash -c 'source ./fcsim.bash; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _fcsim; echo "${COMPREPLY[*]}"' _ "$@"
}
expect_completion() { # WANT WORDS...
  want=$1
  shift
  got=$(complete_line "$@")
  case " $got " in *" $want "*) ;; *) bad "completing \`$*\` gives \`$got\`, not \`$want\`" ;; esac
}
expect_completion run fcsim ru
expect_completion app fcsim ap
expect_completion --links fcsim run --li
expect_completion router.vcs= fcsim run --set router.v
expect_completion traffic.rate= fcsim sweep --vary traffic.ra
expect_completion router.vcs= fcsim tune x.ini --space router.vc
expect_completion rr fcsim run --set router.arbitration =
expect_completion link fcsim app li
expect_completion --preset fcsim app link --pr
expect_completion rpm fcsim collective build --algorithm ""
expect_completion stream fcsim model st

# discoverability
"$fcsim" runn >/dev/null 2>err.txt
[ $? = 2 ] && grep -q "did you mean \`run\`" err.txt && grep -q "app" err.txt || bad "fcsim runn: $(cat err.txt)"
"$fcsim" run --set router.vcs 4 >/dev/null 2>err.txt
[ $? = 2 ] && grep -q -- "--set router.vcs=4" err.txt || bad "--set router.vcs 4: $(cat err.txt)"
"$fcsim" run --quiet >/dev/null 2>err.txt
[ $? = 2 ] && grep -q -- "--quiet without" err.txt || bad "run --quiet without an output file: $(cat err.txt)"
"$fcsim" sweep --vary traffic.rate=0.1:0.2:0.1 -q >/dev/null 2>err.txt
[ $? = 2 ] || bad "sweep -q without an output file was not refused"
"$fcsim" app link --help >/dev/null || bad "fcsim app link --help needs a CONFIG"
"$fcsim" help app link | grep -q "usage: fcsim app link \[CONFIG\]" || bad "app link's usage asks for a CONFIG"

echo "option table: $probed options probed, $(cut -f1 options.tsv | sort -u | wc -l) commands; $([ $fail = 0 ] && echo OK || echo FAILED)"
exit $fail
