"""PyTorch 1.13 / NumPy peers of bench_hrnn_navigation, one thread.

  peer.py train SIZE_A SIZE_P BATCH HORIZON REPEATS   -> cpu_ms per training step
  peer.py grid COUNT REPEATS                         -> cpu_ms per map, then the scores

train: the same masked ReLU RNN without bias (A -> P block pattern), 32 head-direction and
512 place logits, soft cross-entropy on both plus weight decay on the recurrent weights, one
Adam step; random inputs and targets made once outside the timing (the C++ side also draws
its walks and codes inside each step). grid: the DeepMind definition as grid_score.cpp.
"""
import math
import sys
import time

import numpy as np

HD, PLACE = 32, 512


def median(v):
    return sorted(v)[len(v) // 2]


def train(size_a, size_p, batch, horizon, repeats):
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(1)
    n, codes = size_a + size_p, HD + PLACE
    m_in = torch.ones(n, 2)
    m_in[:size_a, 1] = 0
    m_in[size_a:, 0] = 0
    m_rec = torch.ones(n, n)
    m_rec[:size_a, size_a:] = 0
    m_init = torch.ones(n, codes)
    m_init[:size_a, HD:] = 0
    m_init[size_a:, :HD] = 0
    m_out = torch.ones(codes, n)
    m_out[:HD, size_a:] = 0
    m_out[HD:, :size_a] = 0
    params = [
        (torch.rand(n, 2) * 2 - 1).requires_grad_(),
        ((torch.rand(n, n) * 2 - 1) / math.sqrt(n)).requires_grad_(),
        ((torch.rand(n, codes) * 2 - 1) / math.sqrt(codes)).requires_grad_(),
        ((torch.rand(codes, n) * 2 - 1) / math.sqrt(n)).requires_grad_(),
    ]
    masks = [m_in, m_rec, m_init, m_out]
    opt = torch.optim.Adam(params, lr=1e-3)
    x = torch.randn(horizon, batch, 2)
    start = torch.softmax(torch.randn(batch, codes), 1)
    hd_t = torch.softmax(torch.randn(horizon * batch, HD), 1)
    pl_t = torch.softmax(torch.randn(horizon * batch, PLACE), 1)

    def step():
        w_in, w_rec, w_init, w_out = (p * m for p, m in zip(params, masks))
        h = start @ w_init.T
        drive = x @ w_in.T
        states = []
        for t in range(horizon):
            h = torch.relu(drive[t] + h @ w_rec.T)
            states.append(h)
        logits = torch.cat(states) @ w_out.T
        loss = -(hd_t * torch.log_softmax(logits[:, :HD], 1)).sum(1).mean()
        loss = loss - (pl_t * torch.log_softmax(logits[:, HD:], 1)).sum(1).mean()
        loss = loss + 1e-4 * (w_rec**2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()

    step()
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        for _ in range(10):
            step()
        times.append((time.process_time() - t0) * 1e3 / 10)
    print(f"cpu_ms {median(times):.4f}")


def bench_map(k):
    r, c = np.mgrid[0:20, 0:20].astype(float)
    v = 0.01 * (r + 2 * c)
    for d in (0.0, 60.0, 120.0):
        a = (d + k) * math.pi / 180
        v = v + np.cos(2 * math.pi / (4 + k % 5) * (c * math.cos(a) + r * math.sin(a)))
    return v


def autocorrelogram(m):
    """Pearson correlation at every lag over the shared bins, from FFT sums (DeepMind style)."""
    res = m.shape[0]
    valid = ~np.isnan(m)
    x = np.where(valid, m, 0.0)
    size = 2 * res - 1
    f = lambda a: np.fft.rfft2(a, (size, size))
    flip = lambda a: a[::-1, ::-1]
    corr = lambda a, b: np.fft.irfft2(f(a) * f(flip(b)), (size, size))
    v = valid.astype(float)
    n = np.rint(corr(v, v))
    sx, sy = corr(x, v), corr(v, x)
    sxx, syy, sxy = corr(x * x, v), corr(v, x * x), corr(x, x)
    vx, vy = sxx - sx * sx / np.maximum(n, 1), syy - sy * sy / np.maximum(n, 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = (sxy - sx * sy / np.maximum(n, 1)) / np.sqrt(vx * vy)
    r[(n < 20) | ~(vx > 0) | ~(vy > 0)] = np.nan
    return flip(r)


def rotate(ac, degrees):
    size = ac.shape[0]
    centre = (size - 1) / 2
    r, c = np.mgrid[0:size, 0:size].astype(float)
    dr, dc = r - centre, c - centre
    th = math.radians(degrees)
    rr = centre + math.cos(th) * dr - math.sin(th) * dc
    cc = centre + math.sin(th) * dr + math.cos(th) * dc
    r0, c0 = np.floor(rr).astype(int), np.floor(cc).astype(int)
    inside = (r0 >= 0) & (c0 >= 0) & (r0 + 1 < size) & (c0 + 1 < size)
    fr, fc = rr - r0, cc - c0
    r0c, c0c = np.clip(r0, 0, size - 2), np.clip(c0, 0, size - 2)
    bil = (1 - fr) * ((1 - fc) * ac[r0c, c0c] + fc * ac[r0c, c0c + 1]) + fr * (
        (1 - fc) * ac[r0c + 1, c0c] + fc * ac[r0c + 1, c0c + 1])
    # Outside the bilinear range: the nearest bin, if it lies in the autocorrelogram.
    ri, ci = np.floor(rr + 0.5).astype(int), np.floor(cc + 0.5).astype(int)
    near_ok = (ri >= 0) & (ci >= 0) & (ri < size) & (ci < size)
    near = np.where(near_ok, ac[np.clip(ri, 0, size - 1), np.clip(ci, 0, size - 1)], np.nan)
    return np.where(inside, bil, near), dr, dc


def grid_score(ac):
    half = (ac.shape[0] + 1) / 2
    rotated = {a: rotate(ac, a) for a in (30, 60, 90, 120, 150)}
    dist = np.hypot(*rotated[30][1:])
    best = -np.inf
    for k in range(10):
        ring = (dist >= 0.2 * half) & (dist <= (0.4 + 0.6 * k / 9) * half) & ~np.isnan(ac)
        corr = {}
        for a, (rot, _, _) in rotated.items():
            keep = ring & ~np.isnan(rot)
            corr[a] = np.corrcoef(ac[keep], rot[keep])[0, 1] if keep.sum() >= 3 else np.nan
        s = (corr[60] + corr[120]) / 2 - (corr[30] + corr[90] + corr[150]) / 3
        if not np.isnan(s):
            best = max(best, s)
    return best


def grid(count, repeats):
    maps = [bench_map(k) for k in range(count)]
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        scores = [grid_score(autocorrelogram(m)) for m in maps]
        times.append((time.process_time() - t0) * 1e3 / count)
    print(f"cpu_ms {median(times):.4f}")
    for s in scores:
        print(f"{s:.12g}")


if __name__ == "__main__":
    if sys.argv[1] == "train":
        train(*map(int, sys.argv[2:7]))
    else:
        grid(*map(int, sys.argv[2:4]))
