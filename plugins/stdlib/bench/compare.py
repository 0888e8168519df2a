"""Runs bench_stdlib and its peer (peer.py) on the same model and corpus, checks that they
encoded the same tokens, and prints the CPU-time ratio peer / assay per task.

Usage: /usr/bin/python3 plugins/stdlib/bench/compare.py BUILD/bin/bench_stdlib [REPEATS]
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def parse(text):
    out = {}
    for line in text.splitlines():
        words = line.split()
        out[" ".join(words[:-1])] = float(words[-1])
    return out


def main():
    bench, repeats = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "5"
    with tempfile.TemporaryDirectory() as folder:
        model = os.path.join(folder, "fortunes.model")
        trained = parse(subprocess.run([bench, "train", model], check=True,
                                       capture_output=True, text=True).stdout)
        ours = parse(subprocess.run([bench, "run", model, repeats], check=True,
                                    capture_output=True, text=True).stdout)
        theirs = parse(subprocess.run(["/usr/bin/python3", os.path.join(HERE, "peer.py"), model,
                                       repeats], check=True, capture_output=True, text=True).stdout)
    for key in ("documents", "tokens", "id_sum", "window_tokens"):
        if ours[key] != theirs[key]:
            sys.exit(f"disagreement on {key}: assay {ours[key]:.0f}, peer {theirs[key]:.0f}")
    print(f"training (assay only, vocabulary 4000): {trained['time train']:.3f} s CPU")
    print(f"{ours['documents']:.0f} documents, {ours['tokens']:.0f} tokens (both sides), "
          f"{ours['window_tokens']:.0f} window tokens")
    print(f"{'task':<8} {'peer s':>9} {'assay s':>9} {'peer/assay':>11}")
    for task in ("encode", "batch"):
        peer, assay = theirs["time " + task], ours["time " + task]
        print(f"{task:<8} {peer:9.4f} {assay:9.4f} {peer / assay:11.2f}")


if __name__ == "__main__":
    main()
