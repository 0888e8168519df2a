"""NumPy peer of data_exchange's core_search on the same grid (see README.md): bound and prune.

min over grid exchanges of max over coalitions and grid deviations of the blocking margin, for
the logit market of bench_data_exchange (beta = 60, a(d) = 1 - d^-0.4, sizes 60/120/60/90).

The pruned search (the peer that is timed) computes what the brute force computes, exactly:
* Dominated deviations are dropped: a deviation paying every member at most what another pays
  never has the larger margin. For pairs this leaves the Pareto front (one sort).
* A coalition's margin min_k (v_k - u_k) is at most min_k (max v_k - u_k) and, the members'
  payoffs summing to at most max_D sum_k v_k, at most (max_D sum_k v_k - sum_k u_k) / |S|; a
  coalition is only evaluated on the exchanges where this bound beats the margin found so far.
  The sum bound is what rules out the grand coalition under logit demand (its margin is <= 0).
* Singletons and pairs are cheap: their margins over all exchanges give each exchange a lower
  bound of its max margin. Exchanges are searched in increasing order of that bound, in chunks,
  so a good incumbent comes first; exchanges whose bound exceeds the incumbent are skipped, and
  an exchange is dropped from its chunk once a coalition's margin exceeds the incumbent.
The brute force (payoffs of all grid exchanges against all grid deviations of each coalition,
broadcast in chunks) is kept for compare.py's agreement check on small grids: both must give the
same min-max margin and the same first exchange attaining it.

Prints one JSON line: min_max_margin, exchanges, argmin (index of the first exchange attaining
the min, in this file's enumeration order), median CPU seconds.
  /usr/bin/python3 peer.py <firms> <grid> <repeats> [--brute]
"""
import itertools
import json
import sys
import time

import numpy as np

BETA = 60.0
SIZES = np.array([60.0, 120.0, 60.0, 90.0])
# Added to the sum bound: shares normalised in floating point sum to 1 within a few ulps.
SUM_SLACK = 1e-12
CHUNK_ELEMENTS = 4_000_000  # of the exchanges x deviations x members broadcasts
FIRST_CHUNK, LARGEST_CHUNK = 64, 4096  # exchanges per chunk of the pruned search, doubling


def accuracy(d):
    return 1.0 - np.maximum(d, 1.0) ** -0.4


def shares(acc):
    z = np.exp(BETA * (acc - acc.max(axis=-1, keepdims=True)))
    return z / z.sum(axis=-1, keepdims=True)


def partitions(n):
    """Set partitions as restricted growth strings."""
    def grow(prefix):
        if len(prefix) == n:
            yield list(prefix)
            return
        for b in range(max(prefix) + 2 if prefix else 1):
            yield from grow(prefix + [b])
    yield from grow([])


def take_grid(k, grid):
    levels = np.linspace(0.0, 1.0, grid)
    return np.stack(np.meshgrid(*[levels] * k, indexing="ij"), -1).reshape(-1, k)


def exchange_sizes(m, grid):
    """Training sizes (E x n) of every grid exchange: each partition, each block member's take."""
    n = len(m)
    out = []
    for blocks in partitions(n):
        blocks = np.array(blocks)
        total = np.array([m[blocks == blocks[j]].sum() for j in range(n)])
        free = [j for j in range(n) if (blocks == blocks[j]).sum() > 1]
        d = np.tile(m, (grid ** len(free), 1))
        if free:
            t = take_grid(len(free), grid)
            d[:, free] = m[free] + t * (total[free] - m[free])
        out.append(d)
    return np.concatenate(out)


def deviation_payoffs(m, members, grid):
    """Members' payoffs (D x |S|) of every grid deviation, outsiders pooling their data."""
    n = len(m)
    inside = m[members].sum()
    outsiders = [j for j in range(n) if j not in members]
    t = take_grid(len(members), grid) if len(members) > 1 else np.zeros((1, 1))
    d = np.empty((len(t), n))
    d[:, members] = m[members] + t * (inside - m[members])
    d[:, outsiders] = m[outsiders].sum()
    return shares(accuracy(d))[:, members]


def coalitions(firms):
    for size in range(1, firms + 1):
        for members in itertools.combinations(range(firms), size):
            yield list(members)


def margins(v, u):
    """Each status quo's (rows of u) margin over the deviations v: max_D min_k (v_Dk - u_k)."""
    out = np.empty(len(u))
    chunk = max(1, CHUNK_ELEMENTS // (len(v) * v.shape[1]))
    for lo in range(0, len(u), chunk):
        out[lo:lo + chunk] = (v[None, :, :] - u[lo:lo + chunk, None, :]).min(axis=2).max(axis=1)
    return out


def undominated(v):
    """The deviations no other pays every member at least as much (all of them beyond pairs)."""
    if v.shape[1] == 1:
        return v[np.argmax(v[:, 0])][None]
    if v.shape[1] > 2:
        return v
    v = v[np.lexsort((-v[:, 1], -v[:, 0]))]
    best_before = np.maximum.accumulate(np.concatenate([[-np.inf], v[:-1, 1]]))
    return v[v[:, 1] > best_before]


def brute_min_max_margin(firms, grid):
    m = SIZES[:firms]
    u = shares(accuracy(exchange_sizes(m, grid)))
    best = np.full(len(u), -np.inf)
    for members in coalitions(firms):
        np.maximum(best, margins(deviation_payoffs(m, members, grid), u[:, members]), out=best)
    return best.min(), len(u), int(np.argmin(best))


def pruned_min_max_margin(firms, grid):
    m = SIZES[:firms]
    u = shares(accuracy(exchange_sizes(m, grid)))
    small, large = [], []
    for members in coalitions(firms):
        v = undominated(deviation_payoffs(m, members, grid))
        (small if len(members) <= 2 else large).append((members, v, v.max(axis=0),
                                                        v.sum(axis=1).max()))
    lower = np.full(len(u), -np.inf)
    for members, v, _, _ in small:
        np.maximum(lower, margins(v, u[:, members]), out=lower)
    order = np.argsort(lower, kind="stable")
    incumbent, argmin = np.inf, -1
    start, chunk = 0, FIRST_CHUNK
    while start < len(order):
        rows = order[start:start + chunk]
        start, chunk = start + chunk, min(2 * chunk, LARGEST_CHUNK)
        rows = rows[lower[rows] <= incumbent]
        if len(rows) == 0:  # sorted by the bound: no later exchange can do better
            break
        best = lower[rows].copy()
        alive = np.ones(len(rows), bool)
        for members, v, most, most_total in large:
            us = u[rows][:, members]
            bound = np.minimum((most - us).min(axis=1),
                               (most_total - us.sum(axis=1)) / len(members) + SUM_SLACK)
            need = np.flatnonzero(alive & (bound > best))
            if len(need):
                best[need] = np.maximum(best[need], margins(v, us[need]))
                alive &= best <= incumbent
        if alive.any():
            k = np.flatnonzero(alive)
            k = k[np.lexsort((rows[k], best[k]))[0]]
            if best[k] < incumbent or (best[k] == incumbent and rows[k] < argmin):
                incumbent, argmin = best[k], int(rows[k])
    return incumbent, len(u), argmin


def main():
    firms, grid, repeats = (int(a) for a in sys.argv[1:4])
    search = brute_min_max_margin if "--brute" in sys.argv[4:] else pruned_min_max_margin
    seconds = []
    for _ in range(max(1, repeats)):
        start = time.process_time()
        value, exchanges, argmin = search(firms, grid)
        seconds.append(time.process_time() - start)
    print(json.dumps({"min_max_margin": float(value), "exchanges": exchanges, "argmin": argmin,
                      "seconds": float(np.median(seconds))}))


if __name__ == "__main__":
    main()
