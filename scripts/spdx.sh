#!/usr/bin/env bash
# Adds the SPDX licence identifier to every tracked source and script file
# that lacks it: `/* SPDX-License-Identifier: BSD-3-Clause */` as the first
# line of C files, `# SPDX-License-Identifier: BSD-3-Clause` after the `#!`
# line (or first) of shell, Python and CMake files. Idempotent: a file that
# already has an SPDX line is left alone.
#   scripts/spdx.sh          add the headers
#   scripts/spdx.sh --check  list the files without one; exit 1 if any
set -euo pipefail
cd "$(dirname "$0")/.."
id="SPDX-License-Identifier: BSD-3-Clause"
check=0
[ "${1:-}" = "--check" ] && check=1

spdx_files() { # the tracked files that must carry the identifier
  git ls-files -- '*.c' '*.h' '*.sh' '*.py' '*.cmake' 'CMakeLists.txt' '*/CMakeLists.txt' '*.in' \
    'scripts/*' '.ci/*' 'bench/*' | sort -u | while IFS= read -r f; do
    [ -f "$f" ] || continue
    case $f in
    *.ini | *.md | *.csv | *.json | *.jsonl | *.txt | *.gp) continue ;;
    tests/fuzz/*/*) continue ;; # fuzzing corpora are data
    esac
    case $f in
    *.c | *.h | *.sh | *.py | *.cmake | *CMakeLists.txt | *.in) echo "$f" ;;
    *) head -c 2 "$f" | grep -q '#!' && echo "$f" ;; # scripts without an extension
    esac
  done
}

missing=0
while IFS= read -r f; do
  head -n 3 "$f" | grep -q "SPDX-License-Identifier:" && continue
  if [ $check = 1 ]; then
    echo "no SPDX identifier: $f"
    missing=$((missing + 1))
    continue
  fi
  tmp=$(mktemp "$f.spdx.XXXXXX")
  case $f in
  *.c | *.h) { echo "/* $id */"; cat "$f"; } >"$tmp" ;;
  *.in) if [ "${f##*/}" = "fcsim.pc.in" ] || [ "${f%.cmake.in}" != "$f" ]; then { echo "# $id"; cat "$f"; } >"$tmp"; else rm -f "$tmp"; continue; fi ;;
  *)
    if head -n 1 "$f" | grep -q '^#!'; then
      { head -n 1 "$f"; echo "# $id"; tail -n +2 "$f"; } >"$tmp"
    else
      { echo "# $id"; cat "$f"; } >"$tmp"
    fi
    ;;
  esac
  chmod --reference="$f" "$tmp"
  mv "$tmp" "$f"
done < <(spdx_files)
if [ $check = 1 ]; then
  [ $missing = 0 ] && echo "every source and script file carries the SPDX identifier" && exit 0
  echo "$missing file(s) without the SPDX identifier: run scripts/spdx.sh" >&2
  exit 1
fi
