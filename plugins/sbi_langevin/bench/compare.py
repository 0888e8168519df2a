"""Runs the annealed Langevin benchmark and its NumPy peer on the same problems; prints the ratio.

Usage: /usr/bin/python3 plugins/sbi_langevin/bench/compare.py BUILD/bin/bench_sbi_langevin [SCORE]

For each size (dim, n_obs, chains, levels, steps) bench_sbi_langevin writes the problem to a
temporary JSON file and times Assay's sampler; peer.py runs the same sampler in NumPy on it.
Both measure the median CPU time of 5 repeats, one thread. Agreement: each side's final sample
means and variances are compared with the exact law of the ULA chain (closed-form recursion)
as z-scores; both sides must stay within the Bonferroni limit for a 0.1% family-wise false alarm.
"""
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

SIZES = [  # dim, n_obs, chains, levels, steps
    (5, 10, 1000, 10, 50),
    (5, 100, 1000, 10, 20),
    (20, 10, 1000, 10, 20),
    (2, 10, 10000, 10, 10),
]


def parse(text):
    rows = {}
    for line in text.splitlines():
        key, *values = line.split()
        rows[key] = [float(v) for v in values]
    return rows


def max_abs_z(side, exact, chains):
    worst = 0.0
    for m, v, em, ev in zip(side["sample_mean"], side["sample_var"], exact["exact_mean"],
                            exact["exact_var"]):
        worst = max(worst, abs(m - em) / (ev / chains) ** 0.5,
                    abs(v - ev) / (ev * (2.0 / (chains - 1)) ** 0.5))
    return worst


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench, score = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "linhart"
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}; score {score}")
    print(f"{'dim':>4} {'n':>4} {'chains':>7} {'LxK':>7} {'assay Mcs/s':>12} {'numpy Mcs/s':>12} "
          f"{'ratio':>6} {'|z| assay':>10} {'|z| numpy':>10} {'limit':>6}")
    all_agree = True
    for dim, n_obs, chains, levels, steps in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            problem = os.path.join(tmp, "problem.json")
            args = [bench, problem, str(dim), str(n_obs), str(chains), str(levels), str(steps),
                    "5", score]
            ours = parse(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
            theirs = parse(subprocess.run([sys.executable, peer, problem], check=True,
                                          capture_output=True, text=True).stdout)
        limit = statistics.NormalDist().inv_cdf(1.0 - 0.001 / (2 * 2 * 2 * dim))
        z_ours, z_theirs = max_abs_z(ours, ours, chains), max_abs_z(theirs, ours, chains)
        all_agree &= z_ours <= limit and z_theirs <= limit
        a = ours["chain_steps_per_second"][0]
        p = theirs["chain_steps_per_second"][0]
        print(f"{dim:>4} {n_obs:>4} {chains:>7} {f'{levels}x{steps}':>7} {a / 1e6:12.2f} "
              f"{p / 1e6:12.2f} {a / p:6.2f} {z_ours:10.2f} {z_theirs:10.2f} {limit:6.2f}")
    print("agreement with the exact ULA law:", "yes" if all_agree else "NO")
    sys.exit(0 if all_agree else 1)


if __name__ == "__main__":
    main()
