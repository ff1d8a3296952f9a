"""A while loop: Collatz steps for each start value."""
import numpy as np
from numba import njit


# caramba: runas collatz_steps(np.arange(1, N + 1), np.zeros(N, dtype=np.int64))
@njit
def collatz_steps(starts, steps):
    for i in range(starts.shape[0]):
        x = starts[i]
        s = 0
        while x != 1:
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            s += 1
        steps[i] = s
