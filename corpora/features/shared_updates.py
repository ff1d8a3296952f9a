"""prange loops whose iterations may write the same element: updates become
atomics (integer -=, *=, |=, min), and a permutation scatter with plain stores
is kept as it is (each iteration writes its own element)."""
import numpy as np
from numba import njit, prange


# caramba: runas withdraw(rng.integers(0, 5, N), rng.integers(0, 100, N), np.full(5, 10 ** 9, dtype=np.int64))
@njit("void(int64[:], int64[:], int64[:])", parallel=True)
def withdraw(account, amount, balance):
    for i in prange(account.shape[0]):
        balance[account[i]] -= amount[i]


# caramba: runas sign_flips(rng.integers(0, 3, N), rng.choice(np.array([-1, 1]), N), np.ones(3, dtype=np.int64))
@njit(parallel=True)
def sign_flips(group, s, sign):
    for i in prange(group.shape[0]):
        sign[group[i]] *= s[i]


# caramba: runas flags(rng.integers(0, 4, N), rng.integers(0, 16, N), np.zeros(4, dtype=np.int64))
@njit("void(int64[:], int64[:], int64[:])", parallel=True)
def flags(node, bit, mask):
    for i in prange(node.shape[0]):
        mask[node[i]] |= 1 << bit[i]


# caramba: runas first_seen(rng.integers(0, 7, N), np.full(7, 2 ** 62, dtype=np.int64))
@njit("void(int64[:], int64[:])", parallel=True)
def first_seen(label, first):
    for i in prange(label.shape[0]):
        first[label[i]] = min(first[label[i]], i)


# caramba: runas permute(rng.permutation(N), rng.random(N), np.zeros(N))
@njit(parallel=True)
def permute(perm, x, out):
    for i in prange(x.shape[0]):
        out[perm[i]] = x[i]
