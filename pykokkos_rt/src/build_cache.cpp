// build_cache.cpp — see build_cache.h.
#include "build_cache.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
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

void MakeDirs(const std::string& path) {
  std::string cur;
  std::stringstream ss(path);
  std::string part;
  if (!path.empty() && path[0] == '/') cur = "/";
  while (std::getline(ss, part, '/')) {
    if (part.empty()) continue;
    cur += part + "/";
    if (mkdir(cur.c_str(), 0755) != 0 && errno != EEXIST)
      throw std::runtime_error("pykokkos_rt: cannot create cache directory " + cur + ": " + std::strerror(errno));
  }
}

std::string UniqueSuffix() {
  static std::mt19937_64 rng(std::random_device{}() ^ (uint64_t)getpid());
  char b[64];
  std::snprintf(b, sizeof b, ".tmp.%d.%016llx", (int)getpid(), (unsigned long long)rng());
  return b;
}

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream ss;
  ss << f.rdbuf();
  *out = ss.str();
  return true;
}

bool WriteFile(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(data.data(), (std::streamsize)data.size());
  f.close();
  return bool(f);
}

// True if the file ends with a trailer that matches its content.
bool VerifyTrailer(const std::string& path) {
  std::string data;
  if (!ReadFile(path, &data) || data.size() <= kTrailerSize) return false;
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
  if (!ReadFile(path, &data)) return false;
  uint64_t h = XXH64(data.data(), data.size(), 0), size = data.size();
  std::string t(kTrailerMagic, 8);
  t.append(reinterpret_cast<const char*>(&h), 8);
  t.append(reinterpret_cast<const char*>(&size), 8);
  std::ofstream f(path, std::ios::binary | std::ios::app);
  f.write(t.data(), (std::streamsize)t.size());
  f.close();
  return bool(f);
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

// The precompiled Kokkos_Core.hpp for this toolchain, built once per cache.
// g++ ignores a .gch when a plain header of the same name is found first on
// the include path, so kernels get it by absolute path with -include.
std::string EnsurePch(const Toolchain& tc) {
  std::string dir = CacheDir() + "/pch/" + HashHex(tc.fingerprint).substr(0, 16);
  std::string header = dir + "/kokkos_pch.hpp";
  if (Exists(header + ".gch")) return header;
  MakeDirs(CacheDir() + "/pch");
  std::string tmp = dir + UniqueSuffix();
  MakeDirs(tmp);
  std::string body = "#include <Kokkos_Core.hpp>\n#include <cmath>\n#include <cstdio>\n#include <cstdint>\n";
  WriteFile(tmp + "/kokkos_pch.hpp", body);
  std::vector<std::string> argv{tc.cxx};
  argv.insert(argv.end(), tc.flags.begin(), tc.flags.end());
  argv.insert(argv.end(), {"-I" + tc.kokkos_include, "-x", "c++-header", tmp + "/kokkos_pch.hpp", "-o",
                           tmp + "/kokkos_pch.hpp.gch"});
  SpawnResult r = Spawn(argv);
  if (r.status != 0) {
    Spawn({"rm", "-rf", tmp});
    throw CompileError("building the Kokkos precompiled header failed: " + FirstError(r.output), r.output);
  }
  // The header must sit next to the .gch under the final name: the PCH
  // remembers nothing about its directory, so publishing is one rename.
  if (rename(tmp.c_str(), dir.c_str()) != 0) Spawn({"rm", "-rf", tmp});  // another process won
  return header;
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

std::string CacheDir() {
  if (const char* d = std::getenv("PYKOKKOS_RT_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/caramba/pykokkos_rt";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/caramba/pykokkos_rt";
}

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
    t.flags = {"-std=c++17", "-O3", "-march=native", "-fPIC", "-fopenmp", "-DNDEBUG", "-w"};
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
    if (t.cxx.find('/') == std::string::npos) {
      const char* path = std::getenv("PATH");
      std::istringstream ss(path ? path : "");
      std::string d;
      while (std::getline(ss, d, ':'))
        if (Exists(d + "/" + t.cxx)) { resolved = d + "/" + t.cxx; break; }
    }
    char real[4096];
    if (realpath(resolved.c_str(), real)) resolved = real;
    fp += "cxx " + t.cxx + " " + StatId(resolved) + "\n";
    for (const auto& f : t.flags) fp += f + " ";
    t.fingerprint = fp;
    return t;
  }();
  return tc;
}

SpawnResult Spawn(const std::vector<std::string>& argv) {
  SpawnResult r;
  int fds[2];
  if (pipe(fds) != 0) {
    r.output = std::string("pipe: ") + std::strerror(errno);
    return r;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addclose(&fa, fds[0]);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
  posix_spawn_file_actions_addclose(&fa, fds[1]);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    r.output = "cannot run " + argv[0] + ": " + std::strerror(rc);
    return r;
  }
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) r.output.append(buf, (size_t)n);
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

LoadedModule BuildAndLoad(const std::string& cpp, const std::string& label) {
  const Toolchain& tc = GetToolchain();
  LoadedModule m;
  m.key = HashHex(tc.fingerprint + "\n" + cpp);
  std::string dir = CacheDir() + "/kernels";
  m.path = dir + "/" + m.key + ".so";

  // dlopen returns the already-mapped module for a path it has seen, so a
  // module is looked up by key first: a rebuilt file gets a fresh name below.
  static std::map<std::string, CrbEntry> loaded;
  if (auto it = loaded.find(m.key); it != loaded.end()) {
    m.entry = it->second;
    return m;
  }
  auto try_load = [&](const std::string& path) -> bool {
    void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) return false;
    auto key_fn = reinterpret_cast<CrbKeyFn>(dlsym(h, kKeySymbol));
    auto entry = reinterpret_cast<CrbEntry>(dlsym(h, kEntrySymbol));
    if (!key_fn || !entry || m.key != key_fn()) {
      dlclose(h);
      return false;
    }
    m.entry = entry;
    loaded[m.key] = entry;
    return true;
  };

  if (Exists(m.path)) {
    if (VerifyTrailer(m.path) && try_load(m.path)) return m;
    m.rebuilt_corrupt = true;  // truncated, overwritten or foreign: rebuild, never trust
  }

  auto start = std::chrono::steady_clock::now();
  std::string pch = tc.pch ? EnsurePch(tc) : "";
  MakeDirs(dir);
  std::string tmp = dir + "/" + m.key + UniqueSuffix();
  std::string src = cpp + "\nextern \"C\" const char* crb_key(void) { return \"" + m.key + "\"; }\n";
  if (!WriteFile(tmp + ".cpp", src)) throw std::runtime_error("pykokkos_rt: cannot write " + tmp + ".cpp");
  std::vector<std::string> argv{tc.cxx};
  argv.insert(argv.end(), tc.flags.begin(), tc.flags.end());
  argv.push_back("-I" + tc.kokkos_include);
  if (!pch.empty()) argv.insert(argv.end(), {"-include", pch});
  argv.insert(argv.end(), {"-shared", "-o", tmp + ".so", tmp + ".cpp",
                           "-L" + tc.kokkos_libdir, "-lkokkoscore", "-Wl,-rpath," + tc.kokkos_libdir});
  SpawnResult r = Spawn(argv);
  if (r.status != 0) {
    unlink((tmp + ".so").c_str());
    unlink((tmp + ".cpp").c_str());
    throw CompileError(label + ": C++ build of the generated kernel failed: " + FirstError(r.output), r.output);
  }
  if (!AppendTrailer(tmp + ".so")) {
    unlink((tmp + ".so").c_str());
    unlink((tmp + ".cpp").c_str());
    throw std::runtime_error("pykokkos_rt: cannot finish " + tmp + ".so");
  }
  // Load from the private name before publishing: if a corrupt entry of the
  // same path was mapped earlier in this process, dlopen would return it.
  std::string private_copy = tmp + ".so";
  bool ok = try_load(private_copy);
  rename((tmp + ".cpp").c_str(), (dir + "/" + m.key + ".cpp").c_str());
  if (rename(private_copy.c_str(), m.path.c_str()) != 0) unlink(private_copy.c_str());
  if (!ok) {
    const char* e = dlerror();
    throw std::runtime_error("pykokkos_rt: cannot load the kernel just built: " + std::string(e ? e : "bad module"));
  }
  m.compiled = true;
  m.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return m;
}

}  // namespace pykokkos_rt
