"""The peer side of bench_flood, written the way a GUDHI user would (python3-gudhi 3.7):
    peer.py alpha POINTS.csv OUT_PREFIX REPEATS        alpha complex (precision "fast"), diagrams
    peer.py codensity POINTS.csv OUT_PREFIX REPEATS S  alpha complex of each of S codensity slices
Only the computation is timed; the diagrams (sqrt of GUDHI's squared radii) or the per-slice top
H1 persistences are written to OUT_PREFIX* after the last repeat. Prints one JSON line: median
CPU seconds, peak RSS (kB), simplices."""
import json
import sys
import time

import gudhi
import numpy as np
from scipy.spatial import cKDTree


def alpha(points):
    """Persistence of the alpha complex, in degrees 0 .. d-1, as radii (not squared)."""
    st = gudhi.AlphaComplex(points=points, precision="fast").create_simplex_tree()
    st.compute_persistence()
    diagrams = [np.sqrt(st.persistence_intervals_in_dimension(k)) for k in range(points.shape[1])]
    return diagrams, st.num_simplices()


def codensity(points, slices):
    """Top H1 persistence (radius) of the alpha complex of each codensity slice. Same codensity
    and slices as the Flood side: distance to the 10th other point, its quantiles."""
    gamma = cKDTree(points).query(points, k=11)[0][:, -1]
    levels = np.sort(gamma)[np.ceil((np.arange(slices) + 1) * len(gamma) / slices).astype(int) - 1]
    tops, total = [], 0
    for s in levels:
        diagrams, simplices = alpha(points[gamma <= s])
        h1 = diagrams[1]
        tops.append(float(np.max(h1[:, 1] - h1[:, 0])) if len(h1) else 0.0)
        total += simplices
    return tops, total


def write(prefix, task, result):
    if task == "alpha":
        for k, d in enumerate(result):
            np.savetxt(f"{prefix}_peer_h{k}.csv", d.reshape(-1, 2), delimiter=",")
    else:
        np.savetxt(f"{prefix}_peer_top_h1.csv", np.array(result))


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
        result, simplices = alpha(points) if task == "alpha" else codensity(points,
                                                                            int(sys.argv[5]))
        times.append(time.process_time() - t0)
    write(prefix, task, result)
    print(json.dumps({"cpu_s": float(np.median(times)),
                      "maxrss_kb": peak_rss_kb(),
                      "simplices": int(simplices)}))


if __name__ == "__main__":
    main()
