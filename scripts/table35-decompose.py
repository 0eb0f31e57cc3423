#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Seed 000 Table 3.5 (L1957-1962) read as T = C / F + H * L per row.

The fixed column is at F = 150 MHz with L = 175.7 ns links (L1945-1951,
the mean of s3.4.4, L1863-1866), the reference column at F = 100 MHz with
L = 500 ns (L1952-1955). Two columns, two unknowns per row: C, the cycles
that scale with the clock, and H, the link latencies on the critical path.
Prints both, the reference over fixed ratio, and the two limits it lies
between: F_fixed / F_ref (all cycles) and L_ref / L_fixed (all links).
Usage: python3 scripts/table35-decompose.py [--csv]"""
import sys

F_FIXED_MHZ, L_FIXED_NS = 150.0, 175.7
F_REF_MHZ, L_REF_NS = 100.0, 500.0
ROWS = [("16^3", 1.63, 3.98), ("32^3", 2.24, 5.46), ("64^3", 6.59, 16.76), ("128^3", 38.51, 101.11)]


def decompose(fixed_us, ref_us):
    """(C cycles, H link latencies) solving both columns' equations."""
    # fixed: C / F_f + H * L_f = T_f; ref: C / F_r + H * L_r = T_r (us, MHz, us)
    a11, a12 = 1.0 / F_FIXED_MHZ, L_FIXED_NS / 1000.0
    a21, a22 = 1.0 / F_REF_MHZ, L_REF_NS / 1000.0
    det = a11 * a22 - a12 * a21
    cycles = (fixed_us * a22 - a12 * ref_us) / det
    links = (a11 * ref_us - a21 * fixed_us) / det
    return cycles, links


def main():
    csv = "--csv" in sys.argv[1:]
    if csv:
        print("size,fixed_us,ref_us,cycles,link_latencies,ratio")
    else:
        print("| size | fixed µs | reference µs | C (cycles) | H (link latencies) | reference / fixed |")
        print("|---|---|---|---|---|---|")
    for size, f, r in ROWS:
        c, h = decompose(f, r)
        if csv:
            print(f"{size},{f},{r},{c:.1f},{h:.2f},{r / f:.3f}")
        else:
            print(f"| {size} | {f} | {r} | {c:.0f} | {h:.1f} | {r / f:.2f} |")
    if not csv:
        print(f"\nLimits: {F_FIXED_MHZ / F_REF_MHZ:.2f} (all clock cycles), "
              f"{L_REF_NS / L_FIXED_NS:.2f} (all link latency)")


if __name__ == "__main__":
    main()
