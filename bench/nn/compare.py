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


def run_both(usage, peer_script, default_count):
    """The command line's benchmark (argv[1]) and the peer script beside this file, run in turn
    on an optimised BLAS with the same count (argv[2]) and selection (argv[3]); their outputs
    parsed, after printing the peer's versions."""
    if len(sys.argv) < 2:
        sys.exit(usage)
    require_optimised_blas()
    args = [sys.argv[2] if len(sys.argv) > 2 else default_count] + sys.argv[3:4]
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), peer_script)
    ours = subprocess.run([sys.argv[1]] + args, check=True, capture_output=True, text=True).stdout
    theirs = parse(subprocess.run([sys.executable, peer] + args, check=True, capture_output=True,
                                  text=True).stdout)
    print(f"peer: torch {theirs['torch']}; BLAS {theirs['blas']}")
    return parse(ours), theirs


def main():
    ours, theirs = run_both(__doc__, "torch_peer.py", "1")
    print(f"{'model':<12} {'assay ms':>9} {'torch ms':>9} {'torch/assay':>12}")
    for model in ("mlp", "rnn", "transformer", "gpt", "cnn"):
        if model not in ours:
            continue
        a, t = float(ours[model]), float(theirs[model])
        print(f"{model:<12} {a:9.3f} {t:9.3f} {t / a:12.2f}")


if __name__ == "__main__":
    main()
