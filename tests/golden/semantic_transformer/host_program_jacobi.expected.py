import numpy as np
import pykokkos as pk


# Written like NPBench's jacobi_2d: the time loop stays on the host, each
# sweep is a phase; the sweeps read each other's results, so they do not fuse.
@pk.workunit
def _pk_kernel_phase1(tid, A, B, n: pk.int64):
    i: pk.int64 = 1 + tid
    for j in range(1, n - 1):
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j])


@pk.workunit
def _pk_kernel_phase2(tid, A, B, n: pk.int64):
    i: pk.int64 = 1 + tid
    for j in range(1, n - 1):
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j])


def kernel(TSTEPS, A, B):  # expect: CRB523
    n = A.shape[0]
    for t in range(1, TSTEPS):
        _pk_space = pk.Serial if np.may_share_memory(B, A) else pk.get_default_space()
        if B.dtype == bool:
            raise TypeError("'kernel': 'B' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (B.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
        pk.parallel_for(pk.RangePolicy(_pk_space, 0, len(range(1, n - 1))), _pk_kernel_phase1,
            A=pk.array(A),
            B=pk.array(B),
            n=n)
        _pk_space = pk.Serial if np.may_share_memory(A, B) else pk.get_default_space()
        if A.dtype == bool:
            raise TypeError("'kernel': 'A' is a bool array, and the kernel stores values into it that Numba converts to bool, which this translation cannot; pass an integer array (A.view('uint8') keeps the same memory), or record the types (caramba record) and translate again")
        pk.parallel_for(pk.RangePolicy(_pk_space, 0, len(range(1, n - 1))), _pk_kernel_phase2,
            A=pk.array(A),
            B=pk.array(B),
            n=n)
