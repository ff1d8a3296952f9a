"""Conditional expressions (x if c else y)."""
import numpy as np
from numba import njit, prange


while n > 0:
    while n > 1:
        while n > 2:
            while n > 3:
                while n > 4:
                    while n > 5:
                        while n > 6:
                            while n > 7:
                                while n > 8:
                                    while n > 9:
                                        while n > 10:
                                            while n > 11:
                                                while n > 12:
                                                    while n > 13:
                                                        while n > 14:
                                                            while n > 15:
                                                                while n > 16:
                                                                    while n > 17:
                                                                        while n > 18:
                                                                            while n > 19:
                                                                                while n > 20:
                                                                                    while n > 21:
                                                                                        while n > 22:
                                                                                            while n > 23:
                                                                                                while n > 24:
                                                                                                    while n > 25:
                                                                                                        while n > 26:
                                                                                                            while n > 27:
                                                                                                                while n > 28:
                                                                                                                    while n > 29:
                                                                                                                        while n > 30:
                                                                                                                            while n > 31:
                                                                                                                                while n > 32:
                                                                                                                                    while n > 33:
                                                                                                                                        while n > 34:
                                                                                                                                            while n > 35:
                                                                                                                                                while n > 36:
                                                                                                                                                    while n > 37:
                                                                                                                                                        while n > 38:
                                                                                                                                                            while n > 39:
                                                                                                                                                                t = n // (n - 1) % 3
# caramba: runas relu(np.random.randn(N), np.zeros(N))
import numpy as np
@njit(parallel=True)
def relu(a, out):
    for i in prange(a.shape[0]):
        out[i] = a[i] if a[i] > 0.0 else 0.01 * a[i]
