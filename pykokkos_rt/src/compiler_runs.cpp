// compiler_runs.cpp — running the C++ compiler for kernel modules: spawning it
// (no shell, own process group, timeout), compiling the translation units of
// a module (several at once when the module is split) and linking them, the
// trailer that lets a damaged module be detected, verified loading, and the
// compiler's first error (build_internal.h).
#include "build_internal.h"

#include "cache_files.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

extern char** environ;

namespace pykokkos_rt {

using namespace build;

namespace {

constexpr char kTrailerMagic[8] = {'C', 'R', 'B', 'K', 'S', 'O', '0', '1'};
constexpr size_t kTrailerSize = 24;  // magic, xxh64 of the module, module size

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

}  // namespace

namespace build {

// The checksum line stored next to a module or the PCH: size and xxh64.
std::string Checksum(const std::string& data) { return Checksum(data.data(), data.size()); }

std::string Checksum(const char* data, size_t size) {
  return std::to_string(size) + " " + std::to_string(XXH64(data, size, 0)) + "\n";
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

unsigned CompileJobs() {
  if (const char* j = std::getenv("PYKOKKOS_RT_COMPILE_JOBS"); j && *j) {
    char* end = nullptr;
    long n = std::strtol(j, &end, 10);
    if (end && *end == '\0' && n >= 1) return static_cast<unsigned>(n);
  }
  int cpus = 0;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) cpus = CPU_COUNT(&set);
  if (cpus <= 0) cpus = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // Only idle processors make the units finish sooner: on a busy machine each
  // extra compiler only adds its own load of the PCH (measured: a module of 12
  // workunits took 11.2 s in two units against 9.3 s in one on 2 cores with
  // load 7.5). The runnable tasks now (/proc/loadavg's fourth field), less
  // this thread, are the busy processors.
  int others = 0;
  std::ifstream loadavg("/proc/loadavg");  // procfs reports size 0: read it as a stream
  std::string field;
  for (int k = 0; k < 4 && loadavg >> field; ++k) {
  }
  if (loadavg) others = std::max(0, std::atoi(field.c_str()) - 1);  // "running/total"
  return static_cast<unsigned>(std::max(1, cpus - others));
}

std::string Compile(const Toolchain& tc, const std::string& dir, const std::string& key,
                    const std::vector<std::string>& sources, const std::string& label, const std::string& pch,
                    void** handle) {
  std::string tmp = dir + "/" + key + UniqueSuffix();
  const size_t n = sources.size();
  std::vector<std::string> cpps, objects;
  for (size_t i = 0; i < n; ++i) {
    cpps.push_back(n == 1 ? tmp + ".cpp" : tmp + "." + std::to_string(i) + ".cpp");
    if (n > 1) objects.push_back(tmp + "." + std::to_string(i) + ".o");
  }
  auto discard = [&] {
    unlink((tmp + ".so").c_str());
    for (const auto& f : cpps) unlink(f.c_str());
    for (const auto& f : objects) unlink(f.c_str());
  };
  for (size_t i = 0; i < n; ++i) {
    if (!WriteWholeFile(cpps[i], sources[i])) {
      int e = errno;
      discard();
      throw CacheError(CacheTrouble(dir, e));
    }
  }
  std::vector<std::string> compile{tc.cxx};
  compile.insert(compile.end(), tc.flags.begin(), tc.flags.end());
  compile.push_back("-I" + tc.kokkos_include);
  if (!pch.empty()) compile.insert(compile.end(), {"-include", pch});
  const std::vector<std::string> libraries{"-L" + tc.kokkos_libdir, "-lkokkoscore", "-Wl,-rpath," + tc.kokkos_libdir};
  auto run = [&](const std::vector<std::string>& argv) {
    return Spawn(argv, CompileTimeout(), SaySlow, const_cast<char*>(label.c_str()));
  };
  SpawnResult r;
  if (n == 1) {
    // Compile and link in one compiler run.
    std::vector<std::string> argv = compile;
    argv.push_back("-shared");
    argv.insert(argv.end(), tc.link_flags.begin(), tc.link_flags.end());
    argv.insert(argv.end(), {"-o", tmp + ".so", cpps[0]});
    argv.insert(argv.end(), libraries.begin(), libraries.end());
    r = run(argv);
  } else {
    // Each translation unit in a compiler of its own, all at once (the
    // caller split the module into at most CompileJobs() units), then one
    // link: the wall time of the slowest unit instead of the sum of all.
    std::vector<SpawnResult> results(n);
    std::vector<std::thread> compilers;
    for (size_t i = 0; i < n; ++i) {
      std::vector<std::string> argv = compile;
      argv.insert(argv.end(), {"-c", "-o", objects[i], cpps[i]});
      compilers.emplace_back([&results, &run, i, argv = std::move(argv)] { results[i] = run(argv); });
    }
    for (auto& t : compilers) t.join();
    auto failed = std::find_if(results.begin(), results.end(), [](const SpawnResult& x) { return x.status != 0; });
    if (failed != results.end()) {
      r = *failed;
    } else {
      std::vector<std::string> argv{tc.cxx};
      argv.insert(argv.end(), tc.flags.begin(), tc.flags.end());
      argv.push_back("-shared");
      argv.insert(argv.end(), tc.link_flags.begin(), tc.link_flags.end());
      argv.insert(argv.end(), {"-o", tmp + ".so"});
      argv.insert(argv.end(), objects.begin(), objects.end());
      argv.insert(argv.end(), libraries.begin(), libraries.end());
      r = run(argv);
    }
  }
  for (const auto& f : objects) unlink(f.c_str());
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
  // <key>.cpp, for inspection: the translation units one after the other.
  if (n == 1) {
    rename(cpps[0].c_str(), (dir + "/" + key + ".cpp").c_str());
  } else {
    std::string all;
    for (size_t i = 0; i < n; ++i)
      all += "// ---- translation unit " + std::to_string(i + 1) + " of " + std::to_string(n) + "\n" + sources[i];
    if (!WriteWholeFile(tmp + ".cpp", all) || rename((tmp + ".cpp").c_str(), (dir + "/" + key + ".cpp").c_str()) != 0)
      unlink((tmp + ".cpp").c_str());
    for (const auto& f : cpps) unlink(f.c_str());
  }
  if (rename(private_copy.c_str(), path.c_str()) != 0) unlink(private_copy.c_str());
  if (!*handle) {
    const char* e = dlerror();
    throw std::runtime_error("pykokkos: cannot load the kernel just built: " + std::string(e ? e : "bad module"));
  }
  return path;
}

}  // namespace build

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

}  // namespace pykokkos_rt
