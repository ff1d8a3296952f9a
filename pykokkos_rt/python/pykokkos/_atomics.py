"""Host atomics of the PyKokkos API (pk.atomic_add & co). Inside workunits
they compile to Kokkos atomics; on the host they are plain read-modify-writes
of the view element (the host is one thread)."""
import math as _math

_View = None  # pykokkos.View, set by init(): this module is imported by the package


def init(view_cls):
    global _View
    _View = view_cls


def _elements(view):
    return view.data if isinstance(view, _View) else view


def _atomic(op):
    def fn(view, index, value):
        a = _elements(view)
        idx = tuple(index)
        old = a[idx].item()
        a[idx] = op(old, value)
        return old
    return fn


atomic_fetch_add = _atomic(lambda a, b: a + b)
atomic_fetch_sub = _atomic(lambda a, b: a - b)
atomic_fetch_mul = _atomic(lambda a, b: a * b)
atomic_fetch_div = _atomic(lambda a, b: a / b if isinstance(a, float) else int(a / b))
atomic_fetch_max = _atomic(lambda a, b: a if a >= b else b)
atomic_fetch_min = _atomic(lambda a, b: a if a <= b else b)
atomic_fetch_mod = _atomic(lambda a, b: _math.fmod(a, b) if isinstance(a, float) else int(_math.fmod(a, b)))
atomic_fetch_and = _atomic(lambda a, b: a & b)
atomic_fetch_or = _atomic(lambda a, b: a | b)
atomic_fetch_xor = _atomic(lambda a, b: a ^ b)
atomic_fetch_lshift = _atomic(lambda a, b: a << b)
atomic_fetch_rshift = _atomic(lambda a, b: a >> b)


def atomic_add(view, index, value):
    atomic_fetch_add(view, index, value)


def atomic_increment(view, index):
    atomic_fetch_add(view, index, 1)


def atomic_compare_exchange(view, index, expected, new):
    a = _elements(view)
    idx = tuple(index)
    old = a[idx].item()
    if old == expected:
        a[idx] = new
    return old
