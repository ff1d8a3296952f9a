"""Kernels that use numba.typed containers and Python lists/dicts, as users write for irregular data.

A word-frequency count into numba.typed.Dict, grouping indices by label into a typed.List of lists,
a reflected Python list append loop that returns np.array(list), a set of unique values, and a
typed.List passed in from outside. None of these has a PyKokkos counterpart; the translator should
leave them on Numba with a message that says so. The last kernel is the array rewrite of the first,
for comparison.
"""
import numpy as np
from numba import njit, types
from numba.typed import Dict, List


# caramba: runas count_values_dict(rng.integers(0, 20, N))
@njit
def count_values_dict(a):
    d = Dict.empty(key_type=types.int64, value_type=types.int64)
    for v in a:
        d[v] = d.get(v, 0) + 1
    out = np.zeros(20, dtype=np.int64)
    for k, c in d.items():
        out[k] = c
    return out


# caramba: runas positives_list(rng.standard_normal(N))
@njit
def positives_list(x):
    out = []
    for v in x:
        if v > 0:
            out.append(v)
    return np.array(out)


# caramba: runas unique_count(rng.integers(0, 50, N))
@njit
def unique_count(a):
    seen = set()
    for v in a:
        seen.add(v)
    return len(seen)


# caramba: runas group_sizes(rng.integers(0, 8, N), 8)
@njit
def group_sizes(labels, k):
    groups = List()
    for g in range(k):
        inner = List.empty_list(types.int64)
        groups.append(inner)
    for i in range(labels.shape[0]):
        groups[labels[i]].append(i)
    sizes = np.zeros(k, dtype=np.int64)
    for g in range(k):
        sizes[g] = len(groups[g])
    return sizes


def typed_floats(n):
    lst = List()
    for v in np.random.default_rng(0).random(n):
        lst.append(float(v))
    return lst


# caramba: runas sum_typed_list(typed_floats(N))
@njit
def sum_typed_list(lst):
    s = 0.0
    for i in range(len(lst)):
        s += lst[i]
    return s


# caramba: runas count_values_array(rng.integers(0, 20, N))
@njit
def count_values_array(a):
    out = np.zeros(20, dtype=np.int64)
    for v in a:
        out[v] += 1
    return out


if __name__ == "__main__":
    a = np.random.randint(0, 20, 100)
    print((count_values_dict(a) == count_values_array(a)).all(), positives_list(np.random.randn(10)))
    print(unique_count(a), group_sizes(np.random.randint(0, 8, 50), 8), sum_typed_list(typed_floats(10)))
