"""The NumPy peer as first written (kept for comparison with earlier figures): the same
controller as peer.py, but the next look is the argmax of the gain computed for all K segments
(2K logarithms per episode and look), and every step gathers and scatters the searching episodes
from the full belief array. Same random draws and same decisions as peer.py, so the same
accuracy and frames. Prints one JSON line like peer.py.
  /usr/bin/python3 peer_full_scan.py <segments> <episodes> <repeats>
"""
import json
import sys
import time

import numpy as np

TPR, FPR, TAU, QUALITY = 0.8, 0.1, 0.9, 1.0


def binary_entropy(p):
    p = np.clip(p, 1e-300, 1.0)
    q = np.clip(1.0 - p, 1e-300, 1.0)
    return -(p * np.log(p) + q * np.log(q))


def run(segments, episodes, rng):
    logits = QUALITY * rng.standard_normal((episodes, segments))
    belief = np.exp(logits - logits.max(axis=1, keepdims=True))
    belief /= belief.sum(axis=1, keepdims=True)
    cumulative = belief.cumsum(axis=1)
    answer = (rng.random((episodes, 1)) > cumulative).sum(axis=1)
    answer = np.minimum(answer, segments - 1)
    frames = np.zeros(episodes, dtype=np.int64)
    rows = np.arange(episodes)
    h_tpr, h_fpr = binary_entropy(np.array(TPR)), binary_entropy(np.array(FPR))
    active = belief.max(axis=1) < TAU
    for _ in range(2 * segments):
        idx = rows[active]
        if idx.size == 0:
            break
        b = belief[idx]
        p_detect = b * TPR + (1 - b) * FPR
        gain = binary_entropy(p_detect) - b * h_tpr - (1 - b) * h_fpr
        look = gain.argmax(axis=1)
        rate = np.where(look == answer[idx], TPR, FPR)
        detected = rng.random(idx.size) < rate
        likelihood = np.where(detected, FPR, 1 - FPR)[:, None] * np.ones_like(b)
        likelihood[np.arange(idx.size), look] = np.where(detected, TPR, 1 - TPR)
        b = b * likelihood
        b /= b.sum(axis=1, keepdims=True)
        belief[idx] = b
        frames[idx] += 1
        active[idx] = b.max(axis=1) < TAU
    correct = belief.argmax(axis=1) == answer
    return correct, frames


def main():
    segments, episodes, repeats = (int(a) for a in sys.argv[1:4])
    rng = np.random.default_rng(1)
    seconds = []
    for _ in range(max(1, repeats)):
        start = time.process_time()
        correct, frames = run(segments, episodes, rng)
        seconds.append(time.process_time() - start)
    acc = correct.mean()
    print(json.dumps({
        "episodes": episodes, "accuracy": float(acc),
        "accuracy_se": float(np.sqrt(acc * (1 - acc) / episodes)),
        "mean_frames": float(frames.mean()),
        "frames_se": float(frames.std(ddof=1) / np.sqrt(episodes)),
        "seconds": float(np.median(seconds))}))


if __name__ == "__main__":
    main()
