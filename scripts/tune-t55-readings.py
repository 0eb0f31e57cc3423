#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Seed 000 Table 5.5 under every reading its text allows, side by side.

    python3 scripts/tune-t55-readings.py [--check] BATCH.json CONTINUOUS.json

BATCH.json and CONTINUOUS.json are the `fcsim tune --json` outputs of
scripts/tune-study.sh (total latency from the batch runs; average and worst
latency, receiving throughput and area from the continuous ones). Prints a
Markdown table, one row per reading, one column per metric, in %, and the
configurations each reading compares. The text (L4006-4016, L4355-4357):
"the configurations that have the best geometric mean performance for all
workloads [...] globally optimal", "the configurations with the best geometric
mean performance for each individual metric [...] application-aware optimal",
"calculated by geomean(|app - global|/global)". docs/TUNE.md discusses them.
--check: also compare the ratio, terms_geomean and terms_mean readings with
fcsim tune's own gain_seed, gain_terms_geomean and gain_terms_mean in the JSON
summaries; exit 1 when one differs (the CTest sim/tune_t55_readings).

Readings (a score is the geometric mean over the sweep points, as fcsim tune;
as fcsim tune, a continuous sweep point where some run delivered none of its
measured packets is left out of its workload):
  ratio            |G_w(app_w / global_w) - 1|: global = best geomean over the
                   workloads per metric, app_w = workload w's own best; fcsim
                   tune's gain_seed (the construction of Tables 5.3/5.4)
  terms_geomean    G_w(|app_w - global_w| / global_w) (gain_terms_geomean)
  terms_mean       the arithmetic mean of the same terms (gain_terms_mean)
  per_point_mean   mean over every (workload, point) of |best at the point -
                   global| / global (the figures' per-point optimum)
  per_point_geomean  the geometric mean of the same
  one_global_ratio the ratio form with ONE global configuration for all five
                   metrics (best geomean over workloads and metrics,
                   throughput inverted)
  metric_aware     |G_w(metric's global best) / G_w(one global) - 1|: the
                   "best ... for each individual metric" against one global
"""
import json
import math
import sys

ALMS = [12980, 18980, 24860, 30980, 42470, 42470, 54980, 54980, 60500]  # Table 4.2
METRICS = [("total_latency", 0), ("avg_latency", 0), ("worst_latency", 0), ("recv_throughput", 1), ("area", 0)]
SEED = [6, 2, 21, 10, 18]


def load(path):
    with open(path, encoding="utf-8") as f:
        return [d for d in map(json.loads, f) if d.get("type") == "point"]


def value(p, metric):
    r = p.get("results")
    if not r or r.get("deadlock"):
        return None
    if metric == "area":
        v = r.get("max_busy_vcs")
        return None if v is None or v > 9 else ALMS[max(2, int(v)) - 1]
    v = r.get(metric)
    return None if v is None or (metric == "total_latency" and v <= 0) else v


def unarrived(p):
    """A run that delivered none of its measured packets (far past saturation):
    fcsim tune leaves its sweep point out of the workload's analysis."""
    r = p.get("results") or {}
    return not r.get("deadlock") and (r.get("packets_measured") or 0) > 0 and not (r.get("avg_latency") or 0) > 0


def gm(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs and all(x > 0 for x in xs) else 0.0


def best(hb, key, cands):
    out = None
    for c in cands:  # ties to the first, as fcsim tune
        if out is None or (key(c) > key(out) if hb else key(c) < key(out)):
            out = c
    return out


def summaries(*paths):
    out = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for d in map(json.loads, f):
                if d.get("type") == "summary":
                    out.update(d.get("global", {}))
    return out


def check(rows, batch_path, cont_path):
    glob, bad = summaries(batch_path, cont_path), 0
    fields = {"ratio": "gain_seed", "terms_geomean": "gain_terms_geomean", "terms_mean": "gain_terms_mean"}
    for i, (m, _) in enumerate(METRICS):
        for reading, field in fields.items():
            mine, theirs = rows[reading][i], glob.get(m, {}).get(field)
            if theirs is None or abs(mine - theirs) > 1e-9 * max(1.0, abs(theirs)):
                print(f"check: {m} {reading} {mine!r} differs from fcsim tune's {field} {theirs!r}")
                bad += 1
    print(f"check: {3 * len(METRICS) - bad} of {3 * len(METRICS)} readings agree with fcsim tune")
    return 1 if bad else 0


def main(batch_path, cont_path, do_check=False):
    batch, cont = load(batch_path), load(cont_path)
    work, confs = [], []
    for p in cont:
        work += [p["workload"]] if p["workload"] not in work else []
        confs += [p["label"]] if p["label"] not in confs else []
    pts, score = {}, {}
    dropped = {(p["workload"], p["sweep"]) for p in cont if unarrived(p)}
    for m, _ in METRICS:
        for p in batch if m == "total_latency" else cont:
            if m != "total_latency" and (p["workload"], p["sweep"]) in dropped:
                continue
            pts.setdefault((m, p["workload"], p["label"]), {})[p["sweep"]] = value(p, m)
    for k, d in pts.items():
        if all(v is not None for v in d.values()):
            score[k] = gm(list(d.values()))

    def valid(m):
        return [c for c in confs if all((m, w, c) in score for w in work)]

    every = [c for c in confs if all(c in valid(m) for m, _ in METRICS)]
    one = best(0, lambda c: gm([score[(m, w, c)] ** (-1 if hb else 1) for m, hb in METRICS for w in work]), every)
    rows = {k: [] for k in ("ratio", "terms_geomean", "terms_mean", "per_point_mean", "per_point_geomean",
                            "one_global_ratio", "metric_aware")}
    used = []
    for m, hb in METRICS:
        cs = valid(m)
        glob = best(hb, lambda c: gm([score[(m, w, c)] for w in work]), cs)
        app = {w: best(hb, lambda c: score[(m, w, c)], [c for c in confs if (m, w, c) in score]) for w in work}
        terms = [abs(score[(m, w, app[w])] - score[(m, w, glob)]) / score[(m, w, glob)] for w in work]
        rows["ratio"].append(abs(gm([score[(m, w, app[w])] / score[(m, w, glob)] for w in work]) - 1))
        rows["terms_geomean"].append(gm(terms))
        rows["terms_mean"].append(sum(terms) / len(terms))
        pp = []
        for w in work:
            for s, g in pts[(m, w, glob)].items():
                vals = [pts[(m, w, c)][s] for c in cs]
                pp.append(abs((max(vals) if hb else min(vals)) - g) / g)
        rows["per_point_mean"].append(sum(pp) / len(pp))
        rows["per_point_geomean"].append(gm(pp))
        rows["one_global_ratio"].append(abs(gm([score[(m, w, app[w])] / score[(m, w, one)] for w in work]) - 1))
        rows["metric_aware"].append(abs(gm([score[(m, w, glob)] for w in work]) /
                                        gm([score[(m, w, one)] for w in work]) - 1))
        used.append(f"- {m}: global {glob}; each workload's own best: " +
                    ", ".join(f"{w} {app[w]}" for w in work))
    print("| reading | total latency | avg latency | worst latency | throughput | area |")
    print("|---|---|---|---|---|---|")
    for k, v in rows.items():
        print(f"| {k} | " + " | ".join(f"{100 * x:.1f}%" for x in v) + " |")
    print("| seed (Table 5.5) | " + " | ".join(f"{x}%" for x in SEED) + " |")
    print()
    print(f"One global configuration for all five metrics: {one}.")
    print("\n".join(used))
    return check(rows, batch_path, cont_path) if do_check else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    flag = bool(args) and args[0] == "--check"
    args = args[1:] if flag else args
    if len(args) != 2:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        sys.exit(2)
    sys.exit(main(args[0], args[1], flag))
