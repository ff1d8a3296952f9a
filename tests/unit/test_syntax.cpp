// Front end: parsing, node helpers, syntax problems, shipped queries.
#include <doctest/doctest.h>

#include <thread>

#include "caramba/syntax.h"

using namespace caramba;

TEST_CASE("parse gives nodes with exact text and fields") {
  Tree t = Tree::Parse("def f(a, b):\n    return a[i, 1:-1] + b  # c\n");
  Node root = t.Root();
  CHECK(root.Type() == "module");
  CHECK_FALSE(root.HasError());
  Node def = root.NamedChild(0);
  CHECK(def.Type() == "function_definition");
  CHECK(def.ChildByField("name").Text() == "f");
  CHECK(def.StartPoint().row == 0);
  // a[i, 1:-1] has repeated `subscript` fields and no tuple node.
  Node sub;
  Walk(root, [&](const Node& n) {
    if (n.Type() == "subscript") sub = n;
    return true;
  });
  REQUIRE(sub);
  CHECK(sub.ChildrenByField("subscript").size() == 2);
  CHECK(sub.ChildByField("value").Text() == "a");
}

TEST_CASE("tree owns its source: nodes stay valid after the caller's buffer dies") {
  Tree t = [] {
    std::string s = "x = 1\n";
    return Tree::Parse(s);
  }();
  Tree moved = std::move(t);
  CHECK(moved.Root().NamedChild(0).Text() == "x = 1");
}

TEST_CASE("syntax problems: every error is reported with its position") {
  Tree t = Tree::Parse("def f(:\n    pass\nx = = 2\ny = 3\n");
  auto ps = FindSyntaxProblems(t);
  REQUIRE(ps.size() >= 2);
  CHECK(ps[0].start_byte < ps[1].start_byte);
  for (const auto& p : ps) CHECK(p.kind != SyntaxProblem::Kind::kPython2);
}

TEST_CASE("syntax problems: a missing token is reported as MISSING") {
  Tree t = Tree::Parse("x = (1, 2\n");
  auto ps = FindSyntaxProblems(t);
  REQUIRE_FALSE(ps.empty());
}

TEST_CASE("Python 2 constructs are flagged even though the grammar accepts them") {
  for (const char* src : {"print 'hello'\n", "exec 'x = 1'\n", "if a <> b:\n    pass\n"}) {
    CAPTURE(src);
    Tree t = Tree::Parse(src);
    auto ps = FindSyntaxProblems(t);
    REQUIRE_FALSE(ps.empty());
    bool py2 = false;
    for (const auto& p : ps) py2 = py2 || p.kind == SyntaxProblem::Kind::kPython2;
    CHECK(py2);
  }
}

TEST_CASE("valid Python 3 has no problems") {
  Tree t = Tree::Parse("print('x')\nasync def f():\n    await g()\nx = [i for i in range(3)]\nmatch x:\n    case 1:\n        pass\n");
  CHECK(FindSyntaxProblems(t).empty());
}

TEST_CASE("every shipped query compiles") {
  auto names = ShippedQueryNames();
  CHECK(names.size() >= 1);
  for (const auto& n : names) {
    CAPTURE(n);
    CHECK_NOTHROW(ShippedQuery(n));
  }
  CHECK_THROWS(ShippedQuery("no_such_query"));
  CHECK_THROWS(Query("bad", "(not_a_node_type) @x"));
}

TEST_CASE("queries find matches with named captures") {
  Tree t = Tree::Parse("for i in prange(n):\n    pass\nfor j in range(1, m, 2):\n    pass\n");
  auto ms = ShippedQuery("for_loops").Matches(t.Root(), t.Source());
  REQUIRE(ms.size() == 2);
  CHECK(ms[0].Get("callee").Text() == "prange");
  CHECK(ms[1].Get("args").Text() == "(1, m, 2)");
  CHECK(ms[1].Get("target").Text() == "j");
  CHECK_FALSE(ms[0].Get("nonexistent"));
}

TEST_CASE("parsing is safe from several threads at once") {
  std::vector<std::thread> ts;
  std::vector<int> ok(4, 0);
  for (int i = 0; i < 4; ++i)
    ts.emplace_back([&ok, i] {
      for (int k = 0; k < 50; ++k) {
        Tree t = Tree::Parse("def f(x):\n    return x + " + std::to_string(k) + "\n");
        ok[i] += !t.Root().HasError();
      }
    });
  for (auto& t : ts) t.join();
  for (int v : ok) CHECK(v == 50);
}
