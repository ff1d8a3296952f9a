// file_system.h — the side effects of reading and writing files, behind an
// interface so tests can fake them (ninja's DiskInterface).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/diagnostics.h"

namespace caramba {

/// What stat/lstat says about a path (only what Caramba needs).
struct FileInfo {
  enum class Type { kRegular, kDirectory, kSymlink, kOther };
  Type type = Type::kOther;
  uint32_t mode = 0;  // permission bits (07777)
  uint64_t dev = 0, ino = 0;  // identity: two paths with equal (dev, ino) are one file
  uint64_t size = 0;
};

class FileSystem {
 public:
  virtual ~FileSystem() = default;
  /// Reads a whole regular file. On failure returns nullopt and fills `diag`
  /// with CRB001 (missing), CRB002 (not a regular file) or CRB003 (unreadable).
  virtual std::optional<std::string> Read(const std::string& path, Diagnostic* diag) = 0;
  /// Writes `content` atomically: a temporary file in the same directory,
  /// then a rename, so readers never see a half-written file and a failure
  /// leaves nothing behind. Keeps the mode, owner and group of an existing
  /// file (refuses when the owner cannot be kept). A symlink is written
  /// through (its target is replaced, the link stays); a character device
  /// or a FIFO is written to, never replaced; a file with several hard links
  /// is refused (replacing it would split them), as is anything else that
  /// is not a regular file. On failure returns false and fills `diag` (CRB007).
  virtual bool WriteAtomic(const std::string& path, std::string_view content, Diagnostic* diag) = 0;
  /// True when both paths name the same existing file (hard links, symlinks).
  virtual bool SameFile(const std::string& a, const std::string& b) = 0;

  // The batch mode's needs (caramba/batch). They have defaults so a fake
  // written for the single-file CLI keeps compiling; the defaults fail with
  // CRB003 ("not supported") rather than pretending.

  /// stat (follow = true) or lstat (follow = false); nullopt when the path
  /// does not exist or cannot be examined.
  virtual std::optional<FileInfo> Stat(const std::string& path, bool follow);
  /// The entry names of a directory (no "." or ".."), in no particular order.
  /// On failure returns false and fills `diag` (CRB003).
  virtual bool ListDir(const std::string& path, std::vector<std::string>* names, Diagnostic* diag);
  /// Creates a directory and its missing parents (mkdir -p). An existing
  /// directory is fine. On failure returns false and fills `diag` (CRB007).
  virtual bool MakeDirs(const std::string& path, Diagnostic* diag);
  /// As WriteAtomic, but a *new* file gets `mode` (an existing one keeps its
  /// own): out-dir copies keep the permissions of their inputs.
  virtual bool WriteAtomicWithMode(const std::string& path, std::string_view content, uint32_t mode,
                                   Diagnostic* diag);
  /// The canonical absolute path (symlinks resolved), or "" when it does not exist.
  virtual std::string RealPath(const std::string& path);
  /// As WriteAtomicWithMode, but fails (CRB007) when `path` exists, even
  /// when it appears during the write: backups never overwrite anything.
  virtual bool WriteNew(const std::string& path, std::string_view content, uint32_t mode, Diagnostic* diag);
};

/// The real file system (POSIX).
class RealFileSystem : public FileSystem {
 public:
  std::optional<std::string> Read(const std::string& path, Diagnostic* diag) override;
  bool WriteAtomic(const std::string& path, std::string_view content, Diagnostic* diag) override;
  bool SameFile(const std::string& a, const std::string& b) override;
  std::optional<FileInfo> Stat(const std::string& path, bool follow) override;
  bool ListDir(const std::string& path, std::vector<std::string>* names, Diagnostic* diag) override;
  bool MakeDirs(const std::string& path, Diagnostic* diag) override;
  bool WriteAtomicWithMode(const std::string& path, std::string_view content, uint32_t mode,
                           Diagnostic* diag) override;
  std::string RealPath(const std::string& path) override;
  bool WriteNew(const std::string& path, std::string_view content, uint32_t mode, Diagnostic* diag) override;

 private:
  bool WriteImpl(const std::string& path, std::string_view content, std::optional<uint32_t> new_mode,
                 Diagnostic* diag, bool no_replace);
};

/// Checks that bytes are Python 3 source Caramba can take: not binary, valid
/// UTF-8, no non-UTF-8 coding cookie. Returns nullopt when fine.
std::optional<Diagnostic> CheckSourceBytes(std::string_view bytes, const std::string& path);

}  // namespace caramba
