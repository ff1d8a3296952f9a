// positions.cpp — see positions.h.
#include "caramba/lsp/positions.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "caramba/text.h"

namespace caramba::lsp {

namespace {
// Length in bytes of the UTF-8 sequence starting with `lead` (1 for stray
// continuation bytes, so a walk always advances).
uint32_t SequenceLength(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 1;
}

uint32_t Units(uint32_t bytes, PositionEncoding e) {
  switch (e) {
    case PositionEncoding::kUtf8: return bytes;
    case PositionEncoding::kUtf16: return bytes == 4 ? 2 : 1;
    case PositionEncoding::kUtf32: return 1;
  }
  return 1;
}
}  // namespace

std::string_view EncodingName(PositionEncoding e) {
  switch (e) {
    case PositionEncoding::kUtf8: return "utf-8";
    case PositionEncoding::kUtf16: return "utf-16";
    case PositionEncoding::kUtf32: return "utf-32";
  }
  return "utf-16";
}

PositionMapper::PositionMapper(std::string_view text, PositionEncoding encoding)
    : text_(text), encoding_(encoding), starts_(LineIndex(text).LineStarts()) {}

uint32_t PositionMapper::LineStart(uint32_t line) const {
  return line < starts_.size() ? starts_[line] : static_cast<uint32_t>(text_.size());
}

uint32_t PositionMapper::LineContentEnd(uint32_t line) const {
  uint32_t e = line + 1 < starts_.size() ? starts_[line + 1] : static_cast<uint32_t>(text_.size());
  uint32_t s = starts_[line];
  while (e > s && (text_[e - 1] == '\n' || text_[e - 1] == '\r')) --e;
  return e;
}

uint32_t PositionMapper::ToOffset(LspPosition p) const {
  if (p.line >= starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t i = starts_[p.line], end = LineContentEnd(p.line), units = 0;
  while (i < end) {
    uint32_t len = std::min(SequenceLength(static_cast<unsigned char>(text_[i])), end - i);
    uint32_t u = Units(len, encoding_);
    // A column that points into the middle of a character (half a surrogate
    // pair, a byte inside a UTF-8 sequence) means the character's start.
    if (units + u > p.character) break;
    units += u;
    i += len;
  }
  return i;
}

LspPosition PositionMapper::ToPosition(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - starts_.begin()) - 1;
  uint32_t i = starts_[line], end = std::min(offset, LineContentEnd(line)), units = 0;
  while (i < end) {
    uint32_t len = SequenceLength(static_cast<unsigned char>(text_[i]));
    if (i + len > end) break;  // offset inside a character: its start
    units += Units(len, encoding_);
    i += len;
  }
  return {line, units};
}

nlohmann::json PositionMapper::PositionJson(uint32_t offset) const {
  LspPosition p = ToPosition(offset);
  return {{"line", p.line}, {"character", p.character}};
}

nlohmann::json PositionMapper::RangeJson(uint32_t start, uint32_t end) const {
  return {{"start", PositionJson(start)}, {"end", PositionJson(std::max(start, end))}};
}

uint32_t PositionMapper::OffsetOf(const nlohmann::json& position) const {
  // Negative or fractional numbers are a client bug; clamp rather than wrap.
  auto get = [&](const char* key) -> uint32_t {
    const nlohmann::json& v = position.at(key);
    if (!v.is_number()) throw nlohmann::json::type_error::create(302, std::string(key) + " is not a number", &v);
    double d = v.get<double>();
    if (!(d > 0)) return 0;
    return d >= 4294967295.0 ? 4294967295u : static_cast<uint32_t>(d);
  };
  return ToOffset({get("line"), get("character")});
}

}  // namespace caramba::lsp
