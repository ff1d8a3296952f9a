// type_inference.cpp — see type_inference.h.
#include "caramba/analysis/type_inference.h"

#include "caramba/analysis/phases.h"

#include <algorithm>
#include <tuple>

#include "caramba/analysis/integer_typing.h"
#include "caramba/analysis/numpy_table.h"
#include "caramba/analysis/shape_rank.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

int SliceCount(const Node& sub) {
  int s = 0;
  for (const Node& x : sub.ChildrenByField("subscript")) s += x.Type() == "slice";
  return s;
}

bool IsNumberLiteral(const Node& n) {
  std::string_view t = n.Type();
  if (t == "unary_operator") return IsNumberLiteral(n.ChildByField("argument"));
  return t == "integer" || t == "float" || t == "true" || t == "false";
}

// Nodes through which a value flows unchanged in kind: arithmetic (not `@`),
// parentheses, the branches of a conditional expression.
bool IsArithmetic(const Node& n, const Node& child) {
  std::string_view t = n.Type();
  if (t == "parenthesized_expression" || t == "unary_operator") return true;
  if (t == "binary_operator") return n.ChildByField("operator").Text() != "@";
  if (t == "conditional_expression") return n.NamedChildCount() == 3 && n.NamedChild(1) != child;
  return false;
}

}  // namespace

std::string CallTypeKey(const Node& call) { return "()" + std::string(call.Text()); }

// ---- static inference --------------------------------------------------------

StaticTyping::StaticTyping(TypingScope scope) : s_(std::move(scope)) {
  ranks_ = ComputeArrayRanks();
  scalar_locals_ = LiteralLocals();
  // Locals used where only a scalar fits are scalars too, and so are the
  // locals assigned to them: to a fixed point (`x = xmin + i * dx` with `x`
  // later a range bound or a math argument).
  // One walk per round for all locals (InScalarContext only grows with
  // scalar_locals_, so the order does not change the fixed point); a walk per
  // local was quadratic in NumPy-lowered kernels with many temporaries.
  for (bool changed = true; changed;) {
    changed = false;
    Walk(s_.body, [&](const Node& n) {
      if (n.Type() != "identifier") return true;
      std::string l(n.Text());
      if (!s_.locals.count(l) || scalar_locals_.count(l) || !InScalarContext(n)) return true;
      scalar_locals_.insert(std::move(l));
      changed = true;
      return true;
    });
  }
}

bool StaticTyping::IsUsed(const std::string& p) const {
  bool used = false;
  Walk(s_.body, [&](const Node& n) {
    if (used) return false;
    if (n.Type() == "identifier" && n.Text() == p) used = true;
    return true;
  });
  return used;
}

std::map<std::string, int> StaticTyping::ComputeArrayRanks() const {
  std::map<std::string, int> ranks;
  auto known = [&](const std::string& n) {
    return s_.locals.count(n) || std::find(s_.params.begin(), s_.params.end(), n) != s_.params.end();
  };
  auto note = [&](const std::string& name, int rank) {
    auto& r = ranks[name];
    r = std::max(r, rank);
  };
  // Arrays: anything subscripted, measured or unpacked.
  WalkWithParent(s_.body, s_.def, [&](const Node& n, const Node& parent) {
    std::string_view t = n.Type();
    if (t == "subscript" && !(parent.Type() == "subscript" && parent.ChildByField("value") == n)) {
      int depth = 0;
      Node base = SubscriptBase(n, &depth);
      if (base.Type() == "identifier") note(std::string(base.Text()), depth);
      if (base.Type() == "attribute" && base.ChildByField("attribute").Text() == "shape") {
        Node obj = base.ChildByField("object");
        auto idx = n.ChildrenByField("subscript");
        int d = idx.size() == 1 && idx[0].Type() == "integer" ? std::stoi(std::string(idx[0].Text())) + 1 : 1;
        if (obj.Type() == "identifier") note(std::string(obj.Text()), d);
      }
    }
    if (t == "attribute") {
      Node obj = n.ChildByField("object");
      std::string_view a = n.ChildByField("attribute").Text();
      if (obj.Type() == "identifier" && known(std::string(obj.Text())) &&
          (a == "shape" || a == "size" || a == "ndim" || a == "extent")) {
        int rank = 1;
        if (a == "shape" && parent.Type() == "assignment")
          rank = static_cast<int>(parent.ChildByField("left").NamedChildCount());
        if (a == "extent" && parent.Type() == "call") {
          auto args = parent.ChildByField("arguments").NamedChildren();
          if (args.size() == 1 && args[0].Type() == "integer") rank = std::stoi(std::string(args[0].Text())) + 1;
        }
        note(std::string(obj.Text()), rank);
      }
    }
    if (t == "call" && s_.mod->imports.Resolve(n.ChildByField("function")) == "len") {
      auto args = n.ChildByField("arguments").NamedChildren();
      if (args.size() == 1 && args[0].Type() == "identifier") note(std::string(args[0].Text()), 1);
    }
    return true;
  });
  // A parameter passed on to a helper is an array of the rank that helper
  // needs (`kernelB(cluster[i])`, snippet 2.2).
  for (const Node& call : s_.helper_calls) {
    std::vector<int> need = s_.helper_ranks(std::string(call.ChildByField("function").Text()));
    auto args = call.ChildByField("arguments").NamedChildren();
    for (size_t i = 0; i < args.size() && i < need.size(); ++i) {
      if (need[i] == 0) continue;
      int depth = 0;
      Node base = SubscriptBase(args[i], &depth);
      if (base.Type() != "identifier" || !known(std::string(base.Text()))) continue;
      int slices = args[i].Type() == "subscript" ? SliceCount(args[i]) : 0;
      note(std::string(base.Text()), need[i] + depth - slices);
    }
  }
  // np.dot and np.linalg.norm take vectors here (Numba types nothing else in
  // a scalar context): `np.dot(x[i], x[j])` makes `x` 2-D.
  Walk(s_.body, [&](const Node& n) {
    if (n.Type() != "call") return true;
    const NumpyFunction* f = FindNumpyFunction(s_.mod->imports.Resolve(n.ChildByField("function")));
    if (f == nullptr || (f->reduce != NumpyReduce::kDot && f->reduce != NumpyReduce::kNorm)) return true;
    for (const Node& a : n.ChildByField("arguments").NamedChildren()) {
      if (a.Type() != "subscript") continue;
      int depth = 0;
      Node base = SubscriptBase(a, &depth);
      if (base.Type() != "identifier" || !known(std::string(base.Text()))) continue;
      note(std::string(base.Text()), 1 + depth - SliceCount(a));
    }
    return true;
  });
  return ranks;
}

// Calls `fn` on every expression in a position only an integer can take: a
// subscript's index and a range/prange argument.
// A template, not a std::function: the walks call it on every node, and a
// std::function made from their lambda each time was an allocation per node.
template <typename Fn>
static void ForEachIntegerPosition(const Node& n, const ImportTable& imports, Fn&& fn) {
  std::string_view t = n.Type();
  if (t == "subscript")
    for (const Node& idx : n.ChildrenByField("subscript")) fn(idx);
  if (t == "call") {
    std::string q = imports.Resolve(n.ChildByField("function"));
    if (q == "range" || q == "numba.prange")
      for (const Node& a : n.ChildByField("arguments").NamedChildren()) fn(a);
  }
}

// Names an integer expression reads: through arithmetic (not `/`), the
// integer-preserving builtins and conditional expressions, never into an
// element read or another call.
static void ForEachIntegerOperand(const Node& e, const ImportTable& imports, const std::function<void(const Node&)>& fn) {
  Walk(e, [&](const Node& n) {
    if (n.Type() == "subscript") return false;
    if (n.Type() == "call") {
      std::string q = imports.Resolve(n.ChildByField("function"));
      if (q != "min" && q != "max" && q != "abs" && q != "int") return false;
      for (const Node& a : n.ChildByField("arguments").NamedChildren()) ForEachIntegerOperand(a, imports, fn);
      return false;
    }
    if (n.Type() == "binary_operator" && n.ChildByField("operator").Text() == "/") return false;
    if (n.Type() == "identifier") fn(n);
    return true;
  });
}

// Locals that must be integers: used as an index, a slice bound or a range
// bound, or assigned to such a local (the NumPy lowering's bound arithmetic:
// `_b = n - 2; _e = min(max(_b, 0), a.shape[0]); for i in range(_e - _o)`).
std::set<std::string> StaticTyping::IndexLocals() const {
  std::set<std::string> out;
  auto consider = [&](const Node& e) {
    ForEachIntegerOperand(e, s_.mod->imports, [&](const Node& id) {
      if (s_.locals.count(std::string(id.Text()))) out.insert(std::string(id.Text()));
    });
  };
  std::vector<std::pair<std::string, Node>> assignments;
  Walk(s_.body, [&](const Node& n) {
    ForEachIntegerPosition(n, s_.mod->imports, consider);
    if (n.Type() == "assignment" && n.ChildByField("left").Type() == "identifier" && n.ChildByField("right"))
      assignments.emplace_back(std::string(n.ChildByField("left").Text()), n.ChildByField("right"));
    return true;
  });
  for (size_t round = 0; round <= assignments.size(); ++round) {
    size_t before = out.size();
    for (const auto& [target, value] : assignments)
      if (out.count(target)) consider(value);
    if (out.size() == before) break;
  }
  return out;
}

// Locals given a number literal somewhere (`s = 0.0`): scalars in Numba,
// which cannot unify a number with an array.
std::set<std::string> StaticTyping::LiteralLocals() const {
  std::set<std::string> out;
  Walk(s_.body, [&](const Node& n) {
    if (n.Type() == "assignment" && n.ChildByField("left").Type() == "identifier" && n.ChildByField("right") &&
        IsNumberLiteral(n.ChildByField("right")))
      out.insert(std::string(n.ChildByField("left").Text()));
    return true;
  });
  for (const auto& v : s_.loop_vars) out.insert(v);
  return out;
}

// Integer when the parameter feeds a range bound or an index (Numba would
// reject a float there); bool when it is a bare condition; else unknown.
Scalar StaticTyping::AnnotatedScalar(const std::string& p) const {
  Node def = s_.body.Parent();
  if (!def || def.Type() != "function_definition") return Scalar::kUnknown;
  for (const Node& prm : def.ChildByField("parameters").NamedChildren()) {
    if (prm.Type() != "typed_parameter" || prm.NamedChild(0).Text() != p) continue;
    Node t = prm.ChildByField("type");
    std::string_view text = t ? t.Text() : std::string_view();
    if (text.size() < 2 || text.front() != '"' || text.back() != '"') return Scalar::kUnknown;
    auto s = ScalarFromName(text.substr(1, text.size() - 2));
    return s ? *s : Scalar::kUnknown;
  }
  return Scalar::kUnknown;
}

Scalar StaticTyping::ScalarParamType(const std::string& p) const {
  // Computed for every name of the body at once (the key "" marks the
  // table as complete): one walk instead of one per parameter.
  if (scalar_param_.empty()) {
    scalar_param_[""] = Scalar::kUnknown;
    ComputeScalarParamType("");
  }
  auto it = scalar_param_.find(p);
  return it == scalar_param_.end() ? Scalar::kUnknown : it->second;
}

// Fills scalar_param_ for every name the body mentions (the argument is
// unused): the evidence for each name, in the order of the body, as a walk
// per name would find it.
Scalar StaticTyping::ComputeScalarParamType(const std::string&) const {
  std::map<std::string, Scalar>& types = scalar_param_;
  auto at = [&](std::string_view name) -> Scalar& { return types.try_emplace(std::string(name), Scalar::kUnknown).first->second; };
  // A parameter feeding a local that is used as an index is an integer.
  if (!index_locals_) index_locals_ = IndexLocals();
  const std::set<std::string>& index_locals = *index_locals_;
  Walk(s_.body, [&](const Node& n) {
    if (n.Type() == "assignment" && n.ChildByField("left").Type() == "identifier" && n.ChildByField("right") &&
        index_locals.count(std::string(n.ChildByField("left").Text()))) {
      ForEachIntegerOperand(n.ChildByField("right"), s_.mod->imports, [&](const Node& id) { at(id.Text()) = Scalar::kInt64; });
    }
    return true;
  });
  // deciding[k]: the innermost index <= k of an ancestor (of `stack`, the
  // walk's ancestors of the visited node, outermost first) that can decide
  // (or stop) the search below, or -1. The others (`+`, `*`, parentheses,
  // ...) are skipped: climbing through each of them from each identifier was
  // quadratic in a chain `i + i + ... + i` (1 s for 2,000 terms). It is kept
  // beside the walk's ancestors: an entry pushed when a node is entered (after
  // the node's own visit, which sees only its ancestors), popped when the walk
  // leaves it.
  std::vector<int> deciding;
  auto decides = [](const Node& a) {
    std::string_view t = a.Type();
    if (t == "binary_operator") return a.ChildByField("operator").Text() == "/";
    return t == "call" || t == "subscript" || t == "slice" || t == "if_statement" || t == "while_statement" ||
           t == "elif_clause" || t == "not_operator" || t == "boolean_operator" || t == "expression_statement" ||
           t == "block";
  };
  auto visit = [&](const Node& n, const std::vector<Node>& stack) {
    if (n.Type() != "identifier") return;
    Scalar& s = at(n.Text());
    for (int k = deciding.empty() ? -1 : deciding.back(); k >= 0 && stack[k] != s_.body;
         k = k > 0 ? deciding[k - 1] : -1) {
      const Node& a = stack[k];
      const bool immediate = k + 1 == static_cast<int>(stack.size());
      const Node& below = immediate ? n : stack[k + 1];
      std::string_view t = a.Type();
      if (t == "binary_operator" && a.ChildByField("operator").Text() == "/") break;
      if (t == "call") {
        std::string q = s_.mod->imports.Resolve(a.ChildByField("function"));
        if (q == "range" || q == "numba.prange") {
          s = Scalar::kInt64;
          break;
        }
        // An allocation's shape (`np.zeros(n)`, `np.empty((n, m))`): an
        // integer; not its fill value or dtype.
        if (IsNumpyAllocation(q) && q.find("_like") == std::string::npos) {
          auto args = a.ChildByField("arguments").NamedChildren();
          if (!args.empty() && args[0].Type() != "keyword_argument" && args[0].StartByte() <= n.StartByte() &&
              n.EndByte() <= args[0].EndByte())
            s = Scalar::kInt64;
          break;
        }
        if (q != "int" && q != "abs" && q != "min" && q != "max") break;
      }
      // An index, or a slice bound (`b[2:n - 2]`): an integer.
      if (t == "subscript" || t == "slice") {
        if (t == "subscript" && a.ChildByField("value") == below) break;
        s = Scalar::kInt64;
        break;
      }
      if (t == "if_statement" || t == "while_statement" || t == "elif_clause" || t == "not_operator" ||
          t == "boolean_operator") {
        if (immediate && s == Scalar::kUnknown) s = Scalar::kBool;
        break;
      }
      if (t == "expression_statement" || t == "block") break;
    }
  };
  if (!s_.body) return Scalar::kUnknown;
  WalkWithAncestors(
      s_.body,
      [&](const Node& n, const std::vector<Node>& stack) {
        visit(n, stack);
        int below = deciding.empty() ? -1 : deciding.back();
        deciding.push_back(decides(n) ? static_cast<int>(stack.size()) : below);
        return true;
      },
      [&](const Node&) { deciding.pop_back(); });
  return Scalar::kUnknown;
}

// Where a value flows (through arithmetic) into a position only a scalar can
// take in Numba.
Node StaticTyping::ParentOf(const Node& n) const {
  // A node of an indexed tree knows its parent (NodeIndex): the table below
  // is for nodes without one, built at the first of them.
  if (n.Index() && n.Entry() != NodeIndex::kNone) return n.Parent();
  if (parents_.empty() && s_.def)
    WalkWithParent(s_.def, s_.def.Parent(), [&](const Node& c, const Node& p) {
      parents_.emplace(c.Raw().id, p);
      return true;
    });
  auto it = parents_.find(n.Raw().id);
  return it != parents_.end() ? it->second : n.Parent();
}

std::pair<Node, Node> StaticTyping::ClimbArithmetic(const Node& start) const {
  // The climb from a node never depends on where it started below it, so a
  // node passed once answers for every later climb through it.
  std::vector<const void*> passed;
  Node child = start;
  Node n = ParentOf(start);
  while (n && IsArithmetic(n, child)) {
    auto known = climbs_.find(n.Raw().id);
    if (known != climbs_.end()) {
      std::tie(n, child) = known->second;
      break;
    }
    passed.push_back(n.Raw().id);
    child = n;
    n = ParentOf(n);
  }
  for (const void* id : passed) climbs_[id] = {n, child};
  return {n, child};
}

bool StaticTyping::InScalarContext(const Node& start) const {
  auto [n, child] = ClimbArithmetic(start);
  if (!n) return false;
  std::string_view t = n.Type();
  if (t == "slice") return true;
  if (t == "subscript") return n.ChildByField("value") != child;  // an index
  if (t == "comparison_operator" || t == "not_operator" || t == "boolean_operator") return true;
  if (t == "if_statement" || t == "while_statement" || t == "elif_clause") return n.ChildByField("condition") == child;
  if (t == "argument_list") {
    Node call = ParentOf(n);
    if (!call || call.Type() != "call") return false;
    std::string q = s_.mod->imports.Resolve(call.ChildByField("function"));
    if (q == "range" || q == "numba.prange" || q == "int" || q == "float" || q == "bool" || q == "round" ||
        q.rfind("math.", 0) == 0)
      return true;
    // A scalar parameter of a jitted helper: the helper's own analysis
    // decides it (and refuses the helper, hence this call, without evidence).
    for (const Node& h : s_.helper_calls) {
      if (h != call) continue;
      std::vector<int> need = s_.helper_ranks(std::string(call.ChildByField("function").Text()));
      auto args = n.NamedChildren();
      for (size_t i = 0; i < args.size() && i < need.size(); ++i)
        if (args[i] == child) return need[i] == 0;
    }
    return false;
  }
  if (t == "assignment" || t == "augmented_assignment") {
    if (n.ChildByField("right") != child) return false;
    Node l = n.ChildByField("left");
    if (l.Type() == "identifier") return scalar_locals_.count(std::string(l.Text())) > 0;
    if (l.Type() == "subscript") {
      // An element store: every index a plain scalar, none a slice, and the
      // array indexed nowhere more deeply.
      int depth = 0;
      Node base = SubscriptBase(l, &depth);
      if (base.Type() != "identifier" || SliceCount(l) > 0) return false;
      auto it = ranks_.find(std::string(base.Text()));
      return it != ranks_.end() && it->second == depth;
    }
  }
  return false;
}

bool StaticTyping::HasScalarUse(const std::string& p) const {
  if (ScalarParamType(p) != Scalar::kUnknown) return true;
  bool found = false;
  Walk(s_.body, [&](const Node& n) {
    if (found) return false;
    if (n.Type() == "identifier" && n.Text() == p && InScalarContext(n)) found = true;
    return true;
  });
  return found;
}

std::set<std::string> StaticTyping::IntegerIndexArrays(const std::set<std::string>& unknown_dtype) const {
  // Without an array of unknown element type no element read names one.
  if (unknown_dtype.empty()) return {};
  std::map<std::string, std::string> from_element;  // x -> a for `x = a[...]`
  auto element_base = [&](const Node& n) -> std::string {
    if (n.Type() != "subscript") return "";
    int depth = 0;
    Node b = SubscriptBase(n, &depth);
    return b.Type() == "identifier" && unknown_dtype.count(std::string(b.Text())) ? std::string(b.Text()) : "";
  };
  Walk(s_.body, [&](const Node& n) {
    if (n.Type() == "assignment" && n.ChildByField("left").Type() == "identifier" && n.ChildByField("right")) {
      std::string a = element_base(n.ChildByField("right"));
      if (!a.empty()) from_element[std::string(n.ChildByField("left").Text())] = a;
    }
    return true;
  });
  std::set<std::string> integer;
  auto consider = [&](const Node& e) {
    Node cands[3] = {e, Node(), Node()};  // not a vector: one per index, allocated each time
    size_t count = 1;
    if (e.Type() == "binary_operator") {
      std::string_view op = e.ChildByField("operator").Text();
      if (op == "+" || op == "-" || op == "*" || op == "%" || op == "//") {
        cands[count++] = e.ChildByField("left");
        cands[count++] = e.ChildByField("right");
      }
    }
    for (size_t i = 0; i < count; ++i) {
      const Node& c = cands[i];
      std::string a = element_base(c);
      if (!a.empty()) integer.insert(a);
      if (c.Type() == "identifier") {
        auto it = from_element.find(std::string(c.Text()));
        if (it != from_element.end()) integer.insert(it->second);
      }
    }
  };
  auto bitwise = [](std::string_view op) {
    return op == "&" || op == "|" || op == "^" || op == "<<" || op == ">>" || op == "&=" || op == "|=" ||
           op == "^=" || op == "<<=" || op == ">>=";
  };
  Walk(s_.body, [&](const Node& n) {
    ForEachIntegerPosition(n, s_.mod->imports, consider);
    // Bitwise operators take integers (or bools) only: `cells[i - 1] ^ cells[i + 1]`.
    if ((n.Type() == "binary_operator" || n.Type() == "augmented_assignment") && bitwise(n.ChildByField("operator").Text())) {
      consider(n.ChildByField("left"));
      consider(n.ChildByField("right"));
    }
    if (n.Type() == "unary_operator" && n.ChildByField("operator").Text() == "~") consider(n.ChildByField("argument"));
    return true;
  });
  return integer;
}

std::vector<std::pair<std::string, Node>> StaticTyping::DeeperThanIndexed(const std::map<std::string, int>& ranks,
                                                                         const TypeTable& types) const {
  std::vector<std::pair<std::string, Node>> out;
  WalkWithParent(s_.body, s_.def, [&](const Node& n, const Node& parent) {
    if (n.Type() != "subscript" || (parent.Type() == "subscript" && parent.ChildByField("value") == n)) return true;
    int depth = 0;
    Node base = SubscriptBase(n, &depth);
    if (base.Type() != "identifier" || SliceCount(n) > 0) return true;
    std::string name(base.Text());
    auto r = ranks.find(name);
    auto t = types.find(name);
    if (r == ranks.end() || t == types.end() || depth != r->second || t->second.rank != depth) return true;
    // The element is used as an array: measured, reduced by NumPy, or a
    // matrix product operand.
    bool as_array = false;
    std::string_view pt = parent.Type();
    if (pt == "attribute") {
      std::string_view a = parent.ChildByField("attribute").Text();
      as_array = a == "shape" || a == "size" || a == "ndim" || a == "sum" || a == "copy" || a == "T";
    } else if (pt == "binary_operator" && parent.ChildByField("operator").Text() == "@") {
      as_array = true;
    } else if (pt == "assignment" && parent.ChildByField("right") == n &&
               parent.ChildByField("left").Type() == "identifier") {
      // `blk = G[k, e, j]` and later `blk[0, 0]`: the element is an array.
      as_array = ranks_.count(std::string(parent.ChildByField("left").Text())) > 0;
    } else if (pt == "argument_list" && parent.Parent() && parent.Parent().Type() == "call") {
      std::string q = s_.mod->imports.Resolve(parent.Parent().ChildByField("function"));
      const NumpyFunction* f = FindNumpyFunction(q);
      // (np.arange and np.linspace take scalars: `np.linspace(xp[0], xp[-1], m)`.)
      as_array = q == "len" || (f != nullptr && f->cls != NumpyClass::kAllocation && f->cls != NumpyClass::kRange &&
                                !FindNumpyScalarFunction(q.substr(q.rfind('.') + 1)));
    }
    if (as_array) out.emplace_back(name, n);
    return true;
  });
  return out;
}

Type StaticTyping::AllocationType(const Node& call, const TypeTable& types) const {
  std::string q = s_.mod->imports.Resolve(call.ChildByField("function"));
  auto args = call.ChildByField("arguments").NamedChildren();
  Type t{Scalar::kFloat64, 1, 'C'};
  Node dtype;
  std::vector<Node> positional;
  for (const Node& a : args) {
    if (a.Type() == "keyword_argument") {
      if (a.ChildByField("name").Text() == "dtype") dtype = a.ChildByField("value");
    } else {
      positional.push_back(a);
    }
  }
  bool like = q.size() > 5 && q.compare(q.size() - 5, 5, "_like") == 0;
  // np.eye(n, m, k, dtype) and np.identity(n, dtype) are matrices.
  bool eye = q == "numpy.eye" || q == "numpy.identity";
  if (like && !positional.empty()) {
    t = TypeOfExpr(positional[0], types, s_.mod->imports);
    if (t.rank == 0) return Type{};
    t.layout = 'C';
  } else if (!positional.empty() && !eye) {
    t.rank = AllocationRank(positional[0], types, s_.mod->imports);
    if (t.rank == 0) return Type{};
  }
  if (eye && !positional.empty()) t.rank = 2;
  size_t dtype_pos = q == "numpy.full" ? 2 : q == "numpy.full_like" ? 2 : q == "numpy.eye" ? 3 : 1;
  if (!dtype && positional.size() > dtype_pos) dtype = positional[dtype_pos];
  if ((q == "numpy.full" || q == "numpy.full_like") && !dtype && positional.size() > 1 && !like)
    t.scalar = TypeOfExpr(positional[1], types, s_.mod->imports).scalar;
  Node dt = dtype;
  while (dt && dt.Type() == "parenthesized_expression") dt = dt.NamedChild(0);
  if (dt && dt.Type() == "attribute" && dt.ChildByField("attribute").Text() == "dtype") {
    // `dtype=x.dtype`: the element type of array x (unknown when x's is).
    Type of = TypeOfExpr(dt.ChildByField("object"), types, s_.mod->imports);
    t.scalar = of.rank > 0 ? of.scalar : Scalar::kUnknown;
  } else if (dtype) {
    std::string d = s_.mod->imports.Resolve(dtype);
    std::string last = d.substr(d.rfind('.') == std::string::npos ? 0 : d.rfind('.') + 1);
    if (last == "float") last = "float64";
    if (last == "int") last = "int64";
    auto s = ScalarFromName(last);
    t.scalar = s ? *s : Scalar::kUnknown;
  }
  return t;
}

void StaticTyping::LocalFixpoint(TypeTable& types, bool with_calls) const {
  for (const auto& v : s_.loop_vars) types[v] = Type{Scalar::kInt64, 0, 'A'};
  static const std::vector<Node> kNoCalls;
  for (int round = 0; round < 8; ++round) {
    bool changed = false;
    for (const Node& call : with_calls ? s_.helper_calls : kNoCalls) {
      std::string key = CallTypeKey(call);
      Type rt = s_.call_result(call, types);
      if (types[key] != rt) {
        types[key] = rt;
        changed = true;
      }
    }
    auto set = [&](const std::string& name, Type t) {
      if (std::find(s_.params.begin(), s_.params.end(), name) != s_.params.end()) return;
      if (s_.loop_vars.count(name)) return;
      auto& cur = types[name];
      Type next = cur;
      if (t.rank > 0) next = t;
      else next.scalar = Unify(cur.scalar, t.scalar);
      if (next != cur || next.scalar != cur.scalar) {
        cur = next;
        changed = true;
      }
    };
    Walk(s_.body, [&](const Node& n) {
      std::string_view t = n.Type();
      if (t == "assignment") {
        Node l = n.ChildByField("left"), r = n.ChildByField("right");
        if (!r) return true;
        if (l.Type() == "identifier") {
          if (r.Type() == "call" && IsNumpyAllocation(s_.mod->imports.Resolve(r.ChildByField("function"))))
            set(std::string(l.Text()), AllocationType(r, types));
          else
            set(std::string(l.Text()), TypeOfExpr(r, types, s_.mod->imports));
        } else if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") {
          auto ls = l.NamedChildren();
          if (r.Type() == "attribute") {
            for (const Node& id : ls)
              if (id.Type() == "identifier") set(std::string(id.Text()), Type{Scalar::kInt64, 0, 'A'});
          } else {
            auto rs = r.NamedChildren();
            for (size_t i = 0; i < ls.size() && i < rs.size(); ++i)
              if (ls[i].Type() == "identifier")
                set(std::string(ls[i].Text()), TypeOfExpr(rs[i], types, s_.mod->imports));
          }
        }
      } else if (t == "augmented_assignment") {
        Node l = n.ChildByField("left"), r = n.ChildByField("right");
        if (l.Type() == "identifier") {
          Type cur = types[std::string(l.Text())];
          Type rt = TypeOfExpr(r, types, s_.mod->imports);
          std::string op(n.ChildByField("operator").Text());
          Scalar s = Unify(cur.scalar, rt.scalar);
          // `h *= np.uint32(c)` of a uint32 h is a uint64 in Numba: the
          // operation's type joins the name's (integer_typing.h).
          Scalar op_type = NumbaIntegerBinary(op.substr(0, op.size() - 1), cur.scalar, rt.scalar);
          if (op_type != Scalar::kUnknown) s = Unify(cur.scalar, op_type);
          if (op == "/=" && rt.scalar != Scalar::kUnknown) s = Unify(s, Scalar::kFloat64);
          if (rt.scalar == Scalar::kUnknown) s = Scalar::kUnknown;
          set(std::string(l.Text()), Type{s, 0, 'A'});
        }
      }
      return true;
    });
    if (!changed) break;
  }
}

std::vector<std::string> StaticTyping::DtypeDecides(const TypeTable& types, const std::set<std::string>& assumed) const {
  if (assumed.empty()) return {};
  TypeTable alt = types;
  for (const auto& a : assumed) alt[a].scalar = Scalar::kInt64;
  for (const auto& l : s_.locals)
    if (alt[l].rank == 0 && !s_.loop_vars.count(l)) alt[l].scalar = Scalar::kUnknown;
  LocalFixpoint(alt, false);
  std::set<std::string> culprits;
  // Which assumed names an expression reads.
  auto reads = [&](const Node& e) {
    std::set<std::string> out;
    Walk(e, [&](const Node& m) {
      if (m.Type() == "identifier" && assumed.count(std::string(m.Text()))) out.insert(std::string(m.Text()));
      return true;
    });
    return out;
  };
  auto differs = [&](const Node& e) -> bool {
    Scalar a = TypeOfExpr(e, types, s_.mod->imports).scalar, b = TypeOfExpr(e, alt, s_.mod->imports).scalar;
    return IsInteger(a) != IsInteger(b) || IsFloat(a) != IsFloat(b);
  };
  Walk(s_.body, [&](const Node& n) {
    std::string_view t = n.Type();
    // A declared local whose type changes.
    if ((t == "assignment" || t == "augmented_assignment") && n.ChildByField("left").Type() == "identifier") {
      std::string name(n.ChildByField("left").Text());
      auto a = types.find(name);
      auto b = alt.find(name);
      if (a != types.end() && b != alt.end() && a->second.rank == 0 && a->second.scalar != b->second.scalar &&
          n.ChildByField("right")) {
        for (const auto& r : reads(n.ChildByField("right"))) culprits.insert(r);
      }
    }
    // Operators and calls whose lowering depends on integer-ness: their
    // result type, and for `/` whether both operands are integers (C++
    // would divide them as integers).
    auto both_int = [&](const Node& b, const TypeTable& tt) {
      return IsInteger(TypeOfExpr(b.ChildByField("left"), tt, s_.mod->imports).scalar) &&
             IsInteger(TypeOfExpr(b.ChildByField("right"), tt, s_.mod->imports).scalar);
    };
    if (t == "binary_operator" || t == "augmented_assignment") {
      std::string_view op = n.ChildByField("operator").Text();
      // `/` is true division in the dialect whatever the operand types (the
      // runtime casts both to double), so it decides nothing.
      bool div = false;
      bool arith = op == "//" || op == "%" || op == "**" || op == "//=" || op == "%=" || op == "**=";
      if ((div && both_int(n, types) != both_int(n, alt)) || (arith && t == "binary_operator" && differs(n)) ||
          (arith && t == "augmented_assignment" && (differs(n.ChildByField("left")) || differs(n.ChildByField("right")))))
        for (const auto& r : reads(n)) culprits.insert(r);
    } else if (t == "call") {
      std::string q = s_.mod->imports.Resolve(n.ChildByField("function"));
      bool typed = q == "int" || q == "float" || q == "round" || q == "abs" || q == "min" || q == "max" ||
                   q.rfind("math.", 0) == 0 || q.rfind("numpy.", 0) == 0;
      if (typed && differs(n))
        for (const auto& r : reads(n)) culprits.insert(r);
    }
    return true;
  });
  // The return type, unified over every return.
  Scalar ret = Scalar::kUnknown, ret_alt = Scalar::kUnknown;
  std::set<std::string> ret_reads;
  Walk(s_.body, [&](const Node& n) {
    if (n.Type() == "return_statement" && n.NamedChildCount() == 1 && n.NamedChild(0).Type() != "none" &&
        TypeOfExpr(n.NamedChild(0), types, s_.mod->imports).rank == 0) {
      ret = Unify(ret, TypeOfExpr(n.NamedChild(0), types, s_.mod->imports).scalar);
      ret_alt = Unify(ret_alt, TypeOfExpr(n.NamedChild(0), alt, s_.mod->imports).scalar);
      for (const auto& r : reads(n)) ret_reads.insert(r);
    }
    return true;
  });
  if (IsInteger(ret) != IsInteger(ret_alt) || IsFloat(ret) != IsFloat(ret_alt))
    culprits.insert(ret_reads.begin(), ret_reads.end());
  return {culprits.begin(), culprits.end()};
}

}  // namespace caramba
