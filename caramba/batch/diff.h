// diff.h — unified diffs in git's format for --diff, written by libgit2
// (Debian's libgit2-dev), so `git apply` takes them as they are.
#pragma once

#include <string>
#include <string_view>

namespace caramba {

/// The diff from `before` to `after` of the file `path`, as `git diff` writes
/// it: `diff --git a/PATH b/PATH`, `--- a/PATH`, `+++ b/PATH`, hunks with
/// `context` lines around each change. Lines keep their terminators (a CRLF
/// file diffs as CRLF); a last line without one gets git's "\ No newline at
/// end of file" marker. Empty when the texts are equal.
std::string UnifiedDiff(std::string_view before, std::string_view after, std::string_view path, int context = 3);

}  // namespace caramba
