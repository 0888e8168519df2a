"""Figures of a superactivators pipeline result: the tail fraction per layer and concept, and
SuperActivator test F1 against p, for mean-difference vectors with cosine activations (mean
over the model seeds). Run with Debian's Python: /usr/bin/python3 figures.py RESULT.h5"""
import sys
from collections import defaultdict

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def points(path, kind="mean_difference", activation="cosine"):
    with h5py.File(path, "r") as f:
        for pid, g in f["points"].items():
            if text(g.attrs["vectors.kind"]) == kind and text(g.attrs["detection.activation"]) == activation:
                yield g["detection"]["detection"][()], g["detection"]["curve"][()]


def main(path, out="superactivators_tails.png"):
    tails, curves, seeds = defaultdict(float), defaultdict(float), 0
    for detection, curve in points(path):
        seeds += 1
        for row in detection:
            tails[(text(row["concept"]), int(row["layer"]))] += row["tail_fraction"]
        last = max(int(r["layer"]) for r in curve)
        for row in curve:
            if int(row["layer"]) == last:
                curves[(text(row["concept"]), float(row["p"]))] += row["f1"]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    for concept in sorted({c for c, _ in tails}):
        layers = sorted(l for c, l in tails if c == concept)
        style = "-" if concept in ("circle", "square", "triangle") else ":"
        a.plot(layers, [tails[(concept, l)] / seeds for l in layers], style, marker="o", label=concept)
        ps = sorted(p for c, p in curves if c == concept)
        b.plot(ps, [curves[(concept, p)] / seeds for p in ps], style, marker=".", label=concept)
    a.set(xlabel="layer (0: embedding)", ylabel="in-concept tokens above out's 99.9th pct",
          title="tail fraction (test scenes)")
    b.set(xscale="log", xlabel="p (share of in-concept calibration tokens)", ylabel="test F1",
          title="SuperActivator detection, last layer")
    a.legend(fontsize=7, ncol=2)
    fig.suptitle(f"scene ViT, mean-difference vectors, cosine; mean over {seeds} model seeds")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main(*sys.argv[1:])
