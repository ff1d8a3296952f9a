"""The host API's argument rules (dialect §2) and the errors a caller sees:
TypeError naming the workunit and parameter, never a crash."""
import os
import subprocess
import sys

import numpy as np
import pytest

import pykokkos as pk


@pk.workunit
def copy(i, src, dst):
    dst[i] = src[i]


@pk.workunit
def typed(i, n: int, v: pk.View1D[pk.double]):
    v[i] = n


@pk.workunit
def total(i, acc, x):
    acc += x[i]


def test_range_policy_bounds_must_be_python_int():
    with pytest.raises(TypeError, match="Python int.*int\\(\\.\\.\\.\\)"):
        pk.RangePolicy(0, np.int64(4))
    with pytest.raises(TypeError):
        pk.RangePolicy(0.0, 4)
    p = pk.RangePolicy(pk.Serial, 1, 3)
    assert (p.space, p.begin, p.end) == (pk.Serial, 1, 3)
    with pytest.raises(TypeError):
        pk.parallel_for(np.int32(4), copy, src=np.zeros(4), dst=np.zeros(4))


def test_view_rejects_numpy_dtypes():
    with pytest.raises(TypeError, match="NumPy dtypes are not accepted"):
        pk.View([3], np.float64)
    with pytest.raises(TypeError, match="shape sequence"):
        pk.ones(3)


def test_keyword_arguments_and_optional_name():
    src, dst = np.arange(4.0), np.zeros(4)
    pk.parallel_for("copy", pk.RangePolicy(0, 4), copy, src=src, dst=dst)
    assert dst.tolist() == src.tolist()
    with pytest.raises(TypeError, match="kernel arguments are keywords"):
        pk.parallel_for(4, copy, src, dst)


def test_unknown_keyword_is_an_error():
    with pytest.raises(TypeError, match="'copy' got an unexpected keyword argument 'extra'"):
        pk.parallel_for(4, copy, src=np.zeros(4), dst=np.zeros(4), extra=1)


def test_missing_argument_names_kernel_and_parameter():
    with pytest.raises(TypeError, match="workunit 'copy': missing keyword argument 'dst'"):
        pk.parallel_for(4, copy, src=np.zeros(4))


def test_wrong_types_name_kernel_and_parameter():
    with pytest.raises(TypeError, match="'typed': parameter 'n' expects int32, got float64"):
        pk.parallel_for(4, typed, n=1.5, v=np.zeros(4))
    with pytest.raises(TypeError, match="'typed': parameter 'v' expects View1D\\[float64\\], got View1D\\[float32\\]"):
        pk.parallel_for(4, typed, n=1, v=np.zeros(4, np.float32))
    with pytest.raises(TypeError, match="'typed': parameter 'v' expects View1D\\[float64\\], got View2D"):
        pk.parallel_for(4, typed, n=1, v=np.zeros((2, 2)))
    with pytest.raises(TypeError, match="'copy': argument 'src' of type list"):
        pk.parallel_for(4, copy, src=[1.0, 2.0], dst=np.zeros(4))


def test_reduce_needs_an_accumulator_and_for_refuses_one():
    with pytest.raises(TypeError, match="needs 2 leading parameter"):
        pk.parallel_reduce(4, lambda_free_for_check, x=np.zeros(4))


@pk.workunit
def lambda_free_for_check(i):
    pass


def test_initial_value_is_ignored_as_upstream():
    assert pk.parallel_reduce(4, total, x=np.ones(4), initial_value=100.0) == 4.0


def test_default_space_and_unavailable_spaces():
    assert pk.get_default_space() is pk.OpenMP
    pk.set_default_space(pk.Serial)
    try:
        dst = np.zeros(4)
        pk.parallel_for(4, copy, src=np.ones(4), dst=dst)
        assert ("copy" in [k[0].__name__ for k in pk._specialisations if k[2] == "Serial"])
    finally:
        pk.set_default_space(pk.OpenMP)
    if "Cuda" in pk._AVAILABLE:  # a Cuda build: the space exists, so it must run
        dst = np.zeros(4)
        pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 4), copy, src=np.ones(4), dst=dst)
        assert (dst == 1.0).all()
        return
    with pytest.raises(RuntimeError, match="Cuda is not available"):
        pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 4), copy, src=np.ones(4), dst=np.zeros(4))


def test_default_space_from_the_environment():
    # PYKOKKOS_RT_DEFAULT_SPACE moves a translation (its callers dispatch on
    # pk.get_default_space()) without editing it; case does not matter.
    assert pk._initial_default_space({}) is pk.OpenMP
    assert pk._initial_default_space({"PYKOKKOS_RT_DEFAULT_SPACE": "serial"}) is pk.Serial
    assert pk._initial_default_space({"PYKOKKOS_RT_DEFAULT_SPACE": "OpenMP"}) is pk.OpenMP
    with pytest.raises(ValueError, match="not an execution space"):
        pk._initial_default_space({"PYKOKKOS_RT_DEFAULT_SPACE": "GPU"})
    with pytest.raises(ValueError, match="not an execution space"):
        pk._initial_default_space({"PYKOKKOS_RT_DEFAULT_SPACE": "Default"})
    if "Cuda" not in pk._AVAILABLE:
        with pytest.raises(ValueError, match="this build has no Cuda space"):
            pk._initial_default_space({"PYKOKKOS_RT_DEFAULT_SPACE": "Cuda"})
    env = dict(os.environ, PYKOKKOS_RT_DEFAULT_SPACE="Serial")
    out = subprocess.run([sys.executable, "-c", "import pykokkos as pk; print(pk.get_default_space().value)"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "Serial"


def test_mdrange_of_a_standalone_workunit_is_refused_in_strict_mode(monkeypatch):
    # Upstream runs MDRangePolicy only for workload and functor methods.
    monkeypatch.setenv("PYKOKKOS_RT_STRICT", "upstream")
    with pytest.raises(TypeError, match="standalone workunit is not PyKokkos that upstream runs"):
        pk.parallel_for(pk.MDRangePolicy([0, 0], [2, 2]), test_mdrange_of_a_standalone_workunit_is_refused_in_strict_mode)
    with pytest.raises(ValueError, match="2 to 6"):
        pk.MDRangePolicy([0], [2])
    with pytest.raises(TypeError, match="Python int"):
        pk.MDRangePolicy([0, 0], [2, 2.0])


def test_other_host_names():
    t = pk.Timer()
    pk.fence()
    assert t.seconds() >= 0.0
    v = pk.zeros([2], pk.int64)
    assert pk.atomic_fetch_add(v, [1], 5) == 0 and v[1] == 5
    assert pk.atomic_compare_exchange(v, [1], 5, 7) == 5 and v[1] == 7
    assert pk.double(3) == 3.0 and isinstance(pk.double(3), float)
    for name in ["View1D", "View2D", "View7D", "Acc", "int8", "uint64", "float", "double", "bool",
                 "ExecutionSpace", "Layout", "MemorySpace", "Trait", "printf", "workunit", "function"]:
        assert hasattr(pk, name), name
    assert pk.float.np == np.float32


@pk.workunit
def shout(i, n):
    pk.printf("item %d of %d\n", i, n)


def test_printf_in_a_kernel(capfd):
    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 2), shout, n=2)
    out = capfd.readouterr().out
    assert "item 0 of 2\n" in out and "item 1 of 2\n" in out


def test_non_contiguous_array_is_refused_with_a_hint():
    with pytest.raises(TypeError, match="'src' must be C- or F-contiguous"):
        pk.parallel_for(4, copy, src=np.zeros(8)[::2], dst=np.zeros(4))
