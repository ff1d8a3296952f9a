# Local tuples of scalars are written where they are used; the binding goes.
from numba import njit


@njit
def grid(n, m, h):
    shape = (n, m)  # the grid's shape
    x = np.zeros(shape)
    for i in range(shape[0]):
        for j in range(shape[-1]):
            x[i, j] = h * (i + j)
    return x


@njit
def rows(a, out):
    sh = a.shape
    for i in range(sh[0]):
        out[i] = a[i, sh[1] - 1]


@njit
def kept(a, n):
    # n changes after the binding: the tuple stays (CRB121 later)
    t = (n, 2)
    n = n + 1
    return t[0] * n
