"""LeNet-5 inference on a batch of NHWC images (NPBench lenet): two
convolution + ReLU + 2x2 max-pooling stages, then three dense layers."""
import numpy as np
import numba as nb


def initialize(N, H, W):
    rng = np.random.default_rng(42)
    H_conv1 = H - 4
    W_conv1 = W - 4
    H_pool1 = H_conv1 // 2
    W_pool1 = W_conv1 // 2
    H_conv2 = H_pool1 - 4
    W_conv2 = W_pool1 - 4
    H_pool2 = H_conv2 // 2
    W_pool2 = W_conv2 // 2
    C_before_fc1 = 16 * H_pool2 * W_pool2
    input = rng.random((N, H, W, 1), dtype=np.float32)
    conv1 = rng.random((5, 5, 1, 6), dtype=np.float32)
    conv1bias = rng.random((6,), dtype=np.float32)
    conv2 = rng.random((5, 5, 6, 16), dtype=np.float32)
    conv2bias = rng.random((16,), dtype=np.float32)
    fc1w = rng.random((C_before_fc1, 120), dtype=np.float32)
    fc1b = rng.random((120,), dtype=np.float32)
    fc2w = rng.random((120, 84), dtype=np.float32)
    fc2b = rng.random((84,), dtype=np.float32)
    fc3w = rng.random((84, 10), dtype=np.float32)
    fc3b = rng.random((10,), dtype=np.float32)
    return (input, conv1, conv1bias, conv2, conv2bias, fc1w, fc1b, fc2w, fc2b,
            fc3w, fc3b, N, C_before_fc1)


@nb.jit(nopython=True, parallel=False, fastmath=True)
def relu(x):
    return np.maximum(x, 0)


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


# 2x2 max pooling with stride 2.
# caramba: sizes N=64,1024
# caramba: runas maxpool2d(rng.random((2, N2, N2, 3)))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def maxpool2d(x):
    output = np.empty((x.shape[0], x.shape[1] // 2, x.shape[2] // 2, x.shape[3]), dtype=x.dtype)
    for i in range(x.shape[1] // 2):
        for j in range(x.shape[2] // 2):
            for n in range(x.shape[0]):
                for c in range(x.shape[3]):
                    output[n, i, j, c] = np.max(x[n, 2 * i:2 * i + 2, 2 * j:2 * j + 2, c])
    return output


# caramba: runas lenet5(*initialize(2, 28, 28))
@nb.jit(nopython=True, parallel=False, fastmath=True)
def lenet5(input, conv1, conv1bias, conv2, conv2bias, fc1w, fc1b, fc2w, fc2b, fc3w, fc3b, N,
           C_before_fc1):
    x = relu(conv2d(input, conv1) + conv1bias)
    x = maxpool2d(x)
    x = relu(conv2d(x, conv2) + conv2bias)
    x = maxpool2d(x)
    x = np.reshape(x, (N, C_before_fc1))
    x = relu(x @ fc1w + fc1b)
    x = relu(x @ fc2w + fc2b)
    return x @ fc3w + fc3b
