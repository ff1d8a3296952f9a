# A refused kernel is not rewritten, even where the rewrite would apply.
import numpy as np
from numba import njit


@njit
def show(a):
    for i in range(a.shape[0]):
        print(a[i, 0])  # expect: CRB111
