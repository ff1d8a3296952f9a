"""Pairwise sequence alignment on DNA encoded as uint8 byte arrays (b"ACGT" -> np.frombuffer).

Smith-Waterman local alignment score with a linear gap penalty (one row kept at a time), the
Needleman-Wunsch global score with a full DP matrix, the Hamming distance of every read against a
reference window (a batch of reads in a 2-D uint8 array, prange over reads), and the GC content of
sliding windows. Written the way bioinformatics notebooks write Numba: scores as plain ints, the
sequences straight from bytes.
"""
import numpy as np
from numba import njit, prange

MATCH = 2
MISMATCH = -1
GAP = -2


def random_dna(n, seed=0):
    r = np.random.default_rng(seed)
    return np.frombuffer(b"ACGT", dtype=np.uint8)[r.integers(0, 4, n)].copy()


def read_batch(m, length, seed=1):
    r = np.random.default_rng(seed)
    return np.frombuffer(b"ACGT", dtype=np.uint8)[r.integers(0, 4, (m, length))].copy()


# caramba: sizes N=30,300
# caramba: runas smith_waterman(random_dna(N), random_dna(N + 7, 3))
@njit
def smith_waterman(a, b):
    n = len(a)
    m = len(b)
    prev = np.zeros(m + 1, dtype=np.int32)
    cur = np.zeros(m + 1, dtype=np.int32)
    best = 0
    for i in range(1, n + 1):
        cur[0] = 0
        for j in range(1, m + 1):
            if a[i - 1] == b[j - 1]:
                s = MATCH
            else:
                s = MISMATCH
            h = prev[j - 1] + s
            if prev[j] + GAP > h:
                h = prev[j] + GAP
            if cur[j - 1] + GAP > h:
                h = cur[j - 1] + GAP
            if h < 0:
                h = 0
            cur[j] = h
            if h > best:
                best = h
        for j in range(m + 1):
            prev[j] = cur[j]
    return best


# caramba: sizes N=30,300
# caramba: runas needleman_wunsch(random_dna(N), random_dna(N - 5, 4))
@njit
def needleman_wunsch(a, b):
    n, m = a.shape[0], b.shape[0]
    F = np.zeros((n + 1, m + 1), dtype=np.int64)
    for i in range(n + 1):
        F[i, 0] = GAP * i
    for j in range(m + 1):
        F[0, j] = GAP * j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            diag = F[i - 1, j - 1] + (MATCH if a[i - 1] == b[j - 1] else MISMATCH)
            up = F[i - 1, j] + GAP
            left = F[i, j - 1] + GAP
            F[i, j] = max(diag, up, left)
    return F[n, m]


# caramba: runas hamming_to_reference(read_batch(N, 20), random_dna(20, 5))
@njit(parallel=True)
def hamming_to_reference(reads, ref):
    out = np.empty(reads.shape[0], dtype=np.int64)
    for r in prange(reads.shape[0]):
        d = 0
        for k in range(reads.shape[1]):
            if reads[r, k] != ref[k]:
                d += 1
        out[r] = d
    return out


# caramba: runas gc_content(random_dna(N + 50), 50)
@njit
def gc_content(seq, window):
    n = seq.size - window + 1
    frac = np.empty(n)
    count = 0
    for i in range(window):
        if seq[i] == ord('G') or seq[i] == ord('C'):
            count += 1
    frac[0] = count / window
    for i in range(1, n):
        out_c = seq[i - 1]
        in_c = seq[i + window - 1]
        if out_c == 71 or out_c == 67:
            count -= 1
        if in_c == 71 or in_c == 67:
            count += 1
        frac[i] = count / window
    return frac


if __name__ == "__main__":
    a = random_dna(40)
    b = random_dna(45, 3)
    print(smith_waterman(a, b), needleman_wunsch(a, b))
    print(hamming_to_reference(read_batch(5, 20), random_dna(20, 5)))
    print(gc_content(random_dna(200), 50)[:5])
