"""NumPy peer of bench_qnn_spectral: the same data re-uploading circuit, simulated as a batch of
state vectors (one per input x), with the adjoint gradient vectorised over the batch.

Circuit (as plugins/qnn_spectral/reuploading_circuit.cpp): W_0, then L times [RX(s_j x) on
every qubit, W_l], then (n > 1) floor(n/2) - 1 more W and RZ RY RZ on every qubit (the readout
block); W = RZ RY RZ on every qubit then a CZ ring (one CZ for 2 qubits); exponential
scales s_j = 2^j; f(x) = <Z_0>; qubit q is bit q of the basis index.

The states are one array psi[i, b] (basis index, input), the batch the fast axis, so that every
gate's work is whole contiguous rows even on the low qubits. Per call, the gates' matrices are
built in vectorised calls: all RZ phases, all RY matrices, all encoding RX entries for every
input, and from them every qubit's fused RZ RY RZ matrix at once. The passes over the states are
the C++ simulator's: the forward sweep applies each RZ RY RZ triple as one matrix product on the
(high, 2, low * batch) view (its qubit the axis of length 2), each CZ layer as one in-place
product with its precomputed signs, each RX (one matrix per input) as products of its entries
with the two halves. The adjoint sweep undoes the gates one by one (each needs its own
derivative): RY as a matrix product, RZ as two in-place phase products, a CZ layer as its signs,
each derivative for the whole batch by two einsum contractions.

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


def build_circuit(n, layers):
    """Gates as (kind, qubit, other, slot): slot indexes the kind's own list of angles (rz, ry:
    their parameter indices; rx: their encoding scales)."""
    gates, slots = [], {"rz": [], "ry": [], "rx": []}
    params, j = 0, 0

    def add(kind, qubit, angle):
        gates.append((kind, qubit, 0, len(slots[kind])))
        slots[kind].append(angle)

    def rotations():
        nonlocal params
        for q in range(n):
            for kind in ("rz", "ry", "rz"):
                add(kind, q, params)
                params += 1

    def block():
        rotations()
        ring = [(0, 1)] if n == 2 else [(q, (q + 1) % n) for q in range(n)] if n > 2 else []
        gates.extend(("cz", a, b, None) for a, b in ring)

    block()
    for _ in range(layers):
        for q in range(n):
            add("rx", q, 2.0 ** j)
            j += 1
        block()
    # The readout block: floor(n/2) - 1 more W, then rotations, so every RX reaches <Z_0>.
    if n > 1:
        for _ in range(1, n // 2):
            block()
        rotations()
    return Circuit(n, gates, {k: np.array(v) for k, v in slots.items()}, params)


def is_triple(gates, g):
    """Whether gates g, g+1, g+2 are RZ RY RZ on one qubit."""
    kinds = [(kind, q) for kind, q, _, _ in gates[g:g + 3]]
    return len(kinds) == 3 and [k for k, _ in kinds] == ["rz", "ry", "rz"] and \
        len({q for _, q in kinds}) == 1


class Circuit:
    """The gate list with what does not depend on the angles: the passes of both sweeps (a CZ
    layer as its signs, the triples' slots) and the Z_0 signs."""

    def __init__(self, n, gates, slots, params):
        self.n, self.gates, self.params = n, gates, params
        self.rz_params, self.ry_params = slots["rz"].astype(int), slots["ry"].astype(int)
        self.rx_scales = slots["rx"]
        self.bits = (np.arange(2 ** n)[:, None] >> np.arange(n)) & 1
        self.z0_sign = np.where(self.bits[:, 0], -1.0, 1.0)
        self.forward_passes, self.backward_passes, triples = [], [], []
        g = 0
        while g < len(gates):
            if gates[g][0] == "cz":
                end = next((e for e in range(g, len(gates)) if gates[e][0] != "cz"), len(gates))
                layer = ("signs", self.layer_signs(gates[g:end]))
                self.forward_passes.append(layer)
                self.backward_passes.append(layer)
            elif is_triple(gates, g):
                end = g + 3
                self.forward_passes.append(("triple", gates[g][1], len(triples)))
                triples.append([gates[k][3] for k in range(g, end)])
                self.backward_passes.extend(("gate", gates[k]) for k in range(g, end))
            else:
                end = g + 1
                self.forward_passes.append(("gate", gates[g]))
                self.backward_passes.append(("gate", gates[g]))
            g = end
        self.backward_passes.reverse()
        self.triples = np.array(triples, dtype=int).reshape(-1, 3)  # rz, ry, rz slots

    def layer_signs(self, layer):
        """(-1)^(number of the layer's CZs with both qubits 1) per basis index, shape (2^n, 1)."""
        parity = np.zeros(2 ** self.n, dtype=int)
        for _, a, b, _ in layer:
            parity ^= self.bits[:, a] & self.bits[:, b]
        return np.where(parity, -1.0, 1.0)[:, None]


class Matrices:
    """Every gate's matrix, built in three vectorised calls: the RZ diagonal phases, the real RY
    matrices, and the RX(s x) entries (cos, -i sin) per encoding gate and input."""

    def __init__(self, circuit, theta, x):
        half = theta[circuit.rz_params] / 2
        self.rz = np.stack([np.exp(-1j * half), np.exp(1j * half)], axis=1)
        half = theta[circuit.ry_params] / 2
        c, s = np.cos(half), np.sin(half)
        self.ry = np.stack([np.stack([c, -s], axis=1), np.stack([s, c], axis=1)], axis=1)
        half = np.multiply.outer(circuit.rx_scales, x) / 2
        self.rx = np.cos(half), -1j * np.sin(half)
        first, middle, last = circuit.triples.T  # U = RZ_last RY_middle RZ_first
        self.triple = self.rz[last][:, :, None] * self.ry[middle] * self.rz[first][:, None, :]


def halves(circuit, psi, qubit):
    """The amplitudes with the qubit's bit clear and set: views of shape (high, low, batch)."""
    t = psi.reshape(2 ** (circuit.n - qubit - 1), 2, 2 ** qubit, psi.shape[1])
    return t[:, 0], t[:, 1]


def apply(circuit, psi, gate, m, inverse=False):
    """The gate (or its inverse) on the states psi[i, b] (basis index, input), in place."""
    kind, q, other, slot = gate
    if kind == "ry":  # shared by the batch: one product on the qubit's axis
        t = psi.reshape(2 ** (circuit.n - q - 1), 2, -1)
        t[...] = (m.ry[slot].T if inverse else m.ry[slot]) @ t
        return
    a, b = halves(circuit, psi, q)
    if kind == "rz":
        phase = m.rz[slot].conj() if inverse else m.rz[slot]
        a *= phase[0]
        b *= phase[1]
        return
    c, mis = m.rx[0][slot], m.rx[1][slot]  # [[c, -is], [-is, c]], one per input
    mis = -mis if inverse else mis
    a_new = c * a + mis * b
    b *= c
    b += mis * a
    a[...] = a_new


def forward(circuit, m, batch):
    psi = np.zeros((2 ** circuit.n, batch), dtype=complex)
    psi[0] = 1
    for kind, *what in circuit.forward_passes:
        if kind == "signs":
            psi *= what[0]
        elif kind == "triple":
            qubit, triple = what
            t = psi.reshape(2 ** (circuit.n - qubit - 1), 2, -1)
            t[...] = m.triple[triple] @ t
        else:
            apply(circuit, psi, what[0], m)
    return psi


def expectation_z0(circuit, psi):
    return circuit.z0_sign @ (psi.real ** 2 + psi.imag ** 2)


def values(circuit, theta, x):
    return expectation_z0(circuit, forward(circuit, Matrices(circuit, theta, x), len(x)))


def derivative(circuit, psi, lam, gate):
    """Im <lam| G |psi> for every input: G = Z = diag(1, -1), or Y (Y|0> = i|1>)."""
    kind, q, _, _ = gate
    pa, pb = halves(circuit, psi, q)
    la, lb = halves(circuit, lam, q)
    if kind == "rz":
        return (np.einsum("hlb,hlb->b", la.conj(), pa) -
                np.einsum("hlb,hlb->b", lb.conj(), pb)).imag
    return (np.einsum("hlb,hlb->b", lb.conj(), pa) -
            np.einsum("hlb,hlb->b", la.conj(), pb)).real


def values_and_jacobian(circuit, theta, x):
    m = Matrices(circuit, theta, x)
    psi = forward(circuit, m, len(x))
    f = expectation_z0(circuit, psi)
    lam = psi * circuit.z0_sign[:, None]
    jac = np.empty((len(x), circuit.params))
    for pass_kind, what in circuit.backward_passes:
        if pass_kind == "signs":  # a CZ layer is its own inverse
            psi *= what
            lam *= what
            continue
        gate = what
        kind, _, _, slot = gate
        # A rotation commutes with its generator: the derivative is taken after the gate.
        if kind == "rz":
            jac[:, circuit.rz_params[slot]] = derivative(circuit, psi, lam, gate)
        elif kind == "ry":
            jac[:, circuit.ry_params[slot]] = derivative(circuit, psi, lam, gate)
        apply(circuit, psi, gate, m, inverse=True)
        apply(circuit, lam, gate, m, inverse=True)
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
        circuit = build_circuit(n, LAYERS)
        theta = golden_angles(circuit.params)
        fwd = median_cpu_seconds(repeats, lambda: values(circuit, theta, x))
        grad = median_cpu_seconds(repeats, lambda: values_and_jacobian(circuit, theta, x))
        f, jac = values_and_jacobian(circuit, theta, x)
        print(json.dumps({"qubits": n, "layers": LAYERS, "points": POINTS,
                          "params": circuit.params, "forward_s": fwd, "gradient_s": grad,
                          "values": f.tolist(), "jacobian": jac.ravel().tolist()}))


if __name__ == "__main__":
    main()
