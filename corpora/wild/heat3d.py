"""Explicit 3-D heat diffusion in the NPBench style: whole-interior slice
updates whose subscripts and right-hand sides run over several lines, inside a
time loop, and a two-field version that updates one component of a vector
field stored in the last axis."""
import numpy as np
import numba as nb


# caramba: sizes N3=6,24
# caramba: runas heat_3d(4, np.random.rand(N3, N3, N3), np.random.rand(N3, N3, N3))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def heat_3d(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1,
          1:-1] = (0.125 * (A[2:, 1:-1, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                            A[:-2, 1:-1, 1:-1]) + 0.125 *
                   (A[1:-1, 2:, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                    A[1:-1, :-2, 1:-1]) + 0.125 *
                   (A[1:-1, 1:-1, 2:] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                    A[1:-1, 1:-1, 0:-2]) + A[1:-1, 1:-1, 1:-1])
        A[1:-1, 1:-1,
          1:-1] = (0.125 * (B[2:, 1:-1, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                            B[:-2, 1:-1, 1:-1]) + 0.125 *
                   (B[1:-1, 2:, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                    B[1:-1, :-2, 1:-1]) + 0.125 *
                   (B[1:-1, 1:-1, 2:] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                    B[1:-1, 1:-1, 0:-2]) + B[1:-1, 1:-1, 1:-1])


# caramba: sizes N2=8,200
# caramba: runas advance_x(np.zeros((N2, N2, 2)), np.random.rand(N2, N2, 2), np.random.rand(N2, N2, 2), 0.01, 0.1)
@nb.njit
def advance_x(u, un, f, dt, dx):
    u[1:-1,
      1:-1, 0] = (un[1:-1, 1:-1, 0]
                  - un[1:-1, 1:-1, 0] * dt / dx * (un[1:-1, 1:-1, 0] - un[1:-1, 0:-2, 0])
                  + dt * f[1:-1, 1:-1, 0])
