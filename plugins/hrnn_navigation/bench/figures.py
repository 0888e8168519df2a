"""Figures of an hrnn_navigation.toml result: decoding error against time, grid-score
distributions against their shuffle nulls, and rate maps of the best-scoring units.

Usage: /usr/bin/python3 plugins/hrnn_navigation/bench/figures.py RESULT.h5 OUT_DIR
Writes OUT_DIR/errors.png, OUT_DIR/grid_scores.png and OUT_DIR/rate_maps.png.
"""
import os
import sys

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np


def points(path):
    with h5py.File(path, "r") as f:
        for pid, p in f["points"].items():
            if p.attrs["status"] != "ok":
                continue
            model = p.attrs.get("train.model", "hierarchical")
            model = model.decode() if isinstance(model, bytes) else str(model)
            null = p["types/null95"]
            yield {
                "model": model,
                "size_p": int(p.attrs.get("train.size_p", 0)),
                "position_error": p["train/position_error"][:],
                "heading_error": p["train/heading_error"][:],
                "grid_score": p["types/grid_score"][:],
                "grid_null": float(null["null95"][0]),
                "rate_maps": p["types/rate_maps"][:],
                "size_a": int(p["train/setting"][1]),
            }


def errors_figure(runs, out):
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.5))
    for model, colour in (("hierarchical", "C0"), ("flat", "C1")):
        chosen = [r for r in runs if r["model"] == model]
        if not chosen:
            continue
        for ax, key, unit in ((axes[0], "position_error", "m"), (axes[1], "heading_error", "rad")):
            e = np.array([r[key] for r in chosen])
            t = np.arange(1, e.shape[1] + 1) * 0.02
            ax.plot(t, e.mean(0), colour, label=f"{model} ({len(chosen)} runs)")
            ax.set_xlabel("time [s]")
            ax.set_ylabel(f"{key.replace('_', ' ')} [{unit}]")
    for ax in axes:
        ax.axvline(20 * 0.02, color="grey", ls=":", label="training horizon")
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "errors.png"), dpi=120)


def grid_figure(runs, out):
    fig, ax = plt.subplots(figsize=(5, 3.5))
    for model, colour in (("hierarchical", "C0"), ("flat", "C1")):
        chosen = [r for r in runs if r["model"] == model]
        if not chosen:
            continue
        scores = np.concatenate([r["grid_score"] for r in chosen])
        scores = scores[np.isfinite(scores)]
        ax.hist(scores, bins=30, alpha=0.5, color=colour, label=model)
        ax.axvline(np.mean([r["grid_null"] for r in chosen]), color=colour, ls="--")
    ax.set_xlabel("grid score (dashed: mean 95th percentile of the shuffle null)")
    ax.set_ylabel("units")
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "grid_scores.png"), dpi=120)


def rate_map_figure(runs, out):
    run = next(r for r in runs if r["model"] == "hierarchical")
    scores = np.where(np.isfinite(run["grid_score"]), run["grid_score"], -np.inf)
    best = np.argsort(scores)[::-1][:16]
    res = int(round(np.sqrt(run["rate_maps"].shape[1])))
    fig, axes = plt.subplots(4, 4, figsize=(7, 7))
    for ax, u in zip(axes.flat, best):
        ax.imshow(run["rate_maps"][u].reshape(res, res), origin="lower", cmap="jet")
        module = "A" if u < run["size_a"] else "P"
        ax.set_title(f"{module} unit {u}: {scores[u]:.2f}", fontsize=7)
        ax.axis("off")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "rate_maps.png"), dpi=120)


def main():
    runs = list(points(sys.argv[1]))
    os.makedirs(sys.argv[2], exist_ok=True)
    errors_figure(runs, sys.argv[2])
    grid_figure(runs, sys.argv[2])
    rate_map_figure(runs, sys.argv[2])


if __name__ == "__main__":
    main()
