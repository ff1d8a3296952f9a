// The pass manager: applying edits, internal errors naming the visitor,
// diagnostics mapped back to the input, analysis caching, --only/--stop-after.
#include <doctest/doctest.h>

#include <functional>

#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"
#include "visitors/kernel_restorer.h"

using namespace caramba;

namespace {
// A visitor whose behaviour is a lambda, for tests.
class LambdaVisitor : public Visitor {
 public:
  LambdaVisitor(std::string name, std::function<VisitorResult(const Context&)> fn)
      : name_(std::move(name)), fn_(std::move(fn)) {}
  std::string_view Name() const override { return name_; }
  std::string_view Description() const override { return "test visitor"; }
  VisitorResult Run(const Context& ctx) const override { return fn_(ctx); }

 private:
  std::string name_;
  std::function<VisitorResult(const Context&)> fn_;
};

std::vector<std::unique_ptr<Visitor>> Make(std::vector<std::unique_ptr<Visitor>> v) { return v; }

VisitorResult ReplaceFirst(const Context& ctx, std::string_view what, std::string with, std::string producer) {
  VisitorResult r{EditList(std::move(producer)), {}};
  size_t at = ctx.source().find(what);
  if (at != std::string_view::npos)
    r.edits.Replace(static_cast<uint32_t>(at), static_cast<uint32_t>(at + what.size()), std::move(with));
  return r;
}
}  // namespace

TEST_CASE("visitors run in order, each sees the previous one's text") {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("One", [](const Context& c) { return ReplaceFirst(c, "a", "bb", "One"); }));
  v.push_back(std::make_unique<LambdaVisitor>("Two", [](const Context& c) { return ReplaceFirst(c, "bb", "ccc", "Two"); }));
  PassManager pm(std::move(v));
  PassResult r = pm.Run("x = a\n", "t.py", {});
  CHECK(r.ok);
  CHECK(r.output == "x = ccc\n");
  TranslateOptions stop;
  stop.stop_after = "one";
  CHECK(pm.Run("x = a\n", "t.py", stop).output == "x = bb\n");
  TranslateOptions only;
  only.only = "TWO";
  CHECK(pm.Run("x = bb\n", "t.py", only).output == "x = ccc\n");
  CHECK(pm.FindVisitor("t_w-o") == 1);
  CHECK(pm.FindVisitor("three") == -1);
}

TEST_CASE("a visitor that breaks the syntax is an internal error naming it, nothing is output") {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("Breaker", [](const Context& c) { return ReplaceFirst(c, "= 1", "= (1", "Breaker"); }));
  PassManager pm(std::move(v));
  PassResult r = pm.Run("x = 1\n", "t.py", {});
  CHECK_FALSE(r.ok);
  CHECK(r.output.empty());
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].id == DiagId::kVisitorBrokeSyntax);
  CHECK(r.diagnostics[0].message.find("Breaker") != std::string::npos);
}

// A text tree-sitter parses without an ERROR node but CPython refuses
// (`return` at module level) is checked once, on the final text; the run
// still names the visitor that wrote it and ends with what it had then.
TEST_CASE("a visitor whose text CPython refuses is named though a later visitor edits again") {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("Returner", [](const Context& c) {
    VisitorResult r = ReplaceFirst(c, "x = 1", "return 1", "Returner");
    r.diagnostics.push_back(c.Diag(DiagId::kInternal, "from Returner", 0, 1));
    return r;
  }));
  v.push_back(std::make_unique<LambdaVisitor>("Renamer", [](const Context& c) {
    VisitorResult r = ReplaceFirst(c, "y", "z", "Renamer");
    r.diagnostics.push_back(c.Diag(DiagId::kInternal, "from Renamer", 0, 1));
    return r;
  }));
  PassManager pm(std::move(v));
  PassResult r = pm.Run("x = 1\ny = 2\n", "t.py", {});
  CHECK_FALSE(r.ok);
  CHECK(r.output.empty());
  REQUIRE(r.diagnostics.size() == 2);
  CHECK(r.diagnostics[0].message == "from Returner");
  CHECK(r.diagnostics[1].id == DiagId::kVisitorBrokeSyntax);
  CHECK(r.diagnostics[1].message.find("visitor Returner produced") != std::string::npos);
  CHECK(r.diagnostics[1].message.find("'return' outside function at line 1, column 1") != std::string::npos);
  // A later visitor that breaks the text again does not take the blame.
  std::vector<std::unique_ptr<Visitor>> w;
  w.push_back(std::make_unique<LambdaVisitor>("Returner", [](const Context& c) { return ReplaceFirst(c, "x = 1", "return 1", "Returner"); }));
  w.push_back(std::make_unique<LambdaVisitor>("Opener", [](const Context& c) { return ReplaceFirst(c, "= 2", "= (2", "Opener"); }));
  PassManager pm2(std::move(w));
  PassResult r2 = pm2.Run("x = 1\ny = 2\n", "t.py", {});
  CHECK_FALSE(r2.ok);
  REQUIRE(r2.diagnostics.size() == 1);
  CHECK(r2.diagnostics[0].message.find("visitor Returner produced") != std::string::npos);
}

TEST_CASE("overlapping edits inside one visitor are an internal error naming both producers") {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("Clash", [](const Context&) {
    VisitorResult r{EditList("Clash"), {}};
    r.edits.Replace(0, 3, "y", "left");
    r.edits.Replace(2, 5, "z", "right");
    return r;
  }));
  PassManager pm(std::move(v));
  PassResult r = pm.Run("x = 1\n", "t.py", {});
  CHECK_FALSE(r.ok);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].id == DiagId::kOverlappingEdits);
  CHECK(r.diagnostics[0].message.find("Clash (left)") != std::string::npos);
  CHECK(r.diagnostics[0].message.find("Clash (right)") != std::string::npos);
}

TEST_CASE("diagnostics of later visitors are mapped back to input offsets") {
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("Grow", [](const Context&) {
    VisitorResult r{EditList("Grow"), {}};
    r.edits.Insert(0, "import os\nimport sys\n");
    return r;
  }));
  v.push_back(std::make_unique<LambdaVisitor>("Report", [](const Context& c) {
    VisitorResult r;
    size_t at = c.source().find("target");
    r.diagnostics.push_back(c.Diag(DiagId::kInternal, "here", static_cast<uint32_t>(at), static_cast<uint32_t>(at + 6)));
    return r;
  }));
  PassManager pm(std::move(v));
  std::string src = "x = 1\ny = target\n";
  PassResult r = pm.Run(src, "t.py", {});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(*r.diagnostics[0].start == src.find("target"));
  CHECK(r.diagnostics[0].end == src.find("target") + 6);
}

TEST_CASE("analyses are computed once per text version and recomputed after a change") {
  size_t before = 0, after = 0;
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("A", [&](const Context& c) {
    c.module();
    c.module();
    return VisitorResult{};
  }));
  v.push_back(std::make_unique<LambdaVisitor>("B", [&](const Context& c) {
    before = c.module().kernels.size();
    return ReplaceFirst(c, "def g", "@njit\ndef g", "B");
  }));
  v.push_back(std::make_unique<LambdaVisitor>("C", [&](const Context& c) {
    after = c.module().kernels.size();
    return VisitorResult{};
  }));
  PassManager pm(std::move(v));
  PassResult r = pm.Run("from numba import njit\n@njit\ndef f(): pass\ndef g(): pass\n", "t.py", {});
  CHECK(r.ok);
  CHECK(before == 1);
  CHECK(after == 2);  // a stale cache would still say 1
}

TEST_CASE("AnalysisCache counts computations") {
  AnalysisCache cache;
  Tree t = Tree::Parse("x = 1\n");
  AnalysisInput in{t, "t.py"};
  cache.Get<ModuleAnalysis>(in);
  cache.Get<ModuleAnalysis>(in);
  CHECK(cache.Computations() == 1);
  cache.Invalidate();
  cache.Get<ModuleAnalysis>(in);
  CHECK(cache.Computations() == 2);
}

TEST_CASE("syntax errors stop the run before any visitor, all errors are reported") {
  bool ran = false;
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("Spy", [&](const Context&) {
    ran = true;
    return VisitorResult{};
  }));
  PassManager pm(std::move(v));
  PassResult r = pm.Run("def f(:\n    pass\nx = = 1\n", "t.py", {});
  CHECK_FALSE(r.ok);
  CHECK_FALSE(ran);
  CHECK(r.diagnostics.size() >= 2);
}

TEST_CASE("OffsetMap maps positions around and inside replacements") {
  std::vector<Edit> edits;
  edits.push_back(Edit{2, 4, "XYZW", "t", 0});  // "abcdef" -> "abXYZWef"
  OffsetMap m(edits);
  CHECK(m.Back(0) == 0);
  CHECK(m.Back(3) == 2);   // inside the replacement -> its start
  CHECK(m.Back(6) == 4);   // 'e'
  CHECK(m.Back(8) == 6);   // end
}

TEST_CASE("the shipped pipeline has uniquely named visitors with descriptions") {
  PassManager pm(BuildPipeline());
  auto names = pm.VisitorNames();
  CHECK_FALSE(names.empty());
  for (size_t i = 0; i < names.size(); ++i) {
    CHECK(pm.FindVisitor(names[i]) == static_cast<int>(i));
    CHECK_FALSE(pm.Visitors()[i]->Description().empty());
  }
}

TEST_CASE("KernelRestorer puts back the input text of kernels left as Numba code, and only those") {
  // "Lower" rewrites both kernels (as a desugaring visitor before the
  // UnsupportedDetector may); "Translate" then turns only `good` into plain
  // Python, as the SemanticTransformer does with a kernel it accepts.
  const std::string input =
      "from numba import njit\n\n@njit\ndef good(a):\n    a[0] = 1  # keep\n\n"
      "@njit\ndef bad(a):\n    a[0] = 1  # keep\n    print(a)\n";
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("Lower", [](const Context& c) {
    VisitorResult r{EditList("Lower"), {}};
    std::string_view s = c.source();
    for (size_t at = s.find("a[0] = 1"); at != std::string_view::npos; at = s.find("a[0] = 1", at + 1))
      r.edits.Replace(static_cast<uint32_t>(at), static_cast<uint32_t>(at + 8), "a[0] = 0 + 1");
    return r;
  }));
  v.push_back(std::make_unique<LambdaVisitor>("Translate", [](const Context& c) {
    return ReplaceFirst(c, "@njit\ndef good", "def good", "Translate");
  }));
  v.push_back(std::make_unique<KernelRestorer>());
  PassManager pm(std::move(v));
  PassResult r = pm.Run(input, "t.py", {});
  CHECK(r.ok);
  CHECK(r.output ==
        "from numba import njit\n\ndef good(a):\n    a[0] = 0 + 1  # keep\n\n"
        "@njit\ndef bad(a):\n    a[0] = 1  # keep\n    print(a)\n");
  // Nothing changed: nothing to restore.
  TranslateOptions only;
  only.only = "KernelRestorer";
  CHECK(pm.Run(input, "t.py", only).output == input);
}

TEST_CASE("KernelRestorer reports the final refusals of a kernel nobody explained") {
  // "Expose" turns a translatable kernel into a refused one after the
  // UnsupportedDetector would have run (as a lowering that exposes a
  // construct may): without the restorer's report the kernel would stay
  // Numba code with no diagnostic at all.
  const std::string input = "from numba import njit\n\n@njit\ndef k(a):\n    a[0] = 1.0\n";
  std::vector<std::unique_ptr<Visitor>> v;
  v.push_back(std::make_unique<LambdaVisitor>("Expose", [](const Context& c) {
    return ReplaceFirst(c, "a[0] = 1.0", "print(a)", "Expose");
  }));
  v.push_back(std::make_unique<KernelRestorer>());
  PassManager pm(std::move(v));
  PassResult r = pm.Run(input, "t.py", {});
  CHECK(r.output == input);
  bool found = false;
  for (const Diagnostic& d : r.diagnostics) found = found || d.Code() == "CRB111";
  CHECK(found);
  // A kernel that an earlier visitor already explained gets nothing more.
  std::vector<std::unique_ptr<Visitor>> w;
  w.push_back(std::make_unique<LambdaVisitor>("Explain", [](const Context& c) {
    VisitorResult res{EditList("Explain"), {}};
    res.diagnostics.push_back(c.Diag(DiagId::kUnsupportedCall, "explained", 48, 52));
    return res;
  }));
  w.push_back(std::make_unique<LambdaVisitor>("Expose", [](const Context& c) {
    return ReplaceFirst(c, "a[0] = 1.0", "print(a)", "Expose");
  }));
  w.push_back(std::make_unique<KernelRestorer>());
  PassManager pm2(std::move(w));
  PassResult r2 = pm2.Run(input, "t.py", {});
  CHECK(r2.diagnostics.size() == 1);
}
