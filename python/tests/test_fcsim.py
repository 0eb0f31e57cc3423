# SPDX-License-Identifier: BSD-3-Clause
"""fcsim's Python package against the command line: the same results, the
same messages, DataFrames of the stated shape and types."""
import json
import math
import os
import subprocess

import pandas as pd
import pytest

import fcsim

SHORT = {"network.dims": "4x4", "sim.warmup_cycles": 200, "sim.measure_cycles": 1000}


def cli_json(cli, tmp_path, *args):
    out = tmp_path / "cli.json"
    subprocess.run([cli, "run", *args, "--json", str(out), "--quiet"], check=True)
    return json.loads(out.read_text())


def sets(d):
    return [a for k, v in d.items() for a in ("--set", "%s=%s" % (k, v))]


def strip_execution(doc):
    return {k: v for k, v in doc.items() if k != "execution"}


def test_version_is_the_library_version(cli):
    out = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "fcsim " + fcsim.version()


def test_run_equals_cli_json(cli, tmp_path, examples):
    ini = os.path.join(examples, "novo-g.ini")
    over = dict(SHORT, **{"router.vcs": 4, "routing.order": "xy"})
    r = fcsim.run(ini, **over)
    assert strip_execution(r.json) == strip_execution(cli_json(cli, tmp_path, ini, *sets(over)))
    assert r.metrics["packets_measured"] > 0
    assert r.config["router.vcs"] == 4
    assert r.saturated is False


def test_run_with_a_dict_and_links(cli, tmp_path):
    r = fcsim.run(dict(SHORT, **{"traffic.pattern": "transpose"}), links=True)
    doc = cli_json(cli, tmp_path, *sets(SHORT), "--set", "traffic.pattern=transpose", "--links")
    assert strip_execution(r.json) == strip_execution(doc)
    assert "link_util" in r.metrics


def test_run_replications_equal_cli_json(cli, tmp_path):
    over = dict(SHORT, **{"traffic.rate": 0.3})
    r = fcsim.run(over, links=True, histogram=True, replications=3)
    doc = cli_json(cli, tmp_path, *sets(over), "--replications", "3", "--links", "--histogram", "--jobs", "2")
    assert strip_execution(r.json) == strip_execution(doc)
    assert r.replications["avg_latency"]["n"] == 3
    assert r.metrics["avg_latency"] == r.replications["avg_latency"]["mean"]
    assert r.seeds == [1] + [fcsim.replicate_seed(1, i) for i in (1, 2)]
    # the same through the key
    k = fcsim.run(dict(over, **{"sim.replications": 3}), links=True, histogram=True)
    assert strip_execution(k.json) == strip_execution(r.json)


def test_sweep_replications_are_the_cli_replications(cli, tmp_path):
    over = dict(SHORT, **{"traffic.rate": 0.2})
    df = fcsim.sweep(over, vary={"router.vcs": [2]}, replications=3)
    doc = cli_json(cli, tmp_path, *sets(over), "--set", "router.vcs=2", "--replications", "3")
    assert list(df["seed"]) == doc["replication_seeds"]
    assert list(df["avg_latency"]) == doc["replications"]["avg_latency"]["values"]


def test_saturated_run_says_so():
    r = fcsim.run(dict(SHORT, **{"traffic.rate": 1.0, "traffic.pattern": "transpose"}))
    assert r.saturated is True and r.saturation_reason


@pytest.mark.parametrize("args,over", [
    (["--set", "router.vcz=4"], {"router.vcz": 4}),
    (["--set", "router.vcs=0"], {"router.vcs": 0}),
    (["--set", "network.dims=4x"], {"network.dims": "4x"}),
])
def test_config_errors_match_the_cli(cli, args, over):
    p = subprocess.run([cli, "run", *args], capture_output=True, text=True)
    assert p.returncode == 2
    with pytest.raises(fcsim.ConfigError) as e:
        fcsim.run(None, **over)
    assert "fcsim: " + str(e.value) == p.stderr.strip().splitlines()[0]


def test_missing_file_is_a_config_error(cli, tmp_path):
    missing = str(tmp_path / "none.ini")
    p = subprocess.run([cli, "run", missing], capture_output=True, text=True)
    with pytest.raises(fcsim.ConfigError) as e:
        fcsim.run(missing)
    assert "fcsim: " + str(e.value) == p.stderr.strip()


def test_sweep_dataframe_shape_and_types():
    df = fcsim.sweep(SHORT, vary={"traffic.rate": [0.1, 0.2], "router.vcs": [2, 4]}, replications=2)
    assert len(df) == 2 * 2 * 2
    assert list(df.columns[:5]) == ["traffic.rate", "router.vcs", "replication", "seed", "saturated"]
    assert df["traffic.rate"].dtype == "float64" and df["router.vcs"].dtype == "int64"
    assert df["saturated"].dtype == bool
    for m in ("avg_latency", "recv_throughput", "packets_measured"):
        assert pd.api.types.is_numeric_dtype(df[m]), m
    assert df.attrs["units"]["avg_latency"] == "cycles"
    assert df.attrs["units"]["avg_latency_ns"] == "ns"
    # the replications are different seeds: the same point differs between them
    first = df[(df["traffic.rate"] == 0.2) & (df["router.vcs"] == 2)]
    assert list(first["seed"]) == [1, fcsim.replicate_seed(1, 1)]  # the command line's seeds
    assert first["avg_latency"].nunique() == 2


def test_sweep_point_equals_run():
    df = fcsim.sweep(SHORT, vary={"traffic.rate": "0.1:0.3:0.1"})
    assert list(df["traffic.rate"]) == [0.1, 0.2, 0.3]
    r = fcsim.run(SHORT, **{"traffic.rate": 0.2})
    assert df.loc[1, "avg_latency"] == r.metrics["avg_latency"]


def test_load_reads_what_the_cli_writes(cli, tmp_path):
    jl, csv = tmp_path / "s.jsonl", tmp_path / "s.csv"
    subprocess.run([cli, "sweep", *sets(SHORT), "--vary", "traffic.rate=0.1:0.2:0.1", "--json", str(jl),
                    "--csv", str(csv), "--quiet"], check=True)
    a, b = fcsim.load(jl), fcsim.load(csv)
    assert len(a) == len(b) == 2
    assert a["traffic.rate"].tolist() == [0.1, 0.2]
    assert pd.api.types.is_numeric_dtype(a["avg_latency"])
    one = tmp_path / "r.json"
    subprocess.run([cli, "run", *sets(SHORT), "--json", str(one), "--quiet"], check=True)
    c = fcsim.load(one)
    assert len(c) == 1 and c.loc[0, "avg_latency"] == json.loads(one.read_text())["metrics"]["avg_latency"]


def test_topo(cli):
    t = fcsim.topo(None, **{"network.dims": "4x4x4"})
    assert t["nodes"] == 64 and t["links"] == 192 and t["diameter_hops"] == 6
    with pytest.raises(fcsim.ConfigError):
        fcsim.topo(None, **{"network.dimz": "4"})


def test_keys_must_be_dotted():
    with pytest.raises(TypeError):
        fcsim.run(None, vcs=4)


def test_load_reads_model_results_as_their_csv(cli, tmp_path):
    js, csv = tmp_path / "m.json", tmp_path / "m.csv"
    for flag, path in (("--json", js), ("--csv", csv)):
        subprocess.run([cli, "model", "p2p", "--vary", "n=2:8:2", flag, str(path)], check=True, capture_output=True)
    a, b = fcsim.load(js), fcsim.load(csv)
    assert len(a) == len(b) == 4
    assert a["n"].tolist() == b["n"].tolist() == [2, 4, 6, 8]
    assert a["time_s"].tolist() == pytest.approx(b["time_s"].tolist(), rel=1e-9)
