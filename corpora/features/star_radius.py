"""star with a radius-r loop over shifted 2-D slices (issue 5): each
stencil point is one slice update, the shifts computed from the loop
variable, so the shape checks run in the caller for every k."""
import numpy as np
from numba import njit


# caramba: runas star_r(np.random.rand(N2, N2), np.zeros((N2, N2)), 2)
# caramba: runas star_r(np.random.rand(N2, N2), np.zeros((N2, N2)), 3)
@njit
def star_r(a, b, r):
    n = a.shape[0]
    m = a.shape[1]
    b[r:n - r, r:m - r] += 0.5 * a[r:n - r, r:m - r]
    for k in range(1, r + 1):
        w = 0.125 / (k * r)
        b[r:n - r, r:m - r] += w * a[r - k:n - r - k, r:m - r]
        b[r:n - r, r:m - r] += w * a[r + k:n - r + k, r:m - r]
        b[r:n - r, r:m - r] += w * a[r:n - r, r - k:m - r - k]
        b[r:n - r, r:m - r] += w * a[r:n - r, r + k:m - r + k]
