"""Machine-learning snippets from blog posts that "speed up NumPy ML with Numba".

Logistic-regression loss gradient with a numerically stable sigmoid, row-wise softmax with the max
subtracted, brute-force k-nearest-neighbour classification with a partial insertion sort, one epoch of
mini-batch SGD over a given permutation, and the cross-entropy of integer labels.
"""
import math
import numpy as np
from numba import njit, prange


@njit(inline="always")
def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


# caramba: runas logreg_gradient(rng.standard_normal((N, 4)), (rng.random(N) > 0.5).astype(np.float64), rng.standard_normal(4))
@njit
def logreg_gradient(X, y, w):
    n, d = X.shape
    grad = np.zeros(d)
    loss = 0.0
    for i in range(n):
        z = 0.0
        for j in range(d):
            z += X[i, j] * w[j]
        p = sigmoid(z)
        loss -= y[i] * math.log(p + 1e-12) + (1 - y[i]) * math.log(1 - p + 1e-12)
        for j in range(d):
            grad[j] += (p - y[i]) * X[i, j]
    return grad / n, loss / n


# caramba: runas softmax_rows(rng.standard_normal((N, 10)) * 5)
@njit(parallel=True)
def softmax_rows(logits):
    out = np.empty_like(logits)
    for i in prange(logits.shape[0]):
        m = logits[i, 0]
        for j in range(1, logits.shape[1]):
            m = max(m, logits[i, j])
        s = 0.0
        for j in range(logits.shape[1]):
            out[i, j] = math.exp(logits[i, j] - m)
            s += out[i, j]
        for j in range(logits.shape[1]):
            out[i, j] /= s
    return out


# caramba: sizes N=50,800
# caramba: runas knn_classify(rng.random((N, 3)), rng.integers(0, 3, N), rng.random((N // 2 + 1, 3)), 5)
@njit(parallel=True)
def knn_classify(train_X, train_y, test_X, k):
    n_test = test_X.shape[0]
    pred = np.empty(n_test, dtype=np.int64)
    for t in prange(n_test):
        best_d = np.full(k, np.inf)
        best_l = np.zeros(k, dtype=np.int64)
        for i in range(train_X.shape[0]):
            d = 0.0
            for j in range(train_X.shape[1]):
                diff = train_X[i, j] - test_X[t, j]
                d += diff * diff
            if d < best_d[k - 1]:
                pos = k - 1
                while pos > 0 and best_d[pos - 1] > d:
                    best_d[pos] = best_d[pos - 1]
                    best_l[pos] = best_l[pos - 1]
                    pos -= 1
                best_d[pos] = d
                best_l[pos] = train_y[i]
        votes = np.zeros(3, dtype=np.int64)
        for m in range(k):
            votes[best_l[m]] += 1
        pred[t] = np.argmax(votes)
    return pred


# caramba: runas sgd_epoch(rng.standard_normal((N, 3)), rng.standard_normal(N), np.zeros(3), rng.permutation(N), 16, 0.01)
@njit
def sgd_epoch(X, y, w, order, batch, lr):
    n = X.shape[0]
    for start in range(0, n, batch):
        stop = min(start + batch, n)
        g = np.zeros_like(w)
        for b in range(start, stop):
            i = order[b]
            err = X[i] @ w - y[i]
            g += err * X[i]
        w -= lr * g / (stop - start)
    return w


# caramba: runas cross_entropy(softmax_rows(rng.standard_normal((N, 4))), rng.integers(0, 4, N))
@njit
def cross_entropy(probs, labels):
    total = 0.0
    for i in range(labels.shape[0]):
        total += -np.log(max(probs[i, labels[i]], 1e-15))
    return total / labels.shape[0]


if __name__ == "__main__":
    X = np.random.randn(100, 4)
    y = (np.random.rand(100) > 0.5).astype(np.float64)
    print(logreg_gradient(X, y, np.zeros(4)))
    p = softmax_rows(np.random.randn(10, 4))
    print(p.sum(axis=1), cross_entropy(p, np.random.randint(0, 4, 10)))
    print(knn_classify(np.random.rand(50, 3), np.random.randint(0, 3, 50), np.random.rand(5, 3), 5))
    print(sgd_epoch(X[:, :3].copy(), np.random.randn(100), np.zeros(3), np.random.permutation(100), 16, 0.01))
