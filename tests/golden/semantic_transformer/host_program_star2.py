import numpy as np
from numba import njit


# The thesis's star2: nine slice updates of the same interior fuse into one
# parallel nest.
@njit
def star2(a, b):  # expect: CRB523
    n = a.shape[0]
    m = a.shape[1]
    b[2:n - 2, 2:m - 2] += 0.4 * a[2:n - 2, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.0625 * a[1:n - 3, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.0625 * a[3:n - 1, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.0625 * a[2:n - 2, 1:m - 3]
    b[2:n - 2, 2:m - 2] += 0.0625 * a[2:n - 2, 3:m - 1]
    b[2:n - 2, 2:m - 2] += 0.05 * a[0:n - 4, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.05 * a[4:n, 2:m - 2]
    b[2:n - 2, 2:m - 2] += 0.05 * a[2:n - 2, 0:m - 4]
    b[2:n - 2, 2:m - 2] += 0.05 * a[2:n - 2, 4:m]
