"""PyTorch peer of feature_learning_bench.cpp: the feature_dynamics training loop with all its
measurements, float64, one thread, written as a PyTorch user would (autograd with retain_grad
for the feature gradients, torch.optim.SGD, torch.linalg for least squares and SVD).

  peer.py problem FILE N DIM CLASSES DEPTH WIDTH STEPS LOG_INTERVAL LR SEED
      writes a problem: Gaussian clusters and torch.nn.Linear's default initial weights
  peer.py run FILE [REPEATS]
      prints "cpu_ms <median CPU ms of one training run>", then the recorded series
"""
import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import sys
import time

import numpy as np
import torch
from torch import nn

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)


def write_problem(path, n, dim, classes, depth, width, steps, log_interval, lr, seed):
    """Balanced labels i mod classes, centres N(0, I), unit noise (as stdlib's generator)."""
    rng = np.random.default_rng(seed)
    y = np.arange(n) % classes
    x = rng.standard_normal((classes, dim))[y] + rng.standard_normal((n, dim))
    torch.manual_seed(seed)
    widths = [dim] + [width] * depth + [classes]
    layers = [nn.Linear(a, b) for a, b in zip(widths[:-1], widths[1:])]
    with open(path, "w") as f:
        f.write(f"{n} {dim} {classes} {depth} {width} {steps} {log_interval} {lr!r}\n")
        np.savetxt(f, x, fmt="%.17g")
        np.savetxt(f, y[None, :], fmt="%d")
        for layer in layers:
            np.savetxt(f, layer.weight.detach().numpy(), fmt="%.17g")
            np.savetxt(f, layer.bias.detach().numpy()[None, :], fmt="%.17g")


def read_problem(path):
    values = open(path).read().split()
    n, dim, classes, depth, width, steps, log_interval = map(int, values[:7])
    lr = float(values[7])
    data = np.array(values[8:], dtype=np.float64)
    x, data = data[: n * dim].reshape(n, dim), data[n * dim:]
    y, data = data[:n].astype(np.int64), data[n:]
    widths = [dim] + [width] * depth + [classes]
    params = []
    for a, b in zip(widths[:-1], widths[1:]):
        w, data = data[: a * b].reshape(b, a), data[a * b:]
        bias, data = data[:b], data[b:]
        params.append((w, bias))
    return dict(x=torch.tensor(x), y=torch.tensor(y), classes=classes, steps=steps,
                log_interval=log_interval, lr=lr, params=params)


def target_linearity(h, y_c):
    """R^2 of least squares (with intercept) of centred one-hot targets on the features."""
    h_c = h - h.mean(0)
    coef = torch.linalg.lstsq(h_c, y_c).solution
    return 1 - (y_c - h_c @ coef).square().sum() / y_c.square().sum()


def effective_rank(h):
    s = torch.linalg.svdvals(h - h.mean(0))
    p = s / s.sum()
    p = p[p > 0]
    return torch.exp(-(p * p.log()).sum())


def forward(layers, x):
    """Logits and the features reaching each Linear layer, with their gradients retained."""
    features = [x.clone().requires_grad_(True)]
    h = features[0]
    for layer in layers[:-1]:
        h = torch.tanh(layer(h))
        h.retain_grad()
        features.append(h)
    return layers[-1](h), features


def train(problem):
    layers = []
    for w, b in problem["params"]:
        layer = nn.Linear(w.shape[1], w.shape[0])
        with torch.no_grad():
            layer.weight.copy_(torch.tensor(w))
            layer.bias.copy_(torch.tensor(b))
        layers.append(layer)
    x, y, lr = problem["x"], problem["y"], problem["lr"]
    y_c = nn.functional.one_hot(y, problem["classes"]).double()
    y_c = y_c - y_c.mean(0)
    opt = torch.optim.SGD([p for layer in layers for p in layer.parameters()], lr=lr)
    steps, interval = problem["steps"], problem["log_interval"]
    record = {k: [] for k in ("loss", "accuracy", "feq_error", "target_linearity",
                              "effective_rank")}
    for t in range(steps):
        logits, features = forward(layers, x)
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        logged = t % interval == 0 or t + 1 == steps
        if logged:
            before = [layer.weight.detach().clone() for layer in layers]
        opt.step()
        if not logged:
            continue
        with torch.no_grad():
            record["loss"].append(loss.item())
            record["accuracy"].append((logits.argmax(1) == y).double().mean().item())
            feq, tl, erank = [], [], []
            for h, w0, layer in zip(features, before, layers):
                h_value, w1 = h.detach(), layer.weight
                moved = h_value - lr * h.grad
                vc = moved.T @ moved - h_value.T @ h_value
                gram_change = w1.T @ w1 - w0.T @ w0
                feq.append((torch.linalg.norm(gram_change - vc) / torch.linalg.norm(vc)).item())
                tl.append(target_linearity(h_value, y_c).item())
                erank.append(effective_rank(h_value).item())
            for key, value in (("feq_error", feq), ("target_linearity", tl),
                               ("effective_rank", erank)):
                record[key].append(value)
    logits, features = forward(layers, x)
    with torch.no_grad():
        record["final_loss"] = [nn.functional.cross_entropy(logits, y).item()]
        record["final_target_linearity"] = [target_linearity(h.detach(), y_c).item()
                                            for h in features]
    return record


def print_record(record):
    for key in ("loss", "accuracy", "final_loss", "final_target_linearity"):
        print(key, 0, " ".join(repr(v) for v in record[key]))
    for key in ("feq_error", "target_linearity", "effective_rank"):
        per_layer = np.array(record[key]).T
        for layer, row in enumerate(per_layer):
            print(key, layer, " ".join(repr(v) for v in row))


def run(path, repeats):
    problem = read_problem(path)
    times = []
    for _ in range(repeats):
        start = time.process_time()
        record = train(problem)
        times.append((time.process_time() - start) * 1000)
    print("cpu_ms", sorted(times)[repeats // 2])
    print_record(record)


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("problem", "run"):
        sys.exit(__doc__)
    if sys.argv[1] == "problem":
        args = sys.argv[3:]
        write_problem(sys.argv[2], *map(int, args[:7]), float(args[7]), int(args[8]))
    else:
        run(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)


if __name__ == "__main__":
    main()
