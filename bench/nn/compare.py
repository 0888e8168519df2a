"""Runs the Assay nn benchmark and its PyTorch peer side by side and prints the ratios.

Usage: /usr/bin/python3 bench/nn/compare.py BUILD/bin/bench_nn [SCALE] [MODEL]
Both sides measure the median CPU time per training step over 5 repeats, one thread.
Extra environment (e.g. OPENBLAS_CORETYPE=Haswell) is passed to the peer unchanged.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from peer_blas import require_optimised_blas  # noqa: E402


def parse(text):
    rows = {}
    for line in text.splitlines():
        key, _, value = line.partition(" ")
        rows[key] = value
    return rows


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench, scale = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "1"
    only = sys.argv[3:4]
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_peer.py")
    ours = parse(subprocess.run([bench, scale] + only, check=True, capture_output=True,
                                text=True).stdout)
    theirs = parse(subprocess.run([sys.executable, peer, scale] + only, check=True,
                                  capture_output=True, text=True).stdout)
    print(f"peer: torch {theirs['torch']}; BLAS {theirs['blas']}")
    print(f"{'model':<12} {'assay ms':>9} {'torch ms':>9} {'torch/assay':>12}")
    for model in ("mlp", "rnn", "transformer", "gpt", "cnn"):
        if model not in ours:
            continue
        a, t = float(ours[model]), float(theirs[model])
        print(f"{model:<12} {a:9.3f} {t:9.3f} {t / a:12.2f}")


if __name__ == "__main__":
    main()
