"""The state_prediction training step in PyTorch 1.13 (CPU, one thread), written as a researcher
would: the interleaved stream [x1, rho, x2, rho, ...] built with torch ops, pre-LayerNorm
blocks with attention under an explicit additive (2T x 2T) mask, loss at the rho rows, AdamW
(decay on matrices only) and gradient clipping.

    /usr/bin/python3 peer.py ARM LAYERS DIM HEADS CONTEXT BATCH VOCAB REPEATS
Prints "cpu_ms <median over repeats of the mean of 10 steps>" and "first_loss <nats>".
"""
import math
import sys
import time

import torch
import torch.nn.functional as F

torch.set_num_threads(1)


def allowed(arm, t):
    """The layout's mask as booleans (True: may attend), rows and columns in stream order."""
    if arm == "standard":
        return torch.tril(torch.ones(t, t, dtype=torch.bool))
    n = 2 * t
    r = torch.arange(n).view(n, 1)
    c = torch.arange(n).view(1, n)
    i, k = r // 2, c // 2
    row_state, col_state = r % 2 == 0, c % 2 == 0
    reads_state = col_state & (k <= i)
    reads_itself = ~row_state & (c == r)
    reads_earlier_predictions = row_state & ~col_state & (k < i) if arm == "pause" else False
    return reads_state | reads_itself | reads_earlier_predictions


class Block(torch.nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = torch.nn.LayerNorm(dim), torch.nn.LayerNorm(dim)
        self.q, self.k, self.v, self.o = (torch.nn.Linear(dim, dim) for _ in range(4))
        self.up, self.down = torch.nn.Linear(dim, 4 * dim), torch.nn.Linear(4 * dim, dim)

    def forward(self, x, mask):
        b, n, d = x.shape
        h = self.ln1(x)
        split = lambda y: y.view(b, n, self.heads, d // self.heads).transpose(1, 2)
        q, k, v = split(self.q(h)), split(self.k(h)), split(self.v(h))
        scores = q @ k.transpose(-1, -2) / math.sqrt(d // self.heads) + mask
        mixed = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d)
        x = x + self.o(mixed)
        return x + self.down(F.gelu(self.up(self.ln2(x))))


class Model(torch.nn.Module):
    def __init__(self, arm, layers, dim, heads, t, vocab):
        super().__init__()
        self.arm = arm
        self.tok = torch.nn.Embedding(vocab, dim)
        self.pos = torch.nn.Parameter(0.02 * torch.randn(t, dim))
        self.rho = torch.nn.Parameter(0.02 * torch.randn(1, dim))
        self.blocks = torch.nn.ModuleList(Block(dim, heads) for _ in range(layers))
        self.ln_f = torch.nn.LayerNorm(dim)
        self.head = torch.nn.Linear(dim, vocab)
        mask = torch.zeros(allowed(arm, t).shape)
        self.register_buffer("mask", mask.masked_fill(~allowed(arm, t), float("-inf")))

    def forward(self, inputs, targets):
        b, t = inputs.shape
        x = self.tok(inputs) + self.pos
        if self.arm != "standard":
            rho = (self.rho + self.pos).expand(b, t, -1)
            x = torch.stack([x, rho], dim=2).reshape(b, 2 * t, -1)
        for block in self.blocks:
            x = block(x, self.mask)
        if self.arm != "standard":
            x = x[:, 1::2]
        logits = self.head(self.ln_f(x))
        return F.cross_entropy(logits.reshape(b * t, -1), targets.reshape(-1))


def main():
    arm = sys.argv[1]
    layers, dim, heads, t, batch, vocab, repeats = map(int, sys.argv[2:9])
    torch.manual_seed(1)
    model = Model(arm, layers, dim, heads, t, vocab)
    decay = [p for p in model.parameters() if p.dim() >= 2]
    rest = [p for p in model.parameters() if p.dim() < 2]
    adam = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1},
                              {"params": rest, "weight_decay": 0.0}], lr=1e-3)
    text = torch.randint(vocab, (100000,))

    def step():
        starts = torch.randint(len(text) - t - 1, (batch,))
        windows = torch.stack([text[s:s + t + 1] for s in starts.tolist()])
        adam.zero_grad()
        loss = model(windows[:, :-1], windows[:, 1:])
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        adam.step()
        return loss.item()

    first_loss = step()
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        for _ in range(10):
            step()
        times.append((time.process_time() - t0) * 1e3 / 10)
    times.sort()
    print(f"cpu_ms {times[len(times) // 2]:.4f}\nfirst_loss {first_loss:.6f}")


if __name__ == "__main__":
    main()
