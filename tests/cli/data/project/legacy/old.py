from numba import njit


@njit
def walk(buf):
    for i in range(buf.shape[0]):
        yield buf[i]
