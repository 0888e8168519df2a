"""PyTorch 1.13 peer of bench_sparse_weights, one thread.

  peer.py train DIM LAYERS CONTEXT BATCH REPEATS     -> cpu_ms per training step
  peer.py screen DIM LAYERS CONTEXT WINDOWS REPEATS  -> cpu_ms per window

The same model as sparse_transformer.cpp: token + learned position embeddings, pre-norm blocks
with RMSNorm, causal attention of 16-wide heads, a GELU MLP of 4x width, no biases, abs top-k
(25% of each row) after the attention input norm, the heads, the attention output, the MLP input
norm, the MLP hidden layer and the MLP output, a final RMSNorm, an untied unembedding and a
bigram table. train: one step of the recipe (backward, gradients divided by their global RMS,
Adam (0.9, 0.95) eps 0.1, then every matrix but the bigram table cut to its 1/16 largest entries
with 4 kept per row). screen: per window one forward pass and one backward pass per position
(autograd.grad with retain_graph), |w dL_t/dw| summed for every weight and kept for 256.
Random tokens, drawn outside the timing.
"""
import sys
import time

import torch
import torch.nn.functional as F

VOCAB, HEAD = 98, 16


def median(v):
    return sorted(v)[len(v) // 2]


def abs_topk(x, frac=0.25):
    k = max(1, round(frac * x.shape[-1]))
    idx = x.abs().topk(k, dim=-1).indices
    return x * torch.zeros_like(x).scatter_(-1, idx, 1.0)


def rms_norm(x, g, eps=1e-5):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * g


class Model(torch.nn.Module):
    def __init__(self, dim, layers, context):
        super().__init__()
        self.dim, self.heads = dim, dim // HEAD
        p = torch.nn.ParameterDict()
        p["tok"] = torch.nn.Parameter(torch.randn(VOCAB, dim) * 0.02)
        p["pos"] = torch.nn.Parameter(torch.randn(context, dim) * 0.02)
        for i in range(layers):
            for n, shape in (("q", (dim, dim)), ("k", (dim, dim)), ("v", (dim, dim)),
                             ("o", (dim, dim)), ("up", (4 * dim, dim)), ("down", (dim, 4 * dim))):
                p[f"b{i}_{n}"] = torch.nn.Parameter(torch.randn(*shape) / shape[1] ** 0.5)
            p[f"b{i}_ln1"] = torch.nn.Parameter(torch.ones(dim))
            p[f"b{i}_ln2"] = torch.nn.Parameter(torch.ones(dim))
        p["ln_f"] = torch.nn.Parameter(torch.ones(dim))
        p["head"] = torch.nn.Parameter(torch.randn(VOCAB, dim) / dim ** 0.5)
        p["bigram"] = torch.nn.Parameter(torch.zeros(VOCAB, VOCAB))
        self.p, self.layers = p, layers

    def forward(self, tokens):
        p, (b, t) = self.p, tokens.shape
        x = p["tok"][tokens] + p["pos"][:t]
        for i in range(self.layers):
            h = abs_topk(rms_norm(x, p[f"b{i}_ln1"]))
            q, k, v = (F.linear(h, p[f"b{i}_{n}"]).view(b, t, self.heads, HEAD).transpose(1, 2)
                       for n in "qkv")
            a = self.attention(q, k, v)
            heads = abs_topk(a.transpose(1, 2).reshape(b, t, self.dim))
            x = x + abs_topk(F.linear(heads, p[f"b{i}_o"]))
            m = abs_topk(rms_norm(x, p[f"b{i}_ln2"]))
            hidden = abs_topk(F.gelu(F.linear(m, p[f"b{i}_up"])))
            x = x + abs_topk(F.linear(hidden, p[f"b{i}_down"]))
        return F.linear(rms_norm(x, p["ln_f"]), p["head"]) + p["bigram"][tokens]

    @staticmethod
    def attention(q, k, v):
        t = q.shape[-2]
        s = q @ k.transpose(-1, -2) / HEAD ** 0.5
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        return s.softmax(-1) @ v


def matrices(model):
    return [w for n, w in model.p.items() if w.dim() == 2 and n != "bigram"]


@torch.no_grad()
def project(w, frac=1 / 16, min_live=4):
    a = w.abs()
    keep = torch.zeros_like(w, dtype=torch.bool)
    keep.scatter_(1, a.topk(min(min_live, w.shape[1]), dim=1).indices, True)
    more = round(frac * w.numel()) - int(keep.sum())
    if more > 0:
        rest = a.masked_fill(keep, -1).flatten()
        keep.view(-1)[rest.topk(more).indices] = True
    w.mul_(keep)


def train(dim, layers, context, batch, repeats):
    model = Model(dim, layers, context)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2, betas=(0.9, 0.95), eps=0.1)
    x = torch.randint(0, VOCAB, (batch, context))
    y = torch.randint(0, VOCAB, (batch, context))
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        for _ in range(10):
            opt.zero_grad()
            loss = F.cross_entropy(model(x).view(-1, VOCAB), y.view(-1))
            loss.backward()
            with torch.no_grad():
                grads = [w.grad for w in model.parameters()]
                rms = torch.sqrt(sum((g * g).sum() for g in grads) / sum(g.numel() for g in grads))
                for g in grads:
                    g.div_(rms)
            opt.step()
            for w in matrices(model):
                project(w)
        times.append((time.process_time() - t0) * 1e3 / 10)
    print("cpu_ms", f"{median(times):.4f}")


def screen(dim, layers, context, windows, repeats):
    model = Model(dim, layers, context)
    weights = [w for n, w in model.p.items() if "_" in n and n.split("_")[1] in
               ("q", "k", "v", "o", "up", "down")]
    sample = [(i, torch.randint(0, weights[i].numel(), (1,)).item())
              for i in torch.randint(0, len(weights), (256,)).tolist()]
    data = [(torch.randint(0, VOCAB, (1, context)), torch.randint(0, VOCAB, (context,)))
            for _ in range(windows)]
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        total = [torch.zeros_like(w) for w in weights]
        kept = torch.zeros(len(sample), windows * context)
        col = 0
        for x, y in data:
            logits = model(x)[0]
            for t in range(context):
                loss = F.cross_entropy(logits[t:t + 1], y[t:t + 1])
                grads = torch.autograd.grad(loss, weights, retain_graph=True)
                with torch.no_grad():
                    imp = [(w * g).abs() for w, g in zip(weights, grads)]
                    for s, i in zip(total, imp):
                        s += i
                    for j, (i, flat) in enumerate(sample):
                        kept[j, col] = imp[i].view(-1)[flat]
                col += 1
        times.append((time.process_time() - t0) * 1e3 / windows)
    print("cpu_ms", f"{median(times):.4f}")


def main():
    torch.set_num_threads(1)
    torch.manual_seed(1)
    what, args = sys.argv[1], [int(a) for a in sys.argv[2:]]
    {"train": train, "screen": screen}[what](*args)


if __name__ == "__main__":
    main()
