"""Runs bench_qnn_spectral and its NumPy peer on the same circuits and prints the ratios.

Usage: /usr/bin/python3 plugins/qnn_spectral/bench/compare.py BUILD/bin/bench_qnn_spectral [REPEATS]
Both sides: median over REPEATS (default 5) of the CPU time per batch of 32 inputs, one thread.
Agreement: f(x_i) and every df(x_i)/dtheta_k within 1e-10 (both are exact up to round-off of a
few hundred 2 x 2 rotations on unit vectors, ~1e-14).
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../bench"))
from peer_blas import require_optimised_blas  # noqa: E402

TOLERANCE = 1e-10


def run(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return {row["qubits"]: row for row in map(json.loads, out.splitlines())}


def max_difference(a, b):
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    require_optimised_blas()
    repeats = sys.argv[2] if len(sys.argv) > 2 else "5"
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")
    ours = run([sys.argv[1], repeats])
    theirs = run([sys.executable, peer, repeats])
    print(f"load average (1, 5, 15 min): {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print(f"{'qubits':>6} {'params':>6} {'max |diff|':>10} {'fwd assay ms':>12} "
          f"{'fwd numpy ms':>12} {'ratio':>6} {'grad assay ms':>13} {'grad numpy ms':>13} "
          f"{'ratio':>6}")
    agree = True
    for n, a in ours.items():
        t = theirs[n]
        diff = max(max_difference(a["values"], t["values"]),
                   max_difference(a["jacobian"], t["jacobian"]))
        agree &= diff <= TOLERANCE
        print(f"{n:>6} {a['params']:>6} {diff:>10.1e} {1e3 * a['forward_s']:>12.4f} "
              f"{1e3 * t['forward_s']:>12.4f} {t['forward_s'] / a['forward_s']:>6.1f} "
              f"{1e3 * a['gradient_s']:>13.4f} {1e3 * t['gradient_s']:>13.4f} "
              f"{t['gradient_s'] / a['gradient_s']:>6.1f}")
    print(f"agreement within {TOLERANCE:g}: {'yes' if agree else 'NO'}")
    sys.exit(0 if agree else 1)


if __name__ == "__main__":
    main()
