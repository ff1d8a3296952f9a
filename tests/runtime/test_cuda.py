"""pykokkos_rt on pk.Cuda (docs/gpu.md): device views, the copies around a
Cuda dispatch, reductions and scans on the GPU. The ladder (test_ladder.py)
also runs every rung on Cuda; this file covers what only Cuda has.

Skipped as a whole unless the core was built against a Kokkos with Cuda
(scripts/gpu-setup on a machine with a GPU)."""
import math

import numpy as np
import pytest

import pykokkos as pk
from pykokkos import _core

pytestmark = pytest.mark.cuda  # skipped without Cuda (conftest.py)


@pk.workunit
def add_index(i, x: pk.View1D[pk.double]):
    x[i] += i


@pk.workunit
def triad(i, a, b, c, s):
    a[i] = b[i] + s * c[i]


@pk.workunit
def sum_sq(i, acc, x):
    acc += x[i] * x[i]


@pk.workunit
def int_count(i, acc: pk.Acc[pk.int64], x):
    if x[i] > 0:
        acc += 1


@pk.workunit
def scan_ints(i, acc: pk.Acc[pk.int64], final, x):
    acc += x[i]
    if final:
        x[i] = acc


@pk.workunit
def pair_energy(i, acc, pos, n):
    for j in range(i + 1, n):
        dx: pk.double = pos[i][0] - pos[j][0]
        dy: pk.double = pos[i][1] - pos[j][1]
        dz: pk.double = pos[i][2] - pos[j][2]
        r: pk.double = math.sqrt(dx * dx + dy * dy + dz * dz)
        sr6: pk.double = (1.0 / r) ** 6
        acc += 4.0 * (sr6 * sr6 - sr6)


@pk.workunit
def hist(i, x, counts, bins):
    b: int = x[i] % bins
    pk.atomic_fetch_add(counts, [b], 1)


@pk.workunit
def mixed_math(i, x, out):
    out[i][0] = math.fmod(x[i], 3)
    out[i][1] = math.fmod(math.fmod(x[i], 2) + 2, 2)
    out[i][2] = math.hypot(x[i], 1)
    out[i][3] = math.copysign(2, x[i]) + math.floor(x[i] / 2)


def test_math_with_mixed_argument_types():
    # libstdc++ serves std::fmod(double, int) & co. through constexpr host
    # templates: on the GPU they need --expt-relaxed-constexpr, else nvcc
    # warns (hidden by -w) and the kernel computes nothing.
    x = np.linspace(-7.5, 7.5, 31)
    out = pk.zeros([31, 4])
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 31), mixed_math, x=pk.array(x), out=out)
    want = np.stack([np.fmod(x, 3), np.fmod(np.fmod(x, 2) + 2, 2), np.hypot(x, 1),
                     np.copysign(2, x) + np.floor(x / 2)], axis=1)
    assert np.allclose(out.data, want, rtol=1e-15, atol=0)


def test_device_info():
    info = _core.device_info()
    assert info["multiprocessors"] > 0 and info["global_memory_bytes"] > 0
    major = int(info["compute_capability"].split(".")[0])
    assert major >= 7
    assert info["runtime_version"] >= 11000


def test_kernel_is_a_cuda_module():
    k = _core.specialize(add_index.__code__.co_filename, "add_index", "for", [("x", "view:f64:1:R")], "Cuda")
    assert "using CrbSpace = Kokkos::Cuda;" in k.source
    host = _core.specialize(add_index.__code__.co_filename, "add_index", "for", [("x", "view:f64:1:R")], "OpenMP")
    assert k.key != host.key  # one cache entry per space
    x = np.zeros(5)
    k(0, 5, (x,))  # a plain NumPy array: copied to the device and back
    assert x.tolist() == [0, 1, 2, 3, 4]


def test_numpy_arrays_are_copied_in_and_out():
    n = 100_000
    b, c = np.arange(n, dtype=np.float64), np.ones(n)
    a = np.zeros(n)
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, n), triad, a=pk.array(a), b=pk.array(b), c=pk.array(c), s=2.0)
    assert np.array_equal(a, b + 2.0)
    # A read-only input is uploaded but never written back.
    ro = np.arange(n, dtype=np.float64)
    ro.flags.writeable = False
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, n), triad, a=a, b=ro, c=c, s=-1.0)
    assert np.array_equal(a, ro - 1.0)


def test_device_view_lives_on_the_gpu():
    v = pk.View([1000], pk.double, space=pk.CudaSpace)
    assert type(v).__name__ == "DeviceView" and v.on_device
    assert v.shape == (1000,) and v.extent(0) == 1000 and v.rank() == 1 and len(v) == 1000
    assert v.sync_stats() == {"host_valid": True, "device_valid": True, "escaped": False}
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 1000), add_index, x=v)
    # Nobody holds the mirror: the result stays on the device until asked for.
    assert v.sync_stats()["host_valid"] is False
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 1000), add_index, x=v)
    assert v.sync_stats() == {"host_valid": False, "device_valid": True, "escaped": False}
    assert np.array_equal(v.data, 2.0 * np.arange(1000))  # copied back on access
    assert v.sync_stats()["escaped"] is True


def test_held_mirror_sees_kernel_writes_and_host_writes_reach_the_kernel():
    v = pk.zeros([10], space=pk.CudaSpace)
    mirror = v.data  # held across dispatches, like a NumPy array
    mirror[:] = 100.0  # a host write through the held reference
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 10), add_index, x=v)
    assert mirror.tolist() == [100.0 + i for i in range(10)]
    view_of_mirror = mirror[2:4]  # a NumPy view keeps the mirror referenced
    del mirror
    view_of_mirror[0] = -1.0
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 10), add_index, x=v)
    assert view_of_mirror.tolist() == [-1.0 + 2, 103.0 + 3]
    del view_of_mirror
    # No reference left: the view goes back to living on the device.
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 10), add_index, x=v)
    assert v.sync_stats()["escaped"] is False and v.sync_stats()["host_valid"] is False
    assert v.data[2] == -1.0 + 2 * 2 and v.data[9] == 100.0 + 3 * 9


def test_setitem_then_dispatch():
    v = pk.zeros([4], space=pk.CudaSpace)
    v[1] = 7.0
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 4), add_index, x=v)
    assert np.asarray(v).tolist() == [0.0, 8.0, 2.0, 3.0]


def test_default_space_cuda_makes_device_views():
    old = pk.get_default_space()
    pk.set_default_space(pk.Cuda)
    try:
        v = pk.zeros([64])
        assert v.on_device
        pk.parallel_for(64, add_index, x=v)
        r = pk.parallel_reduce(64, sum_sq, x=v)
        assert r == float(sum(i * i for i in range(64)))
        # the same view on a host space uses the (synchronised) mirror
        pk.parallel_for(pk.RangePolicy(pk.OpenMP, 0, 64), add_index, x=v)
        pk.parallel_for(64, add_index, x=v)
        assert np.array_equal(v.data, 3.0 * np.arange(64))
    finally:
        pk.set_default_space(old)
    assert not hasattr(pk.zeros([2]), "on_device")  # host views again


def test_reductions_and_scans_on_the_gpu():
    rng = np.random.default_rng(7)
    x = rng.random(1_000_003)
    r = pk.parallel_reduce(pk.RangePolicy(pk.Cuda, 0, x.size), sum_sq, x=pk.array(x))
    assert math.isclose(r, float(np.dot(x, x)), rel_tol=1e-12)
    ints = rng.integers(-5, 5, 1_000_003).astype(np.int64)
    c = pk.parallel_reduce(pk.RangePolicy(pk.Cuda, 0, ints.size), int_count, x=pk.array(ints))
    assert isinstance(c, int) and c == int((ints > 0).sum())
    want = np.cumsum(ints)
    total = pk.parallel_scan(pk.RangePolicy(pk.Cuda, 0, ints.size), scan_ints, x=ints)
    assert total == int(want[-1]) and np.array_equal(ints, want)


def test_atomics_on_the_gpu():
    x = np.arange(100_000, dtype=np.int64)
    counts = pk.zeros([13], pk.int64, space=pk.CudaSpace)
    pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, x.size), hist, x=pk.array(x), counts=counts, bins=13)
    assert counts.data.tolist() == np.bincount(x % 13).tolist()


def test_pair_potential_matches_openmp():
    rng = np.random.default_rng(3)
    n = 2000
    grid = np.array([[i % 13, i // 13 % 13, i // 169] for i in range(n)], dtype=np.float64) * 1.2
    pos = grid + rng.uniform(-0.1, 0.1, (n, 3))
    gpu = pk.parallel_reduce(pk.RangePolicy(pk.Cuda, 0, n), pair_energy, pos=pk.array(pos), n=n)
    cpu = pk.parallel_reduce(pk.RangePolicy(pk.OpenMP, 0, n), pair_energy, pos=pk.array(pos), n=n)
    assert math.isclose(gpu, cpu, rel_tol=1e-10)


def test_copy_bandwidth_probe():
    t = _core.device_copy_seconds(1 << 24, 3)
    assert len(t) == 3 and all(s > 0 for s in t)


def test_fence():
    pk.fence()


@pk.workunit
def smooth_into(tid, src, dst):
    # serial on purpose: iteration i reads what iteration i - 1 wrote when
    # src and dst are the same array (features/auto_parallel.py::smooth_into)
    for i in range(1, dst.extent(0)):
        dst[i] = 0.5 * (src[i - 1] + src[i])


@pk.workunit
def propagate(tid, dst, src):
    for i in range(dst.extent(0)):
        dst[i] = src[i] + 1.0


def test_overlapping_windows_of_one_array_share_the_device_copy():
    # dst = base[1:] and src = base[:-1]: dst[i - 1] is src[i], so a serial
    # run sees each write at the next step (base becomes 0, 1, 2, ...), which
    # two separate device copies would not (they give base[i - 1] + 1).
    base = np.full(12, 5.0)
    with pytest.warns(RuntimeWarning, match="one GPU thread"):
        pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 1), propagate, dst=pk.array(base[1:]), src=pk.array(base[:-1]))
    assert np.array_equal(base, 5.0 + np.arange(12))


@pk.workunit
def first_only(i, x):
    x[i] += 1.0


def test_single_thread_warning_is_given_once_per_workunit():
    import warnings
    x = np.zeros(4)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for _ in range(3):
            pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 1), first_only, x=pk.array(x))
        pk.parallel_for(pk.RangePolicy(pk.Cuda, 0, 4), first_only, x=pk.array(x))
    assert len([w for w in seen if "one GPU thread" in str(w.message)]) == 1
    assert np.array_equal(x, [4.0, 1.0, 1.0, 1.0])
