// text.h — byte/line/column bookkeeping and small string helpers shared by the
// diagnostics, the rewrite engine and the CLI.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace caramba {

/// 1-based line and column. `column` counts Unicode code points (what a
/// person sees); `byte_column` is the 0-based byte offset within the line.
struct LineCol {
  uint32_t line = 1;
  uint32_t column = 1;
  uint32_t byte_column = 0;
};

/// Maps byte offsets to lines and columns. Handles LF, CRLF and lone CR line
/// ends (as Python does).
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  LineCol At(uint32_t offset) const;
  /// The text of 1-based `line` without its line terminator.
  std::string_view Line(uint32_t line) const;
  uint32_t LineStart(uint32_t line) const;  // byte offset, 1-based line
  uint32_t LineCount() const { return static_cast<uint32_t>(starts_.size()); }
  /// Byte offsets of the line starts (0-based lines: LineStarts()[0] == 0).
  const std::vector<uint32_t>& LineStarts() const { return starts_; }
  /// Byte offset of the 0-based (row, utf16 column) position; clamps to the line.
  uint32_t OffsetOfUtf16(uint32_t row, uint32_t utf16_col) const;
  /// 0-based UTF-16 column of a byte offset (LSP positions).
  uint32_t Utf16Column(uint32_t offset) const;

 private:
  std::string_view text_;
  std::vector<uint32_t> starts_;
};

/// Returns the byte offset of the first invalid UTF-8 sequence, or -1 when
/// the text is valid UTF-8 (overlong forms and surrogates are invalid).
int64_t FindInvalidUtf8(std::string_view text);
/// True when the text looks binary (a NUL byte in the first 8 KiB).
bool LooksBinary(std::string_view text);
/// True when the text starts with a UTF-8 byte order mark.
bool HasUtf8Bom(std::string_view text);

/// Levenshtein distance, for "did you mean" suggestions.
size_t EditDistance(std::string_view a, std::string_view b);
/// The candidate closest to `name`, if close enough to be a plausible typo
/// (distance ≤ max(2, |name|/3)); "" otherwise.
std::string ClosestMatch(std::string_view name, const std::vector<std::string>& candidates);

/// The line terminator the text mostly uses ("\r\n" or "\n"), for text that
/// a transformation inserts.
std::string_view DominantNewline(std::string_view text);

/// Leading whitespace (spaces/tabs) of the line containing `offset`.
std::string_view IndentationAt(std::string_view text, uint32_t offset);

}  // namespace caramba
