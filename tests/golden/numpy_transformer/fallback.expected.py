# NumPy that cannot stay in a kernel (matrix-vector products with array
# results) in a kernel that only does whole-array work: the thesis's fallback,
# plain Python with the PyKokkos host ufuncs that equal NumPy's (CRB515). A
# returned ufunc result stays NumPy's. With element loops the kernel stays
# Numba code instead (Python would be far slower): see unsupported/numpy_refused.
import numpy as np
from numba import njit


@njit
def step(Y, X, w, iterations):
    for i in range(iterations):
        w -= np.dot(((1.0 / (1.0 + np.exp(-Y * np.dot(X, w))) - 1.0) * Y), X)
    return np.sqrt(w)


@njit
def new_array(a):
    # b = a[1:] * 2.0
    b = np.empty(max(a.shape[0] - 1, 0), dtype=np.float64)
    for _pk_np_i0 in range(1, a.shape[0]):
        b[_pk_np_i0 - 1] = a[_pk_np_i0] * 2.0
    return b[0]


@njit
def matrix(m, v, out):
    out[:] = np.dot(m[:, :], v)


@njit
def ambiguous(x, out):
    # x may be a scalar or an array: NumPy in Python handles both.
    out[:] = np.exp(x) * 2.0
