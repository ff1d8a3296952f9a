"""Max, min and product reductions, and the schedule of irregular loops.

- The upstream form the translator writes for a prange max/min/product
  reduction, an atomic into a one-element view (`pk.atomic_fetch_max(m, [0],
  x)`), runs as a Kokkos reduction on Serial and OpenMP (one partial result per
  thread, the element updated once), with the atomic's exact results.
- `pk.parallel_reduce(policy, wu, pk.Max | pk.Min | pk.Prod [(initial)])`,
  this runtime's extension, which PYKOKKOS_RT_STRICT=upstream refuses.
- A workunit whose inner loop's trip count depends on the iteration
  (triangular, CSR) runs on a RangePolicy with Kokkos::Schedule<Dynamic>,
  unless it reduces a floating-point sum (its rounding stays reproducible).
"""
import math
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pykokkos as pk


@pk.workunit
def max_abs_err(tid, a: pk.View1D[pk.double], b: pk.View1D[pk.double], cell: pk.View1D[pk.double]):
    i: pk.int64 = tid
    pk.atomic_fetch_max(cell, [0], abs(a[i] - b[i]))


@pk.workunit
def min_dist(tid, x: pk.View1D[pk.double], y: pk.View1D[pk.double], px: pk.double, py: pk.double,
             cell: pk.View1D[pk.double]):
    i: pk.int64 = tid
    d: pk.double = (x[i] - px) * (x[i] - px) + (y[i] - py) * (y[i] - py)
    pk.atomic_fetch_min(cell, [0], d)


@pk.workunit
def product(tid, x, cell):
    pk.atomic_fetch_mul(cell, [0], x[tid])


@pk.workunit
def positive_max(tid, a, cell):
    # The atomic under a condition and in an inner loop: still a reduction.
    if a[tid] > 0:
        for k in range(2):
            pk.atomic_fetch_max(cell, [0], a[tid] + k)


@pk.workunit
def max_read_back(tid, a, cell, out):
    # The element is read besides the atomics: the atomics must stay.
    pk.atomic_fetch_max(cell, [0], a[tid])
    out[tid] = cell[0]


@pk.workunit
def red_max(tid, acc: pk.Acc[pk.double], a: pk.View1D[pk.double]):
    if a[tid] > acc:
        acc = a[tid]


@pk.workunit
def red_imin(tid, acc: pk.Acc[pk.int64], a: pk.View1D[pk.int64]):
    if a[tid] < acc:
        acc = a[tid]


@pk.workunit
def red_prod(tid, acc: pk.Acc[pk.double], a: pk.View1D[pk.double]):
    acc *= a[tid]


@pk.workunit
def triangle(tid, acc: pk.Acc[pk.double], a: pk.View2D[pk.double]):
    i: pk.int64 = tid
    n: pk.int64 = a.extent(0)
    for j in range(i, n):
        acc += a[i][j]


@pk.workunit
def triangle_count(tid, acc: pk.Acc[pk.int64], a: pk.View2D[pk.double]):
    i: pk.int64 = tid
    for j in range(i + 1, a.extent(0)):
        if a[i][j] > 0.5:
            acc += 1


@pk.workunit
def csr_rows(tid, indptr: pk.View1D[pk.int64], data: pk.View1D[pk.double], y: pk.View1D[pk.double]):
    s: pk.double = 0.0
    for k in range(indptr[tid], indptr[tid + 1]):
        s += data[k]
    y[tid] = s


@pk.workunit
def rectangle(tid, a: pk.View2D[pk.double], y: pk.View1D[pk.double]):
    s: pk.double = 0.0
    for j in range(a.extent(1)):
        s += a[tid][j]
    y[tid] = s


def source_of(wu, space):
    for (fn, _kind, sp, _sig), (kernel, _params) in pk._specialisations.items():
        if fn is wu and sp == space.value:
            return kernel.source
    raise AssertionError("no specialisation of %s on %s" % (wu.__name__, space.value))


def host(space):
    return space.value in ("Serial", "OpenMP")


def rng():
    return np.random.default_rng(20261125)


def test_max_abs_error_runs_as_a_reduction(space):
    a, b = rng().random(100_000), rng().random(100_000)
    cell = np.full(1, 0.0)
    pk.parallel_for(pk.RangePolicy(space, 0, a.size), max_abs_err, a=a, b=b, cell=cell)
    assert cell[0] == np.max(np.abs(a - b))
    if host(space):
        assert "CrbReducer<double, 0>" in source_of(max_abs_err, space)


def test_min_distance_runs_as_a_reduction(space):
    r = rng()
    x, y = r.random(50_001), r.random(50_001)
    cell = np.full(1, np.inf)
    pk.parallel_for(pk.RangePolicy(space, 0, x.size), min_dist, x=x, y=y, px=0.5, py=0.25, cell=cell)
    # The C++ may contract a * a + b * b into a fused multiply-add.
    assert cell[0] == pytest.approx(np.min((x - 0.5) * (x - 0.5) + (y - 0.25) * (y - 0.25)), rel=1e-14)
    if host(space):
        assert "CrbReducer<double, 1>" in source_of(min_dist, space)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.float64])
def test_product_starts_from_the_element(space, dtype):
    x = np.where(np.arange(40) % 7 == 0, 3, 1).astype(dtype)
    x[5] = -1
    cell = np.full(1, 2, dtype=dtype)
    pk.parallel_for(pk.RangePolicy(space, 0, x.size), product, x=x, cell=cell)
    assert cell[0] == 2 * np.prod(x)


def test_all_minus_infinity_and_empty_ranges_keep_exact_values(space):
    # Kokkos::Max starts at -DBL_MAX: a max of -inf values would come out as
    # -1.8e308. Every partial here starts at the element's own value.
    a = np.full(1000, -np.inf)
    cell = np.full(1, -np.inf)
    pk.parallel_for(pk.RangePolicy(space, 0, a.size), max_abs_err, a=a, b=np.zeros(1000), cell=cell)
    assert cell[0] == np.inf  # |-inf - 0|
    cell = np.full(1, -np.inf)
    pk.parallel_for(pk.RangePolicy(space, 0, a.size), positive_max, a=a, cell=cell)
    assert cell[0] == -np.inf  # no update at all
    cell = np.full(1, 7.5)
    pk.parallel_for(pk.RangePolicy(space, 3, 3), max_abs_err, a=a, b=a, cell=cell)
    assert cell[0] == 7.5


def test_conditional_atomic_in_an_inner_loop(space):
    a = rng().standard_normal(30_000)
    cell = np.full(1, -5.0)
    pk.parallel_for(pk.RangePolicy(space, 0, a.size), positive_max, a=a, cell=cell)
    assert cell[0] == a.max() + 1


def test_element_read_elsewhere_keeps_the_atomics(space):
    a = np.arange(100, dtype=np.float64)
    cell, out = np.zeros(1), np.zeros(100)
    pk.parallel_for(pk.RangePolicy(space, 0, 100), max_read_back, a=a, cell=cell, out=out)
    assert cell[0] == 99.0
    assert "CrbReducer<double" not in source_of(max_read_back, space).split("struct CrbFunctor_")[1]


def test_reducers_max_min_prod(space):
    a = rng().standard_normal(10_001)
    assert pk.parallel_reduce(pk.RangePolicy(space, 0, a.size), red_max, pk.Max, a=a) == a.max()
    assert pk.parallel_reduce(pk.RangePolicy(space, 0, a.size), red_max, pk.Max(100.0), a=a) == 100.0
    ints = rng().integers(-1000, 1000, 5000)
    got = pk.parallel_reduce(pk.RangePolicy(space, 0, ints.size), red_imin, pk.Min, a=ints)
    assert got == ints.min() and isinstance(got, int)
    assert pk.parallel_reduce(pk.RangePolicy(space, 0, ints.size), red_imin, pk.Min(-5000), a=ints) == -5000
    p = np.where(np.arange(60) % 3 == 0, 2.0, 0.5)
    assert pk.parallel_reduce(pk.RangePolicy(space, 0, 60), red_prod, pk.Prod(3.0), a=p) == 3.0 * np.prod(p)


def test_reducers_on_empty_ranges_give_the_initial_value_or_the_identity(space):
    a = np.zeros(4)
    assert pk.parallel_reduce(pk.RangePolicy(space, 2, 2), red_max, pk.Max, a=a) == -math.inf
    assert pk.parallel_reduce(pk.RangePolicy(space, 2, 2), red_max, pk.Max(1.5), a=a) == 1.5
    assert pk.parallel_reduce(pk.RangePolicy(space, 2, 2), red_prod, pk.Prod, a=a) == 1.0
    ints = np.zeros(4, dtype=np.int64)
    assert pk.parallel_reduce(pk.RangePolicy(space, 0, 0), red_imin, pk.Min, a=ints) == np.iinfo(np.int64).max


def test_sum_reductions_still_ignore_initial_value():
    a = np.ones(10)
    assert pk.parallel_reduce(10, red_prod, initial_value=5.0, a=a) == 0.0  # a sum of `acc *= x` from 0


def run_strict(code):
    env = dict(os.environ, PYKOKKOS_RT_STRICT="upstream")
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
                          cwd=os.path.dirname(__file__), timeout=600)


def test_strict_upstream_refuses_reducers_and_accepts_the_atomic_form():
    r = run_strict("""
        import numpy as np, pykokkos as pk, test_reducers as t
        a = np.arange(1000, dtype=np.float64)
        cell = np.zeros(1)
        pk.parallel_for(1000, t.max_abs_err, a=a, b=np.zeros(1000), cell=cell)
        assert cell[0] == 999.0, cell
        try:
            pk.parallel_reduce(1000, t.red_max, pk.Max, a=a)
        except TypeError as e:
            print("refused:", e)
    """)
    assert r.returncode == 0, r.stderr
    assert "refused: pykokkos: parallel_reduce with a pk.Max reducer is not PyKokkos that upstream accepts" in r.stdout
    assert "ERROR: wrong arguments" in r.stdout and "pk.atomic_fetch_max(v, [0], x)" in r.stdout


def test_triangular_and_csr_loops_get_a_dynamic_schedule(space):
    n = 300
    a = rng().random((n, n))
    got = pk.parallel_reduce(pk.RangePolicy(space, 0, n), triangle, a=a)
    assert got == pytest.approx(np.triu(a).sum(), rel=1e-12)
    indptr = np.array([0, 0, 5, 6, 106, 106, 110], dtype=np.int64)
    data = rng().random(110)
    y = np.zeros(6)
    pk.parallel_for(pk.RangePolicy(space, 0, 6), csr_rows, indptr=indptr, data=data, y=y)
    assert np.allclose(y, [data[indptr[k]:indptr[k + 1]].sum() for k in range(6)], rtol=1e-14, atol=0)
    y = np.zeros(n)
    pk.parallel_for(pk.RangePolicy(space, 0, n), rectangle, a=a, y=y)
    assert np.allclose(y, a.sum(axis=1), rtol=1e-13)
    count = pk.parallel_reduce(pk.RangePolicy(space, 0, n), triangle_count, a=a)
    assert count == int((np.triu(a, 1) > 0.5).sum())
    if host(space):
        # A floating-point sum keeps the static split: its rounding must not
        # change from run to run.
        assert "Kokkos::Schedule<Kokkos::Dynamic>" not in source_of(triangle, space)
        assert "Kokkos::Schedule<Kokkos::Dynamic>" in source_of(triangle_count, space)
        assert "Kokkos::Schedule<Kokkos::Dynamic>" in source_of(csr_rows, space)
        assert "Kokkos::Schedule<Kokkos::Dynamic>" not in source_of(rectangle, space)


def test_schedule_override_for_measurements():
    env = dict(os.environ, PYKOKKOS_RT_SCHEDULE="static")
    code = """
        import numpy as np, pykokkos as pk, test_reducers as t
        a = np.ones((50, 50))
        assert pk.parallel_reduce(50, t.triangle_count, a=a) == 1225
        src = [k.source for (f, *_), (k, _) in pk._specialisations.items() if f is t.triangle_count][0]
        print("dynamic" if "Schedule<Kokkos::Dynamic>" in src else "static")
    """
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
                       cwd=os.path.dirname(__file__), timeout=600)
    assert r.returncode == 0 and r.stdout.strip() == "static", r.stderr
    env["PYKOKKOS_RT_SCHEDULE"] = "sometimes"
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
                       cwd=os.path.dirname(__file__), timeout=600)
    assert r.returncode != 0 and "PYKOKKOS_RT_SCHEDULE is auto, static or dynamic" in r.stderr
