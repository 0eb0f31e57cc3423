#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Names the five source documents by their short reference (README.md,
# "Source documents") wherever text says "seed 000".."seed 004", so that a
# source document is never read as the random seed `sim.seed`:
#   000 Novo-G# thesis, 001 Mondigo 2020, 002 VCSN 2023, 003 Bunker & Swanson,
#   004 Pivanti 2010.
# It edits docs/*.md (not CONFIG.md, which `fcsim help config --markdown`
# writes from the key registry, nor the `seed` column of REPRODUCE.md's
# tables, whose cells hold the bare number) and the string literals of
# src/**/*.c (never comments). Idempotent.
#   scripts/shortrefs.sh          edit
#   scripts/shortrefs.sh --check  list what is left; exit 1 if anything
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-edit}
files=$(ls docs/*.md | grep -v '^docs/CONFIG.md$'; git ls-files 'src/*.c' 'src/*.h')
python3 - "$mode" $files <<'PY'
import re, sys
mode, paths = sys.argv[1], sys.argv[2:]
refs = {"000": "Novo-G# thesis", "001": "Mondigo 2020", "002": "VCSN 2023", "003": "Bunker & Swanson",
        "004": "Pivanti 2010"}
pat = re.compile(r"\b[Ss]eeds? (00[0-4])\b")
lit = re.compile(r'"(?:[^"\\\n]|\\.)*"')
sub = lambda s: pat.sub(lambda m: refs[m.group(1)], s)
left = 0
for path in paths:
    text = open(path, encoding="utf-8").read()
    if path.endswith(".md"):
        new = sub(text)
    else:  # C: string literals on code lines only
        lines = []
        for line in text.split("\n"):
            st = line.strip()
            if st.startswith(("*", "/*", "//")) or not pat.search(line):
                lines.append(line)
                continue
            cut = line.find("/*")
            head, tail = (line[:cut], line[cut:]) if cut >= 0 and line[:cut].count('"') % 2 == 0 else (line, "")
            lines.append(lit.sub(lambda m: sub(m.group(0)), head) + tail)
        new = "\n".join(lines)
    if new != text:
        if mode == "--check":
            for a, b in zip(text.split("\n"), new.split("\n")):
                if a != b:
                    print("%s: %s" % (path, a.strip()[:100]))
                    left += 1
        else:
            open(path, "w", encoding="utf-8").write(new)
if mode == "--check":
    print("%d line(s) name a source document by its number" % left)
    sys.exit(1 if left else 0)
PY
