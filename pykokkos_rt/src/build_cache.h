// build_cache.h — compile generated kernels into shared objects, cache them on
// disk under a key that covers everything that changes the binary, and load
// them with dlopen (design.md §3 "Cache").
//
// Disk layout under CacheDir():
//   pch/<toolchain-hash>/kokkos_pch.hpp{,.gch}   precompiled Kokkos_Core.hpp
//   kernels/<key>.so                             kernel module + 24-byte trailer
//   kernels/<key>.cpp                            its source, for inspection
// Everything is published by rename() from a unique temporary name, so a
// concurrent process sees either nothing or a complete file; the trailer
// (magic + xxh64 of the module) lets a truncated or corrupted file be detected
// and rebuilt instead of loaded.
#pragma once

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
  std::string fingerprint;  // runtime + compiler version + flags + Kokkos version
  bool pch = true;          // false with nvcc_wrapper (Cuda builds): nvcc cannot use a g++ PCH
};
const Toolchain& GetToolchain();

/// PYKOKKOS_RT_CACHE_DIR, else $XDG_CACHE_HOME/caramba/pykokkos_rt, else
/// ~/.cache/caramba/pykokkos_rt. Read on every call (tests switch it).
std::string CacheDir();

/// Runs argv (no shell) and returns the exit status and stdout+stderr.
struct SpawnResult {
  int status = -1;
  std::string output;
};
SpawnResult Spawn(const std::vector<std::string>& argv);

/// A loaded kernel module.
struct LoadedModule {
  CrbEntry entry = nullptr;
  std::string key;
  std::string path;
  bool compiled = false;       // built by this call (false: found in the cache)
  bool rebuilt_corrupt = false;  // a bad cache entry was found and replaced
  double build_seconds = 0;
};

/// Returns the module for `cpp`, building it if the cache has no valid entry.
/// `label` prefixes compile errors (the Python location). Thread-compatible:
/// the caller holds the GIL.
LoadedModule BuildAndLoad(const std::string& cpp, const std::string& label);

/// xxh3-128 of `data` as 32 hex digits.
std::string HashHex(const std::string& data);

}  // namespace pykokkos_rt
