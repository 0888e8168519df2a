"""Mean and 95% t-interval over seeds (the replicates) of the repairs in a run of
pipelines/counting_bottleneck_lora.toml, per f, arm and rank, as a Markdown table; then the
probe arm's constrained accuracy minus the random arm's, paired by seed (the same pretrained
model), per f and rank.

Usage: /usr/bin/python3 plugins/counting_bottleneck/analysis/lora_intervals.py RESULT.h5
Each replicate pretrains its own model (one per f and seed, shared by every arm and rank), so
the interval covers the pretraining seed and the repair's own draws together.
"""
import os
import sys

import numpy as np
from scipy import stats

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../python"))
import assay  # noqa: E402

OUTPUTS = ("lora.constrained_before", "lora.constrained_after", "lora.free_after",
           "lora.other_loss_change")
AXES = ["corpus.explicit_frequency", "lora.arm", "lora.rank"]


def interval(values):
    values = np.asarray(values, dtype=float)
    mean = values.mean()
    half = stats.t.ppf(0.975, len(values) - 1) * values.std(ddof=1) / np.sqrt(len(values))
    return f"{mean:.3f} ± {half:.3f}"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    result = assay.load(sys.argv[1])
    ok = result[result.status == "ok"]
    print("| f | arm | rank | seeds | " + " | ".join(o.split(".")[1] for o in OUTPUTS) + " |")
    print("|---" * (4 + len(OUTPUTS)) + "|")
    for (f, arm, rank), group in ok.groupby(AXES, sort=False):
        cells = [interval(group[o]) for o in OUTPUTS]
        print(f"| {f:g} | {arm} | {rank} | {len(group)} | " + " | ".join(cells) + " |")
    print("\n| f | rank | seeds | probe - random, constrained_after |")
    print("|---|---|---|---|")
    for (f, rank), group in ok.groupby([AXES[0], AXES[2]], sort=False):
        by_arm = group.pivot(index="replicate", columns="lora.arm",
                             values="lora.constrained_after")
        by_arm = by_arm.reindex(columns=["probe", "random"]).dropna()
        if len(by_arm) < 2:
            continue
        difference = by_arm["probe"] - by_arm["random"]
        print(f"| {f:g} | {rank} | {len(difference)} | {interval(difference)} |")
    failed = len(result) - len(ok)
    if failed:
        print(f"\n{failed} points failed")


if __name__ == "__main__":
    main()
