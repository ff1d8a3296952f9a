"""The runtime's process model: fork after `import pykokkos`, read-only NumPy
arrays, and allocations too large to exist."""
import json
import mmap
import os
import subprocess
import sys

import numpy as np
import pytest

import pykokkos as pk

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")


@pytest.mark.parametrize("threads", ["1", "2", "4"])
def test_fork_after_import_does_not_hang(threads):
    env = dict(os.environ, OMP_NUM_THREADS=threads)
    proc = subprocess.run([sys.executable, os.path.join(CASES, "fork_worker.py")], env=env, capture_output=True,
                          text=True, timeout=240)  # the hang this guards against would hit the timeout
    assert proc.returncode == 0, proc.stderr
    r = json.loads(proc.stdout)
    assert r["threads"] == int(threads)
    assert r["first"] == [499500.0, 3.0] and r["again"] == [6 * 499500.0, 3.0]
    assert r["children"] == [[k * 499500.0, 3.0] for k in (2, 3, 4)]
    assert r["bare_child_ok"]


@pk.workunit
def axpy(i, a, x, y):
    y[i] += a * x[i]


@pk.workunit
def row_sums(i, m, out):
    row = m[i, :]
    out[i] = row[0] + row[1]


@pk.workunit
def zero_row(i, m, unused):
    row = m[i, :]
    row[0] = 0.0


@pk.function
def bump(v: pk.View1D[pk.double], k: int) -> None:
    v[k] += 1.0


@pk.workunit
def bump_all(i, x, y):
    bump(y, i)


@pk.workunit
def atomic_count(i, x, counts):
    pk.atomic_add(counts, [0], x[i])


def read_only_arrays(tmp_path):
    a = np.ones(8)
    a.setflags(write=False)
    from_bytes = np.frombuffer(bytes(64), dtype=np.float64)
    path = tmp_path / "data.bin"
    np.ones(8).tofile(path)
    mapped = np.memmap(path, dtype=np.float64, mode="r")
    return {"writeable_false": a, "buffer_over_bytes": from_bytes, "memmap_mode_r": mapped}


def test_read_only_array_written_by_a_kernel_is_refused(space, tmp_path):
    for kind, ro in read_only_arrays(tmp_path).items():
        before = np.array(ro)
        with pytest.raises(TypeError, match="workunit 'axpy': parameter 'y' is written by the kernel.*read-only"):
            pk.parallel_for(pk.RangePolicy(space, 0, 8), axpy, a=2.0, x=np.ones(8), y=ro)
        assert (np.asarray(ro) == before).all(), kind
        with pytest.raises(TypeError, match="parameter 'y'"):
            pk.parallel_for(pk.RangePolicy(space, 0, 8), bump_all, x=np.ones(8), y=ro)
        with pytest.raises(TypeError, match="parameter 'counts'"):
            pk.parallel_for(pk.RangePolicy(space, 0, 8), atomic_count, x=np.ones(8), counts=ro)


def test_read_only_array_only_read_by_a_kernel_runs(space, tmp_path):
    for kind, ro in read_only_arrays(tmp_path).items():
        y = np.zeros(8)
        pk.parallel_for(pk.RangePolicy(space, 0, 8), axpy, a=2.0, x=ro, y=y)
        assert (y == 2.0 * np.asarray(ro)).all(), kind


def test_read_only_array_written_through_a_subview_is_refused(space):
    m = np.ones((4, 2))
    m.setflags(write=False)
    out = np.zeros(4)
    pk.parallel_for(pk.RangePolicy(space, 0, 4), row_sums, m=m, out=out)  # read through a subview: fine
    assert (out == 2.0).all()
    with pytest.raises(TypeError, match="workunit 'zero_row': parameter 'm'"):
        pk.parallel_for(pk.RangePolicy(space, 0, 4), zero_row, m=m, unused=out)
    assert (m == 1.0).all()


@pytest.mark.parametrize("shape", [[2 ** 62, 16], [2 ** 40, 2 ** 30], [2 ** 63 - 1], [2 ** 61], [2 ** 47]])
def test_view_of_absurd_size_raises_memory_error(shape):
    with pytest.raises(MemoryError, match="cannot allocate a view of shape"):
        pk.View(shape, pk.double)
    v = pk.View([3], pk.double)  # and the runtime still works
    assert v.shape == (3,)


@pk.workunit
def gather(i, x, idx, out):
    out[i] = x[idx[i]]


@pk.workunit
def scatter_2d(i, m, rows, cols, out):
    out[i] = m[rows[i]][(cols[i])]
    m[rows[i]][cols[i]] = -1.0


def test_negative_values_in_index_arrays_wrap_like_numba(space):
    x = np.arange(5.0)
    for dtype in (np.int64, np.int32, np.int16, np.int8):
        idx = np.array([0, -1, 2, -5, 4], dtype=dtype)
        out = np.zeros(5)
        pk.parallel_for(pk.RangePolicy(space, 0, 5), gather, x=x, idx=idx, out=out)
        assert out.tolist() == x[idx].tolist(), dtype  # NumPy and Numba: -1 is the last element
    m = np.arange(12.0).reshape(3, 4)
    expect = m.copy()
    rows, cols = np.array([-1, 0, -3]), np.array([-4, -1, 2])
    out = np.zeros(3)
    pk.parallel_for(pk.RangePolicy(space, 0, 3), scatter_2d, m=m, rows=rows, cols=cols, out=out)
    assert out.tolist() == expect[rows, cols].tolist()
    expect[rows, cols] = -1.0
    assert (m == expect).all()
    idx = np.array([0, 3, 1], dtype=np.uint8)  # unsigned indices are left alone
    out = np.zeros(3)
    pk.parallel_for(pk.RangePolicy(space, 0, 3), gather, x=x, idx=idx, out=out)
    assert out.tolist() == [0.0, 3.0, 1.0]
