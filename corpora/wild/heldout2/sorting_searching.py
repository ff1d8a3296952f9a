"""Sorting and searching written by hand, as in competitive-programming and teaching notebooks.

Insertion sort on a copy, binary search of many queries in a sorted array (lower bound), Hoare
quickselect for the median with an explicit stack-free loop, counting sort of small non-negative
ints, merging two sorted arrays, and the inversion count by a bottom-up merge sort.
"""
import numpy as np
from numba import njit, prange


# caramba: sizes N=30,2000
# caramba: runas insertion_sort(rng.random(N))
@njit
def insertion_sort(a):
    b = a.copy()
    for i in range(1, len(b)):
        key = b[i]
        j = i - 1
        while j >= 0 and b[j] > key:
            b[j + 1] = b[j]
            j -= 1
        b[j + 1] = key
    return b


# caramba: runas lower_bounds(np.sort(rng.random(N)), rng.random(N))
@njit(parallel=True)
def lower_bounds(sorted_a, queries):
    out = np.empty(queries.shape[0], dtype=np.int64)
    for q in prange(queries.shape[0]):
        lo = 0
        hi = sorted_a.shape[0]
        while lo < hi:
            mid = (lo + hi) // 2
            if sorted_a[mid] < queries[q]:
                lo = mid + 1
            else:
                hi = mid
        out[q] = lo
    return out


# caramba: runas quickselect(rng.random(N), N // 2)
@njit
def quickselect(a, k):
    a = a.copy()
    lo = 0
    hi = a.shape[0] - 1
    while lo < hi:
        pivot = a[(lo + hi) // 2]
        i = lo
        j = hi
        while i <= j:
            while a[i] < pivot:
                i += 1
            while a[j] > pivot:
                j -= 1
            if i <= j:
                a[i], a[j] = a[j], a[i]
                i += 1
                j -= 1
        if k <= j:
            hi = j
        elif k >= i:
            lo = i
        else:
            break
    return a[k]


# caramba: runas counting_sort(rng.integers(0, 100, N), 100)
@njit
def counting_sort(a, maxval):
    counts = np.zeros(maxval, dtype=np.int64)
    for v in a:
        counts[v] += 1
    out = np.empty_like(a)
    k = 0
    for v in range(maxval):
        for _ in range(counts[v]):
            out[k] = v
            k += 1
    return out


# caramba: runas merge_sorted(np.sort(rng.random(N)), np.sort(rng.random(N // 2 + 1)))
@njit
def merge_sorted(a, b):
    out = np.empty(a.size + b.size)
    i = j = k = 0
    while i < a.size and j < b.size:
        if a[i] <= b[j]:
            out[k] = a[i]
            i += 1
        else:
            out[k] = b[j]
            j += 1
        k += 1
    while i < a.size:
        out[k] = a[i]
        i += 1
        k += 1
    while j < b.size:
        out[k] = b[j]
        j += 1
        k += 1
    return out


# caramba: runas count_inversions(rng.integers(0, 1000, N))
@njit
def count_inversions(a):
    n = a.shape[0]
    src = a.copy()
    dst = np.empty_like(a)
    inv = 0
    width = 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                if src[i] <= src[j]:
                    dst[k] = src[i]
                    i += 1
                else:
                    dst[k] = src[j]
                    inv += mid - i
                    j += 1
                k += 1
            while i < mid:
                dst[k] = src[i]; i += 1; k += 1
            while j < hi:
                dst[k] = src[j]; j += 1; k += 1
        src, dst = dst, src
        width *= 2
    return inv


if __name__ == "__main__":
    a = np.random.rand(20)
    print(np.all(insertion_sort(a) == np.sort(a)), lower_bounds(np.sort(a), a[:3]), quickselect(a, 10) == np.sort(a)[10])
    print(counting_sort(np.random.randint(0, 10, 10), 10), merge_sorted(np.sort(a), np.sort(a))[:4], count_inversions(np.array([3, 1, 2])))
