#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the Debian packages fcsim needs to build, test and plot.
# Idempotent: packages already present are left alone; nothing is downloaded
# from anywhere but Debian's archive.
#   FCSIM_WITH_MPI=1  also installs Open MPI (for -DFCSIM_MPI=ON builds).
set -euo pipefail

pkgs=(build-essential cmake pkg-config libjansson-dev libcmocka-dev gnuplot-nox jq
      clang libclang-rt-dev libomp-dev # clang: libFuzzer and ThreadSanitizer (with LLVM OpenMP) steps
      python3 python3-numpy python3-pandas python3-pytest python3-matplotlib) # the Python package, its tests and example
if [ "${FCSIM_WITH_MPI:-0}" = "1" ]; then
  pkgs+=(libopenmpi-dev openmpi-bin)
fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "fcsim: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
