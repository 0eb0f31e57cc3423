# SPDX-License-Identifier: BSD-3-Clause
"""fcsim from Python: run, sweep, load and describe with the installed libfcsim.

    import fcsim
    r = fcsim.run("novo-g.ini", **{"router.vcs": 4})     # r.metrics, r.config, r.saturated
    df = fcsim.sweep("novo-g.ini", vary={"traffic.rate": [0.1, 0.2]}, replications=2)
    df = fcsim.load("curve.jsonl")                          # JSON, JSON Lines or CSV
    net = fcsim.topo("novo-g.ini")                          # nodes, links, diameter, bisection

A configuration is an INI path, a dict of "section.key" values, or None (the
built-in default); keyword arguments "section.key"=value override it as
`--set` does. Results are the library's JSON, as `fcsim run --json` writes
it; bad input raises ConfigError with the library's message. Needs only
Python 3, numpy and pandas (Debian's python3-pandas), and libfcsim, whose
place `cmake --install` records beside the package.
"""
import csv
import io
import itertools
import json
import math
import os

from ._lib import ConfigError, Config, Error, SimulationError, lib

__all__ = ["run", "sweep", "load", "topo", "version", "Result", "Error", "ConfigError", "SimulationError"]

# flags of fcsim_sim_write_json (include/fcsim/sim.h)
_JSON_LINKS, _JSON_COMPACT, _JSON_HISTOGRAM = 1, 2, 4


def version():
    """The version of the loaded libfcsim ("0.2.0")."""
    return lib().fcsim_version().decode()


class Result:
    """One run: `.metrics` (dict), `.config` (dict "section.key" -> value),
    `.saturated` (bool), `.json` (the whole object, as `fcsim run --json`).
    With replications, `.metrics` holds the means and `.replications` each
    metric's {n, mean, sd, ci95_low, ci95_high, values} ({} for one run)."""

    def __init__(self, doc):
        self.json = doc
        self.replications = doc.get("replications", {})
        self.seeds = doc.get("replication_seeds", [])
        self.metrics = doc.get("metrics", {})
        self.config = _flat_config(doc.get("config", {}))
        self.saturated = bool(doc.get("saturated"))
        self.saturation_reason = doc.get("saturation_reason")
        self.derived = doc.get("derived", {})
        self.deadlock = doc.get("deadlock")

    def __repr__(self):
        lat = self.metrics.get("avg_latency")
        return "<fcsim.Result avg_latency=%s cycles%s>" % (lat, ", SATURATED" if self.saturated else "")


def _settings(config, overrides):
    """(path or None, [(key, value), ...]) from a configuration and overrides."""
    path, settings = None, []
    if isinstance(config, dict):
        settings.extend(config.items())
    elif config is not None:
        path = os.fspath(config)
    for key, value in overrides.items():
        if "." not in key:
            raise TypeError("fcsim: `%s` is not a section.key name (pass keys as **{'router.vcs': 4})" % key)
        settings.append((key, value))
    return path, settings


def _format(value):
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def run(config=None, links=False, histogram=False, replications=None, **overrides):
    """Runs one simulation and returns its Result. `links` and `histogram`
    add what `fcsim run --links/--histogram` add to the JSON. `replications`
    = N (or sim.replications in the configuration) runs N replications with
    the seeds of `fcsim run --replications N` and returns them combined, the
    same object as the command line's JSON (docs/OUTPUT.md "Replications")."""
    if replications is not None and replications < 1:
        raise ConfigError("fcsim: replications = %d: expected at least 1" % replications)
    path, settings = _settings(config, overrides)
    flags = (_JSON_LINKS if links else 0) | (_JSON_HISTOGRAM if histogram else 0)
    with Config(path, [(k, _format(v)) for k, v in settings]) as cfg:
        n = replications or int(_config_value(cfg, "sim.replications") or 1)
        if n > 1:
            return Result(json.loads(cfg.replications_json(replications or 0, flags)))
        return Result(json.loads(cfg.run_json(flags)))


def replicate_seed(seed, index):
    """The sim.seed of replication `index` of a run with sim.seed = `seed`
    (index 0: `seed` itself), as the command line derives it."""
    return lib().fcsim_replicate_seed(seed, index)


def topo(config=None, **overrides):
    """The network a configuration builds: nodes, links, channels, diameter
    (hops, ns), bisection, ports per router, link latency, router delay."""
    path, settings = _settings(config, overrides)
    with Config(path, [(k, _format(v)) for k, v in settings]) as cfg:
        return json.loads(cfg.topo_json())


def _values(spec):
    """A --vary value list: a list, or the CLI's "START:STOP:STEP" text."""
    if isinstance(spec, str):
        parts = spec.split(":")
        if len(parts) != 3:
            return [v for v in spec.split(",")]
        start, stop, step = (float(x) for x in parts)
        if step <= 0:
            raise ConfigError("fcsim: vary `%s`: the step must be positive" % spec)
        n = int(math.floor((stop - start) / step + 1e-9)) + 1
        return [round(start + i * step, 12) for i in range(n)]
    return list(spec)


def sweep(config=None, vary=None, replications=1, **overrides):
    """Runs every point of the grid `vary` ({"key": values}, the first key the
    outermost loop, as `fcsim sweep --vary`) `replications` times and returns a
    pandas DataFrame: one row per point and replication, a column per varied
    key, `replication`, `seed`, `saturated` and every metric; units in
    df.attrs["units"]. With N > 1 each point runs N times with the seeds of
    `fcsim sweep --replications N` (replicate_seed(sim.seed, r), replication
    0 the plain seed), so the rows of a point are the values the command
    line's replications combine (docs/OUTPUT.md "Replications")."""
    import pandas as pd

    vary = dict(vary or {})
    if replications < 1:
        raise ConfigError("fcsim: replications = %d: expected at least 1" % replications)
    path, settings = _settings(config, overrides)
    keys = list(vary)
    grids = [_values(vary[k]) for k in keys]
    rows = []
    with Config(path, [(k, _format(v)) for k, v in settings]) as base:
        seed0 = int(_config_value(base, "sim.seed") or 1)
    for point in itertools.product(*grids) if keys else [()]:
        point_settings = settings + list(zip(keys, point))
        for r in range(replications):
            extra = {"sim.seed": replicate_seed(seed0, r)} if replications > 1 else {}
            res = run(path, replications=1, **dict(point_settings, **extra))
            rows.append(_row(res, keys, point, r, int(res.config.get("sim.seed", seed0))))
    df = pd.DataFrame(rows)
    _numeric(df, keys)
    df.attrs["units"] = _units(df.columns)
    return df


def _config_value(cfg, key):
    v = lib().fcsim_config_get(cfg.ptr, key.encode())
    return v.decode() if v is not None else None


def _row(res, keys, point, replication, seed):
    row = dict(zip(keys, point))
    row["replication"] = replication
    row["seed"] = seed
    row["saturated"] = res.saturated
    row.update(_flat_metrics(res.metrics))
    return row


def _flat_config(config):
    out = {}
    for section, keys in config.items():
        if isinstance(keys, dict):
            for k, v in keys.items():
                out["%s.%s" % (section, k)] = v
        else:
            out[section] = keys
    return out


def _flat_metrics(metrics, prefix=""):
    """Scalars of the metrics block; nested objects by dotted name; lists left out."""
    out = {}
    for k, v in metrics.items():
        name = prefix + k
        if isinstance(v, dict):
            out.update(_flat_metrics(v, name + "."))
        elif not isinstance(v, list):
            out[name] = math.nan if v is None else v
    return out


def _numeric(df, keys):
    """Columns of numbers as numbers (nulls as NaN), flags as bool."""
    import pandas as pd

    for c in df.columns:
        if c == "saturated":
            df[c] = df[c].astype(bool)
        elif df[c].dtype == object:
            conv = pd.to_numeric(df[c], errors="coerce")
            if conv.notna().sum() == df[c].notna().sum():
                df[c] = conv


# Units by the naming rule of fcsim's fields (a unit suffix), and the few
# metrics in cycles or flits/node/cycle without one. Used until the results
# carry their units themselves (then those are used: see _units).
_SUFFIX_UNITS = (("_ns", "ns"), ("_cycles", "cycles"), ("_flits", "flits"), ("_bytes", "B"), ("_alms", "ALMs"),
                 ("_percent", "%"), ("_seconds", "s"), ("_s", "s"))
_NAMED_UNITS = {"avg_latency": "cycles", "worst_latency": "cycles", "total_latency": "cycles",
                "p50_latency": "cycles", "p99_latency": "cycles", "p999_latency": "cycles",
                "zero_load_latency": "cycles", "send_throughput": "flits/node/cycle",
                "recv_throughput": "flits/node/cycle", "offered_rate": "flits/node/cycle",
                "offered_rate_net": "flits/node/cycle", "avg_hops": "hops", "link_util_avg": "fraction",
                "link_util_max": "fraction", "cycles": "cycles", "traffic.rate": "flits/node/cycle"}


def _units(columns):
    units = {}
    for c in columns:
        if c in _NAMED_UNITS:
            units[c] = _NAMED_UNITS[c]
            continue
        for suffix, unit in _SUFFIX_UNITS:
            if c.endswith(suffix):
                units[c] = unit
                break
    return units


def load(path):
    """Reads a result file fcsim wrote into a DataFrame: a JSON object (one
    row: config keys, metrics, saturated), JSON Lines (one row per line:
    sweep points, tune runs), or CSV (as written, numbers as numbers)."""
    import pandas as pd

    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("utf-8")
    head = text.lstrip()[:1]
    if head in ("{", "["):
        try:
            docs = json.loads(text)
            docs = docs if isinstance(docs, list) else [docs]
        except json.JSONDecodeError:
            docs = [json.loads(line) for line in text.splitlines() if line.strip()]
        rows = [_doc_row(d) for d in docs]
        df = pd.DataFrame(rows)
        _numeric(df, [])
    else:
        df = pd.read_csv(io.StringIO(text))
    df.attrs["units"] = _units(df.columns)
    return df


def _doc_row(doc):
    row = {}
    if isinstance(doc.get("config"), dict):
        row.update(_flat_config(doc["config"]))
    if "saturated" in doc:
        row["saturated"] = bool(doc["saturated"])
    if isinstance(doc.get("metrics"), dict):
        row.update(_flat_metrics(doc["metrics"]))
    for k, v in doc.items():  # other records (tune, model): their scalars
        if k in ("config", "metrics", "derived", "execution") or k in row:
            continue
        if isinstance(v, dict):  # a model's params and results by their own names, as its CSV
            for name, value in _flat_metrics(v, "" if k in ("params", "results") else k + ".").items():
                row.setdefault(name, value)
        elif not isinstance(v, list):
            row[k] = v
    return row
