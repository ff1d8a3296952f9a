// cache_files.cpp — see cache_files.h.
#include "cache_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

namespace pykokkos_rt {

EntryKind Inspect(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return EntryKind::kMissing;
  return S_ISREG(st.st_mode) ? EntryKind::kRegular : EntryKind::kOther;
}

namespace {
// A descriptor of the regular file at `path` (not a link, FIFO or device)
// and its status, or -1. O_NONBLOCK: opening a FIFO for reading would
// otherwise wait for a writer.
int OpenRegularFile(const std::string& path, struct stat* st) {
  int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}
}  // namespace

bool ReadRegularFile(const std::string& path, std::string* out) {
  struct stat st {};
  int fd = OpenRegularFile(path, &st);
  if (fd < 0) return false;
  std::string data;
  data.resize((size_t)st.st_size);
  size_t got = 0;
  while (got < data.size()) {
    ssize_t n = read(fd, &data[got], data.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += (size_t)n;
  }
  close(fd);
  if (got != data.size()) return false;  // shrank while reading: treat as damaged
  *out = std::move(data);
  return true;
}

bool MapRegularFile(const std::string& path, const std::function<void(const char* data, size_t size)>& use) {
  struct stat st {};
  int fd = OpenRegularFile(path, &st);
  if (fd < 0) return false;
  size_t size = (size_t)st.st_size;
  if (size == 0) {  // mmap refuses a length of 0
    close(fd);
    use("", 0);
    return true;
  }
  void* data = mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  close(fd);
  if (data == MAP_FAILED) return false;
  use(static_cast<const char*>(data), size);
  munmap(data, size);
  return true;
}

bool WriteWholeFile(const std::string& path, const std::string& data) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int e = n < 0 ? errno : ENOSPC;
      close(fd);
      unlink(path.c_str());
      errno = e;
      return false;
    }
    done += (size_t)n;
  }
  if (close(fd) != 0) {
    int e = errno;
    unlink(path.c_str());
    errno = e;
    return false;
  }
  return true;
}

bool MakeDirs(const std::string& path) {
  std::string cur;
  std::stringstream ss(path);
  std::string part;
  if (!path.empty() && path[0] == '/') cur = "/";
  while (std::getline(ss, part, '/')) {
    if (part.empty()) continue;
    cur += part + "/";
    if (mkdir(cur.c_str(), 0755) != 0 && errno != EEXIST) return false;
  }
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return false;
  if (!S_ISDIR(st.st_mode)) {
    errno = ENOTDIR;
    return false;
  }
  return true;
}

bool IsUnwritableErrno(int err) {
  return err == EROFS || err == EACCES || err == EPERM || err == ENOSPC || err == EDQUOT || err == ENOTDIR;
}

void RemoveTree(const std::string& path) {
  nftw(path.c_str(), [](const char* p, const struct stat*, int type, struct FTW*) {
    if (type == FTW_DP) rmdir(p);
    else unlink(p);
    return 0;
  }, 16, FTW_DEPTH | FTW_PHYS);
}

std::string UniqueSuffix() {
  static std::mutex mu;  // builds run without the GIL (core_module.cpp)
  static std::mt19937_64 rng(std::random_device{}() ^ (uint64_t)getpid());
  unsigned long long r;
  {
    std::lock_guard<std::mutex> lock(mu);
    r = rng();
  }
  char b[64];
  std::snprintf(b, sizeof b, ".tmp.%d.%016llx", (int)getpid(), r);
  return b;
}

FileLock::FileLock(const std::string& path, double wait_s) : path_(path) {
  int fd = open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) return;
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return;
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(wait_s);
  while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if ((errno != EWOULDBLOCK && errno != EINTR) || std::chrono::steady_clock::now() > deadline) {
      close(fd);
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  fd_ = fd;
}

FileLock::~FileLock() {
  if (fd_ >= 0) close(fd_);  // closing releases the flock
}

void FileLock::Unlink() {
  if (fd_ >= 0) unlink(path_.c_str());
}

namespace {
std::string g_private_dir;
void RemovePrivateDir() {
  if (!g_private_dir.empty()) RemoveTree(g_private_dir);
}
}  // namespace

const std::string& PrivateFallbackDir() {
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  if (!g_private_dir.empty()) return g_private_dir;
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/pykokkos-rt-XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data()))
    throw CacheError("pykokkos: cannot make a private build folder " + templ + ": " + std::strerror(errno));
  g_private_dir = buf.data();
  std::atexit(RemovePrivateDir);
  return g_private_dir;
}

void MarkUsed(const std::string& path) {
  utimensat(AT_FDCWD, path.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
}

void PruneKernels(const std::string& kernels_dir, uint64_t max_bytes, const std::string& keep) {
  DIR* d = opendir(kernels_dir.c_str());
  if (!d) return;
  struct Entry {
    std::string so;
    int64_t used;
    uint64_t bytes;
  };
  std::vector<Entry> modules;
  uint64_t total = 0;
  time_t now = time(nullptr);
  while (dirent* e = readdir(d)) {
    std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    std::string path = kernels_dir + "/" + name;
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) continue;
    if (name.find(".tmp.") != std::string::npos) {
      if (now - st.st_mtime > 3600) unlink(path.c_str());  // a crashed build's leftovers
      continue;
    }
    if (!S_ISREG(st.st_mode)) continue;
    total += (uint64_t)st.st_size;
    if (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0 && path != keep)
      modules.push_back({path, (int64_t)st.st_mtime, (uint64_t)st.st_size});
  }
  closedir(d);
  if (total <= max_bytes) return;
  std::sort(modules.begin(), modules.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
  // Down to 80% of the bound, so the next builds do not prune again at once.
  uint64_t target = max_bytes / 5 * 4;
  for (const Entry& m : modules) {
    if (total <= target) break;
    std::string cpp = m.so.substr(0, m.so.size() - 3) + ".cpp";
    struct stat st {};
    uint64_t cpp_bytes = lstat(cpp.c_str(), &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
    if (unlink(m.so.c_str()) == 0) total -= std::min(total, m.bytes);
    if (cpp_bytes && unlink(cpp.c_str()) == 0) total -= std::min(total, cpp_bytes);
  }
}

FolderUsage Usage(const std::string& dir) {
  static thread_local FolderUsage* acc = nullptr;
  FolderUsage u;
  acc = &u;
  nftw(dir.c_str(), [](const char*, const struct stat* st, int type, struct FTW*) {
    if (type == FTW_F && S_ISREG(st->st_mode)) {
      acc->files += 1;
      acc->bytes += (uint64_t)st->st_size;
    }
    return 0;
  }, 16, FTW_PHYS);
  acc = nullptr;
  return u;
}

}  // namespace pykokkos_rt
