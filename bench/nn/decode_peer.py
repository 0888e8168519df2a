"""The PyTorch peer of decode_bench.cpp: greedy decoding from the same GPT, with a hand-written
key/value cache and without one, single thread, no autograd.

Prints one line per case, "<case> <cached tokens/s> <uncached tokens/s>", then "blas ..." and
"torch ...". Usage: /usr/bin/python3 bench/nn/decode_peer.py [REPEATS] [CASE]
"""
import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import sys
import time

import torch
from torch import nn

from torch_peer import loaded_blas

torch.set_num_threads(1)

VOCAB, CONTEXT, DIM, HEADS, LAYERS, HIDDEN = 96, 256, 128, 4, 4, 512
CASES = ((8, 32, 4), (32, 96, 4), (64, 192, 4), (16, 240, 1), (192, 128, 4))


class Block(nn.Module):
    """nn::Gpt's default block: pre-norm LayerNorm, biased q, k, v, o, GELU MLP."""

    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(DIM), nn.LayerNorm(DIM)
        self.q, self.k, self.v, self.o = (nn.Linear(DIM, DIM) for _ in range(4))
        self.up, self.down = nn.Linear(DIM, HIDDEN), nn.Linear(HIDDEN, DIM)

    def heads(self, x):
        b, t, _ = x.shape
        return x.reshape(b, t, HEADS, DIM // HEADS).transpose(1, 2)

    def forward(self, x, cache, start):
        """x: (b, t, DIM) at positions start.. ; cache: (keys, values), each (b, H, CONTEXT, dh),
        or None to attend within x only."""
        b, t, _ = x.shape
        h = self.ln1(x)
        q, k, v = self.heads(self.q(h)), self.heads(self.k(h)), self.heads(self.v(h))
        if cache is not None:
            keys, values = cache
            keys[:, :, start:start + t] = k
            values[:, :, start:start + t] = v
            k, v = keys[:, :, :start + t], values[:, :, :start + t]
        seen = k.shape[2]
        # Query i (position start + i) sees keys up to start + i.
        mask = torch.ones(t, seen, dtype=torch.bool).tril(seen - t).logical_not()
        att = (q @ k.transpose(-1, -2) * (DIM // HEADS) ** -0.5).masked_fill(mask, float("-inf"))
        mixed = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, DIM)
        x = x + self.o(mixed)
        return x + self.down(nn.functional.gelu(self.up(self.ln2(x))))


class Gpt(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok, self.pos = nn.Embedding(VOCAB, DIM), nn.Embedding(CONTEXT, DIM)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.ln_f, self.head = nn.LayerNorm(DIM), nn.Linear(DIM, VOCAB)

    def forward(self, idx, caches=None, start=0):
        x = self.tok(idx) + self.pos(torch.arange(start, start + idx.shape[1]))
        for i, block in enumerate(self.blocks):
            x = block(x, caches[i] if caches is not None else None, start)
        return self.head(self.ln_f(x[:, -1]))


def new_caches(batch):
    shape = (batch, HEADS, CONTEXT, DIM // HEADS)
    return [(torch.empty(shape), torch.empty(shape)) for _ in range(LAYERS)]


def decode_cached(model, seqs, fresh):
    """The cache while the sequences fit in the context; past it, the last CONTEXT tokens
    re-encoded in a cleared cache every step (what nn::decode does)."""
    caches, cached = new_caches(seqs.shape[0]), 0
    for _ in range(fresh):
        if seqs.shape[1] <= CONTEXT:
            logits = model(seqs[:, cached:], caches, cached)
            cached = seqs.shape[1]
        else:
            logits = model(seqs[:, -CONTEXT:], caches, 0)
        seqs = torch.cat([seqs, logits.argmax(-1, keepdim=True)], 1)
    return seqs


def decode_uncached(model, seqs, fresh):
    for _ in range(fresh):
        logits = model(seqs[:, -CONTEXT:])
        seqs = torch.cat([seqs, logits.argmax(-1, keepdim=True)], 1)
    return seqs


def tokens_per_second(model, case, decode, repeats):
    prompt, fresh, batch = case
    seqs = torch.randint(0, VOCAB, (batch, prompt))
    decode(model, seqs, fresh)
    times = []
    for _ in range(repeats):
        start = time.process_time()
        decode(model, seqs, fresh)
        times.append(time.process_time() - start)
    return batch * fresh / sorted(times)[repeats // 2]


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    torch.manual_seed(1)
    model = Gpt().eval()
    with torch.no_grad():
        # The peer's cache is checked against its full passes, up to and past the context.
        seqs = torch.randint(0, VOCAB, (2, 230))
        assert torch.equal(decode_cached(model, seqs, 40), decode_uncached(model, seqs, 40))
        for case in CASES:
            name = "p%d_n%d_b%d" % case
            if only and only != name:
                continue
            cached = tokens_per_second(model, case, decode_cached, repeats)
            uncached = tokens_per_second(model, case, decode_uncached, repeats)
            print(f"{name} {cached:.1f} {uncached:.1f}", flush=True)
    print(f"blas {loaded_blas()}")
    print(f"torch {torch.__version__} threads {torch.get_num_threads()}")


if __name__ == "__main__":
    main()
