// git_ignore.cpp — see git_ignore.h.
#include "caramba/batch/git_ignore.h"

#include <climits>
#include <cstdlib>
#include <mutex>

#ifdef CARAMBA_HAVE_LIBGIT2
#include <git2.h>
#endif

namespace caramba {

#ifdef CARAMBA_HAVE_LIBGIT2

std::unique_ptr<GitIgnore> GitIgnore::Open(const std::string& dir) {
  static std::once_flag once;
  std::call_once(once, [] { git_libgit2_init(); });  // kept for the life of the process
  git_repository* repo = nullptr;
  if (git_repository_open_ext(&repo, dir.c_str(), 0, nullptr) != 0) return nullptr;
  const char* wd = git_repository_workdir(repo);
  if (!wd) {  // bare: no work tree, nothing to ignore
    git_repository_free(repo);
    return nullptr;
  }
  std::unique_ptr<GitIgnore> g(new GitIgnore());
  g->repo_ = repo;
  // libgit2 reports the work tree as it resolved it: compare real paths.
  char real[PATH_MAX];
  g->workdir_ = realpath(wd, real) ? real : wd;
  while (g->workdir_.size() > 1 && g->workdir_.back() == '/') g->workdir_.pop_back();
  return g;
}

GitIgnore::~GitIgnore() { git_repository_free(repo_); }

bool GitIgnore::Ignored(const std::string& path, bool is_dir) const {
  if (path.size() <= workdir_.size() || path.compare(0, workdir_.size(), workdir_) != 0 ||
      path[workdir_.size()] != '/')
    return false;  // outside the work tree (or the work tree itself)
  std::string rel = path.substr(workdir_.size() + 1);
  if (is_dir) rel += '/';  // "build/" patterns match folders only
  int ignored = 0;
  return git_ignore_path_is_ignored(&ignored, repo_, rel.c_str()) == 0 && ignored == 1;
}

#else  // built without libgit2 (caramba/batch/CMakeLists.txt): nothing is ignored

std::unique_ptr<GitIgnore> GitIgnore::Open(const std::string&) { return nullptr; }
GitIgnore::~GitIgnore() = default;
bool GitIgnore::Ignored(const std::string&, bool) const { return false; }

#endif

}  // namespace caramba
