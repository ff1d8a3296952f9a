// diff.cpp — see diff.h. libgit2's patch writer: its headers and hunks are
// git's own, which is what `git apply` (and every review tool) reads.
#include "caramba/batch/diff.h"

#include <mutex>
#include <stdexcept>

#ifdef CARAMBA_HAVE_LIBGIT2
#include <git2.h>
#endif

namespace caramba {

#ifdef CARAMBA_HAVE_LIBGIT2

namespace {

void InitLibgit2() {
  static std::once_flag once;
  std::call_once(once, [] { git_libgit2_init(); });  // kept for the life of the process
}

}  // namespace

std::string UnifiedDiff(std::string_view before, std::string_view after, std::string_view path, int context) {
  if (before == after) return {};
  InitLibgit2();
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.context_lines = static_cast<uint32_t>(context < 0 ? 0 : context);
  // Source files are text even with odd bytes: never "Binary files differ".
  opts.flags |= GIT_DIFF_FORCE_TEXT;
  std::string p(path);
  git_patch* patch = nullptr;
  if (git_patch_from_buffers(&patch, before.data(), before.size(), p.c_str(), after.data(), after.size(),
                             p.c_str(), &opts) != 0) {
    const git_error* e = git_error_last();
    throw std::runtime_error(std::string("libgit2 diff failed: ") + (e && e->message ? e->message : "unknown"));
  }
  git_buf buf = GIT_BUF_INIT;
  std::string out;
  if (git_patch_to_buf(&buf, patch) == 0) out.assign(buf.ptr, buf.size);
  git_buf_dispose(&buf);
  git_patch_free(patch);
  // git ends a ---/+++ name that holds a space with a tab, so GNU patch does
  // not cut it at the space; libgit2 does not, so add it here (headers only:
  // they come before the first hunk).
  size_t hunks = out.find("\n@@");
  for (size_t at = 0; at < hunks && at != std::string::npos;) {
    size_t eol = out.find('\n', at);
    if (eol == std::string::npos || eol > hunks) break;
    std::string_view line(out.data() + at, eol - at);
    if ((line.rfind("--- ", 0) == 0 || line.rfind("+++ ", 0) == 0) && line.size() > 4 && line[4] != '"' &&
        line.find(' ', 4) != std::string_view::npos) {
      out.insert(eol, "\t");
      hunks += 1;
      eol += 1;
    }
    at = eol + 1;
  }
  return out;
}

#else  // built without libgit2 (caramba/batch/CMakeLists.txt)

std::string UnifiedDiff(std::string_view before, std::string_view after, std::string_view, int) {
  if (before == after) return {};
  throw std::runtime_error("this caramba was built without libgit2, which writes --diff patches (run scripts/setup)");
}

#endif

}  // namespace caramba
