"""Atomic element updates, as the translator writes them for prange loops whose
iterations update shared elements (CRB406): pk.atomic_add, atomic_fetch_sub,
_mul, _max, _min, _and, _or, _xor on 1-D and 2-D views, integer and
floating-point, on Serial and OpenMP (the `space` fixture), with many
iterations hitting few elements. Integer results must be exact."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pykokkos as pk

N = 200_000  # iterations; a handful of bins, so the threads contend


@pk.workunit
def count(i, idx, counts):
    pk.atomic_add(counts, [idx[i]], 1)


@pk.workunit
def add_weights(i, idx, w, hist):
    pk.atomic_add(hist, [idx[i]], w[i])


@pk.workunit
def edge_update(e, edges, w, f):
    pk.atomic_add(f, [edges[e][0]], w[e])
    pk.atomic_fetch_sub(f, [edges[e][1]], w[e])


@pk.workunit
def deposit(p, ix, iy, m, grid):
    pk.atomic_add(grid, [ix[p], iy[p]], m[p])


@pk.workunit
def scale(i, idx, v, out):
    pk.atomic_fetch_mul(out, [idx[i]], v[i])


@pk.workunit
def extremes(i, idx, v, hi, lo):
    pk.atomic_fetch_max(hi, [idx[i]], v[i])
    pk.atomic_fetch_min(lo, [idx[i]], v[i])


@pk.workunit
def bits(i, idx, v, a, o, x):
    pk.atomic_fetch_and(a, [idx[i]], v[i])
    pk.atomic_fetch_or(o, [idx[i]], v[i])
    pk.atomic_fetch_xor(x, [idx[i]], v[i])


def rng():
    return np.random.default_rng(20240611)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8])
def test_integer_counts_are_exact(space, dtype):
    idx = rng().integers(0, 4, N)
    counts = np.zeros(4, dtype=dtype)
    pk.parallel_for(pk.RangePolicy(space, 0, N), count, idx=pk.array(idx), counts=pk.array(counts))
    # uint8 wraps modulo 256, as the same increments do in NumPy
    assert counts.tolist() == np.bincount(idx, minlength=4).astype(dtype).tolist()


def test_integer_weights_and_subtraction_are_exact(space):
    r = rng()
    edges = r.integers(0, 5, (N, 2))
    w = r.integers(-1000, 1000, N)
    f = np.zeros(5, dtype=np.int64)
    pk.parallel_for(pk.RangePolicy(space, 0, N), edge_update, edges=pk.array(edges), w=pk.array(w), f=pk.array(f))
    want = np.zeros(5, dtype=np.int64)
    np.add.at(want, edges[:, 0], w)
    np.subtract.at(want, edges[:, 1], w)
    assert f.tolist() == want.tolist()


def test_float_sums_are_exact_when_every_partial_sum_is(space):
    # Quarters: every partial sum is exactly representable, so the order the
    # threads arrive in cannot change the result.
    r = rng()
    idx = r.integers(0, 3, N)
    w = r.integers(-8, 8, N) / 4.0
    hist = np.zeros(3)
    pk.parallel_for(pk.RangePolicy(space, 0, N), add_weights, idx=pk.array(idx), w=pk.array(w), hist=pk.array(hist))
    want = np.zeros(3)
    np.add.at(want, idx, w)
    assert hist.tolist() == want.tolist()


def test_float_sums_reassociate_within_rounding(space):
    r = rng()
    idx = r.integers(0, 3, N)
    w = r.random(N)
    for dtype, rtol in ((np.float64, 1e-12), (np.float32, 1e-4)):
        hist = np.zeros(3, dtype=dtype)
        pk.parallel_for(pk.RangePolicy(space, 0, N), add_weights, idx=pk.array(idx), w=pk.array(w.astype(dtype)),
                        hist=pk.array(hist))
        want = np.zeros(3)
        np.add.at(want, idx, w.astype(dtype))
        assert np.allclose(hist, want, rtol=rtol, atol=0)


def test_two_dimensional_deposit(space):
    r = rng()
    ix, iy = r.integers(0, 3, N), r.integers(0, 2, N)
    m = r.integers(1, 5, N) * 0.5
    grid = np.zeros((3, 2))
    pk.parallel_for(pk.RangePolicy(space, 0, N), deposit, ix=pk.array(ix), iy=pk.array(iy), m=pk.array(m),
                    grid=pk.array(grid))
    want = np.zeros((3, 2))
    np.add.at(want, (ix, iy), m)
    assert grid.tolist() == want.tolist()


def test_integer_product_wraps_like_numba(space):
    r = rng()
    idx = r.integers(0, 3, 4000)
    v = r.choice(np.array([-3, -1, 1, 3, 5], dtype=np.int64), 4000)
    out = np.ones(3, dtype=np.int64)
    pk.parallel_for(pk.RangePolicy(space, 0, 4000), scale, idx=pk.array(idx), v=pk.array(v), out=pk.array(out))
    want = [1, 1, 1]
    for k, x in zip(idx.tolist(), v.tolist()):
        want[k] = (want[k] * x) % 2 ** 64
    want = [x - 2 ** 64 if x >= 2 ** 63 else x for x in want]  # int64 wraps modulo 2**64
    assert out.tolist() == want


def test_integer_max_min(space):
    r = rng()
    idx = r.integers(0, 4, N)
    v = r.integers(-10 ** 12, 10 ** 12, N)
    hi = np.full(4, np.iinfo(np.int64).min)
    lo = np.full(4, np.iinfo(np.int64).max)
    pk.parallel_for(pk.RangePolicy(space, 0, N), extremes, idx=pk.array(idx), v=pk.array(v), hi=pk.array(hi),
                    lo=pk.array(lo))
    want_hi, want_lo = hi.copy(), lo.copy()
    want_hi[:] = np.iinfo(np.int64).min
    want_lo[:] = np.iinfo(np.int64).max
    np.maximum.at(want_hi, idx, v)
    np.minimum.at(want_lo, idx, v)
    assert hi.tolist() == want_hi.tolist() and lo.tolist() == want_lo.tolist()


def test_integer_bitwise(space):
    r = rng()
    idx = r.integers(0, 4, N)
    v = r.integers(0, 2 ** 40, N)
    a = np.full(4, -1, dtype=np.int64)
    o = np.zeros(4, dtype=np.int64)
    x = np.zeros(4, dtype=np.int64)
    pk.parallel_for(pk.RangePolicy(space, 0, N), bits, idx=pk.array(idx), v=pk.array(v), a=pk.array(a),
                    o=pk.array(o), x=pk.array(x))
    wa, wo, wx = np.full(4, -1, dtype=np.int64), np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64)
    np.bitwise_and.at(wa, idx, v)
    np.bitwise_or.at(wo, idx, v)
    np.bitwise_xor.at(wx, idx, v)
    assert (a.tolist(), o.tolist(), x.tolist()) == (wa.tolist(), wo.tolist(), wx.tolist())


def test_heavy_contention_with_more_threads_than_cores(tmp_path):
    """Eight OpenMP threads (more than this machine's cores: threads are
    preempted in the middle of their updates) incrementing two counters two
    million times, in a fresh process so the thread count takes effect."""
    code = textwrap.dedent("""
        import numpy as np
        import pykokkos as pk

        @pk.workunit
        def count(i, idx, counts):
            pk.atomic_add(counts, [idx[i]], 1)

        n = 2_000_000
        idx = np.arange(n) % 2
        for _ in range(3):
            counts = np.zeros(2, dtype=np.int64)
            pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, n), count, idx=pk.array(idx), counts=pk.array(counts))
            assert counts.tolist() == [n // 2, n // 2], counts
        print("exact")
    """)
    script = tmp_path / "contention.py"  # workunits are read back from their file
    script.write_text(code)
    env = dict(os.environ, OMP_NUM_THREADS="8")
    p = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0 and p.stdout.strip() == "exact", p.stdout + p.stderr
