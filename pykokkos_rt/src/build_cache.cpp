// build_cache.cpp — see build_cache.h.
#include "build_cache.h"

#include "cache_files.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

extern char** environ;

namespace pykokkos_rt {

namespace {

constexpr char kTrailerMagic[8] = {'C', 'R', 'B', 'K', 'S', 'O', '0', '1'};
constexpr size_t kTrailerSize = 24;  // magic, xxh64 of the module, module size

std::string StatId(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return path + ":missing";
  return path + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtime);
}

bool Exists(const std::string& p) {
  struct stat st {};
  return stat(p.c_str(), &st) == 0;
}

// The checksum line stored next to a module or the PCH: size and xxh64.
std::string Checksum(const std::string& data) {
  return std::to_string(data.size()) + " " + std::to_string(XXH64(data.data(), data.size(), 0)) + "\n";
}

// True if `data` (a whole cache entry) ends with a trailer that matches it.
bool TrailerMatches(const std::string& data) {
  if (data.size() <= kTrailerSize) return false;
  size_t n = data.size() - kTrailerSize;
  const char* t = data.data() + n;
  if (std::memcmp(t, kTrailerMagic, 8) != 0) return false;
  uint64_t want, size;
  std::memcpy(&want, t + 8, 8);
  std::memcpy(&size, t + 16, 8);
  return size == n && XXH64(data.data(), n, 0) == want;
}

bool AppendTrailer(const std::string& path) {
  std::string data;
  if (!ReadRegularFile(path, &data)) return false;
  uint64_t h = XXH64(data.data(), data.size(), 0), size = data.size();
  data.append(kTrailerMagic, 8);
  data.append(reinterpret_cast<const char*>(&h), 8);
  data.append(reinterpret_cast<const char*>(&size), 8);
  return WriteWholeFile(path, data);
}

// Whether a failed compiler run failed for want of disk space.
bool OutOfSpace(const std::string& log) {
  return log.find("No space left on device") != std::string::npos ||
         log.find("Disk quota exceeded") != std::string::npos;
}

std::string CacheTrouble(const std::string& dir, int err) {
  return "pykokkos: the kernel cache " + dir + " cannot be written (" + std::strerror(err) +
         "): free some space, run `caramba cache clean`, or point PYKOKKOS_RT_CACHE_DIR at a writable folder";
}

// One message per process when a first-use compile is slow (PYKOKKOS_RT_QUIET
// silences it): users otherwise see a call that hangs for seconds.
std::atomic<bool> g_said_slow{false};
void SaySlow(void* what) {
  if (g_said_slow.exchange(true)) return;
  const char* q = std::getenv("PYKOKKOS_RT_QUIET");
  if (q && *q && std::string(q) != "0") return;
  std::fprintf(stderr, "pykokkos: compiling %s for its first use; later runs load it from the cache "
                       "(%s; PYKOKKOS_RT_QUIET=1 hides this)\n",
               static_cast<const char*>(what), CacheDir().c_str());
  std::fflush(stderr);
}

double EnvSeconds(const char* name, double fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  double d = std::strtod(v, &end);
  return end && *end == '\0' && d >= 0 ? d : fallback;
}

// The compiler's first diagnostic line (`file:line:col: error: ...`); the
// pattern includes the colons so a file named *error*.py does not match.
// nvcc (Cuda builds) writes `file(line): error: ...`; it is rewritten to
// `file:line: error: ...` so both compilers locate errors the same way.
std::string GccStyleLocation(std::string line) {
  size_t close = line.find("): error");
  if (close == std::string::npos) return line;
  size_t open = line.rfind('(', close);
  if (open == std::string::npos || open + 1 == close ||
      line.find_first_not_of("0123456789", open + 1) != close)
    return line;
  return line.substr(0, open) + ":" + line.substr(open + 1, close - open - 1) + line.substr(close + 1);
}

std::string FirstError(const std::string& log) {
  for (const char* pattern : {": error:", ": fatal error:", "): error:", "error:"}) {
    std::istringstream ss(log);
    std::string line;
    while (std::getline(ss, line))
      if (line.find(pattern) != std::string::npos) return GccStyleLocation(line);
  }
  std::string line;
  std::istringstream s2(log);
  std::getline(s2, line);
  return line.empty() ? "compiler failed without output" : line;
}

// A PCH folder is usable when its header, .gch and checksum are regular files
// and the checksum matches the .gch: a truncated PCH otherwise fails every
// later kernel build, in every later run.
bool PchValid(const std::string& dir) {
  std::string header, gch, sum;
  return ReadRegularFile(dir + "/kokkos_pch.hpp", &header) && ReadRegularFile(dir + "/kokkos_pch.hpp.gch.sum", &sum) &&
         ReadRegularFile(dir + "/kokkos_pch.hpp.gch", &gch) && sum == Checksum(gch);
}

// Moves a damaged PCH folder out of the way (one rename: others never see it
// half-deleted) and deletes it.
void DiscardDir(const std::string& dir) {
  std::string doomed = dir + UniqueSuffix();
  if (rename(dir.c_str(), doomed.c_str()) == 0) RemoveTree(doomed);
  else if (Inspect(dir) == EntryKind::kOther) unlink(dir.c_str());  // a file or a link under the name
}

std::string BuildPch(const Toolchain& tc, const std::string& root, const std::string& dir) {
  std::string tmp = dir + UniqueSuffix();
  if (!MakeDirs(tmp)) throw CacheError(CacheTrouble(root, errno));
  std::string body = "#include <Kokkos_Core.hpp>\n#include <cmath>\n#include <cstdio>\n#include <cstdint>\n";
  if (!WriteWholeFile(tmp + "/kokkos_pch.hpp", body)) {
    int e = errno;
    RemoveTree(tmp);
    throw CacheError(CacheTrouble(root, e));
  }
  std::vector<std::string> argv{tc.cxx};
  argv.insert(argv.end(), tc.flags.begin(), tc.flags.end());
  argv.insert(argv.end(), {"-I" + tc.kokkos_include, "-x", "c++-header", tmp + "/kokkos_pch.hpp", "-o",
                           tmp + "/kokkos_pch.hpp.gch"});
  static char what[] = "the Kokkos precompiled header (once per compiler)";
  SpawnResult r = Spawn(argv, CompileTimeout(), SaySlow, what);
  std::string gch;
  if (r.status != 0 || !ReadRegularFile(tmp + "/kokkos_pch.hpp.gch", &gch) ||
      !WriteWholeFile(tmp + "/kokkos_pch.hpp.gch.sum", Checksum(gch))) {
    int e = errno;
    RemoveTree(tmp);
    if (r.timed_out)
      throw CompileError("building the Kokkos precompiled header did not finish within " +
                         std::to_string((int)CompileTimeout()) + " s: the compiler " + tc.cxx +
                         " was killed (raise PYKOKKOS_RT_COMPILE_TIMEOUT if the machine is just slow)", r.output);
    if (r.status == 0 || OutOfSpace(r.output)) throw CacheError(CacheTrouble(root, r.status == 0 ? e : ENOSPC));
    throw CompileError("building the Kokkos precompiled header failed: " + FirstError(r.output), r.output);
  }
  // The header must sit next to the .gch under the final name: the PCH
  // remembers nothing about its directory, so publishing is one rename.
  if (rename(tmp.c_str(), dir.c_str()) != 0) RemoveTree(tmp);  // another process won
  return dir + "/kokkos_pch.hpp";
}

// The precompiled Kokkos_Core.hpp for this toolchain, shared by every cache
// folder (PchDir()). g++ ignores a .gch when a plain header of the same name
// is found first on the include path, so kernels get it by absolute path with
// -include. Checked once per process; a damaged one is rebuilt; a PCH folder
// that cannot be written moves the PCH to the private fallback folder.
std::string EnsurePch(const Toolchain& tc) {
  // Builds run without the GIL (core_module.cpp), so the table has a lock;
  // two threads building the PCH at once are serialised by its file lock.
  static std::mutex mu;
  static std::map<std::string, std::string> ready;  // PchDir() -> header
  std::string root = PchDir();
  {
    std::lock_guard<std::mutex> lock(mu);
    if (auto it = ready.find(root); it != ready.end()) return it->second;
  }
  auto remember = [&](const std::string& header) -> std::string {
    std::lock_guard<std::mutex> lock(mu);
    return ready[PchDir()] = header;
  };
  std::string name = HashHex(tc.compile_fingerprint).substr(0, 16);
  std::string dir = root + "/" + name;
  if (PchValid(dir)) return remember(dir + "/kokkos_pch.hpp");
  if (!MakeDirs(root)) {
    if (!IsUnwritableErrno(errno)) throw CacheError(CacheTrouble(root, errno));
    root = PrivateFallbackDir() + "/pch";
    dir = root + "/" + name;
    if (!MakeDirs(root)) throw CacheError(CacheTrouble(root, errno));
  }
  std::string header;
  {
    FileLock lock(root + "/" + name + ".lock", CompileTimeout() + 30);
    if (PchValid(dir)) {
      header = dir + "/kokkos_pch.hpp";
    } else {
      if (Inspect(dir) != EntryKind::kMissing) DiscardDir(dir);
      try {
        header = BuildPch(tc, root, dir);
      } catch (const CacheError&) {
        if (root.rfind(PrivateFallbackDir(), 0) == 0) throw;
        root = PrivateFallbackDir() + "/pch";
        dir = root + "/" + name;
        if (!MakeDirs(root)) throw CacheError(CacheTrouble(root, errno));
        header = BuildPch(tc, root, dir);
      }
      if (!PchValid(dir)) throw CacheError("pykokkos: the precompiled header in " + dir + " was damaged right after it was built");
    }
    lock.Unlink();
  }
  return remember(header);
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
    t.flags = {"-std=c++17", "-O3", "-fPIC", "-fopenmp", "-DNDEBUG", "-w", PYKOKKOS_RT_CUDA_ARCH, "-cudart", "shared",
               "--expt-relaxed-constexpr", "-Xcudafe", "--diag_error=20011", "-Xcudafe", "--diag_error=20014"};
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

SpawnResult Spawn(const std::vector<std::string>& argv, double timeout_s, void (*on_slow)(void*), void* slow_arg) {
  SpawnResult r;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    r.output = std::string("pipe: ") + std::strerror(errno);
    return r;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
  // Its own process group, so a timeout kills the driver and whatever it
  // started (cc1plus, as, ld) together.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawnp(&pid, args[0], &fa, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    r.output = "cannot run " + argv[0] + ": " + std::strerror(rc);
    return r;
  }
  auto start = std::chrono::steady_clock::now();
  bool slow_said = false;
  char buf[4096];
  for (;;) {
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (timeout_s > 0 && elapsed > timeout_s) {
      kill(-pid, SIGKILL);
      r.timed_out = true;
      break;
    }
    if (on_slow && !slow_said && elapsed > 1.0) {
      slow_said = true;
      on_slow(slow_arg);
    }
    pollfd p{fds[0], POLLIN, 0};
    int ready = poll(&p, 1, 100);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) break;  // every writer closed: the command is done
    r.output.append(buf, (size_t)n);
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!r.timed_out) kill(-pid, SIGKILL);  // anything it left running in its group
  r.status = r.timed_out ? 124 : WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

namespace {

// Opens a verified cache entry: the file must be a regular file whose trailer
// matches its bytes, and the module must say it was built for `key`.
void* OpenVerified(const std::string& path, const std::string& key) {
  std::string data;
  if (!ReadRegularFile(path, &data) || !TrailerMatches(data)) return nullptr;
  void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) return nullptr;
  auto key_fn = reinterpret_cast<CrbKeyFn>(dlsym(h, kKeySymbol));
  if (!key_fn || key != key_fn()) {
    dlclose(h);
    return nullptr;
  }
  return h;
}

CrbEntry LoadVerified(const std::string& path, const std::string& key) {
  void* h = OpenVerified(path, key);
  return h ? reinterpret_cast<CrbEntry>(dlsym(h, kEntrySymbol)) : nullptr;
}

// Compiles `src` into `dir`/<key>.so. Returns the published path, or throws.
// A folder that cannot take the files throws CacheError (the caller falls back).
std::string Compile(const Toolchain& tc, const std::string& dir, const std::string& key, const std::string& src,
                    const std::string& label, const std::string& pch, void** handle) {
  std::string tmp = dir + "/" + key + UniqueSuffix();
  if (!WriteWholeFile(tmp + ".cpp", src)) throw CacheError(CacheTrouble(dir, errno));
  std::vector<std::string> argv{tc.cxx};
  argv.insert(argv.end(), tc.flags.begin(), tc.flags.end());
  argv.push_back("-I" + tc.kokkos_include);
  if (!pch.empty()) argv.insert(argv.end(), {"-include", pch});
  argv.push_back("-shared");
  argv.insert(argv.end(), tc.link_flags.begin(), tc.link_flags.end());
  argv.insert(argv.end(), {"-o", tmp + ".so", tmp + ".cpp",
                           "-L" + tc.kokkos_libdir, "-lkokkoscore", "-Wl,-rpath," + tc.kokkos_libdir});
  SpawnResult r = Spawn(argv, CompileTimeout(), SaySlow, const_cast<char*>(label.c_str()));
  auto discard = [&] {
    unlink((tmp + ".so").c_str());
    unlink((tmp + ".cpp").c_str());
  };
  if (r.status != 0) {
    discard();
    if (r.timed_out)
      throw CompileError(label + ": the C++ compiler " + tc.cxx + " did not finish within " +
                         std::to_string((int)CompileTimeout()) +
                         " s and was killed (raise PYKOKKOS_RT_COMPILE_TIMEOUT if the machine is just slow)", r.output);
    if (OutOfSpace(r.output)) throw CacheError(CacheTrouble(dir, ENOSPC));
    throw CompileError(label + ": C++ build of the generated kernel failed: " + FirstError(r.output), r.output);
  }
  if (!AppendTrailer(tmp + ".so")) {
    int e = errno;
    discard();
    throw CacheError(CacheTrouble(dir, e ? e : EIO));
  }
  // Load from the private name before publishing: if a corrupt entry of the
  // same path was mapped earlier in this process, dlopen would return it.
  std::string private_copy = tmp + ".so";
  *handle = OpenVerified(private_copy, key);
  std::string path = dir + "/" + key + ".so";
  rename((tmp + ".cpp").c_str(), (dir + "/" + key + ".cpp").c_str());
  if (rename(private_copy.c_str(), path.c_str()) != 0) unlink(private_copy.c_str());
  if (!*handle) {
    const char* e = dlerror();
    throw std::runtime_error("pykokkos: cannot load the kernel just built: " + std::string(e ? e : "bad module"));
  }
  return path;
}

}  // namespace

std::string WithoutSourcePaths(const std::string& cpp) {
  std::string out;
  out.reserve(cpp.size());
  size_t pos = 0;
  while (pos < cpp.size()) {
    size_t eol = cpp.find('\n', pos);
    if (eol == std::string::npos) eol = cpp.size();
    std::string_view line(cpp.data() + pos, eol - pos);
    if (line.rfind("#line ", 0) == 0) {
      line = line.substr(0, line.find(' ', 6));  // `#line N "path"` -> `#line N`
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

void Remember(const std::string& key, CrbEntry entry, const std::string& path, const std::string& module_key = "") {
  std::lock_guard<std::mutex> lock(g_loaded_mu);
  g_loaded[key] = Loaded{entry, path, module_key};
}

std::string KeyOf(const Toolchain& tc, const std::string& cpp) {
  return HashHex(tc.fingerprint + "\n" + WithoutSourcePaths(cpp));
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

// One translation unit for several specialisations of a module: one prelude
// (the longest: the reducers' is the others' plus <limits> and CrbReducer),
// then each unit in a namespace of its own with its entry point renamed.
std::string ModuleSource(const std::vector<std::pair<std::string, const KernelSource*>>& units) {
  const std::string* prelude = &units[0].second->prelude;
  for (const auto& u : units)
    if (u.second->prelude.size() > prelude->size()) prelude = &u.second->prelude;
  std::string src = "// Generated by pykokkos_rt: " + std::to_string(units.size()) +
                    " workunit specialisations of one module.\n" + *prelude;
  const std::string entry = std::string("extern \"C\" int ") + kEntrySymbol + "(";
  for (const auto& [key, s] : units) {
    std::string unit = s->unit;
    size_t at = unit.find(entry);
    if (at == std::string::npos) throw std::logic_error("pykokkos: a generated unit without its entry point");
    unit.replace(at, entry.size(), "extern \"C\" int " + ModuleEntrySymbol(key) + "(");
    src += "namespace crb_unit_" + key + " {\n" + unit + "}  // namespace crb_unit_" + key + "\n";
  }
  return src;
}

// Builds `wanted` together with the `others` into `dir`/<module key>.so and
// writes a `<key>.mod` reference for each, so that their first calls, in
// this process or a later one, load the module instead of compiling. Throws
// CompileError when the module does not build (the caller builds `wanted`
// alone: one bad sibling must not fail a good call) and CacheError when the
// folder cannot take it.
void BuildModule(const Toolchain& tc, const std::string& dir, const std::string& pch, const std::string& label,
                 const std::string& key, const KernelSource& wanted,
                 const std::vector<std::pair<std::string, KernelSource>>& others, LoadedModule* m) {
  std::vector<std::pair<std::string, const KernelSource*>> units{{key, &wanted}};
  for (const auto& [k, s] : others) units.emplace_back(k, &s);
  std::sort(units.begin(), units.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string keys;
  for (const auto& u : units) keys += u.first + "\n";
  std::string module_key = HashHex(tc.fingerprint + "\nmodule\n" + keys);
  std::string path = dir + "/" + module_key + ".so";
  void* h = nullptr;
  {
    FileLock lock(dir + "/" + module_key + ".lock", CompileTimeout() + 30);
    if (!(h = OpenVerified(path, module_key))) {
      if (Inspect(path) == EntryKind::kOther && unlink(path.c_str()) != 0) rmdir(path.c_str());
      std::string src = ModuleSource(units) + "\nextern \"C\" const char* crb_key(void) { return \"" + module_key + "\"; }\n";
      path = Compile(tc, dir, module_key, src, label, pch, &h);
      m->compiled = true;
    } else {
      MarkUsed(path);
    }
    if (lock.held()) lock.Unlink();
  }
  for (const auto& u : units) {
    auto entry = reinterpret_cast<CrbEntry>(dlsym(h, ModuleEntrySymbol(u.first).c_str()));
    if (!entry) throw std::runtime_error("pykokkos: the kernel module " + path + " lacks a workunit it was built with");
    Remember(u.first, entry, path, module_key);
    if (u.first == key) m->entry = entry;
    if (ReadModuleRef(dir, u.first) == module_key) continue;
    std::string tmp = dir + "/" + u.first + ".mod" + UniqueSuffix();
    if (!WriteWholeFile(tmp, module_key + "\n") || rename(tmp.c_str(), (dir + "/" + u.first + ".mod").c_str()) != 0)
      unlink(tmp.c_str());  // only a later process's first call of it is slower
  }
  m->path = path;
  m->module_key = module_key;
}

}  // namespace

LoadedModule BuildAndLoad(const KernelSource& wanted, const std::string& label,
                          const std::function<std::vector<KernelSource>()>& siblings) {
  const Toolchain& tc = GetToolchain();
  LoadedModule m;
  // The key leaves out the Python file's path (it only labels #line
  // directives, which matter to compiler messages, and kernels are built
  // without debug information): the same workunit in a moved or copied file,
  // or in the temporary copy difftest runs, shares one module, so a difftest
  // run warms the cache for the translated file it checked.
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
      m.path = Compile(tc, dir, m.key, src, label, pch, &handle);
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
    m.path = Compile(tc, priv, m.key, src, label, pch, &handle);
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
