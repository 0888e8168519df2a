"""The PyTorch peer of nn_bench.cpp: the same five models and training steps, single thread.

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


def language_model_step(model, vocab, batch=16, context=64):
    """Adam on the trainable parameters, next-token cross-entropy on random tokens."""
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    idx = torch.randint(0, vocab, (batch, context))
    target = torch.randint(0, vocab, (batch * context,))
    return training_step(
        model, opt, lambda m: nn.functional.cross_entropy(m(idx).reshape(-1, vocab), target))


def bench_transformer(scale):
    torch.manual_seed(3)
    return ms_per_step(language_model_step(Decoder(), 64), 3 * scale, 10 * scale)


class RmsNorm(nn.Module):
    """torch 1.13 has no nn.RMSNorm: x / sqrt(mean(x^2) + eps) * weight."""

    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class LoraLinear(nn.Module):
    """A frozen bias-free linear plus (alpha / rank) x A^T B^T, B initialised to zero."""

    def __init__(self, dim, rank=8, alpha=16.0):
        super().__init__()
        self.base = nn.Linear(dim, dim, bias=False)
        self.base.weight.requires_grad_(False)
        self.a = nn.Parameter(torch.randn(rank, dim) / dim ** 0.5)
        self.b = nn.Parameter(torch.zeros(dim, rank))
        self.scale = alpha / rank

    def forward(self, x):
        return self.base(x) + self.scale * (x @ self.a.T @ self.b.T)


class GptBlock(nn.Module):
    def __init__(self, dim, heads, hidden):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = RmsNorm(dim), RmsNorm(dim)
        self.q, self.v = LoraLinear(dim), LoraLinear(dim)
        self.k, self.o = nn.Linear(dim, dim, bias=False), nn.Linear(dim, dim, bias=False)
        self.gate = nn.Linear(dim, hidden, bias=False)
        self.up = nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x, mask):
        b, t, d = x.shape
        h = self.ln1(x)
        q, k, v = (f(h).reshape(b, t, self.heads, d // self.heads).transpose(1, 2)
                   for f in (self.q, self.k, self.v))
        att = (q @ k.transpose(-1, -2) * (d // self.heads) ** -0.5 + mask).softmax(-1)
        x = x + self.o((att @ v).transpose(1, 2).reshape(b, t, d))
        m = self.ln2(x)
        return x + self.down(nn.functional.silu(self.gate(m)) * self.up(m))


class Gpt(nn.Module):
    """nn_bench.cpp's bench_gpt: RMSNorm, SwiGLU, no biases, LoRA on q and v."""

    def __init__(self, vocab=96, dim=128, heads=4, context=64, layers=4, hidden=512):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(context, dim)
        self.blocks = nn.ModuleList(GptBlock(dim, heads, hidden) for _ in range(layers))
        self.ln_f = RmsNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)
        self.register_buffer("mask", torch.triu(torch.full((context, context), float("-inf")), 1))

    def forward(self, idx):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1]))
        for block in self.blocks:
            x = block(x, self.mask)
        return self.head(self.ln_f(x))


def bench_gpt(scale):
    torch.manual_seed(4)
    return ms_per_step(language_model_step(Gpt(), 96), 2 * scale, 6 * scale)


class Cnn(nn.Module):
    """nn_bench.cpp's bench_cnn: a convolutional autoencoder on 1 x 28 x 28 images."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.up = nn.ConvTranspose2d(32, 16, 3, stride=2, padding=1, output_padding=1)
        self.out = nn.Conv2d(16, 1, 3, padding=1)

    def forward(self, x):
        f = nn.functional
        h = f.max_pool2d(f.relu(self.conv1(x)), 2, 2)
        h = f.max_pool2d(f.relu(self.conv2(h)), 2, 2)
        h = f.interpolate(f.relu(self.up(h)), scale_factor=2, mode="bilinear", align_corners=False)
        return self.out(h)


def bench_cnn(scale):
    torch.manual_seed(5)
    model = Cnn()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x = torch.randn(64, 1, 28, 28)
    step = training_step(model, opt, lambda m: nn.functional.mse_loss(m(x), x))
    return ms_per_step(step, 2 * scale, 6 * scale)


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
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    models = (("mlp", bench_mlp), ("rnn", bench_rnn), ("transformer", bench_transformer),
              ("gpt", bench_gpt), ("cnn", bench_cnn))
    for name, run in models:
        if not only or only == name:
            print(f"{name} {run(scale):.4f}")
    print(f"blas {loaded_blas()}")
    print(f"torch {torch.__version__} threads {torch.get_num_threads()}")


if __name__ == "__main__":
    main()
