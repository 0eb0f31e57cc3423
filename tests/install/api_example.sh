#!/bin/sh
# Installs the build into a temporary prefix, then builds examples/api
# against the INSTALLED library with pkg-config (shared, then static) and
# runs it; also checks the man page, headers and tool are in place.
#   api_example.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1 build=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcsim-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
p=$tmp/prefix
for f in bin/fcsim include/fcsim/fcsim.h include/fcsim/sim.h share/man/man1/fcsim.1; do
  [ -s "$p/$f" ] || { echo "missing after install: $f" >&2; exit 1; }
done
libdir=$(dirname "$(find "$p" -name fcsim.pc | head -n 1)")/..
[ -f "$libdir/libfcsim.a" ] && ls "$libdir"/libfcsim.so* >/dev/null || { echo "libfcsim.a or libfcsim.so missing" >&2; exit 1; }
export PKG_CONFIG_PATH="$libdir/pkgconfig"
grep -q '^\.TH FCSIM 1' "$p/share/man/man1/fcsim.1"
grep -q 'network\\\?.dims\|network.dims' "$p/share/man/man1/fcsim.1"
# shared library
cc "$src/examples/api/avg_latency.c" $(pkg-config --cflags --libs fcsim) -o "$tmp/avg_shared"
out=$(LD_LIBRARY_PATH="$libdir" "$tmp/avg_shared" network.dims=4x4 sim.measure_cycles=2000)
echo "shared: $out"
echo "$out" | grep -Eq '^avg_latency [0-9]+\.[0-9]+ cycles'
# the program really uses the installed shared library
LD_LIBRARY_PATH="$libdir" ldd "$tmp/avg_shared" | grep -q "$libdir/libfcsim.so" ||
  LD_LIBRARY_PATH="$libdir" ldd "$tmp/avg_shared" | grep -q "libfcsim.so.0 => $tmp"
# static library
cc "$src/examples/api/avg_latency.c" $(pkg-config --cflags fcsim) "$libdir/libfcsim.a" \
  $(pkg-config --libs --static fcsim | sed 's/-lfcsim//') -o "$tmp/avg_static"
out2=$("$tmp/avg_static" network.dims=4x4 sim.measure_cycles=2000)
echo "static: $out2"
[ "$out" = "$out2" ]
# a bad key is refused by the library with its message
if "$tmp/avg_static" network.dimz=4 2>"$tmp/err"; then echo "bad key accepted" >&2; exit 1; fi
grep -q "dimz" "$tmp/err"
echo "installed fcsim: tool, man page, headers, pkg-config, shared and static library OK"
