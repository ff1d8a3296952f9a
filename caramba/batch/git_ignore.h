// git_ignore.h — what git ignores, asked of libgit2 (Debian's libgit2-dev):
// every .gitignore from the repository's root down, .git/info/exclude and
// the user's core.excludesFile, with git's own precedence and negations.
// Outside a git work tree nothing is ignored, as for git itself.
#pragma once

#include <memory>
#include <string>

typedef struct git_repository git_repository;  // libgit2's handle (git2.h)

namespace caramba {

class GitIgnore {
 public:
  /// The repository whose work tree holds `dir` (an absolute path on the
  /// real file system), or null when there is none (or it is bare).
  static std::unique_ptr<GitIgnore> Open(const std::string& dir);
  ~GitIgnore();
  GitIgnore(const GitIgnore&) = delete;
  GitIgnore& operator=(const GitIgnore&) = delete;

  /// Whether git ignores `path` (absolute, real; `is_dir` for folders).
  bool Ignored(const std::string& path, bool is_dir) const;
  /// The work tree's root, absolute, without a trailing '/'.
  const std::string& WorkDir() const { return workdir_; }

 private:
  GitIgnore() = default;
  git_repository* repo_ = nullptr;
  std::string workdir_;
};

}  // namespace caramba
