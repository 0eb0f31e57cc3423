#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs every command fenced as ```sh in docs/*.md and checks it does what the
# text says. Inside a block, each command (lines ending in `\` continue it) is
# run with `fcsim` meaning the built binary, in a scratch directory where
# `examples/` is the source tree's. A comment line after a command states the
# expectation; without one the command must exit 0:
#   # expect: exit N                the exit status
#   # expect: output TEXT           TEXT appears in stdout or stderr
# Usage: run_doc_commands.sh FCSIM_BINARY SOURCE_DIR
# FCSIM_DOCS_FILTER=REGEX runs only the commands matching REGEX.
set -u
fcsim_bin=$(realpath "$1")
src=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$src/examples" "$work/examples"
failures=0
count=0

check() { # file line command expected_status expected_texts...
  local file=$1 line=$2 cmd=$3 want=$4
  shift 4
  if [ -n "${FCSIM_DOCS_FILTER:-}" ] && ! grep -Eq "$FCSIM_DOCS_FILTER" <<<"$cmd"; then
    return
  fi
  count=$((count + 1))
  local out status
  out=$(cd "$work" && fcsim() { "$fcsim_bin" "$@"; } && eval "$cmd" 2>&1)
  status=$?
  if [ "$status" != "$want" ]; then
    echo "FAIL $file:$line: exit $status, expected $want: $cmd" >&2
    printf '%s\n' "$out" | tail -5 >&2
    failures=$((failures + 1))
    return
  fi
  for text in "$@"; do
    if ! grep -qF -- "$text" <<<"$out"; then
      echo "FAIL $file:$line: output lacks \`$text\`: $cmd" >&2
      printf '%s\n' "$out" | tail -5 >&2
      failures=$((failures + 1))
      return
    fi
  done
  echo "ok   $file:$line: $cmd"
}

for doc in "$src"/docs/*.md; do
  name=${doc#"$src"/}
  case $name in
  # these have tests of their own that run them from a checkout (sim/tutorial,
  # sim/reproduce_quick), and the full reproduction takes minutes
  docs/TUTORIAL.md | docs/REPRODUCE.md) continue ;;
  esac
  in_block=0 cmd="" cmd_line=0 want=0 texts=() n=0
  flush() {
    if [ -n "$cmd" ]; then
      check "$name" "$cmd_line" "$cmd" "$want" "${texts[@]+"${texts[@]}"}"
    fi
    cmd="" want=0 texts=()
  }
  while IFS= read -r l || [ -n "$l" ]; do
    n=$((n + 1))
    if [ $in_block = 0 ]; then
      [[ $l =~ ^[[:space:]]*\`\`\`sh[[:space:]]*$ ]] && in_block=1
      continue
    fi
    if [[ $l =~ ^[[:space:]]*\`\`\` ]]; then
      flush
      in_block=0
      continue
    fi
    if [[ $l =~ ^[[:space:]]*#[[:space:]]*expect:[[:space:]]*exit[[:space:]]+([0-9]+) ]]; then
      want=${BASH_REMATCH[1]}
    elif [[ $l =~ ^[[:space:]]*#[[:space:]]*expect:[[:space:]]*output[[:space:]]+(.*)$ ]]; then
      texts+=("${BASH_REMATCH[1]}")
    elif [[ $l =~ ^[[:space:]]*(#.*)?$ ]]; then
      :
    elif [ -n "$cmd" ] && [[ $cmd == *\\ ]]; then
      cmd="${cmd%\\} $l"
    else
      flush
      cmd=$l
      cmd_line=$n
    fi
  done <"$doc"
done
echo "$count documented commands run, $failures failed"
[ "$count" -gt 0 ] && [ "$failures" = 0 ]
