// build_cache.h — compile generated kernels into shared objects, cache them on
// disk under a key that covers everything that changes the binary, and load
// them with dlopen (design.md §3 "Cache").
//
// Disk layout:
//   PchDir()/<toolchain-hash>/kokkos_pch.hpp{,.gch,.gch.sum}
//                                  precompiled Kokkos_Core.hpp and its checksum,
//                                  one per toolchain, shared by every cache
//                                  folder of the user
//   CacheDir()/kernels/<key>.so    kernel module + 24-byte trailer
//   CacheDir()/kernels/<key>.cpp   its source, for inspection
//   CacheDir()/kernels/<mkey>.so   a module: several workunits of one Python
//                                  module in one translation unit, exporting
//                                  crb_run_<key> for each specialisation
//   CacheDir()/kernels/<key>.mod   "<mkey>\n": the module holding <key>
// Everything is published by rename() from a unique temporary name, so a
// concurrent process sees either nothing or a complete file; the trailer
// (magic + xxh64 of the module) and the PCH's checksum file let a truncated or
// corrupted file be detected and rebuilt instead of used. A lock file per key
// lets one process build while the others wait for its result. Entries that
// are not regular files are never opened (cache_files.h).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel_abi.h"

namespace pykokkos_rt {

/// A C++ build failure: the compiler's first error, and its whole output.
struct CompileError : std::runtime_error {
  CompileError(const std::string& first, std::string log)
      : std::runtime_error(first), output(std::move(log)) {}
  std::string output;
};

/// The compiler and flags kernels are built with. Defaults come from the
/// CMake configuration of the core (same compiler, the same Kokkos);
/// PYKOKKOS_RT_CXX replaces the compiler, PYKOKKOS_RT_CXXFLAGS adds flags.
struct Toolchain {
  std::string cxx;
  std::vector<std::string> flags;  // shared by the PCH and every kernel
  std::string kokkos_include;
  std::string kokkos_libdir;
  std::vector<std::string> link_flags;  // kernels only (the linker)
  std::string compile_fingerprint;  // runtime + compiler version + flags + Kokkos version: names the PCH
  std::string fingerprint;  // compile_fingerprint + link flags: part of every kernel key
  bool pch = true;          // false with nvcc_wrapper (Cuda builds): nvcc cannot use a g++ PCH
};
const Toolchain& GetToolchain();

/// PYKOKKOS_RT_CACHE_DIR, else $XDG_CACHE_HOME/caramba/pykokkos_rt, else
/// ~/.cache/caramba/pykokkos_rt. Read on every call (tests switch it).
std::string CacheDir();

/// The shared PCH folder: PYKOKKOS_RT_PCH_DIR, else the default cache folder's
/// pch/ (the same for every PYKOKKOS_RT_CACHE_DIR of a user).
std::string PchDir();

/// Where this toolchain's shared PCH header is, built or not ("" without a
/// PCH): what kernels get with -include (scripts/bench-firstcall --breakdown
/// compiles with it). When PchDir() cannot be written, kernels use one in the
/// private fallback folder instead.
std::string PchHeader(const Toolchain& tc);

/// Seconds a compiler may run before it is killed: PYKOKKOS_RT_COMPILE_TIMEOUT
/// (default 600; 0 means no limit).
double CompileTimeout();

/// Largest size of CacheDir()/kernels before least-recently-used modules are
/// deleted: PYKOKKOS_RT_CACHE_MAX_MB (default 256).
uint64_t CacheMaxBytes();

/// Runs argv (no shell) in its own process group and returns the exit status
/// and stdout+stderr. After `timeout_s` (> 0) the whole group is killed and
/// timed_out is set. `on_slow` runs once if the command is still running
/// after one second (the "compiling..." message).
struct SpawnResult {
  int status = -1;
  bool timed_out = false;
  std::string output;
};
SpawnResult Spawn(const std::vector<std::string>& argv, double timeout_s = 0, void (*on_slow)(void*) = nullptr,
                  void* slow_arg = nullptr);

/// A loaded kernel module.
struct LoadedModule {
  CrbEntry entry = nullptr;
  std::string key;
  std::string path;
  bool compiled = false;       // built by this call (false: found in the cache)
  bool rebuilt_corrupt = false;  // a bad cache entry was found and replaced
  double build_seconds = 0;
  std::string module_key;        // set when it lives in a module of several specialisations
};

/// `cpp` without the Python file's path and line numbers in `#line`
/// directives and the header comment: what the cache key hashes.
std::string WithoutSourcePositions(const std::string& cpp);

/// One specialisation's C++ (GeneratedKernel's cpp, prelude and unit).
struct KernelSource {
  std::string cpp, prelude, unit;
};

/// Returns the module for `wanted`, building it if the cache has no valid
/// entry: its own `<key>.so`, or a module that holds it (`<key>.mod` names
/// it). When it must be built, `siblings` (if given) says which other
/// specialisations of its Python module to build with it in one translation
/// unit (kernel_siblings.h); those the cache already has are left out, and
/// the later first calls of the others load that module. `label` prefixes
/// compile errors (the Python location). Thread-safe; run without the GIL.
LoadedModule BuildAndLoad(const KernelSource& wanted, const std::string& label,
                          const std::function<std::vector<KernelSource>()>& siblings = {});

/// Folders, file counts and sizes of the cache (`caramba cache info`).
struct CacheSummary {
  std::string cache_dir, pch_dir;
  uint64_t kernel_files = 0, kernel_bytes = 0, pch_files = 0, pch_bytes = 0, max_bytes = 0;
};
CacheSummary SummarizeCache();
/// Deletes the kernels of CacheDir() and, with `pch`, the shared PCH folder.
void CleanCache(bool pch);

/// xxh3-128 of `data` as 32 hex digits.
std::string HashHex(const std::string& data);

}  // namespace pykokkos_rt
