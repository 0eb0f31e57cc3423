#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# How many hops a core that decides a hop as one event could take
# (docs/PERFORMANCE.md, "How many hops one event could decide"): Novo-G# on
# 8x8x8 (50-cycle links, 4 VCs, 500 + 1,500 cycles, the workloads of
# bench/run.sh section 2) at each rate, in a build with the census of
# src/router/vc/census.h. For each packet that wins an output at a router it
# passes through: did its head arrive into an empty VC or wait behind the
# packet ahead, did it leave at the earliest cycle (if not: did it win its
# downstream VC late, wait out a credit cycle, or wait at the switch
# otherwise), was the output wanted or
# held by nothing else from the arrival on, did no credit count for it
# arrive. Then, from callgrind runs of a plain Release build (at rate 0 for
# the set-up), the most such a core could save: every instruction but the
# set-up charged to the hops, each hop that passes costing only what its
# train send and one engine step cost today.
#   bench/one_event.sh [RATE...]     (default: 0.1 0.3)
set -euo pipefail
cd "$(dirname "$0")/.."
census=build/one-event-census plain=build/release
cmake -S . -B "$census" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="-DFCSIM_ONE_EVENT_CENSUS" \
  -DFCSIM_TESTS=OFF -DFCSIM_BENCH=OFF >/dev/null
cmake --build "$census" -j"$(nproc)" --target fcsim_cli >/dev/null
cmake -S . -B "$plain" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$plain" -j"$(nproc)" --target fcsim_cli >/dev/null
out=$(mktemp -d /tmp/fcsim-one-event.XXXXXX)
trap 'rm -rf "$out"' EXIT
[ $# -gt 0 ] || set -- 0.1 0.3
novog=(--set router.vcs=4 --set network.link_latency=50 --set network.dims=8x8x8
  --set sim.warmup_cycles=500 --set sim.measure_cycles=1500 --set sim.threads=1)
valgrind --tool=callgrind --callgrind-out-file="$out/cg.0" "$plain/fcsim" run "${novog[@]}" \
  --set traffic.rate=0 -q --json "$out/run.0.json" 2>"$out/vg.0" || true # it measured nothing: exit status 1
for rate in "$@"; do
  "$census/fcsim" run "${novog[@]}" --set traffic.rate="$rate" -q --json "$out/census.json" 2>"$out/census.txt"
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$plain/fcsim" run "${novog[@]}" \
    --set traffic.rate="$rate" -q --json "$out/run.json" 2>"$out/vg"
  callgrind_annotate "$out/cg" >"$out/ann" 2>/dev/null
  cmp -s <(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["metrics"])' "$out/census.json") \
    <(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["metrics"])' "$out/run.json") ||
    { echo "one_event.sh: the census build's results differ from the plain build's" >&2; exit 1; }
  python3 - "$rate" "$out" <<'PY'
import json, re, sys
rate, out = sys.argv[1], sys.argv[2]
def refs(path):
    return int(re.search(r'refs:\s+([\d,]+)', open(path).read()).group(1).replace(',', ''))
def self_cost(name):  # a function's own instructions in the annotation (LTO may suffix its name)
    for line in open(out + '/ann'):
        m = re.match(r'\s*([\d,]+) \(.*\)\s+\S*:' + name + r'(\.|\s|$)', line)
        if m:
            return int(m.group(1).replace(',', ''))
    sys.exit('one_event.sh: no %s in the profile' % name)
c = {}
for line in open(out + '/census.txt'):
    m = re.match(r'one-event census: (\w+) heads (\d+) earliest (\d+) uncontended (\d+) no-credit (\d+)'
                 r' va-late (\d+) credit-cycle (\d+) switch-late (\d+)', line)
    if m:
        c[m.group(1)] = [int(x) for x in m.groups()[1:]]
    m = re.match(r'one-event census: injections (\d+)', line)
    if m:
        c['injections'] = int(m.group(1))
d = json.load(open(out + '/run.json'))
fh, steps = d['metrics']['flit_hops_total'], d['execution']['node_steps']
flits = d['config']['traffic']['packet_size']
in_net = d['metrics']['flits_in_network']
wins = c['arrived'][0] + c['queued'][0]
hops = fh / flits
# every packet-hop is a win at a router it passes through or its injection; a packet
# cut off by the run's end has won its output and not crossed every link yet
if not (hops <= wins + c['injections'] <= hops + in_net / flits + 1):
    sys.exit('one_event.sh: %d wins + %d injections against %.0f packet-hops' % (wins, c['injections'], hops))
print("rate %s: %.0f packet-hops = %d injections + %d wins at routers passed through" % (rate, hops, c['injections'], wins))
for kind in ('arrived', 'queued'):
    n = c[kind]
    print("  %-8s heads %7d (%5.1f %% of wins): earliest %5.1f %%, and uncontended %5.1f %%, and no credit read %5.1f %%"
          % (kind, n[0], 100 * n[0] / wins, *(100 * x / max(n[0], 1) for x in n[1:4])))
late = [c['arrived'][i] + c['queued'][i] for i in (4, 5, 6)]
print("  late, of all wins: downstream VC won late %.1f %%, a credit cycle %.1f %%, the switch otherwise %.1f %%"
      % tuple(100 * x / wins for x in late))
passed = {'arrived': c['arrived'][3], 'arrived + queued': c['arrived'][3] + c['queued'][3]}
ir, setup = refs(out + '/vg'), refs(out + '/vg.0')
send, engine = self_cost('novog_train_send'), self_cost('run_partitions[^ ]*')
hop_cost = send / hops + engine / steps  # a train send a packet-hop and one engine step
print("  today %.1f instructions per flit-hop; a hop that passes at %.0f a packet-hop (train send %.0f + one engine step %.0f):"
      % (ir / fh, hop_cost, send / hops, engine / steps))
for name, p in passed.items():
    f = p / wins
    best = (ir - setup) * (1 - f) + p * hop_cost + setup
    print("    decided at %-16s %5.1f %% of wins -> at best %.1f per flit-hop" % (name + ':', 100 * f, best / fh))
PY
done
