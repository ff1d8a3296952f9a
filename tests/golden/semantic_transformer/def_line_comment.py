# Regression (found by the LSP tests): a comment on the def line of a prange
# kernel must survive translation.
import numba


@numba.njit(parallel=True)
def saxpy(a, x, y, out):  # keep this comment
    for i in numba.prange(x.shape[0]):
        out[i] = a * x[i] + y[i]  # body comment
