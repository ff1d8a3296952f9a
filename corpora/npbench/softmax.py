"""Numerically stable softmax over the last axis of a 4-D tensor (NPBench
deep-learning softmax), with keepdims done by hand since Numba's max and sum
take no keepdims, and a row-wise prange version."""
import numpy as np
import numba as nb


def initialize(N, H, SM):
    rng = np.random.default_rng(42)
    x = rng.random((N, H, SM, SM), dtype=np.float64)
    return (x,)


# caramba: sizes N=64,32768
# caramba: runas softmax(*initialize(2, 2, N3))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def softmax(x):
    new_shape = (x.shape[0], x.shape[1], x.shape[2], 1)
    tmp_max = np.full(new_shape, -np.inf, dtype=x.dtype)
    for i in range(x.shape[3]):
        tmp_max[:, :, :, 0] = np.maximum(tmp_max[:, :, :, 0], x[:, :, :, i])
    tmp_out = np.exp(x - tmp_max)
    tmp_sum = np.reshape(np.sum(tmp_out, axis=-1), new_shape)
    return tmp_out / tmp_sum


# caramba: runas softmax_rows(rng.random((N2, N2 + 5)))
@nb.njit(parallel=True, fastmath=True)
def softmax_rows(x):
    out = np.empty_like(x)
    for i in nb.prange(x.shape[0]):
        row_max = np.max(x[i])
        e = np.exp(x[i] - row_max)
        out[i] = e / np.sum(e)
    return out
