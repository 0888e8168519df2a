"""Summarises the result files of the lowrank_collapse pipelines into the README's tables.

Usage: /usr/bin/python3 plugins/lowrank_collapse/summarise_results.py KIND FILE.h5 [NODE.PARAM=VALUE]
KIND: sweep (lowrank_collapse.toml, lowrank_collapse_memorisation.toml, lowrank_collapse_vi.toml:
per sweep cell, means over replicates of the scalar outputs, and Spearman correlations with a
95% percentile bootstrap CI over the points) or intervention (lowrank_collapse*_intervention.toml:
per k, means over replicates of the curve's columns). NODE.PARAM=VALUE keeps only the points
with that swept value (e.g. vi.family=coupling_flow).
"""
import sys

import h5py
import numpy as np
import pandas as pd


def markdown(table):
    def cell(v):
        return f"{v:.3g}" if isinstance(v, (float, np.floating)) else str(v)
    lines = ["| " + " | ".join(map(str, table.columns)) + " |",
             "|" + "---|" * len(table.columns)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in table.itertuples(index=False)]
    return "\n".join(lines)


def index(path):
    with h5py.File(path, "r") as f:
        df = pd.DataFrame(f["index"][()])
    for c in df.columns:
        if df[c].dtype == object:
            df[c] = df[c].str.decode("utf-8")
    df = df[df.status == "ok"]
    for condition in FILTERS:
        key, value = condition.split("=", 1)
        df = df[df[key].astype(str) == value]
    return df


def spearman(x, y):
    """Pearson correlation of the mid-ranks; 0 when either side is constant (as the plugin)."""
    rx, ry = pd.Series(x).rank().to_numpy(), pd.Series(y).rank().to_numpy()
    if rx.std() == 0 or ry.std() == 0:
        return 0.0
    return float(np.corrcoef(rx, ry)[0, 1])


def bootstrap_spearman(x, y, resamples=2000, seed=0):
    rng = np.random.default_rng(seed)
    stats = []
    for _ in range(resamples):
        pick = rng.integers(0, len(x), len(x))
        stats.append(spearman(x[pick], y[pick]))
    return spearman(x, y), np.percentile(stats, 2.5), np.percentile(stats, 97.5)


def sweep(path):
    df = index(path)
    with h5py.File(path, "r") as f:
        swept = [s.decode() if isinstance(s, bytes) else s for s in f.attrs["swept_keys"]]
    node = [c.split(".")[0] for c in df.columns if c.endswith(".final_loss")][0]
    outputs = [f"{node}.{o}" for o in ("final_update_stable_rank", "final_update_effective_rank",
                                       "final_weight_effective_rank", "modes_covered", "weight_tv",
                                       "off_mode_fraction", "nn_ratio", "kl", "final_loss")]
    outputs = [o for o in outputs if o in df.columns]
    print(f"{len(df)} ok points")
    table = df.groupby(swept)[outputs].mean().reset_index()
    table.columns = [c.split(".", 1)[1] if "." in c else c for c in table.columns]
    print(markdown(table))
    pairs = [("final_update_stable_rank", "modes_covered"),
             ("final_update_effective_rank", "modes_covered"),
             ("final_update_effective_rank", "nn_ratio"),
             ("final_update_stable_rank", "weight_tv")]
    for a, b in pairs:
        a, b = f"{node}.{a}", f"{node}.{b}"
        if a in df.columns and b in df.columns:
            r, lo, hi = bootstrap_spearman(df[a].to_numpy(), df[b].to_numpy())
            print(f"Spearman({a}, {b}) = {r:.3f}, 95% CI [{lo:.3f}, {hi:.3f}] over {len(df)} points")


def intervention(path):
    df = index(path)
    rows = []
    with h5py.File(path, "r") as f:
        for _, p in df.iterrows():
            group = f["points"][p.point_id]
            curve = group["intervention"]["curve"][()]
            frame = pd.DataFrame(curve)
            for key in [k for k in group.attrs.keys() if k.startswith("data.") or k.startswith("target.")]:
                value = group.attrs[key]
                frame[key] = value.decode() if isinstance(value, bytes) else value
            frame["replicate"] = p.replicate
            rows.append(frame)
    all_rows = pd.concat(rows)
    keys = [c for c in all_rows.columns if c.startswith("data.")] + ["rank"]
    cols = ["modes_covered", "weight_tv", "off_mode_fraction", "update_stable_rank", "final_loss",
            "nn_ratio", "kl"]
    summary = all_rows.groupby(keys)[cols].agg(["mean", "sem"]).reset_index()
    summary.columns = [" ".join(c).strip() for c in summary.columns]
    print(f"{len(df)} ok points")
    print(markdown(summary.dropna(axis=1, how="all")))


FILTERS = sys.argv[3:]

if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in ("sweep", "intervention"):
        sys.exit(__doc__)
    {"sweep": sweep, "intervention": intervention}[sys.argv[1]](sys.argv[2])
