// syntax_checks.cpp — FindSyntaxProblems (syntax.h): one walk over the tree
// reports ERROR and MISSING nodes and Python 2 statements, and gives every
// node to the token and tree checks (syntax_checks.h); the line-level checks
// (indentation, nesting limits, non-printable characters) read the text.
#include <algorithm>

#include "caramba/syntax_checks.h"

#include "caramba/analysis/walk.h"

namespace caramba {

using syntax_checks::Path;

std::vector<SyntaxProblem> FindSyntaxProblems(const Tree& tree) {
  std::vector<SyntaxProblem> out;
  if (auto deep = FindNestingProblem(tree)) return {*deep};
  // The nodes the walk hands out carry the tree's index, so the checks' own
  // walks below them need no cursor either.
  WalkWithAncestors(tree.Root(), [&](const Node& n, const Path& path) {
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
  }, [](const Node&) {});
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
