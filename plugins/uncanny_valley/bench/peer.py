"""The Python peer of bench_uncanny_valley: the same computations written with SentencePiece's
Python binding and NumPy / SciPy, one thread. Same arguments and output as the C++ side
(without `model`): `fragment|entropy MODEL REPEATS FILE...`.

fragment: every document fragmented at each rate, a uniform draw per gap (random perturbation).
entropy:  the exact expected token counts of the random perturbation at each rate (every
          segment of every distinct space-led piece encoded once, in one batch; a sparse
          segments x vocabulary count matrix weighted per rate) and their Shannon / Renyi-2.5
          entropies.
"""
import random
import sys
import time
from collections import Counter

import numpy as np
import scipy.sparse as sparse
import sentencepiece as spm

RATES = [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1]
SEPARATORS = set(" \t\n\r\v\f")


def fortunes(path):
    documents, current = [], []
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines():
            if line == "%":
                if current:
                    documents.append("".join(current))
                current = []
            else:
                current.append(line + "\n")
    if current:
        documents.append("".join(current))
    return documents


def gaps(text):
    return [i for i in range(1, len(text))
            if text[i] not in SEPARATORS and text[i - 1] not in SEPARATORS]


def fragment(text, p, rng):
    out, start = [], 0
    for g in gaps(text):
        if rng.random() < p:
            out.append(text[start:g])
            start = g
    out.append(text[start:])
    return " ".join(out), len(out) - 1


def pieces(document):
    out, start = [], 0
    for i in range(1, len(document)):
        if document[i] == " " and document[i - 1] != " ":
            out.append(document[start:i])
            start = i
    out.append(document[start:])
    return out


def entropy_curve(sp, documents):
    counts = Counter(piece for d in documents for piece in pieces(d))
    texts, multiplicity, cut_ends, inside = [], [], [], []
    for piece, count in counts.items():
        g = gaps(piece)
        at = [0] + g + [len(piece)]
        m = len(g)
        for a in range(-1, m):
            for b in range(a + 1, m + 1):
                segment = piece[at[a + 1]:at[b + 1]]
                texts.append(segment if a < 0 else " " + segment)
                multiplicity.append(count)
                cut_ends.append((a >= 0) + (b < m))
                inside.append(b - a - 1)
    ids = sp.encode(texts)
    rows = np.repeat(np.arange(len(ids)), [len(i) for i in ids])
    cols = np.fromiter((t for i in ids for t in i), dtype=np.int64)
    tokens = sparse.csr_matrix((np.ones(len(cols)), (rows, cols)),
                               shape=(len(ids), sp.get_piece_size()))
    multiplicity, cut_ends, inside = map(np.asarray, (multiplicity, cut_ends, inside))
    values = []
    for p in RATES:
        weight = multiplicity * np.power(p, cut_ends) * np.power(1 - p, inside)
        expected = tokens.T @ weight
        q = expected[expected > 0] / expected.sum()
        values += [float(-(q * np.log2(q)).sum()), float(np.log2((q ** 2.5).sum()) / (1 - 2.5))]
    return values


def median_ms(repeats, f):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        result = f()
        times.append(1000 * (time.process_time() - start))
    return sorted(times)[len(times) // 2], result


def main():
    what, model, repeats, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    documents = [d for f in files for d in fortunes(f)]
    sp = spm.SentencePieceProcessor(model_file=model)
    if what == "fragment":
        rng = random.Random(1)
        ms, inserted = median_ms(repeats, lambda: sum(
            fragment(d, p, rng)[1] for p in RATES for d in documents))
        print("fragment", ms, inserted)
    else:
        ms, values = median_ms(repeats, lambda: entropy_curve(sp, documents))
        print("entropy", ms, *(repr(v) for v in values))


if __name__ == "__main__":
    main()
