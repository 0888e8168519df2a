"""NumPy peer of bench_qnn_spectral: the same data re-uploading circuit, simulated as a batch of
state vectors (one per input x), with the adjoint gradient vectorised over the batch.

Circuit (as plugins/qnn_spectral/reuploading_circuit.cpp): W_0, then L times [RX(s_j x) on
every qubit, W_l], then (n > 1) floor(n/2) - 1 more W and RZ RY RZ on every qubit (the readout
block); W = RZ RY RZ on every qubit then a CZ ring (one CZ for 2 qubits); exponential
scales s_j = 2^j; f(x) = <Z_0>; qubit q is bit q of the basis index.

Usage: /usr/bin/python3 peer.py [REPEATS]; prints one JSON object per size, like the C++ side.
"""
import json
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402  (thread limits must be set before the import)

LAYERS, POINTS, QUBITS = 2, 32, (2, 4, 6, 8, 10)
PAULI = {
    "rz": np.array([[1, 0], [0, -1]], dtype=complex),
    "ry": np.array([[0, -1j], [1j, 0]], dtype=complex),
    "rx": np.array([[0, 1], [1, 0]], dtype=complex),
}


def rotation(kind, angle):
    """exp(-i angle G / 2) for a scalar or an array of angles: shape angle.shape + (2, 2)."""
    a = np.asarray(angle, dtype=float)[..., None, None] / 2
    return np.cos(a) * np.eye(2) - 1j * np.sin(a) * PAULI[kind]


def build_circuit(n, layers):
    """Gates as (kind, qubit, other, param index or encoding scale)."""
    gates, params, j = [], 0, 0

    def rotations():
        nonlocal params
        for q in range(n):
            for kind in ("rz", "ry", "rz"):
                gates.append((kind, q, 0, params))
                params += 1

    def block():
        rotations()
        ring = [(0, 1)] if n == 2 else [(q, (q + 1) % n) for q in range(n)] if n > 2 else []
        gates.extend(("cz", a, b, None) for a, b in ring)

    block()
    for _ in range(layers):
        for q in range(n):
            gates.append(("rx", q, 0, 2.0 ** j))
            j += 1
        block()
    # The readout block: floor(n/2) - 1 more W, then rotations, so every RX reaches <Z_0>.
    if n > 1:
        for _ in range(1, n // 2):
            block()
        rotations()
    return gates, params


class Simulator:
    """Batched state vectors psi[b, i]; gates act on the axis of their qubit."""

    def __init__(self, n, gates, theta, x):
        self.n, self.gates, self.batch = n, gates, len(x)
        index = np.arange(2 ** n)
        bits = (index[:, None] >> np.arange(n)) & 1
        self.cz_sign = {
            (a, b): np.where(bits[:, a] & bits[:, b], -1.0, 1.0)
            for kind, a, b, _ in gates if kind == "cz"
        }
        self.z0_sign = np.where(bits[:, 0], -1.0, 1.0)
        # Matrices: trainable rotations shared by the batch, encodings one per input.
        self.mats = [
            rotation(kind, theta[p]) if kind in ("rz", "ry") else
            rotation(kind, p * x) if kind == "rx" else None
            for kind, _, _, p in gates
        ]

    def apply(self, psi, g, matrix):
        kind, q, other, _ = self.gates[g]
        if kind == "cz":
            return psi * self.cz_sign[(q, other)]
        t = psi.reshape(self.batch, 2 ** (self.n - q - 1), 2, 2 ** q)
        if kind == "rz":  # diagonal, and shared by the batch
            return (t * matrix.diagonal()[:, None]).reshape(self.batch, -1)
        if matrix.ndim == 3:  # one matrix per input
            matrix = matrix[:, None]
        return (matrix @ t).reshape(self.batch, -1)

    def forward(self):
        psi = np.zeros((self.batch, 2 ** self.n), dtype=complex)
        psi[:, 0] = 1
        for g, m in enumerate(self.mats):
            psi = self.apply(psi, g, m)
        return psi

    def values(self):
        return (np.abs(self.forward()) ** 2) @ self.z0_sign

    def values_and_jacobian(self, params):
        psi = self.forward()
        f = (np.abs(psi) ** 2) @ self.z0_sign
        lam = psi * self.z0_sign
        jac = np.empty((self.batch, params))
        for g in reversed(range(len(self.gates))):
            kind, _, _, p = self.gates[g]
            m = self.mats[g]
            if kind in ("rz", "ry"):
                # df/dtheta = 2 Re <lam| (-i G / 2) |psi> = Im <lam| G |psi>.
                gpsi = self.apply(psi, g, PAULI[kind])
                jac[:, p] = np.einsum("bi,bi->b", lam.conj(), gpsi).imag
            inverse = None if m is None else np.swapaxes(m, -1, -2).conj()
            psi, lam = self.apply(psi, g, inverse), self.apply(lam, g, inverse)
        return f, jac


def golden_angles(params):
    t = np.arange(params) * 0.6180339887498949
    return 2 * np.pi * (t - np.floor(t))


def median_cpu_seconds(repeats, body):
    per_call = []
    for _ in range(repeats):
        calls, start = 0, time.process_time()
        while True:
            body()
            calls += 1
            elapsed = time.process_time() - start
            if elapsed >= 0.05:
                break
        per_call.append(elapsed / calls)
    return float(np.median(per_call))


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    x = 2 * np.pi * np.arange(POINTS) / POINTS
    for n in QUBITS:
        gates, params = build_circuit(n, LAYERS)
        theta = golden_angles(params)
        # Gate matrices are part of the work on both sides: rebuild them in every call.
        forward = median_cpu_seconds(repeats, lambda: Simulator(n, gates, theta, x).values())
        gradient = median_cpu_seconds(
            repeats, lambda: Simulator(n, gates, theta, x).values_and_jacobian(params))
        f, jac = Simulator(n, gates, theta, x).values_and_jacobian(params)
        print(json.dumps({"qubits": n, "layers": LAYERS, "points": POINTS, "params": params,
                          "forward_s": forward, "gradient_s": gradient,
                          "values": f.tolist(), "jacobian": jac.ravel().tolist()}))


if __name__ == "__main__":
    main()
