"""Runs bench_cil_decentering and its NumPy/SciPy peer on the same data sets; prints times and
the ratio peer/assay.

Usage: /usr/bin/python3 plugins/cil_decentering/bench/compare.py BUILD/bin/bench_cil_decentering [REPEATS]
Both sides: median CPU time of REPEATS (default 5) runs of joint + sequential training and the
de-centering correction, one thread. The heads must agree to 1e-6 relative (same Newton
iteration on the same data; the difference is rounding amplified by the solves).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

# (tasks, classes per task, dim, samples per class): the pipelines' scale, then larger heads.
SIZES = [(3, 3, 8, 200), (5, 3, 8, 400), (3, 3, 32, 500), (5, 4, 32, 500), (10, 5, 16, 200)]
L2 = 1e-4
TOLERANCE = 1e-6


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench = sys.argv[1]
    repeats = sys.argv[2] if len(sys.argv) > 2 else "5"
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f}")
    print(f"{'T':>3} {'C':>3} {'d':>4} {'n/cls':>6} {'assay s':>9} {'numpy s':>9} "
          f"{'numpy/assay':>12} {'max rel dev':>12}")
    ok = True
    for tasks, classes, dim, n in SIZES:
        with tempfile.TemporaryDirectory() as directory:
            args = [bench, str(tasks), str(classes), str(dim), str(n), str(L2), repeats, directory]
            ours = dict(line.split(" ", 1) for line in subprocess.run(
                args, check=True, capture_output=True, text=True, env=env).stdout.splitlines())
            theirs = json.loads(subprocess.run(
                [sys.executable, peer, directory, repeats, str(L2)], check=True,
                capture_output=True, text=True, env=env).stdout)
        a, p = float(ours["assay_seconds"]), theirs["peer_seconds"]
        deviation = max(theirs["relative_deviation"].values())
        ok = ok and deviation <= TOLERANCE
        print(f"{tasks:>3} {classes:>3} {dim:>4} {n:>6} {a:9.4f} {p:9.4f} {p / a:12.2f} "
              f"{deviation:12.2e}")
    print("heads agree" if ok else f"heads DISAGREE beyond {TOLERANCE}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
