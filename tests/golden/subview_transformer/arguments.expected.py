# Rows and slices passed to helpers are bound to fresh names before the
# statement that uses them; an index expression wraps like Numba's.
from numba import njit, prange


@njit
def total(v):
    s = 0.0
    for k in range(v.extent(0)):
        s += v[k]
    return s


@njit(parallel=True)
def args(m, out):
    for i in prange(m.extent(0)):
        _pk_sv0 = m[i, :]
        if total(_pk_sv0) > 0.0:
            _pk_sv2 = 1
            if _pk_sv2 > int(m.extent(1)):
                _pk_sv2 = int(m.extent(1))
            _pk_sv3 = m.extent(1)
            if _pk_sv3 < _pk_sv2:
                _pk_sv3 = _pk_sv2
            _pk_sv1 = m[i, _pk_sv2:_pk_sv3]
            _pk_sv5 = i - 1
            if _pk_sv5 < 0:
                _pk_sv5 = _pk_sv5 + int(m.extent(0))
            _pk_sv4 = m[_pk_sv5, :]
            out[i] = total(_pk_sv1) + total(_pk_sv4)
        else:
            _pk_sv7 = int(m.extent(0)) - 1
            _pk_sv6 = m[_pk_sv7, :]
            out[i] = total(_pk_sv6)
