"""core_search (bench_data_exchange) against the NumPy brute force (peer.py) on the same grids.

Both compute the min over grid exchanges of the max grid blocking margin of the logit market
(beta = 60, a(d) = 1 - d^-0.4); they must agree to 1e-9. CPU seconds, single thread, median of
repeats on each side; prints the ratio peer / assay and the load average.
  /usr/bin/python3 plugins/data_exchange/bench/compare.py build/bin/bench_data_exchange
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = [(3, 17, 5), (3, 25, 3), (4, 9, 3), (4, 13, 1)]  # firms, grid, repeats


def run(cmd):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True,
                                     env=env).stdout)


def main():
    require_optimised_blas()
    bench = sys.argv[1] if len(sys.argv) > 1 else "build/bin/bench_data_exchange"
    print("load average:", os.getloadavg())
    print(f"{'firms':>5} {'grid':>4} {'exchanges':>9} {'min-max margin':>15} "
          f"{'assay s':>9} {'numpy s':>9} {'ratio':>7}")
    ok = True
    for firms, grid, repeats in CASES:
        a = run([bench, str(firms), str(grid), str(repeats)])
        p = run(["/usr/bin/python3", os.path.join(HERE, "peer.py"), str(firms), str(grid),
                 str(repeats)])
        agree = abs(a["min_max_margin"] - p["min_max_margin"]) <= 1e-9 and \
            a["exchanges"] == p["exchanges"]
        ok &= agree
        print(f"{firms:>5} {grid:>4} {a['exchanges']:>9} {a['min_max_margin']:>15.10f} "
              f"{a['seconds']:>9.4f} {p['seconds']:>9.4f} "
              f"{p['seconds'] / max(a['seconds'], 1e-9):>7.1f}" + ("" if agree else "  DISAGREE"))
    print("results agree" if ok else "RESULTS DISAGREE")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
