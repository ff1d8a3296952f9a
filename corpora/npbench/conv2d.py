"""2-D convolution with bias (NPBench conv2d_bias): a batch of NHWC images
convolved with a K x K x C_in x C_out filter, "valid" padding, written with
a window slice times the filter and an axis sum."""
import numpy as np
import numba as nb


def initialize(C_in, C_out, H, K, N, W):
    rng = np.random.default_rng(42)
    input = rng.random((N, H, W, C_in), dtype=np.float32)
    weights = rng.random((K, K, C_in, C_out), dtype=np.float32)
    bias = rng.random((C_out,), dtype=np.float32)
    return input, weights, bias


# caramba: sizes N=64,4096
# caramba: runas conv2d(*initialize(3, 4, N2, 3, 2, N2)[:2])
@nb.jit(nopython=True, parallel=False, fastmath=True)
def conv2d(input, weights):
    K = weights.shape[0]
    N = input.shape[0]
    H_out = input.shape[1] - K + 1
    W_out = input.shape[2] - K + 1
    C_out = weights.shape[3]
    output = np.empty((N, H_out, W_out, C_out), dtype=np.float32)
    for i in range(H_out):
        for j in range(W_out):
            for n in range(N):
                for c in range(C_out):
                    output[n, i, j, c] = np.sum(input[n, i:i + K, j:j + K, :] * weights[:, :, :, c])
    return output


# caramba: sizes N=64,4096
# caramba: runas conv2d_bias(*initialize(3, 4, N2, 3, 2, N2))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def conv2d_bias(input, weights, bias):
    return conv2d(input, weights) + bias


# caramba: runas conv2d_loops(*initialize(3, 4, N2, 3, 2, N2))
@nb.njit(parallel=True)
def conv2d_loops(input, weights, bias):
    N, H, W, C_in = input.shape
    K = weights.shape[0]
    C_out = weights.shape[3]
    out = np.empty((N, H - K + 1, W - K + 1, C_out), dtype=np.float32)
    for n in nb.prange(N):
        for i in range(H - K + 1):
            for j in range(W - K + 1):
                for c in range(C_out):
                    acc = np.float32(0.0)
                    for ki in range(K):
                        for kj in range(K):
                            for ci in range(C_in):
                                acc += input[n, i + ki, j + kj, ci] * weights[ki, kj, ci, c]
                    out[n, i, j, c] = acc + bias[c]
    return out
