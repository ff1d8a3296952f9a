// positions.h — LSP positions (0-based line, column in the negotiated
// encoding's code units) to byte offsets of a document and back.
//
// LSP counts columns in UTF-16 code units unless client and server agree on
// UTF-8 or UTF-32 (3.17 `positionEncoding`, or clangd's `offsetEncoding`
// extension that older Neovim speaks). Lines end at "\n", "\r\n" or a lone
// "\r", as in caramba::LineIndex.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace caramba::lsp {

enum class PositionEncoding { kUtf8, kUtf16, kUtf32 };
std::string_view EncodingName(PositionEncoding e);  // "utf-8", "utf-16", "utf-32"

struct LspPosition {
  uint32_t line = 0;
  uint32_t character = 0;
  bool operator==(const LspPosition& o) const { return line == o.line && character == o.character; }
};

/// Converts between byte offsets of `text` and LSP positions. Keeps a view of
/// `text`: the text must outlive the mapper.
class PositionMapper {
 public:
  PositionMapper(std::string_view text, PositionEncoding encoding);

  /// Byte offset of a position. Out-of-range positions clamp as LSP asks: a
  /// column past the end of its line means the line end, a line past the last
  /// means the end of the text. Never returns an offset inside a character.
  uint32_t ToOffset(LspPosition p) const;
  /// Position of a byte offset (clamped to the text; an offset inside a
  /// multi-byte character counts as the character's start).
  LspPosition ToPosition(uint32_t offset) const;

  nlohmann::json PositionJson(uint32_t offset) const;
  nlohmann::json RangeJson(uint32_t start, uint32_t end) const;
  /// Reads {line, character}; throws nlohmann::json::exception when malformed.
  uint32_t OffsetOf(const nlohmann::json& position) const;

  uint32_t LineCount() const { return static_cast<uint32_t>(starts_.size()); }
  /// Byte offset where 0-based `line` starts (text size past the last line).
  uint32_t LineStart(uint32_t line) const;

 private:
  /// End of 0-based `line`'s content, before its terminator.
  uint32_t LineContentEnd(uint32_t line) const;

  std::string_view text_;
  PositionEncoding encoding_;
  std::vector<uint32_t> starts_;
};

}  // namespace caramba::lsp
