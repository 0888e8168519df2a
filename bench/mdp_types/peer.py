"""NumPy/SciPy peer of bench_mdp_types: the same three computations, written vectorised.

exact_dp: the joint law of (Z_t, N_row(t), N_pair(t)) propagated for t = 0..n, one (n+1) x (n+1)
count array per state, each step a few whole-array shifted multiply-adds over the used block.
rates: J = -min_{lambda >= 0} log rho(K o exp(lambda f)) with numpy.linalg.eigvals for the Perron
root and scipy.optimize.minimize_scalar (bounded, xatol 1e-10) for the line search.
trajectory_rate: the rate of the plug-in value from one trajectory (trajectory_value_rate.hpp):
the same logit coordinates of (P', rho), the same augmented Lagrangian (initial multiplier and
penalty, update rules, stopping tests) with scipy.optimize.minimize(method="BFGS",
jac="3-point", gtol 1e-10) as the inner solver, from 6 starts (zero logits and 5 standard
normal ones; the C++ side's second start is the generative minimiser instead).

Usage: /usr/bin/python3 bench/mdp_types/peer.py [REPEATS]; prints JSON lines like the C++ side.
"""
import json
import sys
import time

import numpy as np
from scipy.optimize import minimize, minimize_scalar

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


EXAMPLE = {
    "transitions": np.array([[0.8, 0.2], [0.3, 0.7], [0.6, 0.4], [0.1, 0.9]]),
    "rewards": np.array([1.0, 0.0, 0.0, 2.0]),
    "policy": np.array([[0.5, 0.5], [0.3, 0.7]]),
    "discount": 0.9,
}
OFFSETS = [-2.0, -1.0, -0.5, 0.5, 1.0, 2.0]
TRAJECTORY_REPEATS = 3  # one peer repeat takes ~30 s


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
        self.variance = self.delta_variance()

    def values(self, p):
        p_pi = np.einsum("sa,saj->sj", self.pi, p.reshape(self.ns, self.na, self.ns))
        return np.linalg.solve(np.eye(self.ns) - self.gamma * p_pi, self.rewards_pi)

    def delta_variance(self):
        v = self.values(self.p)
        p_pi = np.einsum("sa,saj->sj", self.pi, self.p.reshape(self.ns, self.na, self.ns))
        w = np.linalg.solve((np.eye(self.ns) - self.gamma * p_pi).T, self.d)
        mu = stationary(p_pi)
        row_var = self.p @ v**2 - (self.p @ v) ** 2
        g = self.gamma * (w[:, None] * self.pi).reshape(-1)
        q = (mu[:, None] * self.pi).reshape(-1)
        active = q > 0
        return float((g[active] ** 2 * row_var[active] / q[active]).sum())

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

    def solve(self, u, x, lam, penalty):
        tolerance = 1e-10 * max(1.0, abs(x))
        last, best = np.inf, (np.inf, np.inf)
        for _ in range(40):
            def lagrangian(v):
                divergence, g = self.evaluate(v, x)
                return divergence - lam * g + 0.5 * penalty * g * g
            inner = minimize(lagrangian, u, method="BFGS", jac="3-point",
                             options={"gtol": 1e-10, "maxiter": 500})
            u = inner.x
            divergence, g = self.evaluate(u, x)
            if not np.isfinite(g):
                break
            lam -= penalty * g
            best = (divergence, g)
            gradient = np.max(np.abs(inner.jac)) if inner.jac is not None else np.inf
            if abs(g) <= tolerance and gradient <= 1e-8:
                break
            if abs(g) > tolerance and abs(g) > 0.25 * last:
                penalty *= 10
            last = abs(g)
        return best

    def rate(self, x, starts):
        lam0, penalty0 = (x - self.truth) / self.variance, 10 / self.variance
        ends = [self.solve(s, x, lam0, penalty0) for s in starts]
        feasible = [f for f, g in ends if abs(g) <= 1e-8 * max(1.0, abs(x))]
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
            v=[event_rate(k, th) for th in thresholds]))
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
