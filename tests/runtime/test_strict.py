"""PYKOKKOS_RT_STRICT=upstream: what upstream PyKokkos rejects is rejected
with upstream's reason, although this runtime could run it."""
import os

import numpy as np
import pytest

import pykokkos as pk
from cases import strict_extent


@pytest.fixture
def strict(monkeypatch):
    monkeypatch.setenv("PYKOKKOS_RT_STRICT", "upstream")


def test_extent_in_a_function_runs_when_not_strict(monkeypatch):
    monkeypatch.delenv("PYKOKKOS_RT_STRICT", raising=False)
    out = np.zeros(4)
    pk.parallel_for(4, strict_extent.uses_last, x=np.arange(4.0), out=out)
    np.testing.assert_array_equal(out, [3.0] * 4)


def test_extent_in_a_function_is_rejected(strict):
    with pytest.raises(pk.DialectError, match="Function extent not supported for translation") as e:
        pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 4), strict_extent.uses_last, x=np.arange(4.0), out=np.zeros(4))
    assert e.value.lineno == strict_extent.EXTENT_LINE


def test_one_bad_helper_rejects_every_workunit_of_the_file(strict):
    # upstream copies every @pk.function of the file into every workunit
    with pytest.raises(pk.DialectError, match="Function extent not supported"):
        pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 4), strict_extent.plain, out=np.zeros(4))


def test_numpy_arrays_to_host_ufuncs(strict):
    a = np.arange(1.0, 4.0)
    for call in (lambda: pk.exp(a), lambda: pk.add(a, a), lambda: pk.sign(a), lambda: pk.var(a),
                 lambda: pk.matmul(a, a)):
        with pytest.raises(TypeError, match="upstream's host ufuncs take pk.View operands"):
            call()
    np.testing.assert_allclose(pk.exp(pk.array(a)).data, np.exp(a))


def test_numpy_arrays_to_host_ufuncs_not_strict(monkeypatch):
    monkeypatch.delenv("PYKOKKOS_RT_STRICT", raising=False)
    np.testing.assert_allclose(pk.exp(np.arange(3.0)).data, np.exp(np.arange(3.0)))


def test_unknown_mode_is_refused(monkeypatch):
    monkeypatch.setenv("PYKOKKOS_RT_STRICT", "yes")
    with pytest.raises(ValueError, match="PYKOKKOS_RT_STRICT"):
        pk.exp(pk.array(np.arange(3.0)))
