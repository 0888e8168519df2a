"""The NumPy/SciPy peer of bench_monoculture: the same estimators, vectorised.

Usage: /usr/bin/python3 plugins/monoculture/bench/peer.py MATRIX [REPEATS] [RESAMPLES]
Same input file and same output lines as bench_monoculture ("time <task> <median ms>",
"value <task>.<field> <numbers...>"), one thread, CPU time (time.process_time).

The estimators follow plugins/monoculture (README.md there has the definitions):
marginal maximum likelihood by EM for Rasch and 2PL with the item difficulty as the random
effect, b_j ~ N(0, sd_b^2), on an even grid of 81 nodes over +-6 sd; Fisher-scoring M-steps
(three per iteration for the Rasch abilities, one joint step for 2PL), a N(0, 10^2) penalty on
abilities and a log-normal(0, 0.5^2) prior on discriminations; the item null integrates each
item's difficulty over its posterior given the other models (the pair left out); percentile
bootstrap over items. As in Assay, the Rasch E-step runs per item score (its sufficient
statistic: items with the same number of right answers share a posterior) and the Rasch null
per number of other models right; 2PL processes items in chunks of 3-d arrays (items x models
x nodes).
"""
import os

for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"

import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
from scipy.special import expit, log_expit, logsumexp  # noqa: E402

GRID_POINTS, HALF_WIDTH = 81, 6.0
MAX_ITERATIONS, TOLERANCE = 500, 1e-5
ABILITY_PENALTY = 1.0 / 100.0
DISCRIMINATION_PRIOR_SD = 0.5
MAX_INVERSE_LOG_LIK = 300.0
CHUNK = 256  # items per 3-d block


def quadrature_grid():
    z = np.linspace(-HALF_WIDTH, HALF_WIDTH, GRID_POINTS)
    log_density = -0.5 * z * z
    return z, log_density - logsumexp(log_density)


def clamped_logit(f):
    f = np.clip(f, 0.02, 0.98)
    return np.log(f / (1 - f))


def starting_values(y):
    ability = clamped_logit(y.mean(axis=1))
    ability -= ability.mean() - clamped_logit(y.mean())
    item_logit = clamped_logit(y.mean(axis=0))
    sd = max(np.sqrt(np.mean((item_logit - item_logit.mean()) ** 2)), 0.3)
    return ability, sd, np.ones(y.shape[1])


def normalise_rows(log_w):
    """Rows of log weights -> normalised weights and each row's log-sum-exp."""
    top = log_w.max(axis=1, keepdims=True)
    w = np.exp(log_w - top)
    total = w.sum(axis=1, keepdims=True)
    return w / total, (top + np.log(total))[:, 0]


def node_logits(a_chunk, ability, b):
    """a_j (theta_m - b): items x models x nodes."""
    return a_chunk[:, None, None] * (ability[None, :, None] - b[None, None, :])


def response_log_lik(y_chunk, x):
    """log P(observed response) at logits x: one log_expit per cell, of x where the model was
    right and of -x where it was wrong."""
    return log_expit(np.where(y_chunk[:, :, None] == 1.0, x, -x))


def chunks(items):
    return [slice(s, min(s + CHUNK, items)) for s in range(0, items, CHUNK)]


def rasch_scores(y):
    """Items' scores s_j, items per score n_s and right answers by model and score."""
    models = y.shape[0]
    score = y.sum(axis=0).astype(np.int64)
    one_hot = np.zeros((y.shape[1], models + 1))
    one_hot[np.arange(y.shape[1]), score] = 1.0
    return score, one_hot.sum(axis=0), y @ one_hot


def rasch_score_posteriors(ability, sd, z, log_prior):
    """Posterior over the grid of an item of each score s = 0..models (the score is the
    Rasch sufficient statistic) and its log normaliser less sum_m y_m theta_m."""
    b = sd * z
    all_wrong = log_prior + log_expit(b[None, :] - ability[:, None]).sum(axis=0)
    scores = np.arange(ability.size + 1)
    return normalise_rows(all_wrong[None, :] - scores[:, None] * b[None, :])


def posteriors(y, ability, sd, a, z, log_prior):
    b = sd * z
    if np.all(a == 1.0):
        score, _, _ = rasch_scores(y)
        weights, log_norm = rasch_score_posteriors(ability, sd, z, log_prior)
        return weights[score], log_norm[score] + y.T @ ability
    yt = y.T
    weights, lse = np.empty((y.shape[1], z.size)), np.empty(y.shape[1])
    for s in chunks(y.shape[1]):
        log_lik = response_log_lik(yt[s], node_logits(a[s], ability, b))
        weights[s], lse[s] = normalise_rows(log_lik.sum(axis=1) + log_prior)
    return weights, lse


def rasch_step(scores, z, log_prior, ability, sd, a):
    _, items_with_score, right_by_score = scores
    by_score, _ = rasch_score_posteriors(ability, sd, z, log_prior)
    at_node = items_with_score @ by_score
    right = right_by_score @ by_score
    b = sd * z
    for _ in range(3):
        pr = expit(ability[:, None] - b)
        g = -ABILITY_PENALTY * ability + (right - at_node * pr).sum(axis=1)
        h = ABILITY_PENALTY + (at_node * pr * (1 - pr)).sum(axis=1)
        ability = ability + np.clip(g / h, -1.0, 1.0)
    pr = expit(ability[:, None] - b)
    residual = (right - at_node * pr).sum(axis=0)
    information = (at_node * pr * (1 - pr)).sum(axis=0)
    g = -np.sum(sd * z * residual)
    h = np.sum(sd * sd * z * z * information)
    return ability, sd * np.exp(np.clip(g / h, -0.5, 0.5)), a


def two_pl_step(y, z, log_prior, ability, sd, a):
    b = sd * z
    tau2 = DISCRIMINATION_PRIOR_SD ** 2
    n = y.shape[0]
    g_ability, h_ability = np.zeros(n), np.zeros(n)
    g_sd = h_sd = 0.0
    new_a = np.empty_like(a)
    yt = y.T
    for s in chunks(y.shape[1]):
        aj = a[s]
        x = node_logits(aj, ability, b)
        prob, log_lik = expit(x), response_log_lik(yt[s], x)
        r, _ = normalise_rows(log_lik.sum(axis=1) + log_prior)
        e = (yt[s][:, :, None] - prob) * r[:, None, :]
        w = prob * (1 - prob) * r[:, None, :]
        e_model, w_model = e.sum(axis=2), w.sum(axis=2)
        e_node, w_node = e.sum(axis=1), w.sum(axis=1)
        wb = w @ b
        g_ability += aj @ e_model
        h_ability += (aj * aj) @ w_model
        g_sd -= aj @ (e_node @ b)
        h_sd += (aj * aj) @ (w_node @ (b * b))
        g_u = aj * (e_model @ ability - e_node @ b)
        h_u = aj * aj * (w_model @ (ability * ability) - 2 * (wb @ ability) + w_node @ (b * b))
        u = np.log(aj)
        new_a[s] = np.exp(u + np.clip((g_u - u / tau2) / (h_u + 1 / tau2), -0.5, 0.5))
    ability = ability + np.clip((g_ability - ABILITY_PENALTY * ability) /
                                (h_ability + ABILITY_PENALTY), -1.0, 1.0)
    sd = sd * np.exp(np.clip(g_sd / h_sd, -0.5, 0.5))
    scale = np.exp(np.log(new_a).mean())
    return ability * scale, sd * scale, new_a / scale


def fit_irt(y, model):
    z, log_prior = quadrature_grid()
    ability, sd, a = starting_values(y)
    if model == "rasch":
        step, data = rasch_step, rasch_scores(y)
    else:
        step, data = two_pl_step, y
    iterations = 1
    while iterations <= MAX_ITERATIONS:
        new_ability, new_sd, new_a = step(data, z, log_prior, ability, sd, a)
        change = max(np.abs(new_ability - ability).max(), abs(np.log(new_sd / sd)),
                     np.abs(np.log(new_a) - np.log(a)).max())
        ability, sd, a = new_ability, new_sd, new_a
        if change < TOLERANCE:
            break
        iterations += 1
    post, lse = posteriors(y, ability, sd, a, z, log_prior)
    return {"ability": ability, "difficulty": sd * (post @ z), "discrimination": a,
            "difficulty_sd": sd, "log_likelihood": lse.sum(),
            "iterations": min(iterations, MAX_ITERATIONS), "post": post, "z": z}


def group_sum(mask, right):
    """Sum over the group's pairs of agreement; right is (..., models)."""
    wrong = 1 - right
    return 0.5 * (((right @ mask) * right).sum(axis=-1) + ((wrong @ mask) * wrong).sum(axis=-1))


def interval(values, level):
    tail = (1 - level) / 2
    return np.quantile(values, [tail, 1 - tail])


def resample_indices(items, resamples, rng):
    return rng.integers(0, items, size=(resamples, items))


MAX_SCORE_TABLE_ENTRIES = 1 << 25


def pair_null(prob, f, post):
    """Leave-pair-out expected agreement of every pair, batched over the leading axis: with
    F = 1 / P(y | node), H = F diag(posterior), agreement 1 - p_i - p_k + 2 p_i p_k,
    den = H F^T and num = [H, H P] [F - F P, 2 F P - F]^T."""
    e = post / post.max(axis=-1, keepdims=True)
    h = f * e[..., None, :]
    fp = f * prob
    den = h @ np.swapaxes(f, -1, -2)
    left = np.concatenate([h, h * prob], axis=-1)
    right = np.concatenate([f - fp, 2.0 * fp - f], axis=-1)
    return (left @ np.swapaxes(right, -1, -2)) / den


def item_null_by_item(y, fit, mask):
    """Per item, the sum over the group's pairs of the leave-pair-out expected agreement."""
    models, items = y.shape
    b = fit["difficulty_sd"] * fit["z"]
    yt, post, a = y.T, fit["post"], fit["discrimination"]
    rasch = np.all(a == 1.0)
    if rasch:  # the same node probabilities for every item; F picks 1/p or 1/(1-p)
        x = node_logits(np.ones(2), fit["ability"], b)
        prob, log_lik = expit(x[0]), response_log_lik(np.array([[1.0], [0.0]]), x)
        inverse = np.exp(np.minimum(-log_lik, MAX_INVERSE_LOG_LIK))
    out = np.empty(items)
    if rasch and models - 1 < items and (models - 1) * models ** 2 <= MAX_SCORE_TABLE_ENTRIES:
        # Table by t = number of OTHER models right: posterior of score t times 1/P(wrong).
        by_score, _ = rasch_score_posteriors(fit["ability"], fit["difficulty_sd"], fit["z"],
                                             quadrature_grid()[1])
        table = pair_null(prob, inverse[1], by_score[:models - 1])
        masked = table * mask
        score = y.sum(axis=0).astype(np.int64)

        def pair_sum(t, u, v):  # per item: u^T (mask o E_t) v, one GEMM per score
            return ((u @ masked[min(max(t, 0), models - 2)]) * v).sum(axis=1)

        for s in np.unique(score):
            idx = np.nonzero(score == s)[0]
            r = yt[idx]
            w = 1 - r
            out[idx] = 0.5 * (pair_sum(s - 2, r, r) + 2 * pair_sum(s - 1, r, w) +
                              pair_sum(s, w, w))
        return out
    for s in chunks(items):
        if rasch:
            f = np.where(yt[s][:, :, None] == 1.0, inverse[0][None], inverse[1][None])
            chunk_prob = prob[None]
        else:
            x = node_logits(a[s], fit["ability"], b)
            chunk_prob, log_lik = expit(x), response_log_lik(yt[s], x)
            f = np.exp(np.minimum(-log_lik, MAX_INVERSE_LOG_LIK))
        out[s] = 0.5 * (pair_null(chunk_prob, f, post[s]) * mask).sum(axis=(1, 2))
    return out


def measure(y, null, resamples, rng, level=0.95):
    models, items = y.shape
    mask = np.ones((models, models)) - np.eye(models)
    pairs = mask.sum() / 2
    observed = group_sum(mask, y.T)
    if null == "marginal":
        idx = resample_indices(items, resamples, rng)
        counts = np.bincount((idx + items * np.arange(resamples)[:, None]).ravel(),
                             minlength=resamples * items).reshape(resamples, items)
        obs = observed.mean() / pairs
        expected = group_sum(mask, y.mean(axis=1)) / pairs
        boot = (counts @ observed / (items * pairs) -
                group_sum(mask, counts @ y.T / items) / pairs)
    else:
        fit = fit_irt(y, null)
        null_by_item = item_null_by_item(y, fit, mask)
        obs, expected = observed.sum() / (pairs * items), null_by_item.sum() / (pairs * items)
        diff = observed - null_by_item
        idx = resample_indices(items, resamples, rng)
        boot = diff[idx].sum(axis=1) / (pairs * items)
    low, high = interval(boot, level)
    return {"observed": obs, "expected": expected, "excess": obs - expected,
            "ci_low": low, "ci_high": high}


def median_ms(task, repeats):
    times, result = [], None
    for _ in range(repeats):
        start = time.process_time()
        result = task()
        times.append(1000.0 * (time.process_time() - start))
    return sorted(times)[len(times) // 2], result


def read_matrix(path):
    with open(path, "rb") as f:
        rows, cols = np.frombuffer(f.read(16), dtype=np.int64)
        return np.frombuffer(f.read(), dtype=np.float64).reshape(rows, cols).copy()


def print_values(key, values):
    print("value", key, " ".join(repr(float(v)) for v in np.atleast_1d(values)))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    y = read_matrix(sys.argv[1])
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    resamples = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    for task, model in (("fit_rasch", "rasch"), ("fit_2pl", "2pl")):
        ms, fit = median_ms(lambda: fit_irt(y, model), repeats)
        print(f"time {task} {ms:.3f}")
        for field in ("ability", "difficulty", "discrimination", "difficulty_sd",
                      "log_likelihood", "iterations"):
            print_values(f"{task}.{field}", fit[field])
    for task, null in (("measure_marginal", "marginal"), ("measure_rasch", "rasch"),
                       ("measure_2pl", "2pl")):
        rng = np.random.default_rng(1)
        ms, result = median_ms(lambda: measure(y, null, resamples, rng), repeats)
        print(f"time {task} {ms:.3f}")
        for field, value in result.items():
            print_values(f"{task}.{field}", value)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
