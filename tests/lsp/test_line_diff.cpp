// The line diff behind minimal WorkspaceEdits.
#include <doctest/doctest.h>

#include <random>

#include "caramba/lsp/line_diff.h"

using namespace caramba::lsp;

TEST_CASE("diff: identical texts need no hunks") {
  CHECK(DiffLines("a\nb\n", "a\nb\n").empty());
  CHECK(DiffLines("", "").empty());
}

TEST_CASE("diff: an import and a kernel rewrite are two hunks / the rest untouched") {
  std::string before = "import numpy as np\n\n@njit\ndef f(x):\n    return x\n\n\ndef g():\n    pass\n";
  std::string after = "import numpy as np\nimport pykokkos as pk\n\n@pk.workunit\ndef f(tid, x):\n    return x\n\n\ndef g():\n    pass\n";
  auto hunks = DiffLines(before, after);
  REQUIRE(hunks.size() == 2);
  CHECK(hunks[0].old_begin == 1);
  CHECK(hunks[0].old_end == 1);  // pure insertion
  CHECK(hunks[0].new_text == "import pykokkos as pk\n");
  CHECK(hunks[1].old_begin == 2);
  CHECK(hunks[1].old_end == 4);
  CHECK(hunks[1].new_text == "@pk.workunit\ndef f(tid, x):\n");
  CHECK(ApplyHunks(before, hunks) == after);
}

TEST_CASE("diff: CRLF lines / a missing final newline / deletions at the end") {
  std::string before = "a\r\nb\r\nc";
  CHECK(ApplyHunks(before, DiffLines(before, "a\r\nB\r\nc")) == "a\r\nB\r\nc");
  CHECK(ApplyHunks(before, DiffLines(before, "a\r\nb\r\nc\r\n")) == "a\r\nb\r\nc\r\n");
  CHECK(ApplyHunks(before, DiffLines(before, "a\r\n")) == "a\r\n");
  CHECK(ApplyHunks(before, DiffLines(before, "")) == "");
  CHECK(ApplyHunks("", DiffLines("", "x\n")) == "x\n");
  CHECK(SplitLines("a\rb\r\nc\n").size() == 3);
}

TEST_CASE("diff: random edits round-trip and touch no more lines than were edited") {
  std::mt19937 rng(8);
  for (int iter = 0; iter < 300; ++iter) {
    std::vector<std::string> lines;
    int n = static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i) lines.push_back("line " + std::to_string(rng() % 12) + "\n");
    std::vector<std::string> edited = lines;
    int edits = static_cast<int>(rng() % 5), changed = 0;
    for (int e = 0; e < edits; ++e) {
      int op = static_cast<int>(rng() % 3);
      size_t at = edited.empty() ? 0 : rng() % (edited.size() + (op == 1 ? 1 : 0));
      if (op == 0 && !edited.empty() && at < edited.size()) edited[at] = "changed " + std::to_string(e) + "\n", changed += 2;
      else if (op == 1) edited.insert(edited.begin() + static_cast<long>(std::min(at, edited.size())), "new\n"), changed += 1;
      else if (!edited.empty() && at < edited.size()) edited.erase(edited.begin() + static_cast<long>(at)), changed += 1;
    }
    std::string a, b;
    for (auto& l : lines) a += l;
    for (auto& l : edited) b += l;
    auto hunks = DiffLines(a, b);
    CAPTURE(a);
    CAPTURE(b);
    CHECK(ApplyHunks(a, hunks) == b);
    int touched = 0;
    for (auto& h : hunks) touched += static_cast<int>((h.old_end - h.old_begin) + (h.new_end - h.new_begin));
    CHECK(touched <= changed);  // Myers finds a shortest edit script
  }
}

TEST_CASE("diff: past max_cost one coarse hunk is still exact") {
  std::string a, b;
  for (int i = 0; i < 300; ++i) a += "a" + std::to_string(i) + "\n", b += "b" + std::to_string(i) + "\n";
  auto hunks = DiffLines("keep\n" + a + "tail\n", "keep\n" + b + "tail\n", 10);
  REQUIRE(hunks.size() == 1);
  CHECK(hunks[0].old_begin == 1);
  CHECK(hunks[0].old_end == 301);
  CHECK(ApplyHunks("keep\n" + a + "tail\n", hunks) == "keep\n" + b + "tail\n");
}
