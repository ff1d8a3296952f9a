# numba.typed containers and set()/dict() built by a call are containers
# (CRB112, with what to use instead), not unknown functions (CRB111); their
# methods echo that refusal instead of reading as array methods (CRB303).
# From heldout2 typed_containers.py.
import numpy as np
from numba import njit, types
from numba.typed import Dict, List


@njit("int64[:](int64[:])")
def count_values_dict(a):
    d = Dict.empty(key_type=types.int64, value_type=types.int64)  # expect: CRB112
    for i in range(a.shape[0]):
        d[a[i]] = d.get(a[i], 0) + 1
    out = np.zeros(20, dtype=np.int64)
    for k in range(20):
        out[k] = d.get(k, 0)
    return out


@njit("int64(int64[:])")
def unique_count(a):
    seen = set()  # expect: CRB112
    for i in range(a.shape[0]):
        seen.add(a[i])
    return len(seen)


@njit("int64[:](int64[:], int64)")
def group_sizes(labels, k):
    groups = List()  # expect: CRB112
    for g in range(k):
        groups.append(List.empty_list(types.int64))
    sizes = np.zeros(k, dtype=np.int64)
    return sizes
