"""Runs bench_sparse_weights and its PyTorch 1.13 peer (peer.py) and prints CPU times and the
ratio peer / assay, one thread each.

Usage: /usr/bin/python3 plugins/sparse_weights/bench/compare.py BUILD/bin/bench_sparse_weights [REPEATS]
Training: median over REPEATS (default 3) of the mean of 10 steps of the sparse recipe. Screen:
median over REPEATS of the time per window (one forward, CONTEXT backward passes). Random
tokens on both sides; the two compute the same operations at the same shapes, not the same
numbers (each draws its own initial weights).
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from peer_blas import require_optimised_blas  # noqa: E402

# name: dim, layers, context, batch (train) or windows (screen)
TRAIN = {"check": (64, 2, 32, 16), "issue": (128, 2, 64, 32)}
SCREEN = {"check": (64, 2, 32, 4), "issue": (128, 2, 64, 2)}


def run(cmd):
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout.split()
    return float(out[1])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench = sys.argv[1]
    repeats = sys.argv[2] if len(sys.argv) > 2 else "3"
    peer = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")]
    print(f"{'case':<24}{'assay ms':>10}{'peer ms':>10}{'ratio':>8}")
    for what, cases in (("train", TRAIN), ("screen", SCREEN)):
        for name, shape in cases.items():
            args = [what, *map(str, shape), repeats]
            ours, theirs = run([bench, *args]), run([*peer, *args])
            label = f"{what} {name}" + (" per step" if what == "train" else " per window")
            print(f"{label:<24}{ours:>10.3f}{theirs:>10.3f}{theirs / ours:>8.2f}")


if __name__ == "__main__":
    main()
