"""Arrays a translated kernel writes, whose dtype only the call decides.

Without recorded types the workunit's views are not annotated: the runtime
compiles for whatever array the call brings, and pk.array wraps it without a
copy, except a bool array, which it copies to uint8 (upstream too). A kernel
writing into that copy would lose its writes and return a result that differs
from Numba without a word (a transitive closure of a bool adjacency matrix
did). The caller passes a bool array as its uint8 view instead when every
store is a 0/1 value, and refuses it with TypeError otherwise; other dtypes,
Fortran order included, are written in place; a non-contiguous array is
refused with a clear error, never copied. Each kernel is translated with
--no-types by the caramba binary CTest names (CARAMBA_BIN) and compared with
Numba on Serial and OpenMP.
"""

import numpy as np
import pytest


numba = pytest.importorskip("numba")

SOURCE = '''
import numpy as np
from numba import njit, prange


@njit
def transitive_closure(reach):
    n = reach.shape[0]
    for k in range(n):
        for i in range(n):
            if reach[i, k]:
                for j in range(n):
                    if reach[k, j]:
                        reach[i, j] = 1
    return reach


@njit(parallel=True)
def threshold_mask(x, mask):
    for i in prange(x.shape[0]):
        mask[i] = x[i] > 0.5


@njit(parallel=True)
def doubled(x, out):
    for i in prange(x.shape[0]):
        out[i] = x[i] * 2


@njit
def fill_rows(a):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = i * 10 + j
'''


@pytest.fixture(scope="module")
def modules(translate_and_load):
    return translate_and_load("unknown_dtype_writes", SOURCE, "--no-types")


def adjacency(n, dtype):
    rng = np.random.default_rng(7)
    return (rng.random((n, n)) < 0.05).astype(dtype)


def test_transitive_closure_of_a_bool_matrix_writes_the_callers_array(modules, on_space):
    nb, tr, _ = modules
    a = adjacency(40, np.bool_)
    expected = nb.transitive_closure(a.copy())
    got_in = a.copy()
    got = tr.transitive_closure(got_in)
    assert got.dtype == np.bool_
    np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(got_in, expected)  # in place, as Numba writes it
    assert expected.sum() > a.sum()  # the closure added edges: the case can fail


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8, np.float32])
def test_transitive_closure_of_other_dtypes_is_in_place(modules, on_space, dtype):
    nb, tr, _ = modules
    a = adjacency(30, dtype)
    expected = nb.transitive_closure(a.copy())
    got_in = a.copy()
    tr.transitive_closure(got_in)
    assert got_in.dtype == dtype
    np.testing.assert_array_equal(got_in, expected)


def test_transitive_closure_of_a_fortran_ordered_matrix(modules, on_space):
    nb, tr, _ = modules
    a = np.asfortranarray(adjacency(30, np.bool_))
    expected = nb.transitive_closure(a.copy(order="F"))
    got_in = a.copy(order="F")
    tr.transitive_closure(got_in)
    np.testing.assert_array_equal(got_in, expected)


def test_a_comparison_stored_into_a_bool_mask(modules, on_space):
    nb, tr, _ = modules
    x = np.random.default_rng(3).random(1000)
    expected = np.zeros(1000, np.bool_)
    nb.threshold_mask(x, expected)
    got = np.zeros(1000, np.bool_)
    tr.threshold_mask(x, got)
    np.testing.assert_array_equal(got, expected)
    assert got.any()


def test_a_value_numba_converts_to_bool_is_refused_with_typeerror(modules, on_space):
    nb, tr, text = modules
    x = np.arange(10.0)
    out = np.zeros(10, np.bool_)
    with pytest.raises(TypeError, match=r"'doubled': 'out' is a bool array, and the kernel stores values into it that Numba converts"):
        tr.doubled(x, out)
    assert not out.any()
    # Every other dtype is written in place, as by Numba.
    for dtype in (np.float64, np.float32, np.int64, np.int32):
        expected, got = np.zeros(10, dtype), np.zeros(10, dtype)
        nb.doubled(x, expected)
        tr.doubled(x, got)
        np.testing.assert_array_equal(got, expected)


def test_a_non_contiguous_array_is_refused_never_copied(modules, on_space):
    nb, tr, _ = modules
    a = np.zeros((6, 8), np.int64)
    view = a[:, ::2]
    with pytest.raises((ValueError, TypeError), match="contiguous"):
        tr.fill_rows(view)
    assert not a.any()
    # A contiguous one is filled in place, as by Numba.
    expected, got = np.zeros((6, 4), np.int32), np.zeros((6, 4), np.int32)
    nb.fill_rows(expected)
    tr.fill_rows(got)
    np.testing.assert_array_equal(got, expected)
