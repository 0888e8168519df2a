"""core_search (bench_data_exchange) against the pruned NumPy peer (peer.py) on the same grids.

Both compute the min over grid exchanges of the max grid blocking margin of the logit market
(beta = 60, a(d) = 1 - d^-0.4); they must agree to 1e-9 and search as many exchanges. First the
peer's pruned search is checked against its brute force on small grids: the same min-max margin
and the same first exchange attaining it, exactly. CPU seconds, single thread, median of
repeats on each side; prints the peer's BLAS, the ratio peer / assay and the load average.
  /usr/bin/python3 plugins/data_exchange/bench/compare.py build/bin/bench_data_exchange
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = [(3, 17, 5), (3, 25, 5), (3, 49, 3), (4, 9, 5), (4, 13, 3)]  # firms, grid, repeats
BRUTE_CASES = [(3, 9), (3, 17), (4, 5), (4, 9)]  # pruned peer == brute force, exactly


def run(cmd):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True,
                                     env=env).stdout)


def peer(firms, grid, repeats, *mode):
    return run(["/usr/bin/python3", os.path.join(HERE, "peer.py"), str(firms), str(grid),
                str(repeats), *mode])


def peer_matches_brute_force():
    ok = True
    for firms, grid in BRUTE_CASES:
        pruned, brute = peer(firms, grid, 1), peer(firms, grid, 1, "--brute")
        same = all(pruned[k] == brute[k] for k in ("min_max_margin", "exchanges", "argmin"))
        ok &= same
        print(f"peer pruned vs brute force, {firms} firms, grid {grid}: margin "
              f"{pruned['min_max_margin']:.12f} / {brute['min_max_margin']:.12f}, first exchange "
              f"{pruned['argmin']} / {brute['argmin']}" + ("" if same else "  DISAGREE"))
    return ok


def main():
    require_optimised_blas()
    bench = sys.argv[1] if len(sys.argv) > 1 else "build/bin/bench_data_exchange"
    print("load average:", os.getloadavg())
    ok = peer_matches_brute_force()
    print(f"{'firms':>5} {'grid':>4} {'exchanges':>9} {'min-max margin':>15} "
          f"{'assay s':>9} {'numpy s':>9} {'ratio':>7}")
    for firms, grid, repeats in CASES:
        a = run([bench, str(firms), str(grid), str(repeats)])
        p = peer(firms, grid, repeats)
        agree = abs(a["min_max_margin"] - p["min_max_margin"]) <= 1e-9 and \
            a["exchanges"] == p["exchanges"]
        ok &= agree
        print(f"{firms:>5} {grid:>4} {a['exchanges']:>9} {a['min_max_margin']:>15.10f} "
              f"{a['seconds']:>9.5f} {p['seconds']:>9.5f} "
              f"{p['seconds'] / max(a['seconds'], 1e-9):>7.1f}" + ("" if agree else "  DISAGREE"))
    print("load average:", os.getloadavg())
    print("results agree" if ok else "RESULTS DISAGREE")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
