"""Columns and strided slices of arrays the kernel computed, named before use
as NumPy code names them: a column of a centred matrix, every second row of
a scaled matrix. In NumPy each name is a view of the computed array, with
strides of its own."""
import numpy as np
from numba import njit


# caramba: sizes N2=12,600
# caramba: runas first_column_energy(np.random.default_rng(8).random((N2, 6)))
@njit
def first_column_energy(a):
    centred = a - np.mean(a)
    col = centred[:, 0]
    return np.sum(col * col)


# caramba: runas even_rows_total(np.random.default_rng(9).random((N2, 5)), 3.0)
@njit
def even_rows_total(a, scale):
    scaled = scale * a
    even = scaled[::2, 1:]
    return even * 0.5
