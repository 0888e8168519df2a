"""The peer of bench_stdlib: the same fortunes documents encoded by SentencePiece's Python
binding (python3-sentencepiece) with the same model, and 10^6 tokens cut into windows by NumPy.

Usage: /usr/bin/python3 plugins/stdlib/bench/peer.py MODEL_FILE REPEATS
"""
import os
import sys
import time

import numpy as np
import sentencepiece as spm

ROOT = "/usr/share/games/fortunes"
WINDOW_LENGTH, WINDOWS = 128, 7813  # 1,000,064 tokens


def fortune_files():
    """The fortune files (no extension; .dat are indexes, .u8 symlinks), sorted by name."""
    return sorted(n for n in os.listdir(ROOT)
                  if "." not in n and os.path.isfile(os.path.join(ROOT, n)))


def documents():
    """Every fortune: the text between lines holding only '%', with its final newline."""
    docs = []
    for name in fortune_files():
        with open(os.path.join(ROOT, name), encoding="utf-8", newline="") as f:
            piece = []
            for line in f:
                if line.rstrip("\n") == "%":
                    if piece:
                        docs.append("".join(piece))
                    piece = []
                else:
                    piece.append(line)
            if piece:
                docs.append("".join(piece))
    return docs


def median_cpu_time(repeats, f):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        f()
        times.append(time.process_time() - start)
    return sorted(times)[len(times) // 2]


def main():
    model_file, repeats = sys.argv[1], int(sys.argv[2])
    sp = spm.SentencePieceProcessor(model_file=model_file)
    docs = documents()
    result = {}

    def encode():
        result["ids"] = np.fromiter(
            (i for piece in sp.encode(docs, num_threads=1) for i in piece), dtype=np.int64)

    encode_time = median_cpu_time(repeats, encode)
    ids = result["ids"]

    def batch():
        rng = np.random.default_rng(1)
        starts = rng.integers(0, len(ids) - WINDOW_LENGTH, size=WINDOWS)
        index = starts[:, None] + np.arange(WINDOW_LENGTH)
        result["inputs"], result["targets"] = ids[index], ids[index + 1]

    batch_time = median_cpu_time(repeats, batch)
    print(f"documents {len(docs)}\ntokens {len(ids)}\nid_sum {int(ids.sum())}\n"
          f"window_tokens {result['inputs'].size}\ntime encode {encode_time}\n"
          f"time batch {batch_time}")


if __name__ == "__main__":
    main()
