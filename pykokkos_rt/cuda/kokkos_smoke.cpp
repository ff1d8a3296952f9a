// kokkos_smoke.cpp — the smallest proof that the patched Kokkos 3.4.01 runs on
// the GPU (scripts/gpu-test builds it with the installed nvcc_wrapper):
// functor parallel_for and parallel_reduce on Kokkos::Cuda, checked on the host.
#include <Kokkos_Core.hpp>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>

using Space = Kokkos::Cuda;
using Vec = Kokkos::View<double*, Space::memory_space>;

struct Fill {
  Vec x;
  KOKKOS_INLINE_FUNCTION void operator()(const int64_t i) const { x(i) = 0.5 * (double)(i % 1000); }
};

struct Sum {
  Vec x;
  KOKKOS_INLINE_FUNCTION void operator()(const int64_t i, double& acc) const { acc += x(i); }
};

int main(int argc, char** argv) {
  int rc = 1;
  Kokkos::initialize(argc, argv);
  {
    const int64_t n = argc > 1 ? std::atoll(argv[1]) : 100000000;
    Vec x("x", n);
    Kokkos::parallel_for("fill", Kokkos::RangePolicy<Space, Kokkos::IndexType<int64_t>>(0, n), Fill{x});
    double total = 0;
    Kokkos::Timer timer;
    Kokkos::parallel_reduce("sum", Kokkos::RangePolicy<Space, Kokkos::IndexType<int64_t>>(0, n), Sum{x}, total);
    double seconds = timer.seconds();
    // sum over i of 0.5 * (i % 1000), exactly.
    const int64_t full = n / 1000, rest = n % 1000;
    const double want = 0.5 * ((double)full * (999.0 * 1000.0 / 2.0) + (double)(rest * (rest - 1) / 2));
    const bool ok = total == want;
    auto mirror = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), x);
    const bool ok2 = mirror(n - 1) == 0.5 * (double)((n - 1) % 1000);
    std::printf("device=%s n=%" PRId64 " sum=%.1f want=%.1f reduce=%.3f ms %s\n", Space::name(), n, total, want,
                seconds * 1e3, ok && ok2 ? "OK" : "WRONG");
    rc = ok && ok2 ? 0 : 1;
  }
  Kokkos::finalize();
  return rc;
}
