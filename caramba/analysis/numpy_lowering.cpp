// numpy_lowering.cpp — see numpy_lowering.h.
//
// One Lowerer per kernel walks its statements. A statement that uses NumPy on
// arrays is rebuilt as text: a prelude (reduction loops, bound temporaries,
// the shape check) followed by the loop nest of the statement itself. The
// text is Numba spelling, so the result is still a valid Numba kernel; the
// KernelPlan analysis recomputed from it sees ordinary loops.
#include "caramba/analysis/numpy_lowering.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "caramba/analysis/numpy_table.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

Node StripParens(Node n) {
  while (n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1) n = n.NamedChild(0);
  return n;
}

// A name, literal, attribute, call or subscript: needs no parentheses.
bool IsAtom(const std::string& t) {
  if (t.empty()) return false;
  int depth = 0;
  for (char c : t) {
    if (c == '(' || c == '[') ++depth;
    else if (c == ')' || c == ']') --depth;
    else if (depth == 0 && !(isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return false;
  }
  return depth == 0 && t[0] != '(';
}
// A name, a literal or `a.shape[d]`: cheap enough to repeat, no temporary.
bool IsSimple(const std::string& t) {
  if (t.empty()) return false;
  if (isdigit(static_cast<unsigned char>(t[0])) && t.find_first_not_of("0123456789._eE") == std::string::npos) return true;
  size_t p = t.find(".shape[");
  std::string head = p == std::string::npos ? t : t.substr(0, p);
  for (char c : head)
    if (!(isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  if (p == std::string::npos) return true;
  std::string tail = t.substr(p + 7);
  return tail.size() >= 2 && tail.back() == ']' && tail.find_first_not_of("0123456789") == tail.size() - 1;
}
std::string Paren(const std::string& t) { return IsAtom(t) ? t : "(" + t + ")"; }

std::string FirstLine(std::string_view t) {
  std::string s(t.substr(0, t.find('\n')));
  while (!s.empty() && (s.back() == '\r' || s.back() == '\\' || s.back() == ' ')) s.pop_back();
  return s;
}

// A generated line `<indent><text>` (indented relative to the statement it
// replaces, whose own indentation is `base`) whose text spans several lines:
// the user's expression continued inside brackets. Its continuation lines
// move in by `<indent>`, and never start left of `base`. Python accepts
// continuation lines at any indentation, but tree-sitter does not parse one
// that starts left of the block it sits in, and the lowering places
// statements inside new loops.
std::string ShiftContinuations(const std::string& line, const std::string& base) {
  if (line.find('\n') == std::string::npos) return line;
  size_t lead = std::min(line.find_first_not_of(" \t"), line.size());
  std::string indent = line.substr(0, lead), out;
  for (size_t i = 0; i < line.size(); ++i) {
    out += line[i];
    if (line[i] != '\n') continue;
    size_t ws = i + 1;
    while (ws < line.size() && (line[ws] == ' ' || line[ws] == '\t')) ++ws;
    out += indent + (ws - i - 1 < base.size() ? base : line.substr(i + 1, ws - i - 1));
    i = ws - 1;
  }
  return out;
}

std::string Squeeze(std::string_view t) {
  std::string s;
  for (char c : t)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\\') s += c;
  return s;
}

// One dimension of an array operand as NumPy sees it after normalising the
// slice: the first element touched and the number of elements.
struct Dim {
  std::string offset;  // "0" or an expression (Numba spelling): the normalised start
  std::string stop;    // the normalised stop
  std::string length;  // max(stop - offset, 0)
  std::string key;     // equal keys: provably equal lengths (same array, same bounds)
  std::string stride;  // set when the dimension may broadcast: 0 or 1
};

// An array operand: `a`, `a[1:-1]`, `a[i, 2:m]`.
struct Leaf {
  Node node;
  std::string base;
  std::vector<std::string> fixed;  // per base dimension: the index text, or "" for a slice dimension
  std::vector<Dim> dims;           // the slice dimensions, in order
  std::string entries_key;         // squeezed subscript text, to compare with the target's
};

struct Failure {};
// Not the NumpyTransformer's business after all (a subview use the
// SubviewTransformer reports): the statement is left to the plan's refusals.
struct Abstain {};

class Lowerer {
 public:
  Lowerer(const NumpyLoweringInput& in, NumpyLowering& out) : in_(in), out_(out) {
    body_ = in.def.ChildByField("body");
    Walk(in.def, [&](const Node& n) {
      if (n.Type() == "identifier") used_.insert(std::string(n.Text()));
      // How often each name is bound: top-level temporaries whose text only
      // reads names bound at most once are shared between statements.
      Node target;
      if (n.Type() == "assignment" || n.Type() == "augmented_assignment") target = n.ChildByField("left");
      if (n.Type() == "for_statement") target = n.ChildByField("left");
      // (An element write `b[i] = ...` binds no name.)
      if (target)
        Walk(target, [&](const Node& id) {
          if (id.Type() == "identifier") bound_[std::string(id.Text())] += n.Type() == "assignment" ? 1 : 2;
          return id.Type() != "subscript" && id.Type() != "attribute";
        });
      return true;
    });
    numpy_ = in.imports.AliasOf("numpy");
  }

  void Run() {
    Block(body_);
    // Rewriting part of a kernel whose other part stays refused is pointless.
    if (abstained_) out_.rewrites.clear();
  }

 private:
  // ---- diagnostics -------------------------------------------------------------
  [[noreturn]] void Fail(DiagId id, const std::string& what, const Node& n, std::string help = {}) {
    auto d = Diagnostic::Make(id, "'" + in_.kernel + "': " + what, in_.path).At(n.StartByte(), n.EndByte());
    if (!help.empty()) d.Help(std::move(help));
    out_.refusals.push_back(std::move(d));
    throw Failure{};
  }
  void Note(DiagId id, const std::string& what, const Node& n) {
    out_.notes.push_back(
        Diagnostic::Make(id, "'" + in_.kernel + "': " + what, in_.path).At(n.StartByte(), n.EndByte()));
  }

  std::string Fresh(const std::string& what) {
    for (;;) {
      std::string name = std::string(kNumpyPrefix) + what + std::to_string(counter_++);
      if (!used_.count(name)) {
        used_.insert(name);
        return name;
      }
    }
  }
  std::string Index(size_t d) {
    while (index_.size() <= d) {
      std::string name = std::string(kNumpyPrefix) + "i" + std::to_string(index_.size());
      while (used_.count(name)) name += "_";
      used_.insert(name);
      index_.push_back(name);
    }
    return index_[d];
  }

  // ---- what needs lowering --------------------------------------------------------
  int Rank(const Node& n) const {
    if (n.Type() != "identifier") return 0;
    auto it = in_.types.find(n.Text());
    return it == in_.types.end() ? 0 : it->second.rank;
  }
  const NumpyFunction* Row(const Node& call) const {
    if (call.Type() != "call") return nullptr;
    Node fn = call.ChildByField("function");
    if (const NumpyFunction* f = FindNumpyFunction(in_.imports.Resolve(fn))) return f;
    if (fn.Type() == "attribute" && Rank(fn.ChildByField("object")) > 0 &&
        call.ChildByField("arguments").NamedChildCount() == 0)
      return FindNumpyMethod(fn.ChildByField("attribute").Text());
    return nullptr;
  }
  bool IsReduction(const Node& n) const {
    const NumpyFunction* f = Row(n);
    return f && f->cls == NumpyClass::kReduction;
  }
  bool IsElementwiseCall(const Node& n) const {
    const NumpyFunction* f = Row(n);
    return f && (f->cls == NumpyClass::kMath || f->cls == NumpyClass::kBuiltin || f->cls == NumpyClass::kNanMinMax);
  }
  // A subscript that denotes an array (a slice in it, or fewer indices than rank).
  // Counts the indices of a whole chain (`a[i][j]`, the view spelling, is
  // an element of a 2-D array).
  bool IsArraySubscript(const Node& n) const {
    if (n.Type() != "subscript") return false;
    int depth = 0;
    bool slice = false;
    Node base = n;
    while (base.Type() == "subscript") {
      for (const Node& i : base.ChildrenByField("subscript")) {
        ++depth;
        slice = slice || i.Type() == "slice";
      }
      base = base.ChildByField("value");
    }
    int rank = Rank(base);
    return rank > 0 && (slice || depth < rank);
  }
  bool IsArrayValued(const Node& e) const {
    Node n = StripParens(e);
    std::string_view t = n.Type();
    if (t == "identifier") return Rank(n) > 0;
    if (t == "subscript") return IsArraySubscript(n);
    if (t == "binary_operator") return IsArrayValued(n.ChildByField("left")) || IsArrayValued(n.ChildByField("right"));
    if (t == "unary_operator") return IsArrayValued(n.ChildByField("argument"));
    if (t == "call" && IsElementwiseCall(n)) {
      for (const Node& a : n.ChildByField("arguments").NamedChildren())
        if (IsArrayValued(a)) return true;
    }
    return false;
  }
  // A slice used as a plain value: bound to a name (`row = a[i, :]`) or
  // passed to a function that is not NumPy's. Those are subviews, the
  // SubviewTransformer's business, not array expressions.
  bool IsPlainValue(const Node& sub) const {
    Node p = sub.Parent();
    if (p.Type() == "assignment" && p.ChildByField("right") == sub && p.ChildByField("left").Type() == "identifier")
      return true;
    if (p.Type() == "argument_list") {
      Node call = p.Parent();
      return !Row(call);
    }
    return false;
  }
  bool NeedsLowering(const Node& root) const {
    bool found = false;
    Walk(root, [&](const Node& n) {
      if (found) return false;
      std::string_view t = n.Type();
      if (t == "subscript" && IsArraySubscript(n) && IsPlainValue(n)) return false;
      if (t == "slice") found = true;
      // `C *= alpha`: an in-place update of the whole array, with no slice
      // or array operator on either side.
      else if (t == "augmented_assignment" && Rank(n.ChildByField("left")) > 0) found = true;
      else if (t == "call" && (IsReduction(n) || (Row(n) && Row(n)->cls == NumpyClass::kNanMinMax))) found = true;
      else if ((t == "binary_operator" || t == "unary_operator" || t == "call") && IsArrayValued(n)) found = true;
      return !found;
    });
    return found;
  }

  // ---- statements -----------------------------------------------------------------
  void Block(const Node& block) {
    for (const Node& s : Statements(block)) Statement(s);
  }

  void Statement(const Node& s) {
    std::string_view t = s.Type();
    if (t == "expression_statement" || t == "return_statement") {
      Simple(s);
      return;
    }
    if (t == "if_statement") {
      Header(s, s.ChildByField("condition"), true);
      Block(s.ChildByField("consequence"));
      for (const Node& alt : s.ChildrenByField("alternative")) {
        if (alt.Type() == "elif_clause") Header(alt, alt.ChildByField("condition"), false);
        if (Node b = alt.ChildByField("consequence")) Block(b);
        else if (Node b2 = alt.ChildByField("body")) Block(b2);
      }
      return;
    }
    if (t == "for_statement") {
      Header(s, s.ChildByField("right"), true);
      Block(s.ChildByField("body"));
      return;
    }
    if (t == "while_statement") {
      Header(s, s.ChildByField("condition"), false);
      Block(s.ChildByField("body"));
      return;
    }
  }

  // A compound statement's condition or loop header: its prelude goes
  // before the statement (evaluated once, as the header is).
  void Header(const Node& stmt, const Node& expr, bool room) {
    if (!expr || !NeedsLowering(expr)) return;
    out_.covered.push_back({expr.StartByte(), expr.EndByte()});
    try {
      if (!room) Fail(DiagId::kNumpyPosition, "uses NumPy on arrays in a while or elif condition", expr);
      lines_.clear();
      held_.clear();
      ids_.clear();
      stmt_ = stmt;
      top_ = stmt.Parent() == body_;
      std::string text = ScalarText(expr);
      std::string indent = Indentation(stmt);
      std::string pre;
      for (const auto& l : lines_) pre += ShiftContinuations(l, indent) + in_.newline + indent;
      if (!pre.empty()) out_.rewrites.push_back({stmt.StartByte(), stmt.StartByte(), pre});
      out_.rewrites.push_back({expr.StartByte(), expr.EndByte(), text});
    } catch (const Failure&) {
    } catch (const Abstain&) {
      out_.covered.pop_back();
      abstained_ = true;
    }
  }

  std::string Indentation(const Node& n) const {
    std::string_view src = n.SourceView();
    uint32_t s = n.StartByte(), b = s;
    while (b > 0 && src[b - 1] != '\n') --b;
    std::string ind(src.substr(b, s - b));
    for (char& c : ind)
      if (c != '\t') c = ' ';
    return ind;
  }

  void Simple(const Node& s) {
    if (!NeedsLowering(s)) return;
    out_.covered.push_back({s.StartByte(), s.EndByte()});
    lines_.clear();
    held_.clear();
    ids_.clear();
    stmt_ = s;
    top_ = s.Parent() == body_;
    try {
      std::string text;
      if (s.Type() == "return_statement") {
        Node v = s.NamedChildCount() ? s.NamedChild(0) : Node();
        if (v && IsArrayValued(v)) Fail(DiagId::kNumpyNewArray, "returns an array expression", v);
        text = "return " + ScalarText(v);
      } else {
        Node a = s.NamedChild(0);
        if (s.NamedChildCount() != 1 || (a.Type() != "assignment" && a.Type() != "augmented_assignment"))
          Fail(DiagId::kNumpyExpression, "uses NumPy in a statement that is not an assignment", s);
        Node left = a.ChildByField("left"), right = a.ChildByField("right");
        std::string op = a.Type() == "assignment" ? "=" : std::string(a.ChildByField("operator").Text());
        if (!right || right.Type() == "assignment")
          Fail(DiagId::kNumpyExpression, "uses a chained assignment with arrays", s);
        if (IsArraySubscript(left) || (left.Type() == "identifier" && Rank(left) > 0 && op != "=")) {
          ElementWise(s, left, op, right);
          return;
        }
        if (left.Type() == "identifier" && IsArrayValued(right))
          Fail(DiagId::kNumpyNewArray, "binds '" + std::string(left.Text()) + "' to a new array expression", s,
               "allocate it first (x = np.empty(...)) and assign into it (x[:] = ...)");
        if (left.Type() != "identifier" && NeedsLowering(left))
          Fail(DiagId::kNumpyExpression, "indexes with a NumPy expression", left);
        text = std::string(left.Text()) + " " + op + " " + ScalarText(right);
      }
      Emit(s, text);
    } catch (const Failure&) {
    } catch (const Abstain&) {
      out_.covered.pop_back();
      out_.guard_sites.erase(std::remove_if(out_.guard_sites.begin(), out_.guard_sites.end(),
                                            [&](const NumpyGuardSite& g) { return g.start == s.StartByte(); }),
                             out_.guard_sites.end());
      abstained_ = true;
    }
  }

  // Replaces statement `s` by the prelude lines and `text` (which may hold
  // several lines, already indented relative to the statement).
  void Emit(const Node& s, const std::string& text) {
    std::string indent = Indentation(s);
    std::string out = "# " + FirstLine(s.Text()) + in_.newline + indent;
    for (const auto& l : lines_) out += ShiftContinuations(l, indent) + in_.newline + indent;
    out += ShiftContinuations(text, indent);  // (the loop nest of ElementWise is shifted already)
    out_.rewrites.push_back({s.StartByte(), s.EndByte(), out});
  }

  // ---- scalar expressions -----------------------------------------------------------
  // The text of a scalar expression: reductions become accumulators computed
  // by loops in the prelude; np.minimum/np.maximum of scalars NaN-propagating
  // conditional expressions.
  std::string ScalarText(const Node& e) {
    if (!e) return "";
    std::string_view t = e.Type();
    if (t == "call" && IsReduction(e)) return Reduce(e);
    if (t == "call" && Row(e) && Row(e)->cls == NumpyClass::kNanMinMax) {
      auto args = e.ChildByField("arguments").NamedChildren();
      if (args.size() != 2 || IsArrayValued(args[0]) || IsArrayValued(args[1]))
        Fail(DiagId::kNumpyExpression, "calls " + std::string(e.ChildByField("function").Text()) + " on arrays here", e);
      return NanMinMax(Row(e)->scalar == "min", ScalarText(args[0]), ScalarText(args[1]));
    }
    if (t == "subscript" && IsArraySubscript(e) && IsPlainValue(e)) return std::string(e.Text());  // a subview
    if (t == "subscript" && !IsArraySubscript(e)) return ElementChain(e);
    if (IsArrayValued(e)) Fail(DiagId::kNumpyExpression, "uses the array expression '" + FirstLine(e.Text()) + "' where a scalar is needed", e);
    if (t == "slice") Fail(DiagId::kNumpyExpression, "slices where a scalar is needed", e);
    if (t == "conditional_expression" || t == "boolean_operator") {
      // Only the first operand (the condition of a ternary, the left of
      // and/or) is always evaluated: a reduction elsewhere would run eagerly.
      auto kids = e.NamedChildren();
      for (size_t i = 0; i < kids.size(); ++i) {
        bool always = t == "conditional_expression" ? i == 1 : i == 0;
        if (!always && NeedsLowering(kids[i]))
          Fail(DiagId::kNumpyPosition, "computes a NumPy reduction in a branch that Python evaluates lazily", kids[i]);
      }
    }
    return Splice(e, [&](const Node& c) { return ScalarText(c); });
  }

  // An element `a[i, j]` / `a[i][j]`: its indices may hold reductions.
  std::string ElementChain(const Node& e) {
    if (e.Type() != "subscript") {
      if (e.Type() != "identifier" && NeedsLowering(e)) throw Abstain{};  // `(a[1:] * 2.0)[0]`
      return std::string(e.Text());
    }
    Node value = e.ChildByField("value");
    return Splice(e, [&](const Node& c) { return c == value ? ElementChain(c) : ScalarText(c); });
  }

  template <typename F>
  std::string Splice(const Node& e, F&& child) {
    return SpliceChildren(e, std::forward<F>(child));
  }

  // np.minimum(x, y): y when y is NaN, x when x is NaN (x != x), else the
  // smaller; x and y are pure, so repeating them is exact.
  std::string NanMinMax(bool min, const std::string& x, const std::string& y) {
    std::string px = Paren(HoldValue(x)), py = Paren(HoldValue(y));
    return "(" + px + " if " + px + (min ? " <= " : " >= ") + py + " or " + px + " != " + px + " else " + py + ")";
  }

  // ---- array operands ------------------------------------------------------------------
  // Python's normalisation of a slice bound against extent `n`.
  std::string Bound(const Node& b, bool hi, const std::string& n) {
    if (!b) return hi ? n : "0";
    Node s = StripParens(b);
    if (s.Type() == "integer") return s.Text() == "0" ? "0" : "min(" + std::string(s.Text()) + ", " + n + ")";
    if (s.Type() == "unary_operator" && s.Child(0).Text() == "-" && s.ChildByField("argument").Type() == "integer")
      return "max(" + n + " - " + std::string(s.ChildByField("argument").Text()) + ", 0)";
    std::string e = ScalarText(b);
    if (top_) e = Hold(e, "b");
    e = Paren(e);
    return "min(max(" + e + " + " + n + " if " + e + " < 0 else " + e + ", 0), " + n + ")";
  }

  // A value repeated by a conditional expression, in a temporary of the
  // current context (before the statement, or per element inside the loop).
  std::string HoldValue(const std::string& text) {
    if (IsSimple(text)) return text;
    std::string name = Fresh("m");
    sink_->push_back(name + " = " + text);
    return name;
  }

  // Bound text in a temporary when it is not already a name or literal;
  // one temporary per text within a statement.
  std::string Hold(const std::string& text, const std::string& kind) {
    if (IsSimple(text)) return text;
    auto it = held_.find(text);
    if (it != held_.end()) return it->second;
    bool shared = top_ && Invariant(text);
    if (shared) {
      auto jt = shared_.find(text);
      if (jt != shared_.end()) return jt->second;
    }
    std::string name = Fresh(kind);
    lines_.push_back(name + " = " + text);
    held_[text] = name;
    if (shared) shared_[text] = name;
    return name;
  }

  // The text reads only names bound at most once (parameters, set-up
  // scalars, the lowering's own top-level temporaries): its value is the
  // same in every later top-level statement.
  bool Invariant(const std::string& text) const {
    for (size_t i = 0; i < text.size();) {
      if (isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_') {
        size_t j = i;
        while (j < text.size() && (isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
        std::string id = text.substr(i, j - i);
        bool attribute = i > 0 && text[i - 1] == '.';
        auto it = bound_.find(id);
        if (!attribute && it != bound_.end() && it->second > 1 && id.rfind(kNumpyPrefix, 0) != 0) return false;
        i = j;
      } else {
        ++i;
      }
    }
    return true;
  }

  Leaf MakeLeaf(const Node& e) {
    Leaf leaf;
    leaf.node = e;
    Node n = StripParens(e);
    Node base = n.Type() == "subscript" ? n.ChildByField("value") : n;
    if (base.Type() != "identifier")
      Fail(DiagId::kNumpyExpression, "indexes the array expression '" + FirstLine(n.Text()) + "' more than once", e);
    leaf.base = std::string(base.Text());
    ids_.insert(leaf.base);
    int rank = Rank(base);
    std::vector<Node> idx;
    if (n.Type() == "subscript") idx = n.ChildrenByField("subscript");
    if (static_cast<int>(idx.size()) > rank)
      Fail(DiagId::kNumpyExpression, "indexes the " + std::to_string(rank) + "-D array '" + leaf.base + "' with " +
                                         std::to_string(idx.size()) + " indices", e);
    leaf.entries_key = n.Type() == "subscript" ? Squeeze(n.Text()) : leaf.base + "[:]";
    for (int d = 0; d < rank; ++d) {
      std::string extent = leaf.base + ".shape[" + std::to_string(d) + "]";
      Node i = d < static_cast<int>(idx.size()) ? idx[d] : Node();
      if (i && i.Type() != "slice") {
        if (IsArrayValued(i)) Fail(DiagId::kNumpyExpression, "indexes an array with an array", i);
        leaf.fixed.push_back(ScalarText(i));
        continue;
      }
      Node lo, hi, step;
      if (i) {
        int colons = 0;
        for (const Node& c : i.Children()) {
          if (!c.IsNamed() && c.Text() == ":") { ++colons; continue; }
          if (!c.IsNamed() || c.Type() == "comment") continue;
          (colons == 0 ? lo : colons == 1 ? hi : step) = c;
        }
      }
      for (const Node& b : {lo, hi})
        if (b)
          Walk(b, [&](const Node& x) {
            if (x.Type() == "identifier") ids_.insert(std::string(x.Text()));
            return true;
          });
      if (step && !(StripParens(step).Type() == "integer" && StripParens(step).Text() == "1"))
        Fail(DiagId::kNumpyExpression, "slices with a step", step, "only steps of 1 are lowered");
      std::string lo_text = Bound(lo, false, extent), hi_text = Bound(hi, true, extent);
      Dim dim;
      dim.offset = lo_text;
      dim.stop = hi_text;
      dim.length = Length(dim);
      dim.key = leaf.base + "|" + std::to_string(d) + "|" + Squeeze(lo ? lo.Text() : "") + ":" + Squeeze(hi ? hi.Text() : "");
      leaf.fixed.push_back("");
      leaf.dims.push_back(dim);
    }
    return leaf;
  }

  // The array operands of an element-wise expression, left to right;
  // reductions inside it are scalars, not operands.
  void Leaves(const Node& e, std::vector<Leaf>& out) {
    Node n = StripParens(e);
    std::string_view t = n.Type();
    if ((t == "identifier" && Rank(n) > 0) || (t == "subscript" && IsArraySubscript(n))) {
      out.push_back(MakeLeaf(n));
      return;
    }
    if (t == "call" && IsReduction(n)) return;
    if (t == "binary_operator" || t == "unary_operator" || t == "parenthesized_expression" ||
        (t == "call" && IsElementwiseCall(n))) {
      for (const Node& c : n.NamedChildren()) Leaves(c, out);
      return;
    }
    if (t == "argument_list") {
      for (const Node& c : n.NamedChildren()) Leaves(c, out);
    }
  }

  // Whether Leaves() would find an array operand (without making them).
  bool HasLeaf(const Node& e) const {
    Node n = StripParens(e);
    std::string_view t = n.Type();
    if ((t == "identifier" && Rank(n) > 0) || (t == "subscript" && IsArraySubscript(n))) return true;
    if (t == "call" && IsReduction(n)) return false;
    if (t == "binary_operator" || t == "unary_operator" || t == "parenthesized_expression" ||
        (t == "call" && IsElementwiseCall(n)) || t == "argument_list") {
      for (const Node& c : n.NamedChildren())
        if (HasLeaf(c)) return true;
    }
    return false;
  }

  void CheckOperandKinds(const Node& e) {
    // Parameters never indexed and without a signature: array or scalar?
    // Beside a known array operand (`dt * f[i, :]`) they are scalars, as
    // everywhere else in a kernel (CRB502: a float64 is assumed; an array
    // argument would be refused by the dispatch, never computed wrongly).
    if (HasLeaf(e)) return;
    Walk(e, [&](const Node& n) {
      if (n.Type() == "call" && IsReduction(n)) return false;
      if (n.Type() == "subscript") return false;
      if (n.Type() == "identifier" && !in_.has_signature && Rank(n) == 0 &&
          std::find(in_.params.begin(), in_.params.end(), std::string(n.Text())) != in_.params.end()) {
        auto it = in_.types.find(n.Text());
        if (it != in_.types.end() && (IsFloat(it->second.scalar) || it->second.scalar == Scalar::kUnknown))
          Fail(DiagId::kNumpyAmbiguousOperand,
               "'" + std::string(n.Text()) + "' may be an array or a scalar in an array expression", n,
               "add an eager signature to the decorator");
      }
      return true;
    });
  }

  // The element of array expression `e` at the result indices `idx`
  // (right-aligned: a leaf of rank r uses the last r of them).
  std::string ElementText(const Node& e, const std::vector<std::string>& idx, std::vector<Leaf>& leaves, size_t& next) {
    Node n = StripParens(e);
    std::string_view t = n.Type();
    if ((t == "identifier" && Rank(n) > 0) || (t == "subscript" && IsArraySubscript(n))) {
      const Leaf& leaf = leaves.at(next++);
      return Access(leaf, idx);
    }
    if (t == "call" && IsReduction(n)) return ScalarText(n);
    if (!IsArrayValued(n)) return ScalarText(e);
    if (t == "call" && Row(n)->cls == NumpyClass::kNanMinMax) {
      auto args = n.ChildByField("arguments").NamedChildren();
      if (args.size() != 2) Fail(DiagId::kNumpyExpression, "calls " + std::string(n.ChildByField("function").Text()) + " with keyword arguments", n);
      std::string a = ElementText(args[0], idx, leaves, next);
      std::string b = ElementText(args[1], idx, leaves, next);
      return NanMinMax(Row(n)->scalar == "min", a, b);
    }
    if (t == "call") {
      for (const Node& a : n.ChildByField("arguments").NamedChildren())
        if (a.Type() == "keyword_argument") Fail(DiagId::kNumpyExpression, "passes keyword arguments to a ufunc", a);
    }
    if (e.Type() == "parenthesized_expression") return "(" + ElementText(n, idx, leaves, next) + ")";
    if (t == "binary_operator" || t == "unary_operator" || t == "call")
      return Splice(n, [&](const Node& c) -> std::string {
        std::string_view ct = c.Type();
        if (ct == "argument_list")
          return Splice(c, [&](const Node& a) { return ElementText(a, idx, leaves, next); });
        if (c.IsNamed() && ct != "comment" && !(t == "call" && c == n.ChildByField("function")))
          return ElementText(c, idx, leaves, next);
        return std::string(c.Text());
      });
    Fail(DiagId::kNumpyExpression, "uses '" + FirstLine(n.Text()) + "' on arrays", n);
  }

  std::string Access(const Leaf& leaf, const std::vector<std::string>& idx) {
    std::string out = leaf.base + "[";
    size_t rank = leaf.dims.size(), j = 0, first = idx.size() - rank;
    bool comma = false;
    for (const std::string& f : leaf.fixed) {
      if (comma) out += ", ";
      comma = true;
      if (!f.empty()) {
        out += f;
        continue;
      }
      const Dim& d = leaf.dims[j];
      std::string i = idx[first + j];
      if (!d.stride.empty()) i = i + " * " + d.stride;
      out += d.offset == "0" ? i : d.offset + " + " + i;
      ++j;
    }
    return out + "]";
  }

  // Broadcasting of `leaves` against result dimensions `result` (the
  // target's, or computed from the leaves when `result` is empty): fills
  // strides, returns the shape check clauses (NumPy raises ValueError when
  // one holds) and the result lengths.
  std::vector<std::string> Broadcast(std::vector<Leaf>& leaves, std::vector<Dim>& result, bool from_leaves) {
    std::vector<std::string> clauses;
    if (from_leaves) {
      size_t rank = 0;
      for (const Leaf& l : leaves) rank = std::max(rank, l.dims.size());
      result.assign(rank, Dim{});
      for (size_t d = 0; d < rank; ++d) {
        std::vector<const Dim*> here;
        for (const Leaf& l : leaves)
          if (d + l.dims.size() >= rank) here.push_back(&l.dims[d + l.dims.size() - rank]);
        bool same = true;
        for (const Dim* x : here) same = same && x->key == here[0]->key;
        if (same) {
          result[d] = *here[0];
          continue;
        }
        // Lengths are all 1 or all B once the check passed: B is the largest
        // of them, 0 when one is 0.
        std::string mx = "max(", mn = "min(";
        for (size_t k = 0; k < here.size(); ++k) {
          mx += (k ? ", " : "") + here[k]->length;
          mn += (k ? ", " : "") + here[k]->length;
        }
        result[d].offset = "0";
        result[d].stop = mx + ") * " + mn + ", 1)";
        result[d].length = result[d].stop;
        result[d].key = "broadcast" + std::to_string(d);
      }
    }
    size_t rank = result.size();
    for (Leaf& l : leaves) {
      if (l.dims.size() > rank)
        Fail(DiagId::kNumpyRank, "'" + FirstLine(l.node.Text()) + "' has more dimensions than the result", l.node);
      for (size_t j = 0; j < l.dims.size(); ++j) {
        Dim& d = l.dims[j];
        const Dim& r = result[rank - l.dims.size() + j];
        if (d.key == r.key) continue;
        clauses.push_back("(" + d.length + " != " + r.length + " and " + d.length + " != 1)");
        // 1 where the lengths agree, 0 where this one is 1 and broadcasts.
        d.stride = "min(" + d.length + " - 1, 1)";
      }
    }
    return clauses;
  }

  static std::string Length(const Dim& d) {
    return d.offset == "0" ? d.stop : "max(" + d.stop + " - " + d.offset + ", 0)";
  }

  // Bound texts into temporaries (evaluated once, before the loops).
  void HoldDims(std::vector<Dim>& dims, bool lengths) {
    for (Dim& d : dims) {
      if (d.offset.empty()) d.offset = "0";
      d.offset = Hold(d.offset, "o");
      if (lengths) {
        d.stop = Hold(d.stop, "e");
        d.length = Hold(Length(d), "n");
      }
      if (!d.stride.empty()) d.stride = Hold(d.stride, "s");
    }
  }

  bool Guard(const std::vector<std::string>& clauses, const std::string& exception, const std::string& message) {
    if (clauses.empty()) return false;
    std::string cond;
    for (size_t k = 0; k < clauses.size(); ++k) cond += (k ? " or " : "") + clauses[k];
    lines_.push_back("if " + cond + ":");
    lines_.push_back(in_.indent_unit + "raise " + exception + "(\"" + message + "\")");
    out_.guard_sites.push_back({stmt_.StartByte(), stmt_.EndByte(), {ids_.begin(), ids_.end()}});
    return true;
  }

  // Opens one loop per result dimension; returns the indentation inside.
  std::string Loops(const std::vector<Dim>& result, std::vector<std::string>& out_lines, std::vector<std::string>& idx) {
    std::string ind;
    idx.clear();
    for (size_t d = 0; d < result.size(); ++d) {
      idx.push_back(Index(d));
      out_lines.push_back(ind + "for " + idx[d] + " in range(" + result[d].length + "):");
      ind += in_.indent_unit;
    }
    return ind;
  }

  // ---- element-wise assignments ----------------------------------------------------------
  void ElementWise(const Node& s, const Node& left, const std::string& op, const Node& right) {
    // In `C *= alpha` the target is itself an operand: a known array beside
    // which a parameter is a scalar, as in `C[:] = C * alpha`.
    if (op == "=") CheckOperandKinds(right);
    // At the top level the bounds go into temporaries first and the shape
    // check reads them (the caller repeats them as scalar set-up); deeper,
    // the check spells the bounds out so that it stands alone.
    top_ = s.Parent() == body_;
    Leaf target = MakeLeaf(left);
    std::vector<Leaf> leaves;
    Leaves(right, leaves);
    if (top_) {
      HoldDims(target.dims, true);
      for (Leaf& l : leaves) HoldDims(l.dims, true);
    }
    std::vector<Dim> result = target.dims;
    std::vector<std::string> clauses = Broadcast(leaves, result, false);
    if (top_)
      for (Leaf& l : leaves) HoldDims(l.dims, false);
    bool overlap = false;
    for (const Leaf& l : leaves)
      if (l.base == target.base && l.entries_key != target.entries_key) overlap = true;
    std::string what = Squeeze(FirstLine(s.Text()));
    if (!clauses.empty()) Note(DiagId::kNumpyGuard, "checks the shapes of '" + FirstLine(s.Text()) + "' in the caller", s);
    // Shape check first: NumPy raises before writing anything.
    Guard(clauses, "ValueError", "could not broadcast the operands of " + what);
    HoldDims(target.dims, true);
    for (size_t d = 0; d < result.size(); ++d) result[d] = target.dims[d];
    for (Leaf& l : leaves) HoldDims(l.dims, false);
    std::vector<std::string> idx;
    for (size_t d = 0; d < result.size(); ++d) idx.push_back(Index(d));
    size_t next = 0;
    std::vector<std::string> per;  // per-element temporaries, inside the loop
    sink_ = &per;
    std::string value = ElementText(right, idx, leaves, next);
    sink_ = &lines_;
    auto per_element = [&](const std::string& ind, std::vector<std::string>& out) {
      for (const auto& l : per) out.push_back(ind + l);
    };
    std::vector<std::string> body;
    if (overlap) {
      // NumPy evaluates the right-hand side into a temporary first.
      if (s.Parent() != body_ || numpy_.empty())
        Fail(DiagId::kNumpyTemporary, "'" + FirstLine(s.Text()) + "' reads '" + target.base +
                                          "' through other indices and needs a temporary array", s,
             "write the update with an explicit loop, or into another array");
      std::string tmp = Fresh("tmp");
      std::string shape;
      for (size_t d = 0; d < result.size(); ++d) shape += (d ? ", " : "") + result[d].length;
      if (result.size() > 1) shape = "(" + shape + ")";
      Scalar es = ElementScalar(right, in_.types, in_.imports);
      std::string dtype = IsInteger(es) || es == Scalar::kBool ? ", dtype=" + numpy_ + ".int64"
                          : es == Scalar::kFloat32             ? ", dtype=" + numpy_ + ".float32"
                                                               : "";
      // A top-level allocation: the caller performs it (KernelPlan::allocations).
      temp_allocations_.push_back(tmp + " = " + numpy_ + ".empty(" + shape + dtype + ")");
      std::string ind = Loops(result, body, idx);
      std::string tmp_at = tmp + "[";
      for (size_t d = 0; d < idx.size(); ++d) tmp_at += (d ? ", " : "") + idx[d];
      tmp_at += "]";
      per_element(ind, body);
      body.push_back(ind + tmp_at + " = " + value);
      ind = Loops(result, body, idx);
      body.push_back(ind + Access(target, idx) + " " + op + " " + tmp_at);
    } else {
      std::string ind = Loops(result, body, idx);
      per_element(ind, body);
      body.push_back(ind + Access(target, idx) + " " + op + " " + value);
    }
    std::string indent = Indentation(s);
    std::string text;
    for (size_t k = 0; k < body.size(); ++k) text += (k ? in_.newline + indent : "") + ShiftContinuations(body[k], indent);
    if (overlap) {
      // The allocation is a top-level statement after the bounds it uses.
      lines_.insert(lines_.end(), temp_allocations_.begin(), temp_allocations_.end());
      temp_allocations_.clear();
    }
    Emit(s, text);
  }

  // ---- reductions ----------------------------------------------------------------------
  std::string Reduce(const Node& call) {
    const NumpyFunction* f = Row(call);
    Node fn = call.ChildByField("function");
    std::vector<Node> args;
    for (const Node& a : call.ChildByField("arguments").NamedChildren()) {
      if (a.Type() == "keyword_argument" || a.Type() == "comment") {
        if (a.Type() == "keyword_argument")
          Fail(DiagId::kNumpyExpression, "calls " + std::string(fn.Text()) + " with '" + std::string(a.Text()) + "'", a,
               "only the whole-array reduction is lowered (no axis, dtype or out)");
        continue;
      }
      args.push_back(a);
    }
    bool method = FindNumpyFunction(in_.imports.Resolve(fn)) == nullptr;
    if (method) args = {fn.ChildByField("object")};
    if (static_cast<int>(args.size()) < f->min_args || static_cast<int>(args.size()) > f->max_args)
      Fail(DiagId::kNumpyExpression, "calls " + std::string(fn.Text()) + " with " + std::to_string(args.size()) + " arguments", call);
    // np.dot(row, x) whose value is a scalar: with one operand a known array,
    // a parameter nothing indexes on the other side can only be a vector
    // (anything else makes an array, which a scalar context rejects).
    std::string dot_vector;
    if (f->reduce == NumpyReduce::kDot && args.size() == 2) {
      for (int k = 0; k < 2; ++k) {
        const Node& other = args[1 - k];
        if (args[k].Type() == "identifier" && Rank(args[k]) == 0 && !in_.has_signature && HasLeaf(other) &&
            std::find(in_.params.begin(), in_.params.end(), std::string(args[k].Text())) != in_.params.end())
          dot_vector = std::string(args[k].Text());
      }
    }
    for (const Node& a : args) {
      if (!dot_vector.empty() && a.Type() == "identifier" && a.Text() == dot_vector) continue;
      CheckOperandKinds(a);
      // np.sum(a) of a parameter nothing indexes: a vector, a matrix, or a
      // scalar? The loops differ, plain NumPy handles all (fallback, CRB515).
      if (a.Type() == "identifier" && !in_.has_signature && Rank(a) == 0 &&
          std::find(in_.params.begin(), in_.params.end(), std::string(a.Text())) != in_.params.end())
        Fail(DiagId::kNumpyAmbiguousOperand,
             "the rank of '" + std::string(a.Text()) + "' (passed to " + std::string(fn.Text()) + ") is unknown", a,
             "add an eager signature to the decorator");
      if (!IsArrayValued(a))
        Fail(f->reduce == NumpyReduce::kDot ? DiagId::kNumpyMatrixProduct : DiagId::kNumpyExpression,
             "calls " + std::string(fn.Text()) + " on '" + FirstLine(a.Text()) + "', which is not an array here", a);
    }
    std::vector<std::vector<Leaf>> leaves(args.size());
    std::vector<std::vector<Dim>> shapes(args.size());
    std::vector<std::string> clauses;
    for (size_t k = 0; k < args.size(); ++k) {
      if (!dot_vector.empty() && args[k].Type() == "identifier" && args[k].Text() == dot_vector) {
        Leaf v;
        v.node = args[k];
        v.base = dot_vector;
        v.fixed = {""};
        v.entries_key = dot_vector + "[:]";
        std::string n = dot_vector + ".shape[0]";
        v.dims.push_back(Dim{"0", n, n, dot_vector + "|0|:", ""});
        ids_.insert(dot_vector);
        leaves[k].push_back(v);
      } else {
        Leaves(args[k], leaves[k]);
      }
      if (top_)
        for (Leaf& l : leaves[k]) HoldDims(l.dims, true);
      auto c = Broadcast(leaves[k], shapes[k], true);
      if (top_) HoldDims(shapes[k], true);
      clauses.insert(clauses.end(), c.begin(), c.end());
    }
    std::string name(NumpyReduceName(f->reduce));
    bool guarded = false;
    guarded |= Guard(clauses, "ValueError", "operands of " + name + " could not be broadcast together");
    if (f->reduce == NumpyReduce::kDot) {
      if (shapes[0].size() != 1 || shapes[1].size() != 1)
        Fail(DiagId::kNumpyMatrixProduct, "calls " + std::string(fn.Text()) + " on arrays that are not both vectors", call);
      if (shapes[0][0].key != shapes[1][0].key)
        guarded |= Guard({"(" + shapes[0][0].length + " != " + shapes[1][0].length + ")"}, "ValueError",
              "shapes of the vectors of np.dot not aligned");
    }
    std::vector<Dim> result = shapes[0];
    if (f->reduce == NumpyReduce::kMax || f->reduce == NumpyReduce::kMin || f->reduce == NumpyReduce::kMean) {
      std::vector<std::string> empty;
      std::string any;
      for (size_t d = 0; d < result.size(); ++d) any += (d ? " or " : "") + result[d].length + " == 0";
      empty.push_back(any);
      if (f->reduce == NumpyReduce::kMean)
        guarded |= Guard(empty, "ZeroDivisionError", "division by zero in np.mean of an empty array");
      else
        guarded |= Guard(empty, "ValueError",
                         std::string("zero-size array to reduction operation ") +
                  (f->reduce == NumpyReduce::kMax ? "maximum" : "minimum") + " which has no identity");
    }
    if (guarded)
      Note(DiagId::kNumpyGuard, "checks the shapes of " + std::string(fn.Text()) + "(...) in the caller", call);
    HoldDims(result, true);
    for (auto& ls : leaves)
      for (Leaf& l : ls) {
        // Leaves of the driving operand share the result lengths.
        for (size_t j = 0; j < l.dims.size(); ++j) {
          const Dim& r = result[result.size() - l.dims.size() + j];
          if (l.dims[j].key == r.key && l.dims[j].stride.empty()) l.dims[j].length = r.length;
        }
        HoldDims(l.dims, false);
      }
    Scalar es = Scalar::kUnknown;
    for (const Node& a : args) {
      Scalar s = ElementScalar(a, in_.types, in_.imports);
      es = es == Scalar::kUnknown ? s : (s == Scalar::kUnknown ? s : Promote(es, s));
    }
    bool integer = IsInteger(es) || es == Scalar::kBool;
    std::string acc = Fresh("acc");
    std::vector<std::string> idx;
    for (size_t d = 0; d < result.size(); ++d) idx.push_back(Index(d));
    std::vector<std::string> elems;
    std::vector<std::string>* caller_sink = sink_;
    std::vector<std::string> per;  // per-element temporaries, inside the loop
    sink_ = &per;
    for (size_t k = 0; k < args.size(); ++k) {
      size_t next = 0;
      if (!dot_vector.empty() && args[k].Type() == "identifier" && args[k].Text() == dot_vector)
        elems.push_back(Access(leaves[k][0], idx));
      else
        elems.push_back(ElementText(args[k], idx, leaves[k], next));
    }
    sink_ = &lines_;
    std::vector<std::string> body;
    auto loops = [&]() {
      std::string ind = Loops(result, body, idx);
      for (const auto& l : per) body.push_back(ind + l);
      return ind;
    };
    switch (f->reduce) {
      case NumpyReduce::kMax:
      case NumpyReduce::kMin: {
        std::vector<std::string> zero(idx.size(), "0");
        size_t next = 0;
        lines_.push_back(acc + " = " + ElementText(args[0], zero, leaves[0], next));
        std::string ind = loops();
        std::string v = Fresh("v");
        body.push_back(ind + v + " = " + elems[0]);
        // NaN propagates as in NumPy: once acc is NaN nothing compares greater.
        body.push_back(ind + "if " + v + (f->reduce == NumpyReduce::kMax ? " > " : " < ") + acc + " or " + v + " != " + v + ":");
        body.push_back(ind + in_.indent_unit + acc + " = " + v);
        break;
      }
      case NumpyReduce::kProd: {
        lines_.push_back(acc + (integer ? " = 1" : " = 1.0"));
        std::string ind = loops();
        body.push_back(ind + acc + " *= " + elems[0]);
        break;
      }
      case NumpyReduce::kDot: {
        lines_.push_back(acc + (integer ? " = 0" : " = 0.0"));
        std::string ind = loops();
        body.push_back(ind + acc + " += " + Paren(elems[0]) + " * " + Paren(elems[1]));
        break;
      }
      case NumpyReduce::kNorm: {
        lines_.push_back(acc + " = 0.0");
        std::string ind = loops();
        body.push_back(ind + acc + " += " + Paren(elems[0]) + " * " + Paren(elems[0]));
        break;
      }
      default: {  // sum, mean
        lines_.push_back(acc + (integer && f->reduce == NumpyReduce::kSum ? " = 0" : " = 0.0"));
        std::string ind = loops();
        body.push_back(ind + acc + " += " + elems[0]);
        break;
      }
    }
    lines_.insert(lines_.end(), body.begin(), body.end());
    sink_ = caller_sink;
    if (f->reduce == NumpyReduce::kMean) {
      std::string count;
      for (size_t d = 0; d < result.size(); ++d) count += (d ? " * " : "") + result[d].length;
      return "(" + acc + " / " + Paren(count) + ")";
    }
    if (f->reduce == NumpyReduce::kNorm) {
      if (numpy_.empty()) Fail(DiagId::kNumpyExpression, "needs numpy imported to lower np.linalg.norm", call);
      return numpy_ + ".sqrt(" + acc + ")";
    }
    return acc;
  }

  const NumpyLoweringInput& in_;
  NumpyLowering& out_;
  Node body_;
  std::set<std::string> used_;
  std::vector<std::string> index_;
  std::vector<std::string> lines_;  // the prelude of the statement being lowered
  std::vector<std::string> temp_allocations_;
  std::string numpy_;
  int counter_ = 0;
  Node stmt_;                                // the statement being lowered
  std::set<std::string> ids_;                // names its shape checks read
  std::vector<std::string>* sink_ = &lines_;  // where HoldValue puts its temporaries
  bool abstained_ = false;                  // a statement left to other refusals
  bool top_ = false;                        // the statement is a top-level statement of the kernel
  std::map<std::string, std::string> held_;  // text -> temporary, per statement
  std::map<std::string, std::string> shared_;  // text -> top-level temporary, per kernel
  std::map<std::string, int> bound_;           // name -> bindings (2 for loops and augmented)
};

}  // namespace

NumpyLowering LowerNumpy(const NumpyLoweringInput& in) {
  NumpyLowering out;
  Lowerer(in, out).Run();
  return out;
}

std::vector<NumpyRewrite> FallbackRewrites(const Node& def, const ImportTable& imports, uint32_t decorator_start,
                                           uint32_t decorator_end, std::string_view newline) {
  std::vector<NumpyRewrite> out;
  std::string_view src = def.SourceView();
  auto line_end = [&](uint32_t e) {
    while (e < src.size() && src[e] != '\n') ++e;
    return e < src.size() ? e + 1 : e;
  };
  std::string pk = imports.AliasOf("pykokkos");
  if (pk.empty()) {
    pk = "pk";
    uint32_t at = 0;
    for (const ImportRecord& rec : imports.Records())
      if (rec.top_level) at = line_end(rec.end_byte);
    out.push_back({at, at, "import pykokkos as pk" + std::string(newline)});
  }
  out.push_back({decorator_start, line_end(decorator_end), ""});
  WalkWithParent(def.ChildByField("body"), def, [&](const Node& n, const Node& parent) {
    if (n.Type() != "call") return true;
    Node fn = n.ChildByField("function");
    const NumpyFunction* f = FindNumpyFunction(imports.Resolve(fn));
    // A returned ufunc result stays NumPy's: callers get an ndarray, not a view.
    if (f && !f->host_ufunc.empty() && parent.Type() != "return_statement")
      out.push_back({fn.StartByte(), fn.EndByte(), pk + "." + std::string(f->host_ufunc)});
    return true;
  });
  return out;
}

std::vector<std::string> ReductionArgumentNames(const Node& body, const ImportTable& imports) {
  std::vector<std::string> out;
  Walk(body, [&](const Node& n) {
    if (n.Type() != "call") return true;
    Node fn = n.ChildByField("function");
    const NumpyFunction* f = FindNumpyFunction(imports.Resolve(fn));
    if (f && f->cls == NumpyClass::kReduction) {
      for (const Node& a : n.ChildByField("arguments").NamedChildren())
        if (a.Type() == "identifier") out.emplace_back(a.Text());
    } else if (!f && fn.Type() == "attribute" && fn.ChildByField("object").Type() == "identifier" &&
               n.ChildByField("arguments").NamedChildCount() == 0 && FindNumpyMethod(fn.ChildByField("attribute").Text())) {
      out.emplace_back(fn.ChildByField("object").Text());
    }
    return true;
  });
  return out;
}

}  // namespace caramba
