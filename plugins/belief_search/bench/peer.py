"""NumPy implementation of belief_search's Bayesian controller, vectorised over episodes.

Same episodes in distribution (prior logits quality * N(0, 1), answer drawn from the prior,
detector TPR 0.8 / FPR 0.1), same controller: Bayes update, next look by the closed-form
expected information gain, stop when the top belief reaches tau = 0.9 or after 2K frames,
answer the top segment. Same look rule as the C++ too: the gain depends on a segment's belief
b alone and is concave in it, so the argmax over segments is one of the two belief values that
bracket its maximiser b* (first segment on ties); only those two gains are computed. The episodes
still searching are kept compacted, so each step works on them alone. Per episode it reports
what the method does: correct or not, frames, and the entropy the search removed (prior minus
final belief entropy). Prints one JSON line: accuracy, mean frames, mean entropy reduction, their
standard errors and the median CPU seconds.
  /usr/bin/python3 peer.py <segments> <episodes> <repeats>
"""
import json
import sys
import time

import numpy as np
from scipy.special import entr

TPR, FPR, TAU, QUALITY = 0.8, 0.1, 0.9, 1.0


def binary_entropy(p):
    return -(p * np.log(p) + (1 - p) * np.log1p(-p))


H_TPR, H_FPR = binary_entropy(TPR), binary_entropy(FPR)
# dI/db = 0 at p* with log((1 - p*) / p*) = (h(TPR) - h(FPR)) / (TPR - FPR); b* from p*.
B_STAR = (1 / (1 + np.exp((H_TPR - H_FPR) / (TPR - FPR))) - FPR) / (TPR - FPR)


def gain(b):
    return binary_entropy(FPR + b * (TPR - FPR)) - b * H_TPR - (1 - b) * H_FPR


def next_look(b, rows):
    """The segment with the largest gain per row of b: the better of the largest value at or
    below b* and the smallest above it, the first segment on ties."""
    at_or_below = b <= B_STAR
    low, high = np.where(at_or_below, b, -1.0), np.where(at_or_below, 2.0, b)
    i_low, i_high = low.argmax(axis=1), high.argmin(axis=1)
    v_low, v_high = low[rows, i_low], high[rows, i_high]
    g_low, g_high = gain(np.clip(v_low, 0, 1)), gain(np.clip(v_high, 0, 1))
    take_low = (v_high > 1) | ((v_low >= 0) & (
        (g_low > g_high) | ((g_low == g_high) & (i_low < i_high))))
    return np.where(take_low, i_low, i_high)


def draw_episodes(segments, episodes, rng):
    """Priors softmax(quality * N(0, 1)), answers drawn from them, and the priors' entropies."""
    logits = QUALITY * rng.standard_normal((episodes, segments))
    logits -= logits.max(axis=1, keepdims=True)
    belief = np.exp(logits)
    total = belief.sum(axis=1, keepdims=True)
    belief /= total
    # log p = logit - log Z, so H = log Z - sum p logit (as the C++ computes it).
    entropy = np.log(total[:, 0]) - (belief * logits).sum(axis=1)
    cumulative = belief.cumsum(axis=1)
    answer = (rng.random((episodes, 1)) > cumulative).sum(axis=1)
    return belief, np.minimum(answer, segments - 1), entropy


def outcomes(belief, answer, frames, initial_entropy):
    """What the method reports per episode: correct, frames, entropy removed by the search."""
    return belief.argmax(axis=1) == answer, frames, initial_entropy - entr(belief).sum(axis=1)


def run(segments, episodes, rng):
    belief, answer, initial_entropy = draw_episodes(segments, episodes, rng)
    frames = np.zeros(episodes, dtype=np.int64)
    ids = np.flatnonzero(belief.max(axis=1) < TAU)  # the episodes still searching
    b, target = belief[ids], answer[ids]
    for _ in range(2 * segments):
        if ids.size == 0:
            break
        rows = np.arange(ids.size)
        look = next_look(b, rows)
        detected = rng.random(ids.size) < np.where(look == target, TPR, FPR)
        hit, miss = np.where(detected, TPR, 1 - TPR), np.where(detected, FPR, 1 - FPR)
        b *= miss[:, None]
        b[rows, look] *= hit / miss
        b /= b.sum(axis=1, keepdims=True)
        frames[ids] += 1
        searching = b.max(axis=1) < TAU
        if not searching.all():
            belief[ids[~searching]] = b[~searching]
            ids, b, target = ids[searching], b[searching], target[searching]
    belief[ids] = b
    return outcomes(belief, answer, frames, initial_entropy)


def main(run):
    """Times `run` on the command line's problem and prints the JSON line."""
    segments, episodes, repeats = (int(a) for a in sys.argv[1:4])
    rng = np.random.default_rng(1)
    seconds = []
    for _ in range(max(1, repeats)):
        start = time.process_time()
        correct, frames, reduction = run(segments, episodes, rng)
        seconds.append(time.process_time() - start)
    acc = correct.mean()
    print(json.dumps({
        "episodes": episodes, "accuracy": float(acc),
        "accuracy_se": float(np.sqrt(acc * (1 - acc) / episodes)),
        "mean_frames": float(frames.mean()),
        "frames_se": float(frames.std(ddof=1) / np.sqrt(episodes)),
        "entropy_reduction": float(reduction.mean()),
        "entropy_reduction_se": float(reduction.std(ddof=1) / np.sqrt(episodes)),
        "seconds": float(np.median(seconds))}))


if __name__ == "__main__":
    main(run)
