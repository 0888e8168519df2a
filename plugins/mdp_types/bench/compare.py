"""Runs bench_mdp_types and its NumPy/SciPy peer on the same problems, checks that they agree,
and prints each side's CPU time and the ratio peer/assay.

Usage: /usr/bin/python3 plugins/mdp_types/bench/compare.py BUILD/bin/bench_mdp_types [REPEATS]
Both sides report the median CPU time of REPEATS runs (default 5), single thread (the peer runs
with OPENBLAS_NUM_THREADS=1). Agreement: exact log-probabilities within 1e-9 relative, rates
within 1e-8 absolute (both line searches stop at ~1e-10 in lambda on a flat minimum; the C++
trajectory rates stop at constraint residuals ~1e-9 relative and KKT residuals ~1e-8, so the
rate is fixed to ~|lambda| 1e-8 < 1e-8; the peer's SLSQP at ftol 1e-12 gives the rates to
~1e-13 against ftol 1e-15). The trajectory rate is timed over 3 repeats on both
sides whatever REPEATS is.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

LOG_P_TOLERANCE = 1e-9
RATE_TOLERANCE = 1e-8
TARGET = 5.0


def run(command, env=None):
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    return {(r["task"], r["kernel"]): r for r in rows}


def disagreement(ours, theirs):
    if ours["task"] == "exact_dp":
        return max(abs(a - b) / abs(b) for a, b in zip(ours["log_p"], theirs["log_p"]))
    return max(abs(a - b) for a, b in zip(ours["rate"], theirs["rate"]))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench, repeats = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "5"
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    ours = run([bench, repeats])
    theirs = run(["/usr/bin/python3", peer, repeats], env)
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f}")
    print(f"{'problem':<44} {'assay s':>9} {'peer s':>9} {'peer/assay':>11} {'max diff':>10}  agree")
    failed = False
    for key, mine in ours.items():
        other = theirs[key]
        size = (f"n={mine['n']}" if key[0] == "exact_dp" else
                f"{mine['offsets']} offsets" if key[0] == "trajectory_rate" else
                f"{mine['thresholds']} thresholds")
        diff = disagreement(mine, other)
        tolerance = LOG_P_TOLERANCE if key[0] == "exact_dp" else RATE_TOLERANCE
        agree = diff <= tolerance
        failed |= not agree
        ratio = other["cpu_s"] / mine["cpu_s"]
        print(f"{key[0] + ' ' + key[1] + ' ' + size:<44} {mine['cpu_s']:9.4f} "
              f"{other['cpu_s']:9.4f} {ratio:11.1f} {diff:10.2e}  {'yes' if agree else 'NO'}"
              f"  (target >= {TARGET:g}x: {'met' if ratio >= TARGET else 'not met'})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
