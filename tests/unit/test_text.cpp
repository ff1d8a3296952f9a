// Line/column bookkeeping, UTF-8 checks and "did you mean".
#include <doctest/doctest.h>

#include "caramba/text.h"

using namespace caramba;

TEST_CASE("LineIndex handles LF, CRLF and lone CR") {
  LineIndex idx("a\r\nbc\rd\ne");
  CHECK(idx.LineCount() == 4);
  CHECK(idx.Line(1) == "a");
  CHECK(idx.Line(2) == "bc");
  CHECK(idx.Line(3) == "d");
  CHECK(idx.Line(4) == "e");
  CHECK(idx.At(3).line == 2);
  CHECK(idx.At(4).column == 2);
}

TEST_CASE("columns count code points, not bytes, UTF-16 counts surrogate pairs") {
  std::string s = "é = '😀x'\n";  // é: 2 bytes, 😀: 4 bytes (2 UTF-16 units)
  LineIndex idx(s);
  uint32_t x = static_cast<uint32_t>(s.find('x'));
  CHECK(idx.At(x).column == 7);
  CHECK(idx.At(x).byte_column == 10);
  CHECK(idx.Utf16Column(x) == 7);
  CHECK(idx.OffsetOfUtf16(0, 7) == x);
}

TEST_CASE("invalid UTF-8 is located") {
  CHECK(FindInvalidUtf8("plain ascii") == -1);
  CHECK(FindInvalidUtf8("caf\xC3\xA9") == -1);
  CHECK(FindInvalidUtf8("caf\xE9 x") == 3);          // latin-1 é
  CHECK(FindInvalidUtf8("\xC0\xAF") == 0);           // overlong '/'
  CHECK(FindInvalidUtf8("ok\xED\xA0\x80") == 2);     // UTF-16 surrogate
  CHECK(FindInvalidUtf8("trunc\xE2\x82") == 5);      // truncated sequence
  CHECK(LooksBinary(std::string("ab\0cd", 5)));
  CHECK_FALSE(LooksBinary("abc"));
  CHECK(HasUtf8Bom("\xEF\xBB\xBFx = 1"));
}

TEST_CASE("did-you-mean suggestions") {
  std::vector<std::string> vs = {"UnsupportedDetector", "PatternAnalyzer", "SemanticTransformer"};
  CHECK(ClosestMatch("unsupported_detector", vs) == "UnsupportedDetector");
  CHECK(ClosestMatch("PatternAnalyser", vs) == "PatternAnalyzer");
  CHECK(ClosestMatch("unsuported", vs) == "UnsupportedDetector");
  CHECK(ClosestMatch("zzz", vs).empty());
  CHECK(EditDistance("kitten", "sitting") == 3);
}

TEST_CASE("newline and indentation helpers") {
  CHECK(DominantNewline("a\r\nb\r\nc\n") == "\r\n");
  CHECK(DominantNewline("a\nb\n") == "\n");
  std::string s = "def f():\n\t  x = 1\n";
  CHECK(IndentationAt(s, static_cast<uint32_t>(s.find('x'))) == "\t  ");
}
