"""The README's figures from a result of pipelines/aigi_artifacts.toml:
/usr/bin/python3 figures/make_figures.py RESULT.h5 BASELINE_POINT SA_AFL_POINT SHORTCUT_POINT
(point ids as `assay show RESULT.h5` lists them; replicate 0 of each arm in the README)."""
import sys
import h5py, numpy as np, matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
f = h5py.File(sys.argv[1], "r")
s = next(g["spectra"] for g in f["nodes"].values() if "spectra" in g)[()]
src = np.array([x.decode() if isinstance(x, bytes) else x for x in s["source"]])
fig, ax = plt.subplots(figsize=(7, 4.5))
for name in dict.fromkeys(src):
    m = src == name
    ax.plot(s["radius"][m], s["log10_power"][m], lw=3 if name == "real" else 1,
            color="k" if name == "real" else None, label=name)
ax.set_xlabel("radius bin [cycles / image]"); ax.set_ylabel("mean log10 power")
ax.legend(fontsize=6, ncol=2); ax.set_title("azimuthal power spectra: reals and the 16 generators")
fig.tight_layout(); fig.savefig("figures/spectra.png", dpi=110)
pts = dict(zip(["baseline", "sa_afl_lite", "baseline, shortcut"], sys.argv[2:5]))
fig, ax = plt.subplots(figsize=(8, 4.5))
w = 0.27
for k, (label, pid) in enumerate(pts.items()):
    t = f[f"points/{pid}/detector/per_generator"][()]
    names = [x.decode() if isinstance(x, bytes) else x for x in t["generator"]]
    ax.bar(np.arange(len(names)) + (k - 1) * w, t["ap"], w, label=label)
ax.set_xticks(np.arange(len(names))); ax.set_xticklabels(names, rotation=70, fontsize=7)
ax.set_ylim(0.9, 1.0); ax.set_ylabel("held-out AP"); ax.legend(fontsize=8)
ax.set_title("per held-out generator AP (replicate 0; trained on tconv-wide-sigmoid)")
fig.tight_layout(); fig.savefig("figures/per_generator_ap.png", dpi=110)
