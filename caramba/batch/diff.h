// diff.h — unified diffs (`diff -u` / `git diff` format) for --diff.
#pragma once

#include <string>
#include <string_view>

namespace caramba {

/// The unified diff from `before` to `after`, with `context` lines around
/// each change and headers `--- from_label` / `+++ to_label`. Lines keep their
/// terminators (so a CRLF file diffs as CRLF); a last line without one gets
/// git's "\ No newline at end of file" marker. Empty when the texts are equal.
/// Myers' O(ND) algorithm over lines after trimming the common prefix and
/// suffix, so a few changed kernels in a long file cost little.
/// A file name as a ---/+++ header writes it so that `patch` and `git apply`
/// read it back: C-quoted when it holds a quote, a backslash or a control
/// character, followed by a tab when it holds a space, else unchanged.
std::string DiffHeaderName(std::string_view name);

std::string UnifiedDiff(std::string_view before, std::string_view after, std::string_view from_label,
                        std::string_view to_label, int context = 3);

}  // namespace caramba
