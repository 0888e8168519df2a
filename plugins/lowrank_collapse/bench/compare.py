"""Runs bench_lowrank_collapse and its PyTorch peer on the same problems and prints CPU times
and the ratio torch / assay.

Usage: /usr/bin/python3 plugins/lowrank_collapse/bench/compare.py BUILD/bin/bench_lowrank_collapse [REPEATS]
Both sides report the median over REPEATS (default 3) of the CPU time of one training run with
its spectrum logging, one thread each. The two sides draw different random numbers, so their
trajectories differ; as a check that they do the same work, their late-training losses (which
the irreducible I-CFM variance dominates) must agree within 10%.
"""
import os
import subprocess
import sys

# name: n_train, width, depth, steps, batch, log_interval
PROBLEMS = {
    "check": (2000, 64, 2, 600, 256, 100),  # the scale of the plugin's checks
    "pipeline": (2000, 128, 3, 2000, 256, 50),  # the paper-scale pipeline's run
}


def run(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return {line.split()[0]: float(line.split()[1]) for line in out.splitlines()}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    bench, repeats = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "3"
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer.py")
    print("load average:", " ".join(f"{v:.2f}" for v in os.getloadavg()))
    print(f"{'problem':<9} {'assay ms':>9} {'torch ms':>9} {'torch/assay':>12} "
          f"{'assay loss':>11} {'torch loss':>11}")
    failed = False
    for name, sizes in PROBLEMS.items():
        args = [str(v) for v in sizes] + [repeats]
        ours = run([bench] + args)
        theirs = run([sys.executable, peer] + args)
        ratio = theirs["cpu_ms"] / ours["cpu_ms"]
        print(f"{name:<9} {ours['cpu_ms']:9.0f} {theirs['cpu_ms']:9.0f} {ratio:12.2f} "
              f"{ours['loss']:11.4f} {theirs['loss']:11.4f}")
        if abs(ours["loss"] - theirs["loss"]) > 0.1 * theirs["loss"]:
            print(f"{name}: late losses differ by more than 10%")
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
