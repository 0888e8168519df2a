"""Runs bench_hrnn_navigation and its PyTorch / NumPy peer (peer.py) and prints CPU times and
the ratio peer / assay, one thread each.

Usage: /usr/bin/python3 plugins/hrnn_navigation/bench/compare.py BUILD/bin/bench_hrnn_navigation [REPEATS]
Training steps: median over REPEATS (default 5) of the mean of 10 steps. Grid score: median
over REPEATS of the mean over 50 maps; both sides' scores must agree within 1e-6.
"""
import math
import os
import subprocess
import sys

# name: size_a, size_p, batch, horizon
TRAINING = {
    "check": (32, 64, 50, 20),      # the plugin's checks
    "issue": (128, 512, 100, 20),   # the A128 -> P512 at batch 100, T 20
}
MAPS = 50
TOLERANCE = 1e-6


def run(cmd):
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout.split()
    return float(out[1]), [float(v) for v in out[2:]]


def main():
    bench = sys.argv[1]
    repeats = sys.argv[2] if len(sys.argv) > 2 else "5"
    peer = [sys.executable, os.path.join(os.path.dirname(__file__), "peer.py")]
    print(f"{'case':<24}{'assay ms':>10}{'peer ms':>10}{'ratio':>8}")
    for name, shape in TRAINING.items():
        args = ["train", *map(str, shape), repeats]
        ours, _ = run([bench, *args])
        theirs, _ = run([*peer, *args])
        print(f"{'train step ' + name:<24}{ours:>10.3f}{theirs:>10.3f}{theirs / ours:>8.2f}")
    args = ["grid", str(MAPS), repeats]
    ours, a = run([bench, *args])
    theirs, b = run([*peer, *args])
    if len(a) != MAPS or len(b) != MAPS or any(math.isnan(x) or math.isnan(y) for x, y in zip(a, b)):
        raise SystemExit("grid scores missing or NaN")
    worst = max(abs(x - y) for x, y in zip(a, b))
    print(f"{'grid score per map':<24}{ours:>10.3f}{theirs:>10.3f}{theirs / ours:>8.2f}")
    print(f"grid scores agree within {worst:.2e} (tolerance {TOLERANCE})")
    if worst > TOLERANCE:
        raise SystemExit("grid scores disagree")


if __name__ == "__main__":
    main()
