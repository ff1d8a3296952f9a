import unittest

import numpy as np

import pykokkos as pk


@pk.workunit
def histogram(i: int, bins: pk.View1D[pk.int32], data: pk.View1D[pk.int32]):
    bins[data[i]] += 1


@pk.workunit(bins=pk.ViewTypeInfo(trait=pk.Trait.Atomic))
def histogram_decorated(i: int, bins: pk.View1D[pk.int32], data: pk.View1D[pk.int32]):
    bins[data[i]] += 1


@pk.functor(total=pk.ViewTypeInfo(trait=pk.Atomic))
class Accumulate:
    def __init__(self, n: int):
        self.n: int = n
        self.total: pk.View1D[pk.double] = pk.View([1], pk.double)

    @pk.workunit
    def add(self, i: int):
        self.total[0] += 0.5


class TestViewTraits(unittest.TestCase):
    def setUp(self):
        self.n: int = 100000
        self.data = pk.View([self.n], pk.int32)
        self.data[:] = np.arange(self.n, dtype=np.int32) % 4

    def test_atomic_trait_view(self):
        bins = pk.View([4], pk.int32, trait=pk.Trait.Atomic)
        pk.parallel_for(self.n, histogram, bins=bins, data=self.data)
        self.assertEqual([self.n // 4] * 4, [int(b) for b in bins])

    def test_atomic_trait_in_decorator(self):
        bins = pk.View([4], pk.int32)
        pk.parallel_for(self.n, histogram_decorated, bins=bins, data=self.data)
        self.assertEqual([self.n // 4] * 4, [int(b) for b in bins])

    def test_atomic_trait_in_functor_decorator(self):
        f = Accumulate(self.n)
        pk.parallel_for(self.n, f.add)
        self.assertEqual(0.5 * self.n, f.total[0])



def test_atomic_views_compile_with_the_atomic_trait():
    # The races the trait prevents rarely show on two busy cores, so the
    # generated kernels are checked too: every access of those views is atomic.
    atomic = "Kokkos::MemoryTraits<Kokkos::Unmanaged | Kokkos::Atomic>"
    ints = [("bins", "view:i32:1:R"), ("data", "view:i32:1:R")]
    assert atomic not in pk._core.generate(__file__, "histogram", "for", ints, "OpenMP")
    assert atomic in pk._core.generate(__file__, "histogram", "for", [("bins", "view:i32:1:R:A"), ints[1]], "OpenMP")
    assert atomic in pk._core.generate(__file__, "histogram_decorated", "for", ints, "OpenMP")
    code = pk._core.generate(__file__, "add", "for", [("self.n", "i32"), ("self.total", "view:f64:1:R")], "OpenMP",
                             "Accumulate")
    assert atomic in code


if __name__ == '__main__':
    unittest.main()
