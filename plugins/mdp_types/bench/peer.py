"""NumPy/SciPy peer of bench_mdp_types: the same three computations, written vectorised.

exact_dp: the joint law of (Z_t, N_row(t), N_pair(t)) propagated for t = 0..n, one (n+1) x (n+1)
count array per state, each step whole-array shifted multiply-adds written straight into the
next law. Only cells with N_pair <= N_row can hold mass, so the rows are taken in bands of
BAND and a band's rows are updated only up to its last row's column: about 55% of the square.
rates: J = -min_{lambda >= 0} log rho(K o exp(lambda f)) for all thresholds at once. The Perron
root and its slope in lambda come from batched repeated squaring of the tilted kernels (the
normalised 2^12-th power is the rank-one Perron projector v u^T); the convex line search is the
method's (bracket grown from 0.5 by doubling up to 1e3), closed by Illinois false position on
the slope to a bracket of 1e-10, vectorised over the thresholds.
trajectory_rate: the rate of the plug-in value from one trajectory (trajectory_value_rate.hpp),
I(x) = inf D(Q||K|q) over tilted chains (P', rho) with d . V(P') = x: the same logit
coordinates of (P', rho) and the same 6 starts' kind (zero logits and 5 standard normal ones;
the C++ side's second start is the generative minimiser instead), each solved as the
equality-constrained problem by scipy.optimize.minimize(method="SLSQP", ftol 1e-12). SLSQP's
own finite-difference gradients are used (each point's objective and constraint
evaluated once); ftol 1e-12 gives the rates to about 1e-13 (against
ftol 1e-15), well inside the 1e-8 that compare.py allows.

Usage: /usr/bin/python3 plugins/mdp_types/bench/peer.py [REPEATS]; prints JSON lines like the C++ side.
"""
import json
import sys
import time

import numpy as np
from scipy.optimize import minimize

KERNELS = {
    "two_state": np.array([[0.9, 0.1], [0.2, 0.8]]),
    "three_state": np.array([[0.5, 0.3, 0.2], [0.1, 0.6, 0.3], [0.4, 0.4, 0.2]]),
}
ROW, COL = 0, 1
BAND = 128  # rows per band of the exact DP's triangle
SQUARINGS = 12  # 2^12-th power: the tilted kernels' second eigenvalue ratio is < 0.9


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
        for r0 in range(0, t + 2, BAND):  # rows a <= t + 1 are written; mass only at b <= a
            step_band(k, mass, nxt, r0, min(r0 + BAND, t + 2))
        mass, nxt = nxt, mass
        if t + 1 in lengths:
            out[t + 1] = float(np.log(mass[:, event].sum()))
    return [out[n] for n in lengths]


def step_band(k, mass, nxt, r0, r1):
    """Rows r0..r1-1 (columns below r1) of the next law: the same cell of every state other
    than ROW, plus ROW's cell one row-visit back (and one pair back, into COL)."""
    for w in range(k.shape[0]):
        dst = nxt[w, r0:r1, :r1]
        sources = [z for z in range(k.shape[0]) if z != ROW and k[z, w] != 0]
        if sources:
            np.multiply(mass[sources[0], r0:r1, :r1], k[sources[0], w], out=dst)
        else:
            dst[...] = 0.0
        for z in sources[1:]:
            dst += k[z, w] * mass[z, r0:r1, :r1]
        s0 = max(r0, 1)
        if k[ROW, w] != 0 and s0 < r1:
            came = mass[ROW, s0 - 1:r1 - 1, :r1 - 1]
            shift = 1 if w == COL else 0
            nxt[w, s0:r1, shift:r1 - 1 + shift] += k[ROW, w] * came


def log_root_and_slope(k, f, lam):
    """log rho(A) and d/dlambda log rho(A) = u^T (A o f) v / (rho u^T v) for A = K o exp(lam f),
    batched over lam and f; v u^T is the normalised high power of A."""
    a = k * np.exp(lam[:, None, None] * f)
    power = a
    for _ in range(SQUARINGS):
        power = power @ power
        power /= power.max(axis=(1, 2), keepdims=True)
    v, u = power.sum(axis=2), power.sum(axis=1)
    rho = np.einsum("tij,tj->t", a, v) / v.sum(axis=1)
    slope = np.einsum("ti,tij,tj->t", u, a * f, v) / (rho * np.einsum("ti,ti->t", u, v))
    return np.log(rho), slope


def event_rates(k, thresholds, upper=1e3, tolerance=1e-10):
    count, m = len(thresholds), k.shape[0]
    f = np.zeros((count, m, m))
    f[:, ROW] = -thresholds[:, None]
    f[:, ROW, COL] += 1.0
    lo, hi = np.zeros(count), np.full(count, 0.5)
    phi_lo, g_lo = log_root_and_slope(k, f, lo)
    phi_hi, g_hi = log_root_and_slope(k, f, hi)
    atypical = g_lo < 0  # Lambda'(0) = E_stat f >= 0: the event is typical and J = 0
    grow = atypical & (g_hi < 0)
    while grow.any():
        lo[grow], phi_lo[grow], g_lo[grow] = hi[grow], phi_hi[grow], g_hi[grow]
        hi[grow] = np.minimum(2 * hi[grow], upper)
        phi_hi[grow], g_hi[grow] = log_root_and_slope(k, f[grow], hi[grow])
        grow &= (g_hi < 0) & (hi < upper)
    best = np.where(atypical, np.minimum(phi_lo, phi_hi), 0.0)
    kept = np.zeros(count)  # which end the last step kept: +1 hi, -1 lo (Illinois)
    open_ = atypical & (g_hi > 0)
    while open_.any():
        i = np.nonzero(open_)[0]
        x = (lo[i] * g_hi[i] - hi[i] * g_lo[i]) / (g_hi[i] - g_lo[i])
        phi, g = log_root_and_slope(k, f[i], x)
        best[i] = np.minimum(best[i], phi)
        left = g < 0
        g_hi[i] = np.where(left & (kept[i] == 1), 0.5 * g_hi[i], g_hi[i])
        g_lo[i] = np.where(~left & (kept[i] == -1), 0.5 * g_lo[i], g_lo[i])
        lo[i], g_lo[i] = np.where(left, x, lo[i]), np.where(left, g, g_lo[i])
        hi[i], g_hi[i] = np.where(left, hi[i], x), np.where(left, g_hi[i], g)
        kept[i] = np.where(left, 1.0, -1.0)
        open_[i] = (hi[i] - lo[i] > tolerance) & (g != 0)
    return np.maximum(-best, 0.0)


EXAMPLE = {
    "transitions": np.array([[0.8, 0.2], [0.3, 0.7], [0.6, 0.4], [0.1, 0.9]]),
    "rewards": np.array([1.0, 0.0, 0.0, 2.0]),
    "policy": np.array([[0.5, 0.5], [0.3, 0.7]]),
    "discount": 0.9,
}
OFFSETS = [-2.0, -1.0, -0.5, 0.5, 1.0, 2.0]
TRAJECTORY_REPEATS = 3  # as the C++ side


class TrajectoryRate:
    """I(x) = inf D(Q||K|q) over tilted chains (P', rho) with d . V(P') = x."""

    def __init__(self, mdp, d):
        self.p, self.r, self.pi, self.gamma = (mdp["transitions"], mdp["rewards"],
                                               mdp["policy"], mdp["discount"])
        self.ns, self.na = self.pi.shape
        self.d = d / d.sum()
        # Free logits: every support entry but the first of each active row and of each rho_s.
        p_free = (self.p > 0) & (np.cumsum(self.p > 0, axis=1) > 1)
        p_free &= (self.pi.reshape(-1) > 0)[:, None]
        a_free = (self.pi > 0) & (np.cumsum(self.pi > 0, axis=1) > 1)
        self.p_index, self.a_index = np.nonzero(p_free), np.nonzero(a_free)
        self.size = len(self.p_index[0]) + len(self.a_index[0])
        self.rewards_pi = (self.pi * self.r.reshape(self.ns, self.na)).sum(axis=1)
        self.truth = self.d @ self.values(self.p)

    def values(self, p):
        p_pi = np.einsum("sa,saj->sj", self.pi, p.reshape(self.ns, self.na, self.ns))
        return np.linalg.solve(np.eye(self.ns) - self.gamma * p_pi, self.rewards_pi)

    def chain(self, u):
        k = len(self.p_index[0])
        p = self.p.copy()
        p[self.p_index] *= np.exp(u[:k])
        p /= p.sum(axis=1, keepdims=True)
        rho = self.pi.copy()
        rho[self.a_index] *= np.exp(u[k:])
        rho /= rho.sum(axis=1, keepdims=True)
        mu = stationary(np.einsum("sa,saj->sj", rho, p.reshape(self.ns, self.na, self.ns)))
        return p, rho, mu

    def evaluate(self, u, x):
        if not np.all(np.isfinite(u)) or np.max(np.abs(u)) > 500:
            return np.inf, np.inf
        p, rho, mu = self.chain(u)
        with np.errstate(divide="ignore", invalid="ignore"):
            row_kl = np.where(p > 0, p * np.log(p / self.p), 0.0).sum(axis=1)
            act_kl = np.where(rho > 0, rho * np.log(rho / self.pi), 0.0).sum(axis=1)
        row_kl = np.where(self.pi.reshape(-1) > 0, row_kl, 0.0).reshape(self.ns, self.na)
        divergence = float(mu @ ((rho * row_kl).sum(axis=1) + act_kl))
        return divergence, float(self.d @ self.values(p) - x)

    def rate(self, x, starts):
        feasible = []
        for start in starts:
            seen = {}  # SLSQP asks for the objective and the constraint at the same points

            def evaluated(u):
                key = u.tobytes()
                if key not in seen:
                    seen[key] = self.evaluate(u, x)
                return seen[key]

            end = minimize(lambda u: evaluated(u)[0], start, method="SLSQP",
                           constraints=[{"type": "eq", "fun": lambda u: evaluated(u)[1]}],
                           options={"ftol": 1e-12, "maxiter": 500})
            divergence, g = self.evaluate(end.x, x)
            if abs(g) <= 1e-8 * max(1.0, abs(x)):
                feasible.append(divergence)
        return min(feasible) if feasible else np.inf


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
            v=event_rates(k, thresholds).tolist()))
        print(json.dumps({"task": "rates", "kernel": name, "thresholds": 50, "cpu_s": seconds,
                          "rate": result["v"]}))
    problem = TrajectoryRate(EXAMPLE, np.full(2, 0.5))
    rng = np.random.default_rng(1)
    starts = [np.zeros(problem.size)] + [rng.standard_normal(problem.size) for _ in range(5)]
    result = {}
    seconds = median_cpu_seconds(TRAJECTORY_REPEATS, lambda: result.update(
        v=[problem.rate(problem.truth + o, starts) for o in OFFSETS]))
    print(json.dumps({"task": "trajectory_rate", "kernel": "example_mdp",
                      "offsets": len(OFFSETS), "cpu_s": seconds, "rate": result["v"]}))


if __name__ == "__main__":
    main()
