// syntax_checks.cpp — FindSyntaxProblems (syntax.h): one walk over the tree
// reports ERROR and MISSING nodes and Python 2 statements, and gives every
// node to the token and tree checks (syntax_checks.h); the line-level checks
// (indentation, nesting limits, non-printable characters) read the text.
#include <algorithm>

#include "caramba/syntax_checks.h"

namespace caramba {

using syntax_checks::Path;

namespace {
// A pre-order walk that keeps the ancestors of the visited node on `path`
// (outermost first). `fn(node, path)` returns false to skip the node's
// children. It steps through the tree's NodeIndex, and the nodes it hands out
// carry the index, so the checks' own walks below them need no cursor either.
template <typename Fn>
void WalkWithPath(const Tree& tree, Fn&& fn) {
  Node root = tree.Root();
  const NodeIndex& index = *root.Index();
  std::string_view src = tree.Source();
  Path path;
  if (!fn(root, path)) return;
  std::vector<uint32_t> open{0};  // the entries on `path`; entry 0 is the root
  path.push_back(root);
  for (uint32_t j = 1, end = index.End(0); j < end;) {
    while (index.End(open.back()) <= j) {
      open.pop_back();
      path.pop_back();
    }
    Node cur(index.At(j), src, &index);
    if (fn(cur, path)) {
      open.push_back(j);
      path.push_back(cur);
      ++j;
    } else {
      j = index.End(j);
    }
  }
}
}  // namespace

std::vector<SyntaxProblem> FindSyntaxProblems(const Tree& tree) {
  std::vector<SyntaxProblem> out;
  if (auto deep = FindNestingProblem(tree)) return {*deep};
  WalkWithPath(tree, [&](const Node& n, const Path& path) {
    if (n.IsMissing()) {
      out.push_back({SyntaxProblem::Kind::kMissing, n.StartByte(), n.EndByte(),
                     "expected '" + std::string(n.Type()) + "' here"});
      return false;
    }
    if (n.IsError()) {
      std::string what;
      Node first = n.ChildCount() ? n.Child(0) : Node();
      if (first && !first.Text().empty()) {
        std::string_view t = first.Text();
        if (t.size() > 20) t = t.substr(0, 20);
        what = " near '" + std::string(t) + "'";
      }
      out.push_back({SyntaxProblem::Kind::kError, n.StartByte(), n.EndByte(), "invalid syntax" + what});
      // A number CPython's tokenizer refuses says more than "invalid syntax"
      // (`0x`, `0njit` are where the grammar's recovery starts).
      Walk(n, [&](const Node& m) {
        if (m.Type() == "integer" || m.Type() == "float") syntax_checks::CheckNumber(m, &out);
        return true;
      });
      return false;  // one report per ERROR region
    }
    std::string_view type = n.Type();
    if (type == "print_statement") {
      out.push_back({SyntaxProblem::Kind::kPython2, n.StartByte(), n.EndByte(),
                     "Python 2 print statement; use print(...)"});
    } else if (type == "exec_statement") {
      out.push_back({SyntaxProblem::Kind::kPython2, n.StartByte(), n.EndByte(),
                     "Python 2 exec statement; use exec(...)"});
    } else if (type == "integer" || type == "float") {
      syntax_checks::CheckNumber(n, &out);
      return false;
    } else if (type == "identifier") {
      syntax_checks::CheckIdentifier(n, &out);
      return false;
    } else if (type == "string") {
      syntax_checks::CheckStringLines(n, &out);
    }
    syntax_checks::CheckTreeNode(n, path, &out);
    return true;
  });
  syntax_checks::FindIndentationProblems(tree, &out);
  syntax_checks::FindNestingLimits(tree, &out);
  syntax_checks::FindNonPrintable(tree, &out);
  syntax_checks::FindContinuationAtEnd(tree, &out);
  syntax_checks::FindPython2Operators(tree, &out);
  std::sort(out.begin(), out.end(),
            [](const SyntaxProblem& a, const SyntaxProblem& b) { return a.start_byte < b.start_byte; });
  return out;
}

}  // namespace caramba
