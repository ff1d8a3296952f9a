"""Activations on float32 and int32 data, as NPBench's mlp and lenet write them:
NumPy ufuncs with a Python number as the second operand. Numba keeps the
array's dtype when the number is of a lower kind (np.maximum(f32, 0) is
float32) and promotes otherwise (np.maximum(f32, 0.5) is float64,
np.maximum(i32, 0) is int64)."""
import numpy as np
from numba import njit


# caramba: sizes N=64,4096
# caramba: runas relu32(np.random.default_rng(1).standard_normal((N, 8)).astype(np.float32))
@njit
def relu32(x):
    return np.maximum(x, 0)


# caramba: runas leaky_floor(np.random.default_rng(2).standard_normal(N).astype(np.float32))
@njit
def leaky_floor(x):
    return np.maximum(x, 0.5)


# caramba: runas clip_counts(np.arange(N, dtype=np.int32) - N // 2)
@njit
def clip_counts(x):
    return np.minimum(np.maximum(x, 0), 100)


# caramba: runas shift32(np.random.default_rng(3).random(N).astype(np.float32))
@njit
def shift32(x):
    return np.add(x, 1)
