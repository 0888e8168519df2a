"""NumPy/SciPy/scikit-learn peer of counting_bottleneck_bench.cpp: the count probes and the
count subspace's alignment with both nulls, float64, one thread, written as a NumPy user would
(the classifiers' accelerated gradient vectorised over the classes, a ridge solve, batched QR
and SVD over all null samples at once). The same objective is also solved to convergence by
scikit-learn's L-BFGS (`lbfgs_*`), the routine a NumPy user would reach for, to show how far
the plugin's 500 accelerated steps stop from the optimum.

  peer.py problem FILE N_TRAIN N_TEST DIM ROWS RANK NULL_SAMPLES SEED
      writes a problem: residual-like features where the count moves along a curve, an
      anisotropic Gaussian noise, control labels of 16 surface types, Gaussian rows
  peer.py run FILE [REPEATS]
      prints "probe_ms" and "angles_ms" (median CPU ms of one call each), then the values
"""
import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import sys
import time

import numpy as np
import scipy.linalg
from sklearn.linear_model import LogisticRegression

COUNTS = 9
RIDGE_LAMBDA = 1.0
LOGISTIC_LAMBDA = 1e-4


def write_split(f, rng, n, dim, directions, noise_scale, type_labels):
    counts = 1 + np.arange(n) % COUNTS
    angle = np.pi * (counts - 1) / (COUNTS - 1)
    signal = np.stack([np.cos(angle), np.sin(angle), counts / COUNTS], axis=1) @ directions
    x = signal + rng.standard_normal((n, dim)) * noise_scale
    control = type_labels[rng.integers(0, len(type_labels), n)]
    np.savetxt(f, x, fmt="%.17g")
    np.savetxt(f, counts[None, :], fmt="%d")
    np.savetxt(f, control[None, :], fmt="%d")


def write_problem(path, n_train, n_test, dim, rows, rank, null_samples, seed):
    rng = np.random.default_rng(seed)
    directions = rng.standard_normal((3, dim))
    noise_scale = 8.0 * np.exp(-np.arange(dim) / 16)  # a few directions carry most variance
    type_labels = rng.integers(1, COUNTS + 1, 16)
    with open(path, "w") as f:
        f.write(f"{n_train} {n_test} {dim} {rows} {rank} {null_samples}\n")
        write_split(f, rng, n_train, dim, directions, noise_scale, type_labels)
        write_split(f, rng, n_test, dim, directions, noise_scale, type_labels)
        np.savetxt(f, rng.standard_normal((rows, dim)), fmt="%.17g")


def read_problem(path):
    values = open(path).read().split()
    n_train, n_test, dim, rows, rank, null_samples = map(int, values[:6])
    data = np.array(values[6:], dtype=np.float64)

    def take(count):
        nonlocal data
        out, data = data[:count], data[count:]
        return out

    def split(n):
        x = take(n * dim).reshape(n, dim)
        return x, take(n).astype(np.int64), take(n).astype(np.int64)

    train, test = split(n_train), split(n_test)
    return dict(train=train, test=test, rows=take(rows * dim).reshape(rows, dim), rank=rank,
                null_samples=null_samples)


def accelerated_accuracy(z_train, labels, z_test, test_labels, max_iterations=500):
    """Mean softmax cross-entropy + (lambda / 2) ||W||^2 (intercepts free) by Nesterov's
    accelerated gradient with step 1 / L, L = max eig(Z^T Z / n) / 2 + lambda, to a gradient norm
    of 1e-6 or max_iterations steps: the plugin's CountClassifier."""
    n, dim = z_train.shape
    z = np.hstack([z_train, np.ones((n, 1))])
    y = np.eye(COUNTS)[labels - 1]
    lipschitz = 0.5 * np.linalg.eigvalsh(z.T @ z / n)[-1] + LOGISTIC_LAMBDA
    penalty = np.ones((dim + 1, 1))
    penalty[-1] = 0

    def gradient(v):
        logits = z @ v
        p = np.exp(logits - logits.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        return z.T @ (p - y) / n + LOGISTIC_LAMBDA * penalty * v

    w = previous = np.zeros((dim + 1, COUNTS))
    for k in range(1, max_iterations + 1):
        v = w + (k - 1.0) / (k + 2.0) * (w - previous)
        g = gradient(v)
        previous, w = w, v - g / lipschitz
        if np.linalg.norm(g) < 1e-6:
            break
    predicted = 1 + np.argmax(z_test @ w[:-1] + w[-1], axis=1)
    return np.mean(predicted == test_labels)


def lbfgs_accuracy(z_train, labels, z_test, test_labels):
    """The same objective is sklearn's with C = 1 / (lambda n), solved to convergence."""
    model = LogisticRegression(C=1.0 / (LOGISTIC_LAMBDA * len(labels)), tol=1e-10,
                               max_iter=100000)
    model.fit(z_train, labels)
    return np.mean(model.predict(z_test) == test_labels)


def fisher_ratio(score, labels):
    means = np.array([score[labels == c].mean() for c in range(1, COUNTS + 1)])[labels - 1]
    return np.sum((means - score.mean()) ** 2) / np.sum((score - means) ** 2)


def standardised(train, test):
    mean, sd = train.mean(0), np.maximum(train.std(0), 1e-8)
    return (train - mean) / sd, (test - mean) / sd


def lbfgs_probes(train, test):
    (x, labels, control), (x_test, test_labels, test_control) = train, test
    z, z_test = standardised(x, x_test)
    return dict(lbfgs_accuracy=lbfgs_accuracy(z, labels, z_test, test_labels),
                lbfgs_control_accuracy=lbfgs_accuracy(z, control, z_test, test_control))


def probe_count(train, test):
    (x, labels, control), (x_test, test_labels, test_control) = train, test
    z, z_test = standardised(x, x_test)
    accuracy = accelerated_accuracy(z, labels, z_test, test_labels)
    control_accuracy = accelerated_accuracy(z, control, z_test, test_control)
    # Ridge with a free intercept: the features are centred, so it is the labels' mean.
    w = scipy.linalg.solve(z.T @ z + RIDGE_LAMBDA * np.eye(z.shape[1]),
                           z.T @ (labels - labels.mean()), assume_a="pos")
    predicted = z_test @ w + labels.mean()
    residual = np.sum((test_labels - predicted) ** 2)
    r2 = 1 - residual / np.sum((test_labels - test_labels.mean()) ** 2)
    return dict(accuracy=accuracy, control_accuracy=control_accuracy, r2=r2,
                snr=fisher_ratio(predicted, test_labels))


def mean_cos2(bases, span):
    """Mean squared cosine of the principal angles of each orthonormal basis (..., dim, k)."""
    cosines = np.linalg.svd(np.swapaxes(bases, -1, -2) @ span, compute_uv=False)
    return np.mean(np.minimum(cosines, 1.0) ** 2, axis=-1)


def count_subspaces(x, labels, rank):
    """The top singular directions of the centred per-count means, for each row of labels."""
    one_hot = np.eye(COUNTS)[labels - 1]  # (..., n, counts)
    means = np.swapaxes(one_hot, -1, -2) @ x / one_hot.sum(-2)[..., None]
    means -= means.mean(-2, keepdims=True)
    return np.swapaxes(np.linalg.svd(means, full_matrices=False)[2][..., :rank, :], -1, -2)


def alignments(x, labels, rows, rank, samples, rng):
    span = scipy.linalg.orth(rows.T)
    measured = mean_cos2(count_subspaces(x, labels, rank), span)
    random_bases = np.linalg.qr(rng.standard_normal((samples, x.shape[1], rank)))[0]
    random_null = mean_cos2(random_bases, span)
    shuffled = rng.permuted(np.broadcast_to(labels, (samples, len(labels))), axis=1)
    shuffled_null = mean_cos2(count_subspaces(x, shuffled, rank), span)
    return dict(mean_cos2=measured, random_null_mean=random_null.mean(),
                random_null_sd=random_null.std(), shuffled_null_mean=shuffled_null.mean(),
                shuffled_null_sd=shuffled_null.std())


def median_ms(repeats, f):
    times, out = [], None
    for _ in range(repeats):
        start = time.process_time()
        out = f()
        times.append(1e3 * (time.process_time() - start))
    return float(np.median(times)), out


def run(path, repeats):
    p = read_problem(path)
    probe_ms, scores = median_ms(repeats, lambda: probe_count(p["train"], p["test"]))
    lbfgs_ms, lbfgs = median_ms(repeats, lambda: lbfgs_probes(p["train"], p["test"]))
    x, labels = p["test"][0], p["test"][1]
    angles_ms, angles = median_ms(repeats, lambda: alignments(
        x, labels, p["rows"], p["rank"], p["null_samples"], np.random.default_rng(1)))
    print(f"probe_ms {probe_ms!r}\nangles_ms {angles_ms!r}\nlbfgs_ms {lbfgs_ms!r}")
    for name, value in {**scores, **lbfgs, **angles}.items():
        print(f"{name} {value!r}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "problem":
        write_problem(sys.argv[2], *map(int, sys.argv[3:10]))
    elif len(sys.argv) >= 3 and sys.argv[1] == "run":
        run(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)
    else:
        sys.exit(__doc__)
