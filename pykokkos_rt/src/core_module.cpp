// core_module.cpp — `pykokkos._core`, the one pybind11 module of the runtime:
// Kokkos initialise/finalise, Kokkos-owned zero-initialised allocations
// exposed as NumPy arrays, the kernel compiler and loader, dispatch through
// the C argument block, and the host ufuncs (host_ufuncs.cpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <Kokkos_Core.hpp>
#include <omp.h>
#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "build_cache.h"
#include "cache_files.h"
#include "caramba/syntax.h"
#include "cuda_support.h"
#include "kernel_abi.h"
#include "kernel_compiler.h"
#include "kernel_siblings.h"
#include "write_analysis.h"

namespace py = pybind11;

namespace pykokkos_rt {

void RegisterHostUfuncs(py::module_& m);  // host_ufuncs.cpp
void Initialize();

namespace {

bool g_initialized = false;
bool g_finalized = false;

// fork() copies the OpenMP pool's bookkeeping but not its threads, so a child
// forked after the pool started (multiprocessing's default start method)
// waited forever for them on its first parallel region. Before every fork the
// pool is released (omp_pause_resource_all: its threads exit); parent and
// child each start a fresh one at their next parallel region.
void ReleaseOpenMPPoolBeforeFork() { omp_pause_resource_all(omp_pause_soft); }
}  // namespace

void Initialize() {
  if (g_initialized) return;
  if (g_finalized) throw std::runtime_error("pykokkos: Kokkos was finalized and cannot be initialized again in this process");
  // OMP_NUM_THREADS decides the OpenMP pool, as in any Kokkos program.
  Kokkos::InitArguments args;
  Kokkos::initialize(args);
  g_initialized = true;
  static bool fork_handler = false;
  if (!fork_handler) pthread_atfork(ReleaseOpenMPPoolBeforeFork, nullptr, nullptr);
  fork_handler = true;
}

namespace {
void Finalize() {
  if (!g_initialized || g_finalized) return;
  ReleaseDeviceMemory();  // pooled Cuda staging buffers (cuda_support.h)
  Kokkos::finalize();
  g_initialized = false;
  g_finalized = true;
}

// A Kokkos-owned allocation behind a NumPy array. Freed when the array dies;
// after Kokkos::finalize (arrays still alive at interpreter exit) the memory is
// left to the OS, since Kokkos forbids deallocating after finalize.
struct Allocation {
  void* ptr = nullptr;
};

}  // namespace

py::array Allocate(const std::vector<int64_t>& shape, const py::dtype& dtype, bool fortran) {
  Initialize();
  // Sizes are checked before anything is allocated: a byte count that
  // overflows (or exceeds what NumPy can index) is a MemoryError, as NumPy
  // raises for np.empty of the same shape, not a wrapped small allocation.
  auto too_big = [&](const std::string& why) {
    std::string dims;
    for (auto e : shape) dims += (dims.empty() ? "" : ", ") + std::to_string(e);
    PyErr_SetString(PyExc_MemoryError, ("pykokkos: cannot allocate a view of shape [" + dims + "] (" + why + ")").c_str());
    throw py::error_already_set();
  };
  uint64_t count = 1;
  for (auto e : shape) {
    if (e < 0) throw py::value_error("pykokkos: negative extent in shape");
    if (__builtin_mul_overflow(count, (uint64_t)e, &count)) too_big("the element count exceeds 2**64");
  }
  uint64_t bytes64;
  if (__builtin_mul_overflow(count, (uint64_t)dtype.itemsize(), &bytes64) || bytes64 > (uint64_t)PTRDIFF_MAX)
    too_big("the byte count exceeds the address space");
  size_t bytes = std::max<size_t>((size_t)bytes64, 1);
  auto* a = new Allocation;
  try {
    a->ptr = Kokkos::kokkos_malloc<Kokkos::HostSpace>("pykokkos::View", bytes);
  } catch (const std::exception& e) {
    delete a;
    too_big(std::to_string(bytes) + " bytes: " + e.what());
  }
  if (!a->ptr) {
    delete a;
    too_big(std::to_string(bytes) + " bytes: out of memory");
  }
  std::memset(a->ptr, 0, bytes);  // views are zero-initialised, like Kokkos::View
  py::capsule owner(a, [](void* p) {
    auto* al = static_cast<Allocation*>(p);
    if (g_initialized) Kokkos::kokkos_free<Kokkos::HostSpace>(al->ptr);
    delete al;
  });
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t s = dtype.itemsize();
  if (fortran) {
    for (size_t k = 0; k < shape.size(); ++k) { strides[k] = s; s *= shape[k]; }
  } else {
    for (size_t k = shape.size(); k-- > 0;) { strides[k] = s; s *= shape[k]; }
  }
  std::vector<py::ssize_t> sh(shape.begin(), shape.end());
  return py::array(dtype, sh, strides, a->ptr, owner);
}

namespace {

// One specialisation of a workunit, loaded and ready to dispatch.
class Kernel {
 public:
  Kernel(GeneratedKernel g, LoadedModule m, std::string name, DispatchKind kind, bool cuda = false)
      : g_(std::move(g)), m_(std::move(m)), name_(std::move(name)), kind_(kind), cuda_(cuda) {}

  // The hot path: pack the C argument block, release the GIL, run.
  py::object Call(int64_t begin, int64_t end, const py::sequence& args) {
    size_t n = g_.params.size();
    if ((size_t)py::len(args) != n) throw py::type_error("pykokkos: workunit '" + name_ + "' got the wrong number of arguments");
    CrbArg small[16];
    std::vector<CrbArg> big;
    CrbArg* a = small;
    if (n > 16) { big.resize(n); a = big.data(); }
    DeviceStaging staging;  // Cuda: NumPy arrays copied to the device and back (cuda_support.h)
    for (size_t k = 0; k < n; ++k) {
      PyObject* o = PyTuple_Check(args.ptr()) ? PyTuple_GET_ITEM(args.ptr(), k) : args[k].ptr();
      const TypeRef& t = g_.param_types[k];
      CrbArg& c = a[k];
      if (t.kind == TypeRef::Kind::kView) {
        RefuseReadOnlyWrite(o, k);  // before staging: a Cuda copy would hide the read-only source
        if (cuda_ && staging.Stage(o, t.rank, &c)) continue;
        auto arr = py::reinterpret_borrow<py::object>(o);
        if (!py::isinstance<py::array>(arr)) throw py::type_error("pykokkos: workunit '" + name_ + "': parameter '" + g_.params[k] + "' expects a view");
        auto& ar = static_cast<py::array&>(arr);
        if (ar.ndim() != t.rank) throw py::type_error("pykokkos: workunit '" + name_ + "': parameter '" + g_.params[k] + "' expects rank " + std::to_string(t.rank));
        c.data = const_cast<void*>(ar.data());
        for (int r = 0; r < t.rank; ++r) c.extent[r] = ar.shape(r);
      } else if (IsFloat(t.scalar)) {
        c.d = PyFloat_AsDouble(o);
        if (c.d == -1.0 && PyErr_Occurred()) throw py::error_already_set();
      } else if (t.scalar == Scalar::kBool) {
        int b = PyObject_IsTrue(o);
        if (b < 0) throw py::error_already_set();
        c.i = b;
      } else if (t.scalar == Scalar::kU64) {
        // A uint64 above 2**63 does not fit PyLong_AsLongLong: read it
        // unsigned (np.uint64 through __index__) and keep its bits.
        py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(o));
        if (!index) throw py::error_already_set();
        unsigned long long u = PyLong_AsUnsignedLongLong(index.ptr());
        if (u == static_cast<unsigned long long>(-1) && PyErr_Occurred()) throw py::error_already_set();
        c.i = static_cast<int64_t>(u);
      } else {
        c.i = PyLong_AsLongLong(o);
        if (c.i == -1 && PyErr_Occurred()) throw py::error_already_set();
      }
    }
    if (cuda_) staging.Commit();
    CrbResult result{0.0, 0};
    char err[512] = {0};
    int rc;
    {
      py::gil_scoped_release nogil;
      rc = m_.entry(a, begin, end, &result, err, sizeof err);
      if (rc == 0) staging.Finish();
    }
    if (rc != 0) throw std::runtime_error("pykokkos: workunit '" + name_ + "' failed: " + err);
    if (kind_ == DispatchKind::kFor) return py::none();
    if (IsFloat(g_.acc)) return py::float_(result.d);
    if (g_.acc == Scalar::kU64) return py::int_(static_cast<uint64_t>(result.i));  // the bits of a uint64 sum
    return py::int_(result.i);
  }

  // A kernel store into a read-only array (writeable=False, a buffer over
  // bytes, a memmap opened with mode "r") is refused, as Numba refuses it: it
  // would change memory NumPy promised not to change, or crash on a read-only
  // mapping. On Cuda the array is staged through a device copy, so the check
  // must come before staging or the copy back would be silently dropped.
  void RefuseReadOnlyWrite(PyObject* o, size_t k) const {
    if (k >= written_.size() || !written_[k]) return;
    auto h = py::reinterpret_borrow<py::object>(o);
    if (!py::isinstance<py::array>(h) || py::reinterpret_borrow<py::array>(h).writeable()) return;
    throw py::type_error("pykokkos: workunit '" + name_ + "': parameter '" + g_.params[k] +
                         "' is written by the kernel, but the array passed is read-only (writeable=False, a "
                         "buffer over bytes, or a memmap opened with mode 'r'); pass a writable array, e.g. "
                         "np.array(" + g_.params[k] + ")");
  }

  std::vector<std::string> Params() const { return g_.params; }
  std::vector<std::string> ParamTypes() const {
    std::vector<std::string> out;
    for (const auto& t : g_.param_types) out.push_back(t.Signature());
    return out;
  }

  GeneratedKernel g_;
  LoadedModule m_;
  std::vector<bool> written_;  // per parameter: may the kernel store into it (write_analysis.h)
  std::string name_;
  DispatchKind kind_;
  bool cuda_;
};

// "for", "reduce", "scan", or "reduce:max" (min, prod): a reduction with a reducer.
DispatchKind KindFromString(const std::string& s, std::string* reducer) {
  if (s == "for") return DispatchKind::kFor;
  if (s.rfind("for@md", 0) == 0) return DispatchKind::kFor;
  if (s.rfind("reduce@md", 0) == 0) return DispatchKind::kReduce;
  if (s == "reduce") return DispatchKind::kReduce;
  if (s == "scan") return DispatchKind::kScan;
  if (s == "reduce:max" || s == "reduce:min" || s == "reduce:prod") {
    *reducer = s.substr(7);
    return DispatchKind::kReduce;
  }
  throw py::value_error("pykokkos: unknown dispatch kind " + s);
}

std::shared_ptr<Kernel> Specialize(const std::string& path, const std::string& workunit, const std::string& kind,
                                   const std::vector<std::pair<std::string, std::string>>& arg_types,
                                   const std::string& space, const std::string& functor_class, bool team,
                                   bool strict, const std::string& default_space) {
  Initialize();
  auto spaces = AvailableSpaces();
  if (std::find(spaces.begin(), spaces.end(), space) == spaces.end())
    throw py::value_error("pykokkos: execution space " + space + " is not available in this build (Serial, OpenMP" +
                          std::string(CudaBuild() ? ", Cuda)" : ")"));
  KernelRequest req;
  req.path = path;
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("pykokkos: cannot read the source of workunit '" + workunit + "' from " + path +
                                   " (workunits must live in a Python file; code typed into a REPL or exec'd is not found)");
  std::ostringstream ss;
  ss << f.rdbuf();
  req.source = ss.str();
  req.workunit = workunit;
  req.kind = KindFromString(kind, &req.reducer);
  // "for@md2", "reduce@md3": an MDRangePolicy of that rank.
  if (auto md = kind.find("@md"); md != std::string::npos) req.mdrange = std::stoi(kind.substr(md + 3));
  req.arg_types = arg_types;
  req.space = space;
  req.functor_class = functor_class;
  req.team = team;
  req.strict = strict;
  if (const char* sched = std::getenv("PYKOKKOS_RT_SCHEDULE"); sched && *sched) {
    req.schedule = sched;
    if (req.schedule != "auto" && req.schedule != "static" && req.schedule != "dynamic")
      throw py::value_error("pykokkos: PYKOKKOS_RT_SCHEDULE is auto, static or dynamic, got '" + req.schedule + "'");
  }
  if (const char* red = std::getenv("PYKOKKOS_RT_ATOMIC_REDUCTIONS"); red && *red) {
    if (std::string(red) != "reduce" && std::string(red) != "atomic")
      throw py::value_error("pykokkos: PYKOKKOS_RT_ATOMIC_REDUCTIONS is reduce or atomic, got '" + std::string(red) + "'");
    req.cell_reductions = std::string(red) == "reduce";
  }
  GeneratedKernel g = GenerateKernel(req);
  std::string label = path + ":" + std::to_string(g.def_line) + ": workunit '" + workunit + "'";
  caramba::Tree tree = caramba::Tree::Parse(req.source);
  std::vector<bool> written = WrittenParams(tree, workunit, g.params);
  // The module's other workunits, generated only when a build is needed: a
  // workunit that does not generate for the types assumed is just left out.
  auto siblings = [&] {
    std::vector<KernelSource> out;
    for (const KernelRequest& r : SiblingRequests(req, tree, default_space)) {
      try {
        GeneratedKernel s = GenerateKernel(r, tree);
        out.push_back(KernelSource{std::move(s.cpp), std::move(s.prelude), std::move(s.unit)});
      } catch (const std::exception&) {
      }
    }
    return out;
  };
  // Compiling takes seconds: other Python threads run meanwhile, and threads
  // that specialise different kernels compile them in parallel
  // (build_cache.cpp locks what it shares).
  // PYKOKKOS_RT_MODULE_UNITS=0: one translation unit per workunit, as before
  // modules were built whole (for measurements: scripts/bench-firstcall).
  const char* units = std::getenv("PYKOKKOS_RT_MODULE_UNITS");
  bool whole_modules = !(units && std::string(units) == "0");
  LoadedModule m;
  {
    py::gil_scoped_release nogil;
    m = BuildAndLoad(KernelSource{g.cpp, g.prelude, g.unit}, label,
                     whole_modules ? std::function<std::vector<KernelSource>()>(siblings) : nullptr);
  }
  auto kernel = std::make_shared<Kernel>(std::move(g), std::move(m), workunit, req.kind, space == "Cuda");
  kernel->written_ = std::move(written);
  return kernel;
}

}  // namespace
}  // namespace pykokkos_rt

PYBIND11_MODULE(_core, m) {
  using namespace pykokkos_rt;
  m.doc() = "pykokkos_rt core: Kokkos runtime, kernel compiler and dispatch";

  static py::exception<DialectError> dialect_error(m, "DialectError", PyExc_SyntaxError);
  static py::exception<CompileError> compile_error(m, "CompileError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const DialectError& e) {
      // A SyntaxError subclass so tools show the Python location; the
      // structured fields are attributes.
      py::object err = py::reinterpret_borrow<py::object>(dialect_error.ptr())(py::str(e.what()));
      err.attr("filename") = e.path;
      err.attr("lineno") = e.line;
      err.attr("offset") = e.column;
      err.attr("construct") = e.construct;
      err.attr("hint") = e.hint;
      err.attr("msg") = std::string(e.what());
      PyErr_SetObject(dialect_error.ptr(), err.ptr());
    } catch (const CompileError& e) {
      py::object err = py::reinterpret_borrow<py::object>(compile_error.ptr())(py::str(e.what()));
      err.attr("output") = e.output;
      PyErr_SetObject(compile_error.ptr(), err.ptr());
    } catch (const CacheError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    } catch (const ArgumentError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    }
  });

  m.def("initialize", &Initialize, "Kokkos::initialize (once per process)");
  m.def("finalize", &Finalize, "Kokkos::finalize (at exit)");
  m.def("is_initialized", [] { return g_initialized; });
  m.def("concurrency", [] {
    Initialize();
    return Kokkos::DefaultHostExecutionSpace::concurrency();
  });
  m.def("fence", [] {
    if (g_initialized) Kokkos::fence();
  });
  m.def("allocate", &Allocate, py::arg("shape"), py::arg("dtype"), py::arg("fortran") = false,
        "zero-initialised Kokkos host allocation as a NumPy array");
  m.def("cache_dir", &CacheDir);
  m.def("cache_info", [] {
    CacheSummary c = SummarizeCache();
    py::dict d;
    d["cache_dir"] = c.cache_dir;
    d["pch_dir"] = c.pch_dir;
    d["kernel_files"] = c.kernel_files;
    d["kernel_bytes"] = c.kernel_bytes;
    d["pch_files"] = c.pch_files;
    d["pch_bytes"] = c.pch_bytes;
    d["max_bytes"] = c.max_bytes;
    return d;
  }, "folders, file counts and sizes of the kernel cache and the shared PCH");
  m.def("cache_clean", &CleanCache, py::arg("pch") = false,
        "deletes the cached kernels (and, with pch=True, the shared precompiled headers)");
  m.def("toolchain", [] {
    const Toolchain& t = GetToolchain();
    py::dict d;
    d["cxx"] = t.cxx;
    d["flags"] = t.flags;
    d["kokkos_include"] = t.kokkos_include;
    d["kokkos_libdir"] = t.kokkos_libdir;
    d["link_flags"] = t.link_flags;
    d["pch_header"] = PchHeader(t);
    d["fingerprint"] = t.fingerprint;
    return d;
  });
  m.def("generate", [](const std::string& path, const std::string& workunit, const std::string& kind,
                       const std::vector<std::pair<std::string, std::string>>& arg_types, const std::string& space,
                       const std::string& functor_class, bool team, bool strict) {
    KernelRequest req;
    std::ifstream f(path, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    req.path = path;
    req.source = ss.str();
    req.workunit = workunit;
    req.kind = KindFromString(kind, &req.reducer);
    if (auto md = kind.find("@md"); md != std::string::npos) req.mdrange = std::stoi(kind.substr(md + 3));
    req.arg_types = arg_types;
    req.space = space;
    req.functor_class = functor_class;
    req.team = team;
    req.strict = strict;
    return GenerateKernel(req).cpp;
  }, py::arg("path"), py::arg("workunit"), py::arg("kind"), py::arg("arg_types"), py::arg("space"),
     py::arg("functor_class") = "", py::arg("team") = false, py::arg("strict") = false, "the C++ translation unit for a specialisation (no build), for inspection");

  py::class_<Kernel, std::shared_ptr<Kernel>>(m, "Kernel")
      .def("__call__", &Kernel::Call, py::arg("begin"), py::arg("end"), py::arg("args"))
      .def_property_readonly("params", &Kernel::Params)
      .def_property_readonly("param_types", &Kernel::ParamTypes)
      .def_property_readonly("key", [](const Kernel& k) { return k.m_.key; })
      .def_property_readonly("path", [](const Kernel& k) { return k.m_.path; })
      .def_property_readonly("compiled", [](const Kernel& k) { return k.m_.compiled; })
      .def_property_readonly("rebuilt_corrupt", [](const Kernel& k) { return k.m_.rebuilt_corrupt; })
      .def_property_readonly("build_seconds", [](const Kernel& k) { return k.m_.build_seconds; })
      .def_property_readonly("module_key", [](const Kernel& k) { return k.m_.module_key; })
      .def_property_readonly("source", [](const Kernel& k) { return k.g_.cpp; });
  m.def("specialize", &Specialize, py::arg("path"), py::arg("workunit"), py::arg("kind"), py::arg("arg_types"),
        py::arg("space"), py::arg("functor_class") = "", py::arg("team") = false, py::arg("strict") = false,
        py::arg("default_space") = "",
        "generate, build (or find in the cache) and load one workunit specialisation");

  RegisterHostUfuncs(m);
  RegisterCuda(m);
}
