// quick_fixes.cpp — see quick_fixes.h.
#include "caramba/lsp/quick_fixes.h"

#include <algorithm>
#include <string_view>

namespace caramba::lsp {

namespace {

using FixFn = std::optional<QuickFix> (*)(const Tree&, const Diagnostic&);

// The named node that covers the diagnostic's range, widened to the nearest
// ancestor of one of `types` (or null).
Node Enclosing(const Tree& tree, const Diagnostic& d, std::initializer_list<std::string_view> types) {
  Node n = tree.Root().DescendantForByteRange(*d.start, std::max(*d.start, d.end));
  for (; n; n = n.Parent())
    for (std::string_view t : types)
      if (n.Type() == t) return n;
  return {};
}

// CRB110: `@jit` without nopython=True. Adding the keyword is exactly what the
// diagnostic's help asks for and keeps every other option as written.
std::optional<QuickFix> AddNopython(const Tree& tree, const Diagnostic& d) {
  Node n = Enclosing(tree, d, {"decorator", "call"});
  if (!n) return std::nullopt;
  Node expr = n.Type() == "decorator" ? n.NamedChild(0) : n;
  if (!expr) return std::nullopt;
  QuickFix fix{"Add nopython=True to the @jit decorator", {}};
  if (expr.Type() != "call") {  // @jit / @numba.jit
    fix.edits.push_back({expr.EndByte(), expr.EndByte(), "(nopython=True)"});
    return fix;
  }
  Node args = expr.ChildByField("arguments");
  if (!args || args.Type() != "argument_list" || args.ChildCount() == 0) return std::nullopt;
  Node close = args.Child(args.ChildCount() - 1);
  if (close.Type() != ")") return std::nullopt;
  std::string_view src = tree.Source();
  uint32_t at = close.StartByte();
  uint32_t before = at;
  while (before > args.StartByte() + 1 && (src[before - 1] == ' ' || src[before - 1] == '\t' ||
                                           src[before - 1] == '\n' || src[before - 1] == '\r'))
    --before;
  std::string text;
  if (args.NamedChildCount() == 0) text = "nopython=True";
  else if (src[before - 1] == ',') text = " nopython=True";
  else text = ", nopython=True";
  // Insert right after the last argument so a closing parenthesis on its own
  // line keeps its layout.
  fix.edits.push_back({before, before, text});
  return fix;
}

// CRB006: the three Python 2 constructs the front end flags.
std::optional<QuickFix> PortPython2(const Tree& tree, const Diagnostic& d) {
  std::string_view src = tree.Source();
  if (d.end > *d.start && src.substr(*d.start, d.end - *d.start) == "<>")
    return QuickFix{"Replace '<>' with '!='", {{*d.start, d.end, "!="}}};
  Node n = Enclosing(tree, d, {"print_statement", "exec_statement"});
  if (!n) return std::nullopt;
  std::vector<std::string> parts;
  if (n.Type() == "print_statement") {
    Node chevron;
    for (const Node& c : n.NamedChildren())
      if (c.Type() == "chevron") chevron = c;
    for (const Node& a : n.ChildrenByField("argument")) parts.emplace_back(a.Text());
    if (chevron) {
      if (!chevron.NamedChild(0)) return std::nullopt;
      parts.push_back("file=" + std::string(chevron.NamedChild(0).Text()));
    }
    // A trailing comma suppressed the newline in Python 2.
    Node last = n.Child(n.ChildCount() - 1);
    if (last && last.Type() == ",") parts.emplace_back("end=\" \"");
    std::string text = "print(";
    for (size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
    return QuickFix{"Convert to the print() function", {{n.StartByte(), n.EndByte(), text + ")"}}};
  }
  Node code = n.ChildByField("code");
  if (!code) return std::nullopt;
  parts.emplace_back(code.Text());
  for (const Node& c : n.NamedChildren())
    if (c != code) parts.emplace_back(c.Text());
  std::string text = "exec(";
  for (size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
  return QuickFix{"Convert to the exec() function", {{n.StartByte(), n.EndByte(), text + ")"}}};
}

struct FixEntry {
  DiagId id;
  FixFn fn;
};
// Which diagnostics have a mechanical fix. Add a line to add one.
const FixEntry kFixes[] = {
    {DiagId::kPlainJitFallback, AddNopython},
    {DiagId::kPython2Syntax, PortPython2},
};

// Counts syntax problems of a text (a fix must not add any).
size_t ProblemCount(std::string text) { return FindSyntaxProblems(Tree::Parse(std::move(text))).size(); }

}  // namespace

bool HasQuickFixFor(DiagId id) {
  return std::any_of(std::begin(kFixes), std::end(kFixes), [id](const FixEntry& e) { return e.id == id; });
}

std::optional<QuickFix> FindQuickFix(const Tree& tree, const Diagnostic& d) {
  if (!d.start || *d.start > tree.Source().size()) return std::nullopt;
  for (const FixEntry& e : kFixes) {
    if (e.id != d.id) continue;
    std::optional<QuickFix> fix = e.fn(tree, d);
    if (!fix || fix->edits.empty()) return std::nullopt;
    // Self-check: the fixed text must not parse worse than the original.
    std::string fixed(tree.Source());
    std::vector<Replacement> sorted = fix->edits;
    std::sort(sorted.begin(), sorted.end(), [](const Replacement& a, const Replacement& b) { return a.start > b.start; });
    for (const Replacement& r : sorted) fixed.replace(r.start, r.end - r.start, r.text);
    if (ProblemCount(std::move(fixed)) > FindSyntaxProblems(tree).size()) return std::nullopt;
    return fix;
  }
  return std::nullopt;
}

}  // namespace caramba::lsp
