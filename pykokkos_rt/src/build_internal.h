// build_internal.h — what the files of the kernel build share; not part of the
// core's interface (build_cache.h is):
//   build_cache.cpp    toolchain, folders, keys, the in-process tables, BuildAndLoad
//   compiler_runs.cpp  running the compiler: spawn, compile (in parallel where a
//                      module is split), trailers, verified loading, error text
//   pch.cpp            the shared precompiled Kokkos header
//   module_build.cpp   modules of several workunits (one .so for a Python module)
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "build_cache.h"

namespace pykokkos_rt::build {

// ---- compiler_runs.cpp
/// The checksum line stored next to a module or the PCH: size and xxh64.
std::string Checksum(const std::string& data);
std::string Checksum(const char* data, size_t size);
/// Whether a failed compiler run failed for want of disk space.
bool OutOfSpace(const std::string& log);
/// The message of a cache folder that cannot be written, with what to do.
std::string CacheTrouble(const std::string& dir, int err);
/// The one "compiling ... for its first use" line of a process (`what` is a C string).
void SaySlow(void* what);
/// The compiler's first error line, located at the Python line.
std::string FirstError(const std::string& log);
/// dlopen of a cache entry whose trailer matches and whose crb_key() is `key`; null otherwise.
void* OpenVerified(const std::string& path, const std::string& key);
CrbEntry LoadVerified(const std::string& path, const std::string& key);
/// How many compilers one module's build may run at once: PYKOKKOS_RT_COMPILE_JOBS,
/// else the processors this process may run on that are idle now (at least 1).
unsigned CompileJobs();
/// Compiles `sources` (translation units of one module: one, or several
/// compiled in parallel and linked together) into `dir`/<key>.so, verifies
/// and loads it (`*handle`) and publishes it. Returns the published path, or
/// throws CompileError, or CacheError when the folder cannot take the files.
std::string Compile(const Toolchain& tc, const std::string& dir, const std::string& key,
                    const std::vector<std::string>& sources, const std::string& label, const std::string& pch,
                    void** handle);

// ---- pch.cpp
/// The precompiled Kokkos_Core.hpp for this toolchain (built when missing or damaged).
std::string EnsurePch(const Toolchain& tc);
/// The name of this toolchain's PCH folder under PchDir().
std::string PchName(const Toolchain& tc);

// ---- build_cache.cpp
void Remember(const std::string& key, CrbEntry entry, const std::string& path, const std::string& module_key = "");
std::string KeyOf(const Toolchain& tc, const std::string& cpp);
std::string ModuleEntrySymbol(const std::string& key);
std::string ReadModuleRef(const std::string& dir, const std::string& key);
CrbEntry EntryInModule(const std::string& dir, const std::string& module_key, const std::string& key);

// ---- module_build.cpp
/// Builds `wanted` with `others` into one module (see module_build.cpp).
void BuildModule(const Toolchain& tc, const std::string& dir, const std::string& pch, const std::string& label,
                 const std::string& key, const KernelSource& wanted,
                 const std::vector<std::pair<std::string, KernelSource>>& others, LoadedModule* m);

}  // namespace pykokkos_rt::build
