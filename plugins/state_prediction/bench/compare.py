"""Runs bench_state_prediction and its PyTorch 1.13 peer (peer.py) on the same training step and
prints CPU milliseconds per step and the ratio peer / assay, one thread each. Both start near
ln VOCAB nats; their first losses must agree within 0.1 nats (different initial draws).

    /usr/bin/python3 plugins/state_prediction/bench/compare.py build/bin/bench_state_prediction [REPEATS]
Steps: median over REPEATS (default 5) of the mean of 10 steps.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from peer_blas import require_optimised_blas  # noqa: E402

VOCAB = 89  # fortunes-min's character vocabulary
# name: arm, layers, dim, heads, context, batch
CASES = {
    "check separated": ("separated", 2, 32, 4, 32, 16),
    "issue standard": ("standard", 3, 96, 4, 64, 32),
    "issue separated": ("separated", 3, 96, 4, 64, 32),
    "issue pause": ("pause", 3, 96, 4, 64, 32),
}


def run(cmd):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout.split()
    return float(out[1]), float(out[3])


def main():
    require_optimised_blas()
    bench = sys.argv[1]
    repeats = sys.argv[2] if len(sys.argv) > 2 else "5"
    peer = [sys.executable, os.path.join(HERE, "peer.py")]
    print(f"{'case':<20}{'assay ms':>10}{'peer ms':>10}{'ratio':>8}")
    for name, case in CASES.items():
        args = [*map(str, case), str(VOCAB), repeats]
        ours, our_loss = run([bench, *args])
        theirs, their_loss = run([*peer, *args])
        if abs(our_loss - their_loss) > 0.1:
            raise SystemExit(f"{name}: first losses disagree: {our_loss} vs {their_loss}")
        print(f"{name:<20}{ours:>10.3f}{theirs:>10.3f}{theirs / ours:>8.2f}")


if __name__ == "__main__":
    main()
