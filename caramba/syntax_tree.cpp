// syntax_tree.cpp — constructs the grammar accepts where CPython refuses
// them (see syntax_checks.h). Each was a fuzz finding: a file CPython does
// not compile passed through, with exit 0 or 1.
#include <set>

#include "caramba/syntax_checks.h"

namespace caramba::syntax_checks {

namespace {

std::string_view TypeOf(const Node& n) { return n ? n.Type() : std::string_view(); }

bool IsAsync(const Node& n) {
  for (const Node& c : n.Children())
    if (!c.IsNamed() && c.Type() == "async") return true;
  return false;
}

// `return` and `yield` outside a function, `break` and `continue` outside a
// loop, `nonlocal` at module level: the grammar accepts them anywhere.
void CheckContext(const Node& n, std::string_view t, const Path& path, std::vector<SyntaxProblem>* out) {
  if (t == "nonlocal_statement") {
    // Allowed in any function, also in a class body inside one.
    for (const Node& a : path)
      if (a.Type() == "function_definition") return;
    Report(out, n, "nonlocal declaration not allowed at module level");
    return;
  }
  bool function_only = t == "return_statement" || t == "yield";
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    std::string_view a = it->Type();
    if (a == "function_definition" || (t == "yield" && a == "lambda")) {
      if (function_only) return;
      break;  // a loop outside the function does not count
    }
    if (!function_only && (a == "for_statement" || a == "while_statement")) return;
    if (a == "class_definition" || a == "module") break;
  }
  Report(out, n,
         t == "return_statement" ? "'return' outside function"
         : t == "yield"          ? "'yield' outside function"
         : t == "break_statement" ? "'break' outside loop"
                                  : "'continue' not properly in loop");
}

// `await`, `async for`, `async with` only in an `async def` (a lambda or a
// class in between does not count).
void CheckAsync(const Node& n, std::string_view what, const Path& path, std::vector<SyntaxProblem>* out) {
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    std::string_view a = it->Type();
    if (a == "function_definition") {
      if (IsAsync(*it)) return;
      break;
    }
    if (a == "lambda" || a == "class_definition") break;
  }
  Report(out, n, "'" + std::string(what) + "' outside async function");
}

// A starred expression (`*x`) is an element of a tuple, list or set, an
// argument, an index (3.11), or a target inside a tuple or list; anywhere
// else (`*args` alone, `for t in *r:`, `2. + *h`, `*x += 1`) CPython refuses
// it. `**d` is an argument or a dict entry.
void CheckStarred(const Node& n, std::string_view t, const Path& path, std::vector<SyntaxProblem>* out) {
  static const std::set<std::string_view> kStarParents{"tuple",       "list",         "set",
                                                       "expression_list", "pattern_list", "tuple_pattern",
                                                       "list_pattern", "argument_list", "subscript"};
  // The grammar binds `*` looser than a call or an attribute here: `*a.b()`
  // is call(function: *a.b). The star stands where the whole primary does.
  Node cur = n;
  size_t up = path.size();
  while (up > 0) {
    const Node& p = path[up - 1];
    std::string_view pt = p.Type();
    bool primary = (pt == "call" && p.ChildByField("function") == cur) ||
                   (pt == "attribute" && p.ChildByField("object") == cur) ||
                   (pt == "subscript" && p.ChildByField("value") == cur);
    if (!primary) break;
    cur = p;
    --up;
  }
  const Node at = up > 0 ? path[up - 1] : Node();
  std::string_view parent = TypeOf(at);
  if (t == "dictionary_splat") {
    if (parent != "dictionary" && parent != "argument_list") Report(out, n, "invalid syntax: '**' here");
    return;
  }
  if (kStarParents.count(parent)) {
    // `(*a)` is a parenthesised starred expression, not a tuple, without a comma.
    bool lone = parent == "tuple" && at.NamedChildCount() == 1 && at.ChildCount() == 3;
    if (!lone && (parent != "subscript" || at.ChildByField("value") != cur)) return;
  }
  // `def f(*args: *Ts)` (3.11): a starred annotation of *args.
  if (parent == "type" && up >= 2 && path[up - 2].Type() == "typed_parameter") return;
  if (parent == "augmented_assignment")
    Report(out, n, "'starred' is an illegal expression for augmented assignment");
  else if (parent == "assignment" && at.ChildByField("left") == cur)
    Report(out, n, "starred assignment target must be in a list or tuple");
  else
    Report(out, n, "can't use starred expression here");
}

// `*a = 1`, `*a += 1`, `for *a in b`: a starred target alone.
void CheckStarredTarget(const Node& n, const Path& path, std::vector<SyntaxProblem>* out) {
  if (path.empty()) return;
  const Node& parent = path.back();
  std::string_view pt = parent.Type();
  if (pt == "augmented_assignment")
    Report(out, n, "'starred' is an illegal expression for augmented assignment");
  else if ((pt == "assignment" || pt == "for_statement" || pt == "for_in_clause") && parent.ChildByField("left") == n)
    Report(out, n, "starred assignment target must be in a list or tuple");
}

// `x: a: b` and `def f(a: t. b: u)`: the grammar's bounds of type parameters
// (`class C[T: int]`) read as an annotation; no annotation has one.
void CheckConstrainedType(const Node& n, const Path& path, std::vector<SyntaxProblem>* out) {
  for (auto it = path.rbegin(); it != path.rend(); ++it)
    if (it->Type() == "type_parameter") return;
  Report(out, n, "invalid syntax: an annotation with two ':'");
}

// `name as alias` is part of a with item, an except clause or a case
// pattern; the grammar also takes `importznumpy as np` as a statement.
void CheckAsPattern(const Node& n, const Path& path, std::vector<SyntaxProblem>* out) {
  static const std::set<std::string_view> kRefused{"expression_statement", "assignment",      "augmented_assignment",
                                                   "return_statement",     "expression_list", "argument_list",
                                                   "type"};  // `importtry: numpy as np`
  if (!path.empty() && kRefused.count(path.back().Type())) Report(out, n, "invalid syntax: 'as' here");
}

// `x := v` without parentheses only as the condition of an if, elif or
// while, a positional argument, an element of a list, set or tuple, an index,
// a decorator, the element of a comprehension, or the subject of a match:
// not as a statement, a value to assign, return, yield, raise or delete, an
// assert, a with item, a for loop's iterable, an `if` in a comprehension, a
// keyword argument's or default's value, or a lambda's body.
void CheckNamedExpression(const Node& n, const Path& path, std::vector<SyntaxProblem>* out) {
  static const std::set<std::string_view> kAllowed{
      "if_statement", "elif_clause", "while_statement", "argument_list",      "list",
      "set",          "tuple",       "subscript",       "parenthesized_expression", "decorator",
      "list_comprehension", "set_comprehension", "generator_expression", "match_statement"};
  if (path.empty()) return;
  const Node& parent = path.back();
  bool allowed = kAllowed.count(parent.Type()) > 0;
  // A comprehension's element only (its `for` and `if` clauses are others).
  if (allowed && parent.Type().find("comprehension") != std::string_view::npos)
    allowed = parent.ChildByField("body") == n;
  if (allowed && parent.Type() == "generator_expression") allowed = parent.ChildByField("body") == n;
  if (!allowed) Report(out, n, "invalid syntax: ':=' needs parentheses here");
}

// An assignment is a statement; the grammar also takes one as the value of
// another (`a += b = 1`, `p = q: int = 1`, `o[i] = f += 1`). Only a chain of
// plain assignments (`a = b = 1`) is Python.
void CheckAssignment(const Node& n, std::string_view t, const Path& path, std::vector<SyntaxProblem>* out) {
  // `x += 1` takes one target: a name, an attribute or a subscript, in
  // parentheses or not; `q, += x` (a tuple) and `[a] += x` are refused.
  if (t == "augmented_assignment") {
    Node target = n.ChildByField("left");
    // `(q) += 1` is q in parentheses; the grammar may call it a one-element
    // tuple pattern, but without a comma it is no tuple.
    auto parenthesized = [](const Node& t) {
      std::string_view ty = t.Type();
      if (t.NamedChildCount() != 1) return false;
      if (ty == "parenthesized_expression") return true;
      if (ty != "tuple_pattern" && ty != "tuple") return false;
      for (uint32_t i = 0; i < t.ChildCount(); ++i)
        if (t.Child(i).Type() == ",") return false;
      return true;
    };
    while (target && parenthesized(target)) target = target.NamedChild(0);
    std::string_view tt = target ? target.Type() : std::string_view();
    if (target && tt != "identifier" && tt != "attribute" && tt != "subscript" && !target.IsError() &&
        !target.IsMissing()) {
      std::string what = tt == "pattern_list" || tt == "tuple" || tt == "tuple_pattern" || tt == "expression_list"
                             ? "tuple"
                         : tt == "list" || tt == "list_pattern" ? "list"
                                                                : "expression";
      Report(out, target, "'" + what + "' is an illegal expression for augmented assignment");
    }
  }
  if (path.empty()) return;
  const Node& parent = path.back();
  std::string_view pt = parent.Type();
  if (pt == "expression_statement") return;
  bool chained = pt == "assignment" && t == "assignment" && parent.ChildByField("right") == n &&
                 !parent.ChildByField("type") && !n.ChildByField("type") && n.ChildByField("right");
  if (!chained) Report(out, n, "invalid syntax: an assignment inside an expression");
}

// A `yield` is a statement, the whole right side of an assignment, or in
// parentheses of its own: the grammar also takes `(a, yield)`, `[yield]` and
// `f(yield)`, which CPython refuses.
void CheckYieldPlacement(const Node& n, const Path& path, std::vector<SyntaxProblem>* out) {
  if (path.empty()) return;
  std::string_view p = path.back().Type();
  if (p == "expression_statement" || p == "parenthesized_expression" || p == "assignment" ||
      p == "augmented_assignment")
    return;
  Report(out, n, "invalid syntax: 'yield' inside an expression needs parentheses of its own");
}

// `f(,)`: a comma with no argument before it (the grammar takes it).
void CheckEmptyArgument(const Node& n, std::vector<SyntaxProblem>* out) {
  if (n.ChildCount() >= 2 && !n.Child(1).IsNamed() && n.Child(1).Type() == ",")
    Report(out, n.Child(1), "invalid syntax: a ',' with no argument before it");
}

// A starred annotation is `*args: *Ts`, or an item of a subscript
// (`tuple[*Ts]`); the grammar takes `def f(x: *T)` and `x: *pk.int64`.
void CheckSplatType(const Node& n, const Path& path, std::vector<SyntaxProblem>* out) {
  size_t k = path.size();
  if (k >= 2 && path[k - 1].Type() == "type") {
    Node owner = path[k - 2];
    if (owner.Type() == "type_parameter") return;
    if (owner.Type() == "typed_parameter" && owner.NamedChild(0).Type() == "list_splat_pattern" &&
        owner.ChildByField("type") == path[k - 1])
      return;
  }
  Report(out, n, "invalid syntax: a starred annotation is only for '*args' or inside '[...]'");
}

// The order CPython's grammar gives parameters: plain ones, then those with a
// default; one `*` (bare or `*args`) after which every parameter is
// keyword-only (a default or not); a bare `*` needs a named one after it; and
// `**kwargs` last. The grammar takes `def f(**kw, out)` and `def f(x=1, y)`.
struct ParameterOrder {
  bool defaulted = false, star = false, bare_star = false, kwargs = false;
  Node bare;  // the bare `*` still waiting for a named parameter
};

void CheckParameterOrder(const Node& p, ParameterOrder* o, std::vector<SyntaxProblem>* out) {
  std::string_view pt = p.Type();
  if (pt == "positional_separator") return;  // CheckNames: its own rules
  if (o->kwargs) {
    Report(out, p, "arguments cannot follow var-keyword argument");
    return;
  }
  Node inner = pt == "typed_parameter" ? p.NamedChild(0) : p;
  std::string_view it = inner.Type();
  if (it == "dictionary_splat_pattern") {
    if (o->bare) Report(out, o->bare, "named arguments must follow bare *");
    o->bare = Node();
    o->kwargs = true;
    return;
  }
  if (it == "keyword_separator" || it == "list_splat_pattern") {
    if (o->star) Report(out, p, "* argument may appear only once");
    o->star = true;
    if (it == "keyword_separator") o->bare = p;
    return;
  }
  o->bare = Node();
  bool has_default = pt == "default_parameter" || pt == "typed_default_parameter";
  if (!o->star && !has_default && o->defaulted) Report(out, p, "non-default argument follows default argument");
  o->defaulted = o->defaulted || has_default;
}

// Parameters: one name once (as CPython compares names, NFKC-normalised:
// `x` and fullwidth `ｘ` are one name), `/` after at least one parameter,
// once, before `*`. Arguments of a call: each keyword once, no positional
// argument after a keyword one.
void CheckNames(const Node& n, std::string_view t, std::vector<SyntaxProblem>* out) {
  std::set<std::string> seen;
  bool star = false, slash = false, any = false, keyword = false, unpacked = false;
  ParameterOrder order;
  for (const Node& p : n.NamedChildren()) {
    std::string_view pt = p.Type();
    if (t == "argument_list" && pt != "comment") {
      // Arguments: positional ones first, then keywords; `*x` among the
      // keywords too, but neither after `**kw`.
      bool positional = pt != "keyword_argument" && pt != "list_splat" && pt != "dictionary_splat";
      if (positional && unpacked) Report(out, p, "positional argument follows keyword argument unpacking");
      else if (positional && keyword) Report(out, p, "positional argument follows keyword argument");
      else if (pt == "list_splat" && unpacked) Report(out, p, "iterable argument unpacking follows keyword argument unpacking");
      keyword = keyword || pt == "keyword_argument";
      unpacked = unpacked || pt == "dictionary_splat";
    }
    if (t != "argument_list") {
      if (pt == "positional_separator") {
        if (!any) Report(out, p, "at least one argument must precede /");
        else if (slash) Report(out, p, "/ may appear only once");
        else if (star) Report(out, p, "/ must be ahead of *");
        slash = true;
        continue;
      }
      if (pt != "comment" && pt != "line_continuation") CheckParameterOrder(p, &order, out);
      if (pt == "keyword_separator" || pt == "list_splat_pattern" || pt == "dictionary_splat_pattern") star = true;
      if (pt == "typed_parameter" && p.NamedChild(0).Type() == "list_splat_pattern") star = true;
      if (pt != "comment") any = true;
    }
    Node name = pt == "identifier"                                                ? p
                : pt == "keyword_argument"                                        ? p.ChildByField("name")
                : pt == "default_parameter" || pt == "typed_default_parameter"   ? p.ChildByField("name")
                : pt == "typed_parameter"                                         ? p.NamedChild(0)
                : pt == "list_splat_pattern" || pt == "dictionary_splat_pattern" ? p.NamedChild(0)
                                                                                  : Node();
    if (t == "argument_list" && pt != "keyword_argument") continue;
    if (name && (name.Type() == "list_splat_pattern" || name.Type() == "dictionary_splat_pattern"))
      name = name.NamedChild(0);  // a typed *args
    // A parameter is a name: `def f(*a.b)` parses as a splat pattern here.
    if (t != "argument_list" && name && name.Type() != "identifier" && !name.IsError() && !name.IsMissing()) {
      Report(out, name, "invalid syntax: a parameter must be a name, not '" + std::string(name.Text()) + "'");
      continue;
    }
    if (!name || name.Type() != "identifier") continue;
    if (!seen.insert(NormalizedName(name.Text())).second)
      Report(out, name, t == "argument_list" ? "keyword argument repeated: " + std::string(name.Text())
                                             : "duplicate argument '" + std::string(name.Text()) + "' in function definition");
  }
  if (order.bare) Report(out, order.bare, "named arguments must follow bare *");
}

// Statements of one block follow each other on new lines or after `;`;
// tree-sitter also takes `x = (n, m) global x` or `import numpy as nif p`
// (two statements run together). A line joined with `\` is one line.
void CheckStatementSeparation(const Node& n, std::vector<SyntaxProblem>* out) {
  std::string_view src = n.SourceView();
  Node prev;
  for (const Node& s : n.NamedChildren()) {
    if (s.Type() == "comment") continue;
    // A compound statement starts its own line: not after `;`, after a
    // one-line block (`for i in r: x   for j in r:`), nor as the one-line
    // block of another (`if a: for ...`), all of which the grammar takes.
    std::string_view st = s.Type();
    if ((st == "if_statement" || st == "for_statement" || st == "while_statement" || st == "try_statement" ||
         st == "with_statement" || st == "function_definition" || st == "class_definition" ||
         st == "decorated_definition" || st == "match_statement") &&
        !s.IsError()) {
      size_t i = s.StartByte();
      while (i > 0 && (src[i - 1] == ' ' || src[i - 1] == '\t' || src[i - 1] == '\f')) --i;
      bool starts_line = i == 0 || src[i - 1] == '\n' || src[i - 1] == '\r' ||
                         (i == 3 && src.substr(0, 3) == "\xEF\xBB\xBF");
      if (!starts_line) {
        Report(out, s, "invalid syntax: a compound statement must start a line of its own");
        prev = s;
        continue;
      }
    }
    if (prev && !prev.IsError() && !s.IsError() && !prev.IsMissing()) {
      std::string_view gap = src.substr(prev.EndByte(), s.StartByte() - prev.EndByte());
      // Only blanks, comments, `;` and `\` can be between them; a comment
      // runs to the end of its line (a `\` in it joins nothing).
      bool separated = false;
      for (size_t i = 0; i < gap.size() && !separated; ++i) {
        if (gap[i] == '#') {
          separated = true;
        } else if (gap[i] == ';') {
          separated = true;
        } else if (gap[i] == '\\') {
          i += gap.substr(i + 1, 2) == "\r\n" ? 2 : 1;  // the line break it joins
        } else if (gap[i] == '\n' || gap[i] == '\r') {
          separated = true;
        }
      }
      // A statement that ends with its block (a def, an if) ends its line.
      std::string_view pt = prev.Type();
      bool compound = pt.size() > 10 && (pt.substr(pt.size() - 10) == "_statement" || pt.substr(pt.size() - 11) == "_definition") &&
                      prev.ChildByField("body");
      if (!separated && !compound) Report(out, s, "invalid syntax: a statement on the line of another, without ';'");
    }
    prev = s;
  }
}

// `import a, b,` and `from m import a,`: a trailing comma only inside
// parentheses.
void CheckImportComma(const Node& n, std::vector<SyntaxProblem>* out) {
  uint32_t count = n.ChildCount();
  if (count == 0) return;
  Node last = n.Child(count - 1);
  if (!last.IsNamed() && last.Type() == ",")
    Report(out, last, "trailing comma not allowed without surrounding parentheses");
}

// `from m import a.b` (or `a.b as c`): what a from-import names is one name.
void CheckImportedNames(const Node& n, std::vector<SyntaxProblem>* out) {
  for (const Node& name : n.ChildrenByField("name")) {
    Node dotted = name.Type() == "aliased_import" ? name.ChildByField("name") : name;
    if (dotted && dotted.Type() == "dotted_name" && dotted.NamedChildCount() > 1)
      Report(out, dotted, "invalid syntax: 'from ... import' takes names, not '" + std::string(dotted.Text()) + "'");
  }
}

// A simple statement is one logical line: a line break inside it must be
// inside brackets or after `\`. Tree-sitter continues `np.` on the next line.
void CheckLogicalLine(const Node& stmt, std::vector<SyntaxProblem>* out) {
  if (stmt.StartPoint().row == stmt.EndPoint().row) return;
  std::string_view src = stmt.SourceView();
  int depth = 0;
  Node prev;
  bool reported = false;
  Walk(stmt, [&](const Node& n) {
    if (reported) return false;
    std::string_view nt = n.Type();
    // A compound statement's header only: its blocks and clauses are lines of their own.
    if (n != stmt && (nt == "block" || (nt.size() > 7 && nt.substr(nt.size() - 7) == "_clause" && nt != "with_clause")))
      return false;
    bool leaf = n.ChildCount() == 0 || nt == "string";
    if (!leaf) return true;
    if (prev && depth == 0 && n.StartPoint().row > prev.EndPoint().row && n.Type() != "comment") {
      std::string_view gap = src.substr(prev.EndByte(), n.StartByte() - prev.EndByte());
      size_t nl = gap.find_first_of("\r\n");
      if (nl != std::string_view::npos && (nl == 0 || gap[nl - 1] != '\\')) {
        Report(out, n, "invalid syntax: the statement goes on after a line break outside brackets");
        reported = true;
        return false;
      }
    }
    std::string_view t = n.Type();
    if (!n.IsNamed() && (t == "(" || t == "[" || t == "{")) ++depth;
    if (!n.IsNamed() && (t == ")" || t == "]" || t == "}")) --depth;
    prev = n;
    return false;
  });
}

}  // namespace

void CheckTreeNode(const Node& n, const Path& path, std::vector<SyntaxProblem>* out) {
  std::string_view t = n.Type();
  if (t == "return_statement" || t == "yield" || t == "break_statement" || t == "continue_statement" ||
      t == "nonlocal_statement") {
    CheckContext(n, t, path, out);
    if (t == "yield" && n.IsNamed()) CheckYieldPlacement(n, path, out);  // not the keyword token inside it
  } else if (t == "list_splat" || t == "dictionary_splat") {
    CheckStarred(n, t, path, out);
  } else if (t == "await") {
    CheckAsync(n, "await", path, out);
  } else if ((t == "for_statement" || t == "with_statement") && IsAsync(n)) {
    CheckAsync(n, t == "for_statement" ? "async for" : "async with", path, out);
  } else if (t == "list_splat_pattern") {
    CheckStarredTarget(n, path, out);
  } else if (t == "splat_type") {
    CheckSplatType(n, path, out);
  } else if (t == "constrained_type") {
    CheckConstrainedType(n, path, out);
  } else if (t == "as_pattern") {
    CheckAsPattern(n, path, out);
  } else if (t == "named_expression") {
    CheckNamedExpression(n, path, out);
  } else if (t == "assignment" || t == "augmented_assignment") {
    CheckAssignment(n, t, path, out);
  } else if (t == "parameters" || t == "lambda_parameters" || t == "argument_list") {
    CheckNames(n, t, out);
    if (t == "argument_list") CheckEmptyArgument(n, out);
  } else if (t == "import_statement" || t == "import_from_statement") {
    CheckImportComma(n, out);
    if (t == "import_from_statement") CheckImportedNames(n, out);
  }
  if (t == "module" || t == "block") CheckStatementSeparation(n, out);
  if (t == "expression_statement" || t == "return_statement" || t == "import_statement" ||
      t == "import_from_statement" || t == "global_statement" || t == "nonlocal_statement" || t == "del_statement" ||
      t == "assert_statement" || t == "raise_statement" || t == "function_definition" || t == "class_definition" ||
      t == "if_statement" || t == "elif_clause" || t == "while_statement" || t == "for_statement" ||
      t == "with_statement" || t == "except_clause" || t == "decorator")
    CheckLogicalLine(n, out);
}

}  // namespace caramba::syntax_checks
