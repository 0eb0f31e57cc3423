#!/usr/bin/env bash
# A study script that fails after one row (tests/CMakeLists.txt): the hook must
# keep the row, add an ERROR row for the script and go on.
echo "000|Tab 9.9|hook: a known difference|2|ms|1|abs 0.1|known|fcsim model fc --preset sl3|the mechanism, seed L1-2"
echo "it broke" >&2
exit 3
