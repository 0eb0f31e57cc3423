#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# docs/REPRODUCE.md's inventory table lists exactly the rows of a reproduce.sh
# tables.csv (seed, id, what and status), apart from the study rows and the ids
# its "covered by the chapter studies" table names, so the document cannot
# drift from the script.
# Usage: check_reproduce_inventory.sh REPRODUCE.md TABLES.CSV
set -eu
doc=$1 csv=$2
[ -s "$csv" ] || { echo "no $csv: run scripts/reproduce.sh --quick first" >&2; exit 2; }
python3 - "$doc" "$csv" <<'PY'
import csv, re, sys
doc, table = open(sys.argv[1]).read(), sys.argv[2]
def cells(line):
    return [c.strip().replace('\\|', '|') for c in re.split(r'(?<!\\)\|', line.strip())[1:-1]]
inv = doc.split('## The inventory', 1)[1]
heading = re.search(r'### [^\n]* results covered by the chapter studies', inv).group(0)
covered_part = inv.split(heading, 1)[1]
inv = inv.split(heading, 1)[0]
covered = set()
for line in covered_part.split('\n## ', 1)[0].splitlines():
    c = cells(line) if line.startswith('| 0') else []
    if c:
        covered |= {i.strip() for i in c[1].split(',')}
documented = set()
for line in inv.splitlines():
    c = cells(line) if line.startswith('| 0') else []
    if c:
        documented.add((c[0], c[1], c[2], c[5]))
expected = set()
for r in csv.DictReader(open(table)):
    if r['mode'].startswith(('study', 'figure')) or r['id'] in covered or r['seed'] == 'selftest':
        continue
    expected.add((r['seed'], r['id'], r['what'], r['status']))
bad = 0
for m in sorted(expected - documented):
    print('not in docs/REPRODUCE.md (or another status there):', ' | '.join(m)); bad += 1
for m in sorted(documented - expected):
    print('in docs/REPRODUCE.md, not written by reproduce.sh:', ' | '.join(m)); bad += 1
print('%d inventory rows, %d covered ids, %d differences' % (len(expected), len(covered), bad))
sys.exit(1 if bad else 0)
PY
