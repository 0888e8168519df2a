"""Runs the counting_bottleneck benchmark and its NumPy/SciPy/scikit-learn peer on the same
problems and prints CPU times and the ratios peer / assay.

Usage: /usr/bin/python3 plugins/counting_bottleneck/bench/compare.py BUILD/bin/bench_counting_bottleneck [REPEATS]
Both sides report the median over REPEATS (default 5) of the CPU time of one call, one thread
each: `probe` is the probes of one site and position (count and control classifiers by the same
500-step accelerated gradient, ridge probe, SNR), `angles` the count subspace's alignment to
the rows with 1000 random-subspace and 1000 shuffled-count null samples. The deterministic
values must agree: R^2, SNR and the measured mean cos^2 within a relative 1e-6, the held-out
accuracies within one item (an argmax near a tie may flip with rounding); the null means, drawn
from different random streams, within 4 standard errors of their difference. The peer's
`lbfgs` row solves the two classifiers to convergence with scikit-learn (printed beside, not
checked: it is where 500 accelerated steps would end if they converged).
"""
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

# name: n_train, n_test, dim, rows, rank, null_samples, seed
PROBLEMS = {
    "check": (450, 450, 64, 10, 2, 1000, 1),  # the checks' site: 50 + 50 items per count, d64
    "wide": (900, 900, 96, 10, 2, 1000, 2),  # the paper-scale width, 100 items per count
}


def parse(text):
    return {k: float(v) for k, v in (line.split() for line in text.splitlines())}


def disagreements(ours, theirs, n_test, samples):
    bad = []
    for key in ("r2", "snr", "mean_cos2"):
        if abs(ours[key] - theirs[key]) > 1e-6 * max(abs(theirs[key]), 1e-3):
            bad.append(f"{key} {ours[key]} vs {theirs[key]}")
    for key in ("accuracy", "control_accuracy"):
        if abs(ours[key] - theirs[key]) > 1.5 / n_test:
            bad.append(f"{key} {ours[key]} vs {theirs[key]}")
    for null in ("random", "shuffled"):
        se = theirs[f"{null}_null_sd"] * math.sqrt(2.0 / samples)
        if abs(ours[f"{null}_null_mean"] - theirs[f"{null}_null_mean"]) > 4 * se:
            bad.append(f"{null} null mean {ours[f'{null}_null_mean']} vs "
                       f"{theirs[f'{null}_null_mean']} (se {se:.2g})")
    return bad


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench, repeats = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "5"
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")
    print("load average:", " ".join(f"{v:.2f}" for v in os.getloadavg()))
    print(f"{'problem':<7} {'part':<7} {'assay ms':>9} {'peer ms':>9} {'peer/assay':>11}")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, sizes in PROBLEMS.items():
            path = os.path.join(tmp, f"{name}.txt")
            subprocess.run([sys.executable, peer, "problem", path, *map(str, sizes)], check=True)
            ours = parse(subprocess.run([bench, path, repeats], check=True, capture_output=True,
                                        text=True).stdout)
            theirs = parse(subprocess.run([sys.executable, peer, "run", path, repeats],
                                          check=True, capture_output=True, text=True).stdout)
            for part in ("probe", "angles"):
                a, p = ours[f"{part}_ms"], theirs[f"{part}_ms"]
                print(f"{name:<7} {part:<7} {a:9.1f} {p:9.1f} {p / a:11.2f}")
            print(f"{name:<7} {'lbfgs':<7} {'':>9} {theirs['lbfgs_ms']:9.1f}   accuracy "
                  f"{theirs['lbfgs_accuracy']:.4f}, control {theirs['lbfgs_control_accuracy']:.4f}")
            print(f"        values: accuracy {ours['accuracy']:.4f} / {theirs['accuracy']:.4f}, "
                  f"control {ours['control_accuracy']:.4f} / {theirs['control_accuracy']:.4f}, "
                  f"r2 {ours['r2']:.6f}, snr {ours['snr']:.4f}, mean cos2 "
                  f"{ours['mean_cos2']:.6f}, random null {ours['random_null_mean']:.4f} / "
                  f"{theirs['random_null_mean']:.4f}, shuffled null "
                  f"{ours['shuffled_null_mean']:.4f} / {theirs['shuffled_null_mean']:.4f}")
            bad = disagreements(ours, theirs, sizes[1], sizes[5])
            for line in bad:
                print(f"        DISAGREE: {line}")
            failed |= bool(bad)
    print("load average:", " ".join(f"{v:.2f}" for v in os.getloadavg()))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
