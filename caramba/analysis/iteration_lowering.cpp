// iteration_lowering.cpp — see iteration_lowering.h.
#include "caramba/analysis/iteration_lowering.h"

#include <set>
#include <string>

#include "caramba/analysis/helper_inlining.h"
#include "caramba/analysis/walk.h"
#include "caramba/text.h"

namespace caramba {

namespace {

bool IsPattern(const Node& n) {
  std::string_view t = n.Type();
  return t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern";
}

std::vector<Node> PatternElements(const Node& n) {
  std::vector<Node> out;
  for (const Node& c : n.NamedChildren())
    if (c.Type() != "comment") out.push_back(c);
  return out;
}

// Names a binding target binds (`a`, `a, (b, c)`); subscripts and
// attributes bind no name.
void BoundNames(const Node& target, std::set<std::string>& out) {
  if (target.Type() == "identifier") out.insert(std::string(target.Text()));
  else if (IsPattern(target) || target.Type() == "parenthesized_expression")
    for (const Node& c : target.NamedChildren()) BoundNames(c, out);
}

// Every name the statements of `root` bind.
std::set<std::string> NamesBoundIn(const Node& root) {
  std::set<std::string> out;
  Walk(root, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "assignment" || t == "augmented_assignment" || t == "for_statement")
      BoundNames(n.ChildByField("left"), out);
    else if (t == "named_expression")
      BoundNames(n.ChildByField("name"), out);
    return true;
  });
  return out;
}

// A text that can stand as an operand without parentheses.
std::string Operand(const Node& e) {
  std::string_view t = e.Type();
  bool simple = t == "identifier" || t == "integer" || t == "attribute" || t == "subscript" || t == "call" ||
                t == "parenthesized_expression";
  return simple ? std::string(e.Text()) : "(" + std::string(e.Text()) + ")";
}

class Lowering {
 public:
  Lowering(const ModuleInfo& mod, std::string index) : mod_(mod), index_(std::move(index)) {}

  // Binds `target` to the elements of `iter`; false when that cannot be kept exact.
  bool Bind(const Node& target, const Node& iter) {
    if (iter.Type() == "identifier") {  // an array: its rows or elements
      if (target.Type() != "identifier") return false;  // unpacking an array's elements
      reads_.insert(std::string(iter.Text()));
      lengths_.push_back(std::string(iter.Text()) + ".shape[0]");
      Assign(target, std::string(iter.Text()) + "[" + index_ + "]", std::string(iter.Text()));
      return true;
    }
    if (iter.Type() == "subscript") return BindSlice(target, iter);
    if (iter.Type() != "call") return false;
    std::string fn = mod_.imports.Resolve(iter.ChildByField("function"));
    std::vector<Node> args = PatternElements(iter.ChildByField("arguments"));
    if (fn == "range") return BindRange(target, args);
    if (fn == "enumerate") return BindEnumerate(target, args);
    if (fn == "zip") {
      if (!IsPattern(target) || args.empty()) return false;
      std::vector<Node> parts = PatternElements(target);
      if (parts.size() != args.size()) return false;
      for (size_t i = 0; i < args.size(); ++i)
        if (args[i].Type() == "keyword_argument" || !Bind(parts[i], args[i])) return false;
      return true;
    }
    return false;
  }

  /// One name the loop binds per iteration: `name = value`; `array` is set
  /// when the value is an element (or row) of that array.
  struct Binding {
    Node target;
    std::string value, array;
  };
  const std::vector<Binding>& Bindings() const { return bindings_; }
  const std::set<std::string>& Reads() const { return reads_; }
  // The loop's trip count: zip stops at the shortest sequence.
  std::string Length() const {
    std::string len = lengths_.front();
    for (size_t i = 1; i < lengths_.size(); ++i) len = "min(" + len + ", " + lengths_[i] + ")";
    return len;
  }

 private:
  void Assign(const Node& target, std::string value, std::string array = {}) {
    bindings_.push_back({target, std::move(value), std::move(array)});
  }

  // `x[1:]`, `x[:n0]`, `x[2:-1]` (legacy code skipping a first element): a
  // slice of an array's first axis with literal bounds, a start of 0 or more
  // and no step. Element k is `x[start + k]`; the length is what Python's
  // clamping gives (a negative one is an empty range, as the empty slice).
  bool BindSlice(const Node& target, const Node& iter) {
    Node base = iter.ChildByField("value");
    if (target.Type() != "identifier" || base.Type() != "identifier" || iter.NamedChildCount() != 2) return false;
    Node slice = iter.NamedChild(1);
    if (slice.Type() != "slice") return false;
    std::vector<Node> parts[3];
    int colons = 0;
    for (uint32_t i = 0; i < slice.ChildCount(); ++i) {
      Node c = slice.Child(i);
      if (c.Type() == ":") ++colons;
      else if (c.IsNamed() && c.Type() != "comment" && colons < 3) parts[colons].push_back(c);
    }
    if (colons != 1 || parts[0].size() > 1 || parts[1].size() > 1) return false;
    long long start = 0, stop = 0;
    if (!parts[0].empty() && (!Literal(parts[0][0], start) || start < 0)) return false;
    if (!parts[1].empty() && !Literal(parts[1][0], stop)) return false;
    std::string n = std::string(base.Text()) + ".shape[0]";
    std::string end = parts[1].empty() ? n : stop >= 0 ? "min(" + std::to_string(stop) + ", " + n + ")"
                                                       : n + " - " + std::to_string(-stop);
    reads_.insert(std::string(base.Text()));
    lengths_.push_back(start == 0 ? end : end + " - " + std::to_string(start));
    Assign(target, std::string(base.Text()) + "[" + (start == 0 ? index_ : std::to_string(start) + " + " + index_) + "]");
    return true;
  }

  // An integer literal, possibly negated, of at most nine digits.
  static bool Literal(const Node& e, long long& v) {
    bool negative = e.Type() == "unary_operator" && e.ChildByField("operator").Text() == "-";
    Node lit = negative ? e.ChildByField("argument") : e;
    std::string_view digits = lit.Text();
    if (lit.Type() != "integer" || digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
      return false;
    v = std::stoll(std::string(digits));
    if (negative) v = -v;
    return true;
  }

  // range(n) / range(a, b) inside zip or enumerate: element k is a + k.
  bool BindRange(const Node& target, const std::vector<Node>& args) {
    if (target.Type() != "identifier" || args.empty() || args.size() > 2) return false;
    for (const Node& a : args)
      if (!PureBound(a)) return false;
    if (args.size() == 1) {
      lengths_.push_back(Operand(args[0]));
      Assign(target, index_);
    } else {
      lengths_.push_back(Operand(args[1]) + " - " + Operand(args[0]));
      Assign(target, Operand(args[0]) + " + " + index_);
    }
    return true;
  }

  bool BindEnumerate(const Node& target, const std::vector<Node>& args) {
    if (!IsPattern(target) || args.empty() || args.size() > 2) return false;
    std::vector<Node> parts = PatternElements(target);
    if (parts.size() != 2 || parts[0].Type() != "identifier") return false;
    std::string start;
    if (args.size() == 2) {
      Node s = args[1];
      if (s.Type() == "keyword_argument") {
        if (s.ChildByField("name").Text() != "start") return false;
        s = s.ChildByField("value");
      }
      if (s.Type() != "integer") return false;  // a start evaluated once: keep it a literal
      start = std::string(s.Text());
    }
    if (args[0].Type() == "keyword_argument") return false;
    // The counter: the loop index itself when it is the user's own name.
    if (parts[0].Text() != index_) Assign(parts[0], start.empty() ? index_ : index_ + " + " + start);
    return Bind(parts[1], args[0]);
  }

  // A range bound Python evaluates once and the lowering per iteration: it
  // must read nothing that can change, so names, numbers, operators, shapes
  // and len() only.
  bool PureBound(const Node& e) {
    bool ok = true;
    WalkWithParent(e, e.Parent(), [&](const Node& n, const Node& p) {
      if (!ok) return false;
      std::string_view t = n.Type();
      if (!n.IsNamed()) return true;
      if (t == "identifier") {
        if (IsNameUse(n, p)) reads_.insert(std::string(n.Text()));
        return true;
      }
      if (t == "integer" || t == "binary_operator" || t == "unary_operator" || t == "parenthesized_expression" ||
          t == "argument_list")
        return true;
      if (t == "attribute") {
        ok = n.ChildByField("attribute").Text() == "shape";
        return ok;
      }
      if (t == "subscript") {
        ok = n.ChildByField("value").Type() == "attribute";
        return ok;
      }
      if (t == "call") {
        ok = mod_.imports.Resolve(n.ChildByField("function")) == "len";
        return ok;
      }
      ok = false;
      return false;
    });
    return ok;
  }

  const ModuleInfo& mod_;
  std::string index_;
  std::vector<Binding> bindings_;
  std::vector<std::string> lengths_;
  std::set<std::string> reads_;
};

// True when the loop's element name `target` is read only as `target[...]`
// inside `block` and nowhere else in the kernel (after the loop it would hold
// the last row), and never rebound; `uses` gets those subscripts.
bool IndexedOnly(const Node& body, const Node& block, const Node& target, std::vector<Node>& uses) {
  std::string name(target.Text());
  bool ok = true;
  WalkWithParent(body, body.Parent(), [&](const Node& n, const Node& p) {
    if (!ok) return false;
    if (n == target || !IsName(n, name) || !IsNameUse(n, p)) return true;
    bool inside = n.StartByte() >= block.StartByte() && n.EndByte() <= block.EndByte();
    bool subscripted = p.Type() == "subscript" && p.ChildByField("value") == n;
    if (!inside || !subscripted) ok = false;
    else uses.push_back(p);
    return true;
  });
  return ok && !uses.empty();
}

bool IsRangeCall(const ModuleInfo& mod, const Node& iter) {
  if (iter.Type() != "call") return false;
  std::string fn = mod.imports.Resolve(iter.ChildByField("function"));
  return fn == "range" || fn == "numba.prange";
}

// The user's enumerate counter, when the loop can use it as its index.
std::string UserCounter(const ModuleInfo& mod, const Node& target, const Node& iter) {
  if (!IsPattern(target) || iter.Type() != "call") return "";
  if (mod.imports.Resolve(iter.ChildByField("function")) != "enumerate") return "";
  if (PatternElements(iter.ChildByField("arguments")).size() != 1) return "";
  std::vector<Node> parts = PatternElements(target);
  return parts.size() == 2 && parts[0].Type() == "identifier" ? std::string(parts[0].Text()) : "";
}

// `for d in (-1, 0, 1)` (a neighbourhood's offsets): a literal tuple or list
// of integers in arithmetic progression is the range it spells out,
// `range(-1, 2)`; empty when the iterable is anything else.
std::string LiteralProgression(const Node& iter) {
  if (iter.Type() != "tuple" && iter.Type() != "list") return "";
  std::vector<long long> v;
  for (const Node& e : PatternElements(iter)) {
    bool negative = e.Type() == "unary_operator" && e.ChildByField("operator").Text() == "-";
    Node lit = negative ? e.ChildByField("argument") : e;
    std::string_view digits = lit.Text();
    if (lit.Type() != "integer" || digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
      return "";
    long long x = std::stoll(std::string(digits));
    v.push_back(negative ? -x : x);
  }
  if (v.empty()) return "";
  long long step = v.size() > 1 ? v[1] - v[0] : 1;
  if (step == 0) return "";
  for (size_t i = 1; i < v.size(); ++i)
    if (v[i] - v[i - 1] != step) return "";
  std::string stop = std::to_string(v.back() + (step > 0 ? 1 : -1));
  if (step == 1) return "range(" + std::to_string(v[0]) + ", " + stop + ")";
  return "range(" + std::to_string(v[0]) + ", " + stop + ", " + std::to_string(step) + ")";
}

}  // namespace

std::vector<Edit> LowerIterations(const Tree& tree, const ModuleInfo& mod, const Kernel& kernel) {
  std::vector<Edit> out;
  Node def = tree.Root().DescendantForByteRange(kernel.def_start_byte, kernel.def_end_byte);
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return out;
  Node body = def.ChildByField("body");
  // A user name in the reserved namespace is refused (CRB125); lowering
  // next to it could make it capture an index.
  bool reserved = false;
  std::vector<Node> loops;
  Walk(body, [&](const Node& n) {
    // (The HelperInliner's names are generated only where no user name is reserved.)
    if (n.Type() == "identifier" && n.Text().rfind("_pk_", 0) == 0 && n.Text().rfind(kInlinePrefix, 0) != 0)
      reserved = true;
    if (n.Type() == "function_definition" || n.Type() == "lambda" || n.Type() == "class_definition") return false;
    if (n.Type() == "for_statement") loops.push_back(n);
    return true;
  });
  if (reserved) return out;
  std::string_view src = tree.Source();
  int counter = 0;
  for (const Node& loop : loops) {
    Node target = loop.ChildByField("left"), iter = loop.ChildByField("right");
    Node block = loop.ChildByField("body");
    if (!target || !iter || !block || IsRangeCall(mod, iter) || loop.ChildByField("alternative")) continue;
    if (loop.Child(0).Type() == "async") continue;
    std::vector<Node> stmts = Statements(block);
    if (stmts.empty() || stmts.front().StartPoint().row == loop.StartPoint().row) continue;
    if (std::string r = LiteralProgression(iter); !r.empty()) {
      if (target.Type() == "identifier") out.push_back(Edit{iter.StartByte(), iter.EndByte(), r, {}, 0});
      continue;
    }
    std::string index = UserCounter(mod, target, iter);
    bool hidden = index.empty();
    if (hidden) index = std::string(kIterPrefix) + std::to_string(counter);
    Lowering l(mod, index);
    if (!l.Bind(target, iter)) continue;
    // Python evaluates the iterable once; the lowering reads its names on
    // every iteration, so the loop must not rebind any of them.
    std::set<std::string> bound = NamesBoundIn(block);
    BoundNames(target, bound);
    bool rebound = false;
    for (const std::string& r : l.Reads()) rebound = rebound || bound.count(r) > 0;
    if (rebound) continue;
    if (hidden) ++counter;
    out.push_back(Edit{target.StartByte(), iter.EndByte(), index + " in range(" + l.Length() + ")", {}, 0});
    std::string indent(IndentationAt(src, stmts.front().StartByte()));
    std::string nl(DominantNewline(src));
    std::string lines;
    std::set<std::string> body_bound = NamesBoundIn(block);
    for (const Lowering::Binding& b : l.Bindings()) {
      // A row only ever indexed is written as the array's own index,
      // `p[0]` -> `points[i, 0]`, so later analyses see plain element accesses.
      std::vector<Node> uses;
      if (!b.array.empty() && !body_bound.count(index) && IndexedOnly(body, block, b.target, uses)) {
        for (const Node& u : uses) {
          std::string_view t = u.Text();
          size_t open = u.ChildByField("value").EndByte() - u.StartByte();
          std::string inner(t.substr(open + 1, t.size() - open - 2));
          out.push_back(Edit{u.StartByte(), u.EndByte(), b.array + "[" + index + ", " + inner + "]", {}, 0});
        }
        continue;
      }
      lines += std::string(b.target.Text()) + " = " + b.value + nl + indent;
    }
    if (lines.empty()) continue;
    out.push_back(Edit{stmts.front().StartByte(), stmts.front().StartByte(), lines, {}, 0});
  }
  return out;
}

}  // namespace caramba
