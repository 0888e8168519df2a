"""Runs the feature_dynamics training-loop benchmark and its PyTorch peer on the same problems
(same data, same initial weights, float64) and prints CPU times and the ratio torch / assay.

Usage: /usr/bin/python3 plugins/feature_learning/bench/compare.py BUILD/bin/bench_feature_learning [REPEATS]
Both sides report the median over REPEATS (default 5) of the CPU time of one training run, one
thread each. Their recorded series (loss, accuracy, and per layer and logged step the FEQ error,
Target Linearity and effective rank) must agree within a relative 1e-6: the two sides follow
the same trajectory up to floating-point rounding, amplified by up to a few hundred steps.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

# name: n, dim, classes, depth, width, steps, log_interval, lr, seed
PROBLEMS = {
    "check": (200, 8, 4, 4, 32, 300, 10, 0.2, 1),  # the setup of the plugin's checks
    "wide": (1000, 16, 10, 4, 128, 200, 10, 0.1, 2),
}
TOLERANCE = 1e-6


def parse(text):
    times, series = None, {}
    for line in text.splitlines():
        fields = line.split()
        if fields[0] == "cpu_ms":
            times = float(fields[1])
        else:
            series[(fields[0], int(fields[1]))] = [float(v) for v in fields[2:]]
    return times, series


def worst_disagreement(ours, theirs):
    """Largest |a - b| / max(|b|, 1e-3) over all recorded values, and where."""
    worst = (0.0, None)
    if ours.keys() != theirs.keys():
        raise SystemExit(f"series differ: {sorted(ours.keys() ^ theirs.keys())}")
    for key, a_values in ours.items():
        b_values = theirs[key]
        if len(a_values) != len(b_values):
            raise SystemExit(f"{key}: {len(a_values)} vs {len(b_values)} values")
        for a, b in zip(a_values, b_values):
            gap = abs(a - b) / max(abs(b), 1e-3)
            if gap > worst[0]:
                worst = (gap, key)
    return worst


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench, repeats = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "5"
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")
    print("load average:", " ".join(f"{v:.2f}" for v in os.getloadavg()))
    print(f"{'problem':<8} {'assay ms':>9} {'torch ms':>9} {'torch/assay':>12} {'max rel diff':>13}")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, sizes in PROBLEMS.items():
            path = os.path.join(tmp, f"{name}.txt")
            subprocess.run([sys.executable, peer, "problem", path, *map(str, sizes)], check=True)
            a_ms, ours = parse(subprocess.run([bench, path, repeats], check=True,
                                              capture_output=True, text=True).stdout)
            t_ms, theirs = parse(subprocess.run([sys.executable, peer, "run", path, repeats],
                                                check=True, capture_output=True, text=True).stdout)
            gap, where = worst_disagreement(ours, theirs)
            failed |= gap > TOLERANCE
            print(f"{name:<8} {a_ms:9.1f} {t_ms:9.1f} {t_ms / a_ms:12.2f} {gap:13.2e}"
                  + (f"  DISAGREE at {where}" if gap > TOLERANCE else ""))
    print("load average:", " ".join(f"{v:.2f}" for v in os.getloadavg()))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
