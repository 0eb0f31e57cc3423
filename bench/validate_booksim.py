#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Compares the classic router set up as BookSim2's input-queued router with a
BookSim2 build (a measurement for docs/VALIDATION.md, not a test; fcsim does not
ship, fetch or build BookSim2).

usage: BOOKSIM=/path/to/booksim bench/validate_booksim.py OUTDIR [CURVE-REGEX]

For every curve (torus 4x4x4 and 8x8x8 with 2 and 4 VCs, 1- and 4-flit packets,
five patterns; the 8x8 mesh with BookSim's default router block and its
mesh88_lat block) and each simulator: zero-load latency at 0.01 flits/node/cycle;
the last stable load (grid of 0.05, then four bisection steps: 0.003 resolution);
the load where average latency reaches 3x zero-load (four bisection steps between
measured loads). Stable means BookSim2's convergence test passed (its latency
threshold is 500 cycles) / fcsim drained, kept its source queues and averaged at
most 500 cycles (sim.saturation_latency = 500). Each run is cached in OUTDIR, so
an interrupted comparison resumes; one JSON line per curve goes to stdout."""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FCSIM = os.environ.get("FCSIM", os.path.join(ROOT, "build", "release", "fcsim"))
BOOKSIM = os.environ.get("BOOKSIM")
FC_PATTERN = {"uniform": "uniform-self", "bitcomp": "bitcomp", "transpose": "booksim-transpose",
              "tornado": "booksim-tornado", "neighbor": "neighbor"}


def curves():
    out = []
    for k in (4, 8):
        for v in (2, 4):
            for f in (1, 4):
                for t in FC_PATTERN:
                    out.append(dict(name=f"torus{k}^3-v{v}-f{f}-{t}", topo="torus", k=k, n=3, vcs=v, pkt=f, traffic=t,
                                    block="iq"))
    for t in ("uniform", "transpose", "bitcomp"):
        out.append(dict(name=f"mesh8^2-iq-v4-f4-{t}", topo="mesh", k=8, n=2, vcs=4, pkt=4, traffic=t, block="iq"))
        out.append(dict(name=f"mesh8^2-lat-v8-f20-{t}", topo="mesh", k=8, n=2, vcs=8, pkt=20, traffic=t,
                        block="mesh88_lat"))
    return out


def run_booksim(c, rate, outdir):
    base = os.path.join(outdir, "base.cfg")
    if not os.path.exists(base):
        open(base, "w").write("seed = 1;\n")
    args = [BOOKSIM, base, f"topology={c['topo']}", f"k={c['k']}", f"n={c['n']}", "routing_function=dim_order",
            f"num_vcs={c['vcs']}", f"packet_size={c['pkt']}", f"traffic={c['traffic']}", f"injection_rate={rate}",
            "router=iq", "vc_buf_size=8", "injection_process=bernoulli", "injection_rate_uses_flits=1",
            "sim_type=latency", "warmup_periods=3", "sample_period=1000", "max_samples=10"]
    if c["block"] == "mesh88_lat":
        args += ["wait_for_tail_credit=1", "credit_delay=2", "routing_delay=0", "vc_alloc_delay=1",
                 "sw_alloc_delay=1", "input_speedup=2", "output_speedup=1", "alloc_iters=1"]
    out = subprocess.run(args, capture_output=True, text=True).stdout
    if "Overall Traffic Statistics" not in out:
        return dict(stable=False, latency=None)
    tail = out.split("Overall Traffic Statistics")[1]
    return dict(stable=True, latency=float(re.search(r"Packet latency average = ([0-9.]+)", tail).group(1)))


def run_fcsim(c, rate):
    example = "booksim-mesh88-lat.ini" if c["block"] == "mesh88_lat" else "booksim-iq.ini"
    sets = [f"network.topology={c['topo']}", "network.dims=" + "x".join([str(c['k'])] * c['n']),
            f"network.link_latency={2 if c['topo'] == 'torus' else 1}", f"router.vcs={c['vcs']}",
            f"traffic.pattern={FC_PATTERN[c['traffic']]}", f"traffic.rate={rate}", f"traffic.packet_size={c['pkt']}",
            "sim.saturation_latency=500", "sim.saturation_latency_factor=0", "sim.warmup_cycles=3000",
            "sim.measure_cycles=10000", "sim.drain_cycles=20000"]
    cmd = [FCSIM, "run", os.path.join(ROOT, "examples", example), "--json", "-"]
    for s in sets:
        cmd += ["--set", s]
    j = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    return dict(stable=not j["saturated"], latency=j["metrics"]["avg_latency"])


def measure(sim, c, outdir, cache):
    def point(rate):
        key = f"{sim}:{c['name']}@{round(rate, 5)}"
        if key not in cache:
            cache[key] = run_booksim(c, round(rate, 5), outdir) if sim == "booksim" else run_fcsim(c, round(rate, 5))
            path = os.path.join(outdir, "cache.json")
            json.dump(cache, open(path + ".tmp", "w"), sort_keys=True)
            os.replace(path + ".tmp", path)
        return cache[key]

    zl = point(0.01)["latency"]
    r, last_ok, first_bad = 0.05, 0.0, 1.05
    while r <= 1.0 + 1e-9:
        if not point(r)["stable"]:
            first_bad = r
            break
        last_ok, r = r, r + 0.05
    lo, hi = last_ok, first_bad
    for _ in range(4):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if point(mid)["stable"] else (lo, mid)
    above = lambda q: (not q["stable"]) or q["latency"] >= 3 * zl
    prefix = f"{sim}:{c['name']}@"
    pts = sorted((float(k[len(prefix):]), v) for k, v in cache.items() if k.startswith(prefix))
    lo3, hi3 = 0.0, first_bad
    for rate, q in pts:
        if rate >= 0.02 and above(q):
            hi3 = rate
            break
        if rate >= 0.02:
            lo3 = rate
    for _ in range(4):
        mid = (lo3 + hi3) / 2
        lo3, hi3 = (lo3, mid) if above(point(mid)) else (mid, hi3)
    return dict(zero_load=zl, last_stable=round(lo, 4), load_3x=round(lo3, 4))


def main():
    if len(sys.argv) < 2 or not BOOKSIM:
        sys.exit("usage: BOOKSIM=/path/to/booksim bench/validate_booksim.py OUTDIR [CURVE-REGEX]")
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, "cache.json")
    cache = json.load(open(path)) if os.path.exists(path) else {}
    for c in curves():
        if len(sys.argv) > 2 and not re.search(sys.argv[2], c["name"]):
            continue
        nodes = c["k"] ** c["n"]
        if c["traffic"] == "transpose" and (nodes & (nodes - 1) or (nodes.bit_length() - 1) % 2):
            print(json.dumps(dict(curve=c["name"], skipped="transpose needs an even power of two nodes "
                                  "(BookSim2 and fcsim's booksim-transpose both refuse it)")), flush=True)
            continue
        b, f = measure("booksim", c, outdir, cache), measure("fcsim", c, outdir, cache)
        print(json.dumps(dict(curve=c["name"], booksim=b, fcsim=f)), flush=True)


if __name__ == "__main__":
    main()
