"""uint64 hashing: // and % on keys above 2**63 (a multiplicative hash
spreads them over the whole range). The int64 helpers would read such a key
as negative; Numba divides unsigned.
"""
import numpy as np
from numba import njit


def spread_keys(n):
    return np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)


# caramba: runas hash_slots(spread_keys(N), np.uint64(1000003), np.zeros(N, dtype=np.uint64), np.zeros(N, dtype=np.uint64))
# caramba: runas hash_slots(spread_keys(N), np.uint64(2**63 + 5), np.zeros(N, dtype=np.uint64), np.zeros(N, dtype=np.uint64))
# caramba: runas hash_slots(spread_keys(N), np.uint64(0), np.zeros(N, dtype=np.uint64), np.zeros(N, dtype=np.uint64))
@njit
def hash_slots(keys, m, slots, tags):
    for i in range(keys.shape[0]):
        slots[i] = keys[i] % m
        tags[i] = keys[i] // m
