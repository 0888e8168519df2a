"""Flood (Assay, C++) against python3-gudhi on the same point clouds; see README.md.
    /usr/bin/python3 plugins/flood_bifiltration/bench/compare.py build/bin/bench_flood [--quick]
Each side runs in its own process (single thread, CPU time, median of repeats; peak RSS of the
process). Agreement: exact Flood with L = X must equal GUDHI's alpha diagrams (bottleneck <= 1e-9);
on each codensity slice, the top H1 persistence of the Flood bifiltration and of GUDHI's alpha
complex of the slice must agree within TOP_H1_GAP (see README.md: not a derived bound, the two
are different complexes; it catches a slice where one side loses or invents the loop)."""
import json
import os
import subprocess
import sys
import tempfile

import gudhi
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOP_H1_GAP = 0.1  # README.md: a guard, not a derived bound


def cloud(n, seed):
    """A unit circle (noise 0.05) with 30% uniform background in [-1.5, 1.5]^2."""
    rng = np.random.default_rng(seed)
    m = int(round(0.3 * n))
    t = rng.uniform(0, 2 * np.pi, n - m)
    circle = np.c_[np.cos(t), np.sin(t)] + 0.05 * rng.standard_normal((n - m, 2))
    return np.r_[rng.uniform(-1.5, 1.5, (m, 2)), circle]


def run(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def load(path):
    d = np.loadtxt(path, delimiter=",", ndmin=2)
    return d.reshape(-1, 2)


def main():
    require_optimised_blas()
    bench = sys.argv[1]
    quick = "--quick" in sys.argv
    print("load average:", os.getloadavg())
    tmp = tempfile.mkdtemp(prefix="bench_flood_")
    peer = [sys.executable, os.path.join(HERE, "peer.py")]
    print("\n== exact Flood with L = X vs GUDHI alpha complex ==")
    print(f"{'n':>7} {'assay s':>9} {'gudhi s':>9} {'time ratio':>10} {'assay MB':>9} "
          f"{'gudhi MB':>9} {'mem ratio':>9} {'bottleneck':>11}")
    for n in ([1000, 4000] if quick else [1000, 4000, 16000, 64000]):
        path = os.path.join(tmp, f"x{n}.csv")
        np.savetxt(path, cloud(n, n), delimiter=",", fmt="%.17g")
        prefix = os.path.join(tmp, f"a{n}")
        a = run([bench, "alpha", path, prefix, "3"])
        p = run(peer + ["alpha", path, prefix, "3"])
        gap = max(gudhi.bottleneck_distance(load(f"{prefix}_h{k}.csv"), load(f"{prefix}_peer_h{k}.csv"))
                  for k in range(2))
        assert gap <= 1e-9, f"diagrams differ: bottleneck {gap}"
        print(f"{n:>7} {a['cpu_s']:>9.3f} {p['cpu_s']:>9.3f} {p['cpu_s'] / a['cpu_s']:>10.2f} "
              f"{a['maxrss_kb'] / 1024:>9.1f} {p['maxrss_kb'] / 1024:>9.1f} "
              f"{p['maxrss_kb'] / a['maxrss_kb']:>9.2f} {gap:>11.2e}")
    print("\n== scaling in n: Flood with 200 landmarks (sampled, resolution 4) ==")
    print(f"{'n':>7} {'assay s':>9} {'simplices':>9} {'assay MB':>9}")
    for n in ([1000, 10000] if quick else [1000, 10000, 100000]):
        path = os.path.join(tmp, f"x{n}.csv")
        np.savetxt(path, cloud(n, n), delimiter=",", fmt="%.17g")
        a = run([bench, "landmarks", path, os.path.join(tmp, f"l{n}"), "3", "200"])
        print(f"{n:>7} {a['cpu_s']:>9.3f} {a['simplices']:>9} {a['maxrss_kb'] / 1024:>9.1f}")
    print("\n== codensity: bifiltration (all points as landmarks, 5 slices) vs GUDHI's alpha "
          "complex of each of the same 5 codensity slices ==")
    print(f"{'n':>7} {'assay s':>9} {'gudhi s':>9} {'time ratio':>10} {'assay MB':>9} "
          f"{'gudhi MB':>9} {'mem ratio':>9} {'top H1 gap':>10}  top H1 per slice (assay | gudhi)")
    worst = 0.0
    for n in ([500, 1000] if quick else [500, 1000, 2000]):
        path = os.path.join(tmp, f"c{n}.csv")
        np.savetxt(path, cloud(n, n + 1), delimiter=",", fmt="%.17g")
        prefix = os.path.join(tmp, f"c{n}")
        a = run([bench, "codensity", path, prefix, "3", "0", "5"])
        p = run(peer + ["codensity", path, prefix, "3", "5"])
        ta = np.loadtxt(f"{prefix}_top_h1.csv")
        tp = np.loadtxt(f"{prefix}_peer_top_h1.csv")
        gap = float(np.max(np.abs(ta - tp)))
        worst = max(worst, gap)
        print(f"{n:>7} {a['cpu_s']:>9.3f} {p['cpu_s']:>9.3f} {p['cpu_s'] / a['cpu_s']:>10.2f} "
              f"{a['maxrss_kb'] / 1024:>9.1f} {p['maxrss_kb'] / 1024:>9.1f} "
              f"{p['maxrss_kb'] / a['maxrss_kb']:>9.2f} {gap:>10.3f}  {np.round(ta, 2)} | "
              f"{np.round(tp, 2)}")
    print("top H1 per slice within", TOP_H1_GAP, ":", "yes" if worst <= TOP_H1_GAP else "NO")
    sys.exit(0 if worst <= TOP_H1_GAP else 1)


if __name__ == "__main__":
    main()
