"""NumPy brute force of data_exchange's core_search on the same grid (see README.md).

min over grid exchanges of max over coalitions and grid deviations of the blocking margin,
for the logit market of bench_data_exchange (beta = 60, a(d) = 1 - d^-0.4, sizes 60/120/60/90).
Prints one JSON line: min_max_margin, exchanges, median CPU seconds.
  /usr/bin/python3 peer.py <firms> <grid> <repeats>
"""
import itertools
import json
import sys
import time

import numpy as np

BETA = 60.0
SIZES = np.array([60.0, 120.0, 60.0, 90.0])


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


def min_max_margin(firms, grid):
    m = SIZES[:firms]
    u = shares(accuracy(exchange_sizes(m, grid)))
    best = np.full(len(u), -np.inf)
    for size in range(1, firms + 1):
        for members in itertools.combinations(range(firms), size):
            members = list(members)
            v = deviation_payoffs(m, members, grid)
            chunk = max(1, 4_000_000 // (len(v) * size))
            for lo in range(0, len(u), chunk):
                sq = u[lo:lo + chunk, members]
                margin = (v[None, :, :] - sq[:, None, :]).min(axis=2).max(axis=1)
                np.maximum(best[lo:lo + chunk], margin, out=best[lo:lo + chunk])
    return best.min(), len(u)


def main():
    firms, grid, repeats = (int(a) for a in sys.argv[1:4])
    seconds = []
    for _ in range(max(1, repeats)):
        start = time.process_time()
        value, exchanges = min_max_margin(firms, grid)
        seconds.append(time.process_time() - start)
    print(json.dumps({"min_max_margin": float(value), "exchanges": exchanges,
                      "seconds": float(np.median(seconds))}))


if __name__ == "__main__":
    main()
