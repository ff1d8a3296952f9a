// kernel_abi.h — the C argument block between the pybind11 core and the
// generated kernel modules. Kernel modules include no project header: the
// generator pastes kKernelAbiText (the same tokens, stringified) into every
// translation unit, so the two sides cannot drift.
#pragma once

#include <cstddef>
#include <cstdint>

// One kernel argument: a view (data + extents) or a scalar (i or d).
// CrbEntry runs the workunit over [begin, end) and writes a reduction or scan
// total to *result; it returns 0, or 1 with a message in err (exceptions never
// cross the C boundary). CrbKeyFn returns the cache key the module was built
// for, so a loader can tell a stale or swapped file from the one it asked for.
#define PYKOKKOS_RT_ABI                                                              \
  struct CrbArg {                                                                    \
    void* data;                                                                      \
    int64_t i;                                                                       \
    double d;                                                                        \
    int64_t extent[8];                                                               \
  };                                                                                 \
  struct CrbResult {                                                                 \
    double d;                                                                        \
    int64_t i;                                                                       \
  };                                                                                 \
  typedef int (*CrbEntry)(const struct CrbArg*, int64_t, int64_t, struct CrbResult*, \
                          char*, size_t);                                            \
  typedef const char* (*CrbKeyFn)(void);

#define PYKOKKOS_RT_STRINGIFY2(...) #__VA_ARGS__
#define PYKOKKOS_RT_STRINGIFY(x) PYKOKKOS_RT_STRINGIFY2(x)

extern "C" {
PYKOKKOS_RT_ABI
}

namespace pykokkos_rt {
/// The ABI declarations as text, for the generated translation units.
inline constexpr const char* kKernelAbiText = PYKOKKOS_RT_STRINGIFY(PYKOKKOS_RT_ABI);
/// Symbol names every kernel module exports.
inline constexpr const char* kEntrySymbol = "crb_run";
inline constexpr const char* kKeySymbol = "crb_key";
}  // namespace pykokkos_rt
