import numpy as np
import pytest
from numpy.testing import assert_allclose

import pykokkos as pk
from pykokkos.linalg.l3_blas import dgemm


@pytest.mark.parametrize("alpha, a, b, c, beta", [
    (1.0, np.array([[1, 2], [3, 4]], dtype=np.float64), np.array([[5, 6], [7, 8]], dtype=np.float64), None, 0.0),
    (2.5, np.ones((3, 4)), np.arange(12, dtype=np.float64).reshape(4, 3), np.eye(3), 0.5),
])
def test_dgemm(alpha, a, b, c, beta):
    view_a = pk.array(a)
    view_b = pk.array(b)
    view_c = None if c is None else pk.array(c)
    expected = alpha * a @ b + (0 if c is None else beta * c)
    actual = dgemm(alpha, view_a, view_b, beta=beta, view_c=view_c)
    assert_allclose(np.asarray(actual), expected)


def test_dgemm_views():
    m, k, n = 3, 2, 4
    a = pk.View([m, k], pk.double)
    b = pk.View([k, n], pk.double)
    for i in range(m):
        for j in range(k):
            a[i, j] = i + j
    for i in range(k):
        for j in range(n):
            b[i, j] = i * j
    actual = dgemm(1.0, a, b)
    assert_allclose(np.asarray(actual), np.asarray(a) @ np.asarray(b))


def test_dgemm_mismatch():
    with pytest.raises(ValueError):
        dgemm(1.0, pk.array(np.ones((2, 3))), pk.array(np.ones((2, 3))))
