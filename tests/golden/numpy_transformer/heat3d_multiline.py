# NPBench heat_3d: 3-D slice assignments whose target and right-hand side span
# several lines, inside a time loop. The lowered statement sits three loops
# deeper; its continuation lines move in with it (a continuation line left of
# its block is valid Python but does not parse with tree-sitter: CRB902).
import numpy as np
import numba as nb


@nb.jit(nopython=True, parallel=True, fastmath=True)
def kernel(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1,  # expect: CRB517
          1:-1] = (0.125 * (A[2:, 1:-1, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                            A[:-2, 1:-1, 1:-1]) + A[1:-1, 1:-1, 1:-1])
        A[1:-1,  # expect: CRB517
          1:-1, 0] = (B[1:-1, 1:-1, 0]
    + B[1:-1, 1:-1, 1])
