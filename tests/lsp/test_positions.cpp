// LSP positions <-> byte offsets in UTF-16, UTF-8 and UTF-32, with CRLF.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "caramba/lsp/positions.h"

using namespace caramba::lsp;

TEST_CASE("positions: UTF-16 counts astral characters as two units") {
  std::string t = "a🚀b\né=1\n";  // 🚀 is 4 bytes, 2 UTF-16 units; é is 2 bytes, 1 unit
  PositionMapper m(t, PositionEncoding::kUtf16);
  CHECK(m.ToPosition(5) == LspPosition{0, 3});  // 'b'
  CHECK(m.ToOffset({0, 3}) == 5);
  CHECK(m.ToOffset({0, 2}) == 1);   // inside the surrogate pair: the character's start
  CHECK(m.ToOffset({1, 1}) == 9);   // after é
  CHECK(m.ToPosition(9) == LspPosition{1, 1});
  CHECK(m.ToPosition(2) == LspPosition{0, 1});  // inside 🚀's bytes: its start
}

TEST_CASE("positions: UTF-8 and UTF-32") {
  std::string t = "a🚀b";
  PositionMapper u8(t, PositionEncoding::kUtf8), u32(t, PositionEncoding::kUtf32);
  CHECK(u8.ToPosition(5) == LspPosition{0, 5});
  CHECK(u8.ToOffset({0, 3}) == 1);  // inside the UTF-8 sequence: its start
  CHECK(u32.ToPosition(5) == LspPosition{0, 2});
  CHECK(u32.ToOffset({0, 2}) == 5);
}

TEST_CASE("positions: CRLF and lone CR end lines - columns clamp before the terminator") {
  std::string t = "ab\r\ncd\ref\n";
  PositionMapper m(t, PositionEncoding::kUtf16);
  CHECK(m.LineCount() == 4);
  CHECK(m.ToOffset({1, 0}) == 4);
  CHECK(m.ToOffset({2, 1}) == 8);
  CHECK(m.ToOffset({0, 99}) == 2);   // end of "ab", not inside "\r\n"
  CHECK(m.ToOffset({9, 0}) == t.size());
  CHECK(m.ToPosition(3) == LspPosition{0, 2});  // between \r and \n: the line end
  CHECK(m.ToPosition(static_cast<uint32_t>(t.size())) == LspPosition{3, 0});
}

TEST_CASE("positions: every character boundary round-trips in every encoding") {
  std::string t = "# «naïve» π\r\ndef f(x):  # 🚀🚀\n\treturn x\rz";
  for (auto e : {PositionEncoding::kUtf8, PositionEncoding::kUtf16, PositionEncoding::kUtf32}) {
    PositionMapper m(t, e);
    for (uint32_t o = 0; o <= t.size(); ++o) {
      if (o < t.size() && (static_cast<unsigned char>(t[o]) & 0xC0) == 0x80) continue;  // not a boundary
      if (o > 0 && o < t.size() && t[o - 1] == '\r' && t[o] == '\n') continue;          // inside CRLF
      CAPTURE(o);
      CHECK(m.ToOffset(m.ToPosition(o)) == o);
    }
  }
}

TEST_CASE("positions: JSON in / clamped - malformed throws") {
  PositionMapper m("abc\n", PositionEncoding::kUtf16);
  CHECK(m.OffsetOf(nlohmann::json{{"line", 0}, {"character", -4}}) == 0);
  CHECK(m.OffsetOf(nlohmann::json{{"line", 0}, {"character", 1e12}}) == 3);
  CHECK_THROWS(m.OffsetOf(nlohmann::json{{"line", "0"}, {"character", 0}}));
  CHECK_THROWS(m.OffsetOf(nlohmann::json{{"character", 0}}));
  CHECK(m.RangeJson(1, 2)["end"]["character"] == 2);
}
