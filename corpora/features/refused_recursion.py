"""Recursion: a kernel that calls itself."""
from numba import njit


# caramba: runas fib(20)
@njit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
