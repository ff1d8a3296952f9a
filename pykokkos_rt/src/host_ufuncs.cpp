// host_ufuncs.cpp — PyKokkos's host "ufuncs" (dialect §2): pk.exp(view),
// pk.add(a, b), pk.dot(a, b) ... Each allocates its result (a new view) and
// runs one Kokkos kernel on the default host space. They are prebuilt here
// rather than JIT-compiled, since their bodies do not depend on user code.
//
// Inputs are 1-D or 2-D arrays (any rank works: they are processed flat);
// float32 stays float32, everything else computes in float64, as upstream's
// ufuncs are defined for float and double views only.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <Kokkos_Core.hpp>

#include <cmath>
#include <functional>

namespace py = pybind11;

namespace pykokkos_rt {

void Initialize();
py::array Allocate(const std::vector<int64_t>& shape, const py::dtype& dtype, bool fortran);

namespace {

using HostSpace = Kokkos::DefaultHostExecutionSpace;

template <class T>
using Flat = py::array_t<T, py::array::c_style | py::array::forcecast>;

bool IsF32(const py::array& a) { return a.dtype().is(py::dtype::of<float>()); }

std::vector<int64_t> Shape(const py::array& a) {
  std::vector<int64_t> s;
  for (py::ssize_t k = 0; k < a.ndim(); ++k) s.push_back(a.shape(k));
  return s;
}

py::array AsArray(const py::object& o) {
  // pk.View objects expose their storage as `.data` (a NumPy array).
  if (py::hasattr(o, "_pk_view_data")) return o.attr("data").cast<py::array>();
  return py::array::ensure(o);
}

// Unary functions by name: one table, used for every dtype.
template <class T>
T Apply1(int op, T x) {
  switch (op) {
    case 0: return std::exp(x);
    case 1: return std::exp2(x);
    case 2: return std::log(x);
    case 3: return std::log2(x);
    case 4: return std::log10(x);
    case 5: return std::log1p(x);
    case 6: return std::sqrt(x);
    case 7: return std::cbrt(x);
    case 8: return std::sin(x);
    case 9: return std::cos(x);
    case 10: return std::tan(x);
    case 11: return std::sinh(x);
    case 12: return std::cosh(x);
    case 13: return std::tanh(x);
    case 14: return std::fabs(x);
    case 15: return std::ceil(x);
    case 16: return std::floor(x);
    case 17: return std::trunc(x);
    case 18: return x * x;
    case 19: return -x;
    case 20: return T(1) / x;
    case 21: return std::asin(x);
    case 22: return std::acos(x);
    case 23: return std::atan(x);
    case 24: return std::expm1(x);
  }
  return x;
}
const char* const kUnary[] = {"exp",  "exp2", "log",  "log2",  "log10", "log1p",    "sqrt",  "cbrt",  "sin",
                              "cos",  "tan",  "sinh", "cosh",  "tanh",  "fabs",     "ceil",  "floor", "trunc",
                              "square", "negative", "reciprocal", "arcsin", "arccos", "arctan", "expm1"};

template <class T>
py::array Unary(int op, const py::array& in) {
  Flat<T> a = Flat<T>::ensure(in);
  py::array out = Allocate(Shape(a), py::dtype::of<T>(), false);
  const T* x = a.data();
  T* y = static_cast<T*>(out.mutable_data());
  int64_t n = a.size();
  {
    py::gil_scoped_release nogil;
    Kokkos::parallel_for("pk.ufunc", Kokkos::RangePolicy<HostSpace>(0, n),
                         [=](int64_t i) { y[i] = Apply1<T>(op, x[i]); });
    HostSpace().fence();
  }
  return out;
}

template <class T>
T Apply2(int op, T a, T b) {
  switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return a / b;
    case 4: return std::pow(a, b);
    case 5: return std::fmax(a, b);
    case 6: return std::fmin(a, b);
    case 7: return std::fmod(a, b);
    case 8: return std::hypot(a, b);
    case 9: return std::atan2(a, b);
  }
  return a;
}
const char* const kBinary[] = {"add", "subtract", "multiply", "divide", "power",
                               "fmax", "fmin", "fmod", "hypot", "arctan2"};

// a op b, where b is an array of a's shape or a scalar (broadcast).
template <class T>
py::array Binary(int op, const py::array& ain, const py::object& bobj) {
  Flat<T> a = Flat<T>::ensure(ain);
  py::array out = Allocate(Shape(a), py::dtype::of<T>(), false);
  const T* x = a.data();
  T* y = static_cast<T*>(out.mutable_data());
  int64_t n = a.size();
  if (py::isinstance<py::float_>(bobj) || py::isinstance<py::int_>(bobj)) {
    T s = bobj.cast<T>();
    py::gil_scoped_release nogil;
    Kokkos::parallel_for("pk.ufunc", Kokkos::RangePolicy<HostSpace>(0, n),
                         [=](int64_t i) { y[i] = Apply2<T>(op, x[i], s); });
    HostSpace().fence();
    return out;
  }
  Flat<T> b = Flat<T>::ensure(AsArray(bobj));
  if (!b || Shape(b) != Shape(a)) throw py::value_error("pykokkos: operands of a binary ufunc must have the same shape");
  const T* z = b.data();
  {
    py::gil_scoped_release nogil;
    Kokkos::parallel_for("pk.ufunc", Kokkos::RangePolicy<HostSpace>(0, n),
                         [=](int64_t i) { y[i] = Apply2<T>(op, x[i], z[i]); });
    HostSpace().fence();
  }
  return out;
}

// dot with NumPy's meaning for 1-D and 2-D operands: inner product (a
// scalar), matrix-vector, vector-matrix and matrix-matrix products (views).
// The translator's NumPy fallback emits all four (thesis snippet 2.3:
// pk.dot(X, w) with a 2-D X).
template <class T>
py::object Dot(const py::array& ain, const py::array& bin) {
  Flat<T> a = Flat<T>::ensure(ain), b = Flat<T>::ensure(bin);
  const T* x = a.data();
  const T* z = b.data();
  auto mismatch = [&] {
    return py::value_error("pykokkos: dot: shapes do not align (" + std::to_string(a.ndim()) + "-D and " +
                           std::to_string(b.ndim()) + "-D operands)");
  };
  if (a.ndim() == 1 && b.ndim() == 1) {
    if (a.size() != b.size()) throw mismatch();
    T r = 0;
    {
      py::gil_scoped_release nogil;  // released for the kernel only: py::float_ needs it back
      Kokkos::parallel_reduce("pk.dot", Kokkos::RangePolicy<HostSpace>(0, a.size()),
                              [=](int64_t i, T& acc) { acc += x[i] * z[i]; }, r);
    }
    return py::float_(r);
  }
  if (a.ndim() > 2 || b.ndim() > 2) throw py::value_error("pykokkos: dot takes 1-D or 2-D views");
  // Treat a 1-D left operand as 1 x k and a 1-D right operand as k x 1.
  int64_t m = a.ndim() == 2 ? a.shape(0) : 1, k = a.ndim() == 2 ? a.shape(1) : a.shape(0);
  int64_t kb = b.shape(0), n = b.ndim() == 2 ? b.shape(1) : 1;
  if (k != kb) throw mismatch();
  std::vector<int64_t> shape;
  if (a.ndim() == 2) shape.push_back(m);
  if (b.ndim() == 2) shape.push_back(n);
  py::array out = Allocate(shape, py::dtype::of<T>(), false);
  T* y = static_cast<T*>(out.mutable_data());
  {
    py::gil_scoped_release nogil;
    if (m > 1 || n == 1) {
      Kokkos::parallel_for("pk.dot", Kokkos::RangePolicy<HostSpace>(0, m), [=](int64_t i) {
        for (int64_t j = 0; j < n; ++j) y[i * n + j] = 0;
        for (int64_t p = 0; p < k; ++p) {
          T xa = x[i * k + p];
          for (int64_t j = 0; j < n; ++j) y[i * n + j] += xa * z[p * n + j];
        }
      });
    } else {  // a single row times a matrix: parallel over the columns
      Kokkos::parallel_for("pk.dot", Kokkos::RangePolicy<HostSpace>(0, n), [=](int64_t j) {
        T s = 0;
        for (int64_t p = 0; p < k; ++p) s += x[p] * z[p * n + j];
        y[j] = s;
      });
    }
    HostSpace().fence();
  }
  return std::move(out);
}

template <class T>
double Reduce(int op, const py::array& ain) {
  Flat<T> a = Flat<T>::ensure(ain);
  const T* x = a.data();
  int64_t n = a.size();
  if (op != 0 && n == 0) throw py::value_error("pykokkos: max/min of an empty view");
  T r = 0;
  py::gil_scoped_release nogil;
  if (op == 0) {
    Kokkos::parallel_reduce("pk.sum", Kokkos::RangePolicy<HostSpace>(0, n), [=](int64_t i, T& acc) { acc += x[i]; }, r);
  } else if (op == 1) {
    Kokkos::parallel_reduce("pk.max", Kokkos::RangePolicy<HostSpace>(0, n),
                            [=](int64_t i, T& acc) { if (x[i] > acc) acc = x[i]; }, Kokkos::Max<T>(r));
  } else {
    Kokkos::parallel_reduce("pk.min", Kokkos::RangePolicy<HostSpace>(0, n),
                            [=](int64_t i, T& acc) { if (x[i] < acc) acc = x[i]; }, Kokkos::Min<T>(r));
  }
  return r;
}

}  // namespace

void RegisterHostUfuncs(py::module_& m) {
  py::module_ u = m.def_submodule("ufuncs", "host ufuncs on 1-D/2-D float32/float64 views");
  for (int op = 0; op < (int)(sizeof kUnary / sizeof *kUnary); ++op)
    u.def(kUnary[op], [op](const py::object& v) {
      Initialize();
      py::array a = AsArray(v);
      return IsF32(a) ? Unary<float>(op, a) : Unary<double>(op, a);
    });
  for (int op = 0; op < (int)(sizeof kBinary / sizeof *kBinary); ++op)
    u.def(kBinary[op], [op](const py::object& v, const py::object& w) {
      Initialize();
      py::array a = AsArray(v);
      return IsF32(a) ? Binary<float>(op, a, w) : Binary<double>(op, a, w);
    });
  u.def("dot", [](const py::object& v, const py::object& w) {
    Initialize();
    py::array a = AsArray(v), b = AsArray(w);
    return IsF32(a) && IsF32(b) ? Dot<float>(a, b) : Dot<double>(a, b);
  });
  u.def("matmul", [](const py::object& v, const py::object& w) {
    Initialize();
    py::array a = AsArray(v), b = AsArray(w);
    if (a.ndim() != 2 || b.ndim() != 2) throw py::value_error("pykokkos: matmul takes two 2-D views");
    return IsF32(a) && IsF32(b) ? Dot<float>(a, b) : Dot<double>(a, b);
  });
  const char* const kReduce[] = {"sum", "max", "min"};
  for (int op = 0; op < 3; ++op)
    u.def(kReduce[op], [op](const py::object& v) {
      Initialize();
      py::array a = AsArray(v);
      return IsF32(a) ? Reduce<float>(op, a) : Reduce<double>(op, a);
    });
}

}  // namespace pykokkos_rt
