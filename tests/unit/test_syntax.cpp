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

// Hardening findings: inputs the grammar accepts that CPython rejects, and
// nesting deep enough to overflow the translator's recursive walks.
namespace {
bool HasProblem(const std::string& src, caramba::SyntaxProblem::Kind kind, const std::string& text = "") {
  for (const auto& p : caramba::FindSyntaxProblems(caramba::Tree::Parse(src)))
    if (p.kind == kind && p.message.find(text) != std::string::npos) return true;
  return false;
}
}  // namespace

TEST_CASE("unexpected indent is a syntax error (CRB005), as in CPython") {
  using K = caramba::SyntaxProblem::Kind;
  CHECK(HasProblem("x = 1\n    y = 2\n", K::kError, "unexpected indent"));
  CHECK(HasProblem("if x:\n    a = 1\n        b = 2\n", K::kError, "unexpected indent"));
  CHECK(HasProblem("def f(a):\n    return a\n  b = 2\n", K::kError));  // CPython: unindent does not match
  CHECK(HasProblem("  x = 1\n", K::kError, "unexpected indent"));
  // Fuzz finding: a decorator, then the def indented under it.
  CHECK(HasProblem("@njit\n    def k(a):\n    a[0] = 1\n", K::kError, "unexpected indent"));
  CHECK(HasProblem("if x:\n    def f():\n    return 1\n", K::kError, "expected an indented block"));
}

TEST_CASE("a function without a body is a syntax error (CRB005)") {
  using K = caramba::SyntaxProblem::Kind;
  CHECK(HasProblem("def f():\n\nx = 1\n", K::kError, "indented block"));
  CHECK(HasProblem("class C:\nx = 1\n", K::kError, "indented block"));
  CHECK(HasProblem("def f():\n    # only a comment\n", K::kError, "indented block"));
}

TEST_CASE("indentation that CPython accepts has no problems") {
  for (const char* src : {"if x: a = 1; b = 2\n", "def f(): pass\nx = 1\n",
                          "def f():\n    a = 1\n# a comment at column 0\n    return a\n",
                          "x = (1 +\n        2)\ny = 3\n", "\fx = 1\n", "class C:\n\tdef f(self):\n\t\tpass\n",
                          "s = '''\n  not code\n'''\nt = 1\n", "x = 1 + \\\n    2\n"}) {
    CAPTURE(src);
    CHECK(caramba::FindSyntaxProblems(caramba::Tree::Parse(src)).empty());
  }
}

TEST_CASE("4100 nested calls and 9100 parentheses are refused as too deep (CRB019), without recursion") {
  std::string calls = "y = ";
  for (int i = 0; i < 4100; ++i) calls += "f(";
  calls += "1" + std::string(4100, ')') + "\n";
  std::string parens = "y = " + std::string(9100, '(') + "1" + std::string(9100, ')') + "\n";
  for (const std::string* src : {&calls, &parens}) {
    auto problem = caramba::FindNestingProblem(caramba::Tree::Parse(*src));
    REQUIRE(problem);
    CHECK(problem->kind == caramba::SyntaxProblem::Kind::kTooDeep);
    CHECK(HasProblem(*src, caramba::SyntaxProblem::Kind::kTooDeep));
  }
  // What CPython compiles stays within the limit: 199 nested parentheses, a
  // chain of 2,990 additions (CPython's compiler stops near 3,000).
  std::string ok = "y = " + std::string(199, '(') + "1" + std::string(199, ')') + "\n";
  CHECK_FALSE(caramba::FindNestingProblem(caramba::Tree::Parse(ok)));
  // Fuzz finding: 201 nested brackets parse here, CPython refuses them (200 it takes).
  std::string brackets = "y = " + std::string(100, '(') + std::string(101, '[') + "1" + std::string(101, ']') +
                         std::string(100, ')') + "\n";
  std::string two_hundred = "y = " + std::string(200, '(') + "1" + std::string(200, ')') + "\n";
  CHECK_FALSE(caramba::FindNestingProblem(caramba::Tree::Parse(two_hundred)));
  auto too_many = caramba::FindNestingProblem(caramba::Tree::Parse(brackets));
  REQUIRE(too_many);
  CHECK(too_many->message.find("too many nested parentheses") != std::string::npos);
  std::string chain = "y = a";
  for (int i = 0; i < 2990; ++i) chain += " + a";
  CHECK_FALSE(caramba::FindNestingProblem(caramba::Tree::Parse(chain + "\n")));
}

TEST_CASE("a chain of 99 conditional expressions is refused (CRB019), a chain of 40 is not") {
  auto chain = [](int n) {
    std::string s = "x = ";
    for (int i = 0; i < n; ++i) s += std::to_string(i) + " if c" + std::to_string(i) + " else ";
    return s + "0\n";
  };
  CHECK(caramba::FindNestingProblem(caramba::Tree::Parse(chain(99))));
  CHECK_FALSE(caramba::FindNestingProblem(caramba::Tree::Parse(chain(40))));
}

TEST_CASE("return, yield, break and continue where CPython's compiler refuses them are CRB005 (fuzz finding)") {
  using K = caramba::SyntaxProblem::Kind;
  CHECK(HasProblem("import numpy as np\nreturn\n", K::kError, "'return' outside function"));
  CHECK(HasProblem("class C:\n    return 1\n", K::kError, "'return' outside function"));
  CHECK(HasProblem("x = (yield)\n", K::kError, "'yield' outside function"));
  CHECK(HasProblem("break\n", K::kError, "'break' outside loop"));
  CHECK(HasProblem("nonlocal x\n", K::kError, "nonlocal declaration not allowed at module level"));
  CHECK(HasProblem("for i in x:\n    def f():\n        continue\n", K::kError, "'continue'"));
  CHECK(HasProblem("try:\n    x = 1\ny = 2\n", K::kError, "expected 'except' or 'finally'"));
  for (const char* ok : {"def f():\n    return 1\n", "def g():\n    yield 1\n", "f = lambda: (yield)\n",
                         "for i in x:\n    if i:\n        break\n    continue\n",
                         "while x:\n    with a:\n        break\n", "def f():\n    class C:\n        pass\n    return C\n",
                         "try:\n    x = 1\nfinally:\n    pass\n", "try:\n    x = 1\nexcept E:\n    pass\n",
                         "def f():\n    x = 1\n    class C:\n        nonlocal x\n"}) {
    CAPTURE(ok);
    CHECK(caramba::FindSyntaxProblems(caramba::Tree::Parse(ok)).empty());
  }
}

TEST_CASE("syntax: CPython's nesting limits (fuzz: statically_nested_blocks_21, indentation_levels_100)") {
  auto nest = [](int k, const std::string& head) {
    std::string s;
    for (int i = 0; i < k; ++i) s += std::string(4 * i, ' ') + head + "\n";
    return s + std::string(4 * k, ' ') + "pass\n";
  };
  auto has = [](const std::string& src, const std::string& what) {
    Tree t = Tree::Parse(src);
    for (const auto& p : FindSyntaxProblems(t))
      if (p.message == what) return true;
    return false;
  };
  CHECK_FALSE(has(nest(20, "for i in r:"), "too many statically nested blocks"));
  CHECK(has(nest(21, "for i in r:"), "too many statically nested blocks"));
  CHECK(has(nest(11, "with a, b:"), "too many statically nested blocks"));
  CHECK_FALSE(has(nest(99, "if x:"), "too many levels of indentation"));
  CHECK(has(nest(100, "if x:"), "too many levels of indentation"));
}

TEST_CASE("syntax: non-printable characters outside strings and comments (fuzz: bom_on_line_2, vertical_tab)") {
  using K = caramba::SyntaxProblem::Kind;
  // A byte-order mark spliced onto line 2, as the fuzzer made it: CPython
  // says "invalid non-printable character U+FEFF".
  CHECK(HasProblem("if i == 0:\n    t = 0\n\xEF\xBB\xBF# Kernels\nx = 1\n", K::kError, "U+FEFF"));
  CHECK(HasProblem("x = 1\x0B+ 2\n", K::kError, "U+000B"));
  for (const char* ok : {"\xEF\xBB\xBFx = 1\n",                   // a leading BOM is the encoding mark
                         "s = '\xEF\xBB\xBF\x0B'\n",              // inside a string literal
                         "x = 1  # \xEF\xBB\xBF \x01 in a comment\n",
                         "x = 1\n\x0Cy = 2\n", "x\t= 1\r\n"}) {  // form feed, tab and CR are whitespace
    CAPTURE(ok);
    CHECK(caramba::FindSyntaxProblems(caramba::Tree::Parse(ok)).empty());
  }
}

TEST_CASE("syntax: tokens CPython refuses (fuzz: hex_without_digits, leading_zero_index, number_into_name, duplicate_x)") {
  using K = caramba::SyntaxProblem::Kind;
  CHECK(HasProblem("x = 0x\n", K::kError, "invalid hexadecimal literal"));
  CHECK(HasProblem("a[i] += a[i -01]\n", K::kError, "leading zeros"));
  CHECK(HasProblem("y = 0njit\n", K::kError, "invalid decimal literal"));
  CHECK(HasProblem("def f(x, y, x):\n    pass\n", K::kError, "duplicate argument 'x'"));
  CHECK(HasProblem("f(a=1, b=2, a=3)\n", K::kError, "keyword argument repeated: a"));
  for (const char* ok : {"x = 0x1F + 0o7 + 0b1 + 00 + 0 + 1_000 + 0.5 + 1e3 + 2j\n", "y = 1 if x else 2\n",
                         "z = [i for i in range(3)]\n", "def f(x, *args, y=1, **kw):\n    pass\n",
                         "f(1, 2, a=1, **kw)\n", "g = lambda a, b=1: a + b\n", "x = 0\n"}) {
    CAPTURE(ok);
    CHECK(caramba::FindSyntaxProblems(caramba::Tree::Parse(ok)).empty());
  }
}
