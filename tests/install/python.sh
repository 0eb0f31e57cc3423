#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The Python package against an installed fcsim: `cmake --install` into a
# temporary prefix, then pytest (python/tests) with nothing but PYTHONPATH
# set (and FCSIM_CLI, the installed command line the tests compare with),
# then the example of examples/python/ (a PNG written).
#   python.sh SOURCE_DIR BUILD_DIR
# pytest's exit status 5 (no test collected) is a failure here.
set -u
src=$(realpath "$1") build=$(realpath "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcsim-python-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# Debian's python3 (python3-pandas, python3-pytest); a python3 earlier on PATH may lack them
py=python3
python3 -c 'import pandas, pytest' 2>/dev/null || py=/usr/bin/python3
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null || exit 1
site=$tmp/prefix/lib/python3/site-packages
[ -d "$site/fcsim" ] || site=$(dirname "$(find "$tmp/prefix" -name _install.py -path '*fcsim*' | head -n 1)")/..
cd "$tmp" || exit 1
env -u LD_LIBRARY_PATH PYTHONPATH="$site" FCSIM_CLI="$tmp/prefix/bin/fcsim" PYTHONDONTWRITEBYTECODE=1 \
  "$py" -m pytest -q -p no:cacheprovider "$src/python/tests" --rootdir "$src/python"
status=$?
if [ $status = 5 ]; then
  echo "python: pytest collected no test (exit 5): counted as a failure"
  exit 1
fi
[ $status = 0 ] || { echo "python: pytest failed (exit $status)"; exit 1; }
if "$py" -c 'import matplotlib' 2>/dev/null; then
  env -u LD_LIBRARY_PATH PYTHONPATH="$site" "$py" "$tmp/prefix/share/fcsim/examples/python/transpose_sweep.py" \
    "$tmp/sweep.png" >"$tmp/example.log" 2>&1 || { cat "$tmp/example.log"; echo "python: the example failed"; exit 1; }
  [ -s "$tmp/sweep.png" ] || { echo "python: the example wrote no PNG"; exit 1; }
  echo "python: tests passed; examples/python/transpose_sweep.py wrote a PNG"
else
  echo "python: tests passed; example skipped (python3-matplotlib missing)"
fi
