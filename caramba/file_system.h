// file_system.h — the side effects of reading and writing files, behind an
// interface so tests can fake them (ninja's DiskInterface).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "caramba/diagnostics.h"

namespace caramba {

class FileSystem {
 public:
  virtual ~FileSystem() = default;
  /// Reads a whole regular file. On failure returns nullopt and fills `diag`
  /// with CRB001 (missing), CRB002 (not a regular file) or CRB003 (unreadable).
  virtual std::optional<std::string> Read(const std::string& path, Diagnostic* diag) = 0;
  /// Writes `content` atomically: a temporary file in the same directory,
  /// then a rename, so readers never see a half-written file and a failure
  /// leaves nothing behind. Keeps the mode of an existing file. On failure
  /// returns false and fills `diag` (CRB007).
  virtual bool WriteAtomic(const std::string& path, std::string_view content, Diagnostic* diag) = 0;
  /// True when both paths name the same existing file (hard links, symlinks).
  virtual bool SameFile(const std::string& a, const std::string& b) = 0;
};

/// The real file system (POSIX).
class RealFileSystem : public FileSystem {
 public:
  std::optional<std::string> Read(const std::string& path, Diagnostic* diag) override;
  bool WriteAtomic(const std::string& path, std::string_view content, Diagnostic* diag) override;
  bool SameFile(const std::string& a, const std::string& b) override;
};

/// Checks that bytes are Python 3 source Caramba can take: not binary, valid
/// UTF-8, no non-UTF-8 coding cookie. Returns nullopt when fine.
std::optional<Diagnostic> CheckSourceBytes(std::string_view bytes, const std::string& path);

}  // namespace caramba
