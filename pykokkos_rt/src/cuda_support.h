// cuda_support.h — the Cuda execution space of pykokkos_rt (docs/gpu.md).
//
// Compiled into the core in every build; the device parts exist only when the
// Kokkos install has Cuda (KOKKOS_ENABLE_CUDA), otherwise AvailableSpaces()
// lists no Cuda and nothing here touches a GPU.
//
// Data movement for a Cuda dispatch (Kernel::Call):
//   - a NumPy array (pk.array wrappers, plain arrays) is copied to a device
//     buffer before the kernel and back after it, as upstream PyKokkos does;
//     buffers come from a size-keyed pool, so a warm dispatch allocates nothing;
//   - a DeviceArray (the device side of a pk.View living on the GPU, see
//     python/pykokkos/_cuda.py) is passed as is: no copy.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "kernel_abi.h"

namespace pykokkos_rt {

/// "Serial", "OpenMP" and, in a Cuda build, "Cuda".
std::vector<std::string> AvailableSpaces();

/// True in a core built against a Kokkos install with Cuda.
bool CudaBuild();

/// Device copies of the NumPy arguments of one Cuda dispatch. Stage() is
/// called with the GIL held; Finish() (the copies back) needs no GIL.
class DeviceStaging {
 public:
  DeviceStaging() = default;
  DeviceStaging(const DeviceStaging&) = delete;
  DeviceStaging& operator=(const DeviceStaging&) = delete;
  ~DeviceStaging();  // returns buffers to the pool (no copy back)

  /// Fills arg.extent (and arg.data for a DeviceArray's own memory) for a
  /// view argument of the given rank; a NumPy array's device copy is made by
  /// Commit(). Returns false when `obj` is neither (the caller raises its
  /// TypeError).
  bool Stage(pybind11::handle obj, int rank, CrbArg* arg);
  /// Copies the staged NumPy arrays to the device and fills their args'
  /// data. Arrays whose memory overlaps (`f(x, x)`, `f(x[1:], x)`) share one
  /// device copy of the bytes they cover, so a kernel sees their aliasing as
  /// the host does. Call once, after the last Stage() and before the kernel.
  void Commit();
  /// After a successful kernel: copies staged arrays back to the host
  /// (skipping memory only read-only arrays cover) and releases the buffers.
  void Finish();

 private:
  struct Pending {  // a NumPy argument waiting for Commit()
    char* host;
    size_t bytes;
    bool writeable;
    CrbArg* arg;
  };
  struct Entry {  // one device copy of a run of overlapping host memory
    void* host;
    void* device;
    size_t bytes;
    bool write_back;
  };
  std::vector<Pending> pending_;
  std::vector<Entry> staged_;
};

/// Frees pooled device buffers; called before Kokkos::finalize. Device
/// memory still owned by live DeviceArrays is left to the driver afterwards.
void ReleaseDeviceMemory();

/// `DeviceArray`, `device_info()`, `device_copy_seconds()` (Cuda builds) and
/// `spaces()` (every build).
void RegisterCuda(pybind11::module_& m);

}  // namespace pykokkos_rt
