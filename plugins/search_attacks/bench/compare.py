"""Runs bench_search_attacks and its NumPy + PyTorch peer (peer.py) on the same 300 attacked
rollouts (default sandbox, one fixed genome) and prints rollouts per second and the ratio
assay / peer, one thread each. The two agents' answers must agree on at least 98% of the
rollouts (float32 readers may split near-ties differently).

    /usr/bin/python3 plugins/search_attacks/bench/compare.py build/bin/bench_search_attacks [REPEATS]
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from peer_blas import require_optimised_blas  # noqa: E402


def run(cmd):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout.split()
    return float(out[1]), out[3].split(",")


def main():
    require_optimised_blas()
    repeats = sys.argv[2] if len(sys.argv) > 2 else "5"
    with tempfile.TemporaryDirectory() as folder:
        ours, our_answers = run([sys.argv[1], folder, repeats])
        theirs, their_answers = run([sys.executable, os.path.join(HERE, "peer.py"), folder, repeats])
    agree = sum(a == b for a, b in zip(our_answers, their_answers)) / len(our_answers)
    if agree < 0.98:
        raise SystemExit(f"answers agree on only {agree:.3f} of the rollouts")
    print(f"{'assay rollouts/s':>18}{'peer rollouts/s':>17}{'ratio':>8}{'agree':>8}")
    print(f"{ours:>18.1f}{theirs:>17.1f}{ours / theirs:>8.1f}{agree:>8.3f}")


if __name__ == "__main__":
    main()
