// line_diff.h — the smallest set of whole-line replacements that turns one
// text into another (Myers' O(ND) diff over lines), so a code action edits
// only the lines the translation changed and the editor keeps cursors, marks
// and undo history everywhere else.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace caramba::lsp {

/// Replace lines [old_begin, old_end) of the old text (0-based, half open;
/// empty for a pure insertion) with `new_text` (whole lines with their
/// terminators; empty for a pure deletion). `old_start_byte`/`old_end_byte`
/// are the same range as byte offsets of the old text.
struct LineHunk {
  uint32_t old_begin = 0, old_end = 0;
  uint32_t new_begin = 0, new_end = 0;
  uint32_t old_start_byte = 0, old_end_byte = 0;
  std::string new_text;
};

/// Splits text into lines, each with its terminator ("\n", "\r\n" or "\r");
/// the last line may lack one. "" has no lines.
std::vector<std::string_view> SplitLines(std::string_view text);

/// Hunks turning `before` into `after`, in order, non-overlapping. When the
/// two differ in more than `max_cost` lines the diff stops searching and
/// returns one hunk spanning the differing middle (still correct, less
/// minimal) so a pathological input cannot make the server slow.
std::vector<LineHunk> DiffLines(std::string_view before, std::string_view after, uint32_t max_cost = 2000);

/// Applies hunks produced by DiffLines(before, ...) to `before` (for tests
/// and self-checks).
std::string ApplyHunks(std::string_view before, const std::vector<LineHunk>& hunks);

}  // namespace caramba::lsp
