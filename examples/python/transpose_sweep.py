#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Novo-G# thesis Figs. 5.2-5.6 (style), end to end from Python: average
latency and received throughput against offered load for transpose traffic
on the 4x4x4 Novo-G# torus, DOR against ROMM routing, with error bars over
replications. The thesis draws these curves without printing their values,
so this is the same experiment on the same axes, not a comparison with
numbers (docs/REPRODUCE.md).

    PYTHONPATH=PREFIX/lib/python3/site-packages python3 transpose_sweep.py [OUT.png] [--full]

About 20 s as given (short runs, 2 replications); --full uses the
configuration's own cycle counts and 3 replications (minutes). Needs numpy,
pandas and matplotlib (Debian: python3-pandas python3-matplotlib).
"""
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import fcsim  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
config = os.path.join(here, "..", "tune-4x4x4", "transpose.ini")
full = "--full" in sys.argv
out = next((a for a in sys.argv[1:] if not a.startswith("--")), "transpose-sweep.png")
short = {} if full else {"sim.warmup_cycles": 1000, "sim.measure_cycles": 3000}
rates = [round(0.05 * i, 2) for i in range(1, 13 if full else 9)]

fig, (lat, thr) = plt.subplots(2, 1, sharex=True, figsize=(6, 7))
for alg in ("dor", "romm"):
    df = fcsim.sweep(config, vary={"traffic.rate": rates}, replications=3 if full else 2,
                     **dict(short, **{"routing.algorithm": alg, "traffic.mode": "continuous"}))
    by = df.groupby("traffic.rate")
    mean, sd = by["avg_latency"].mean(), by["avg_latency"].std()
    saturated = by["saturated"].any()
    line = lat.errorbar(mean.index, mean, yerr=sd, marker="o", capsize=3, label=alg.upper())
    lat.plot(mean.index[saturated], mean[saturated], "x", color=line[0].get_color(), ms=10)
    thr.plot(by["recv_throughput"].mean(), marker="o", label=alg.upper())
    print(alg.upper())
    print(df[["traffic.rate", "replication", "avg_latency", "recv_throughput", "saturated"]].to_string(index=False))
lat.set_ylabel("average latency (%s)" % df.attrs["units"]["avg_latency"])
lat.set_title("transpose, 4x4x4 Novo-G# torus (x: saturated, latency biased)")
lat.legend()
thr.set_xlabel("offered load (%s)" % df.attrs["units"]["traffic.rate"])
thr.set_ylabel("received throughput (%s)" % df.attrs["units"]["recv_throughput"])
fig.tight_layout()
fig.savefig(out, dpi=100)
print("wrote", out)
