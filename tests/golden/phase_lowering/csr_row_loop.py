import numpy as np
from numba import njit


# NPBench spmv: each row's dot product comes with NumPy's shape check, which a
# workunit cannot raise. The rows are independent and write only the kernel's
# own `y`, so the row loop is the parallel phase: a failed check sets a flag
# and skips its row, and the host raises after the dispatch.
@njit("float64[:](int64[:], int64[:], float64[:], float64[:])", fastmath=True)
def spmv(A_row, A_col, A_val, x):  # expect: CRB523
    y = np.empty(A_row.size - 1, A_val.dtype)
    for i in range(A_row.size - 1):
        cols = A_col[A_row[i]:A_row[i + 1]]
        vals = A_val[A_row[i]:A_row[i + 1]]
        y[i] = vals @ x[cols]
    return y


# The same rows written into an argument: the caller would see the rows before
# a failing one, so they run in order, as one serial phase (a reduction whose
# range each row computes is not worth a dispatch), which stops at a failed
# check; the host raises.
@njit("void(int64[:], int64[:], float64[:], float64[:], float64[:])")
def spmv_into(A_row, A_col, A_val, x, y):  # expect: CRB523
    for i in range(A_row.size - 1):
        cols = A_col[A_row[i]:A_row[i + 1]]
        vals = A_val[A_row[i]:A_row[i + 1]]
        y[i] = vals @ x[cols]
