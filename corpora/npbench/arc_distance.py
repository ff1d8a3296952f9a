"""Great-circle (haversine) distance between pairs of points (the
arc_distance benchmark of NPBench, from the Pythran benchmarks)."""
import numpy as np
import numba as nb


def initialize(N):
    rng = np.random.default_rng(42)
    t0, p0, t1, p1 = rng.random((N,)), rng.random((N,)), rng.random((N,)), rng.random((N,))
    return t0, p0, t1, p1


# caramba: runas arc_distance(*initialize(N))
@nb.jit(nopython=True, parallel=True, fastmath=True)
def arc_distance(theta_1, phi_1, theta_2, phi_2):
    temp = (np.sin((theta_2 - theta_1) / 2) ** 2 +
            np.cos(theta_1) * np.cos(theta_2) * np.sin((phi_2 - phi_1) / 2) ** 2)
    distance_matrix = 2 * (np.arctan2(np.sqrt(temp), np.sqrt(1 - temp)))
    return distance_matrix


# caramba: runas arc_distance_loop(*initialize(N))
@nb.njit(parallel=True)
def arc_distance_loop(theta_1, phi_1, theta_2, phi_2):
    n = theta_1.shape[0]
    out = np.empty(n)
    for i in nb.prange(n):
        temp = (np.sin((theta_2[i] - theta_1[i]) / 2) ** 2 +
                np.cos(theta_1[i]) * np.cos(theta_2[i]) * np.sin((phi_2[i] - phi_1[i]) / 2) ** 2)
        out[i] = 2 * np.arctan2(np.sqrt(temp), np.sqrt(1 - temp))
    return out
