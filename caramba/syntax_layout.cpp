// syntax_layout.cpp — lines and blocks (see syntax_checks.h): nesting
// deeper than the translator follows, indentation, CPython's nesting limits.
#include <optional>
#include <string>

#include "caramba/syntax_checks.h"

#include "caramba/analysis/walk.h"

namespace caramba {

std::optional<SyntaxProblem> FindNestingProblem(const Tree& tree) {
  // A walk (no recursion) that keeps, along the current path, which
  // ancestors are conditional expressions and which open a bracket.
  struct Frame {
    bool conditional = false, bracket = false;
  };
  std::vector<Frame> conditional;
  uint32_t conditionals = 0, brackets = 0;
  std::optional<SyntaxProblem> found;
  auto enter = [&](const Node& n) {
    // Type() reads the symbol the tree's index holds (ts_node_type measured
    // the name's length on every node, after every parse).
    std::string_view type = n.Type();
    bool cond = type == "conditional_expression";
    conditional.push_back(Frame{cond, false});
    conditionals += cond;
    // An opening bracket token: its parent holds one level of brackets.
    if (type.size() == 1 && (type == "(" || type == "[" || type == "{") && !n.IsNamed() && conditional.size() >= 2 &&
        !conditional[conditional.size() - 2].bracket) {
      conditional[conditional.size() - 2].bracket = true;
      ++brackets;
    }
    uint32_t depth = static_cast<uint32_t>(conditional.size()) - 1;
    if (depth > kMaxTreeDepth)
      found = SyntaxProblem{SyntaxProblem::Kind::kTooDeep, n.StartByte(), n.EndByte(),
                            "nested more than " + std::to_string(kMaxTreeDepth) +
                                " syntax levels deep here (CPython stops compiling about 3,000 levels deep and refuses 200 "
                                "nested parentheses)"};
    else if (brackets > 200)
      found = SyntaxProblem{SyntaxProblem::Kind::kTooDeep, n.StartByte(), n.EndByte(),
                            "too many nested parentheses (CPython's limit is 200)"};
    else if (conditionals > kMaxConditionalNesting)
      found = SyntaxProblem{SyntaxProblem::Kind::kTooDeep, n.StartByte(), n.EndByte(),
                            "more than " + std::to_string(kMaxConditionalNesting) +
                                " nested conditional expressions (x if c else y): each becomes a nested "
                                "if statement, beyond CPython's 100 indentation levels"};
  };
  auto leave = [&] {
    conditionals -= conditional.back().conditional;
    brackets -= conditional.back().bracket;
    conditional.pop_back();
  };
  // Every node below the root, in pre-order; the root holds the first frame.
  // Once a problem is found the walk skips everything after it.
  WalkWithAncestors(
      tree.Root(),
      [&](const Node& n, const std::vector<Node>& ancestors) {
        if (found) return false;
        if (ancestors.empty())
          conditional.push_back(Frame{});
        else
          enter(n);
        return true;
      },
      [&](const Node&) { leave(); });
  return found;
}

}  // namespace caramba

namespace caramba::syntax_checks {


namespace {
// A line's indentation as CPython's tokenizer measures it: `col` with tabs to
// the next multiple of 8, `alt` with a tab as one column (a form feed resets
// both). Two lines whose `col` and `alt` order differently mix tabs and
// spaces in a way whose meaning depends on the tab width: a TabError.
struct IndentColumns {
  uint32_t col = 0, alt = 0;
};
IndentColumns MeasureIndent(std::string_view src, uint32_t line_start) {
  IndentColumns c;
  for (uint32_t i = line_start; i < src.size(); ++i) {
    if (src[i] == ' ') {
      ++c.col, ++c.alt;
    } else if (src[i] == '\t') {
      c.col = (c.col / 8 + 1) * 8, ++c.alt;
    } else if (src[i] == '\f') {
      c.col = c.alt = 0;
    } else {
      break;
    }
  }
  return c;
}
bool TabConsistent(IndentColumns a, IndentColumns b) {
  return (a.col == b.col) == (a.alt == b.alt) && (a.col < b.col) == (a.alt < b.alt);
}
}  // namespace

// Statement lists the grammar accepts and CPython does not: an empty block
// (a def, class, if ... without a body: tree-sitter's external scanner lets
// the block be empty) and statements indented unlike their siblings
// ("unexpected indent", "unindent does not match"). Only statement-level
// nodes are visited, never expressions.
void FindIndentationProblems(const Tree& tree, std::vector<SyntaxProblem>* out) {
  std::string_view src = tree.Source();
  auto starts_line = [&](uint32_t at, uint32_t* column) {
    uint32_t i = at, indent_start = at;
    while (i > 0 && (src[i - 1] == ' ' || src[i - 1] == '\t' || src[i - 1] == '\f')) {
      --i;
      if (src[i] != '\f' && indent_start == i + 1) indent_start = i;  // a form feed resets the column, as in CPython
    }
    *column = at - indent_start;
    // A byte-order mark at the very start is no column: `<BOM>    x = 1` is
    // an unexpected indent, as in CPython.
    bool after_bom = i == 3 && src.substr(0, 3) == "\xEF\xBB\xBF";
    return i == 0 || after_bom || src[i - 1] == '\n' || src[i - 1] == '\r';
  };
  auto statement_level = [](std::string_view type) {
    auto ends = [&](std::string_view suffix) {
      return type.size() >= suffix.size() && type.substr(type.size() - suffix.size()) == suffix;
    };
    return type == "module" || type == "block" || type == "decorated_definition" || ends("_definition") ||
           ends("_clause") || type == "if_statement" || type == "for_statement" || type == "while_statement" ||
           type == "try_statement" || type == "with_statement" || type == "match_statement";
  };
  Walk(tree.Root(), [&](const Node& n) {
    if (n.IsError() || n.IsMissing()) return false;
    std::string_view type = n.Type();
    if (!statement_level(type)) return false;
    // The clauses of a compound statement (elif, else, except, finally)
    // start at its column; elsewhere the line matches no outer level.
    if (type == "if_statement" || type == "for_statement" || type == "while_statement" || type == "try_statement") {
      uint32_t own = 0, col = 0;
      if (starts_line(n.StartByte(), &own)) {
        for (const Node& c : n.NamedChildren()) {
          std::string_view ct = c.Type();
          bool clause = ct == "elif_clause" || ct == "else_clause" || ct == "except_clause" ||
                        ct == "except_group_clause" || ct == "finally_clause";
          if (clause && starts_line(c.StartByte(), &col) && col != own)
            out->push_back({SyntaxProblem::Kind::kError, c.StartByte(), c.StartByte(),
                            "unindent does not match any outer indentation level"});
        }
      }
    }
    if (type == "try_statement") {
      bool handler = false;
      for (const Node& c : n.NamedChildren()) {
        std::string_view ct = c.Type();
        handler |= ct == "except_clause" || ct == "except_group_clause" || ct == "finally_clause";
      }
      if (!handler) out->push_back({SyntaxProblem::Kind::kError, n.StartByte(), n.StartByte() + 3,
                                    "expected 'except' or 'finally' block"});
    }
    if (type == "decorated_definition") {
      // Decorators and the def start lines at one column.
      uint32_t want_col = 0, col = 0;
      bool first = true;
      for (const Node& c : n.NamedChildren()) {
        if (c.Type() == "comment" || !starts_line(c.StartByte(), &col)) continue;
        if (first) want_col = col, first = false;
        else if (col != want_col)
          out->push_back({SyntaxProblem::Kind::kError, c.StartByte(), c.StartByte(), "unexpected indent"});
      }
    }
    if (type != "module" && type != "block") return true;
    std::optional<uint32_t> want;
    if (type == "module") want = 0;
    // A block on lines of its own is indented deeper than the line of the
    // statement it belongs to (`def f():` then `x = 1` at the def's column is
    // CPython's "expected an indented block").
    uint32_t owner_indent = 0, owner_line_start = 0;
    bool has_owner = false;
    if (type == "block") {
      Node owner = n.Parent();
      if (owner) {
        uint32_t line_start = owner.StartByte();
        while (line_start > 0 && src[line_start - 1] != '\n' && src[line_start - 1] != '\r') --line_start;
        has_owner = starts_line(line_start, &owner_indent);
        owner_line_start = line_start;
        uint32_t i = line_start;
        while (i < src.size() && (src[i] == ' ' || src[i] == '\t')) ++i;
        owner_indent = i - line_start;
      }
    }
    bool any = false;
    std::optional<IndentColumns> first_indent, owner_columns;
    if (has_owner) owner_columns = MeasureIndent(src, owner_line_start);
    for (const Node& c : n.NamedChildren()) {
      if (c.Type() == "comment") continue;
      any = true;
      if (c.IsError() || c.IsMissing()) continue;
      uint32_t column = 0;
      if (!starts_line(c.StartByte(), &column)) continue;  // after `;` or on the header's line
      // Tabs against spaces, compared with the block's first statement and
      // with the line that owns the block (both on CPython's indent stack).
      IndentColumns indent = MeasureIndent(src, c.StartByte() - column);
      if (!first_indent) first_indent = indent;
      if (!TabConsistent(indent, *first_indent) || (owner_columns && !TabConsistent(*owner_columns, indent))) {
        out->push_back({SyntaxProblem::Kind::kError, c.StartByte() - column, c.StartByte(),
                        "inconsistent use of tabs and spaces in indentation"});
        continue;
      }
      if (!want) {
        want = column;
        if (has_owner && column <= owner_indent)
          out->push_back({SyntaxProblem::Kind::kError, c.StartByte(), c.StartByte(),
                          "expected an indented block"});
      } else if (column != *want) {
        uint32_t line_end = c.StartByte();
        while (line_end < src.size() && src[line_end] != '\n' && src[line_end] != '\r') ++line_end;
        out->push_back({SyntaxProblem::Kind::kError, c.StartByte(), line_end,
                        column > *want ? "unexpected indent" : "unindent does not match the indentation of the block"});
      }
    }
    if (type == "block" && !any && !n.HasError()) {
      Node owner = n.Parent();
      uint32_t s = owner ? owner.StartByte() : n.StartByte();
      uint32_t e = s;
      while (e < src.size() && src[e] != '\n' && src[e] != '\r') ++e;
      out->push_back({SyntaxProblem::Kind::kError, s, e, "expected an indented block after this line"});
    }
    return true;
  });
}

// CPython's two nesting limits for statements, which the grammar does not
// know: 100 levels of indentation (the tokenizer's MAXINDENT: 99 nested
// indented blocks compile) and 20 statically nested blocks per function,
// class or module (the compiler's CO_MAXBLOCKS). A loop or a `with` item
// holds one block around its body; a `try` holds one around its body per
// clause kind (except, finally), an `except` body two more (the handler and
// its cleanup) and a `finally` body one: measured against CPython 3.11.
// A walk (no recursion) keeps both counts along the path.
void FindNestingLimits(const Tree& tree, std::vector<SyntaxProblem>* out) {
  std::string_view src = tree.Source();
  auto starts_line = [&](uint32_t at) {
    while (at > 0 && (src[at - 1] == ' ' || src[at - 1] == '\t' || src[at - 1] == '\f')) --at;
    return at == 0 || src[at - 1] == '\n' || src[at - 1] == '\r';
  };
  struct Frame {
    std::string_view type;
    uint32_t indent = 0, blocks = 0;
    bool has_except = false, has_finally = false;
  };
  std::vector<Frame> path;
  bool indent_found = false, blocks_found = false;
  auto enter = [&](const Node& node) {
    TSNode n = node.Raw();
    Frame f = path.back();
    f.type = node.Type();  // the index's symbol, not ts_node_type's C string
    f.has_except = f.has_finally = false;
    const Frame& parent = path.back();
    if (f.type == "function_definition" || f.type == "class_definition" || f.type == "lambda") f.blocks = 0;
    if (f.type == "try_statement") {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        std::string_view t = ts_node_type(ts_node_named_child(n, i));
        f.has_except |= t == "except_clause" || t == "except_group_clause";
        f.has_finally |= t == "finally_clause";
      }
    }
    if (f.type == "block") {
      uint32_t first = ts_node_start_byte(n);
      if (ts_node_named_child_count(n) > 0 && starts_line(first)) ++f.indent;
      std::string_view owner = parent.type;
      if (owner == "for_statement" || owner == "while_statement") {
        // The loop's body, not its else clause (a block of its own clause).
        ++f.blocks;
      } else if (owner == "with_statement") {
        ++f.blocks;
      } else if (owner == "try_statement") {
        f.blocks += parent.has_except + parent.has_finally;
      } else if (owner == "except_clause" || owner == "except_group_clause") {
        // The try's own finally block (if any) wraps its handlers too.
        f.blocks += 2 + (path.size() >= 2 && path[path.size() - 2].has_finally);
      } else if (owner == "finally_clause") {
        f.blocks += 1;
      }
      if (f.indent >= 100 && !indent_found) {
        indent_found = true;
        out->push_back({SyntaxProblem::Kind::kError, first, first, "too many levels of indentation"});
      }
      if (f.blocks > 20 && !blocks_found) {
        blocks_found = true;
        out->push_back({SyntaxProblem::Kind::kError, first, first, "too many statically nested blocks"});
      }
    }
    if (f.type == "with_clause") {
      // `with a, b:` nests one block per item; the body counted one.
      uint32_t items = ts_node_named_child_count(n);
      if (items > 1 && path.size() >= 1) path.back().blocks += items - 1;
    }
    path.push_back(f);
  };
  // Every node below the root, in pre-order; the root holds the module's
  // frame.
  WalkWithAncestors(
      tree.Root(),
      [&](const Node& n, const std::vector<Node>& ancestors) {
        if (indent_found && blocks_found) return false;  // nothing more to report
        if (ancestors.empty())
          path.push_back(Frame{"module"});
        else
          enter(n);
        return true;
      },
      [&](const Node&) { path.pop_back(); });
}

}  // namespace caramba::syntax_checks
