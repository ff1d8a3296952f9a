# NPBench heat_3d: 3-D slice assignments whose target and right-hand side span
# several lines, inside a time loop. The lowered statement sits three loops
# deeper; its continuation lines move in with it (a continuation line left of
# its block is valid Python but does not parse with tree-sitter: CRB902).
import numpy as np
import numba as nb


@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        # B[1:-1, 1:-1,  # expect: CRB517
        if (max(A.shape[0] - 2, 0) != max(B.shape[0] - 2, 0) and max(A.shape[0] - 2, 0) != 1) or (max(A.shape[1] - 2, 0) != max(B.shape[1] - 2, 0) and max(A.shape[1] - 2, 0) != 1) or (max(A.shape[2] - 2, 0) != max(B.shape[2] - 2, 0) and max(A.shape[2] - 2, 0) != 1):
            raise ValueError("could not broadcast the operands of B[1:-1,1:-1,#expect:CRB517")
        _pk_np_s0 = min(max(A.shape[0] - 2, 0) - 1, 1)
        _pk_np_s1 = min(max(A.shape[1] - 2, 0) - 1, 1)
        _pk_np_s2 = min(max(A.shape[2] - 2, 0) - 1, 1)
        for _pk_np_i0 in range(1, B.shape[0] - 1):
            for _pk_np_i1 in range(1, B.shape[1] - 1):
                for _pk_np_i2 in range(1, B.shape[2] - 1):
                    B[_pk_np_i0, _pk_np_i1, _pk_np_i2] = (0.125 * (A[2 + (_pk_np_i0 - 1) * _pk_np_s0, 1 + (_pk_np_i1 - 1) * _pk_np_s1, 1 + (_pk_np_i2 - 1) * _pk_np_s2] - 2.0 * A[1 + (_pk_np_i0 - 1) * _pk_np_s0, 1 + (_pk_np_i1 - 1) * _pk_np_s1, 1 + (_pk_np_i2 - 1) * _pk_np_s2] +
                                        A[(_pk_np_i0 - 1) * _pk_np_s0, 1 + (_pk_np_i1 - 1) * _pk_np_s1, 1 + (_pk_np_i2 - 1) * _pk_np_s2]) + A[1 + (_pk_np_i0 - 1) * _pk_np_s0, 1 + (_pk_np_i1 - 1) * _pk_np_s1, 1 + (_pk_np_i2 - 1) * _pk_np_s2])
        # A[1:-1,  # expect: CRB517
        if (max(B.shape[0] - 2, 0) != max(A.shape[0] - 2, 0) and max(B.shape[0] - 2, 0) != 1) or (max(B.shape[1] - 2, 0) != max(A.shape[1] - 2, 0) and max(B.shape[1] - 2, 0) != 1):
            raise ValueError("could not broadcast the operands of A[1:-1,#expect:CRB517")
        _pk_np_s3 = min(max(B.shape[0] - 2, 0) - 1, 1)
        _pk_np_s4 = min(max(B.shape[1] - 2, 0) - 1, 1)
        for _pk_np_i0 in range(1, A.shape[0] - 1):
            for _pk_np_i1 in range(1, A.shape[1] - 1):
                A[_pk_np_i0, _pk_np_i1, 0] = (B[1 + (_pk_np_i0 - 1) * _pk_np_s3, 1 + (_pk_np_i1 - 1) * _pk_np_s4, 0]
                + B[1 + (_pk_np_i0 - 1) * _pk_np_s3, 1 + (_pk_np_i1 - 1) * _pk_np_s4, 1])
