"""String handling inside a kernel."""
from numba import njit


# caramba: runas count_char("abracadabra", "a")
@njit
def count_char(s, c):
    n = 0
    for ch in s:
        if ch == c:
            n += 1
    return n
