#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# How far one core's caches reach on this machine (bench/cache_latency.c):
# the time of a dependent load against the size of the set it walks, on
# core 0. A machine's reported L3 may be shared with other tenants; this
# shows what one core holds before its loads go to memory, the last level
# bench/exposed.sh should simulate.
#   bench/cache_latency.sh [LOADS]     (default 20000000 a size)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp /tmp/fcsim-cache-latency.XXXXXX)
trap 'rm -f "$bin"' EXIT
cc -O2 -std=c11 -Wall -Wextra -o "$bin" bench/cache_latency.c
taskset -c 0 "$bin" "$@"
