"""Boolean mask assignments and identity matrices as NumPy code writes them:
thresholding small entries, an in-place ReLU, clamping deviations (the
correlation kernel's `stddev[stddev <= 0.1] = 1.0`) and a shifted identity."""
import numpy as np
import numba as nb


# caramba: runas clip_small(rng.standard_normal(N), 0.1)
@nb.njit
def clip_small(x, eps):
    y = x.copy()
    y[np.abs(y) < eps] = 0.0
    return y


# caramba: runas relu_inplace(rng.standard_normal(N))
@nb.njit
def relu_inplace(a):
    a[a < 0] = 0
    return a


# caramba: runas column_scales(rng.random((N2, 12)) * 0.3)
@nb.njit
def column_scales(data):
    stddev = np.sqrt(np.sum(data * data, axis=0) / data.shape[0])
    stddev[stddev <= 0.1] = 1.0
    return stddev


# caramba: runas shifted_identity(N2, 0.5)
@nb.njit
def shifted_identity(n, shift):
    A = np.eye(n)
    A += shift
    return A
