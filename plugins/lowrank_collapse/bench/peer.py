"""The PyTorch peer of bench_lowrank_collapse: the same flow_matching_train run, written as a
PyTorch user would (torchcfm's I-CFM with sigma 0 spelled out, nn.Sequential of nn.Linear and
nn.SiLU, torch.optim.Adam, torch.linalg.svdvals for the spectra in float64 under no_grad).

Usage: /usr/bin/python3 peer.py N_TRAIN WIDTH DEPTH STEPS BATCH LOG_INTERVAL REPEATS
Prints the same three lines as bench_lowrank_collapse.
"""
import math
import sys
import time

import numpy as np
import torch


def ring_mixture(n, rng, modes=8, separation=3.0, sd=0.25):
    radius = separation / (2 * math.sin(math.pi / modes))
    angles = 2 * math.pi * np.arange(modes) / modes
    means = radius * np.stack([np.cos(angles), np.sin(angles)], axis=1)
    picks = rng.integers(0, modes, size=n)
    return means[picks] + sd * rng.standard_normal((n, 2))


def ranks(m):
    s = torch.linalg.svdvals(m.double())
    if s[0] == 0:
        return 0.0, 0.0
    p = s / s.sum()
    p = p[p > 0]
    return float((s**2).sum() / s[0] ** 2), float(torch.exp(-(p * p.log()).sum()))


def train(training, width, depth, steps, batch, log_interval, seed):
    torch.manual_seed(seed)
    layers, last = [], 3
    for _ in range(depth):
        layers += [torch.nn.Linear(last, width), torch.nn.SiLU()]
        last = width
    model = torch.nn.Sequential(*layers, torch.nn.Linear(last, 2))
    weights = [m.weight for m in model if isinstance(m, torch.nn.Linear)]
    initial = [w.detach().clone() for w in weights]
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    log = []
    for step in range(steps + 1):
        x1 = training[torch.randint(0, training.shape[0], (batch,))]
        x0 = torch.randn_like(x1)
        t = torch.rand(batch, 1)
        xt = (1 - t) * x0 + t * x1
        opt.zero_grad()
        loss = ((model(torch.cat([xt, t], dim=1)) - (x1 - x0)) ** 2).mean()
        loss.backward()
        if step % log_interval == 0 or step == steps:
            with torch.no_grad():
                spectra = [(ranks(w.grad), ranks(w - w0), ranks(w)) for w, w0 in zip(weights, initial)]
            log.append((step, float(loss), spectra))
        if step == steps:
            break
        opt.step()
    return log


def main():
    if len(sys.argv) != 8:
        sys.exit(__doc__)
    n, width, depth, steps, batch, log_interval, repeats = map(int, sys.argv[1:])
    torch.set_num_threads(1)
    training = torch.tensor(ring_mixture(n, np.random.default_rng(1)), dtype=torch.float32)
    times = []
    for r in range(repeats):
        start = time.process_time()
        log = train(training, width, depth, steps, batch, log_interval, 1 + r)
        times.append(1000 * (time.process_time() - start))
    late = [loss for step, loss, _ in log if 4 * step >= 3 * steps]
    final_update = np.mean([s[1][0] for s in log[-1][2]])
    print(f"cpu_ms {sorted(times)[len(times) // 2]}")
    print(f"loss {np.mean(late)}")
    print(f"update_stable_rank {final_update}")


if __name__ == "__main__":
    main()
