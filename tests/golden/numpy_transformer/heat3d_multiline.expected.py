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
        if (max(A.shape[0] - min(2, A.shape[0]), 0) != max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) and max(A.shape[0] - min(2, A.shape[0]), 0) != 1) or (max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) != max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) and max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) != 1) or (max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) != max(max(B.shape[2] - 1, 0) - min(1, B.shape[2]), 0) and max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) != 1) or (max(max(A.shape[0] - 1, 0) - min(1, A.shape[0]), 0) != max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) and max(max(A.shape[0] - 1, 0) - min(1, A.shape[0]), 0) != 1) or (max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) != max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) and max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) != 1) or (max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) != max(max(B.shape[2] - 1, 0) - min(1, B.shape[2]), 0) and max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) != 1) or (max(A.shape[0] - 2, 0) != max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) and max(A.shape[0] - 2, 0) != 1) or (max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) != max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) and max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) != 1) or (max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) != max(max(B.shape[2] - 1, 0) - min(1, B.shape[2]), 0) and max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) != 1) or (max(max(A.shape[0] - 1, 0) - min(1, A.shape[0]), 0) != max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) and max(max(A.shape[0] - 1, 0) - min(1, A.shape[0]), 0) != 1) or (max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) != max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) and max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) != 1) or (max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) != max(max(B.shape[2] - 1, 0) - min(1, B.shape[2]), 0) and max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) != 1):
            raise ValueError("could not broadcast the operands of B[1:-1,1:-1,#expect:CRB517")
        _pk_np_o0 = min(1, B.shape[0])
        _pk_np_e1 = max(B.shape[0] - 1, 0)
        _pk_np_n2 = max(_pk_np_e1 - _pk_np_o0, 0)
        _pk_np_o3 = min(1, B.shape[1])
        _pk_np_e4 = max(B.shape[1] - 1, 0)
        _pk_np_n5 = max(_pk_np_e4 - _pk_np_o3, 0)
        _pk_np_o6 = min(1, B.shape[2])
        _pk_np_e7 = max(B.shape[2] - 1, 0)
        _pk_np_n8 = max(_pk_np_e7 - _pk_np_o6, 0)
        _pk_np_o9 = min(2, A.shape[0])
        _pk_np_s10 = min(max(A.shape[0] - min(2, A.shape[0]), 0) - 1, 1)
        _pk_np_o11 = min(1, A.shape[1])
        _pk_np_s12 = min(max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) - 1, 1)
        _pk_np_o13 = min(1, A.shape[2])
        _pk_np_s14 = min(max(max(A.shape[2] - 1, 0) - min(1, A.shape[2]), 0) - 1, 1)
        _pk_np_o15 = min(1, A.shape[0])
        _pk_np_s16 = min(max(max(A.shape[0] - 1, 0) - min(1, A.shape[0]), 0) - 1, 1)
        _pk_np_s17 = min(max(A.shape[0] - 2, 0) - 1, 1)
        for _pk_np_i0 in range(_pk_np_n2):
            for _pk_np_i1 in range(_pk_np_n5):
                for _pk_np_i2 in range(_pk_np_n8):
                    B[_pk_np_o0 + _pk_np_i0, _pk_np_o3 + _pk_np_i1, _pk_np_o6 + _pk_np_i2] = (0.125 * (A[_pk_np_o9 + _pk_np_i0 * _pk_np_s10, _pk_np_o11 + _pk_np_i1 * _pk_np_s12, _pk_np_o13 + _pk_np_i2 * _pk_np_s14] - 2.0 * A[_pk_np_o15 + _pk_np_i0 * _pk_np_s16, _pk_np_o11 + _pk_np_i1 * _pk_np_s12, _pk_np_o13 + _pk_np_i2 * _pk_np_s14] +
                                        A[_pk_np_i0 * _pk_np_s17, _pk_np_o11 + _pk_np_i1 * _pk_np_s12, _pk_np_o13 + _pk_np_i2 * _pk_np_s14]) + A[_pk_np_o15 + _pk_np_i0 * _pk_np_s16, _pk_np_o11 + _pk_np_i1 * _pk_np_s12, _pk_np_o13 + _pk_np_i2 * _pk_np_s14])
        # A[1:-1,  # expect: CRB517
        if (max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) != max(max(A.shape[0] - 1, 0) - min(1, A.shape[0]), 0) and max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) != 1) or (max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) != max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) and max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) != 1) or (max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) != max(max(A.shape[0] - 1, 0) - min(1, A.shape[0]), 0) and max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) != 1) or (max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) != max(max(A.shape[1] - 1, 0) - min(1, A.shape[1]), 0) and max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) != 1):
            raise ValueError("could not broadcast the operands of A[1:-1,#expect:CRB517")
        _pk_np_o18 = min(1, A.shape[0])
        _pk_np_e19 = max(A.shape[0] - 1, 0)
        _pk_np_n20 = max(_pk_np_e19 - _pk_np_o18, 0)
        _pk_np_o21 = min(1, A.shape[1])
        _pk_np_e22 = max(A.shape[1] - 1, 0)
        _pk_np_n23 = max(_pk_np_e22 - _pk_np_o21, 0)
        _pk_np_o24 = min(1, B.shape[0])
        _pk_np_s25 = min(max(max(B.shape[0] - 1, 0) - min(1, B.shape[0]), 0) - 1, 1)
        _pk_np_o26 = min(1, B.shape[1])
        _pk_np_s27 = min(max(max(B.shape[1] - 1, 0) - min(1, B.shape[1]), 0) - 1, 1)
        for _pk_np_i0 in range(_pk_np_n20):
            for _pk_np_i1 in range(_pk_np_n23):
                A[_pk_np_o18 + _pk_np_i0, _pk_np_o21 + _pk_np_i1, 0] = (B[_pk_np_o24 + _pk_np_i0 * _pk_np_s25, _pk_np_o26 + _pk_np_i1 * _pk_np_s27, 0]
                + B[_pk_np_o24 + _pk_np_i0 * _pk_np_s25, _pk_np_o26 + _pk_np_i1 * _pk_np_s27, 1])
