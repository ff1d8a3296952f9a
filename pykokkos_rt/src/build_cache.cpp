// build_cache.cpp — see build_cache.h: the toolchain, the folders, keys, the
// in-process table of loaded kernels and BuildAndLoad, which finds or builds a
// kernel's module (the compiler itself: compiler_runs.cpp; the PCH: pch.cpp;
// modules of several workunits: module_build.cpp).
#include "build_cache.h"

#include "build_internal.h"
#include "cache_files.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>

namespace pykokkos_rt {

using namespace build;

namespace {

std::string StatId(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return path + ":missing";
  return path + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtime);
}

bool Exists(const std::string& p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0;
}

double EnvSeconds(const char* name, double fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  double d = std::strtod(v, &end);
  return end && *end == '\0' && d >= 0 ? d : fallback;
}

// An installed runtime (pip or `cmake --install`) carries its own copy of
// Kokkos in pykokkos/kokkos/, next to the core: kernels must compile against
// that copy, since the Kokkos the core was built against may be gone.
// Returns that folder, or "" in a build tree (the build's Kokkos is used).
std::string KokkosNextToCore() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(&KokkosNextToCore), &info) || !info.dli_fname) return "";
  std::string so = info.dli_fname;
  size_t slash = so.rfind('/');
  std::string root = (slash == std::string::npos ? std::string(".") : so.substr(0, slash)) + "/kokkos";
  return Exists(root + "/include/Kokkos_Core.hpp") && Exists(root + "/lib/libkokkoscore.so") ? root : "";
}

}  // namespace

std::string HashHex(const std::string& data) {
  XXH128_hash_t h = XXH3_128bits(data.data(), data.size());
  char b[33];
  std::snprintf(b, sizeof b, "%016llx%016llx", (unsigned long long)h.high64, (unsigned long long)h.low64);
  return b;
}

namespace {
std::string DefaultCacheDir() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/caramba/pykokkos_rt";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/caramba/pykokkos_rt";
}
}  // namespace

std::string CacheDir() {
  if (const char* d = std::getenv("PYKOKKOS_RT_CACHE_DIR"); d && *d) return d;
  return DefaultCacheDir();
}

std::string PchDir() {
  if (const char* d = std::getenv("PYKOKKOS_RT_PCH_DIR"); d && *d) return d;
  return DefaultCacheDir() + "/pch";
}

double CompileTimeout() { return EnvSeconds("PYKOKKOS_RT_COMPILE_TIMEOUT", 600); }

uint64_t CacheMaxBytes() { return (uint64_t)(EnvSeconds("PYKOKKOS_RT_CACHE_MAX_MB", 256) * 1024 * 1024); }

namespace {
// The first PATH folder holding `name`, as `folder/name`, or "".
std::string OnPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream ss(path ? path : "");
  std::string d;
  while (std::getline(ss, d, ':'))
    if (!d.empty() && Exists(d + "/" + name)) return d + "/" + name;
  return "";
}
}  // namespace

const Toolchain& GetToolchain() {
  static const Toolchain tc = [] {
    Toolchain t;
    const char* cxx = std::getenv("PYKOKKOS_RT_CXX");
    t.cxx = cxx && *cxx ? cxx : PYKOKKOS_RT_DEFAULT_CXX;
    t.kokkos_include = PYKOKKOS_RT_KOKKOS_INCLUDE;
    t.kokkos_libdir = PYKOKKOS_RT_KOKKOS_LIBDIR;
    if (std::string bundled = KokkosNextToCore(); !bundled.empty()) {
      t.kokkos_include = bundled + "/include";
      t.kokkos_libdir = bundled + "/lib";
    }
    // -march=native: kernels run where they are built (the cache is per user
    // and machine); the flag is part of the key like every other.
    // -fno-math-errno: no kernel reads errno, and with it std::sqrt is the
    // sqrt instruction instead of an instruction, a test and a library call
    // for negative inputs, which kept loops around it from being vectorised
    // (Lennard-Jones's pair loop: 2.5x faster, docs/runtime.md). Results are
    // unchanged: only errno is no longer set, as in Numba's code.
    // -ffp-contract=off: g++ fuses a * b + c into one fused multiply-add
    // wherever -march=native offers one, rounding once where Python and Numba
    // round twice; off, a kernel on one thread computes Numba's bits exactly
    // (measured cost on the Lennard-Jones pair loop: about 10%).
    t.flags = {"-std=c++17", "-O3",      "-march=native", "-fno-math-errno", "-ffp-contract=off",
               "-fPIC",      "-fopenmp", "-DNDEBUG",      "-w"};
#ifdef PYKOKKOS_RT_CUDA_ARCH
    // Kokkos with Cuda (docs/gpu.md): every TU that includes Kokkos_Core.hpp
    // goes through nvcc_wrapper (the default compiler then), for the build's
    // GPU, against the shared CUDA runtime; nvcc cannot use a g++ PCH.
    // Relaxed constexpr lets device code use libstdc++'s constexpr math
    // overloads (std::fmod(double, int) promotes through one); a call of any
    // other host-only function from a kernel is an error (20011, 20014), not
    // a warning hidden by -w that would leave the kernel silently wrong.
    // --fmad=false: nvcc contracts a * b + c into a fused multiply-add in
    // device code by default, the GPU's -ffp-contract=on; an escape-time
    // loop (`zi = 2.0 * zr * zi + ci`) then left the Mandelbrot set at
    // another iteration than Numba's on boundary points.
    t.flags = {"-std=c++17", "-O3", "-fPIC", "-fopenmp", "-DNDEBUG", "-w", PYKOKKOS_RT_CUDA_ARCH, "-cudart", "shared",
               "--fmad=false", "--expt-relaxed-constexpr", "-Xcudafe", "--diag_error=20011", "-Xcudafe",
               "--diag_error=20014"};
    t.pch = false;
#endif
    if (const char* extra = std::getenv("PYKOKKOS_RT_CXXFLAGS"); extra && *extra) {
      std::istringstream ss(extra);
      std::string f;
      while (ss >> f) t.flags.push_back(f);
    }
    std::string fp = std::string("pykokkos_rt ") + PYKOKKOS_RT_VERSION + "\nkokkos " + PYKOKKOS_RT_KOKKOS_VERSION + "\n";
    fp += StatId(t.kokkos_libdir + "/libkokkoscore.so") + "\n";
    // The compiler's identity: its resolved binary's size and mtime change
    // whenever the package that provides it is upgraded.
    std::string resolved = t.cxx;
    if (t.cxx.find('/') == std::string::npos && !OnPath(t.cxx).empty()) resolved = OnPath(t.cxx);
    char real[4096];
    if (realpath(resolved.c_str(), real)) resolved = real;
    fp += "cxx " + t.cxx + " " + StatId(resolved) + "\n";
    for (const auto& f : t.flags) fp += f + " ";
    t.compile_fingerprint = fp;
#ifndef PYKOKKOS_RT_CUDA_ARCH
    // gold links a kernel module in a third of the CPU time GNU ld takes
    // (0.02-0.03 s against 0.07-0.11 s, measured: docs/runtime.md "First
    // calls"); binutils installs it next to ld. Only the link changes, so the
    // PCH stays the one of the compile flags.
    if (!OnPath("ld.gold").empty()) t.link_flags.push_back("-fuse-ld=gold");
#endif
    for (const auto& f : t.link_flags) fp += f + " ";
    t.fingerprint = fp;
    return t;
  }();
  return tc;
}

std::string WithoutSourcePositions(const std::string& cpp) {
  std::string out;
  out.reserve(cpp.size());
  size_t pos = 0;
  while (pos < cpp.size()) {
    size_t eol = cpp.find('\n', pos);
    if (eol == std::string::npos) eol = cpp.size();
    std::string_view line(cpp.data() + pos, eol - pos);
    if (line.rfind("#line ", 0) == 0) {
      line = "#line";  // `#line N "path"` -> `#line`
    } else if (line.rfind("// Generated by pykokkos_rt from ", 0) == 0) {
      line = "// Generated by pykokkos_rt";
    }
    out.append(line);
    out.push_back('\n');
    pos = eol + 1;
  }
  return out;
}

namespace {

// In-process tables. Builds run without the GIL (core_module.cpp), so they
// have a lock; two threads building one key are serialised by its file lock
// (flock locks of separate open() calls exclude each other in one process too).
std::mutex g_loaded_mu;
struct Loaded {
  CrbEntry entry;
  std::string path, module_key;
};
std::map<std::string, Loaded> g_loaded;  // specialisation key -> where it was loaded from

}  // namespace

namespace build {

void Remember(const std::string& key, CrbEntry entry, const std::string& path, const std::string& module_key) {
  std::lock_guard<std::mutex> lock(g_loaded_mu);
  g_loaded[key] = Loaded{entry, path, module_key};
}

std::string KeyOf(const Toolchain& tc, const std::string& cpp) {
  return HashHex(tc.fingerprint + "\n" + WithoutSourcePositions(cpp));
}

// A specialisation built in a module exports crb_run_<its key>.
std::string ModuleEntrySymbol(const std::string& key) { return std::string(kEntrySymbol) + "_" + key; }

// `<key>.mod` names the module that holds a specialisation: 32 hex digits.
std::string ReadModuleRef(const std::string& dir, const std::string& key) {
  std::string ref;
  if (!ReadRegularFile(dir + "/" + key + ".mod", &ref) || ref.size() != 33 || ref[32] != '\n') return "";
  ref.pop_back();
  return ref.find_first_not_of("0123456789abcdef") == std::string::npos ? ref : "";
}

// The entry of `key` in the module `module_key` of `dir`, or null.
CrbEntry EntryInModule(const std::string& dir, const std::string& module_key, const std::string& key) {
  void* h = OpenVerified(dir + "/" + module_key + ".so", module_key);
  return h ? reinterpret_cast<CrbEntry>(dlsym(h, ModuleEntrySymbol(key).c_str())) : nullptr;
}

}  // namespace build

LoadedModule BuildAndLoad(const KernelSource& wanted, const std::string& label,
                          const std::function<std::vector<KernelSource>()>& siblings) {
  const Toolchain& tc = GetToolchain();
  LoadedModule m;
  // The key leaves out the Python file's path and line numbers (they only
  // label #line directives, which matter to compiler messages, and kernels
  // are built without debug information): the same workunit in a moved or
  // copied file, lower or higher in it, or in the temporary copy difftest
  // runs, shares one module, so a difftest run warms the cache for the
  // translated file it checked even where that file's callers hold checks
  // the recorded types made unnecessary in difftest's translation.
  m.key = KeyOf(tc, wanted.cpp);
  std::string dir = CacheDir() + "/kernels";
  m.path = dir + "/" + m.key + ".so";

  // dlopen returns the already-mapped module for a path it has seen, so a
  // module is looked up by key first: a rebuilt file gets a fresh name below.
  {
    std::lock_guard<std::mutex> lock(g_loaded_mu);
    if (auto it = g_loaded.find(m.key); it != g_loaded.end()) {
      m.entry = it->second.entry;
      m.path = it->second.path;
      m.module_key = it->second.module_key;
      return m;
    }
  }
  auto found = [&](const std::string& path) {
    if (Inspect(path) == EntryKind::kMissing) return false;
    if ((m.entry = LoadVerified(path, m.key))) {
      MarkUsed(path);
      Remember(m.key, m.entry, path);
      return true;
    }
    m.rebuilt_corrupt = true;  // truncated, overwritten, foreign or not a file: rebuild, never trust
    return false;
  };
  // Built alone, or with the other workunits of its module (BuildModule).
  auto found_in_module = [&] {
    std::string module_key = ReadModuleRef(dir, m.key);
    if (module_key.empty() || !(m.entry = EntryInModule(dir, module_key, m.key))) return false;
    m.path = dir + "/" + module_key + ".so";
    m.module_key = module_key;
    MarkUsed(m.path);
    Remember(m.key, m.entry, m.path, module_key);
    return true;
  };
  if (found(m.path) || found_in_module()) return m;

  auto start = std::chrono::steady_clock::now();
  std::string src = wanted.cpp + "\nextern \"C\" const char* crb_key(void) { return \"" + m.key + "\"; }\n";
  std::string pch = tc.pch ? EnsurePch(tc) : "";
  bool writable = MakeDirs(dir);
  if (!writable && !IsUnwritableErrno(errno)) throw CacheError(CacheTrouble(dir, errno));
  // The other workunits of the module that the cache lacks are built in the
  // same translation unit: one compiler run, one PCH load and one link
  // instead of one per workunit.
  std::vector<std::pair<std::string, KernelSource>> others;
  if (writable && siblings) {
    for (KernelSource& s : siblings()) {
      std::string k = KeyOf(tc, s.cpp);
      bool have = k == m.key || Inspect(dir + "/" + k + ".so") != EntryKind::kMissing || !ReadModuleRef(dir, k).empty();
      for (const auto& o : others) have = have || o.first == k;
      {
        std::lock_guard<std::mutex> lock(g_loaded_mu);
        have = have || g_loaded.count(k);
      }
      if (!have) others.emplace_back(k, std::move(s));
    }
  }
  if (!others.empty()) {
    try {
      BuildModule(tc, dir, pch, label, m.key, wanted, others, &m);
      if (uint64_t max = CacheMaxBytes(); max > 0) PruneKernels(dir, max, m.path);
      m.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return m;
    } catch (const CompileError&) {
      m.compiled = false;  // a sibling that does not compile: build the wanted one alone, below
    } catch (const CacheError&) {
      writable = false;
    }
  }
  void* handle = nullptr;
  if (writable) {
    // One process builds a key while the others wait for its module: ten
    // processes starting on an empty cache compile it once, not ten times.
    FileLock lock(dir + "/" + m.key + ".lock", CompileTimeout() + 30);
    if (lock.held()) {
      // A FIFO, a link, a device or an empty folder under the name: removed,
      // never opened.
      if (Inspect(m.path) == EntryKind::kOther && unlink(m.path.c_str()) != 0) rmdir(m.path.c_str());
      else if (found(m.path)) {
        lock.Unlink();
        return m;
      }
    }
    try {
      m.path = Compile(tc, dir, m.key, {src}, label, pch, &handle);
      lock.Unlink();
    } catch (const CacheError&) {
      writable = false;  // full: build in the private folder below
    }
  }
  if (!writable) {
    std::string priv = PrivateFallbackDir() + "/kernels";
    if (!MakeDirs(priv)) throw CacheError(CacheTrouble(priv, errno));
    static std::atomic<bool> warned{false};
    const char* q = std::getenv("PYKOKKOS_RT_QUIET");
    if (!warned.exchange(true) && !(q && *q && std::string(q) != "0"))
      std::fprintf(stderr, "pykokkos: the kernel cache %s cannot be written; kernels are built in %s for this "
                           "process only (run `caramba cache clean` or set PYKOKKOS_RT_CACHE_DIR)\n",
                   dir.c_str(), priv.c_str());
    m.path = Compile(tc, priv, m.key, {src}, label, pch, &handle);
  } else if (uint64_t max = CacheMaxBytes(); max > 0) {
    PruneKernels(dir, max, m.path);
  }
  m.entry = reinterpret_cast<CrbEntry>(dlsym(handle, kEntrySymbol));
  if (!m.entry) throw std::runtime_error("pykokkos: the kernel module " + m.path + " has no entry point");
  Remember(m.key, m.entry, m.path);
  m.compiled = true;
  m.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return m;
}

CacheSummary SummarizeCache() {
  CacheSummary s;
  s.cache_dir = CacheDir();
  s.pch_dir = PchDir();
  FolderUsage k = Usage(s.cache_dir + "/kernels"), p = Usage(s.pch_dir);
  s.kernel_files = k.files;
  s.kernel_bytes = k.bytes;
  s.pch_files = p.files;
  s.pch_bytes = p.bytes;
  s.max_bytes = CacheMaxBytes();
  return s;
}

void CleanCache(bool pch) {
  // Renamed first, so a process loading at the same time sees either the old
  // folder or none (modules already loaded stay mapped).
  auto clean = [](const std::string& dir) {
    if (Inspect(dir) == EntryKind::kMissing) return;
    std::string doomed = dir + UniqueSuffix();
    if (rename(dir.c_str(), doomed.c_str()) == 0) RemoveTree(doomed);
  };
  clean(CacheDir() + "/kernels");
  if (pch) clean(PchDir());
}

}  // namespace pykokkos_rt

