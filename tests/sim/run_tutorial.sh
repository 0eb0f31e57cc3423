#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs every command of docs/TUTORIAL.md (its ```sh blocks) and of README.md
# (its ```sh blocks), in order, in a scratch directory where build/fcsim is
# the fcsim under test and examples/ and scripts/ are the repository's. Any
# command failing fails the test, so the documents cannot go stale.
#   run_tutorial.sh SOURCE_DIR FCSIM_BINARY [DOC.md ...]
set -euo pipefail
src=$(cd "$1" && pwd) bin=$(realpath "$2")
shift 2
docs=("$@")
[ ${#docs[@]} -gt 0 ] || docs=("$src/docs/TUTORIAL.md" "$src/README.md")
work=$(mktemp -d "${TMPDIR:-/tmp}/fcsim-tutorial-XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build"
ln -s "$bin" "$work/build/fcsim"
ln -s "$src/examples" "$work/examples"
ln -s "$src/scripts" "$work/scripts"
for doc in "${docs[@]}"; do
  script=$work/$(basename "$doc").sh
  # the body of every fence opened by exactly ```sh
  awk '/^```sh[[:space:]]*$/ { on = 1; next } /^```/ { if (on) print ""; on = 0; next } on' "$doc" >"$script"
  n=$(grep -c . "$script" || true)
  [ "$n" -gt 0 ] || { echo "run_tutorial: no \`\`\`sh commands in $doc" >&2; exit 1; }
  echo "== $(basename "$doc"): $n lines of commands"
  (cd "$work" && bash -euo pipefail -x "$script") >"$work/log" 2>&1 || {
    echo "run_tutorial: a command of $doc failed; the end of its log:" >&2
    tail -n 30 "$work/log" >&2
    exit 1
  }
done
# the figures the tutorial promises exist and are PNG
for f in run.png transpose.png tune.png optimal.png stream.png reproduce-out/tables.md; do
  case " ${docs[*]} " in *TUTORIAL.md*) [ -s "$work/$f" ] || { echo "run_tutorial: $f was not written" >&2; exit 1; } ;; esac
done
echo "run_tutorial: every command ran"
