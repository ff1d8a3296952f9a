// cuda_support.cpp — see cuda_support.h.
#include "cuda_support.h"

#include <pybind11/stl.h>  // spaces(), shapes and timings as Python lists

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace py = pybind11;

namespace pykokkos_rt {

std::vector<std::string> AvailableSpaces() {
  std::vector<std::string> s{"Serial", "OpenMP"};
#ifdef KOKKOS_ENABLE_CUDA
  s.push_back("Cuda");
#endif
  return s;
}

#ifdef KOKKOS_ENABLE_CUDA

bool CudaBuild() { return true; }

namespace {

void Check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    cudaGetLastError();  // clear a sticky-free error so later calls report their own
    throw std::runtime_error(std::string("pykokkos: ") + what + ": " + cudaGetErrorString(e));
  }
}

// Device buffers of the NumPy staging, reused by exact size: a warm dispatch
// with the same shapes allocates nothing. Bounded: past kPoolLimit bytes the
// idle buffers are freed.
constexpr size_t kPoolLimit = size_t(8) << 30;
std::mutex g_pool_mutex;
std::multimap<size_t, void*> g_pool;
size_t g_pool_bytes = 0;
bool g_released = false;  // Kokkos is finalizing or finalized: free nothing more

void* Acquire(size_t bytes) {
  {
    std::lock_guard<std::mutex> lock(g_pool_mutex);
    if (g_released) throw std::runtime_error("pykokkos: Kokkos was finalized");
    auto it = g_pool.find(bytes);
    if (it != g_pool.end()) {
      void* p = it->second;
      g_pool.erase(it);
      g_pool_bytes -= bytes;
      return p;
    }
  }
  return Kokkos::kokkos_malloc<Kokkos::CudaSpace>("pykokkos::staging", bytes);
}

void Release(void* p, size_t bytes) {
  std::lock_guard<std::mutex> lock(g_pool_mutex);
  if (g_released) return;
  if (g_pool_bytes + bytes > kPoolLimit) {
    for (auto& [n, q] : g_pool) Kokkos::kokkos_free<Kokkos::CudaSpace>(q);
    g_pool.clear();
    g_pool_bytes = 0;
  }
  g_pool.emplace(bytes, p);
  g_pool_bytes += bytes;
}

// The device side of a pk.View that lives on the GPU. Zero-initialised, like
// Kokkos::View; the layout (C or Fortran order) is the host mirror's, so the
// bytes can be copied either way as one block.
struct DeviceArray {
  DeviceArray(std::vector<int64_t> shp, const py::dtype& dt) : shape(std::move(shp)), dtype(dt) {
    size_t count = 1;
    for (auto e : shape) {
      if (e < 0) throw py::value_error("pykokkos: negative extent in shape");
      count *= (size_t)e;
    }
    bytes = count * (size_t)dtype.itemsize();
    if (bytes) {
      ptr = Kokkos::kokkos_malloc<Kokkos::CudaSpace>("pykokkos::View", bytes);
      Check(cudaMemset(ptr, 0, bytes), "cudaMemset");
    }
  }
  ~DeviceArray() {
    std::lock_guard<std::mutex> lock(g_pool_mutex);
    if (ptr && !g_released) Kokkos::kokkos_free<Kokkos::CudaSpace>(ptr);
  }
  void CheckHost(const py::array& host, bool writing) const {
    if ((size_t)host.nbytes() != bytes || !host.dtype().is(dtype))
      throw py::value_error("pykokkos: host mirror does not match the device view (size or dtype)");
    if (!(host.flags() & (py::array::c_style | py::array::f_style)))
      throw py::value_error("pykokkos: host mirror must be contiguous");
    if (writing && !host.writeable()) throw py::value_error("pykokkos: host mirror is read-only");
  }
  void Upload(const py::array& host) {
    CheckHost(host, false);
    const void* src = host.data();
    py::gil_scoped_release nogil;
    if (bytes) Check(cudaMemcpy(ptr, src, bytes, cudaMemcpyHostToDevice), "copy to the device");
  }
  void Download(py::array& host) {
    CheckHost(host, true);
    void* dst = host.mutable_data();
    py::gil_scoped_release nogil;
    if (bytes) Check(cudaMemcpy(dst, ptr, bytes, cudaMemcpyDeviceToHost), "copy to the host");
  }

  void* ptr = nullptr;
  size_t bytes = 0;
  std::vector<int64_t> shape;
  py::dtype dtype;
};

}  // namespace

DeviceStaging::~DeviceStaging() {
  for (auto& e : staged_)
    if (e.device) Release(e.device, e.bytes);
}

bool DeviceStaging::Stage(py::handle obj, int rank, CrbArg* arg) {
  if (py::isinstance<DeviceArray>(obj)) {
    auto& d = obj.cast<DeviceArray&>();
    if ((int)d.shape.size() != rank) return false;
    arg->data = d.ptr;
    for (int r = 0; r < rank; ++r) arg->extent[r] = d.shape[r];
    return true;
  }
  if (!py::isinstance<py::array>(obj)) return false;
  auto ar = py::reinterpret_borrow<py::array>(obj);
  if (ar.ndim() != rank) return false;
  for (int r = 0; r < rank; ++r) arg->extent[r] = ar.shape(r);
  size_t bytes = (size_t)ar.nbytes();
  if (bytes == 0) {
    arg->data = nullptr;
    return true;
  }
  pending_.push_back({static_cast<char*>(const_cast<void*>(ar.data())), bytes, ar.writeable(), arg});
  return true;
}

void DeviceStaging::Commit() {
  // Sorted by address, overlapping arrays form runs; each run is copied
  // once and its arrays point into that copy at their own offsets. (The
  // arrays are C- or F-contiguous: pykokkos checks that before dispatch, so
  // [data, data + nbytes) is exactly the memory each one covers.)
  std::sort(pending_.begin(), pending_.end(), [](const Pending& a, const Pending& b) { return a.host < b.host; });
  for (size_t i = 0; i < pending_.size();) {
    char* begin = pending_[i].host;
    char* end = begin + pending_[i].bytes;
    bool write_back = pending_[i].writeable;
    size_t j = i + 1;
    for (; j < pending_.size() && pending_[j].host < end; ++j) {
      end = std::max(end, pending_[j].host + pending_[j].bytes);
      write_back |= pending_[j].writeable;
    }
    size_t bytes = static_cast<size_t>(end - begin);
    void* dev = Acquire(bytes);
    staged_.push_back({begin, dev, bytes, write_back});
    Check(cudaMemcpy(dev, begin, bytes, cudaMemcpyHostToDevice), "copy to the device");
    for (; i < j; ++i) pending_[i].arg->data = static_cast<char*>(dev) + (pending_[i].host - begin);
  }
  pending_.clear();
}

void DeviceStaging::Finish() {
  for (auto& e : staged_) {
    if (e.write_back) Check(cudaMemcpy(e.host, e.device, e.bytes, cudaMemcpyDeviceToHost), "copy to the host");
    Release(e.device, e.bytes);
    e.device = nullptr;
  }
  staged_.clear();
}

void ReleaseDeviceMemory() {
  std::lock_guard<std::mutex> lock(g_pool_mutex);
  if (g_released) return;
  for (auto& [n, q] : g_pool) Kokkos::kokkos_free<Kokkos::CudaSpace>(q);
  g_pool.clear();
  g_pool_bytes = 0;
  g_released = true;
}

void RegisterCuda(py::module_& m) {
  m.def("spaces", &AvailableSpaces, "execution spaces of this build");
  py::class_<DeviceArray, std::shared_ptr<DeviceArray>>(m, "DeviceArray",
                                                        "zero-initialised device memory behind a pk.View on the GPU")
      .def(py::init<std::vector<int64_t>, py::dtype>(), py::arg("shape"), py::arg("dtype"))
      .def("upload", &DeviceArray::Upload, py::arg("host"), "copy the host mirror to the device")
      .def("download", &DeviceArray::Download, py::arg("host"), "copy the device data into the host mirror")
      .def_readonly("shape", &DeviceArray::shape)
      .def_readonly("nbytes", &DeviceArray::bytes)
      .def_property_readonly("ptr", [](const DeviceArray& d) { return (uintptr_t)d.ptr; });
  m.def("device_info", [] {
    int dev = Kokkos::Cuda().cuda_device();
    cudaDeviceProp p;
    Check(cudaGetDeviceProperties(&p, dev), "cudaGetDeviceProperties");
    int driver = 0, runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    py::dict d;
    d["name"] = std::string(p.name);
    d["compute_capability"] = std::to_string(p.major) + "." + std::to_string(p.minor);
    d["multiprocessors"] = p.multiProcessorCount;
    d["global_memory_bytes"] = (size_t)p.totalGlobalMem;
    d["l2_bytes"] = p.l2CacheSize;
    d["driver_version"] = driver;
    d["runtime_version"] = runtime;
    d["kokkos_arch"] =
#if defined(KOKKOS_ARCH_HOPPER90)
        "HOPPER90";
#elif defined(KOKKOS_ARCH_AMPERE80)
        "AMPERE80";
#else
        "other";
#endif
    return d;
  });
  // The reference for the triad benchmark: a device-to-device cudaMemcpy of
  // `bytes`, timed `reps` times after one warm-up. Returns seconds per copy.
  m.def("device_copy_seconds", [](size_t bytes, int reps) {
    void* a = Kokkos::kokkos_malloc<Kokkos::CudaSpace>("pykokkos::bw_a", bytes);
    void* b = Kokkos::kokkos_malloc<Kokkos::CudaSpace>("pykokkos::bw_b", bytes);
    std::vector<double> out;
    {
      py::gil_scoped_release nogil;
      Check(cudaMemset(a, 1, bytes), "cudaMemset");
      Check(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");
      Check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
      for (int r = 0; r < reps; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        Check(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");
        Check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        out.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      }
    }
    Kokkos::kokkos_free<Kokkos::CudaSpace>(a);
    Kokkos::kokkos_free<Kokkos::CudaSpace>(b);
    return out;
  }, py::arg("bytes"), py::arg("reps") = 10);
}

#else  // no Cuda in this Kokkos

bool CudaBuild() { return false; }
DeviceStaging::~DeviceStaging() = default;
bool DeviceStaging::Stage(py::handle, int, CrbArg*) { return false; }
void DeviceStaging::Commit() {}
void DeviceStaging::Finish() {}
void ReleaseDeviceMemory() {}
void RegisterCuda(py::module_& m) { m.def("spaces", &AvailableSpaces, "execution spaces of this build"); }

#endif

}  // namespace pykokkos_rt
