"""A legacy simulation script: constants and the field set up at module level, a helper that builds the
initial condition, and a time loop at the bottom of the file, as research code often is. The field is
float32. No run markers and no recorded types: the types come from the module-level calls.
"""
import numpy as np
from numba import jit

NX, NY = 64, 48
DT = 0.1
STEPS = 20


def make_field(nx, ny):
    f = np.zeros((nx, ny), dtype=np.float32)
    f[nx // 4:nx // 2, ny // 4:ny // 2] = 1.0
    return f


@jit(nopython=True)
def relax(f, out, alpha):
    nx, ny = f.shape
    for i in range(1, nx - 1):
        for j in range(1, ny - 1):
            c = f[i, j]
            lap = f[i - 1, j] + f[i + 1, j] + f[i, j - 1] + f[i, j + 1] - 4.0 * c
            out[i, j] = c + alpha * lap


@jit(nopython=True)
def peak(f):
    best = f[0, 0]
    for i in range(f.shape[0]):
        for j in range(f.shape[1]):
            if f[i, j] > best:
                best = f[i, j]
    return best


field = make_field(NX, NY)
new = field.copy()
for step in range(STEPS):
    relax(field, new, DT)
    field[:] = new
print("peak after", STEPS, "steps:", peak(field))
