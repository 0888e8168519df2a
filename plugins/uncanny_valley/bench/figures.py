"""The README's figures from result files of the shipped pipelines.

Usage: /usr/bin/python3 plugins/uncanny_valley/bench/figures.py DETECTION.h5 ENTROPY.h5 OUT_DIR
DETECTION.h5: a run of uncanny_valley_small.toml (or uncanny_valley.toml); ENTROPY.h5: a run of
uncanny_valley_entropy.toml. Writes f1_curves.png (F1 against p, mean over seeds per f, each
seed thin) and entropy.png (Shannon and Renyi-2.5 against p per vocabulary size).
"""
import os
import sys
from collections import defaultdict

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def text(x):
    return x.decode() if isinstance(x, bytes) else str(x)


def f1_curves(path, out):
    curves = defaultdict(list)  # (f, perturbation) -> [(p, f1)]
    with h5py.File(path, "r") as f:
        for point in f["points"].values():
            rows = point["detection"]["f1"][()]
            fraction = float(point.attrs["detection.f"])
            for kind in ("random", "regular"):
                sel = [r for r in rows if text(r["perturbation"]) == kind]
                curves[(fraction, kind)].append(([r["p"] for r in sel], [r["f1"] for r in sel]))
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    for ax, kind in zip(axes, ("random", "regular")):
        for (fraction, k), runs in sorted(curves.items()):
            if k != kind:
                continue
            p = np.array(runs[0][0])
            f1 = np.array([r[1] for r in runs])
            line, = ax.plot(p, f1.mean(axis=0), "o-", label=f"f = {fraction:g} ({len(runs)} seeds)")
            for r in f1:
                ax.plot(p, r, "-", color=line.get_color(), alpha=0.25, linewidth=0.8)
        ax.set_title(f"{kind} perturbation")
        ax.set_xlabel("fragmentation rate p")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("needle-task F1")
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "f1_curves.png"), dpi=110)


def entropy(path, out):
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    with h5py.File(path, "r") as f:
        points = sorted(f["points"].values(), key=lambda g: int(g.attrs["bpe.vocab_size"]))
        for point in points:
            rows = [r for r in point["entropy"]["curve"][()] if text(r["perturbation"]) == "random"]
            p = [r["p"] for r in rows]
            label = f"vocabulary {int(point.attrs['bpe.vocab_size'])}"
            axes[0].plot(p, [r["shannon"] for r in rows], "o-", label=label)
            axes[1].plot(p, [r["renyi"] for r in rows], "o-", label=label)
    for ax, name in zip(axes, ("Shannon", "Renyi (alpha 2.5)")):
        ax.set_title(f"{name} entropy of the expected token distribution")
        ax.set_xlabel("fragmentation rate p (random)")
        ax.set_ylabel("bits")
        ax.grid(alpha=0.3)
    axes[1].legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "entropy.png"), dpi=110)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    f1_curves(sys.argv[1], sys.argv[3])
    entropy(sys.argv[2], sys.argv[3])


if __name__ == "__main__":
    main()
