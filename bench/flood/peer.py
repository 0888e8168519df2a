"""The peer side of bench_flood, written the way a GUDHI user would (python3-gudhi 3.7):
    peer.py alpha POINTS.csv OUT_PREFIX REPEATS            alpha complex, sqrt filtration
    peer.py codensity POINTS.csv OUT_PREFIX REPEATS S R    Rips on S codensity slices, edges <= R
Prints one JSON line: median CPU seconds, peak RSS (kB), simplices."""
import json
import sys
import time

import gudhi
import numpy as np
from scipy.spatial import cKDTree


def alpha(points, prefix):
    st = gudhi.AlphaComplex(points=points).create_simplex_tree()
    st.compute_persistence()
    for k in range(points.shape[1]):
        d = np.sqrt(st.persistence_intervals_in_dimension(k))
        np.savetxt(f"{prefix}_peer_h{k}.csv", d.reshape(-1, 2), delimiter=",")
    return st.num_simplices()


def codensity(points, prefix, slices, r_max):
    # Same codensity and slices as the Flood side: distance to the 10th other point, quantiles.
    gamma = cKDTree(points).query(points, k=11)[0][:, -1]
    levels = np.sort(gamma)[np.ceil((np.arange(slices) + 1) * len(gamma) / slices).astype(int) - 1]
    tops, total = [], 0
    for s in levels:
        st = gudhi.RipsComplex(points=points[gamma <= s], max_edge_length=r_max).create_simplex_tree(
            max_dimension=2)
        st.compute_persistence()
        h1 = st.persistence_intervals_in_dimension(1)
        # Loops still open at the truncation radius R count up to R.
        tops.append(float(np.max(np.minimum(h1[:, 1], r_max) - h1[:, 0])) if len(h1) else 0.0)
        total += st.num_simplices()
    np.savetxt(f"{prefix}_peer_top_h1.csv", np.array(tops))
    return total


def peak_rss_kb():
    """VmHWM of this process image (ru_maxrss would include the parent's memory before exec)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


def main():
    task, path, prefix, repeats = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    points = np.loadtxt(path, delimiter=",")
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        if task == "alpha":
            simplices = alpha(points, prefix)
        else:
            simplices = codensity(points, prefix, int(sys.argv[5]), float(sys.argv[6]))
        times.append(time.process_time() - t0)
    print(json.dumps({"cpu_s": float(np.median(times)),
                      "maxrss_kb": peak_rss_kb(),
                      "simplices": int(simplices)}))


if __name__ == "__main__":
    main()
