"""k-mer counting and minimizers on DNA byte arrays, as in read-processing pipelines.

Bases are packed two bits each (A=0, C=1, G=2, T=3) into an integer code; k-mers are counted into a
dense array of 4**k bins, canonical k-mers take the smaller of a k-mer and its reverse complement,
and minimizers pick the smallest hashed k-mer in each window. An 'N' base resets the rolling code.
"""
import numpy as np
from numba import njit


def dna(n, seed=0, with_n=False):
    r = np.random.default_rng(seed)
    alphabet = b"ACGTN" if with_n else b"ACGT"
    p = [0.24, 0.24, 0.24, 0.24, 0.04] if with_n else None
    return np.frombuffer(alphabet, dtype=np.uint8)[r.choice(len(alphabet), n, p=p)].copy()


@njit
def base_code(c):
    if c == 65:
        return 0
    elif c == 67:
        return 1
    elif c == 71:
        return 2
    elif c == 84:
        return 3
    return -1


# caramba: runas count_kmers(dna(N, 0, True), 4)
@njit
def count_kmers(seq, k):
    counts = np.zeros(4 ** k, dtype=np.int64)
    mask = (1 << (2 * k)) - 1
    code = 0
    valid = 0
    for i in range(len(seq)):
        b = base_code(seq[i])
        if b < 0:
            valid = 0
            code = 0
            continue
        code = ((code << 2) | b) & mask
        valid += 1
        if valid >= k:
            counts[code] += 1
    return counts


@njit
def revcomp_code(code, k):
    rc = 0
    for _ in range(k):
        rc = (rc << 2) | (3 - (code & 3))
        code >>= 2
    return rc
 

# caramba: runas count_canonical(dna(N, 1), 5)
@njit
def count_canonical(seq, k):
    counts = np.zeros(4 ** k, dtype=np.int64)
    mask = (1 << (2 * k)) - 1
    code = 0
    for i in range(seq.shape[0]):
        code = ((code << 2) | base_code(seq[i])) & mask
        if i >= k - 1:
            rc = revcomp_code(code, k)
            counts[min(code, rc)] += 1
    return counts


@njit
def mix_hash(x):
    x = (x ^ (x >> 17)) * 0x45D9F3B
    x = x & 0xFFFFFFFF
    x = x ^ (x >> 13)
    return x


# caramba: runas minimizers(dna(N, 2), 7, 10)
@njit
def minimizers(seq, k, w):
    n_kmers = seq.size - k + 1
    hashes = np.empty(n_kmers, dtype=np.int64)
    mask = (1 << (2 * k)) - 1
    code = 0
    for i in range(seq.size):
        code = ((code << 2) | base_code(seq[i])) & mask
        if i >= k - 1:
            hashes[i - k + 1] = mix_hash(code)
    out = np.empty(n_kmers - w + 1, dtype=np.int64)
    for s in range(n_kmers - w + 1):
        best = hashes[s]
        pos = s
        for t in range(s + 1, s + w):
            if hashes[t] < best:
                best = hashes[t]
                pos = t
        out[s] = pos
    return out


# caramba: runas distinct_kmers(count_kmers(dna(N, 0, True), 4))
@njit
def distinct_kmers(counts):
    n = 0
    for c in counts:
        if c > 0:
            n += 1
    return n


if __name__ == "__main__":
    s = dna(1000, 0, True)
    c = count_kmers(s, 4)
    print(c.sum(), distinct_kmers(c))
    print(count_canonical(dna(500, 1), 5).sum())
    print(minimizers(dna(300, 2), 7, 10)[:10])
