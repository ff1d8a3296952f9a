"""The bring-up ladder: each rung uses only what the rungs before it proved.
Every case runs on Serial and on OpenMP (the `space` fixture)."""
import math

import numpy as np
import pytest

import pykokkos as pk
from pykokkos import _core


# ------------------------------------------------------------- workunits
@pk.workunit
def fill_index(i, out: pk.View1D[pk.double]):
    out[i] = i


@pk.workunit
def axpy(i, a, x, y):
    y[i] = a * x[i] + y[i]


@pk.workunit
def dot(i, acc, x, y):
    acc += x[i] * y[i]


@pk.workunit
def count_even(i, acc: pk.Acc[pk.int64], x):
    if x[i] % 2 == 0:
        acc += 1


@pk.workunit
def prefix_sum(i, acc, final, a):
    acc += a[i]
    if final:
        a[i] = acc


@pk.workunit
def row_sums(i, m, out):
    row = m[i, :]
    s: pk.double = 0.0
    for j in range(row.extent(0)):
        s += row[j]
    out[i] = s


@pk.workunit
def window_sums(i, x, out, w):
    lo: int = i
    hi: int = i + w
    part = x[lo:hi]
    s: pk.double = 0.0
    for j in range(part.extent(0)):
        s += part[j]
    out[i] = s


@pk.function
def squared_norm(x: pk.double, y: pk.double) -> pk.double:
    return x * x + y * y


@pk.function
def hypot2(x: pk.double, y: pk.double) -> pk.double:
    return math.sqrt(squared_norm(x, y))


@pk.workunit
def lengths(i, xs, ys, out):
    out[i] = hypot2(xs[i], ys[i])


@pk.function
def row_total(m: pk.View2D[pk.double], r: int) -> pk.double:
    s: pk.double = 0.0
    for j in range(m.extent(1)):
        s += m[r][j]
    return s


@pk.function
def store(v: pk.View1D[pk.double], k: int, value: pk.double) -> None:
    v[k] = value


@pk.workunit
def row_totals(i, m, out):
    store(out, i, row_total(m, i))


@pk.workunit
def histogram(i, data, bins, counts):
    b: int = data[i] % bins
    pk.atomic_fetch_add(counts, [b], 1)


@pk.workunit
def atomic_max(i, x, best):
    pk.atomic_fetch_max(best, [0], x[i])


@pk.workunit
def math_mix(i, x, out):
    out[i][0] = math.sqrt(x[i]) + math.exp(-x[i]) + math.fabs(-x[i])
    out[i][1] = math.floor(x[i] / 3.0) + math.pi
    out[i][2] = math.atan2(x[i], 2.0) + pk.double(x[i]) ** 2


@pk.workunit
def scale(i, x, factor):
    x[i] *= factor


# ---------------------------------------------------------------- rungs
def test_01_initialize():
    assert pk.is_initialized()
    assert _core.concurrency() >= 1
    assert pk.get_default_space() is pk.OpenMP


def test_02_allocate(space):
    v = pk.View([3, 4], pk.double)
    assert v.shape == (3, 4) and v.size == 12 and v.rank() == 2
    assert v.extent(0) == 3 and v.extent(1) == 4
    assert not np.asarray(v).any()  # zero-initialised
    assert pk.View([5], int).data.dtype == np.int32
    assert pk.View([5], float).data.dtype == np.float64
    assert pk.View([5], pk.float).data.dtype == np.float32
    assert (pk.ones([2, 2], pk.int64).data == 1).all()
    assert (pk.full([3], 2.5).data == 2.5).all()
    assert pk.zeros_like(v).shape == (3, 4)
    pk.parallel_for(pk.RangePolicy(space, 0, 5), fill_index, out=pk.zeros([5]))


def test_03_wrap_numpy(space):
    a = np.zeros(6)
    v = pk.array(a)
    pk.parallel_for(pk.RangePolicy(space, 0, 6), fill_index, out=v)
    assert a.tolist() == [0, 1, 2, 3, 4, 5]  # zero-copy: the kernel wrote into `a`
    flags = np.array([True, False])
    assert pk.array(flags).data.dtype == np.uint8  # bool arrays are copied, as upstream
    with pytest.raises(ValueError):
        pk.array(np.zeros(10)[::2])


def test_04_parallel_for(space):
    n = 1000
    x = pk.array(np.arange(n, dtype=np.float64))
    y = pk.full([n], 1.0)
    pk.parallel_for(pk.RangePolicy(space, 0, n), axpy, a=2.0, x=x, y=y)
    assert np.array_equal(y.data, 2.0 * np.arange(n) + 1.0)
    pk.parallel_for("named", pk.RangePolicy(space, 10, 20), axpy, a=1.0, x=x, y=y)
    assert y.data[10] == 31.0 and y.data[20] == 41.0


def test_05_parallel_reduce(space):
    n = 10000
    x = np.arange(n, dtype=np.float64)
    r = pk.parallel_reduce(pk.RangePolicy(space, 0, n), dot, x=pk.array(x), y=pk.array(x))
    assert isinstance(r, float) and r == float(np.dot(x, x))
    evens = pk.parallel_reduce(pk.RangePolicy(space, 0, n), count_even, x=pk.array(np.arange(n)))
    assert isinstance(evens, int) and evens == n // 2


def test_06_parallel_scan(space):
    a = np.arange(1, 101, dtype=np.float64)
    total = pk.parallel_scan(pk.RangePolicy(space, 0, 100), prefix_sum, a=a)
    assert total == 5050.0
    assert np.array_equal(a, np.cumsum(np.arange(1, 101)))  # inclusive


def test_07_subviews(space):
    m = np.arange(12, dtype=np.float64).reshape(3, 4)
    out = pk.zeros([3])
    pk.parallel_for(pk.RangePolicy(space, 0, 3), row_sums, m=pk.array(m), out=out)
    assert out.data.tolist() == m.sum(axis=1).tolist()
    x = np.arange(10, dtype=np.float64)
    w = pk.zeros([8])
    pk.parallel_for(pk.RangePolicy(space, 0, 8), window_sums, x=pk.array(x), out=w, w=3)
    assert w.data.tolist() == [x[i:i + 3].sum() for i in range(8)]


def test_08_pk_function(space):
    xs, ys = np.array([3.0, 5.0, 8.0]), np.array([4.0, 12.0, 15.0])
    out = pk.zeros([3])
    pk.parallel_for(pk.RangePolicy(space, 0, 3), lengths, xs=pk.array(xs), ys=pk.array(ys), out=out)
    assert out.data.tolist() == [5.0, 13.0, 17.0]
    m = np.arange(12, dtype=np.float64).reshape(3, 4)
    totals = pk.zeros([3])
    pk.parallel_for(pk.RangePolicy(space, 0, 3), row_totals, m=pk.array(m), out=totals)  # views into functions
    assert totals.data.tolist() == m.sum(axis=1).tolist()


def test_09_atomics(space):
    data = pk.array(np.arange(1000, dtype=np.int64))
    counts = pk.zeros([7], pk.int64)
    pk.parallel_for(pk.RangePolicy(space, 0, 1000), histogram, data=data, bins=7, counts=counts)
    assert counts.data.tolist() == np.bincount(np.arange(1000) % 7).tolist()
    x = np.random.default_rng(1).random(5000)
    best = pk.full([1], -1.0)
    pk.parallel_for(pk.RangePolicy(space, 0, 5000), atomic_max, x=pk.array(x), best=best)
    assert best.data[0] == x.max()


def test_10_math(space):
    x = np.array([0.5, 2.0, 9.0])
    out = pk.zeros([3, 3])
    pk.parallel_for(pk.RangePolicy(space, 0, 3), math_mix, x=pk.array(x), out=out)
    want = np.stack([np.sqrt(x) + np.exp(-x) + x, np.floor(x / 3.0) + math.pi, np.arctan2(x, 2.0) + x ** 2], axis=1)
    assert np.allclose(out.data, want, rtol=1e-15, atol=0)


def test_11_compile_and_load(space):
    k = _core.specialize(scale.__code__.co_filename, "scale", "for", [("x", "view:f64:1:R"), ("factor", "f64")],
                         space.value)
    assert k.params == ["x", "factor"] and k.param_types == ["view:f64:1:R", "f64"]
    assert k.path.startswith(_core.cache_dir()) and k.path.endswith(k.key + ".so")
    x = np.ones(4)
    k(0, 4, (x, 3.0))
    assert x.tolist() == [3.0] * 4


def test_12_cache_reuse(space):
    x = pk.full([4], 1.0)
    policy = pk.RangePolicy(space, 0, 4)
    pk.parallel_for(policy, scale, x=x, factor=2.0)
    before = len(pk._specialisations)
    again = _core.specialize(scale.__code__.co_filename, "scale", "for", [("x", "view:f64:1:R"), ("factor", "f64")],
                             space.value)
    assert not again.compiled  # found, not rebuilt
    pk.parallel_for(policy, scale, x=x, factor=2.0)
    assert len(pk._specialisations) == before  # warm dispatch: same specialisation
    assert x.data.tolist() == [4.0] * 4


def test_13_respecialise_on_new_types(space):
    policy = pk.RangePolicy(space, 0, 4)
    f64 = pk.full([4], 1.5)
    f32 = pk.full([4], 1.5, pk.float)
    i64 = pk.full([4], 3, pk.int64)
    pk.parallel_for(policy, scale, x=f64, factor=2.0)
    pk.parallel_for(policy, scale, x=f32, factor=2.0)
    pk.parallel_for(policy, scale, x=i64, factor=2)
    sigs = {key[3] for key in pk._specialisations if key[0] is scale and key[2] == space.value}
    assert (("x", "view:f32:1:R"), ("factor", "f64")) in sigs
    assert (("x", "view:i64:1:R"), ("factor", "i32")) in sigs
    assert f64.data.tolist() == [3.0] * 4 and f32.data.tolist() == [3.0] * 4 and i64.data.tolist() == [6] * 4
