// baseline.cpp — the hand-written Kokkos C++ program that scripts/bench-runtime
// compares pykokkos_rt's generated kernels against: the same three kernels
// (axpy, dot, a compute-bound reduce), the same execution space and flags
// class, timed the same way (median of `reps` runs, after one warm-up).
//
//   pykokkos_bench_baseline N REPS   ->  one line per kernel: "name seconds result"
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

template <class F>
double Median(int reps, F&& f) {
  f();  // warm-up: first touch, thread pool start
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    auto s = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s N REPS\n", argv[0]);
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const int reps = std::atoi(argv[2]);
  Kokkos::initialize(argc, argv);
  {
    using Space = Kokkos::OpenMP;
    Kokkos::View<double*, Kokkos::HostSpace> x("x", n), y("y", n);
    Kokkos::parallel_for(Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(int i) {
      x(i) = 1.0 + (i % 7);
      y(i) = 0.5;
    });
    const double a = 2.0;
    double t = Median(reps, [&] {
      Kokkos::parallel_for("axpy", Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(int i) { y(i) = a * x(i) + y(i); });
      Space().fence();
    });
    std::printf("axpy %.9f %.17g\n", t, y(n / 2));
    double result = 0;
    t = Median(reps, [&] {
      Kokkos::parallel_reduce("dot", Kokkos::RangePolicy<Space>(0, n),
                              KOKKOS_LAMBDA(int i, double& acc) { acc += x(i) * y(i); }, result);
    });
    std::printf("dot %.9f %.17g\n", t, result);
    const double h = 1.0 / n;
    t = Median(reps, [&] {
      Kokkos::parallel_reduce("pi", Kokkos::RangePolicy<Space>(0, n), KOKKOS_LAMBDA(int i, double& acc) {
        double xi = (i + 0.5) * h;
        acc += 4.0 / (1.0 + xi * xi);
      }, result);
    });
    std::printf("pi %.9f %.17g\n", t, result * h);
  }
  Kokkos::finalize();
  return 0;
}
