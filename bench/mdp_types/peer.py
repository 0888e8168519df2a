"""NumPy/SciPy peer of bench_mdp_types: the same two computations, written vectorised.

exact_dp: the joint law of (Z_t, N_row(t), N_pair(t)) propagated for t = 0..n, one (n+1) x (n+1)
count array per state, each step a few whole-array shifted multiply-adds over the used block.
rates: J = -min_{lambda >= 0} log rho(K o exp(lambda f)) with numpy.linalg.eigvals for the Perron
root and scipy.optimize.minimize_scalar (bounded, xatol 1e-10) for the line search.

Usage: /usr/bin/python3 bench/mdp_types/peer.py [REPEATS]; prints JSON lines like the C++ side.
"""
import json
import sys
import time

import numpy as np
from scipy.optimize import minimize_scalar

KERNELS = {
    "two_state": np.array([[0.9, 0.1], [0.2, 0.8]]),
    "three_state": np.array([[0.5, 0.3, 0.2], [0.1, 0.6, 0.3], [0.4, 0.4, 0.2]]),
}
ROW, COL = 0, 1


def median_cpu_seconds(repeats, body):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        body()
        times.append(time.process_time() - start)
    return sorted(times)[len(times) // 2]


def stationary(k):
    m = k.shape[0]
    a = k.T - np.eye(m)
    a[-1] = 1.0
    b = np.zeros(m)
    b[-1] = 1.0
    return np.linalg.solve(a, b)


def exact_log_probability(k, initial, threshold, lengths):
    m, n_max = k.shape[0], max(lengths)
    a = np.arange(n_max + 1)[:, None]
    b = np.arange(n_max + 1)[None, :]
    event = (a > 0) & (b <= a) & (b >= threshold * a - 1e-9)
    mass = np.zeros((m, n_max + 1, n_max + 1))
    nxt = np.zeros_like(mass)
    mass[:, 0, 0] = initial
    out = {}
    for t in range(n_max):
        used = t + 1  # counts so far are at most t
        nxt[:, :used + 1, :used + 1] = 0.0
        for z in range(m):
            src = mass[z, :used, :used]
            for w in range(m):
                if k[z, w] == 0:
                    continue
                if z != ROW:
                    nxt[w, :used, :used] += k[z, w] * src
                elif w == COL:
                    nxt[w, 1:used + 1, 1:used + 1] += k[z, w] * src
                else:
                    nxt[w, 1:used + 1, :used] += k[z, w] * src
        mass, nxt = nxt, mass
        if t + 1 in lengths:
            out[t + 1] = float(np.log(mass[:, event].sum()))
    return [out[n] for n in lengths]


def event_rate(k, threshold):
    m = k.shape[0]
    f = np.zeros((m, m))
    f[ROW] = -threshold
    f[ROW, COL] += 1.0

    def log_root(lam):
        return np.log(np.max(np.linalg.eigvals(k * np.exp(lam * f)).real))

    best = minimize_scalar(log_root, bounds=(0.0, 1e3), method="bounded",
                           options={"xatol": 1e-10})
    return max(0.0, -min(best.fun, log_root(0.0)))


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for name, n in (("two_state", 800), ("three_state", 400)):
        k = KERNELS[name]
        lengths = [n // 4, n // 2, n]
        result = {}
        seconds = median_cpu_seconds(repeats, lambda: result.update(
            v=exact_log_probability(k, stationary(k), 0.3, lengths)))
        print(json.dumps({"task": "exact_dp", "kernel": name, "n": n, "cpu_s": seconds,
                          "log_p": result["v"]}))
    for name in ("two_state", "three_state"):
        k = KERNELS[name]
        thresholds = 0.05 + 0.9 * np.arange(50) / 49
        result = {}
        seconds = median_cpu_seconds(repeats, lambda: result.update(
            v=[event_rate(k, th) for th in thresholds]))
        print(json.dumps({"task": "rates", "kernel": name, "thresholds": 50, "cpu_s": seconds,
                          "rate": result["v"]}))


if __name__ == "__main__":
    main()
