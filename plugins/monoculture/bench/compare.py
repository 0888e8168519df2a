"""Runs bench_monoculture and its NumPy/SciPy peer (peer.py) on the same simulated response
matrices, checks that they computed the same thing and prints the CPU-time ratio peer/assay.

Usage: /usr/bin/python3 plugins/monoculture/bench/compare.py BUILD/bin/bench_monoculture [REPEATS]

Problems: 2PL populations (theta ~ N(0, 1), b ~ N(0, 1.5^2), log a ~ N(0, 0.3^2)) of
models x items = 20 x 1000 and 100 x 1000, seeded. Agreement required:
- fits: same EM iterations (+-1, the last step is below the 1e-5 tolerance), abilities,
  difficulties and discriminations within 1e-4, log-likelihoods within 1e-6 relative;
- measures: observed, null and excess agreement within 1e-9 (deterministic given the fit,
  so within 1e-6 for the item nulls, whose fit is only converged to 1e-5); the bootstrap
  intervals use different random streams, so each bound within 15% of the interval's width
  (about five Monte Carlo standard errors of a 2.5% quantile at 500 resamples).
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

PROBLEMS = [(20, 1000), (100, 1000)]
TASKS = ["fit_rasch", "fit_2pl", "measure_marginal", "measure_rasch", "measure_2pl"]


def simulate(models, items, seed):
    rng = np.random.default_rng(seed)
    ability = rng.normal(0, 1, models)
    difficulty = rng.normal(0, 1.5, items)
    discrimination = np.exp(rng.normal(0, 0.3, items))
    p = 1 / (1 + np.exp(-discrimination * (ability[:, None] - difficulty)))
    return (rng.random((models, items)) < p).astype(np.float64)


def write_matrix(path, y):
    with open(path, "wb") as f:
        f.write(np.array(y.shape, dtype=np.int64).tobytes())
        f.write(np.ascontiguousarray(y).tobytes())


def parse(text):
    times, values = {}, {}
    for line in text.splitlines():
        kind, key, *rest = line.split()
        if kind == "time":
            times[key] = float(rest[0])
        else:
            values[key] = np.array([float(v) for v in rest])
    return times, values


def disagreements(ours, theirs):
    """Fields where the two sides differ by more than the documented tolerances."""
    bad = []

    def check(key, limit, relative=False):
        a, b = ours[key], theirs[key]
        gap = np.max(np.abs(a - b) / (np.abs(b) if relative else 1))
        if not gap <= limit:
            bad.append(f"{key}: gap {gap:.3g} > {limit:g}")

    for task in ("fit_rasch", "fit_2pl"):
        check(f"{task}.iterations", 1)
        for field in ("ability", "difficulty", "discrimination", "difficulty_sd"):
            check(f"{task}.{field}", 1e-4)
        check(f"{task}.log_likelihood", 1e-6, relative=True)
    for task, limit in (("measure_marginal", 1e-9), ("measure_rasch", 1e-6),
                        ("measure_2pl", 1e-6)):
        for field in ("observed", "expected", "excess"):
            check(f"{task}.{field}", limit)
        width = ours[f"{task}.ci_high"] - ours[f"{task}.ci_low"]
        for field in ("ci_low", "ci_high"):
            check(f"{task}.{field}", 0.15 * width[0])
    return bad


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench = sys.argv[1]
    repeats = sys.argv[2] if len(sys.argv) > 2 else "3"
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    with open("/proc/loadavg") as f:
        print("load average:", " ".join(f.read().split()[:3]))
    print(f"{'models x items':<15} {'task':<17} {'assay ms':>10} {'numpy ms':>10} "
          f"{'numpy/assay':>12}")
    all_agree = True
    with tempfile.TemporaryDirectory() as tmp:
        for k, (models, items) in enumerate(PROBLEMS):
            path = os.path.join(tmp, f"y{k}.bin")
            write_matrix(path, simulate(models, items, seed=k + 1))
            ours = parse(subprocess.run([bench, path, repeats], check=True, capture_output=True,
                                        text=True, env=env).stdout)
            theirs = parse(subprocess.run([sys.executable, peer, path, repeats], check=True,
                                          capture_output=True, text=True, env=env).stdout)
            total_a = total_p = 0.0
            for task in TASKS:
                a, p = ours[0][task], theirs[0][task]
                total_a, total_p = total_a + a, total_p + p
                print(f"{models:>4} x {items:<8} {task:<17} {a:10.1f} {p:10.1f} {p / a:12.2f}")
            print(f"{models:>4} x {items:<8} {'all five':<17} {total_a:10.1f} {total_p:10.1f} "
                  f"{total_p / total_a:12.2f}")
            bad = disagreements(ours[1], theirs[1])
            all_agree = all_agree and not bad
            print("  agreement:", "ok" if not bad else "; ".join(bad))
            print(f"  excess (assay / numpy): marginal "
                  f"{ours[1]['measure_marginal.excess'][0]:+.5f} / "
                  f"{theirs[1]['measure_marginal.excess'][0]:+.5f}, rasch "
                  f"{ours[1]['measure_rasch.excess'][0]:+.5f} / "
                  f"{theirs[1]['measure_rasch.excess'][0]:+.5f}, 2pl "
                  f"{ours[1]['measure_2pl.excess'][0]:+.5f} / "
                  f"{theirs[1]['measure_2pl.excess'][0]:+.5f}")
    with open("/proc/loadavg") as f:
        print("load average:", " ".join(f.read().split()[:3]))
    sys.exit(0 if all_agree else 1)


if __name__ == "__main__":
    main()
