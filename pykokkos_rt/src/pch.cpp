// pch.cpp — the precompiled Kokkos_Core.hpp kernels include: one per
// toolchain, shared by every cache folder of a user, checked once per process
// and rebuilt when damaged (build_internal.h).
#include "build_internal.h"

#include "cache_files.h"

#include <unistd.h>

#include <cerrno>
#include <map>
#include <mutex>

namespace pykokkos_rt {

using namespace build;

namespace {

// A PCH folder is usable when its header, .gch and checksum are regular files
// and the checksum matches the .gch: a truncated PCH otherwise fails every
// later kernel build, in every later run.
// Checked from a mapping of the .gch (MapRegularFile), once per process.
bool PchValid(const std::string& dir) {
  std::string header, sum, actual;
  return ReadRegularFile(dir + "/kokkos_pch.hpp", &header) && ReadRegularFile(dir + "/kokkos_pch.hpp.gch.sum", &sum) &&
         MapRegularFile(dir + "/kokkos_pch.hpp.gch", [&](const char* d, size_t n) { actual = Checksum(d, n); }) &&
         sum == actual;
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
  std::string sum;
  if (r.status != 0 ||
      !MapRegularFile(tmp + "/kokkos_pch.hpp.gch", [&](const char* d, size_t n) { sum = Checksum(d, n); }) ||
      !WriteWholeFile(tmp + "/kokkos_pch.hpp.gch.sum", sum)) {
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

}  // namespace

namespace build {

// The PCH folder's name under PchDir(): one per compiler, flags and Kokkos.
std::string PchName(const Toolchain& tc) { return HashHex(tc.compile_fingerprint).substr(0, 16); }

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
  std::string name = PchName(tc);
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

}  // namespace build

std::string PchHeader(const Toolchain& tc) {
  return tc.pch ? PchDir() + "/" + build::PchName(tc) + "/kokkos_pch.hpp" : "";
}

}  // namespace pykokkos_rt
