// The diagnostics table and rendering.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "caramba/diagnostics.h"

using namespace caramba;

TEST_CASE("the code table is well formed: unique CRBnnn codes, summaries and explanations") {
  std::set<std::string_view> seen;
  for (const auto& d : DiagTable()) {
    CAPTURE(d.code);
    CHECK(d.code.size() == 6);
    CHECK(d.code.substr(0, 3) == "CRB");
    CHECK(seen.insert(d.code).second);
    CHECK_FALSE(d.summary.empty());
    CHECK(d.explanation.size() > d.summary.size());
    CHECK(&Info(d.id) == &d);
  }
}

TEST_CASE("codes are found by full or short spelling") {
  REQUIRE(FindDiag("CRB005"));
  CHECK(FindDiag("crb5")->code == "CRB005");
  CHECK(FindDiag("5")->code == "CRB005");
  CHECK(FindDiag("CRB999") == nullptr);
  CHECK(FindDiag("hello") == nullptr);
}

TEST_CASE("text rendering: path:line:col, severity, code, source line and caret") {
  std::string src = "x = 1\n\ty = (é +\n";
  uint32_t at = static_cast<uint32_t>(src.find('+'));
  auto d = Diagnostic::Make(DiagId::kSyntaxError, "invalid syntax", "f.py").At(at, at + 1).Help("fix it");
  std::string out = RenderText(d, src);
  CHECK(out ==
        "f.py:2:9: error[CRB005]: invalid syntax\n"
        "  \ty = (é +\n"
        "  \t       ^\n"
        "  help: fix it\n");
}

TEST_CASE("rendering without a location has no caret") {
  auto d = Diagnostic::Make(DiagId::kFileNotFound, "no such file: 'x.py'", "x.py");
  CHECK(RenderText(d, "") == "x.py: error[CRB001]: no such file: 'x.py'\n");
}

TEST_CASE("JSON carries code, severity, 1-based positions") {
  std::string src = "a\nbcd\n";
  auto d = Diagnostic::Make(DiagId::kBadSignature, "bad", "p.py").At(3, 5);
  auto j = ToJson(d, src);
  CHECK(j["code"] == "CRB011");
  CHECK(j["severity"] == "warning");
  CHECK(j["line"] == 2);
  CHECK(j["column"] == 2);
  CHECK(j["end_column"] == 4);
}
