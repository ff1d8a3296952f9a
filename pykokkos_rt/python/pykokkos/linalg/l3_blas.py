"""`pykokkos.linalg.l3_blas.dgemm`, as upstream defines it: C = alpha * A @ B
+ beta * C for 2-D double views, computed on the host."""
import numpy as np


def dgemm(alpha, view_a, view_b, beta=0.0, view_c=None):
    """alpha * A @ B (+ beta * C when C is given) as a new 2-D double view.
    The inner dimensions must agree (ValueError otherwise, as upstream)."""
    import pykokkos as pk
    a, b = np.asarray(view_a, dtype=np.float64), np.asarray(view_b, dtype=np.float64)
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError("dgemm takes 2-D views")
    if a.shape[1] != b.shape[0]:
        raise ValueError("Input operand 1 has a mismatch in its core dimension 0, (size %d is different from %d)"
                         % (b.shape[0], a.shape[1]))
    result = alpha * (a @ b)
    if view_c is not None:
        result = result + beta * np.asarray(view_c, dtype=np.float64)
    out = pk.View([a.shape[0], b.shape[1]], pk.double)
    out.data[...] = result
    return out
