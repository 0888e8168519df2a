"""Runs the decoding benchmark and its PyTorch peer side by side and prints the ratios.

Usage: /usr/bin/python3 bench/nn/decode_compare.py BUILD/bin/bench_nn_decode [REPEATS] [CASE]
Both sides decode greedily, one thread, and report the median CPU time over REPEATS calls as
tokens per second, with the key/value cache and without it; "speedup" is cached/uncached on each
side, "assay/torch" the ratio of tokens per second with the cache and without it.
"""
from compare import run_both


def main():
    ours, theirs = run_both(__doc__, "decode_peer.py", "3")
    print(f"{'case':<14} {'assay cached':>12} {'uncached':>9} {'speedup':>8} "
          f"{'torch cached':>12} {'uncached':>9} {'speedup':>8} {'assay/torch':>12} {'uncached':>9}")
    for case, figures in ours.items():
        a_cached, a_uncached = (float(v) for v in figures.split())
        t_cached, t_uncached = (float(v) for v in theirs[case].split())
        print(f"{case:<14} {a_cached:12.0f} {a_uncached:9.0f} {a_cached / a_uncached:8.2f} "
              f"{t_cached:12.0f} {t_uncached:9.0f} {t_cached / t_uncached:8.2f} "
              f"{a_cached / t_cached:12.2f} {a_uncached / t_uncached:9.2f}")


if __name__ == "__main__":
    main()
