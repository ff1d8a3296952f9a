import numpy as np
from numba import njit


# NPBench spmv: each row's dot product comes with NumPy's shape check, which a
# workunit cannot raise. The rows are independent and write only the kernel's
# own `y`, so the row loop is the parallel phase: a failed check sets a flag
# and skips its row, and the host raises after the dispatch.
@njit("void(int64[:], int64[:], float64[:], float64[:], float64[::1], int64[::1])", fastmath=True)
def _pk_spmv_phase1(A_row, A_col, A_val, x, y, _pk_out_failed):
    for i in range(A_row.size - 1):
        cols = A_col[A_row[i]:A_row[i + 1]]
        vals = A_val[A_row[i]:A_row[i + 1]]
        # y[i] = vals @ x[cols]
        if (vals.shape[0] != cols.shape[0]):
                _pk_out_failed[0] = 1
                continue
        _pk_np_acc0 = 0.0
        for _pk_np_i0 in range(vals.shape[0]):
                _pk_np_g1 = cols[_pk_np_i0]
                _pk_np_acc0 += vals[_pk_np_i0] * x[_pk_np_g1 if _pk_np_g1 >= 0 else _pk_np_g1 + x.shape[0]]
        y[i] = _pk_np_acc0


def spmv(A_row, A_col, A_val, x):  # expect: CRB523
    y = np.empty(A_row.size - 1, A_val.dtype)
    _pk_out_failed = np.zeros(1, dtype=np.int64)
    _pk_spmv_phase1(A_row, A_col, A_val, x, y, _pk_out_failed)
    if _pk_out_failed[0]:
        raise ValueError("shapes of the vectors of np.dot not aligned")
    return y


# The same rows written into an argument: the caller would see the rows before
# a failing one, so they run in order, as one serial phase (a reduction whose
# range each row computes is not worth a dispatch), which stops at a failed
# check; the host raises.
@njit("void(int64[:], int64[:], float64[:], float64[:], float64[:], int64[::1])")
def _pk_spmv_into_phase1(A_row, A_col, A_val, x, y, _pk_out_failed):
    for i in range(A_row.size - 1):
        cols = A_col[A_row[i]:A_row[i + 1]]
        vals = A_val[A_row[i]:A_row[i + 1]]
        # y[i] = vals @ x[cols]
        if (vals.shape[0] != cols.shape[0]):
                _pk_out_failed[0] = 1
                return
        _pk_np_acc0 = 0.0
        for _pk_np_i0 in range(vals.shape[0]):
                _pk_np_g1 = cols[_pk_np_i0]
                _pk_np_acc0 += vals[_pk_np_i0] * x[_pk_np_g1 if _pk_np_g1 >= 0 else _pk_np_g1 + x.shape[0]]
        y[i] = _pk_np_acc0


def spmv_into(A_row, A_col, A_val, x, y):  # expect: CRB523
    _pk_out_failed = np.zeros(1, dtype=np.int64)
    _pk_spmv_into_phase1(A_row, A_col, A_val, x, y, _pk_out_failed)
    if _pk_out_failed[0]:
        raise ValueError("shapes of the vectors of np.dot not aligned")
