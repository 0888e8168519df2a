"""The annealed Langevin sampler of plugins/sbi_langevin in vectorised NumPy (the peer).

Usage: /usr/bin/python3 plugins/sbi_langevin/bench/peer.py PROBLEM.json
Reads the problem written by bench_sbi_langevin (Gaussian tall model, data, per-level alpha and
step size), runs the same chains x levels x steps, one thread, and prints "key value" lines:
the median CPU time over the repeats, chain steps per second, and the final sample moments.

The composite score is evaluated the way the method evaluates it: the n single-observation
posterior scores (each what a learned network would return) are computed for every chain and
summed with the composite weights (Geffner: 1 - n and 1; Linhart/GAUSS: per-coordinate weights
from the sigma^2-scaled backward-kernel precisions).
"""
import json
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402


def composite_weights(score, alpha, prior_var, single_var, n):
    if score == "geffner":
        return np.full_like(prior_var, 1.0 - n), np.ones_like(prior_var)
    sigma2 = 1.0 - alpha
    g_prior = sigma2 / prior_var + alpha
    g_post = sigma2 / single_var + alpha
    g_total = (1.0 - n) * g_prior + n * g_post
    return (1.0 - n) * g_prior / g_total, g_post / g_total


def run_sampler(problem, rng):
    mu0 = np.asarray(problem["prior_mean"])
    v0 = np.asarray(problem["prior_var"])
    vx = np.asarray(problem["noise_var"])
    x = np.asarray(problem["observations"])
    n, d = x.shape
    chains = problem["chains"]
    single_var = 1.0 / (1.0 / v0 + 1.0 / vx)
    single_means = single_var * (mu0 / v0 + x / vx)  # n x d
    theta = rng.standard_normal((chains, d))
    # Every array a step touches is allocated once, here; the steps work in place.
    post_scores = np.empty((chains, n, d))
    post_sum, prior_score, noise = (np.empty((chains, d)) for _ in range(3))
    for alpha, h in zip(problem["alpha"], problem["step_size"]):
        sigma2 = 1.0 - alpha
        root = np.sqrt(alpha)
        c_prior = 1.0 / (alpha * v0 + sigma2)
        c_post = 1.0 / (alpha * single_var + sigma2)
        centres = root * single_means  # n x d
        w_prior, w_post = composite_weights(problem["score"], alpha, v0, single_var, n)
        # theta += h (w_prior c_prior (root mu0 - theta) + w_post sum_i c_post (c_i - theta))
        #          + sqrt(2h) xi, with the constant factors folded once per level.
        prior_gain, post_gain = h * w_prior * c_prior, h * w_post
        prior_centre = root * mu0
        noise_scale = np.sqrt(2.0 * h)
        for _ in range(problem["steps"]):
            np.subtract(prior_centre, theta, out=prior_score)
            np.subtract(centres[None, :, :], theta[:, None, :], out=post_scores)
            np.multiply(post_scores, c_post, out=post_scores)  # the n single-observation scores
            post_scores.sum(axis=1, out=post_sum)
            rng.standard_normal(out=noise)
            prior_score *= prior_gain
            post_sum *= post_gain
            noise *= noise_scale
            theta += prior_score
            theta += post_sum
            theta += noise
    return theta


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        problem = json.load(f)
    seconds = []
    for r in range(problem["repeats"]):
        rng = np.random.default_rng(1000 + r)
        start = time.process_time()
        theta = run_sampler(problem, rng)
        seconds.append(time.process_time() - start)
    median = sorted(seconds)[len(seconds) // 2]
    chain_steps = problem["chains"] * len(problem["alpha"]) * problem["steps"]
    print(f"cpu_seconds {median:.6f}")
    print(f"chain_steps_per_second {chain_steps / median:.6g}")
    print("sample_mean " + " ".join(f"{v:.10g}" for v in theta.mean(axis=0)))
    print("sample_var " + " ".join(f"{v:.10g}" for v in theta.var(axis=0, ddof=1)))


if __name__ == "__main__":
    main()
