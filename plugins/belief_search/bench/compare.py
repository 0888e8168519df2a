"""Controller episodes per second: bench_belief_search (Assay) against peer.py (NumPy,
vectorised over episodes, the same bracketing look rule) at several numbers of segments K and of
episodes per call (frame budget 2K, tau = 0.9); peer_full_scan.py (the first NumPy peer: gains of all K segments) is
timed as well, for comparison with earlier figures.

Assay and the peers draw their episodes from different random streams, so they agree in
statistics: accuracy, mean frames and mean entropy reduction within 4 combined standard errors
(the two peers share their stream and look rule, so in practice they agree exactly; they are
checked the same way, as their gains may round differently on near ties). CPU seconds, single
thread, median of repeats on each side; prints episodes per second and the ratios assay / peer,
and the load.
  /usr/bin/python3 plugins/belief_search/bench/compare.py build/bin/bench_belief_search
"""
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# segments, episodes, repeats: the pipelines' points (plugins/belief_search/pipelines/belief_search.toml: K = 8
# and 32, 500 episodes per call), then large batches, where NumPy's per-call costs are spread
# over more episodes.
CASES = [(8, 500, 21), (32, 500, 21), (16, 20000, 5), (64, 20000, 5), (256, 10000, 3)]


def run(cmd):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True,
                                     env=env).stdout)


def close(a, p, key, se_key):
    return abs(a[key] - p[key]) <= 4 * math.hypot(a[se_key], p[se_key])


def peer(script, args):
    return run(["/usr/bin/python3", os.path.join(HERE, script)] + args)


def main():
    require_optimised_blas()
    bench = sys.argv[1] if len(sys.argv) > 1 else "build/bin/bench_belief_search"
    print("load average:", os.getloadavg())
    print(f"{'K':>4} {'episodes':>8} {'accuracy a/p':>15} {'frames a/p':>15} "
          f"{'assay ep/s':>11} {'numpy ep/s':>11} {'ratio':>6} {'full-scan ep/s':>15} "
          f"{'ratio':>6}")
    ok = True
    for k, episodes, repeats in CASES:
        args = [str(k), str(episodes), str(repeats)]
        a = run([bench] + args)
        p = peer("peer.py", args)
        f = peer("peer_full_scan.py", args)
        agree = all(close(x, y, "accuracy", "accuracy_se") and
                    close(x, y, "mean_frames", "frames_se") and
                    close(x, y, "entropy_reduction", "entropy_reduction_se")
                    for x, y in ((a, p), (p, f)))
        ok &= agree
        rate_a, rate_p, rate_f = (episodes / x["seconds"] for x in (a, p, f))
        print(f"{k:>4} {episodes:>8} {a['accuracy']:>7.4f}/{p['accuracy']:<7.4f} "
              f"{a['mean_frames']:>7.2f}/{p['mean_frames']:<7.2f} {rate_a:>11.0f} "
              f"{rate_p:>11.0f} {rate_a / rate_p:>6.1f} {rate_f:>15.0f} {rate_a / rate_f:>6.1f}"
              + ("" if agree else "  DISAGREE"))
    print("statistics agree" if ok else "STATISTICS DISAGREE")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
