"""What the generated C++ does to run as fast as Numba, and that the results
stay exactly what the workunit computes.

- A reduction's or scan's accumulator is a reference into Kokkos's reduction
  buffer; operator() copies it into a local, runs the body on the local and
  stores it back once (a store through the reference could alias the views'
  elements, so the compiler would keep it in memory inside inner loops). The
  body's own `return`s, scans that read the running value and reductions
  inside @pk.functions' callers must all see the same values as before.
- Kernels are compiled with -fno-math-errno: `math.sqrt` of a negative number
  is still NaN, as in Numba.
- A `for ... in range` counter is int64_t in C++ (the dialect still types the
  name int32): the serial sum3d of the thesis then walks its view with a
  pointer instead of re-deriving a 32-bit index per element. The sum stays the
  same additions in the same order; a product of the counter that overflows
  int32 gets Numba's int64 value; `pk.printf("%d", i)` still gets an int.
- The reduction's result escapes (`crb_escape`) before the dispatch, so g++
  does not carry the accumulator in a general-purpose register across
  Kokkos's profiling call (the translated sum2d on Serial moved it to a vector
  register and back every four additions). Results stay in Numba's order.
"""
import math

import numpy as np
import pytest

import pykokkos as pk
from pykokkos import _core


@pk.function
def pair_distance(p1: pk.View1D[pk.double], p2: pk.View1D[pk.double]) -> pk.double:
    dx: pk.double = p1[0] - p2[0]
    dy: pk.double = p1[1] - p2[1]
    dz: pk.double = p1[2] - p2[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


@pk.workunit
def lennard_jones_pairs(tid, acc: pk.Acc[pk.double], cluster: pk.View2D[pk.double]):
    # The translated thesis kernel's shape: an inner loop accumulating into acc
    # while it reads the view (corpora/thesis/lennard_jones.py).
    i: pk.int64 = tid
    for j in range(i + 1, cluster.extent(0)):
        sv0 = cluster[i, :]
        sv1 = cluster[j, :]
        r: pk.double = pair_distance(sv0, sv1)
        sr6: pk.double = (1.0 / r) ** 6
        acc += 4.0 * (sr6 * sr6 - sr6)


@pk.workunit
def sum_until_negative(tid, acc: pk.Acc[pk.double], x: pk.View1D[pk.double]):
    # An early return after updating the accumulator: the update must count.
    acc += 1.0
    if x[tid] < 0.0:
        return
    acc += x[tid]


@pk.workunit
def running_total(tid, acc: pk.Acc[pk.int64], final: bool, x: pk.View1D[pk.int64], out: pk.View1D[pk.int64]):
    acc += x[tid]
    if final:
        out[tid] = acc


@pk.workunit
def sqrt_of(tid, x: pk.View1D[pk.double], out: pk.View1D[pk.double]):
    out[tid] = math.sqrt(x[tid])


@pk.workunit
def sum3d_serial(tid, acc: pk.Acc[pk.double], arr: pk.View3D[pk.double]):
    # corpora/thesis/sum3d.py translated with --parallelize=none: one
    # iteration that sums the whole array in nested serial loops.
    M: pk.int64 = arr.extent(0)
    N: pk.int64 = arr.extent(1)
    O: pk.int64 = arr.extent(2)
    result: pk.double = 0.0
    for i in range(M):
        for j in range(N):
            for k in range(O):
                result += arr[i][j][k]
    acc += result


@pk.workunit
def sum2d_rows(tid, acc: pk.Acc[pk.double], arr: pk.View2D[pk.double]):
    # corpora/thesis/sum2d.py translated with the row loop parallel.
    i: pk.int64 = tid
    for j in range(arr.extent(1)):
        acc += arr[i][j]


@pk.workunit
def row_offsets(tid, stride: pk.int64, out: pk.View1D[pk.int64]):
    # A flattened-index computation as legacy code writes it: `i * 2000000000`
    # leaves int32's range from i = 2 on; Numba computes it in int64.
    for i in range(out.extent(0)):
        out[i] = i * 2000000000 + stride


@pk.workunit
def count_aloud(tid, n: pk.int64):
    for i in range(n):
        pk.printf("step %d\n", i)


@pk.workunit
def star_like(tid, a: pk.View2D[pk.double], b: pk.View2D[pk.double], w: pk.View1D[pk.int32],
              c: pk.View3D[pk.float]):
    # corpora/thesis/stencil.py's star: two 2-D views of one type, plus views
    # of other ranks and element types; every element written from its index,
    # so a wrong extent or stride shows.
    i: pk.int64 = tid
    for j in range(a.extent(1)):
        b[i][j] = a[i][j] + 1000.0 * i + j
    if i < w.extent(0):
        w[i] = i * 3
    for j in range(c.extent(1)):
        for k in range(c.extent(2)):
            if i < c.extent(0):
                c[i][j][k] = 100.0 * i + 10.0 * j + k


def lennard_jones_reference(cluster):
    """The same operations in the same order, in Python (one thread's order;
    `x ** 6` is computed by squaring, (x * (x * x)) ** 2)."""
    total = 0.0
    n = len(cluster)
    for i in range(n - 1):
        for j in range(i + 1, n):
            d = cluster[i] - cluster[j]
            r = math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
            sr = 1.0 / r
            h = sr * (sr * sr)
            sr6 = h * h
            total += 4.0 * (sr6 * sr6 - sr6)
    return total


def atoms(n, seed=3):
    rng = np.random.default_rng(seed)
    idx = np.arange(n)
    grid = np.stack([idx % 5, idx // 5 % 5, idx // 25], axis=1).astype(np.float64)
    return grid * 1.2 + rng.uniform(-0.1, 0.1, (n, 3))


def test_lennard_jones_accumulator_is_a_local_in_operator():
    src = _core.generate(lennard_jones_pairs.__code__.co_filename, "lennard_jones_pairs", "reduce",
                         [("cluster", "view:f64:2:R")], "OpenMP")
    assert "void operator()(const int32_t tid, double& crb_ref_acc) const {" in src
    assert "double crb_local_acc = crb_ref_acc;" in src
    assert "crb_body(tid, crb_local_acc);" in src
    assert "crb_ref_acc = crb_local_acc;" in src


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_lennard_jones_pairs_equal_the_serial_sum(space):
    cluster = atoms(60)
    n = cluster.shape[0]
    got = pk.parallel_reduce(pk.RangePolicy(space, 0, n - 1), lennard_jones_pairs, cluster=cluster)
    want = lennard_jones_reference(cluster)
    if space is pk.Serial:
        assert got == want  # one thread: the same additions in the same order
    else:
        assert got == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_reduction_with_an_early_return_keeps_its_update(space):
    x = np.array([1.0, -2.0, 3.0, -4.0, 5.0, 6.0])
    got = pk.parallel_reduce(pk.RangePolicy(space, 0, len(x)), sum_until_negative, x=x)
    assert got == len(x) + 1.0 + 3.0 + 5.0 + 6.0


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_scan_reads_its_running_value(space):
    x = np.arange(1, 1001, dtype=np.int64)
    out = np.zeros_like(x)
    total = pk.parallel_scan(pk.RangePolicy(space, 0, len(x)), running_total, x=x, out=out)
    assert total == int(x.sum())
    assert (out == np.cumsum(x)).all()


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_sqrt_of_a_negative_is_nan_without_errno(space):
    x = np.array([4.0, -1.0, 0.0, 2.0])
    out = np.zeros_like(x)
    pk.parallel_for(pk.RangePolicy(space, 0, len(x)), sqrt_of, x=x, out=out)
    assert out[0] == 2.0 and math.isnan(out[1]) and out[2] == 0.0 and out[3] == math.sqrt(2.0)


def test_sum3d_range_counters_are_int64():
    src = _core.generate(sum3d_serial.__code__.co_filename, "sum3d_serial", "reduce",
                         [("arr", "view:f64:3:R")], "Serial")
    for v in "ijk":
        assert "for (int64_t %s = 0; %s < " % (v, v) in src
    assert "int32_t i " not in src and "int32_t k " not in src


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_sum3d_serial_equals_the_sequential_sum(space):
    arr = np.random.default_rng(7).random((13, 17, 19))
    got = pk.parallel_reduce(pk.RangePolicy(space, 0, 1), sum3d_serial, arr=arr)
    want = 0.0
    for x in arr.ravel():  # Numba's order: every element, one addition at a time
        want += float(x)
    assert got == want


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_counter_product_past_int32_is_int64(space):
    out = np.zeros(4, dtype=np.int64)
    pk.parallel_for(pk.RangePolicy(space, 0, 1), row_offsets, stride=5, out=out)
    assert out.tolist() == [5, 2000000005, 4000000005, 6000000005]


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_printf_of_a_counter_prints_its_value(space, capfd):
    pk.parallel_for(pk.RangePolicy(space, 0, 1), count_aloud, n=3)
    out = capfd.readouterr().out
    assert "step 0\nstep 1\nstep 2\n" in out


@pytest.mark.parametrize("workunit,signature", [("sum2d_rows", [("arr", "view:f64:2:R")]),
                                                ("sum3d_serial", [("arr", "view:f64:3:R")]),
                                                ("running_total", [("x", "view:i64:1:R"), ("out", "view:i64:1:R")])])
def test_reduction_result_escapes_before_the_dispatch(workunit, signature):
    kind = "scan" if workunit == "running_total" else "reduce"
    src = _core.generate(sum2d_rows.__code__.co_filename, workunit, kind, signature, "Serial")
    assert "crb_total = 0;\n    crb_escape(crb_total);\n    Kokkos::parallel_" in src


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_sum2d_rows_equal_the_sequential_sum(space):
    arr = np.random.default_rng(11).random((37, 41))
    got = pk.parallel_reduce(pk.RangePolicy(space, 0, arr.shape[0]), sum2d_rows, arr=arr)
    want = 0.0
    for x in arr.ravel():
        want += float(x)
    if space is pk.Serial:
        assert got == want  # rows in order, one addition at a time: Numba's bits
    else:
        assert got == pytest.approx(want, rel=1e-12)


def test_stencil_views_are_built_from_their_layout():
    # View's (pointer, extents...) constructor checks the number of extents at
    # run time and builds its message from the view's label: a quarter of a
    # one-workunit module's compile (docs/internals/first-call.md). Views are
    # built from the pointer and a layout object instead.
    sig = [("a", "view:f64:2:R"), ("b", "view:f64:2:R"), ("w", "view:i32:1:R"), ("c", "view:f32:3:L")]
    src = _core.generate(star_like.__code__.co_filename, "star_like", "for", sig, "OpenMP")
    assert src.count("::array_layout(crb_args[") == 4
    assert "*>(crb_args[0].data), crb_args[0].extent[0]" not in src
    assert "Kokkos::LayoutLeft" in src  # the Fortran-ordered array keeps its layout


@pytest.mark.parametrize("space", [pk.Serial, pk.OpenMP])
def test_stencil_views_keep_their_extents_and_strides(space):
    a = np.random.default_rng(5).random((6, 9))
    b = np.zeros((6, 9))
    w = np.full(4, -1, dtype=np.int32)
    c = np.asfortranarray(np.zeros((5, 3, 7), dtype=np.float32))
    pk.parallel_for(pk.RangePolicy(space, 0, 6), star_like, a=a, b=b, w=w, c=c)
    i, j = np.indices((6, 9))
    assert np.array_equal(b, a + 1000.0 * i + j)
    assert w.tolist() == [0, 3, 6, 9]
    i, j, k = np.indices((5, 3, 7))
    assert np.array_equal(c, (100.0 * i + 10.0 * j + k).astype(np.float32))
