#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Seed 000 ch. 7: which values of the parameters the seed does not state would
make fcsim's ch. 7 models give the seed's tables, and does one set fit them all?

    scripts/ch7-search.py [--quick] [--fcsim BINARY] [--csv FILE]

The unstated parameters searched (docs/MODELS.md, "Constants the seed leaves out"):
  flitsize_bits  the cloud's flit size (Eqs. 7.1, 7.3, 7.14 count flits; 12000 = a
                 1500-byte Ethernet frame)
  L_oneflit      the cloud's latency per flit ("auto" = Table 7.1's 2/5/10 us)
  D              particles per r^3 (md; the seed gives only "500N" partners)
  P0             nodes the FFT ran on before contraction (Table 7.3; "auto" = min(8192, N^2))
Each table is scored on its own (Table 7.2: cells equal; Tables 7.3, 7.4: the
geometric mean of |log(fcsim/seed)|, i.e. the typical factor off), then the
best set of each table is evaluated on every other table. The values found are
inferred: they are printed as such and never used as presets (the models keep
their documented defaults). Prints a Markdown report; --csv writes every
evaluation (temp file + rename). --quick: a reduced grid (the CTest).
"""
import argparse, itertools, json, math, os, subprocess, sys, tempfile

T72 = {"cloud": {8: 1, 16: 16, 32: 512, 64: 512, 128: 512, 256: 8192},
       "cluster": {8: 1, 16: 32, 32: 32, 64: 256, 128: 2048, 256: 2048}}
T73 = {("cloud", "speedup"): [1.45, 1.21, 1.09, 1.11, 1.01, 1],
       ("cloud", "speedup_md"): [1.33, 1.45, 1.11, 1.14, 1, 1],
       ("cluster", "speedup"): [1.37, 1.14, 1.15, 1.12, 1.06, 1.01],
       ("cluster", "speedup_md"): [2.00, 1.26, 1.31, 1.24, 1.10, 1.02]}
SIZES = [8, 16, 32, 64, 128, 256]
T74 = {("cloud", 13000): 14.7, ("cloud", 100000): 13.9, ("cloud", 1000000): 4.3,
       ("cluster", 13000): 17.7, ("cluster", 100000): 17.8, ("cluster", 1000000): 2.9}
RATIOS = {"uniform cluster/cloud": 2.1, "specialized cluster/cloud": 3.0,
          "cluster specialized/uniform": 1.13, "cloud specialized/uniform": 1.03}

FULL = {"flitsize_bits": [32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 12000, 16384],
        "L_oneflit": ["auto", "100ns", "200ns", "500ns", "1us", "2us", "5us", "10us"],
        "D": [15, 30, 60, 120, "238.732", 500],
        "P0": ["auto", 64, 256, 1024]}
QUICK = {"flitsize_bits": [256, 1024], "L_oneflit": ["auto", "1us"], "D": ["238.732"], "P0": ["auto"]}


class Fcsim:
    def __init__(self, binary):
        self.binary, self.cache = binary, {}

    def model(self, name, **params):
        key = (name,) + tuple(sorted(params.items()))
        if key not in self.cache:
            args = [self.binary, "model", name]
            for k, v in sorted(params.items()):
                args += ["--set", "%s=%s" % (k, v)]
            with tempfile.NamedTemporaryFile(suffix=".json") as f:
                subprocess.run(args + ["--json", f.name], check=True, stdout=subprocess.DEVNULL)
                self.cache[key] = json.load(open(f.name))
        return self.cache[key]


def log_off(pairs):
    """geometric mean of max(a/b, b/a) over (fcsim, seed) pairs: 1 = exact"""
    return math.exp(sum(abs(math.log(a / b)) for a, b in pairs) / len(pairs))


def contraction(fc, system, n, flit, lat, p0):
    p = {"system": system, "N": n}
    if system == "cloud":
        p.update(flitsize_bits=flit, L_oneflit=lat)
    if p0 != "auto":
        p["P0"] = min(p0, n * n)
    return fc.model("contraction", **p)["results"]


def md(fc, system, n, design, flit, lat, d):
    p = {"system": system, "N": n, "design": design, "D": d}
    if system == "cloud":
        p.update(flitsize_bits=flit, L_oneflit=lat)
    return fc.model("md", **p)["results"]["us_per_day"]


def scores(fc, s):
    """every table's score for one parameter set s (a dict)"""
    flit, lat, d, p0 = s["flitsize_bits"], s["L_oneflit"], s["D"], s["P0"]
    out = {}
    for system in ("cloud", "cluster"):
        out["T7.2 " + system] = sum(
            contraction(fc, system, n, flit, lat, "auto")["best_P_FFT"] == T72[system][n] for n in SIZES)
        pairs = []
        for col in ("speedup", "speedup_md"):
            for n, want in zip(SIZES, T73[(system, col)]):
                pairs.append((contraction(fc, system, n, flit, lat, p0)[col], want))
        out["T7.3 " + system] = log_off(pairs)
    best = {}
    for system in ("cloud", "cluster"):
        for n in (13000, 100000, 1000000):
            u, sp = md(fc, system, n, "uniform", flit, lat, d), md(fc, system, n, "specialized", flit, lat, d)
            best[(system, n)] = (u, sp)
        out["T7.4 " + system] = log_off([(max(best[(system, n)]), T74[(system, n)])
                                         for n in (13000, 100000, 1000000)])
    geo = lambda f: math.exp(sum(math.log(f(n)) for n in (13000, 100000, 1000000)) / 3)
    got = {"uniform cluster/cloud": geo(lambda n: best[("cluster", n)][0] / best[("cloud", n)][0]),
           "specialized cluster/cloud": geo(lambda n: best[("cluster", n)][1] / best[("cloud", n)][1]),
           "cluster specialized/uniform": geo(lambda n: best[("cluster", n)][1] / best[("cluster", n)][0]),
           "cloud specialized/uniform": geo(lambda n: best[("cloud", n)][1] / best[("cloud", n)][0])}
    out["§7.5.2"] = log_off([(got[k], RATIOS[k]) for k in RATIOS])
    return out


# the parameters each table depends on (the others leave its score unchanged)
DEPENDS = {"T7.2 cloud": ("flitsize_bits", "L_oneflit"), "T7.3 cloud": ("flitsize_bits", "L_oneflit", "P0"),
           "T7.2 cluster": (), "T7.3 cluster": ("P0",), "T7.4 cloud": ("flitsize_bits", "L_oneflit", "D"),
           "T7.4 cluster": ("D",), "§7.5.2": ("flitsize_bits", "L_oneflit", "D")}


def better(table, a, b):
    """is score a better than b for this table (T7.2 counts up, the others are factors, down)"""
    return a > b if table.startswith("T7.2") else a < b


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--fcsim", default=os.environ.get("FCSIM", "build/release/fcsim"))
    ap.add_argument("--csv")
    a = ap.parse_args()
    fc, grid = Fcsim(a.fcsim), (QUICK if a.quick else FULL)
    names = list(grid)
    defaults = {"flitsize_bits": 256, "L_oneflit": "auto", "D": "238.732", "P0": "auto"}
    sets = [dict(zip(names, v)) for v in itertools.product(*(grid[k] for k in names))]
    results = [(s, scores(fc, s)) for s in sets]
    default_scores = scores(fc, defaults)
    tables = list(default_scores)
    best = {}
    for t in tables:
        for s, sc in results:
            if t not in best or better(t, sc[t], best[t][1][t]):
                best[t] = (s, sc)
    fmt = lambda t, v: ("%d/6" % v) if t.startswith("T7.2") else ("%.2f×" % v)
    label = lambda s: ", ".join("%s=%s" % (k, s[k]) for k in names)
    print("# Seed 000 ch. 7: the unstated parameters the tables imply (inferred, not presets)\n")
    print("%d parameter sets (%s). Table 7.2: cells equal to the seed's; the others: the typical"
          " factor between fcsim and the seed (geometric mean of max(a/b, b/a); 1.00× = exact).\n"
          % (len(sets), "; ".join("%s ∈ {%s}" % (k, ", ".join(map(str, grid[k]))) for k in names)))
    print("| set | " + " | ".join(tables) + " |")
    print("|---|" + "---|" * len(tables))
    print("| documented defaults (%s) | %s |" % (label(defaults), " | ".join(fmt(t, default_scores[t]) for t in tables)))
    for t in tables:
        s, sc = best[t]
        ties = sum(1 for _, o in results if o[t] == sc[t])
        own = ", ".join("%s=%s" % (k, s[k]) for k in DEPENDS[t]) or "no searched parameter"
        print("| best for %s: %s (%d of %d sets tie; shown: %s) | %s |" % (t, own, ties, len(results), label(s), " | ".join(
            ("**%s**" if u == t else "%s") % fmt(u, sc[u]) for u in tables)))
    # one set for everything: the best sum of ranks over the tables
    rank = {}
    for t in tables:
        order = sorted(range(len(results)), key=lambda i: results[i][1][t], reverse=t.startswith("T7.2"))
        for r, i in enumerate(order):
            rank[i] = rank.get(i, 0) + r
    i = min(rank, key=rank.get)
    s, sc = results[i]
    print("| best rank sum over all tables (%s) | %s |" % (label(s), " | ".join(fmt(t, sc[t]) for t in tables)))
    # one set for everything, the other way: the smallest worst factor over the factor tables
    factors = [t for t in tables if not t.startswith("T7.2")]
    s, sc = min(results, key=lambda r: max(r[1][t] for t in factors))
    print("| smallest worst factor over %s (%s) | %s |" % (", ".join(factors), label(s),
                                                       " | ".join(fmt(t, sc[t]) for t in tables)))
    # D is a property of the MD problem, the same on both systems: at each D, how close can
    # the cloud's free parameters bring Table 7.4 (cloud), and where is Table 7.4 (cluster)?
    print("\nOne D for both systems (D is the MD problem's, not the machine's): at each D, Table 7.4"
          " (cluster) and the best Table 7.4 (cloud) over the cloud's flit size and one-flit latency.\n")
    print("| D | T7.4 cluster | best T7.4 cloud | at | §7.5.2 there |")
    print("|---|---|---|---|---|")
    for d in grid["D"]:
        sub = [r for r in results if r[0]["D"] == d]
        cluster = min(r[1]["T7.4 cluster"] for r in sub)
        s, sc = min(sub, key=lambda r: (r[1]["T7.4 cloud"], r[1]["§7.5.2"]))
        print("| %s | %.2f× | %.2f× | flitsize_bits=%s, L_oneflit=%s | %.2f× |" % (
            d, cluster, sc["T7.4 cloud"], s["flitsize_bits"], s["L_oneflit"], sc["§7.5.2"]))
    # the seed's own values where it gives them: Table 7.1's latencies (auto) and D from its
    # "500N" (238.732); only the flit size and P0 stay free
    anchored = [r for r in results if r[0]["L_oneflit"] == "auto" and r[0]["D"] == defaults["D"]]
    if anchored:
        print("\nWith the seed's own latencies (Table 7.1, L_oneflit=auto) and D=%s: only the flit size"
              " and P0 free (P0: the best for Tables 7.3, product of both systems' factors).\n" % defaults["D"])
        print("| flitsize_bits | P0 | " + " | ".join(tables) + " |")
        print("|---|---|" + "---|" * len(tables))
        for flit in grid["flitsize_bits"]:
            sub = [r for r in anchored if r[0]["flitsize_bits"] == flit]
            s, sc = min(sub, key=lambda r: r[1]["T7.3 cloud"] * r[1]["T7.3 cluster"])
            print("| %s | %s | %s |" % (flit, s["P0"], " | ".join(fmt(t, sc[t]) for t in tables)))
    if a.csv:
        tmp = a.csv + ".tmp"
        with open(tmp, "w") as f:
            f.write(",".join(names + tables) + "\n")
            for s, sc in results:
                f.write(",".join([str(s[k]) for k in names] + ["%.6g" % sc[t] for t in tables]) + "\n")
        os.replace(tmp, a.csv)


if __name__ == "__main__":
    sys.exit(main())
