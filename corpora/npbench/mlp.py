"""Multi-layer perceptron inference (NPBench mlp): three dense layers with
ReLU activations and a softmax on the output, plus the activations as
separate kernels."""
import numpy as np
import numba as nb


def initialize(C_in, N, S0, S1, S2):
    rng = np.random.default_rng(42)
    mlp_sizes = [S0, S1, S2]
    input = rng.random((N, C_in), dtype=np.float32)
    w1 = rng.random((C_in, mlp_sizes[0]), dtype=np.float32)
    b1 = rng.random((mlp_sizes[0],), dtype=np.float32)
    w2 = rng.random((mlp_sizes[0], mlp_sizes[1]), dtype=np.float32)
    b2 = rng.random((mlp_sizes[1],), dtype=np.float32)
    w3 = rng.random((mlp_sizes[1], mlp_sizes[2]), dtype=np.float32)
    b3 = rng.random((mlp_sizes[2],), dtype=np.float32)
    return input, w1, b1, w2, b2, w3, b3


# caramba: runas relu(rng.standard_normal((N2, N2)))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def relu(x):
    return np.maximum(x, 0)


# Numerically stable softmax over the rows of a 2-D array.
# caramba: runas softmax(rng.random((N2, N2 + 3)))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def softmax(x):
    tmp_max = np.empty((x.shape[0], 1), dtype=x.dtype)
    for i in range(x.shape[0]):
        tmp_max[i, 0] = np.max(x[i])
    tmp_out = np.exp(x - tmp_max)
    tmp_sum = np.reshape(np.sum(tmp_out, axis=-1), (x.shape[0], 1))
    return tmp_out / tmp_sum


# caramba: sizes N=64,4096
# caramba: runas mlp(*initialize(N2, 8, N2, N2 // 2, 10))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def mlp(input, w1, b1, w2, b2, w3, b3):
    x = relu(input @ w1 + b1)
    x = relu(x @ w2 + b2)
    x = softmax(x @ w3 + b3)
    return x
