// text.cpp — see text.h.
#include "caramba/text.h"

#include <algorithm>
#include <cctype>

namespace caramba {

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      starts_.push_back(i + 1);
    } else if (c == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      starts_.push_back(i + 1);
    }
  }
}

uint32_t LineIndex::LineStart(uint32_t line) const {
  if (line == 0) return 0;
  if (line > starts_.size()) return static_cast<uint32_t>(text_.size());
  return starts_[line - 1];
}

LineCol LineIndex::At(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - starts_.begin());
  uint32_t start = starts_[line - 1];
  uint32_t col = 1;
  for (uint32_t i = start; i < offset; ++i)
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++col;
  return {line, col, offset - start};
}

std::string_view LineIndex::Line(uint32_t line) const {
  if (line == 0 || line > starts_.size()) return {};
  uint32_t s = starts_[line - 1];
  uint32_t e = line < starts_.size() ? starts_[line] : static_cast<uint32_t>(text_.size());
  std::string_view l = text_.substr(s, e - s);
  while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.remove_suffix(1);
  return l;
}

uint32_t LineIndex::OffsetOfUtf16(uint32_t row, uint32_t utf16_col) const {
  if (row >= starts_.size()) return static_cast<uint32_t>(text_.size());
  std::string_view line = Line(row + 1);
  uint32_t units = 0, i = 0;
  while (i < line.size() && units < utf16_col) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    uint32_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return starts_[row] + std::min<uint32_t>(i, static_cast<uint32_t>(line.size()));
}

uint32_t LineIndex::Utf16Column(uint32_t offset) const {
  LineCol lc = At(offset);
  uint32_t start = starts_[lc.line - 1], units = 0;
  for (uint32_t i = start; i < offset;) {
    unsigned char c = static_cast<unsigned char>(text_[i]);
    uint32_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    units += len == 4 ? 2 : 1;
    i += len;
  }
  return units;
}

int64_t FindInvalidUtf8(std::string_view s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) { ++i; continue; }
    size_t len;
    uint32_t cp;
    if ((c >> 5) == 0x6) { len = 2; cp = c & 0x1F; }
    else if ((c >> 4) == 0xE) { len = 3; cp = c & 0x0F; }
    else if ((c >> 3) == 0x1E) { len = 4; cp = c & 0x07; }
    else return static_cast<int64_t>(i);
    if (i + len > n) return static_cast<int64_t>(i);
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc >> 6) != 0x2) return static_cast<int64_t>(i);
      cp = (cp << 6) | (cc & 0x3F);
    }
    static const uint32_t kMin[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return static_cast<int64_t>(i);
    i += len;
  }
  return -1;
}

bool LooksBinary(std::string_view text) {
  return text.substr(0, 8192).find('\0') != std::string_view::npos;
}

bool HasUtf8Bom(std::string_view text) { return text.substr(0, 3) == "\xEF\xBB\xBF"; }

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string ClosestMatch(std::string_view name, const std::vector<std::string>& candidates) {
  // Compare case-insensitively and without '-'/'_', so "unsupported_detector"
  // finds "UnsupportedDetector"; a prefix ("unsuported" vs "unsupporteddetector")
  // is compared against the candidate's prefix of the same length.
  auto norm = [](std::string_view s) {
    std::string out;
    for (char c : s)
      if (c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  std::string n = norm(name);
  size_t best = static_cast<size_t>(-1);
  std::string out;
  for (const auto& c : candidates) {
    std::string cn = norm(c);
    size_t d = EditDistance(n, cn);
    if (n.size() >= 4 && cn.size() > n.size()) d = std::min(d, EditDistance(n, cn.substr(0, n.size())) + 1);
    if (d < best) { best = d; out = c; }
  }
  size_t limit = std::max<size_t>(2, n.size() / 3);
  return best <= limit ? out : std::string();
}

std::string_view DominantNewline(std::string_view text) {
  size_t crlf = 0, lf = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') (i > 0 && text[i - 1] == '\r') ? ++crlf : ++lf;
  return crlf > lf ? "\r\n" : "\n";
}

std::string_view IndentationAt(std::string_view text, uint32_t offset) {
  size_t start = offset;
  while (start > 0 && text[start - 1] != '\n' && text[start - 1] != '\r') --start;
  size_t end = start;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  return text.substr(start, end - start);
}

}  // namespace caramba
