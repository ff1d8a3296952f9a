// cache_files.h — the file-system side of the kernel cache: reading entries
// without trusting what sits under their names, publishing by rename, locks
// between processes, a private fallback folder when the cache cannot be
// written, and least-recently-used pruning (docs/runtime.md "Cache").
//
// A cache entry is only ever read when it is a regular file: it is opened
// with O_NOFOLLOW | O_NONBLOCK and checked with fstat, so a FIFO, a device or
// a symlink (to /dev/zero, say) planted under an entry's name is treated as
// a corrupt entry and replaced, never read and never waited on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pykokkos_rt {

/// The cache cannot be written (read-only, full, not ours) and the private
/// fallback folder could not be used either.
struct CacheError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class EntryKind { kMissing, kRegular, kOther };
/// What is under `path`, without following a final symlink.
EntryKind Inspect(const std::string& path);

/// Reads a regular file. False (and nothing read) for anything else: a
/// symlink, a FIFO, a device, a directory, a missing or unreadable file.
bool ReadRegularFile(const std::string& path, std::string* out);

/// Opens a regular file as ReadRegularFile does, maps it read-only and calls
/// `use` with its bytes, without copying them: checksumming the ~90 MB
/// precompiled header from a copy cost about 0.2 s of every process's first
/// build, from the mapping 0.03 s. False when ReadRegularFile would be.
/// The file must not be truncated in place meanwhile (the cache never does:
/// it publishes by rename); reading a mapping past a new end raises SIGBUS.
bool MapRegularFile(const std::string& path, const std::function<void(const char* data, size_t size)>& use);

/// Writes (truncates) `path`; on failure returns false with errno set.
bool WriteWholeFile(const std::string& path, const std::string& data);

/// mkdir -p. On failure returns false with errno set.
bool MakeDirs(const std::string& path);

/// True for the errno values that mean "this folder cannot take our files":
/// read-only file system, permissions, no space, quota.
bool IsUnwritableErrno(int err);

/// rm -rf, without following symlinks out of the tree.
void RemoveTree(const std::string& path);

/// ".tmp.<pid>.<random>": temporary names never collide between processes.
std::string UniqueSuffix();

/// An exclusive advisory lock (flock) on `path`, created if needed. Waits at
/// most `wait_s` seconds, then goes on without it: the lock only saves
/// duplicate builds; publishing by rename is what keeps the cache consistent.
class FileLock {
 public:
  FileLock(const std::string& path, double wait_s);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  bool held() const { return fd_ >= 0; }
  /// Removes the lock file while still holding it (after publishing).
  void Unlink();

 private:
  std::string path_;
  int fd_ = -1;
};

/// A private folder for this process (under $TMPDIR), made on first use and
/// removed at exit: where kernels are built when the cache cannot be written.
/// Throws CacheError when it cannot be made.
const std::string& PrivateFallbackDir();

/// Marks an entry as used now (mtime), for least-recently-used pruning.
/// Silently does nothing in a read-only cache.
void MarkUsed(const std::string& path);

/// Deletes the least recently used kernel modules of `kernels_dir` (and their
/// sources) until the folder holds at most `max_bytes`, never `keep`; also
/// deletes temporary files that crashed builds left behind (older than an hour).
void PruneKernels(const std::string& kernels_dir, uint64_t max_bytes, const std::string& keep);

struct FolderUsage {
  uint64_t files = 0;
  uint64_t bytes = 0;
};
/// Regular files under `dir` (recursively) and their total size.
FolderUsage Usage(const std::string& dir);

}  // namespace pykokkos_rt
