import numpy as np
import numba as nb


# Called with a matrix and with a batch of images (NPBench lenet's relu): one
# copy per rank, each with its eager signature and the kernel's options.
@nb.jit(["float32[:, ::1](float32[:, ::1])", "float32[:, :, :, ::1](float32[:, :, :, ::1])"], nopython=True, fastmath=True)
def relu(x):
    return np.maximum(x, 0)


@nb.jit("float32[:, ::1](float32[:, ::1])", nopython=True, fastmath=True)
def relu_2d(x):
    return np.maximum(x, 0)


@nb.jit("float32[:, :, :, ::1](float32[:, :, :, ::1])", nopython=True, fastmath=True)
def relu_4d(x):
    return np.maximum(x, 0)


# An int and a float: one copy per scalar type.
@nb.njit(["float64(int64, float64)", "float64(float64, float64)"])
def scaled(v, s):
    return v * s


@nb.njit("float64(int64, float64)")
def scaled_int64(v, s):
    return v * s


@nb.njit("float64(float64, float64)")
def scaled_float64(v, s):
    return v * s


# Signatures that differ in layout only share one translation: unchanged.
@nb.njit(["float64(float64[::1])", "float64(float64[:])"])
def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s
