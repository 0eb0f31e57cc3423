#!/usr/bin/env bash
# A study script for the test of reproduce.sh's study hook (tests/CMakeLists.txt):
# rows of every kind the hook must take, run as the studies in
# scripts/reproduce.d/ are: a-rows.sh FCSIM_BINARY OUT_DIR QUICK.
fcsim=$1 out=$2 quick=$3
[ -x "$fcsim" ] && [ -d "$out" ] && [ "$quick" = 1 ] || { echo "bad arguments: $*" >&2; exit 2; }
echo "study progress goes to stderr" >&2
lat=$("$fcsim" model fc --preset sl3 --json - | jq -r .results.latency_cycles)
echo "001|Eq. 2.2|hook: a computed row within tolerance|$lat|cycles|82|abs 0|ok|fcsim model fc --preset sl3|"
echo "001|Eq. 2.2|hook: a row called ok outside its tolerance|$lat|cycles|90|abs 1|ok|fcsim model fc --preset sl3|"
echo "000|Tab 9.9|hook: an absent row||ms|1.5|rel 0.1|absent||no command yet: the reason"
echo "000|Tab 9.9|hook: a malformed line|only four fields"
