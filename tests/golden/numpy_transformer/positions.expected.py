# A reduction in an if condition or a range() header: its loop goes before the
# statement (evaluated once, as the header is). The signature gives a's rank
# (only reductions use it: without one it would be CRB204).
import numpy as np
from numba import njit


@njit("void(float64[:], float64[:])")
def positive(a, out):
    _pk_np_acc0 = 0.0
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_acc0 += a[_pk_np_i0]
    if _pk_np_acc0 > 0.0:
        out[0] = 1.0
    if a.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation maximum which has no identity")
    _pk_np_acc1 = -np.inf
    for _pk_np_i0 in range(a.shape[0]):
        _pk_np_v2 = a[_pk_np_i0]
        _pk_np_acc1 = max(_pk_np_acc1, (_pk_np_v2 if _pk_np_v2 == _pk_np_v2 else np.inf))
    if _pk_np_acc1 == np.inf:
        _pk_np_nan3 = 0
        for _pk_np_i0 in range(a.shape[0]):
            _pk_np_v4 = a[_pk_np_i0]
            if _pk_np_v4 != _pk_np_v4:
                _pk_np_nan3 += 1
        if _pk_np_nan3 > 0:
            _pk_np_acc1 = np.nan
    for i in range(int(_pk_np_acc1)):
        out[1] += 1.0
