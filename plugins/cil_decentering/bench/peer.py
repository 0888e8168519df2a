"""NumPy/SciPy peer of bench_cil_decentering: the same training + correction, vectorised.

Usage: /usr/bin/python3 peer.py DIR REPEATS L2
Loads the data set bench_cil_decentering wrote to DIR, fits the joint and the sequential l2
softmax heads by the same full-batch Newton iteration (same objective, stopping rule and line
search), de-centers the sequential head with the pooled estimates, and prints the median CPU
time and the largest deviation from the heads Assay wrote, relative to their scale.
"""
import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one thread, like the Assay side

import json
import sys
import time

import numpy as np
from scipy.linalg import cho_factor, cho_solve


def softmax_loss(theta, x, y_onehot, l2):
    z = x @ theta.T
    z -= z.max(axis=1, keepdims=True)
    nll = np.log(np.exp(z).sum(axis=1)).sum() - (z * y_onehot).sum()
    return nll / x.shape[0] + 0.5 * l2 * (theta * theta).sum()


def fit_softmax(features, labels, classes, l2, max_iterations=100, gradient_tolerance=1e-10):
    n, d = features.shape
    m = d + 1
    x = np.hstack([features, np.ones((n, 1))])
    y = np.zeros((n, classes))
    y[np.arange(n), labels] = 1.0
    theta = np.zeros((classes, m))
    loss = softmax_loss(theta, x, y, l2)
    for _ in range(max_iterations):
        z = x @ theta.T
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - y).T @ x / n + l2 * theta
        if np.abs(g).max() <= gradient_tolerance:
            break
        # Hessian over vec(theta), class-major: blockdiag(X' diag(p_k) X) - A'A, A = [p_k x].
        a = (p[:, :, None] * x[:, None, :]).reshape(n, classes * m)
        h = -(a.T @ a)
        diagonal_blocks = (a.T @ x).reshape(classes, m, m)
        for k in range(classes):
            h[k * m:(k + 1) * m, k * m:(k + 1) * m] += diagonal_blocks[k]
        h /= n
        h[np.diag_indices_from(h)] += l2
        g_flat = g.ravel()
        step = -cho_solve(cho_factor(h), g_flat)
        slope = g_flat @ step
        if -0.5 * slope <= 1e-14 * max(1.0, abs(loss)):
            break
        t = 1.0
        candidate = theta + step.reshape(classes, m)
        candidate_loss = softmax_loss(candidate, x, y, l2)
        while candidate_loss > loss + 1e-4 * t * slope and t > 1e-10:
            t *= 0.5
            candidate = theta + t * step.reshape(classes, m)
            candidate_loss = softmax_loss(candidate, x, y, l2)
        theta, loss = candidate, candidate_loss
    return theta


def train_and_decenter(features, labels, class_task, l2):
    classes = class_task.size
    joint = fit_softmax(features, labels, classes, l2)
    sequential = np.zeros_like(joint)
    for task in np.unique(class_task):
        members = np.flatnonzero(class_task == task)
        local = np.full(classes, -1)
        local[members] = np.arange(members.size)
        rows = local[labels] >= 0
        sequential[members] = fit_softmax(features[rows], local[labels[rows]], members.size, l2)
    counts = np.bincount(labels, minlength=classes)
    means = np.zeros((classes, features.shape[1]))
    np.add.at(means, labels, features)
    means /= counts[:, None]
    centred = features - means[labels]
    sigma = centred.T @ centred / (labels.size - classes)
    factor = cho_factor(sigma)
    tasks = class_task.max() + 1
    centres = np.stack([means[class_task == t].mean(axis=0) for t in range(tasks)])
    q = (cho_solve(factor, means.T).T * means).sum(axis=1)
    beta = np.array([-0.5 * q[class_task == t].mean() for t in range(tasks)])
    decentered = sequential.copy()
    decentered[:, :-1] += cho_solve(factor, centres.T).T[class_task]
    decentered[:, -1] += beta[class_task]
    return joint, sequential, decentered


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    directory, repeats, l2 = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    class_task = np.fromfile(os.path.join(directory, "class_task.bin"), dtype="<i8")
    labels = np.fromfile(os.path.join(directory, "labels.bin"), dtype="<i8")
    features = np.fromfile(os.path.join(directory, "features.bin"), dtype="<f8")
    features = features.reshape(labels.size, -1)
    seconds = []
    for _ in range(repeats):
        start = time.process_time()
        heads = train_and_decenter(features, labels, class_task, l2)
        seconds.append(time.process_time() - start)
    deviation = {}
    for name, head in zip(("joint", "sequential", "decentered"), heads):
        ours = np.fromfile(os.path.join(directory, name + ".bin"), dtype="<f8").reshape(head.shape)
        deviation[name] = float(np.abs(head - ours).max() / np.abs(ours).max())
    print(json.dumps({"peer_seconds": float(np.median(seconds)), "relative_deviation": deviation}))


if __name__ == "__main__":
    main()
