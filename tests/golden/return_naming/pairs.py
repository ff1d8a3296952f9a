# Kernels that return a pair of array results, the way NPBench and textbook
# codes write them: array work in the tuple is named, scalars stay.
import numpy as np
import numba as nb


# bicg (PolyBench): both products in the return statement
@nb.jit(nopython=True, parallel=True, fastmath=True)
def bicg(A, p, r):
    return r @ A, A @ p


@nb.njit
def moments(x):
    m = x.mean()
    # centred copy and the variance
    return x - m, np.sum((x - m) ** 2) / x.shape[0]


@nb.njit
def sums(x):
    s = 0.0
    q = 0.0
    for i in range(x.shape[0]):
        s += x[i]
        q += x[i] * x[i]
    return s / x.shape[0], q


@nb.njit
def early(x, flag):
    if flag:
        return x[1:], x[:-1]
    return x, x


# numba_docs_basics.py::cumulative_product, with np.interp (which has no
# lowering) in place of its np.cumprod: the host program evaluates the tuple
# as written, so it is not named.
@nb.njit
def cumulative_product(a):
    out = np.empty_like(a)
    acc = 1.0
    for i in range(a.shape[0]):
        acc *= a[i]
        out[i] = acc
    return out, np.interp(a, a, a)
