"""PyTorch side of torch_crosscheck_test.cpp.

Usage: torch_crosscheck.py DIR. For each model M in DIR/M.in (lines "name rows cols values...":
parameters, inputs and targets written by the C++ test), runs the same model in float64 torch and
writes DIR/M.out with the loss ("loss 1 1 value") and every parameter's gradient under its
Assay name.
"""
import sys

import torch
from torch import nn

torch.set_num_threads(1)


def read(path):
    tensors = {}
    with open(path) as f:
        for line in f:
            name, rows, cols, *values = line.split()
            tensors[name] = torch.tensor([float(v) for v in values], dtype=torch.float64).reshape(
                int(rows), int(cols))
    return tensors


def write(path, loss, grads):
    with open(path, "w") as f:
        f.write(f"loss 1 1 {loss.item():.17g}\n")
        for name, g in grads.items():
            g = g.reshape(g.shape[0], -1) if g.dim() == 2 else g.reshape(1, -1)
            values = " ".join(f"{v:.17g}" for v in g.flatten().tolist())
            f.write(f"{name} {g.shape[0]} {g.shape[1]} {values}\n")


def load(module, mapping, t):
    """Copies Assay tensors into module parameters: mapping torch name -> Assay name(s)."""
    params = dict(module.named_parameters())
    with torch.no_grad():
        for torch_name, ours in mapping.items():
            value = torch.cat([t[n] for n in ours]) if isinstance(ours, list) else t[ours]
            params[torch_name].copy_(value.reshape(params[torch_name].shape))
    return params


def mlp(t):
    model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 3)).double()
    mapping = {"0.weight": "mlp.0.weight", "0.bias": "mlp.0.bias",
               "2.weight": "mlp.1.weight", "2.bias": "mlp.1.bias"}
    params = load(model, mapping, t)
    loss = nn.functional.cross_entropy(model(t["x"]), t["labels"].flatten().long())
    loss.backward()
    return loss, {ours: params[name].grad for name, ours in mapping.items()}


def gru(t):
    cell = nn.GRUCell(3, 4).double()
    mapping = {n: "gru." + n for n in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")}
    params = load(cell, mapping, t)
    h = t["h0"]
    steps = sum(1 for k in t if k.startswith("x"))
    for step in range(steps):
        h = cell(t[f"x{step}"], h)
    loss = nn.functional.mse_loss(h, t["target"])
    loss.backward()
    return loss, {ours: params[name].grad for name, ours in mapping.items()}


def transformer_block(t):
    batch, length = int(t["shape"][0, 0]), int(t["shape"][0, 1])
    dim = t["x"].shape[1]
    layer = nn.TransformerEncoderLayer(dim, 2, 16, dropout=0.0, activation="gelu",
                                       batch_first=True, norm_first=True).double()
    mapping = {"self_attn.in_proj_weight": ["b.attn.q.weight", "b.attn.k.weight", "b.attn.v.weight"],
               "self_attn.in_proj_bias": ["b.attn.q.bias", "b.attn.k.bias", "b.attn.v.bias"],
               "self_attn.out_proj.weight": "b.attn.o.weight",
               "self_attn.out_proj.bias": "b.attn.o.bias",
               "linear1.weight": "b.mlp.0.weight", "linear1.bias": "b.mlp.0.bias",
               "linear2.weight": "b.mlp.1.weight", "linear2.bias": "b.mlp.1.bias",
               "norm1.weight": "b.ln1.weight", "norm1.bias": "b.ln1.bias",
               "norm2.weight": "b.ln2.weight", "norm2.bias": "b.ln2.bias"}
    for n in ("q", "k", "v"):  # biases are rows in Assay; in_proj_bias is one vector
        t[f"b.attn.{n}.bias"] = t[f"b.attn.{n}.bias"].flatten()
    params = load(layer, mapping, t)
    mask = torch.triu(torch.full((length, length), float("-inf"), dtype=torch.float64), 1)
    y = layer(t["x"].reshape(batch, length, dim), src_mask=mask)
    loss = nn.functional.mse_loss(y.reshape(batch * length, dim), t["target"])
    loss.backward()
    grads = {}
    for name, ours in mapping.items():
        g = params[name].grad
        if isinstance(ours, list):
            for i, n in enumerate(ours):
                grads[n] = g.chunk(3)[i]
        else:
            grads[ours] = g
    return loss, grads


def leaves(t, names):
    """The named tensors as leaves that collect gradients."""
    return {n: t[n].clone().requires_grad_(True) for n in names}


def gpt(t):
    """RMSNorm + SwiGLU decoder, no biases, LoRA (alpha / rank = 2) on q and v, written out."""
    batch, length, heads = (int(v) for v in t["shape"].flatten().tolist())
    frozen_suffixes = (".attn.q.weight", ".attn.v.weight")
    trained = [n for n in t
               if n not in ("tokens", "targets", "shape") and not n.endswith(frozen_suffixes)]
    p = leaves(t, trained)
    frozen = {n: t[n] for n in t if n.endswith(frozen_suffixes)}
    eps = 1e-5

    def rms(x, name):
        return x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + eps) * p[name + ".weight"].flatten()

    def proj(x, name):
        if name + ".lora_a" in p:
            low = x @ p[name + ".lora_a"].T @ p[name + ".lora_b"].T
            return x @ frozen[name + ".weight"].T + 2.0 * low
        return x @ p[name + ".weight"].T

    tokens = t["tokens"].flatten().long()
    x = p["tok.weight"][tokens] + p["pos.weight"][torch.arange(length).repeat(batch)]
    dim = x.shape[1]
    mask = torch.triu(torch.full((length, length), float("-inf"), dtype=torch.float64), 1)
    layers = sum(1 for n in p if n.endswith(".ln1.weight"))
    for layer in range(layers):
        b = f"block{layer}"
        h = rms(x, b + ".ln1")
        q, k, v = (proj(h, f"{b}.attn.{n}").reshape(batch, length, heads, dim // heads)
                   .transpose(1, 2) for n in "qkv")
        scores = q @ k.transpose(-1, -2) / (dim // heads) ** 0.5 + mask
        mixed = (scores.softmax(-1) @ v).transpose(1, 2).reshape(batch * length, dim)
        x = x + proj(mixed, b + ".attn.o")
        m = rms(x, b + ".ln2")
        x = x + proj(nn.functional.silu(proj(m, b + ".mlp.gate")) * proj(m, b + ".mlp.up"),
                     b + ".mlp.down")
    logits = proj(rms(x, "ln_f"), "head")
    loss = nn.functional.cross_entropy(logits, t["targets"].flatten().long())
    loss.backward()
    return loss, {n: v.grad for n, v in p.items()}


def cnn(t):
    f = nn.functional
    names = ["conv1.weight", "conv1.bias", "conv2.weight", "conv2.bias", "gn.weight", "gn.bias",
             "up.weight", "up.bias"]
    p = leaves(t, names)
    x = t["x"].reshape(2, 1, 8, 8)
    x = f.conv2d(x, p["conv1.weight"].reshape(4, 1, 3, 3), p["conv1.bias"].flatten(), padding=1)
    x = f.max_pool2d(f.relu(x), 2, 2)
    x = f.conv2d(x, p["conv2.weight"].reshape(8, 4, 3, 3), p["conv2.bias"].flatten(), stride=2,
                 padding=1)
    x = f.group_norm(x, 2, p["gn.weight"].flatten(), p["gn.bias"].flatten(), eps=1e-5)
    x = f.interpolate(x, scale_factor=2, mode="nearest")
    x = f.avg_pool2d(f.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False), 2, 2)
    x = f.conv_transpose2d(x, p["up.weight"].reshape(8, 4, 3, 3), p["up.bias"].flatten(),
                           stride=2, padding=1, output_padding=1)
    x = f.pixel_shuffle(x, 2)
    loss = f.mse_loss(x.reshape(2, 256), t["target"])
    loss.backward()
    return loss, {n: v.grad for n, v in p.items()}


def main():
    folder = sys.argv[1]
    for name, run in (("mlp", mlp), ("gru", gru), ("transformer_block", transformer_block),
                      ("gpt", gpt), ("cnn", cnn)):
        loss, grads = run(read(f"{folder}/{name}.in"))
        write(f"{folder}/{name}.out", loss, grads)


if __name__ == "__main__":
    main()
