"""The NumPy peer as first written (kept for comparison with earlier figures): the same
controller as peer.py, but the next look is the argmax of the gain computed for all K segments
(2K logarithms per episode and look), and every step gathers and scatters the searching episodes
from the full belief array. Same random draws and same decisions as peer.py, so the same
accuracy and frames. Prints one JSON line like peer.py.
  /usr/bin/python3 peer_full_scan.py <segments> <episodes> <repeats>
"""
import numpy as np

from peer import FPR, TAU, TPR, draw_episodes, main, outcomes


def binary_entropy(p):
    p = np.clip(p, 1e-300, 1.0)
    q = np.clip(1.0 - p, 1e-300, 1.0)
    return -(p * np.log(p) + q * np.log(q))


def run(segments, episodes, rng):
    belief, answer, initial_entropy = draw_episodes(segments, episodes, rng)
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
    return outcomes(belief, answer, frames, initial_entropy)


if __name__ == "__main__":
    main(run)
