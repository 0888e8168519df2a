"""Runs bench_uncanny_valley and its SentencePiece-Python / NumPy peer (peer.py) on the same
documents and model; prints CPU times and the ratio peer / assay, one thread each.

Usage: /usr/bin/python3 plugins/uncanny_valley/bench/compare.py BUILD/bin/bench_uncanny_valley [REPEATS]
The documents are fortunes-min's three files; the model is stdlib's BPE at vocabulary 1024
trained on them by the C++ side. Median CPU time of REPEATS (default 5) runs: fragmenting every
document at the nine rates, and the exact entropy curve at the nine rates. Both sides compute
the same exact expectation, so their entropies must agree to 1e-9 relative.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from peer_blas import require_optimised_blas  # noqa: E402

FILES = [f"/usr/share/games/fortunes/{name}" for name in ("fortunes", "literature", "riddles")]
VOCAB = 1024
TOLERANCE = 1e-9


def run(cmd):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout.split()
    return float(out[1]), [float(v) for v in out[2:]]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    bench = sys.argv[1]
    repeats = sys.argv[2] if len(sys.argv) > 2 else "5"
    peer = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")]
    with tempfile.TemporaryDirectory() as folder:
        model = os.path.join(folder, "bpe.model")
        subprocess.run([bench, "model", model, str(VOCAB), *FILES], check=True)
        print(f"{'case':<28}{'assay ms':>10}{'peer ms':>10}{'ratio':>8}")
        for case in ("fragment", "entropy"):
            ours, a = run([bench, case, model, repeats, *FILES])
            theirs, b = run([*peer, case, model, repeats, *FILES])
            print(f"{case + ' (9 rates)':<28}{ours:>10.1f}{theirs:>10.1f}{theirs / ours:>8.2f}")
            if case == "entropy":
                worst = max(abs(x - y) / abs(y) for x, y in zip(a, b))
                print(f"entropies agree within {worst:.2e} relative (tolerance {TOLERANCE})")
                if len(a) != len(b) or worst > TOLERANCE:
                    raise SystemExit("entropies disagree")


if __name__ == "__main__":
    main()
