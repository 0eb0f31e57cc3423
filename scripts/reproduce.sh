#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Regenerates every quantitative result of the five seed documents that a
# simulator or model could reproduce (docs/REPRODUCE.md) into a directory:
# tables.md and tables.csv (one row per result, with its status and reason) and
# figures as PNG (fcsim plot).
#
#   scripts/reproduce.sh [--quick] [--out DIR]      (default DIR: reproduce-out)
#
# Each row below names the seed's printed value and a tolerance; the value
# compared with it is computed now by fcsim, with the command in the row's
# `command` cell (run from the repository root; `fcsim` is the binary). Status:
#   ok                 within the tolerance
#   known              outside it, for the mechanism in the reason column
#   DRIFT              a `check` row outside its tolerance (the script fails)
#   ERROR              the command failed or printed no value (the script goes
#                      on, writes the tables, and fails at the end)
#   seed-inconsistent  the seed's own numbers disagree (reason); fcsim's value
#                      is shown where there is one
#   absent             reproducible in principle, no fcsim number yet (reason)
#   not-modelled       outside what fcsim models (a host-side or board
#                      measurement, a resource count; reason)
# Study scripts scripts/reproduce.d/*.sh add their own rows: each is run as
#   bash scripts/reproduce.d/NAME.sh FCSIM_BINARY OUT_DIR QUICK
# and prints seed|id|what|fcsim_value|unit|seed_value|tolerance|status|command|reason
# lines on stdout (docs/REPRODUCE.md). --quick runs every table row, the
# studies with QUICK=1 and three figures; the full run adds the figures from
# simulation sweeps (within 20 minutes on 2 cores, studies included).
#   FCSIM=path/to/fcsim  the binary (default: build/fcsim, then build/release/fcsim)
#   FCSIM_REPRODUCE_SELFTEST=1  only the first row, a row with a wrong seed value
#                      (must be DRIFT) and a failing command (must be ERROR)
#   FCSIM_REPRODUCE_D=DIR  the study scripts' directory (default scripts/reproduce.d;
#                      in the self-test, studies run only when this is set)
set -uo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
quick=0
out=reproduce-out
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --out) out=${2:?--out needs a directory}; shift ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) echo "reproduce.sh: unknown argument '$1' (expected --quick, --out DIR)" >&2; exit 2 ;;
  esac
  shift
done
fcsim=${FCSIM:-}
if [ -z "$fcsim" ]; then
  for c in "$here/build/fcsim" "$here/build/release/fcsim"; do [ -x "$c" ] && { fcsim=$c; break; }; done
fi
case $fcsim in */*) ;; ?*) fcsim=$(command -v "$fcsim" || true) ;; esac
[ -n "$fcsim" ] && [ -x "$fcsim" ] || { echo "reproduce.sh: no fcsim binary; build first or set FCSIM" >&2; exit 2; }
fcsim=$(cd "$(dirname "$fcsim")" && pwd)/$(basename "$fcsim")
command -v jq >/dev/null || { echo "reproduce.sh: needs jq (scripts/install-deps.sh installs it)" >&2; exit 2; }
mkdir -p "$out/figures" "$out/data" || exit 2
out=$(cd "$out" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcsim-reproduce-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
say() { [ -t 2 ] && printf 'reproduce: %s\n' "$*" >&2 || true; }

# A short simulation of a 2x2 mesh: router area does not depend on the traffic.
area="run --set network.topology=mesh --set network.dims=2x2 --set sim.warmup_cycles=100 --set sim.measure_cycles=300 --quiet"

# seed | id | what | mode | fcsim arguments | jq expression | scale | unit | seed value | tolerance (abs X or rel X) | reason
# mode: check (ok or DRIFT), known (ok or known), seed-inconsistent (ok or
# seed-inconsistent): computed; absent, not-modelled: no command, the reason
# says why. @AREA@ is the short 2x2 run above, @HERE@/ the repository root
# (commands run there). A known row without its own reason points to
# docs/REPRODUCE.md.
rows=$(cat <<'ROWS'
000|Tab 4.2|router area, 1 VC|check|@AREA@ --set router.vcs=1|.metrics.area_alms|1|ALMs|12980|abs 0
000|Tab 4.2|router area, 2 VCs|check|@AREA@ --set router.vcs=2|.metrics.area_alms|1|ALMs|18980|abs 0
000|Tab 4.2|router area, 3 VCs|check|@AREA@ --set router.vcs=3|.metrics.area_alms|1|ALMs|24860|abs 0
000|Tab 4.2|router area, 4 VCs|check|@AREA@ --set router.vcs=4|.metrics.area_alms|1|ALMs|30980|abs 0
000|Tab 4.2|router area, 5 VCs|check|@AREA@ --set router.vcs=5|.metrics.area_alms|1|ALMs|42470|abs 0
000|Tab 4.2|router area, 6 VCs|check|@AREA@ --set router.vcs=6|.metrics.area_alms|1|ALMs|42470|abs 0
000|Tab 4.2|router area, 7 VCs|check|@AREA@ --set router.vcs=7|.metrics.area_alms|1|ALMs|54980|abs 0
000|Tab 4.2|router area, 8 VCs|check|@AREA@ --set router.vcs=8|.metrics.area_alms|1|ALMs|54980|abs 0
000|Tab 4.2|router area, 9 VCs|check|@AREA@ --set router.vcs=9|.metrics.area_alms|1|ALMs|60500|abs 0
000|Tab 4.2|router area, 9 VCs, % of Stratix V|check|@AREA@ --set router.vcs=9|.metrics.area_percent|1|%|23|abs 0
000|Tab 4.2|switch delay, 1 VC: one cycle per level of the reduction tree 3×2 (L2466-2468)|check|@AREA@ --set router.vcs=1|.derived.switch_cycles|1|cycles|2|abs 0
000|Tab 4.2|switch delay, 2 VCs: one cycle per level of the reduction tree 3×2×2 (L2466-2468)|check|@AREA@ --set router.vcs=2|.derived.switch_cycles|1|cycles|3|abs 0
000|Tab 4.2|switch delay, 3 VCs: one cycle per level of the reduction tree 3×3×2 (L2466-2468)|check|@AREA@ --set router.vcs=3|.derived.switch_cycles|1|cycles|3|abs 0
000|Tab 4.2|switch delay, 4 VCs: one cycle per level of the reduction tree 3×2×2×2 (L2466-2468)|check|@AREA@ --set router.vcs=4|.derived.switch_cycles|1|cycles|4|abs 0
000|Tab 4.2|switch delay, 5 VCs: one cycle per level of the reduction tree 3×3×2×2 (L2466-2468)|check|@AREA@ --set router.vcs=5|.derived.switch_cycles|1|cycles|4|abs 0
000|Tab 4.2|switch delay, 6 VCs: one cycle per level of the reduction tree 3×3×2×2 (L2466-2468)|check|@AREA@ --set router.vcs=6|.derived.switch_cycles|1|cycles|4|abs 0
000|Tab 4.2|switch delay, 7 VCs: one cycle per level of the reduction tree 3×2×2×2×2 (L2466-2468)|check|@AREA@ --set router.vcs=7|.derived.switch_cycles|1|cycles|5|abs 0
000|Tab 4.2|switch delay, 8 VCs: one cycle per level of the reduction tree 3×2×2×2×2 (L2466-2468)|check|@AREA@ --set router.vcs=8|.derived.switch_cycles|1|cycles|5|abs 0
000|Tab 4.2|switch delay, 9 VCs: one cycle per level of the reduction tree 3×3×3×2 (L2466-2468)|check|@AREA@ --set router.vcs=9|.derived.switch_cycles|1|cycles|4|abs 0
000|§4.2.2|credit threshold = link latency + 100 (175 ns = 28 cycles)|check|run @HERE@/examples/novo-g.ini --set sim.warmup_cycles=100 --set sim.measure_cycles=300 --quiet|.derived.credit_threshold_flits|1|flits|128|abs 0
000|Tab 4.3|ring router logic|check|@AREA@ --set router.model=ring|.metrics.area_alms|1|ALMs|2485|abs 0
000|Tab 5.6|OCR (table) router area|check|@AREA@ --set router.model=voq|.metrics.area_alms|1|ALMs|40895|abs 0
000|Tab 5.6|OCR router, % of Stratix V|check|@AREA@ --set router.model=voq|.metrics.area_percent|1|%|16|abs 0
000|Tab 6.1|64³ on 8³: xy packets per node|check|model fft --preset 64-on-8|.results.xy_packets_per_node|1|packets|8|abs 0
000|Tab 6.1|64³ on 8³: xy data per packet|check|model fft --preset 64-on-8|.results.xy_data_per_packet|1|points|8|abs 0
000|Tab 6.1|64³ on 8³: yz packets per node|check|model fft --preset 64-on-8|.results.yz_packets_per_node|1|packets|64|abs 0
000|Tab 6.1|16³ on 4³: yz packets per node|check|model fft --preset 16-on-4|.results.yz_packets_per_node|1|packets|16|abs 0
000|Tab 6.1|32³ on 8³ (2m>n): xy packets per node|check|model fft --set n=5 --set m=3|.results.xy_packets_per_node|1|packets|16|abs 0
001|Eq. 2.2|SL3 link latency 365 ns at 225 MHz|check|model fc --preset sl3|.results.latency_cycles|1|cycles|82|abs 0
001|Eq. 2.2|D_link = 82 + 32 + 4|check|model fc --preset sl3|.results.D_link|1|cycles|118|abs 0
001|Eq. 2.3|TX overhead 1/(1+32)|check|model fc --preset sl3|.results.tx_overhead|100|%|3.0303|abs 0.0001
001|Eq. 2.4|RX depth > 2·118 + 32|check|model fc --preset sl3|.results.rx_depth_min|1|flits|268|abs 0
001|Eq. 2.4|RX depth chosen (power of two)|check|model fc --preset sl3|.results.rx_depth_pow2|1|flits|512|abs 0
001|Eq. 4.1|packet of 256 × (32+1) bits|check|model fc --preset sl3|.results.packet_bytes|1|B|1056|abs 0
001|Eq. 2.2|D_link from the simulated flow controller (32 B flits)|check|app link --preset sl3 --set w=256 --set bytes=64KiB|.metrics.D_link|1|cycles|118|abs 0
001|Fig. 2.9|16 MiB stream, TX 32, simulated (seed: measured with its SL3 core)|known|app link --preset sl3 --set bytes=16MiB|.metrics.throughput|1e-9|GB/s|7.92|abs 0.005|the simulated flow controller reaches its Eq. 2.3 ceiling 10 GB/s × 32/33; SL3's derived clock (§4.3.2: 4.83 GB/s per 40 Gb/s link) would bring it to 9.357 GB/s; the rest of the 7.92 (L435-447: all three TX depths converge there) is outside the flow controller — SerialLite III's own overheads — which the next rows model as far as the seeds quantify them (docs/LINKS.md)
001|Fig. 2.9|16 MiB stream, TX 32, SL3 line from its parts: 8 lanes × 10.3125 Gb/s, 64b/67b, 198-word metaframes, 32 B burst gap per FC packet|known|app link --preset sl3 --set bytes=16MiB --set tx_depth=32 --set rate=10.3125Gbps --set lanes=8 --set code=64b67b --set metaframe=198 --set gap=32B|.metrics.throughput|1e-9|GB/s|7.92|rel 0.03|SL3's overheads as the seeds quantify them, one setting for the three depths: 64b/67b, metaframes of 198 words with 4 control words each (the length Mondigo 2020 L914's derived 150.813962 MHz implies on XLAUI's 10.3125 Gb/s lanes, L879; Novo-G# thesis L1645-1649 names the words) and the 32 B burst gap per FC packet (VCSN 2023 Eq. 1, L151): 9.22 / 9.43 / 9.53 GB/s for TX 32 / 64 / 128 (one FC per 40 Gb/s link with 256-bit flits, L879: 9.08 / 9.36 / 9.50). They still differ by the header and gap each FC packet pays (3.4 %), while the seed's three meet at 7.92 (L435): the remaining 14 % acts per byte, not per packet, and neither seed itemises it; a factor of 0.859 (unknown) on the line would match TX 32 (docs/LINKS.md)
001|Fig. 2.9|16 MiB stream, TX 64, SL3 line from its parts: 8 lanes × 10.3125 Gb/s, 64b/67b, 198-word metaframes, 32 B burst gap per FC packet|known|app link --preset sl3 --set bytes=16MiB --set tx_depth=64 --set rate=10.3125Gbps --set lanes=8 --set code=64b67b --set metaframe=198 --set gap=32B|.metrics.throughput|1e-9|GB/s|7.92|rel 0.03|SL3's overheads as the seeds quantify them, one setting for the three depths: 64b/67b, metaframes of 198 words with 4 control words each (the length Mondigo 2020 L914's derived 150.813962 MHz implies on XLAUI's 10.3125 Gb/s lanes, L879; Novo-G# thesis L1645-1649 names the words) and the 32 B burst gap per FC packet (VCSN 2023 Eq. 1, L151): 9.22 / 9.43 / 9.53 GB/s for TX 32 / 64 / 128 (one FC per 40 Gb/s link with 256-bit flits, L879: 9.08 / 9.36 / 9.50). They still differ by the header and gap each FC packet pays (3.4 %), while the seed's three meet at 7.92 (L435): the remaining 14 % acts per byte, not per packet, and neither seed itemises it; a factor of 0.859 (unknown) on the line would match TX 32 (docs/LINKS.md)
001|Fig. 2.9|16 MiB stream, TX 128, SL3 line from its parts: 8 lanes × 10.3125 Gb/s, 64b/67b, 198-word metaframes, 32 B burst gap per FC packet|known|app link --preset sl3 --set bytes=16MiB --set tx_depth=128 --set rate=10.3125Gbps --set lanes=8 --set code=64b67b --set metaframe=198 --set gap=32B|.metrics.throughput|1e-9|GB/s|7.92|rel 0.03|SL3's overheads as the seeds quantify them, one setting for the three depths: 64b/67b, metaframes of 198 words with 4 control words each (the length Mondigo 2020 L914's derived 150.813962 MHz implies on XLAUI's 10.3125 Gb/s lanes, L879; Novo-G# thesis L1645-1649 names the words) and the 32 B burst gap per FC packet (VCSN 2023 Eq. 1, L151): 9.22 / 9.43 / 9.53 GB/s for TX 32 / 64 / 128 (one FC per 40 Gb/s link with 256-bit flits, L879: 9.08 / 9.36 / 9.50). They still differ by the header and gap each FC packet pays (3.4 %), while the seed's three meet at 7.92 (L435): the remaining 14 % acts per byte, not per packet, and neither seed itemises it; a factor of 0.859 (unknown) on the line would match TX 32 (docs/LINKS.md)
001|Fig. 2.9|16 MiB stream, TX 32, one flow controller of w = 256 bits at F = 225 MHz on the bundled link (L435, L879): its ceiling F·w/8 × D/(D+1)|known|app link --preset sl3 --set bytes=16MiB --set tx_depth=32 --set w=256|.metrics.throughput|1e-9|GB/s|7.92|rel 0.03|7.92 GB/s is the throughput of the two bundled links (L433, L624), and one FC sending a 256-bit flit a cycle at 225 MHz cannot exceed 7.2 GB/s × 32/33 = 6.98 (7.09 / 7.14 at TX 64 / 128): the seed measured more than this reading allows, so its FC on the bundled link is wider (the preset's 512 bits) or there is one per link (2 × 7.2 GB/s, above the lines); L879's 256 bits are chapter 4's per-port datapath (docs/LINKS.md)
001|Fig. 2.9|16 MiB stream, TX 32, SL3 line from its parts, blocking store-and-forward TX buffer (no write until its packet has left: a reading of L421)|known|app link --preset sl3 --set bytes=16MiB --set tx_depth=32 --set rate=10.3125Gbps --set lanes=8 --set code=64b67b --set metaframe=198 --set gap=32B --set tx_blocking=1|.metrics.throughput|1e-9|GB/s|7.92|rel 0.03|the blocking reading of the TX buffer (L421: TX0 'initiates transmission when its TX0 buffer is full'; VCSN 2023 L403 counts the buffering as a cost) makes the depths meet as the seed's do (5.83 / 5.80 / 5.80 GB/s for TX 32 / 64 / 128; the next row) but 26 % below 7.92, and fill and send in turn cap it at 225 MHz × 64 B / 2 = 7.2 GB/s on any line; the slot-per-flit reading (the rows above: 9.22 / 9.43 / 9.53) is 16–20 % above and does not converge. The seed's level rejects one reading, its convergence the other; what sets 7.92 is not in either seed (docs/LINKS.md)
001|Fig. 2.9|16 MiB stream, TX 128, SL3 line from its parts, blocking store-and-forward TX buffer (no write until its packet has left: a reading of L421)|known|app link --preset sl3 --set bytes=16MiB --set tx_depth=128 --set rate=10.3125Gbps --set lanes=8 --set code=64b67b --set metaframe=198 --set gap=32B --set tx_blocking=1|.metrics.throughput|1e-9|GB/s|7.92|rel 0.03|with the blocking buffer TX 128 meets TX 32 within 0.6 % (the seed: all three at 7.92, L435), at 5.80 GB/s; see the TX 32 row
001|Fig. 3.9|tsunami (1,5) on 8 FPGAs: sustained|check|model stream --preset tsunami|.results.sustained_flops|1e-12|TFlop/s|2.5|abs 0.05
001|Fig. 3.9|tsunami (1,5) on 8 FPGAs: % of peak|check|model stream --preset tsunami|.results.efficiency|100|%|98|abs 0.5
001|Fig. 3.10|16 × (1,5): parallel efficiency|check|model stream --preset tsunami --set M=16|.results.parallel_efficiency|100|%|97|abs 0.5
001|Fig. 3.10|32 × (1,5): parallel efficiency|check|model stream --preset tsunami --set M=32|.results.parallel_efficiency|100|%|94|abs 0.5
001|Fig. 3.11|LBM (1,16)|check|model stream --preset lbm|.results.sustained_flops|1e-9|GFlop/s|318.828|abs 0.001
001|Fig. 3.11|LBM (1,16): % of peak|check|model stream --preset lbm|.results.efficiency|100|%|87|abs 0.5
001|Fig. 3.11|LBM (2,16)|check|model stream --preset lbm --set n=2|.results.sustained_flops|1e-9|GFlop/s|448.79|abs 0.005
001|Fig. 3.11|LBM (2,16): stall ratio|check|model stream --preset lbm --set n=2|.results.stall_ratio|100|%|28.57|abs 0.005
001|Fig. 3.11|LBM (4,16)|check|model stream --preset lbm --set n=4|.results.sustained_flops|1e-9|GFlop/s|435.99|abs 0.005
001|Fig. 3.11|LBM (4,16): stall ratio|check|model stream --preset lbm --set n=4|.results.stall_ratio|100|%|64.29|abs 0.005
001|Fig. 3.11|LBM (1,256): % of peak|check|model stream --preset lbm --set M=256|.results.efficiency|100|%|29|abs 0.5
001|Fig. 3.12|compressed (2,16), r_comp 2.392|check|model stream --preset lbm-comp --set n=2 --set r_comp=2.392|.results.sustained_flops|1e-9|GFlop/s|626.31|abs 0.005
001|Fig. 3.12|compressed (4,16)|check|model stream --preset lbm-comp|.results.sustained_flops|1e-9|GFlop/s|739.55|abs 0.005
001|Fig. 3.12|compressed (4,16): stall ratio|check|model stream --preset lbm-comp|.results.stall_ratio|100|%|39.05|abs 0.005
001|Fig. 3.13|LBM (1,256), C_stream 720×240×16: % of peak|known|model stream --preset lbm --set M=256 --set N_grid=2764800|.results.efficiency|100|%|92|abs 0.5|92 % would need a per-FPGA delay of ≈ 939 cycles instead of Eq. 3.x's 1625 at (1,256); the seed (L713) does not say what else changed from Fig. 3.11's set-up (docs/MODELS.md)
001|Fig. 3.11|LBM (1,16), simulated cascade|check|app stream --preset lbm|.simulated.sustained_flops|1e-9|GFlop/s|318.828|rel 0.01
001|Fig. 3.11|LBM (1,16), simulated: % of peak|check|app stream --preset lbm|.simulated.efficiency|100|%|87|abs 0.5
001|Fig. 3.11|LBM (2,16), simulated: stall ratio|known|app stream --preset lbm --set stream.n=2|.simulated.stall_ratio|100|%|28.57|abs 0.005|Eq. 3.7 stalls the pipeline fill too (divides it by the utilisation); the simulated cascade fills at full link rate (L650-652; docs/APPLICATIONS.md)
001|Fig. 3.11|LBM (4,16), simulated|known|app stream --preset lbm --set stream.n=4|.simulated.sustained_flops|1e-9|GFlop/s|435.99|abs 0.005|Eq. 3.7 stalls the pipeline fill too (divides it by the utilisation); the simulated cascade fills at full link rate (L650-652; docs/APPLICATIONS.md)
001|Fig. 3.12|compressed (2,16), simulated|check|app stream --preset lbm-comp --set stream.n=2 --set stream.r_comp=2.392|.simulated.sustained_flops|1e-9|GFlop/s|626.31|rel 0.01
001|Fig. 3.12|compressed (4,16), simulated|known|app stream --preset lbm-comp|.simulated.sustained_flops|1e-9|GFlop/s|739.55|abs 0.005|Eq. 3.7 stalls the pipeline fill too; the simulated cascade fills at full link rate (docs/APPLICATIONS.md)
001|Tab. 4.2|zero-payload transfer, SL3 point to point, t_N + t_PL (simulated)|check|run @HERE@/examples/p2p40g/sl3.ini --quiet|.metrics.makespan_ns|1e-3|µs|0.599|abs 0.08
001|Tab. 4.2|zero-payload transfer, E40G point to point, t_N + t_PL (simulated)|check|run @HERE@/examples/p2p40g/e40g.ini --quiet|.metrics.makespan_ns|1e-3|µs|0.832|abs 0.08
001|Tab. 4.2|zero-payload transfer, E40G switched, t_N + 2 t_PL + t_S (simulated)|check|run @HERE@/examples/p2p40g/e40g-switched.ini --quiet|.metrics.makespan_ns|1e-3|µs|1.646|abs 0.08
001|Fig. 3.9|tsunami (1,5) on M = 8, simulated on fc links|check|app stream --preset tsunami --links fc|.simulated.sustained_flops|1e-12|TFlop/s|2.5|abs 0.05
001|Fig. 3.9|tsunami (1,5) on M = 8, fc links: % of peak|check|app stream --preset tsunami --links fc|.simulated.efficiency|100|%|98|abs 0.5
001|§4.3.3|2048 FPGAs, radix 64: leaves|check|model p2p --preset e40g-switched --set n=2048|.results.ring_leaves|1|leaves|64|abs 0
001|§4.3.3|2048 FPGAs, radix 64: spines|check|model p2p --preset e40g-switched --set n=2048|.results.ring_spines|1|spines|32|abs 0
002|§3.4|jumbo frame payload 9152/9194|check|model linkbw --preset vcsn|.results.payload_efficiency|100|%|99.5|abs 0.05
002|§3.4|64 B payload 64/106|check|model linkbw --preset vcsn --set size=64|.results.payload_efficiency|100|%|60|abs 0.5
002|Eq. 1|DCN link|check|model linkbw --preset dcn|.results.peak_bits_per_s|1e-9|Gb/s|96.18|abs 0.005
002|Eq. 1|DCN link|check|model linkbw --preset dcn|.results.peak_bytes_per_s|1e-9|GB/s|12.02|abs 0.005
002|Eq. 2|VCSN link|check|model linkbw --preset vcsn|.results.peak_bits_per_s|1e-9|Gb/s|99.54|abs 0.005
002|Eq. 2|VCSN link|check|model linkbw --preset vcsn|.results.peak_bytes_per_s|1e-9|GB/s|12.44|abs 0.005
002|Eq. 1|DCN link simulated under the flow controller|check|app link --preset dcn --set bytes=8MiB|.metrics.steady_throughput|1e-9|GB/s|12.02|abs 0.005
002|Eq. 2|VCSN link simulated (jumbo frames)|check|app link --preset vcsn --set bytes=8MiB|.metrics.steady_throughput|1e-9|GB/s|12.44|abs 0.005
002|§5.1.1|gather on 9 nodes: DCN stages|check|model gather --preset dcn --set n=9|.results.stages|1|stages|4|abs 0
002|§5.2|gather on 9 nodes: VCSN stages|check|model gather --preset vcsn --set n=9|.results.stages|1|stages|3|abs 0
002|Fig. 18|MPI_Barrier on 8 servers (1.11 ms − 1 ms of work)|check|model gather --preset vcsn --set n=16|.results.barrier_s|1e3|ms|0.11|rel 0.05
002|§6.5|16 MiB gather among 32 nodes|check|model gather --preset vcsn --set n=32 --set d=16MiB|.results.time_s|1e3|ms|25|rel 0.02
002|§4.2.2|VCSN observed peak, 16 MiB FPGA to FPGA (simulated)|check|run @HERE@/examples/vcsn/vcsn.ini --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p.csv --quiet|16777216 / .metrics.makespan_ns|1|GB/s|12.42|abs 0.01
002|§4.2.2|DCN observed peak, 16 MiB FPGA to FPGA, on fc links with SL3's metaframes (198 words, 4 control words each: the length Mondigo 2020 L914's derived clock implies; Eq. 1 leaves them out)|check|run @HERE@/examples/vcsn/dcn-fc.ini --set link.fc_metaframe_words=198 --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p.csv --quiet|16777216 / .metrics.makespan_ns|1|GB/s|11.72|rel 0.01|
002|§4.2.2|DCN observed peak, 16 MiB FPGA to FPGA, on fc links with SL3's metaframes and the blocking store-and-forward TX buffer (link.fc_tx_blocking = 1)|known|run @HERE@/examples/vcsn/dcn-fc.ini --set link.fc_metaframe_words=198 --set link.fc_tx_blocking=1 --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p.csv --quiet|16777216 / .metrics.makespan_ns|1|GB/s|11.72|rel 0.01|the blocking reading of the FC's store-and-forward buffer (L403 names the buffering as a cost; Mondigo 2020 L421) fills and sends in turn: 6.10 GB/s against the observed 11.72 (L227), which the slot-per-flit reading (the row above, the default) meets within 0.41 %. The seed's own peak rejects the blocking reading for the DCN (docs/SWITCHED.md)
002|§5.1.1|gather on 9 nodes: DCN ring stages (simulated)|check|app gather @HERE@/examples/vcsn/dcn.ini --schedule ring --set app.nodes=9 --set app.bytes=1MiB|.stages|1|stages|4|abs 0
002|§5.2|gather on 9 nodes: VCSN tree stages (simulated)|check|app gather @HERE@/examples/vcsn/vcsn.ini --schedule tree --set app.nodes=9 --set app.bytes=1MiB|.stages|1|stages|3|abs 0
002|§6.5|1 MiB gather among 512 nodes|seed-inconsistent|model gather --preset vcsn --set n=512 --set d=1MiB|.results.time_s|1e3|ms|130|rel 0.1|Eq. 7 with the seed's Table 5 reproduces its own 32-node 25 ms (24.898 ms) but gives 64.35 ms at 512 nodes; the seed's '130 ms' (L504) is nearer Eq. 7 at 1024 nodes (136.75 ms)
003|Table I|Two-x4-Aurora diameter|check|topo @HERE@/examples/bee3/two-x4.ini|.diameter_ns|1|ns|845|abs 0
003|Table I|Two-x4-Aurora: full-crossbar routes|check|topo @HERE@/examples/bee3/two-x4.ini|.bee3.table1.xbar_ns|1|ns|256|abs 0
003|Table I|Eight-x1-Aurora diameter|check|topo @HERE@/examples/bee3/eight-x1.ini|.diameter_ns|1|ns|845|abs 0
003|Table I|Eight-x1-Aurora: MGT router routes|check|topo @HERE@/examples/bee3/eight-x1.ini|.bee3.table1.mgt_ns|1|ns|88|abs 0
003|Table I|Four-x2-Aurora diameter|known|topo @HERE@/examples/bee3/four-x2.ini|.diameter_ns|1|ns|933|abs 0|of the two paths per enclosure fcsim takes the faster, which never needs two diagonal links (intra 44 ns against the seed's 48; L175-211, docs/BEE3.md)
003|Table I|One-x8-Aurora diameter|known|topo @HERE@/examples/bee3/one-x8.ini|.diameter_ns|1|ns|1530|abs 0|the worst pair has a diagonal at each of its 3 intra hops (72 ns); the seed's 64 ns = 20 + 20 + 24 cannot be the worst case (L177, L211; docs/BEE3.md)
003|Table I|10GbE diameter, 64 B packets|seed-inconsistent|topo @HERE@/examples/bee3/10gbe.ini --set traffic.packet_size=64B|.diameter_ns|1|ns|1560|abs 0|the seed's own rows sum to 1056 ns, not its 1.56 µs total (L211); fcsim's switch delivers over a ring link (20 ns) from the destination (docs/BEE3.md)
003|Table I|10GbE diameter, 4 KiB packets|seed-inconsistent|topo @HERE@/examples/bee3/10gbe.ini --set traffic.packet_size=4096B|.diameter_ns|1|ns|7540|abs 0|the seed's own rows sum to 7540 ns, its 7.54 µs total; fcsim's 7536 ns takes a ring link (20 ns) where the seed takes a diagonal (24 ns) (L211; docs/BEE3.md)
004|§2.2|TNW link, per direction|check|model linkbw --preset tnw|.results.peak_bytes_per_s|1e-9|GB/s|0.91|rel 0.01
004|§2.2|TNW link simulated, per direction (both busy, BER 0)|check|app link --preset tnw --set bytes=1MiB|.metrics.steady_throughput|1e-9|GB/s|0.91|rel 0.01
000|Tab 3.1|Interlaken and SL3 link latency, 176 / 307 ns|not-modelled||||ns|176, 307||measured on the board (Novo-G# thesis L1680-1700, Table 3.1); an input of fcsim (`network.link_latency`), not a result
000|Tab 3.2|Interlaken IP: physical characteristics and resources|not-modelled|||||||measured on the board (L1831, Table 3.2); fcsim has no model of the IP's logic
000|Tab 3.3|per-lane link latency, mean and variance (Gaussian 175.7 ns, SD 12.34 ns)|not-modelled||||ns|175.7, SD 12.34||measured (L1812, L1878, Table 3.3, §3.4.4); the input of `network.link_jitter` (examples/novo-g-jitter.ini), whose effect is Table 3.5
000|Tab 3.4|clock frequency and jitter of four ProceV boards|not-modelled|||||||measured (L1916, Table 3.4); the input of `network.clock_spread_ppm` / `router.clock_ppm` (tests/sim/test_clocks.c)
000|Fig. 3.7|measured latency distributions of the four MGTs' lanes (ping-pong, 75 samples a lane)|not-modelled|||||||measured on the board (L1855-1866; its numbers are Table 3.3's); the input of `network.link_jitter` and `network.link_lanes`, whose effect is Table 3.5 (examples/novo-g-jitter.ini)
000|Tab 6.3|Altera FFT MegaCore: latency N cycles, DSP blocks, most IPs per node (75, 41, 41, 31, 31 for N = 16-256)|not-modelled||||IPs|75, 41, 41, 31, 31||vendor figures for the Stratix V 5SGSMD8 (L5301-5310): inputs of `fcsim app fft` (fft.ips, checked against these limits) and `model fft`, not results
000|Tab 4.2|router area, 1 VC, % of Stratix V|check|@AREA@ --set router.vcs=1|.metrics.area_percent|1|%|5|abs 0
000|Tab 4.2|router area, 3 VCs, % of Stratix V|check|@AREA@ --set router.vcs=3|.metrics.area_percent|1|%|9|abs 0
000|Tab 4.2|router area, 5 VCs, % of Stratix V|check|@AREA@ --set router.vcs=5|.metrics.area_percent|1|%|16|abs 0
000|Tab 4.2|router area, 8 VCs, % of Stratix V|check|@AREA@ --set router.vcs=8|.metrics.area_percent|1|%|21|abs 0
000|Tab 4.3|ring router registers|not-modelled||||registers|3568||a synthesis result (L3121-3126); fcsim's router areas are lookups of the seed's ALM counts for the routers it simulates and it keeps no register counts
000|Tab 4.3|VOQ router (the ch. 4 design): logic and registers|not-modelled||||ALMs, registers|3312, 2672||a synthesis result (L3121-3130); fcsim's voq router reports Table 5.6's 40895 ALMs (the OCR router, same Stratix V 5SGSMD8, L4820-4825), and the seed does not say what Table 4.3's 3312 'logic' leaves out against it (the ch. 4 VOQ router has the reduction unit too, L3105-3111), so fcsim has no count to compare
000|Tab 5.6|RPM router area (the voq router running RPM-built tables)|check|collective build examples/collective.ini --pattern all-to-all --algorithm rpm --out /tmp/fcsim-rpm-tables ;; run examples/collective.ini --quiet --set router.tables=/tmp/fcsim-rpm-tables --set sim.warmup_cycles=100 --set sim.measure_cycles=300|.[1].metrics.area_alms|1|ALMs|56177|abs 0
000|Tab 5.6|RPM router, % of Stratix V|check|collective build examples/collective.ini --pattern all-to-all --algorithm rpm --out /tmp/fcsim-rpm-tables ;; run examples/collective.ini --quiet --set router.tables=/tmp/fcsim-rpm-tables --set sim.warmup_cycles=100 --set sim.measure_cycles=300|.[1].metrics.area_percent|1|%|21|abs 0
000|Tab 5.6|the offline router saves 5 % of chip area (RPM router − OCR router, % of Stratix V; L4776-4777)|check|collective build examples/collective.ini --pattern all-to-all --algorithm rpm --out /tmp/fcsim-rpm-tables ;; run examples/collective.ini --quiet --set router.tables=/tmp/fcsim-rpm-tables --set sim.warmup_cycles=100 --set sim.measure_cycles=300 ;; @AREA@ --set router.model=voq|.[1].metrics.area_percent - .[2].metrics.area_percent|1|%|5|abs 0
000|Tab 5.7|all-to-all multicast: OCR routing-table bits per node, one entry per tree per node (4x4x4)|known|collective build @HERE@/examples/collective.ini --pattern all-to-all --op multicast --out /tmp/fcsim-tab57|.metrics.mean_unshared_table_bits|1|bits|6968|abs 0|the seed prints no trees (Algorithms 6-7 build them); with Fig. 4.12's entry widths (32-bit unicast, 123-bit multicast, L2760-2820) 6968 = 64 × 32 + 40 × 123 exactly, one unicast entry per tree through a node plus 40 multicast entries, so the field counts one entry per tree per node (an inference); fcsim's OCR trees branch at 36.2 nodes, not 40 (written with shared entries, as L4793-4795 allow: .metrics.mean_table_bits); docs/COLLECTIVES.md
000|Tab 5.7|all-to-all reduction: OCR reduction-table bits per node (4x4x4)|known|collective build @HERE@/examples/collective.ini --pattern all-to-all --op reduction --out /tmp/fcsim-tab57|.metrics.mean_table_bits|1|bits|61700|abs 50|fcsim keeps one 19-bit entry per reduction through a node; the seed's figures are 48-51 times that and scale with tree membership, consistent with one entry per in-flight reduction packet ('separate table entries for the different packets in the reduction', L4786-4788), which the seed does not quantify; its reduction percentages also imply a 5.3 Mbit memory against the multicast rows' 53.6 Mbit (6968 bits = 0.013 %, 61.7K = 1.17 %, L4829-4843): docs/COLLECTIVES.md
000|Tab 5.7|bit rotation multicast: OCR routing-table bits per node, one entry per tree per node (4x4x4)|known|collective build @HERE@/examples/collective.ini --pattern bitrot --op multicast --out /tmp/fcsim-tab57|.metrics.mean_unshared_table_bits|1|bits|1122|abs 0|the seed prints no trees; counted as for all-to-all with Fig. 4.12's entry widths (L2760-2820) (one entry per tree per node, the reading its 6968 supports), fcsim's bit-rotation trees need fewer entries; 1122 splits into those widths only as 12 × 32 + 6 × 123; docs/COLLECTIVES.md
000|Tab 5.7|bit rotation reduction: OCR reduction-table bits per node (4x4x4)|known|collective build @HERE@/examples/collective.ini --pattern bitrot --op reduction --out /tmp/fcsim-tab57|.metrics.mean_table_bits|1|bits|10000|abs 500|fcsim keeps one 19-bit entry per reduction through a node; the seed's figures are 48-51 times that and scale with tree membership, consistent with one entry per in-flight reduction packet ('separate table entries for the different packets in the reduction', L4786-4788), which the seed does not quantify; its reduction percentages also imply a 5.3 Mbit memory against the multicast rows' 53.6 Mbit (6968 bits = 0.013 %, 61.7K = 1.17 %, L4829-4843): docs/COLLECTIVES.md
000|Tab 5.7|nearest neighbour multicast: OCR routing-table bits per node, one entry per tree per node (4x4x4)|known|collective build @HERE@/examples/collective.ini --pattern cube-nn --op multicast --out /tmp/fcsim-tab57|.metrics.mean_unshared_table_bits|1|bits|2928|abs 0|the seed prints no trees; counted as for all-to-all with Fig. 4.12's entry widths (L2760-2820) (one entry per tree per node, the reading its 6968 supports), fcsim's 27 trees per node give 27 × 32 + 9 × 123; the seed's 2928 splits into those widths only as 30 × 32 + 16 × 123, more unicast entries than a node has trees; docs/COLLECTIVES.md
000|Tab 5.7|nearest neighbour reduction: OCR reduction-table bits per node (4x4x4)|known|collective build @HERE@/examples/collective.ini --pattern cube-nn --op reduction --out /tmp/fcsim-tab57|.metrics.mean_table_bits|1|bits|25500|abs 50|fcsim keeps one 19-bit entry per reduction through a node; the seed's figures are 48-51 times that and scale with tree membership, consistent with one entry per in-flight reduction packet ('separate table entries for the different packets in the reduction', L4786-4788), which the seed does not quantify; its reduction percentages also imply a 5.3 Mbit memory against the multicast rows' 53.6 Mbit (6968 bits = 0.013 %, 61.7K = 1.17 %, L4829-4843): docs/COLLECTIVES.md
000|Fig. 5.22|continuous multicast on the 4x4x4 torus, five patterns (all-to-all, nearest neighbour, bit rotation, random subsets of 32 and 16): the offline design (OCR) keeps its unloaded latency at a higher load — the largest ratio of its average latency at 0.03 to that at 0.001 packets per root per cycle (OCR unsaturated at both)|check|collective run examples/collective.ini --mode continuous --set traffic.rate=0.001 ;; collective run examples/collective.ini --mode continuous --set traffic.rate=0.03 ;; collective run examples/collective.ini --mode continuous --pattern random-subset --subset 32 --set traffic.rate=0.001 ;; collective run examples/collective.ini --mode continuous --pattern random-subset --subset 32 --set traffic.rate=0.03 ;; collective run examples/collective.ini --mode continuous --pattern random-subset --subset 16 --set traffic.rate=0.001 ;; collective run examples/collective.ini --mode continuous --pattern random-subset --subset 16 --set traffic.rate=0.03|([.[0,2,4].runs[].ocr.avg_latency]) as $u @PIPE@ ([.[1,3,5].runs[].ocr.avg_latency]) as $h @PIPE@ if ($u @PIPE@ length) == 5 and ($h @PIPE@ length) == 5 then [range(0; 5) as $i @PIPE@ $h[$i] / $u[$i]] @PIPE@ max else empty end|1|x|1|abs 0.05|
000|Fig. 5.22|continuous multicast, five patterns at 0.03 packets per root per cycle: patterns on which OCR's average latency is below the online design's (RPM; saturated there on all-to-all and the 32-subset)|known|collective run examples/collective.ini --mode continuous --set traffic.rate=0.001 ;; collective run examples/collective.ini --mode continuous --set traffic.rate=0.03 ;; collective run examples/collective.ini --mode continuous --pattern random-subset --subset 32 --set traffic.rate=0.001 ;; collective run examples/collective.ini --mode continuous --pattern random-subset --subset 32 --set traffic.rate=0.03 ;; collective run examples/collective.ini --mode continuous --pattern random-subset --subset 16 --set traffic.rate=0.001 ;; collective run examples/collective.ini --mode continuous --pattern random-subset --subset 16 --set traffic.rate=0.03|[.[1,3,5].runs[] @PIPE@ select(.ocr.avg_latency < .rpm.avg_latency)] @PIPE@ length|1|patterns|4|abs 0|the seed: better 'in nearly all cases', the exception nearest neighbour, 'already symmetric and balanced leaving little room' (L4906-4910); fcsim's OCR is ahead on nearest neighbour too, by little (79.8 against 81.5 cycles, 2.1 %; 1.3 % unloaded); the seed's curves print no value, so whether they cross is not readable (docs/COLLECTIVES.md)
000|Tab 7.1|Catapult II end-to-end latency 2 / 5 / 10 µs|not-modelled||||µs|2, 5, 10||measured on Catapult II (L5645); the input of `model cornerturn/contraction/md` (`L_oneflit` auto), not a result
000|Fig. 7.5|Catapult II measured corner-turn times|not-modelled|||||||measurements of another system quoted in the text; Eq. 7.1 (`fcsim model cornerturn --set system=cloud`) is the model, whose unstated flit size and one-flit latency make the comparison a fit
000|Tab 7.2|best contraction size, cloud, 8³ FFT|known|model contraction --set system=cloud --set N=8|.results.best_P_FFT|1|nodes|1|abs 0|Eq. 7.3 taken literally charges the move onto one node N³·dl/flitsize = 170 flits × 2 µs (Table 7.1 per flit; the seed gives neither flit size nor one-flit latency, docs/APPLICATIONS.md)
000|Tab 7.2|best contraction size, cloud, 16³ FFT|known|model contraction --set system=cloud --set N=16|.results.best_P_FFT|1|nodes|16|abs 0|the cloud curve is flat once packets are one flit; its minimum sits at the largest P of the flat region (docs/APPLICATIONS.md)
000|Tab 7.2|best contraction size, cloud, 32³ FFT|check|model contraction --set system=cloud --set N=32|.results.best_P_FFT|1|nodes|512|abs 0|
000|Tab 7.2|best contraction size, cloud, 64³ FFT|check|model contraction --set system=cloud --set N=64|.results.best_P_FFT|1|nodes|512|abs 0|
000|Tab 7.2|best contraction size, cloud, 128³ FFT|known|model contraction --set system=cloud --set N=128|.results.best_P_FFT|1|nodes|512|abs 0|the cloud curve is flat once packets are one flit; its minimum sits at the largest P of the flat region (docs/APPLICATIONS.md)
000|Tab 7.2|best contraction size, cloud, 256³ FFT|check|model contraction --set system=cloud --set N=256|.results.best_P_FFT|1|nodes|8192|abs 0|
000|Tab 7.2|best contraction size, cluster, 8³ FFT|check|model contraction --set system=cluster --set N=8|.results.best_P_FFT|1|nodes|1|abs 0|
000|Tab 7.2|best contraction size, cluster, 16³ FFT|known|model contraction --set system=cluster --set N=16|.results.best_P_FFT|1|nodes|32|abs 0|at 4 nodes the torus-diameter term is the formula's 2^(−1) and every IP is busy (docs/APPLICATIONS.md)
000|Tab 7.2|best contraction size, cluster, 32³ FFT|check|model contraction --set system=cluster --set N=32|.results.best_P_FFT|1|nodes|32|abs 0|
000|Tab 7.2|best contraction size, cluster, 64³ FFT|check|model contraction --set system=cluster --set N=64|.results.best_P_FFT|1|nodes|256|abs 0|
000|Tab 7.2|best contraction size, cluster, 128³ FFT|check|model contraction --set system=cluster --set N=128|.results.best_P_FFT|1|nodes|2048|abs 0|
000|Tab 7.2|best contraction size, cluster, 256³ FFT|known|model contraction --set system=cluster --set N=256|.results.best_P_FFT|1|nodes|2048|abs 0|with P0 = 8192 (Table 7.3 does not give P0) no contraction pays for its two moves (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, plain, 8³|known|model contraction --set system=cloud --set N=8|.results.speedup|1|x|1.45|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, plain, 16³|known|model contraction --set system=cloud --set N=16|.results.speedup|1|x|1.21|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, plain, 32³|known|model contraction --set system=cloud --set N=32|.results.speedup|1|x|1.09|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, plain, 64³|known|model contraction --set system=cloud --set N=64|.results.speedup|1|x|1.11|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, plain, 128³|known|model contraction --set system=cloud --set N=128|.results.speedup|1|x|1.01|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, plain, 256³|known|model contraction --set system=cloud --set N=256|.results.speedup|1|x|1|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, in MD, 8³|known|model contraction --set system=cloud --set N=8|.results.speedup_md|1|x|1.33|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, in MD, 16³|known|model contraction --set system=cloud --set N=16|.results.speedup_md|1|x|1.45|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, in MD, 32³|known|model contraction --set system=cloud --set N=32|.results.speedup_md|1|x|1.11|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, in MD, 64³|known|model contraction --set system=cloud --set N=64|.results.speedup_md|1|x|1.14|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, in MD, 128³|known|model contraction --set system=cloud --set N=128|.results.speedup_md|1|x|1|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cloud, in MD, 256³|known|model contraction --set system=cloud --set N=256|.results.speedup_md|1|x|1|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, plain, 8³|known|model contraction --set system=cluster --set N=8|.results.speedup|1|x|1.37|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, plain, 16³|known|model contraction --set system=cluster --set N=16|.results.speedup|1|x|1.14|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, plain, 32³|known|model contraction --set system=cluster --set N=32|.results.speedup|1|x|1.15|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, plain, 64³|known|model contraction --set system=cluster --set N=64|.results.speedup|1|x|1.12|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, plain, 128³|known|model contraction --set system=cluster --set N=128|.results.speedup|1|x|1.06|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, plain, 256³|known|model contraction --set system=cluster --set N=256|.results.speedup|1|x|1.01|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, in MD, 8³|known|model contraction --set system=cluster --set N=8|.results.speedup_md|1|x|2.0|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, in MD, 16³|known|model contraction --set system=cluster --set N=16|.results.speedup_md|1|x|1.26|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, in MD, 32³|known|model contraction --set system=cluster --set N=32|.results.speedup_md|1|x|1.31|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, in MD, 64³|known|model contraction --set system=cluster --set N=64|.results.speedup_md|1|x|1.24|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, in MD, 128³|known|model contraction --set system=cluster --set N=128|.results.speedup_md|1|x|1.1|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.3|contraction speedup, cluster, in MD, 256³|known|model contraction --set system=cluster --set N=256|.results.speedup_md|1|x|1.02|abs 0.005|Table 7.3 (L6341-6365) does not say on how many nodes P0 the FFT ran before contraction; fcsim uses the largest machine the FFT can use, min(8192, N²), so its speedups are larger; the seed's 'in MD' column is sometimes below the plain one (8³ cloud), which no P0 gives when the moves are the only difference (docs/APPLICATIONS.md)
000|Tab 7.4|MD µs/day of the better design, cloud, 13K particles|known|model md --set system=cloud --set N=13000 --set design=uniform ;; model md --set system=cloud --set N=13000 --set design=specialized|[.[0].results.us_per_day, .[1].results.us_per_day] @PIPE@ max|1|µs/day|14.7|abs 0.05|Eq. 7.14 with Table 7.1's latency per flit (the seed gives neither flit size nor one-flit latency) makes the position multicast cost 6–30 flits × 10 µs a step; the seed's values need a per-flit latency well below Table 7.1's (docs/APPLICATIONS.md)
000|Tab 7.4|MD µs/day of the better design, cloud, 100K particles|known|model md --set system=cloud --set N=100000 --set design=uniform ;; model md --set system=cloud --set N=100000 --set design=specialized|[.[0].results.us_per_day, .[1].results.us_per_day] @PIPE@ max|1|µs/day|13.9|abs 0.05|Eq. 7.14 with Table 7.1's latency per flit (the seed gives neither flit size nor one-flit latency) makes the position multicast cost 6–30 flits × 10 µs a step; the seed's values need a per-flit latency well below Table 7.1's (docs/APPLICATIONS.md)
000|Tab 7.4|MD µs/day of the better design, cloud, 1M particles|known|model md --set system=cloud --set N=1000000 --set design=uniform ;; model md --set system=cloud --set N=1000000 --set design=specialized|[.[0].results.us_per_day, .[1].results.us_per_day] @PIPE@ max|1|µs/day|4.3|abs 0.05|Eq. 7.14 with Table 7.1's latency per flit (the seed gives neither flit size nor one-flit latency) makes the position multicast cost 6–30 flits × 10 µs a step; the seed's values need a per-flit latency well below Table 7.1's (docs/APPLICATIONS.md)
000|Tab 7.4|MD µs/day of the better design, cluster, 13K particles|known|model md --set system=cluster --set N=13000 --set design=uniform ;; model md --set system=cluster --set N=13000 --set design=specialized|[.[0].results.us_per_day, .[1].results.us_per_day] @PIPE@ max|1|µs/day|17.7|abs 0.05|the step is bound by range-limited computation; the particle density D and the clock are not given (D = 750/π from the '500N' of §7.2.2); the node counts (256, 2K) agree (docs/APPLICATIONS.md)
000|Tab 7.4|MD µs/day of the better design, cluster, 100K particles|known|model md --set system=cluster --set N=100000 --set design=uniform ;; model md --set system=cluster --set N=100000 --set design=specialized|[.[0].results.us_per_day, .[1].results.us_per_day] @PIPE@ max|1|µs/day|17.8|abs 0.05|the step is bound by range-limited computation; the particle density D and the clock are not given (D = 750/π from the '500N' of §7.2.2); the node counts (256, 2K) agree (docs/APPLICATIONS.md)
000|Tab 7.4|MD µs/day of the better design, cluster, 1M particles|known|model md --set system=cluster --set N=1000000 --set design=uniform ;; model md --set system=cluster --set N=1000000 --set design=specialized|[.[0].results.us_per_day, .[1].results.us_per_day] @PIPE@ max|1|µs/day|2.9|abs 0.05|fcsim's PME grid (128³, about one point per particle: the seed gives no grid) fits on 8192 nodes; the seed's 2.9 at 2K suggests a larger grid or another P limit (docs/APPLICATIONS.md)
000|§7.5.2, Fig. 7.14|uniform design: cluster over cloud|known|model md --set system=cluster --set N=13000 --set design=uniform ;; model md --set system=cluster --set N=100000 --set design=uniform ;; model md --set system=cluster --set N=1000000 --set design=uniform ;; model md --set system=cloud --set N=13000 --set design=uniform ;; model md --set system=cloud --set N=100000 --set design=uniform ;; model md --set system=cloud --set N=1000000 --set design=uniform|[range(0;3) as $i @PIPE@ .[$i].results.us_per_day / .[$i+3].results.us_per_day] @PIPE@ (.[0]*.[1]*.[2]) @PIPE@ pow(.; 1/3)|1|x|2.1|rel 0.1|geometric mean over N = 13K, 100K, 1M at the best P; the cloud side inherits the per-flit latency of the Tab 7.4 rows (the seed gives neither flit size nor one-flit latency, L6640-6720; docs/APPLICATIONS.md)
000|§7.5.2, Fig. 7.15|specialized design: cluster over cloud|known|model md --set system=cluster --set N=13000 --set design=specialized ;; model md --set system=cluster --set N=100000 --set design=specialized ;; model md --set system=cluster --set N=1000000 --set design=specialized ;; model md --set system=cloud --set N=13000 --set design=specialized ;; model md --set system=cloud --set N=100000 --set design=specialized ;; model md --set system=cloud --set N=1000000 --set design=specialized|[range(0;3) as $i @PIPE@ .[$i].results.us_per_day / .[$i+3].results.us_per_day] @PIPE@ (.[0]*.[1]*.[2]) @PIPE@ pow(.; 1/3)|1|x|3|rel 0.1|geometric mean over N = 13K, 100K, 1M at the best P; the cloud side inherits the per-flit latency of the Tab 7.4 rows (the seed gives neither flit size nor one-flit latency, L6640-6720; docs/APPLICATIONS.md)
000|§7.5.2|specialized over uniform, cluster (+13 %)|known|model md --set system=cluster --set N=13000 --set design=specialized ;; model md --set system=cluster --set N=100000 --set design=specialized ;; model md --set system=cluster --set N=1000000 --set design=specialized ;; model md --set system=cluster --set N=13000 --set design=uniform ;; model md --set system=cluster --set N=100000 --set design=uniform ;; model md --set system=cluster --set N=1000000 --set design=uniform|([range(0;3) as $i @PIPE@ .[$i].results.us_per_day / .[$i+3].results.us_per_day] @PIPE@ (.[0]*.[1]*.[2]) @PIPE@ pow(.; 1/3) - 1) * 100|1|%|13|abs 0.5|geometric mean over N = 13K, 100K, 1M at the best P; the cloud side inherits the per-flit latency of the Tab 7.4 rows (the seed gives neither flit size nor one-flit latency, L6640-6720; docs/APPLICATIONS.md); per N +9.2, +10.3, +4.3 %: specialized ahead as the seed says
000|§7.5.2|specialized over uniform, cloud (+3 %)|known|model md --set system=cloud --set N=13000 --set design=specialized ;; model md --set system=cloud --set N=100000 --set design=specialized ;; model md --set system=cloud --set N=1000000 --set design=specialized ;; model md --set system=cloud --set N=13000 --set design=uniform ;; model md --set system=cloud --set N=100000 --set design=uniform ;; model md --set system=cloud --set N=1000000 --set design=uniform|([range(0;3) as $i @PIPE@ .[$i].results.us_per_day / .[$i+3].results.us_per_day] @PIPE@ (.[0]*.[1]*.[2]) @PIPE@ pow(.; 1/3) - 1) * 100|1|%|3|abs 0.5|geometric mean over N = 13K, 100K, 1M at the best P; the cloud side inherits the per-flit latency of the Tab 7.4 rows (the seed gives neither flit size nor one-flit latency, L6640-6720; docs/APPLICATIONS.md)
001|Fig. 2.2|constant RX reads: the credit counter never runs out (credit-stall cycles)|check|app link --preset fig2 --set bytes=64KiB|.metrics.credit_stall_cycles|1|cycles|0|abs 0
001|Fig. 2.3|RX read every other cycle: TX rate converges to the read rate (1/2 of 32 B × 225 MHz)|check|app link --preset fig2 --set bytes=64KiB --set read_period=2|.metrics.steady_throughput / 7.2e9|1|of line rate|0.5|abs 0.005
001|Fig. 2.4|full-duplex loopback at high rate: both directions continuous (returned over sent throughput)|check|app link --preset fig2 --set bytes=64KiB --set duplex=loopback|.metrics.reverse_steady_throughput / .metrics.steady_throughput|1|x|1|abs 0.005
001|Fig. 2.5|full duplex at low rate: force sends of partly filled TX buffers (1 = some)|check|app link --preset fig2 --set bytes=64KiB --set duplex=full --set write_period=4|if .metrics.force_sends > 0 then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 2.6|half duplex at high rate: credits return in credit-only packets (1 = some)|check|app link --preset fig2 --set bytes=64KiB|if .metrics.co_packets > 0 then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 2.7|half duplex, intermittent writes: rate follows the writer (1/2)|check|app link --preset fig2 --set bytes=64KiB --set write_period=2|.metrics.steady_throughput / 7.2e9|1|of line rate|0.5|abs 0.005
001|Fig. 2.8|RX reads stop: credits run out and TX stops (1 = stalled)|check|app link --preset fig2 --set bytes=64KiB --set read_stop=2000|.metrics.stalled|1|yes/no|1|abs 0
001|Fig. 2.10|FC buffer memory at TX 32 / RX 512 (the least of Fig. 2.10: ≈ 1.12 % of the memory bits): one controller's raw buffer bits, (32 + 512) flits × 256 b, as % of the 10AX115's 54,260 Kbit of M20K|known|model fc --preset sl3|(.params.tx_depth + .params.rx_depth) * .params.w / (54260 * 1024) * 100|1|%|1.12|abs 0.005|the seed's 1.12 % (L437) is of its 'network modules', whose number of flow controllers and memory-block mapping it does not give (the part, 10AX115N3F45I2SG, L618; its 2,713 M20K = 54,260 Kbit from Intel's Arria 10 overview): 1.12 % is 608 Kbit, the raw buffers of 4.5 controllers; mapped to M20Ks of 512 × 40 b each buffer takes 7 blocks (280 Kbit, 0.52 % a controller); fcsim has no memory-block model, so the row shows the raw share only
001|Fig. 3.7|resources per SPE configuration|not-modelled|||||||synthesis results (L690), inputs of the stream model's n, m choices
001|Fig. 3.8|model validation, C_stream = 116,104 (L636): similarity of sustained to theoretical (Eq. 3.8), the smallest over (1,1)-(1,5) on 2-4 FPGAs; fcsim's sustained is its simulated cascade (the seed's: the board's counters)|check|app stream --preset tsunami-small --set stream.n=1 --set stream.m=1 --set stream.M=2 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=1 --set stream.M=3 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=1 --set stream.M=4 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=2 --set stream.M=2 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=2 --set stream.M=3 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=2 --set stream.M=4 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=3 --set stream.M=2 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=3 --set stream.M=3 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=3 --set stream.M=4 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=4 --set stream.M=2 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=4 --set stream.M=3 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=4 --set stream.M=4 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=5 --set stream.M=2 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=5 --set stream.M=3 ;; app stream --preset tsunami-small --set stream.n=1 --set stream.m=5 --set stream.M=4|[.[] @PIPE@ .simulated.sustained_flops / .model.sustained_flops] @PIPE@ min|100|%|100|abs 1|
001|Fig. 3.8|model validation, C_stream = 116,104: similarity of sustained to theoretical (Eq. 3.8) for (2,2) on 4 FPGAs, the configuration whose link stalls (b_core 14.4 > 7.92 GB/s, L638)|known|app stream --preset tsunami-small --set stream.n=2 --set stream.m=2 --set stream.M=4|.simulated.sustained_flops / .model.sustained_flops|100|%|100|abs 1|the simulated cascade fills its pipeline at the link's full rate, while Eq. 3.7 divides the fill by the link utilisation too (C_total = (C_stream + D_total)/util): where the link stalls the simulation is faster than the model (103-108 % on 2-4 FPGAs; 99.8-99.9 % for n = 1, the row above). The seed's similarity is 'close to 100 %' for every configuration (L636) and prints no value per configuration (docs/APPLICATIONS.md)
001|Fig. 3.8|C_stream = 116,104: 'the pipeline overhead is visibly reflected with the significant difference between the peak and sustained performances as the pipeline depth increases' (L638): Eq. 3.8's efficiency on 4 FPGAs falls from (1,1) to (1,5), each m below the last (1 = yes)|check|model stream --preset tsunami-small --set n=1 --set m=1 --set M=4 ;; model stream --preset tsunami-small --set n=1 --set m=2 --set M=4 ;; model stream --preset tsunami-small --set n=1 --set m=3 --set M=4 ;; model stream --preset tsunami-small --set n=1 --set m=4 --set M=4 ;; model stream --preset tsunami-small --set n=1 --set m=5 --set M=4|[.[].results.efficiency] as $e @PIPE@ if [range(1; 5) as $i @PIPE@ $e[$i] < $e[$i-1]] @PIPE@ all then 1 else 0 end|1|yes/no|1|abs 0|
001|Fig. 3.14|compressed links, C_stream = 720×240×16 against 720×240 (Fig. 3.12): 'the sustained performances get closer to their peak performances' (L652) for (1,16), (2,16) and (4,16) with their measured ratios 2.643, 2.392, 1.853 (L652; 1 = yes for all three)|check|model stream --preset lbm-comp --set M=16 --set n=1 --set r_comp=2.643 --set N_grid=172800 ;; model stream --preset lbm-comp --set M=16 --set n=1 --set r_comp=2.643 --set N_grid=2764800 ;; model stream --preset lbm-comp --set M=16 --set n=2 --set r_comp=2.392 --set N_grid=172800 ;; model stream --preset lbm-comp --set M=16 --set n=2 --set r_comp=2.392 --set N_grid=2764800 ;; model stream --preset lbm-comp --set M=16 --set n=4 --set r_comp=1.853 --set N_grid=172800 ;; model stream --preset lbm-comp --set M=16 --set n=4 --set r_comp=1.853 --set N_grid=2764800|[range(0; 3) as $i @PIPE@ .[2*$i+1].results.efficiency > .[2*$i].results.efficiency] @PIPE@ if all then 1 else 0 end|1|yes/no|1|abs 0|
001|Fig. 4.6|E40G over SL3 resources: 6× ALMs, 7× registers, 18× Kbits, 3× M20K|not-modelled||||x|6, 7, 18, 3||synthesis results (L885-897); fcsim models no IP resources
001|Fig. 4.7|model T_L, point to point with SL3 (Eq. 4.2: t_N + t_PL)|check|model p2p --preset sl3|.results.T_L_s|1e6|µs|0.599|abs 0.0005
001|Fig. 4.7|model T_L, point to point with E40G (Eq. 4.2)|check|model p2p --preset e40g|.results.T_L_s|1e6|µs|0.832|abs 0.0005
001|Fig. 4.7|model T_L, switched E40G (Eq. 4.3: t_N + 2 t_PL + t_S)|check|model p2p --preset e40g-switched|.results.T_L_s|1e6|µs|1.646|abs 0.0005
001|Fig. 4.7|measured communication times against payload|not-modelled|||||||board measurements (L899-916); the model of Fig. 4.7b-d is the rows above with B = 4.29 / 4.41 GB/s
001|Fig. 4.8|effective bandwidth: SL3 4.29 GB/s (86 %), E40G 4.41 GB/s (88 %)|not-modelled||||GB/s|4.29, 4.41||measured (L903-914, §4.3.2); the inputs B of `model p2p --preset sl3` / `e40g-switched`
001|Fig. 4.9b|2-FPGA ring, 227 MB: switched over direct effective bandwidth (4.41 / 4.29)|check|model p2p --preset e40g-switched --set m=237782368 ;; model p2p --preset sl3 --set m=237782368|.[0].results.ring_B_effective / .[1].results.ring_B_effective|1|x|1.028|abs 0.0005
001|Fig. 4.9b|2-FPGA ring, 4 KB: direct ahead of switched (1 = yes)|check|model p2p --preset sl3 --set m=4096 ;; model p2p --preset e40g-switched --set m=4096|if .[0].results.ring_B_effective > .[1].results.ring_B_effective then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 4.9c|227 MB at 1024 FPGAs: switched faster (direct over switched ring time > 1: 1 = yes)|check|model p2p --preset sl3 --set m=237782368 --set n=1024 ;; model p2p --preset e40g-switched --set m=237782368 --set n=1024|if .[0].results.ring_time_s > .[1].results.ring_time_s then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 4.9c|227 MB at 2048 FPGAs: direct SL3 faster (1 = yes)|check|model p2p --preset sl3 --set m=237782368 --set n=2048 ;; model p2p --preset e40g-switched --set m=237782368 --set n=2048|if .[0].results.ring_time_s < .[1].results.ring_time_s then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 4.9d|1 MB at 16 FPGAs: switched over direct ring time ('minimal difference')|check|model p2p --preset e40g-switched --set m=1MiB --set n=16 ;; model p2p --preset sl3 --set m=1MiB --set n=16|.[0].results.ring_time_s / .[1].results.ring_time_s|1|x|1|abs 0.05
001|Fig. 4.9e|4 KB at 2048 FPGAs: direct still faster (1 = yes)|check|model p2p --preset sl3 --set m=4096 --set n=2048 ;; model p2p --preset e40g-switched --set m=4096 --set n=2048|if .[0].results.ring_time_s < .[1].results.ring_time_s then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 4.10a|227 MB stream: 'scales the performance linearly with more FPGAs on both network types' (L932): Eq. 3.8 as the seed (tsunami (1,5); SL3 direct 4.29 GB/s and 0.599 µs a hop = 135 cycles, E40G switched 4.41 GB/s and 1.646 µs = 370 cycles, Table 4.2): the smaller over the two networks of sustained at 32 FPGAs over that at 2 (16 = linear)|check|model stream --preset tsunami --set M=2 --set B_link=4.29GB/s --set D_link=135 ;; model stream --preset tsunami --set M=32 --set B_link=4.29GB/s --set D_link=135 ;; model stream --preset tsunami --set M=2 --set B_link=4.41GB/s --set D_link=370 ;; model stream --preset tsunami --set M=32 --set B_link=4.41GB/s --set D_link=370|[.[1].results.sustained_flops / .[0].results.sustained_flops, .[3].results.sustained_flops / .[2].results.sustained_flops] @PIPE@ min|1|x|16|rel 0.1|
001|Fig. 4.10b|1 MB stream: 'higher latency of the indirect network largely affects performance' (L932): simulated cascade on fc links (Table 4.2 per hop), 64 FPGAs (one leaf): E40G switched below SL3 direct (1 = yes)|check|app stream --preset tsunami --links fc --set stream.M=64 --set stream.N_grid=32768 --set link.latency=599ns --set link.rate=35.39Gbps ;; app stream --preset tsunami --links fc --set stream.M=64 --set stream.N_grid=32768 --set link.latency=1646ns --set link.rate=36.38Gbps|if .[1].simulated.sustained_flops < .[0].simulated.sustained_flops then 1 else 0 end|1|yes/no|1|abs 0|
001|Fig. 4.10b|1 MB stream, Eq. 3.8 (the seed's method, L932) with each network's Table 4.2 bandwidth and hop latency, 64 FPGAs: E40G switched below SL3 direct (1 = yes)|known|model stream --preset tsunami --set M=64 --set N_grid=32768 --set B_link=4.29GB/s --set D_link=135 ;; model stream --preset tsunami --set M=64 --set N_grid=32768 --set B_link=4.41GB/s --set D_link=370|if .[1].results.sustained_flops < .[0].results.sustained_flops then 1 else 0 end|1|yes/no|1|abs 0|Eq. 3.7 divides the pipeline fill by the link utilisation (4.29 or 4.41 over the core's 7.2 GB/s), so the switched network's 3 % more bandwidth outweighs its 235 more cycles a hop: 397.1 against 391.9 GFlop/s; the simulated cascade, which fills at the link's rate, puts it behind as the seed does (the row above: 632.5 against 640.4). The seed does not say how its estimate charges the ring's latency (L932; docs/APPLICATIONS.md)
001|Fig. 4.10c|4 KB message: the switched network behind at every size of the ring (L932): simulated cascade on fc links (Table 4.2 per hop), 2 and 64 FPGAs: E40G switched below SL3 direct at both (1 = yes)|check|app stream --preset tsunami --links fc --set stream.M=2 --set stream.N_grid=128 --set link.latency=599ns --set link.rate=35.39Gbps ;; app stream --preset tsunami --links fc --set stream.M=2 --set stream.N_grid=128 --set link.latency=1646ns --set link.rate=36.38Gbps ;; app stream --preset tsunami --links fc --set stream.M=64 --set stream.N_grid=128 --set link.latency=599ns --set link.rate=35.39Gbps ;; app stream --preset tsunami --links fc --set stream.M=64 --set stream.N_grid=128 --set link.latency=1646ns --set link.rate=36.38Gbps|if .[1].simulated.sustained_flops < .[0].simulated.sustained_flops and .[3].simulated.sustained_flops < .[2].simulated.sustained_flops then 1 else 0 end|1|yes/no|1|abs 0|
002|§3.5|optimising the FC protocol gains ≤ 2.36 % above 4 KB: the FC header flit and the SL3 burst gap, (64 + 32) / 4064 of the line|check|model linkbw --preset dcn|(1 - .results.payload_efficiency) * 100|1|%|2.36|abs 0.005
002|Fig. 8|host path: PCIe ≈ 10.8 GB/s measured, host network ≈ 10× slower|not-modelled||||GB/s|10.8||host-side measurements (§4.2.1); fcsim models no PCIe or server network
002|Fig. 9|VCSN over DCN crossover, simulated (lines through 16 and 32 MiB transfers; DCN on fc links with SL3's 198-word metaframes, VCSN paying t)|known|run examples/vcsn/dcn-fc.ini --set link.fc_metaframe_words=198 --set traffic.mode=trace --set traffic.trace=examples/vcsn/p2p.csv --quiet ;; run examples/vcsn/vcsn.ini --set switch.endpoint=vcsn --set vcsn.table=examples/vcsn/p2p-mac-rewrite.csv --set traffic.mode=trace --set traffic.trace=examples/vcsn/p2p.csv --quiet ;; run examples/vcsn/dcn-fc.ini --set link.fc_metaframe_words=198 --set traffic.mode=trace --set traffic.trace=examples/vcsn/p2p-32MiB.csv --quiet ;; run examples/vcsn/vcsn.ini --set switch.endpoint=vcsn --set vcsn.table=examples/vcsn/p2p-mac-rewrite.csv --set traffic.mode=trace --set traffic.trace=examples/vcsn/p2p-32MiB.csv --quiet|16777216 + (.[1].metrics.makespan_ns - .[0].metrics.makespan_ns) * 16777216 / ((.[1].metrics.makespan_ns - .[0].metrics.makespan_ns) - (.[3].metrics.makespan_ns - .[2].metrics.makespan_ns))|1e-6|MB|10|rel 0.1|both transfer times are a fixed part plus size over rate, so the lines cross where VCSN's extra fixed time equals the size times 1/B_DCN − 1/B_VCSN; SL3's metaframes (DCN 11.77 GB/s) bring the crossover from 44.7 to 27.8 MB. The rest is the seed's two readings of VCSN's fixed time: its procedure counts the MAC-table write t = 124 µs (Table 5; L175-186, L219: 27.8 MB), its measured interval starts at the DMA read and leaves t out (L201: VCSN ahead from 0.34 MB, vcsn.table=examples/vcsn/p2p-mac.csv); the seed's ≈ 10 MB needs ≈ 46 µs of extra fixed time over fcsim's rates, ≈ 48 µs over the seed's own observed peaks (11.72 / 12.42 GB/s, L227), over which t = 124 µs puts the crossing at 25.9 MB (arithmetic): the seed's figures do not fit t paid whole (unknown; docs/SWITCHED.md)
002|Fig. 9|VCSN over DCN crossover, simulated, DCN with the blocking store-and-forward TX buffer (link.fc_tx_blocking = 1; lines through 16 and 32 MiB, VCSN paying t)|known|run @HERE@/examples/vcsn/dcn-fc.ini --set link.fc_metaframe_words=198 --set link.fc_tx_blocking=1 --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p.csv --quiet ;; run @HERE@/examples/vcsn/vcsn.ini --set switch.endpoint=vcsn --set vcsn.table=@HERE@/examples/vcsn/p2p-mac-rewrite.csv --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p.csv --quiet ;; run @HERE@/examples/vcsn/dcn-fc.ini --set link.fc_metaframe_words=198 --set link.fc_tx_blocking=1 --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p-32MiB.csv --quiet ;; run @HERE@/examples/vcsn/vcsn.ini --set switch.endpoint=vcsn --set vcsn.table=@HERE@/examples/vcsn/p2p-mac-rewrite.csv --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p-32MiB.csv --quiet|16777216 + (.[1].metrics.makespan_ns - .[0].metrics.makespan_ns) * 16777216 / ((.[1].metrics.makespan_ns - .[0].metrics.makespan_ns) - (.[3].metrics.makespan_ns - .[2].metrics.makespan_ns))|1e-6|MB|10|rel 0.1|side by side with the row above (27.8 MB, the FC's slot-per-flit buffer): with the blocking buffer the DCN runs at 6.10 GB/s and VCSN is ahead from 1.5 MB; the seed's ≈ 10 MB lies between the two readings, but the blocking one contradicts the DCN's observed 11.72 GB/s on the same figure (L227), so it does not explain the crossover (docs/SWITCHED.md)
002|Fig. 9|dashed line, VCSN with the flow controller: 'Even in this estimation, VCSN is superior to DCN in throughput' (L227): VCSN's Eq. 2 line (model linkbw) less the flow controller's credit header, one flit in D_CU + 1 = 33 (Mondigo 2020 Eq. 2.3, model fc), over DCN's simulated peak (the §4.2.2 row; 1 = VCSN ahead)|check|model linkbw --preset vcsn ;; model fc --preset sl3 ;; run @HERE@/examples/vcsn/dcn-fc.ini --set link.fc_metaframe_words=198 --set traffic.mode=trace --set traffic.trace=@HERE@/examples/vcsn/p2p.csv --quiet|if .[0].results.peak_bytes_per_s * (1 - .[1].results.tx_overhead) > 16777216e9 / .[2].metrics.makespan_ns then 1 else 0 end|1|yes/no|1|abs 0|
002|Tab 1|link latency 851.1 ns (VCSN), 490.9 ns (DCN)|not-modelled||||ns|851.1, 490.9||measured (L233-238); inputs l of examples/vcsn/ (Table 5 rounds them to 847 / 491 ns)
002|Tab 2|resources of the DCN subsystem (one Stratix 10 SX280, two ports): 52073.49 ALMs, 1.89 %|not-modelled||||ALMs|52073.49||a synthesis result (L244-256); fcsim has no resource model of the DCN's flow controller, SL3 IP or AFU shell
002|Tab 3|resources of the VCSN subsystem (four virtual ports): 149113.3 ALMs, 5.42 %; M20K 33.18 %|not-modelled||||ALMs|149113.3||a synthesis result (L258-269); the M20K share is the receive buffers VCSN needs without flow control (L273), which fcsim sizes in flits, not memory blocks
002|Tab 4|estimated power per board: DCN 54666.81 mW, VCSN 59632.8 mW (VCSN ≈ 9 % more)|not-modelled||||mW|54666.81, 59632.8||a Quartus PowerPlay estimate at a 12.5 % toggle rate (L277-289); fcsim has no power model
002|Fig. 13|measured gather time and throughput, 4 nodes, DCN and VCSN (DCN ahead at small sizes, L397)|not-modelled|||||||measurements on the prototype (L381-385); Eq. 7 (the §6.5 rows) and the simulated gathers (the §6.2 rows, docs/SWITCHED.md) are fcsim's side
002|Fig. 14|measured gather time and throughput, 9 nodes, DCN and VCSN (the highest throughput of the three, L401)|not-modelled|||||||measurements on the prototype (L381-389); fcsim's simulated 9-node gathers are the §6.2 rows (VCSN ≈ 98 %, DCN ≈ 72 % of peak, L401)
002|Fig. 15|measured gather time and throughput, 16 nodes, DCN and VCSN|not-modelled|||||||measurements on the prototype (L381-393); Eq. 7 (the §6.5 rows) and the simulated gathers (docs/SWITCHED.md) are fcsim's side
002|§6.2|VCSN gather efficiency at best, 9 nodes × 256 MiB, tree ((n−1)d / time against 2 × Eq. 2)|check|app gather @HERE@/examples/vcsn/vcsn.ini --schedule tree --set app.nodes=9 --set app.bytes=256MiB|8 * .bytes / .time_s / 24.88e9 * 100|1|%|98|abs 1|
002|§6.2|DCN gather efficiency at best, 9 nodes × 256 MiB, ring on fc links with SL3's 198-word metaframes and barriers over every node ((n−1)d / time against 2 × Eq. 1; the seed: VCSN ≈ 98 %, DCN ≈ 72 %)|known|app gather @HERE@/examples/vcsn/dcn-fc.ini --schedule ring --set app.nodes=9 --set app.bytes=256MiB --set link.fc_metaframe_words=198 --set app.nodes_per_server=1|8 * .bytes / .time_s / 24.04e9 * 100|1|%|72|abs 2|of the three causes the seed names (L403) fcsim models two: SL3's metaframes (2 points; Eq. 1 leaves them out) and the completion process over twice the nodes (Eq. 6 over every FPGA: +33.4 µs a barrier, 0.2 points at 256 MiB); 98.4 % → 96.3 %. The first cause, the FC's store-and-forward buffering, in its blocking reading overshoots to 50.3 % and holds the point-to-point peak at 6.10 GB/s against the observed 11.72 (the next row; link.fc_tx_blocking = 1), so the seed's figures reject it. The third, back-pressure between closely spaced transfers, the seed does not quantify, and fcsim's receivers drain at line rate (no credit stall); a receiver slowed by one 19.2 GB/s memory (L207) shared by a node's DMA read and write, or by the root's two writes, would cap the ring at 2 × 9.6 / 24.04 = 79.9 % (arithmetic, not built), but the same memory under VCSN's root, which also takes two transfers at once (L361), would cap VCSN at 77 % against the seed's 98 % (L401). The remaining 24 points are unknown. At 4 nodes the ring's own schedule bounds it at 3/4 (72.4 %), but VCSN's tree is bounded there too (73.6 %) while the seed's VCSN reaches 98 %, a 9-node figure (docs/SWITCHED.md)
002|§6.2|DCN gather efficiency, 9 nodes × 64 MiB, ring on fc links with SL3's 198-word metaframes, barriers over every node and the blocking store-and-forward TX buffer (link.fc_tx_blocking = 1)|known|app gather @HERE@/examples/vcsn/dcn-fc.ini --schedule ring --set app.nodes=9 --set app.bytes=64MiB --set link.fc_metaframe_words=198 --set app.nodes_per_server=1 --set link.fc_tx_blocking=1|8 * .bytes / .time_s / 24.04e9 * 100|1|%|72|abs 2|the first cause the seed names (L403: the FC's store-and-forward buffering 'can also reduce the efficiency of the communication further') in its blocking reading: 49.0 % at 64 MiB (91.5 % without it), 50.3 % at 256 MiB (96.3 %), past the seed's 72 %; and the same buffer would hold the DCN's point-to-point peak at 6.10 GB/s against the observed 11.72 (L227). The seed's figures reject it, so it does not explain the gap (docs/SWITCHED.md)
002|Tab 6|error rate of the gather model against measurement|not-modelled||||%|||needs the measured times (L460-480)
002|Fig. 20|Eq. 7 estimate at 512 nodes: DCN over VCSN gather time, 256 MiB|check|model gather --preset dcn --set n=512 --set d=256MiB ;; model gather --preset vcsn --set n=512 --set d=256MiB|.[0].results.time_s / .[1].results.time_s * 100|1|%|105|abs 0.5|
002|Fig. 20|Eq. 7 estimate at 512 nodes: DCN over VCSN gather time, 64 KiB|known|model gather --preset dcn --set n=512 --set d=64KiB ;; model gather --preset vcsn --set n=512 --set d=64KiB|.[0].results.time_s / .[1].results.time_s * 100|1|%|197|abs 0.5|the seed does not print Fig. 20's node axis (L482-490; 512 nodes is a point it names in §6.5); the ratio grows with n (1.32 at 16, 1.85 at 128, 1.95 at 1024 nodes) and reaches 196.8 % only near 8192 nodes, which is the node count that would match (unknown, not used)
002|§6.5|1 KB gather on 128 nodes: Eq. 7 total (the seed: ≈ 1000 × Haghi's 17 µs)|known|model gather --preset vcsn --set n=128 --set d=1KB|.results.time_s|1e3|ms|17|rel 0.2|the seed's figure is only 'about 1,000 times' Haghi et al.'s 17 µs (L502), an order of magnitude; Eq. 7 with Table 5 gives 9.0 ms (530×), and its overhead share (next row) is the seed's
002|§6.5|1 KB gather on 128 nodes: overheads' share of the total (Eq. 7 without its transfer term ⌈(n−1)/4⌉·2d/b)|check|model gather --preset vcsn --set n=128 --set d=1KB|100 * (1 - .results.timed_stages * 2 * .params.d / .params.b / .results.time_s)|1|%|99.9|abs 0.05|
002|§6.5|1 KB gather on 128 nodes: the communication itself|known|model gather --preset vcsn --set n=128 --set d=1KB|.results.timed_stages * 2 * .params.d / .params.b|1e6|µs|12|rel 0.1|Eq. 7's transfer term ⌈(n−1)/4⌉·2d/b is 5.1 µs; all 127 KB at b would be 10.2 µs; the seed does not say what its '12 µs' counts (L502)
002|§6.5|1 KB gather on 128 nodes: the communication itself, second reading — all (n−1)·d through the root's link at b plus one path's f·l|known|model gather --preset vcsn --set n=128 --set d=1KB|(.params.n - 1) * .params.d / .params.b + .params.f * .params.l|1e6|µs|12|rel 0.1|read side by side with the row above (L502 does not say what its '12 µs' counts): this reading gives 11.9 µs, the seed's number, but with Eq. 7's 9.0 ms total an overhead share of 99.87 %, below the seed's '> 99.9 %', which Eq. 7's own transfer term (5.1 µs, 99.94 %) meets; the seed's own total, 'about 1,000 times' 17 µs, is consistent with both (12 µs of 17 ms: 99.93 %); Eq. 7 splits the root's 4d a stage over 2d/b, i.e. two links, this reading one
003|Fig. 6|32 FPGAs: peak aggregate throughput (fcsim's best point: Eight-x1-Aurora, 128 B; per-packet overhead 8 cycles, inferred from the seed's 48 - 40 ns of arbitration, L110, L112)|check|run examples/bee3/eight-x1.ini --quiet --set network.enclosures=8 --set sim.warmup_cycles=20000 --set sim.measure_cycles=40000 --set sim.drain_cycles=1 --set router.packet_overhead_cycles=8 --set traffic.packet_size=128B|.metrics.recv_throughput * 8 * 32|1|GB/s|51.4|rel 0.1|router.packet_overhead_cycles = 8 is inferred, not given: the only per-packet overhead the seed quantifies is arbitration, its receive path with a round-robin arbiter taking 48 ns and its transmit path 'no arbitration' 40 ns (L110, L112), 8 ns at each crossbar output per packet; routing and allocation costs beyond it are unknown (docs/BEE3.md); 0–12 cycles give 49.2–47.7 GB/s
003|Fig. 6|32 FPGAs: Aurora over 10GbE, largest ratio (best Aurora peak over 10GbE peak: Eight-x1 128 B over 10GbE 1 KiB; overhead 8 cycles, inferred, L110, L112)|check|run examples/bee3/eight-x1.ini --quiet --set network.enclosures=8 --set sim.warmup_cycles=20000 --set sim.measure_cycles=40000 --set sim.drain_cycles=1 --set router.packet_overhead_cycles=8 --set traffic.packet_size=128B ;; run examples/bee3/10gbe.ini --quiet --set network.enclosures=8 --set sim.warmup_cycles=20000 --set sim.measure_cycles=40000 --set sim.drain_cycles=1 --set router.packet_overhead_cycles=8 --set traffic.packet_size=1024B|.[0].metrics.recv_throughput / .[1].metrics.recv_throughput|1|x|1.36|rel 0.15|read as the best Aurora curve's peak over the 10GbE curve's peak (L185, L189): the seed's 51.4 GB/s / 1.36 = 37.8 GB/s for 10GbE, 94.5 % of 32 ports at 10 Gb/s, what 10GbE carries with ~1 KiB frames (fcsim's 10GbE peak 38.0 GB/s); router.packet_overhead_cycles = 8 is inferred, not given: the only per-packet overhead the seed quantifies is arbitration, its receive path with a round-robin arbiter taking 48 ns and its transmit path 'no arbitration' 40 ns (L110, L112), 8 ns at each crossbar output per packet; routing and allocation costs beyond it are unknown (docs/BEE3.md)
003|Fig. 6|32 FPGAs: Aurora over 10GbE, largest ratio at one packet size (second reading: Eight-x1 over 10GbE, 64 B; overhead 8 cycles, inferred)|known|run examples/bee3/eight-x1.ini --quiet --set network.enclosures=8 --set sim.warmup_cycles=20000 --set sim.measure_cycles=40000 --set sim.drain_cycles=1 --set router.packet_overhead_cycles=8 --set traffic.packet_size=64B ;; run examples/bee3/10gbe.ini --quiet --set network.enclosures=8 --set sim.warmup_cycles=20000 --set sim.measure_cycles=40000 --set sim.drain_cycles=1 --set router.packet_overhead_cycles=8 --set traffic.packet_size=64B|.[0].metrics.recv_throughput / .[1].metrics.recv_throughput|1|x|1.36|rel 0.15|read point by point, 1.36x at 64 B would cap the best Aurora layout there at 1.36 x 10GbE's framing-bound 25 GB/s (64 of 106 wire bytes at 10 Gb/s) = 34 GB/s, 67 % of the seed's 51.4 peak, a rise the seed does not describe; in fcsim 8 cycles a packet cost the Aurora layouts at 64 B at most 12 % and only ≈ 30 cycles a packet bring this reading to 1.5x, lowering the peak to 41 GB/s; the seed's 51.4 and 1.36 agree under the first reading (docs/BEE3.md)
003|Fig. 7|LUTs, FFs, BRAMs per layout|not-modelled|||||||synthesis results; `fcsim run` prints them as `fpga_resources`, a lookup of the seed's figures with % of an XC5VLX155T, not a model
004|Fig. 2|aggregate over 2 links against 1, software WC flushes ('scales well', L113: linear = 2)|check|model host --preset pput-sw --set flush_bytes=128 --set links=2 ;; model host --preset pput-sw --set flush_bytes=128|.[0].results.aggregate_bytes_per_s / .[1].results.aggregate_bytes_per_s|1|x|2|rel 0.05
004|Fig. 2|aggregate over 3 links against 1, software WC flushes ('scales well', L113: linear = 3)|check|model host --preset pput-sw --set flush_bytes=128 --set links=3 ;; model host --preset pput-sw --set flush_bytes=128|.[0].results.aggregate_bytes_per_s / .[1].results.aggregate_bytes_per_s|1|x|3|rel 0.05
004|§4|Pput, software WC flushes, per link: one flush per 128 B NWP packet (L88), each waiting one PCIe transfer (L117)|check|model host --preset pput-sw --set flush_bytes=128|.results.per_link_bytes_per_s|1e-9|GB/s|0.5|rel 0.1
004|§4|Pput, software WC flushes, per link: one flush per 64 B WC buffer (L78), the other reading|known|model host --preset pput-sw --set flush_bytes=64|.results.per_link_bytes_per_s|1e-9|GB/s|0.5|rel 0.1|the seed does not say how often software flushes (L113); a flush that holds the thread for one PCIe transfer (0.2 µs, L117) every 64 B WC buffer (L78) gives 0.29 GB/s, every 128 B packet (L88, previous row) 0.53: the seed's ≈ 0.5 supports the packet reading (docs/LINKS.md)
004|§4|Pput with the NWP re-order flush, per link|known|model host --preset pput-nwp|.results.per_link_bytes_per_s|1e-9|GB/s|0.83|rel 0.05|with the NWP taking the WC bursts the host side runs at the PCIe rate (3.2 GB/s, L37) and the link binds (0.914 GB/s); the seed names no mechanism for its 10 % below the link (L113-115); if the 0.7 µs software overhead (L117) were paid per blocking send without overlap, messages of ≈ 6.2 KB would give 0.83, but the seed gives no message size (inferred, not used; docs/LINKS.md)
004|§4|Pput latency, 128 B message: software + 2 PCIe transfers + NWP to NWP|known|model host --preset pput-nwp|.results.latency_s|1e6|µs|1.67|rel 0.05|0.7 + 2 × 0.2 + 0.6 µs: the seed estimates its 0.7 µs software overhead from this very measurement (L117), so this checks only that the decomposition closes with 2 transfers (the CPU's posted write, the NWP's delivery write)
004|§4|Nget, per link (one 512 B read in flight)|known|model host --preset nget|.results.per_link_bytes_per_s|1e-9|GB/s|0.76|rel 0.05|the seed gives neither the read size nor the reads in flight of its 'first test implementation' (L115-117); one 512 B read (PCIe's default maximum read request) per 2 × 0.2 µs + 512 B / 3.2 GB/s moves 0.914 GB/s, the link's own rate, so the link binds; one read of ≈ 400 B at a time would give 0.76 (inferred, not used; docs/LINKS.md)
004|§4|Nget latency, 128 B message: software + 4 PCIe transfers + NWP to NWP|known|model host --preset nget|.results.latency_s|1e6|µs|2.16|rel 0.05|0.8 + 4 × 0.2 + 0.6 µs (doorbell, read request, completion, delivery write): the seed estimates its 0.8 µs from this measurement (L117), so this checks only that the decomposition closes with 4 transfers
004|§4|Pput, software WC flushes per 128 B packet, simulated: the host interface feeding the TNW link|check|app link --preset tnw --set host=pput-sw --set flush_bytes=128 --set bytes=1MiB --set message=1MiB|.metrics.steady_throughput|1e-9|GB/s|0.5|rel 0.1
004|§4|Pput with the NWP re-order flush, simulated|known|app link --preset tnw --set host=pput-nwp --set bytes=1MiB --set message=1MiB|.metrics.steady_throughput|1e-9|GB/s|0.83|rel 0.05|the simulated host side outruns the link, which binds at 0.914 GB/s, as in the closed form above; the seed names no mechanism for its 10 % below the link (L113-115; docs/LINKS.md)
004|§4|Nget, simulated (one 512 B read in flight)|known|app link --preset tnw --set host=nget --set bytes=1MiB --set message=1MiB|.metrics.steady_throughput|1e-9|GB/s|0.76|rel 0.05|one 512 B read per round trip (2 × 0.2 µs + 512 B / 3.2 GB/s) keeps pace with the link; the seed gives neither read size nor reads in flight (L115-117); one ≈ 400 B read at a time would give 0.76 (inferred, not used; docs/LINKS.md)
004|§4|Pput latency, 128 B message, simulated with the 0.24 µs PHYs as the wire|known|app link --preset tnw --set host=pput-nwp --set duplex=half --set latency=240ns --set bytes=128 --set message=128 --set vcs=1|.metrics.avg_message_latency / 250|1|µs|1.67|rel 0.05|0.7 µs software + two 64 B bursts + 0.2 µs write + the simulated link (0.372 µs) + 0.2 µs delivery; short by the ≈ 0.23 µs of NWP logic and cable inside the seed's 0.6 µs NWP to NWP that it does not itemise (L117; the NWP to NWP row)
004|§4|Nget latency, 128 B message, simulated with the 0.24 µs PHYs as the wire|known|app link --preset tnw --set host=nget --set duplex=half --set latency=240ns --set bytes=128 --set message=128 --set vcs=1|.metrics.avg_message_latency / 250|1|µs|2.16|rel 0.05|0.8 µs software + doorbell, read request, completion and delivery (0.2 µs each) + the simulated link (0.372 µs); short by the same unitemised ≈ 0.23 µs of NWP logic and cable (L117)
004|§4|NWP to NWP, one 128 B packet, 0.24 µs PHYs as the wire (simulated)|known|app link --preset tnw --set duplex=half --set latency=240ns --set bytes=128 --set message=128|.metrics.avg_latency / 250|1|µs|0.6|rel 0.05|the simulated link adds only the packet's 136 B on the line (0.136 µs) to the PHYs' 0.24 µs (L117); the seed does not split the other ≈ 0.23 µs between NWP logic and cable, which is the value that would match (inferred, not used)
004|§4|the TNW on the Stratix IV GX-230 at 250 MHz: about 18 % of the logic, 17 % of the embedded memory|not-modelled||||%|18, 17||a synthesis result (L113); fcsim has no resource model of the TNW
004|§4|LBM on 16 nodes: about 36–39 % of the peak 160 GFlop/s (double precision) a node|not-modelled||||%|36-39||an application measurement on AuroraScience (L119); fcsim models the TNW link, not the LBM code on its nodes
000|Fig. 7.4|Catapult II resource utilisation per FFT size|not-modelled|||||||synthesis results (L5954)
000|Fig. 7.6|breakdown of Catapult II corner-turn time|not-modelled|||||||measurements of another system (L5989)
000|Fig. 7.7|(i) N = 8 on the cluster: a single node is best|check|model cornerturn --set system=cluster --set N=8|.results.best_P|1|nodes|1|abs 0
000|Fig. 7.7|(iii) N = 32: performance improves up to 32 cloud nodes|known|model cornerturn --set system=cloud --set N=32|.results.best_P|1|nodes|32|abs 0|the cloud's time of flight is flits × Table 7.1 latency (the seed gives neither flit size nor one-flit latency); ceil(flits) stops falling at one flit per packet only near P = 100, so the optimum is at 512 (L6087-6112; docs/APPLICATIONS.md)
000|Fig. 7.7|(iii) N = 32: performance improves up to 128 cluster nodes|known|model cornerturn --set system=cluster --set N=32|.results.best_P|1|nodes|128|abs 0|18 IPs a node (§7.3.2) saturate the links while N²/P ≥ 18, so beyond 32–64 nodes bandwidth falls and hops grow; the seed's IP count or link rate must differ (docs/APPLICATIONS.md)
000|Fig. 7.7|(iv) cluster 1–2 orders of magnitude ahead of the cloud, N = 64 at each one's best P (1 = at least 10×)|known|model cornerturn --set system=cloud --set N=64 ;; model cornerturn --set system=cluster --set N=64|if .[0].results.best_fft3d_s / .[1].results.best_fft3d_s >= 10 then 1 else 0 end|1|yes/no|1|abs 0|at each N's best P the cloud's packets are one flit and only Table 7.1's 5–10 µs remains: 2.3–8.9× (3.8× at 64³); over all (N, P) the geometric mean is 34.7× (docs/APPLICATIONS.md)
000|Fig. 7.8|FPGA cloud and cluster against Anton, CPUs and GPUs|not-modelled|||||||measurements of other architectures (L6114-6120)
000|Fig. 7.9|FPGA cloud, 1024 nodes (panel c), 256³: below 10 Gb/s 'linear performance degradation' (L6172-6176): 3D FFT time at 5 Gb/s over that at 10 Gb/s (2 = linear)|known|model cornerturn --set system=cloud --set P=1024 --set N=256 --set BW=5Gbps ;; model cornerturn --set system=cloud --set P=1024 --set N=256 --set BW=10Gbps|.[0].results.fft3d_s / .[1].results.fft3d_s|1|x|2|rel 0.1|Eq. 7.1's time of flight, flits × Table 7.1's latency per flit, does not scale with the bandwidth and is 30 % of the 10 Gb/s corner turn at fcsim's 256-bit flits; with 4096-bit flits (`--set flitsize_bits=4096`) the ratio is 1.93, within 10 % of linear: the seed gives no flit size (L6013-6027; scripts/ch7-search.py)
000|Fig. 7.10|FPGA cluster, 128 nodes (panel b): 'for big FFT size, higher bandwidth is effective' (L6176-6180): 256³ faster at 6 × 80 Gb/s than at today's 6 × 40 Gb/s by more than 1 %, with the IPs per node as the seed sizes them (18 fill 240 Gb/s, L6081; 1 = yes)|known|model cornerturn --set system=cluster --set P=128 --set N=256 ;; model cornerturn --set system=cluster --set P=128 --set N=256 --set BW=480Gbps|if .[0].results.fft3d_s > 1.01 * .[1].results.fft3d_s then 1 else 0 end|1|yes/no|1|abs 0|a reading: with the 18 IPs that fill 240 Gb/s (L6081) Eq. 7.2's effective bandwidth min(BW, IPs × 85 b × F) stays at 239 Gb/s, so no bandwidth above today's helps any N (the two times are equal); with IPs to fill 480 Gb/s (the next row) the seed's statement holds, 1.95× faster. The seed does not say which its Fig. 7.10 uses
000|Fig. 7.10|FPGA cluster, 128 nodes (panel b): 'for big FFT size, higher bandwidth is effective' (L6176-6180): 256³ faster at 6 × 80 Gb/s than at 6 × 40 Gb/s by more than 1 %, with 36 IPs to fill it (1 = yes)|check|model cornerturn --set system=cluster --set P=128 --set N=256 ;; model cornerturn --set system=cluster --set P=128 --set N=256 --set BW=480Gbps --set ip_max=36|if .[0].results.fft3d_s > 1.01 * .[1].results.fft3d_s then 1 else 0 end|1|yes/no|1|abs 0|
000|Fig. 7.10|FPGA cluster, 128 nodes (panel b): for small FFT sizes (N < 32) 'the current 40-Gbps bandwidth is sufficient' (L6176-6178): 16³ no more than 1 % faster at 6 × 80 Gb/s with 36 IPs (1 = yes)|check|model cornerturn --set system=cluster --set P=128 --set N=16 ;; model cornerturn --set system=cluster --set P=128 --set N=16 --set BW=480Gbps --set ip_max=36|if .[0].results.fft3d_s <= 1.01 * .[1].results.fft3d_s then 1 else 0 end|1|yes/no|1|abs 0|
000|Fig. 7.11|FPGA cloud, 256³: 'Larger networks are more sensitive, benefitting from reduced latency down to 0.1µs' (L6188-6194): 1024 nodes (panel c) gain more than 16 nodes (panel a) from 2 µs to 0.1 µs per flit (1 = yes)|known|model cornerturn --set system=cloud --set P=16 --set N=256 --set L_oneflit=2us ;; model cornerturn --set system=cloud --set P=16 --set N=256 --set L_oneflit=0.1us ;; model cornerturn --set system=cloud --set P=1024 --set N=256 --set L_oneflit=2us ;; model cornerturn --set system=cloud --set P=1024 --set N=256 --set L_oneflit=0.1us|if (.[2].results.fft3d_s / .[3].results.fft3d_s) > (.[0].results.fft3d_s / .[1].results.fft3d_s) then 1 else 0 end|1|yes/no|1|abs 0|Eq. 7.1 charges the latency per flit (as the seed says, L6206-6208) and 16 nodes send N³·85/(16²·256) ≈ 21800-flit packets, 1024 nodes 6-flit ones, so at 256-bit flits the small network is the latency-bound one (10.7× against 1.32×); with one flit a packet (`--set flitsize_bits=100000000`) 1024 nodes gain 1.054× and 16 nodes 1.001×, the seed's order: the seed gives no flit size (L6013-6027; scripts/ch7-search.py)
000|Fig. 7.12|FPGA cluster: 'current per hop latency (0.2µs) can satisfy the need of big FFT sizes (N > 128) … for smaller FFT sizes there is sensitivity to the network latency' (L6194-6200): at 16, 128 and 1024 nodes, 256³ gains less than 32³ from 0.2 µs to 0.05 µs a hop (1 = yes at all three)|check|model cornerturn --set system=cluster --set P=16 --set N=256 --set L_onehop=0.2us ;; model cornerturn --set system=cluster --set P=16 --set N=256 --set L_onehop=0.05us ;; model cornerturn --set system=cluster --set P=16 --set N=32 --set L_onehop=0.2us ;; model cornerturn --set system=cluster --set P=16 --set N=32 --set L_onehop=0.05us ;; model cornerturn --set system=cluster --set P=128 --set N=256 --set L_onehop=0.2us ;; model cornerturn --set system=cluster --set P=128 --set N=256 --set L_onehop=0.05us ;; model cornerturn --set system=cluster --set P=128 --set N=32 --set L_onehop=0.2us ;; model cornerturn --set system=cluster --set P=128 --set N=32 --set L_onehop=0.05us ;; model cornerturn --set system=cluster --set P=1024 --set N=256 --set L_onehop=0.2us ;; model cornerturn --set system=cluster --set P=1024 --set N=256 --set L_onehop=0.05us ;; model cornerturn --set system=cluster --set P=1024 --set N=32 --set L_onehop=0.2us ;; model cornerturn --set system=cluster --set P=1024 --set N=32 --set L_onehop=0.05us|[range(0; 3) as $i @PIPE@ (.[4*$i].results.fft3d_s / .[4*$i+1].results.fft3d_s) < (.[4*$i+2].results.fft3d_s / .[4*$i+3].results.fft3d_s)] @PIPE@ if all then 1 else 0 end|1|yes/no|1|abs 0|
000|Fig. 7.12|FPGA cluster, 1024 nodes (panel c): 'when increasing the network latency, FFT performance on FPGA clusters converges for different FFT sizes' (L6202-6206): the slowest over the fastest of 32³, 64³, 128³, 256³ at 5 µs a hop (1 = converged)|check|model cornerturn --set system=cluster --set P=1024 --set N=32 --set L_onehop=5us ;; model cornerturn --set system=cluster --set P=1024 --set N=64 --set L_onehop=5us ;; model cornerturn --set system=cluster --set P=1024 --set N=128 --set L_onehop=5us ;; model cornerturn --set system=cluster --set P=1024 --set N=256 --set L_onehop=5us|[.[].results.fft3d_s] @PIPE@ max / min|1|x|1|rel 0.1|
000|Fig. 7.16|cluster, 1M particles on 8192 nodes (122 a node, above 100): bound by range-limited computation (1 = yes)|check|model md --set system=cluster --set N=1000000 --set P=8192|if .results.sr_comp_s >= ([.results.sr_comm_s, .results.long_range_s] @PIPE@ max) then 1 else 0 end|1|yes/no|1|abs 0
000|Fig. 7.16|cloud, 1M particles on 8192 nodes (122 a node, above 100): bound by range-limited computation (1 = yes)|known|model md --set system=cloud --set N=1000000 --set P=8192|if .results.sr_comp_s >= ([.results.sr_comm_s, .results.long_range_s] @PIPE@ max) then 1 else 0 end|1|yes/no|1|abs 0|fcsim's cloud is bound by range-limited communication here (0.77 ms against 0.06 ms of computation): the position multicast costs flits × Table 7.1's latency per flit, and the seed gives neither flit size nor one-flit latency (L6712-6720; as the Tab 7.4 cloud rows)
000|Fig. 7.16|cloud, 100K particles on 8192 nodes (12 a node, below 100): bound by range-limited communication latency (1 = yes)|check|model md --set system=cloud --set N=100000 --set P=8192|if .results.sr_comm_s >= ([.results.sr_comp_s, .results.long_range_s] @PIPE@ max) then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 3.10|(1,5) the best speedup of (1,5), (1,4), (2,2) at M = 8 (1 = yes)|check|model stream --preset tsunami --set n=1 --set m=5 ;; model stream --preset tsunami --set n=1 --set m=4 ;; model stream --preset tsunami --set n=2 --set m=2|if .[0].results.speedup > .[1].results.speedup and .[0].results.speedup > .[2].results.speedup then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 3.10|(1,5) parallel efficiency slightly below (1,4)'s (1 = yes)|check|model stream --preset tsunami --set n=1 --set m=5 ;; model stream --preset tsunami --set n=1 --set m=4|if .[0].results.parallel_efficiency < .[1].results.parallel_efficiency then 1 else 0 end|1|yes/no|1|abs 0
001|Fig. 3.10|(2,2) lowest in speedup and efficiency (1 = yes)|check|model stream --preset tsunami --set n=1 --set m=5 ;; model stream --preset tsunami --set n=1 --set m=4 ;; model stream --preset tsunami --set n=2 --set m=2|if ([.[].results.speedup] @PIPE@ min) == .[2].results.speedup and ([.[].results.parallel_efficiency] @PIPE@ min) == .[2].results.parallel_efficiency then 1 else 0 end|1|yes/no|1|abs 0
001|§4.3.1|1500 B frames: D_CU = 45 is the largest credit interval whose FC packet fits (Eq. 4.1: 1472 B; 46 gives 1504; 1 = yes)|check|model fc --preset sl3 --set D_CU=45 --set tx_depth=64 ;; model fc --preset sl3 --set D_CU=46 --set tx_depth=64|if .[0].results.packet_bytes <= 1500 and .[1].results.packet_bytes > 1500 then 1 else 0 end|1|yes/no|1|abs 0
001|§4.3.2|SL3 peak from its derived clock: 150.813962 MHz × 32 B|check|model fc --preset sl3 --set F=150.813962MHz|.params.F * .params.w / 8|1e-9|GB/s|4.83|abs 0.005
001|§4.3.2|E40G peak at 154.99442 MHz × 32 B|check|model fc --preset sl3 --set F=154.99442MHz|.params.F * .params.w / 8|1e-9|GB/s|4.96|abs 0.005
002|Fig. 11|the 9-node DCN gather of the breakdown: its transfer stages (L321), simulated|check|app gather @HERE@/examples/vcsn/dcn.ini --schedule ring --set app.nodes=9 --set app.bytes=1MiB|.stages|1|stages|4|abs 0
002|Fig. 12|the 9-node VCSN gather of the breakdown: its transfer stages (L337), simulated|check|app gather @HERE@/examples/vcsn/vcsn.ini --schedule tree --set app.nodes=9 --set app.bytes=1MiB|.stages|1|stages|3|abs 0
002|Fig. 11|breakdown of the 9-node gather time in DCN: crossbar set-up, transfers, synchronisation per stage (four stages)|not-modelled|||||||a measured breakdown (L321-325); its parts are Eq. 7's terms t, c, l, d/b and the barrier, and its four stages are the §5.1.1 rows
002|Fig. 12|breakdown of the 9-node gather time in VCSN (three stages)|not-modelled|||||||a measured breakdown (L337-341); its parts are Eq. 7's terms t, c, l, d/b and the barrier, and its three stages are the §5.2 rows
002|§5.4|server network's MPI_Gather ahead up to ≈ 100 KB|not-modelled||||KB|100||host-side measurement (L405): fcsim models no server network
002|Tab 5|gather model parameters t, c, l, b|not-modelled|||||||inputs (L447) of `fcsim model gather --preset vcsn/dcn`, not results
002|Fig. 17|observed gather times against the estimate|not-modelled|||||||measurements (L431-433); the estimate is Eq. 7 (the §6.5 rows; simulated gathers in docs/REPRODUCE.md)
002|Fig. 19|MPI_Barrier overheads: +210 µs after a process > 500 µs, +52 µs otherwise|not-modelled||||µs|210, 52||measured (L457-459); inputs corr_long / corr_short of `model gather`, with which the 32-node 25 ms row comes out at 24.898 ms
ROWS
)

source_of() { # the seed document, as a short reference
  case $1 in
    000) echo "Novo-G# thesis" ;;
    001) echo "Mondigo 2020" ;;
    002) echo "VCSN 2023" ;;
    003) echo "Bunker & Swanson" ;;
    004) echo "Pivanti 2010" ;;
    *) echo "$1" ;;
  esac
}

# The checker checks itself: a row the seed contradicts on purpose must be
# DRIFT, a command that cannot run must be ERROR, and the rest must go on.
selftest=${FCSIM_REPRODUCE_SELFTEST:-0}
if [ "$selftest" = 1 ]; then
  rows="$(head -n 1 <<<"$rows")
selftest|Eq. 2.2|deliberately wrong seed value (83, fcsim computes 82)|check|model fc --preset sl3|.results.latency_cycles|1|cycles|83|abs 0
selftest|Eq. 2.2|deliberately failing command|check|model no-such-model|.results.latency_cycles|1|cycles|82|abs 0"
fi

statuses="ok known DRIFT ERROR seed-inconsistent absent not-modelled"
declare -A count=()
for s in $statuses; do count[$s]=0; done
n=0
md_rows=$tmp/rows.md csv=$out/tables.csv md=$out/tables.md
: >"$md_rows"
printf 'seed,id,what,mode,command,fcsim,unit,seed_value,tolerance,difference,status,source,reason,field\n' >"$csv.tmp"
csvq() { local s=${1//\"/\"\"}; printf '"%s"' "$s"; }
mdq() { local s=${1//|/\\|}; printf '%s' "${s//$'\n'/ }"; }

# One result row into tables.md, tables.csv and the counts.
emit() { # seed id what mode command field fcsim unit seed_value tolerance difference status reason
  local seed=$1 id=$2 what=$3 mode=$4 cmd=$5 field=$6 got=$7 unit=$8 want=$9 tol=${10} diff=${11} status=${12} reason=${13}
  n=$((n + 1))
  count[$status]=$((${count[$status]:-0} + 1))
  if [ "$status" = DRIFT ] || [ "$status" = ERROR ]; then
    echo "reproduce.sh: $status: seed $seed $id $what: fcsim ${got:-(none)} $unit, seed $want $unit ($tol)${reason:+: $reason}" >&2
  fi
  local src shown
  src=$(source_of "$seed")
  shown=${cmd:+\`$(mdq "$cmd")\`}${field:+ → \`$(mdq "$field")\`}
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$seed" "$(mdq "$id")" "$(mdq "$what")" \
    "$(mdq "$want${want:+ $unit}")" "$(mdq "$got${got:+ $unit}")" "$diff" "$tol" "$status" "$shown" "$(mdq "$reason")" \
    "$(mdq "$src")" >>"$md_rows"
  printf '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$seed" "$(csvq "$id")" "$(csvq "$what")" "$mode" "$(csvq "$cmd")" \
    "$got" "$(csvq "$unit")" "$(csvq "$want")" "$tol" "$diff" "$status" "$(csvq "$src")" "$(csvq "$reason")" \
    "$(csvq "$field")" >>"$csv.tmp"
}

# got want tol mode -> "difference status" (difference empty when either is not a number)
judge() {
  awk -v g="$1" -v w="$2" -v t="$3" -v m="$4" 'function num(x) { return x ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
    BEGIN {
      if (!num(g) || !num(w)) { print "-", (m == "check" ? "DRIFT" : m); exit }
      d = g - w; split(t, tt, " "); aw = w < 0 ? -w : w; lim = tt[1] == "rel" ? tt[2] * aw : tt[2];
      ok = (d < 0 ? -d : d) <= lim + 1e-12 * aw;
      printf "%+.4g %s\n", d, ok ? "ok" : (m == "check" ? "DRIFT" : m) }'
}

# Runs one fcsim command line (once per distinct line) from the repository root;
# prints the result file, or fails with the error text in $tmp/err.
run_fcsim() { # args...
  local key result
  key=$(printf '%s' "$*" | cksum | tr ' ' _)
  result=$tmp/$key.json
  if [ ! -e "$tmp/$key.rc" ]; then
    (cd "$here" && "$fcsim" "$@" --json "$result" >/dev/null 2>"$tmp/$key.err"); echo $? >"$tmp/$key.rc"
  fi
  cp "$tmp/$key.err" "$tmp/err"
  [ "$(cat "$tmp/$key.rc")" = 0 ] && [ -s "$result" ] && echo "$result"
}

say "table rows..."
while IFS='|' read -r seed id what mode args path scale unit want tol reason; do
  [ -n "$seed" ] || continue
  args=${args//@AREA@/$area}
  args=${args//@HERE@\//}
  case $mode in
    absent|not-modelled)
      emit "$seed" "$id" "$what" "$mode" "" "" "" "$unit" "$want" "$tol" "" "$mode" "$reason"
      continue ;;
  esac
  [ "$mode" = known ] && [ -z "$reason" ] && reason="explained in docs/REPRODUCE.md"
  path=${path//@PIPE@/|}
  field=$path; [ "$scale" = 1 ] || field="$path × $scale"
  # a row may compare several commands (separated by ' ;; '): jq then reads the
  # array of their results, .[0], .[1], ...
  shown="" results=() failed=0
  while read -r cmd; do
    [ -n "$cmd" ] || continue
    shown="$shown${shown:+; }fcsim $cmd"
    # shellcheck disable=SC2086
    if r=$(run_fcsim $cmd); then results+=("$r"); else failed=1; fi
  done <<<"${args// ;; /$'\n'}"
  if [ "$failed" = 1 ]; then
    emit "$seed" "$id" "$what" "$mode" "$shown" "$field" "" "$unit" "$want" "$tol" "" ERROR \
      "the command failed: $(tail -n 1 "$tmp/err")"
    continue
  fi
  if [ "${#results[@]}" -gt 1 ]; then slurp=-s; else slurp=""; fi
  raw=$(jq -r $slurp "$path" "${results[@]}" 2>"$tmp/err") || raw=""
  if ! awk -v r="$raw" 'BEGIN { exit !(r ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/) }'; then
    emit "$seed" "$id" "$what" "$mode" "$shown" "$field" "" "$unit" "$want" "$tol" "" ERROR \
      "no number at $path (got '${raw:-nothing}')"
    continue
  fi
  got=$(awk -v r="$raw" -v s="$scale" 'BEGIN { printf "%.6g", r * s }')
  read -r diff status < <(judge "$got" "$want" "$tol" "$mode")
  [ "$status" = ok ] && [ "$mode" != known ] && [ "$mode" != seed-inconsistent ] && reason=""
  emit "$seed" "$id" "$what" "$mode" "$shown" "$field" "$got" "$unit" "$want" "$tol" "$diff" "$status" "$reason"
done <<<"$rows"

# Study scripts: each prints its own rows; a script that fails or prints a
# malformed line gives an ERROR row, and the others still run.
studies_dir=${FCSIM_REPRODUCE_D:-$here/scripts/reproduce.d}
if [ "$selftest" = 1 ] && [ -z "${FCSIM_REPRODUCE_D:-}" ]; then studies_dir=""; fi
if [ -n "$studies_dir" ] && [ -d "$studies_dir" ]; then
  for study in "$studies_dir"/*.sh; do
    [ -e "$study" ] || continue
    name=$(basename "$study" .sh)
    say "study $name..."
    (cd "$here" && bash "$study" "$fcsim" "$out" "$quick") >"$tmp/study.out" 2>"$tmp/study.err"
    rc=$?
    while IFS= read -r line; do
      [ -n "$line" ] || continue
      pipes=${line//[^|]/}
      f=()
      IFS='|' read -r 'f[0]' 'f[1]' 'f[2]' 'f[3]' 'f[4]' 'f[5]' 'f[6]' 'f[7]' 'f[8]' 'f[9]' <<<"$line"
      if [ "${#pipes}" -ne 9 ]; then
        emit "${f[0]:-?}" "study $name" "malformed line" "study:$name" "bash scripts/reproduce.d/$name.sh fcsim OUT $quick" "" "" "" "" "" "" ERROR \
          "$((${#pipes} + 1)) fields instead of 10: $line"
        continue
      fi
      s=${f[7]}
      case " $statuses " in *" $s "*) ;; *)
        emit "${f[0]}" "${f[1]}" "${f[2]}" "study:$name" "${f[8]}" "" "${f[3]}" "${f[4]}" "${f[5]}" "${f[6]}" "" ERROR \
          "study $name printed the unknown status '$s'${f[9]:+; ${f[9]}}"
        continue ;;
      esac
      diff=""
      if [ -n "${f[3]}" ]; then
        read -r diff judged < <(judge "${f[3]}" "${f[5]}" "${f[6]}" check)
        [ "$diff" = - ] && diff=""
        # a row the study calls ok must be within its own tolerance
        [ "$s" = ok ] && [ "$judged" = DRIFT ] && s=DRIFT
      fi
      emit "${f[0]}" "${f[1]}" "${f[2]}" "study:$name" "${f[8]}" "" "${f[3]}" "${f[4]}" "${f[5]}" "${f[6]}" "$diff" "$s" "${f[9]}"
    done <"$tmp/study.out"
    if [ "$rc" -ne 0 ]; then
      emit "---" "study $name" "the study script" "study:$name" "bash scripts/reproduce.d/$name.sh fcsim OUT $quick" "" "" "" "" "" "" ERROR \
        "exited $rc: $(tail -n 1 "$tmp/study.err")"
    fi
    cat "$tmp/study.err" >>"$out/studies.log"
  done
fi

# Figures: results fcsim writes, drawn by fcsim plot; a failing step is an ERROR row.
figs=0
figure_step() { # NAME fcsim-args...: one fcsim command of figure NAME
  local name=$1; shift
  if ! (cd "$here" && "$fcsim" "$@" >/dev/null 2>"$tmp/err"); then
    emit "---" "figure $name" "figure $name" "figure" "fcsim $*" "" "" "" "" "" "" ERROR "the command failed: $(tail -n 1 "$tmp/err")"
    return 1
  fi
}
figure() { # NAME DATA... : draw DATA into figures/NAME.png
  local name=$1; shift
  figure_step "$name" plot "$@" --out "$out/figures/$name.png" && figs=$((figs + 1))
}
if [ "$selftest" != 1 ]; then # the self-test checks the checker alone: no figures
  say "figures..."
  figure_step fig3.10-stream-tsunami-M model stream --preset tsunami --vary M=1:32:1 --json "$out/data/stream-tsunami-M.json" &&
    figure fig3.10-stream-tsunami-M "$out/data/stream-tsunami-M.json"
  figure_step p2p-switched-227MB-ring-n model p2p --preset e40g-switched --set m=237782368 --vary n=2:2048:2 --json "$out/data/p2p-227MB-n.json" &&
    figure p2p-switched-227MB-ring-n "$out/data/p2p-227MB-n.json"
  figure_step fig3.11-stream-lbm-n model stream --preset lbm --vary n=1:4:1 --json "$out/data/stream-lbm-n.json" &&
    figure fig3.11-stream-lbm-n "$out/data/stream-lbm-n.json"
fi
if [ "$selftest" != 1 ] && [ $quick = 0 ]; then
  say "figures from simulations (4x4x4 Novo-G# torus)..."
  for alg in dor romm; do
    figure_step fig5.2-like-transpose-sweep sweep examples/tune-4x4x4/transpose.ini --vary traffic.rate=0.05:0.6:0.05 \
      --set routing.algorithm=$alg --json "$out/data/sweep-transpose-$alg.jsonl" --quiet
  done
  figure fig5.2-like-transpose-sweep "$out/data/sweep-transpose-dor.jsonl" "$out/data/sweep-transpose-romm.jsonl"
  figure_step run-uniform-links run examples/novo-g.ini --set traffic.rate=0.5 --json "$out/data/run-uniform-0.5.json" --links --histogram --quiet &&
    figure run-uniform-links "$out/data/run-uniform-0.5.json"
fi

summary=""
for s in $statuses; do summary="$summary${summary:+, }${count[$s]} $s"; done
{
  echo "# Seed results and fcsim"
  echo
  echo "Generated by \`scripts/reproduce.sh$([ $quick = 1 ] && echo ' --quick')\` with $("$fcsim" --version). $n rows: $summary."
  echo
  echo "Status: ok = within the tolerance; known = outside it, for the mechanism in the reason column; DRIFT = a"
  echo "checked row outside its tolerance (the script fails); ERROR = the command failed (the script fails);"
  echo "seed-inconsistent = the seed's own numbers disagree; absent = no fcsim number yet; not-modelled = outside"
  echo "what fcsim models. Commands run from the repository root (\`fcsim\` = the binary); → names the JSON"
  echo "field compared (\`--json FILE\`), times the scale. docs/REPRODUCE.md explains every row."
  echo
  echo "| seed | id | what | seed | fcsim | difference | tolerance | status | command | reason | source |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  sort -s -t '|' -k2,2 "$md_rows" # by seed, each seed's rows in the script's order
  echo
  echo "Figures (PNG) in figures/: $(cd "$out/figures" && ls | tr '\n' ' ')"
} >"$md.tmp"
mv "$md.tmp" "$md"
mv "$csv.tmp" "$csv"
echo "reproduce: $n rows: $summary; $figs figures in $out"
[ "${count[DRIFT]}" -eq 0 ] && [ "${count[ERROR]}" -eq 0 ]
