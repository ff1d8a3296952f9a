import numpy as np
from numba import njit


# Scratch arrays allocated at every step of a time loop: nothing keeps an
# earlier step's array and the shapes read only parameters, so each is
# allocated once before the loop; np.zeros leaves a fill loop in its place,
# np.empty_like nothing. The one whose shape follows the step stays.
@njit("float64[:, :](float64[:, :], int64)")
def flux_diffusion(p, steps):
    flux = np.zeros((p.shape[0], p.shape[1]))
    scratch = np.empty_like(p)
    for t in range(steps):
        # flux = np.zeros((p.shape[0], p.shape[1]))
        for _pk_np_i0 in range(flux.shape[0]):
            for _pk_np_i1 in range(flux.shape[1]):
                flux[_pk_np_i0, _pk_np_i1] = 0
        # scratch = np.empty_like(p)  (allocated once, before the loop)
        grow = np.zeros(t + 1)
        # flux[1:-1, 1:-1] = p[2:, 1:-1] - p[1:-1, 1:-1]
        if (max(p.shape[0] - 2, 0) != max(flux.shape[0] - 2, 0) and max(p.shape[0] - 2, 0) != 1) or (max(p.shape[1] - 2, 0) != max(flux.shape[1] - 2, 0) and max(p.shape[1] - 2, 0) != 1):
            raise ValueError("could not broadcast the operands of flux[1:-1,1:-1]=p[2:,1:-1]-p[1:-1,1:-1]")
        _pk_np_s0 = min(max(p.shape[0] - 2, 0) - 1, 1)
        _pk_np_s1 = min(max(p.shape[1] - 2, 0) - 1, 1)
        for _pk_np_i0 in range(1, flux.shape[0] - 1):
            for _pk_np_i1 in range(1, flux.shape[1] - 1):
                flux[_pk_np_i0, _pk_np_i1] = p[2 + (_pk_np_i0 - 1) * _pk_np_s0, 1 + (_pk_np_i1 - 1) * _pk_np_s1] - p[1 + (_pk_np_i0 - 1) * _pk_np_s0, 1 + (_pk_np_i1 - 1) * _pk_np_s1]
        # scratch[:, :] = p
        if (p.shape[0] != scratch.shape[0] and p.shape[0] != 1) or (p.shape[1] != scratch.shape[1] and p.shape[1] != 1):
            raise ValueError("could not broadcast the operands of scratch[:,:]=p")
        _pk_np_s2 = min(p.shape[0] - 1, 1)
        _pk_np_s3 = min(p.shape[1] - 1, 1)
        for _pk_np_i0 in range(scratch.shape[0]):
            for _pk_np_i1 in range(scratch.shape[1]):
                scratch[_pk_np_i0, _pk_np_i1] = p[_pk_np_i0 * _pk_np_s2, _pk_np_i1 * _pk_np_s3]
        # p += 0.1 * flux + 0.0 * scratch
        if (flux.shape[0] != p.shape[0] and flux.shape[0] != 1) or (flux.shape[1] != p.shape[1] and flux.shape[1] != 1) or (scratch.shape[0] != p.shape[0] and scratch.shape[0] != 1) or (scratch.shape[1] != p.shape[1] and scratch.shape[1] != 1):
            raise ValueError("could not broadcast the operands of p+=0.1*flux+0.0*scratch")
        _pk_np_s4 = min(flux.shape[0] - 1, 1)
        _pk_np_s5 = min(flux.shape[1] - 1, 1)
        _pk_np_s6 = min(scratch.shape[0] - 1, 1)
        _pk_np_s7 = min(scratch.shape[1] - 1, 1)
        for _pk_np_i0 in range(p.shape[0]):
            for _pk_np_i1 in range(p.shape[1]):
                p[_pk_np_i0, _pk_np_i1] += 0.1 * flux[_pk_np_i0 * _pk_np_s4, _pk_np_i1 * _pk_np_s5] + 0.0 * scratch[_pk_np_i0 * _pk_np_s6, _pk_np_i1 * _pk_np_s7]
        grow[0] = 1.0
    return p
