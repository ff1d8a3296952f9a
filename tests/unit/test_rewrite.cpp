// The rewrite engine: ordering, overlaps, byte preservation, indentation.
#include <doctest/doctest.h>

#include "caramba/rewrite.h"
#include "caramba/syntax.h"

using namespace caramba;

TEST_CASE("edits apply in one sweep, bytes outside edits are preserved") {
  std::string text = "\xEF\xBB\xBFx = 1\r\n# café\r\n\ty = 2\r\n";
  EditList e("t");
  size_t x = text.find('1');
  e.Replace(static_cast<uint32_t>(x), static_cast<uint32_t>(x + 1), "42");
  ApplyResult r = ApplyEdits(text, e.Edits());
  REQUIRE(r.ok());
  CHECK(r.text == "\xEF\xBB\xBFx = 42\r\n# café\r\n\ty = 2\r\n");
}

TEST_CASE("edits given out of order are sorted") {
  EditList e("t");
  e.Replace(2, 3, "B");
  e.Replace(0, 1, "A");
  CHECK(ApplyEdits("a b c", e.Edits()).text == "A B c");
}

TEST_CASE("insertions at one offset keep their creation order, before a replacement there") {
  EditList e("t");
  e.Replace(2, 3, "X");
  e.Insert(2, "1");
  e.Insert(2, "2");
  CHECK(ApplyEdits("abcd", e.Edits()).text == "ab12Xd");
}

TEST_CASE("an insertion at the end of a replacement is not an overlap") {
  EditList e("t");
  e.Replace(0, 2, "X");
  e.Insert(2, "+");
  CHECK(ApplyEdits("abcd", e.Edits()).text == "X+cd");
}

TEST_CASE("overlapping edits are an error naming both producers") {
  EditList a("VisitorA"), b("VisitorB");
  a.Replace(0, 3, "x", "first");
  b.Replace(2, 4, "y", "second");
  EditList all;
  all.Append(a);
  all.Append(b);
  ApplyResult r = ApplyEdits("abcdef", all.Edits());
  REQUIRE_FALSE(r.ok());
  CHECK(r.overlap->find("VisitorA (first)") != std::string::npos);
  CHECK(r.overlap->find("VisitorB (second)") != std::string::npos);
  CHECK(r.text.empty());
}

TEST_CASE("two replacements of the same range overlap, an insertion inside a replacement overlaps") {
  EditList e("t");
  e.Replace(1, 2, "x");
  e.Replace(1, 2, "y");
  CHECK_FALSE(ApplyEdits("abc", e.Edits()).ok());
  EditList f("t");
  f.Replace(0, 3, "x");
  f.Insert(1, "y");
  CHECK_FALSE(ApplyEdits("abc", f.Edits()).ok());
}

TEST_CASE("edits outside the text are rejected") {
  EditList e("t");
  e.Replace(2, 10, "x");
  ApplyResult r = ApplyEdits("abc", e.Edits());
  CHECK_FALSE(r.ok());
  CHECK(r.overlap->find("outside") != std::string::npos);
}

TEST_CASE("Reindent never touches lines inside multi-line strings") {
  std::string src =
      "def f():\n"
      "    s = '''\n"
      "    keep\n"
      "'''\n"
      "    x = 1\n"
      "\n"
      "    return x\n";
  Tree t = Tree::Parse(src);
  uint32_t start = static_cast<uint32_t>(src.find("    s"));
  std::string out = Reindent(t, start, static_cast<uint32_t>(src.size()), "    ", "        ");
  CHECK(out ==
        "    s = '''\n"
        "    keep\n"
        "'''\n"
        "        x = 1\n"
        "\n"
        "        return x\n");
}

TEST_CASE("Reindent handles tabs and CRLF") {
  std::string src = "if a:\r\n\tx = 1\r\n\ty = 2\r\n";
  Tree t = Tree::Parse(src);
  uint32_t start = static_cast<uint32_t>(src.find("\tx"));
  CHECK(Reindent(t, start, static_cast<uint32_t>(src.size()), "\t", "\t\t") == "\tx = 1\r\n\t\ty = 2\r\n");
}

TEST_CASE("IndentLines prefixes generated text and uses the file's newline") {
  CHECK(IndentLines("a\n\nb\n", "  ", "\r\n") == "  a\r\n\r\n  b\r\n");
}
