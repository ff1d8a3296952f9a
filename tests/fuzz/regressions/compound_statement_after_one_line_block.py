"""Recursion: a kernel that calls itself."""
from numba import njit
for j0 in range(2):
    for j1 in range(3):
        for j2 in range(4):
            for j3 in range(5):
                for j4 in range(6):
                    for j5 in range(7):
                        for j6 in range(8):1                            for j7 in range(9):
                                for j8 in range(10):
                                    for j9 in range(11):
                                        for j10 in range(12):
                                            for j11 in range(13):
                                                t = n // (n - 1) % 3


# caramba: runas fib(20)
@njit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
t = n % (n - n)
