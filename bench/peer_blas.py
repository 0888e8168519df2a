"""The BLAS the Python peers run on: found, printed, and required to be an optimised one.

Every plugins/*/bench/compare.py and bench/*/compare.py calls require_optimised_blas() before it
runs a peer. A peer on Debian's reference BLAS (what libblas.so.3 points at until OpenBLAS is
installed) does dense products 10-20x slower than on OpenBLAS, so a ratio against it would
overstate Assay's speed; the call then exits 2 and says how to install OpenBLAS. It probes in a child process of the same
interpreter and environment as the peers (compare.py starts each peer that way), so what it
reports is what the peers load: the BLAS library mapped into the process (/proc/self/maps),
OpenBLAS's kernel family (threadpoolctl; openblas_get_corename without it), and one-thread dgemm
speed.

OpenBLAS 0.3.21 (Debian 12) picks its kernels from the CPU model and falls back to its generic
Prescott (SSE3) kernels for models it does not know, such as this sandbox's (family 6, model
207), which makes it no faster than the reference BLAS. When that happens and the user has not
chosen OPENBLAS_CORETYPE, the kernel family for the instruction set the CPU reports is set for
the peers (SkylakeX for AVX-512, Haswell for AVX2) and the probe is repeated.

    /usr/bin/python3 bench/peer_blas.py    prints the report, exits 2 on the reference BLAS
"""
import json
import os
import subprocess
import sys

INSTALL_HINT = ("install OpenBLAS with `scripts/bootstrap --bench` (or `apt-get install "
                "libopenblas0-pthread`; Debian's alternatives then point libblas.so.3 at it)")
OPTIMISED_LIBRARIES = ("openblas", "mkl", "blis", "atlas")
# OpenBLAS kernel families that use AVX2 or AVX-512 (openblas_get_corename, lower case).
VECTOR_CORES = {"haswell", "skylakex", "cooperlake", "sapphirerapids", "zen"}
DGEMM_SIZE = 512


def probe():
    """Runs in the child: loads NumPy as a peer does and reports its BLAS as one JSON line."""
    import time

    import numpy as np

    a = np.random.default_rng(0).random((DGEMM_SIZE, DGEMM_SIZE))
    a @ a
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        a @ a
        best = min(best, time.perf_counter() - start)
    with open("/proc/self/maps") as maps:
        mapped = {line.split()[-1] for line in maps if "/" in line}
    blas = sorted(os.path.realpath(p) for p in mapped
                  if any(k in os.path.basename(p) for k in ("blas", "lapack", "mkl", "blis")))
    try:
        import threadpoolctl
        pools = [{k: info.get(k) for k in ("internal_api", "version", "architecture", "filepath")}
                 for info in threadpoolctl.threadpool_info() if info["user_api"] == "blas"]
    except ImportError:  # without python3-threadpoolctl, ask OpenBLAS itself
        pools = [{"internal_api": "openblas", "version": None, "filepath": p,
                  "architecture": openblas_corename(p)} for p in blas if "libopenblas" in p]
    print(json.dumps({"numpy": np.__version__, "blas": blas, "pools": pools,
                      "gflops": 2 * DGEMM_SIZE**3 / best / 1e9}))


def openblas_corename(path):
    import ctypes

    corename = ctypes.CDLL(path).openblas_get_corename
    corename.restype = ctypes.c_char_p
    return corename().decode()


def run_probe():
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--probe"], check=True,
                         capture_output=True, text=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def cpu_flags():
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    return set()


def vector_core_for_cpu():
    """The OpenBLAS kernel family for the widest vector instructions this CPU reports."""
    flags = cpu_flags()
    if {"avx512f", "avx512dq", "avx512bw", "avx512vl"} <= flags:
        return "SkylakeX"
    if {"avx2", "fma"} <= flags:
        return "Haswell"
    return None


def openblas_core(report):
    cores = [p["architecture"] for p in report["pools"] if p["internal_api"] == "openblas"]
    return cores[0] if cores else None


def describe(report):
    pools = "; ".join(f"{p['internal_api']} {p['version']}, kernels {p['architecture']}"
                      for p in report["pools"]) or "no BLAS known to threadpoolctl"
    return (f"peer BLAS: {', '.join(report['blas']) or 'none mapped'} ({pools}); NumPy "
            f"{report['numpy']}; dgemm {DGEMM_SIZE}^3 on one thread {report['gflops']:.1f} GFLOP/s")


def refuse(report, why):
    print(describe(report), file=sys.stderr)
    print(f"bench: peer BLAS: {why}", file=sys.stderr)
    sys.exit(2)


def require_optimised_blas():
    """Prints the peers' BLAS and kernels; exits 2 unless they are an optimised BLAS's."""
    report = run_probe()
    if not any(k in os.path.basename(p) for p in report["blas"] for k in OPTIMISED_LIBRARIES):
        refuse(report, "NumPy runs on the reference BLAS: a ratio against it would overstate "
               f"Assay's speed; {INSTALL_HINT}")
    core, wanted = openblas_core(report), vector_core_for_cpu()
    if core and wanted and core.lower() not in VECTOR_CORES:
        if "OPENBLAS_CORETYPE" in os.environ:
            refuse(report, f"OPENBLAS_CORETYPE={os.environ['OPENBLAS_CORETYPE']} gives OpenBLAS's "
                   f"{core} kernels, which do not use this CPU's vector units; unset it or "
                   f"choose {wanted}")
        print(f"OpenBLAS chose its generic {core} kernels for this CPU model; the peers run "
              f"with OPENBLAS_CORETYPE={wanted}, the kernels for the CPU's instruction set")
        os.environ["OPENBLAS_CORETYPE"] = wanted
        report = run_probe()
    print(describe(report))
    sys.stdout.flush()


if __name__ == "__main__":
    if sys.argv[1:] == ["--probe"]:
        probe()
    else:
        require_optimised_blas()
