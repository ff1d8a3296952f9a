"""One kernel called with arguments of different kinds, as scripts do: the
same `clip_negative` for a vector and for an image, the same `scale_sum` for
float32 and float64 data, and a scalar helper called with an int and with a
float. Numba compiles one version per kind; the translation has one
translation per kind and a function under the kernel's name that picks one."""
import numpy as np
from numba import njit


# caramba: runas clip_negative(np.random.randn(N))
# caramba: runas clip_negative(np.random.randn(N2, N2))
@njit
def clip_negative(x):
    return np.maximum(x, 0.0)


# caramba: runas scale_sum(np.random.rand(N).astype(np.float32), 2.0)
# caramba: runas scale_sum(np.random.rand(N), 2.0)
@njit
def scale_sum(a, factor):
    total = 0.0
    for i in range(a.shape[0]):
        total += factor * a[i]
    return total


# caramba: runas cube(3)
# caramba: runas cube(1.5)
@njit
def cube(v):
    return v * v * v


# caramba: runas cubes(np.arange(N), np.random.rand(N), np.zeros(N))
@njit
def cubes(ints, floats, out):
    for i in range(ints.shape[0]):
        out[i] = cube(ints[i]) % 7 + cube(floats[i])
