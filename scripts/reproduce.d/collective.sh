#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Seed 000 Fig. 5.21 and Table 5.8: OCR against RPM on the VOQ router at
# examples/collective.ini (docs/COLLECTIVES.md, "Fig. 5.21").
#   bash scripts/reproduce.d/collective.sh FCSIM_BINARY OUT_DIR QUICK
# Prints one row per line on stdout:
#   seed|id|what|fcsim_value|unit|seed_value|tolerance|status|command|reason
# and writes OUT_DIR/collective/*.json; progress on stderr. The geometric
# means take every pattern on 4x4x4 and bit rotation and nearest neighbour
# on 8x8x8 (about 1 CPU-minute); 8x8x8 all-to-all (several CPU-minutes per
# algorithm) is left out; with QUICK=1 the 8x8x8 runs are too, and the Fig.
# 5.21 rows (named 4³+8³) are then reported `known` with that reason.
set -uo pipefail
fcsim=${1:?usage: collective.sh FCSIM OUT_DIR QUICK}
out=${2:?usage: collective.sh FCSIM OUT_DIR QUICK}
quick=${3:-0}
# Paths in the rows are relative to the repository root: run from there,
# with the binary and OUT_DIR made absolute first.
case $fcsim in */*) fcsim=$(cd "$(dirname "$fcsim")" && pwd)/$(basename "$fcsim") ;; esac
mkdir -p "$out" && out=$(cd "$out" && pwd)
cd "$(dirname "$0")/../.." || exit 2
mkdir -p "$out/collective"
ini=examples/collective.ini
c4="fcsim collective run $ini --json c4.json"
c8="fcsim collective run $ini --pattern bitrot,cube-nn --set network.dims=8x8x8 --json c8.json"

run() { # NAME ARGS...: runs `collective run`, JSON to OUT_DIR/collective/NAME.json
  local name=$1
  shift
  echo "collective.sh: $name" >&2
  "$fcsim" collective run "$@" --quiet --json "$out/collective/$name.json" 2>"$out/collective/$name.err"
}
ok4=0 ok8=0
run c4 "$ini" && ok4=1
if [ "$quick" = 1 ]; then
  files="$out/collective/c4.json" cmd="$c4"
else
  run c8 "$ini" --pattern bitrot,cube-nn --set network.dims=8x8x8 && ok8=1
  files="$out/collective/c4.json $out/collective/c8.json" cmd="$c4 && $c8"
fi

# geo KEY OP: geometric mean over every run of op OP of field KEY (1 + x)
geo() {
  jq -s --arg k "$1" --arg op "$2" '[.[].runs[] | select(.op == $op) | .[$k] | select(. != null)] |
    if length == 0 then empty else (map(1 + . | log) | add / length | exp - 1) * 100 end' $files
}
status() { # VALUE SEED TOL(abs X)
  awk -v v="$1" -v s="$2" -v t="${3#abs }" 'BEGIN { d = v - s; if (d < 0) d = -d; print d <= t ? "ok" : "known" }'
}
row() { # ID WHAT VALUE UNIT SEED TOL CMD REASON
  local st
  if [ -z "$3" ]; then
    echo "000|$1|$2||$4|$5|$6|ERROR|$7|a run failed: $(cat "$out"/collective/*.err 2>/dev/null | head -c 300 | tr '\n|' '  ')"
    return
  fi
  st=$(status "$3" "$5" "$6")
  if [ "$quick" = 1 ] && [ "$1" = "Fig. 5.21" ]; then # the name says 4³+8³: say what was run
    st=known
    set -- "$1" "$2" "$3" "$4" "$5" "$6" "$7" "--quick: 4x4x4 only (the full run adds 8x8x8); $8"
  fi
  echo "000|$1|$2|$3|$4|$5|$6|$st|$7|$([ "$st" = ok ] || echo "$8")"
}
fmt() { [ -n "$1" ] && awk -v v="$1" 'BEGIN { printf "%.1f", v }'; }

if [ $ok4 = 1 ] && { [ "$quick" = 1 ] || [ $ok8 = 1 ]; }; then
  trees=$(fmt "$(geo gain_trees multicast)") total=$(fmt "$(geo gain multicast)") red=$(fmt "$(geo gain reduction)")
else
  trees="" total="" red=""
fi
row "Fig. 5.21" "4³+8³ multicast: OCR gain over RPM from trees (equal headers), geometric mean" "$trees" % 15 "abs 5" \
  "$cmd  # gain_trees of every multicast run" \
  "trees only (RPM re-run with OCR's table-index header); the seed prints the mean only as 'over 15%' (L4893-4896)"
row "Fig. 5.21" "4³+8³ multicast: OCR gain over RPM with headers, geometric mean" "$total" % 15 "abs 5" \
  "$cmd  # gain of every multicast run" \
  "RPM's N-bit destination header (L4812-4817) is a whole extra 256-bit flit on fcsim's one-flit packets, doubling RPM's link load; the seed gives no packet size, so how much its header costs is unknown (L4889-4890)"
row "Fig. 5.21" "4³+8³ reduction: OCR gain over RPM from trees (equal headers), geometric mean" "$red" % 4 "abs 3" \
  "$cmd  # gain of every reduction run" \
  "reductions carry OCR's index header in both; the gain is the trees' (L4895-4899)"

# Table 5.8 (4x4x4, the worst input buffer): flits, and RPM's also in packets
# (its packets are 1 + ceil(64/256) = 2 flits with the bit-vector header).
t58() { # PATTERN OP SEED_RPM SEED_OCR LABEL
  local j=$out/collective/c4.json r o
  [ $ok4 = 1 ] || { row "Tab 5.8" "$5 buffer, online (RPM)" "" flits "$3" "rel 0.25" "$c4" ""; return; }
  r=$(jq --arg p "$1" --arg op "$2" '.runs[] | select(.pattern == $p and .op == $op) | .rpm.max_buffer_flits' "$j")
  o=$(jq --arg p "$1" --arg op "$2" '.runs[] | select(.pattern == $p and .op == $op) | .ocr.max_buffer_flits' "$j")
  local rp
  rp=$(awk -v r="$r" -v op="$2" 'BEGIN { print op == "multicast" ? r / 2 : r }')
  for x in "online (RPM)|$r|flits|$3" "online (RPM), in packets|$rp|packets|$3" "offline (OCR)|$o|flits|$4"; do
    IFS='|' read -r label v unit s <<<"$x"
    local st
    st=$(awk -v v="$v" -v s="$s" 'BEGIN { d = v / s - 1; if (d < 0) d = -d; print d <= 0.25 ? "ok" : "known" }')
    echo "000|Tab 5.8|$5 buffer, $label|$v|$unit|$s|rel 0.25|$st|$c4  # max_buffer_flits of the $1 $2 run|$([ "$st" = ok ] || echo "$6")"
  done
}
why58m="the seed's buffer depth unit is not stated (L4795, L4864-4866); neither flits nor packets fits every row: fcsim's one-sided input buffers fill with whatever the 7-cycle pipeline and the VA stall leave, and the seed's packet size is unknown (L4889-4890)"
why58r="fcsim's worst reduction buffer is 4 flits (the 3-cycle front end) in every pattern: its reduction unit keeps a partial result per instance (voq.reduction_entries = instance, the separate entries for the different packets of L4787-4789) and combines each packet on arrival; the other reading, one entry per reduction operation (L3104-3106, voq.reduction_entries = operation), gives RPM/OCR 16/23 (all-to-all) and 9/9 (NN) and deadlocks on bit rotation (docs/COLLECTIVES.md, Table 5.8's reduction rows): neither reaches 367/288 or 14/9 (L4864-4866)"
t58 all-to-all multicast 1532 1132 "ATA multicast" "$why58m"
t58 all-to-all reduction 367 288 "ATA reduction" "$why58r"
t58 bitrot multicast 91 57 "bit-rotation multicast" "$why58m"
t58 bitrot reduction 1 1 "bit-rotation reduction" "$why58r"
t58 cube-nn multicast 277 157 "NN multicast" "$why58m"
t58 cube-nn reduction 14 9 "NN reduction" "$why58r"
