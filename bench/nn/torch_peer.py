"""The PyTorch peer of nn_bench.cpp: the same three models and training steps, single thread.

Prints one line per model, "<model> <milliseconds per step>", then "blas <library path>".
"""
import ctypes
import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import sys
import time

import torch
from torch import nn

torch.set_num_threads(1)


def ms_per_step(step, warmup, steps, repeats=5):
    """Median over repeats of the mean CPU time per step (the machine is shared)."""
    for _ in range(warmup):
        step()
    times = []
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(steps):
            step()
        times.append((time.process_time() - start) * 1000 / steps)
    return sorted(times)[repeats // 2]


def training_step(model, opt, loss_fn):
    def step():
        opt.zero_grad(set_to_none=False)
        loss_fn(model).backward()
        opt.step()
    return step


def bench_mlp(scale):
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU(),
                          nn.Linear(128, 10))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x = torch.randn(32, 64)
    y = torch.randint(0, 10, (32,))
    step = training_step(model, opt, lambda m: nn.functional.cross_entropy(m(x), y))
    return ms_per_step(step, 50 * scale, 200 * scale)


class Rnn(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(32, 128, nonlinearity="relu", batch_first=False)
        self.out = nn.Linear(128, 2)

    def forward(self, x):
        h, _ = self.rnn(x)
        return self.out(h)


def bench_rnn(scale):
    torch.manual_seed(2)
    model = Rnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x = torch.randn(20, 64, 32)
    target = torch.randn(20, 64, 2)
    step = training_step(model, opt, lambda m: nn.functional.mse_loss(m(x), target))
    return ms_per_step(step, 10 * scale, 40 * scale)


class Decoder(nn.Module):
    def __init__(self, vocab=64, dim=64, heads=4, context=64, layers=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(context, dim)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(dim, heads, 4 * dim, dropout=0.0, activation="gelu",
                                       batch_first=True, norm_first=True)
            for _ in range(layers))
        self.ln_f = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab)
        self.register_buffer("mask", torch.triu(torch.full((context, context), float("-inf")), 1))

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1]))
        for block in self.blocks:
            x = block(x, src_mask=self.mask)
        return self.head(self.ln_f(x))


def bench_transformer(scale):
    torch.manual_seed(3)
    model = Decoder()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    idx = torch.randint(0, 64, (16, 64))
    target = torch.randint(0, 64, (16 * 64,))
    step = training_step(
        model, opt, lambda m: nn.functional.cross_entropy(m(idx).reshape(-1, 64), target))
    return ms_per_step(step, 3 * scale, 10 * scale)


def loaded_blas():
    """The BLAS libraries mapped into this process, and OpenBLAS's kernel family if loaded."""
    with open("/proc/self/maps") as maps:
        paths = sorted({line.split()[-1] for line in maps if "blas" in line.lower() and "/" in line})
    core = ""
    for path in paths:
        if "openblas" in os.path.basename(path):
            lib = ctypes.CDLL(path)
            lib.openblas_get_corename.restype = ctypes.c_char_p
            core = f" (OpenBLAS core {lib.openblas_get_corename().decode()})"
    return ",".join(paths) + core if paths else "none found"


def main():
    scale = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    print(f"mlp {bench_mlp(scale):.4f}")
    print(f"rnn {bench_rnn(scale):.4f}")
    print(f"transformer {bench_transformer(scale):.4f}")
    print(f"blas {loaded_blas()}")
    print(f"torch {torch.__version__} threads {torch.get_num_threads()}")


if __name__ == "__main__":
    main()
