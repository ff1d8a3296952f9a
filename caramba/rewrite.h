// rewrite.h — byte-range edits and the engine that applies them.
//
// Visitors never mutate text: they return Edits on the current text. The
// engine sorts them, rejects overlaps (an internal error naming both
// producers), keeps insertions at the same offset in the order they were made,
// and builds the output in one forward sweep. Every byte outside an edit is
// copied unchanged — comments, blank lines, CRLF, a BOM, tabs, non-ASCII text.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace caramba {

class Tree;

/// Replace bytes [start, end) of the current text with `replacement`.
/// start == end is an insertion.
struct Edit {
  uint32_t start = 0;
  uint32_t end = 0;
  std::string replacement;
  /// Who made it (visitor name, plus detail), for error messages.
  std::string producer;
  /// Creation order, assigned by EditList; orders insertions at one offset.
  uint32_t sequence = 0;
};

/// An ordered collection of edits made by one producer.
class EditList {
 public:
  explicit EditList(std::string producer = {}) : producer_(std::move(producer)) {}
  void Replace(uint32_t start, uint32_t end, std::string text, std::string_view detail = {});
  void Insert(uint32_t at, std::string text, std::string_view detail = {});
  void Remove(uint32_t start, uint32_t end, std::string_view detail = {});
  /// Appends another list's edits (keeping their producers), after ours.
  void Append(const EditList& other);
  const std::vector<Edit>& Edits() const { return edits_; }
  bool Empty() const { return edits_.empty(); }
  size_t Size() const { return edits_.size(); }

 private:
  std::string producer_;
  std::vector<Edit> edits_;
};

/// Result of applying edits: the new text, or the description of an overlap.
struct ApplyResult {
  std::string text;
  std::optional<std::string> overlap;  // set when two edits overlap
  bool ok() const { return !overlap; }
};

/// Applies `edits` to `text`. Edits must lie within the text and must not
/// overlap (two insertions at the same offset are fine and keep their order;
/// an insertion at the boundary of a replacement is fine). Out-of-range or
/// overlapping edits yield `overlap` naming both producers and no text.
ApplyResult ApplyEdits(std::string_view text, const std::vector<Edit>& edits);

/// Byte offsets of the starts of lines that lie inside a multi-line string
/// (their leading whitespace is string content and must never be changed).
std::set<uint32_t> LineStartsInsideStrings(const Tree& tree);

/// The text of [start, end) with the indentation of every line that begins
/// inside the range changed: a leading `old_prefix` becomes `new_prefix`.
/// Lines inside multi-line strings and blank lines are left as they are; the
/// first line (which starts at `start`, mid-line) is not touched.
std::string Reindent(const Tree& tree, uint32_t start, uint32_t end, std::string_view old_prefix,
                     std::string_view new_prefix);

/// Prefixes every non-empty line of generated `text` with `indent` and uses
/// `newline` as line terminator. For text Caramba generates itself (which has
/// no multi-line strings); user code goes through Reindent.
std::string IndentLines(std::string_view text, std::string_view indent, std::string_view newline);

}  // namespace caramba
