"""Integer // and % by zero in translated kernels, on Serial and OpenMP.

Numba raises ZeroDivisionError in serial code (its default error model) and
gives 0 in the prange loop of a parallel=True kernel: the translation sets the
workunit's zero-division flag and its caller raises with Numba's message
after the dispatch. A jitted helper (a @pk.function in the translation)
raises by its own error model, whatever kernel calls it: it sets the flag of
the workunit that calls it, passed in as its last parameter. uint64 values above 2**63 divide exactly. Each kernel is
translated with the caramba binary CTest names (CARAMBA_BIN) and compared
with Numba on the same inputs.
"""

import numpy as np
import pytest


numba = pytest.importorskip("numba")

SOURCE = '''
import numpy as np
from numba import njit, prange


@njit("void(int64[:], int64[:], int64[:])")
def group_means(totals, counts, means):
    for g in range(totals.shape[0]):
        means[g] = totals[g] // counts[g]


@njit("int64(int64[:], int64)")
def digit_sums(values, base):
    total = 0
    for i in range(values.shape[0]):
        x = values[i]
        while x > 0:
            total += x % base
            x = x // base
    return total


@njit("int64(int64, int64)")
def python_divmod(a, b):
    return a // b * 100 + a % b


@njit("void(int64[:], int64, int64[:])", parallel=True)
def bucket_ids(a, width, out):
    for i in prange(a.shape[0]):
        out[i] = a[i] // width + a[i] % width


@njit("void(uint64[:], uint64, uint64[:], uint64[:])")
def hash_slots(keys, m, q, r):
    for i in range(keys.shape[0]):
        q[i] = keys[i] // m
        r[i] = keys[i] % m


@njit("int64(int64, int64)")
def wrap(i, n):
    return i % n


@njit("int64(int64, int64, int64)")
def cell(i, j, n):
    return wrap(i, n) * n + wrap(j, n)


@njit("void(int64[:], int64, int64[:])")
def periodic_cells(idx, n, out):
    for k in range(idx.shape[0]):
        out[k] = cell(idx[k], idx[k] + 1, n)


@njit("int64(int64, int64)", error_model="numpy")
def quiet_ratio(a, b):
    return a // b


@njit("void(int64[:], int64[:], int64[:])", error_model="numpy")
def ratios_via_helper(a, b, out):
    for i in range(a.shape[0]):
        out[i] = cell(a[i], a[i], b[i]) + quiet_ratio(a[i], b[i])
'''


@pytest.fixture(scope="module")
def modules(translate_and_load):
    numba_module, translated, _ = translate_and_load("division_by_zero", SOURCE)
    return numba_module, translated


def outcome(f, *args):
    try:
        return "returned", f(*args)
    except ZeroDivisionError as e:
        return "raised", str(e)


def test_group_means_with_an_empty_group_raises_like_numba(modules, on_space):
    nb, tr = modules
    totals = np.arange(1000, dtype=np.int64) * 7
    counts = np.arange(1, 1001, dtype=np.int64)
    counts[500] = 0
    expected = outcome(nb.group_means, totals, counts, np.zeros(1000, np.int64))
    assert expected == ("raised", "integer division by zero")
    assert outcome(tr.group_means, totals, counts, np.zeros(1000, np.int64)) == expected


def test_group_means_without_zero_counts_is_exact(modules, on_space):
    nb, tr = modules
    totals = np.arange(-500, 500, dtype=np.int64) * 7
    counts = np.arange(1, 1001, dtype=np.int64) * np.where(np.arange(1000) % 2, 1, -1)
    a, b = np.zeros(1000, np.int64), np.zeros(1000, np.int64)
    nb.group_means(totals, counts, a)
    tr.group_means(totals, counts, b)
    assert np.array_equal(a, b)


def test_digit_sums_base_zero_raises_the_modulo_message(modules, on_space):
    nb, tr = modules
    values = np.arange(100, dtype=np.int64)
    assert outcome(nb.digit_sums, values, 0) == ("raised", "integer modulo by zero")
    assert outcome(tr.digit_sums, values, 0) == ("raised", "integer modulo by zero")
    assert tr.digit_sums(values, 10) == nb.digit_sums(values, 10)


@pytest.mark.parametrize("a,b", [(7, 0), (-7, 0), (0, 0), (-2**63, -1), (-2**63, 0), (7, -2)])
def test_python_divmod_scalar_kernel(modules, on_space, a, b):
    nb, tr = modules
    assert outcome(tr.python_divmod, a, b) == outcome(nb.python_divmod, a, b)


def test_prange_of_a_parallel_kernel_gives_zero_like_numba(modules, on_space):
    nb, tr = modules
    a = np.arange(-50, 50, dtype=np.int64)
    x, y = np.ones(100, np.int64), np.ones(100, np.int64)
    nb.bucket_ids(a, 0, x)
    tr.bucket_ids(a, 0, y)
    assert np.array_equal(x, y) and not x.any()


def test_hash_slots_uint64_above_2_63_is_exact(modules, on_space):
    nb, tr = modules
    keys = np.array([2**64 - 1, 2**63, 2**63 + 12345, 0, 1, 2**64 - 2**32], dtype=np.uint64)
    for m in [np.uint64(3), np.uint64(2**63 + 5), np.uint64(1000003), np.uint64(2**64 - 1)]:
        q1, r1, q2, r2 = (np.zeros(keys.size, np.uint64) for _ in range(4))
        nb.hash_slots(keys, m, q1, r1)
        tr.hash_slots(keys, m, q2, r2)
        assert np.array_equal(q1, q2) and np.array_equal(r1, r2), m
        assert [int(v) for v in q2] == [int(k) // int(m) for k in keys]
    assert outcome(tr.hash_slots, keys, np.uint64(0), q2, r2) == ("raised", "integer division by zero")


def test_helpers_two_levels_deep_raise_like_numba(modules, on_space):
    nb, tr = modules
    idx = np.arange(-50, 50, dtype=np.int64)
    assert "zero_division: pk.View1D[pk.int32]) -> pk.int64" in modules_text(modules)
    x, y = np.zeros(100, np.int64), np.zeros(100, np.int64)
    nb.periodic_cells(idx, 7, x)
    tr.periodic_cells(idx, 7, y)
    assert np.array_equal(x, y)
    expected = outcome(nb.periodic_cells, idx, 0, x)
    assert expected == ("raised", "integer modulo by zero")
    assert outcome(tr.periodic_cells, idx, 0, y) == expected


def test_helper_of_a_numpy_model_kernel_still_raises(modules, on_space):
    nb, tr = modules
    a = np.arange(1, 101, dtype=np.int64)
    b = np.arange(100, dtype=np.int64) % 5 + 1
    x, y = np.zeros(100, np.int64), np.zeros(100, np.int64)
    nb.ratios_via_helper(a, b, x)
    tr.ratios_via_helper(a, b, y)
    assert np.array_equal(x, y)
    b[37] = 0
    expected = outcome(nb.ratios_via_helper, a, b, x)
    assert expected == ("raised", "integer modulo by zero")
    assert outcome(tr.ratios_via_helper, a, b, y) == expected


def test_helper_under_numpy_model_gives_zero(modules, on_space):
    nb, tr = modules
    for a, b in [(7, 0), (-7, 0), (7, 2)]:
        assert outcome(tr.quiet_ratio, a, b) == outcome(nb.quiet_ratio, a, b)


def modules_text(modules):
    return open(modules[1].__file__).read()
