import numpy as np
from numba import njit


# Scratch arrays allocated at every step of a time loop: nothing keeps an
# earlier step's array and the shapes read only parameters, so each is
# allocated once before the loop; np.zeros leaves a fill loop in its place,
# np.empty_like nothing. The one whose shape follows the step stays.
@njit("float64[:, :](float64[:, :], int64)")
def flux_diffusion(p, steps):
    for t in range(steps):
        flux = np.zeros((p.shape[0], p.shape[1]))
        scratch = np.empty_like(p)
        grow = np.zeros(t + 1)
        flux[1:-1, 1:-1] = p[2:, 1:-1] - p[1:-1, 1:-1]
        scratch[:, :] = p
        p += 0.1 * flux + 0.0 * scratch
        grow[0] = 1.0
    return p
