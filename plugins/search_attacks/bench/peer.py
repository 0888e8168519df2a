"""The Python peer of bench_search_attacks: the same rollouts (corpus, questions, injected
documents and reader weights read from DIR) with a vectorised NumPy BM25 in the style of
rank_bm25's BM25Okapi (k1 1.5, b 0.75, Lucene's idf as the plugin) over a dense term-frequency
matrix, and the reader as a PyTorch MLP. Prints "rollouts_per_s X answers A".

    /usr/bin/python3 peer.py DIR [REPEATS]
"""
import sys
import time

import numpy as np
import torch

K1, B = 1.5, 0.75


def read_ints(line):
    return [int(x) for x in line.split()]


class Corpus:
    def __init__(self, path):
        with open(path) as f:
            self.entities, self.relations, self.vocab, self.k = read_ints(f.readline())
            docs = [read_ints(line) for line in f]
        self.n = len(docs)
        self.tf = np.zeros((self.n, self.vocab))
        for d, tokens in enumerate(docs):
            np.add.at(self.tf[d], tokens, 1)
        self.length = self.tf.sum(axis=1)
        self.df = (self.tf > 0).sum(axis=0)
        self.docs = docs

    def top_k(self, query, added):
        """Scores of corpus + added documents; the k best, ties by lower id."""
        n = self.n + len(added)
        added_len = np.array([len(d) for d in added], dtype=float)
        mean_len = (self.length.sum() + added_len.sum()) / n
        scores = np.zeros(self.n)
        added_scores = np.zeros(len(added))
        for t in query:
            added_tf = np.array([d.count(t) for d in added], dtype=float)
            df = self.df[t] + (added_tf > 0).sum()
            idf = np.log(1 + (n - df + 0.5) / (df + 0.5))
            tf = self.tf[:, t]
            scores += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * self.length / mean_len))
            added_scores += idf * added_tf * (K1 + 1) / (
                added_tf + K1 * (1 - B + B * added_len / mean_len))
        all_scores = np.concatenate([scores, added_scores])
        ids = np.flatnonzero(all_scores > 0)
        order = np.lexsort((ids, -all_scores[ids]))[: self.k]
        return ids[order], all_scores[ids[order]]


class Reader(torch.nn.Module):
    def __init__(self, path):
        super().__init__()
        tensors = {}
        with open(path) as f:
            lines = f.read().split("\n")
        i = 0
        while i < len(lines) and lines[i]:
            name = lines[i]
            rows, cols = read_ints(lines[i + 1])
            data = [[float(x) for x in lines[i + 2 + r].split()] for r in range(rows)]
            tensors[name] = torch.tensor(data, dtype=torch.float32)
            i += 2 + rows
        self.hidden = torch.nn.Linear(*tensors["reader.0.weight"].shape[::-1])
        self.out = torch.nn.Linear(*tensors["reader.1.weight"].shape[::-1])
        with torch.no_grad():
            self.hidden.weight.copy_(tensors["reader.0.weight"])
            self.hidden.bias.copy_(tensors["reader.0.bias"].reshape(-1))
            self.out.weight.copy_(tensors["reader.1.weight"])
            self.out.bias.copy_(tensors["reader.1.bias"].reshape(-1))

    def forward(self, x):
        return self.out(torch.relu(self.hidden(x))).reshape(-1)


def features(c, subject, relation, hits, scores, texts, words):
    """The plugin's read_passages: word counts up to 3, then six retrieval features."""
    x = np.zeros((len(hits), words + 6), dtype=np.float32)
    candidates = []
    word0 = c.entities + c.relations
    for i, tokens in enumerate(texts):
        candidate, subject_count, has_relation, subject_first = -1, 0, False, False
        for t in tokens:
            if t == subject:
                subject_count += 1
            elif t < c.entities:
                candidate = t
                subject_first = subject_count > 0
            elif t == c.entities + relation:
                has_relation = True
            elif t >= word0:
                x[i, t - word0] = min(3.0, x[i, t - word0] + 1)
        x[i, words:] = [subject_count > 0, min(subject_count, 4) / 4, has_relation,
                        scores[i] / scores[0], i / len(hits), subject_first]
        candidates.append(candidate)
    return x, candidates


def choose(reader, x, candidates):
    with torch.no_grad():
        s = reader(torch.from_numpy(x))
        s[torch.tensor([c < 0 for c in candidates])] = -float("inf")
        if all(c < 0 for c in candidates):
            return -1
        mass = torch.softmax(s, 0).numpy()
    best, best_mass = -1, 0.0
    for i, c in enumerate(candidates):
        if c < 0:
            continue
        m = sum(mass[j] for j, d in enumerate(candidates) if d == c)
        if m > best_mass:
            best, best_mass = c, m
    return best


def run_agent(c, reader, words, start, relations, added):
    at = start
    for r in relations:
        ids, scores = c.top_k([at, c.entities + r], added)
        texts = [c.docs[d] if d < c.n else added[d - c.n] for d in ids]
        x, candidates = features(c, at, r, ids, scores, texts, words)
        at = choose(reader, x, candidates)
        if at < 0:
            return -1
    return at


def main():
    torch.set_num_threads(1)
    folder = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    c = Corpus(folder + "/documents.txt")
    reader = Reader(folder + "/reader.txt")
    words = reader.hidden.weight.shape[1] - 6
    rollouts = []
    with open(folder + "/rollouts.txt") as f:
        lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        head = read_ints(lines[i])
        added = [read_ints(lines[i + 1 + j]) for j in range(head[1])]
        rollouts.append((head[0], head[2:], added))
        i += 1 + head[1]
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        answers = [run_agent(c, reader, words, s, rel, added) for s, rel, added in rollouts]
        rates.append(len(rollouts) / (time.perf_counter() - start))
    rates.sort()
    print("rollouts_per_s", rates[len(rates) // 2], "answers", ",".join(map(str, answers)))


if __name__ == "__main__":
    main()
