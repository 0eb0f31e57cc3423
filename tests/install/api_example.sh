#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The installed package stands alone: installs the build into a temporary
# prefix, then
#  - the tool and the shared library carry a RUNPATH, and the tool still runs
#    after the whole prefix is moved;
#  - examples/api is built against the INSTALLED library with pkg-config
#    (shared, then static) and with find_package(fcsim CONFIG) (fcsim::fcsim,
#    fcsim::fcsim_static), and every program runs with LD_LIBRARY_PATH unset;
#  - `fcsim run PREFIX/share/fcsim/examples/novo-g.ini` works from another
#    directory; the documents, the completion and the man page are in place,
#    and the man page lists every command's options.
#   api_example.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcsim-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
unset LD_LIBRARY_PATH
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
p=$tmp/prefix
for f in bin/fcsim include/fcsim/fcsim.h include/fcsim/sim.h share/man/man1/fcsim.1 share/fcsim/examples/novo-g.ini \
  share/doc/fcsim/README.md share/doc/fcsim/LICENSE share/doc/fcsim/CONFIG.md share/doc/fcsim/CITATION.cff \
  share/bash-completion/completions/fcsim share/zsh/site-functions/_fcsim; do
  [ -s "$p/$f" ] || { echo "missing after install: $f" >&2; exit 1; }
done
pc=$(find "$p" -name fcsim.pc | head -n 1)
libdir=$(cd "$(dirname "$pc")/.." && pwd)
[ -f "$libdir/libfcsim.a" ] && ls "$libdir"/libfcsim.so* >/dev/null || { echo "libfcsim.a or libfcsim.so missing" >&2; exit 1; }
for f in "$p/bin/fcsim" "$libdir/libfcsim.so"; do
  readelf -d "$f" | grep -q 'RUNPATH.*\$ORIGIN' || { echo "$f has no \$ORIGIN RUNPATH" >&2; exit 1; }
done
export PKG_CONFIG_PATH="$libdir/pkgconfig"
grep -q '^\.TH FCSIM 1' "$p/share/man/man1/fcsim.1"
grep -q 'network\\\?.dims\|network.dims' "$p/share/man/man1/fcsim.1"

# the man page lists every option of every command, under that command
"$p/bin/fcsim" help --options | while IFS="$(printf '\t')" read -r cmd name alias arg; do
  roff=$(printf '%s' "$name" | sed 's/-/\\\\-/g')
  awk -v sec=".SS \"$cmd\"" -v opt=".B $roff" '
    $0 == sec { inside = 1; next }
    /^\.S[SH] / { inside = 0 }
    inside && index($0, opt) == 1 { found = 1 }
    END { exit !found }' "$p/share/man/man1/fcsim.1" || { echo "man page: $cmd lacks $name" >&2; exit 1; }
done
grep -q '^\.SH EXAMPLES' "$p/share/man/man1/fcsim.1"

# pkg-config, shared: runs with no environment variable
cc "$src/examples/api/avg_latency.c" $(pkg-config --cflags --libs fcsim) -o "$tmp/avg_shared"
out=$("$tmp/avg_shared" network.dims=4x4 sim.measure_cycles=2000)
echo "shared (pkg-config): $out"
echo "$out" | grep -Eq '^avg_latency [0-9]+\.[0-9]+ cycles'
ldd "$tmp/avg_shared" | grep -q "libfcsim.so.* => $libdir/libfcsim.so" ||
  { echo "the pkg-config program does not load the installed libfcsim" >&2; ldd "$tmp/avg_shared" >&2; exit 1; }
# pkg-config, static
cc "$src/examples/api/avg_latency.c" $(pkg-config --cflags fcsim) "$libdir/libfcsim.a" \
  $(pkg-config --libs --static fcsim | sed 's/-lfcsim//') -o "$tmp/avg_static"
out2=$("$tmp/avg_static" network.dims=4x4 sim.measure_cycles=2000)
echo "static (pkg-config): $out2"
[ "$out" = "$out2" ]
# find_package(fcsim CONFIG): fcsim::fcsim and fcsim::fcsim_static
cmake -S "$src/examples/api" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$p" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$tmp/cmake-build" >/dev/null
out3=$("$tmp/cmake-build/avg_latency" network.dims=4x4 sim.measure_cycles=2000)
out4=$("$tmp/cmake-build/avg_latency_static" network.dims=4x4 sim.measure_cycles=2000)
echo "shared (find_package): $out3"
[ "$out" = "$out3" ] && [ "$out" = "$out4" ]
ldd "$tmp/cmake-build/avg_latency" | grep -q "libfcsim.so.* => $libdir/libfcsim.so"
# a bad key is refused by the library with its message
if "$tmp/avg_static" network.dimz=4 2>"$tmp/err"; then echo "bad key accepted" >&2; exit 1; fi
grep -q "dimz" "$tmp/err"
# the installed example configuration, run from another directory
(cd / && "$p/bin/fcsim" run "$p/share/fcsim/examples/novo-g.ini" --set sim.warmup_cycles=200 \
  --set sim.measure_cycles=500 --json "$tmp/novo-g.json" --quiet)
[ -s "$tmp/novo-g.json" ]
# the prefix moved elsewhere: the tool and the CMake package still work
mv "$p" "$tmp/moved"
"$tmp/moved/bin/fcsim" --version | grep -q "^fcsim "
cmake -S "$src/examples/api" -B "$tmp/cmake-moved" -DCMAKE_PREFIX_PATH="$tmp/moved" >/dev/null
cmake --build "$tmp/cmake-moved" >/dev/null
"$tmp/cmake-moved/avg_latency" network.dims=4x4 sim.measure_cycles=2000 | grep -q '^avg_latency'
echo "installed fcsim: tool, man page (every command's options), completion, documents, examples, headers,"
echo "pkg-config and find_package (shared and static), RUNPATH (no LD_LIBRARY_PATH), relocatable prefix: OK"
