// shared_updates.cpp — see shared_updates.h.
//
// Works on both spellings the KernelPlan sees (`a[i, j]` before the
// ArrayTransformer, `a[i][j]` after it), like loop_dependence.cpp, so the
// decision is the same before and after that visitor.
#include "caramba/analysis/shared_updates.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>

#include "caramba/analysis/loop_dependence.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

Node Unparen(Node n) {
  while (n && n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1) n = n.NamedChild(0);
  return n;
}

// Text without whitespace: `a[k]` and `a[ k ]` are the same element.
std::string Squeezed(std::string_view t) {
  std::string s;
  for (char c : t)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\\') s += c;
  return s;
}

bool SameElement(const Node& a, const Node& b) { return a && b && Squeezed(a.Text()) == Squeezed(b.Text()); }

// The outermost link of a subscript chain on a name: `a[k]`, `a[i, j]`, `a[i][j]`.
bool IsElement(const Node& n) {
  if (n.Type() != "subscript") return false;
  std::vector<Node> idx;
  Node base;
  return ElementIndices(n, idx, base);
}

std::optional<AtomicOp> AugmentedOp(std::string_view op) {
  if (op == "+=") return AtomicOp::kAdd;
  if (op == "-=") return AtomicOp::kSub;
  if (op == "*=") return AtomicOp::kMul;
  if (op == "&=") return AtomicOp::kAnd;
  if (op == "|=") return AtomicOp::kOr;
  if (op == "^=") return AtomicOp::kXor;
  return std::nullopt;
}

bool Commutative(std::string_view op) { return op == "+" || op == "*" || op == "&" || op == "|" || op == "^"; }

// An index built from names, integer literals, extents and + - * that
// mentions the loop variable: `i * n + j`, `2 * i + 1`, `i * a.shape[1] + k`.
bool AffineIn(const Node& e0, const std::string& v) {
  bool ok = true;
  std::function<void(const Node&)> check = [&](const Node& e0) {
    Node e = Unparen(e0);
    if (!ok) return;
    std::string_view t = e.Type();
    if (t == "identifier" || t == "integer") return;
    if (t == "unary_operator") {
      std::string_view op = e.ChildByField("operator").Text();
      if (op != "-" && op != "+") ok = false;
      else check(e.ChildByField("argument"));
      return;
    }
    if (t == "binary_operator") {
      std::string_view op = e.ChildByField("operator").Text();
      if (op != "+" && op != "-" && op != "*") {
        ok = false;
        return;
      }
      check(e.ChildByField("left"));
      check(e.ChildByField("right"));
      return;
    }
    // `a.shape[1]` and `a.extent(1)`: extents, not elements.
    if (t == "subscript") {
      Node val = e.ChildByField("value");
      ok = val.Type() == "attribute" && val.ChildByField("attribute").Text() == "shape";
      return;
    }
    if (t == "call") {
      Node fn = e.ChildByField("function");
      ok = fn.Type() == "attribute" && fn.ChildByField("attribute").Text() == "extent";
      return;
    }
    ok = false;
  };
  check(e0);
  return ok && MentionsName(e0, v);
}

struct Access {
  enum Kind { kRead, kWrite, kUpdate } kind = kRead;
  Node node;
  std::vector<Node> indices;
  const ElementUpdate* update = nullptr;
  Node stmt;  // the update's statement
};

class Analyzer {
 public:
  explicit Analyzer(const SharedUpdatesInput& in) : in_(in) {}

  SharedUpdates Run() {
    Node body = in_.loop.ChildByField("body");
    v_ = std::string(in_.loop.ChildByField("left").Text());
    start_ = LoopStart();
    CollectBound(body);
    // A loop variable assigned in the body no longer names the iteration.
    if (bound_.count(v_)) v_.clear();
    CollectUpdates(body);
    CollectAccesses(body);
    for (const auto& [name, list] : acc_) Decide(name, list);
    // Source order, whatever the order of the arrays' names.
    std::sort(r_.updates.begin(), r_.updates.end(),
              [](const AtomicUpdate& a, const AtomicUpdate& b) { return a.stmt_start < b.stmt_start; });
    auto by_position = [](const SharedUpdateFinding& a, const SharedUpdateFinding& b) { return a.start < b.start; };
    std::sort(r_.notes.begin(), r_.notes.end(), by_position);
    std::sort(r_.problems.begin(), r_.problems.end(), by_position);
    return r_;
  }

 private:
  // The loop's first value when the index `i - c` can be proven to stay
  // non-negative (a literal start and a positive literal step), else -1.
  long long LoopStart() const {
    auto args = in_.loop.ChildByField("right").ChildByField("arguments").NamedChildren();
    auto literal = [](const Node& n) -> long long {
      if (n.Type() != "integer") return -1;
      std::string t;
      for (char c : n.Text())
        if (c != '_') t += c;
      if (t.empty() || t.size() > 15 || t.find_first_not_of("0123456789") != std::string::npos) return -1;
      return std::stoll(t);
    };
    if (args.size() <= 1) return 0;
    if (args.size() == 3 && literal(args[2]) <= 0) return -1;
    return literal(args[0]);
  }

  bool IsArray(const std::string& name) const {
    auto t = in_.types.find(name);
    return t != in_.types.end() && t->second.rank > 0;
  }

  void CollectBound(const Node& body) {
    Walk(body, [&](const Node& n) {
      std::string_view t = n.Type();
      if (t == "assignment" || t == "augmented_assignment" || t == "for_statement") {
        Node l = n.ChildByField("left");
        std::vector<Node> ids{l};
        if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") ids = l.NamedChildren();
        for (const Node& id : ids)
          if (id.Type() == "identifier") bound_.insert(std::string(id.Text()));
      }
      return true;
    });
  }

  void CollectUpdates(const Node& body) {
    Walk(body, [&](const Node& n) {
      if (n.Type() != "expression_statement" || n.NamedChildCount() != 1) return true;
      Node a = n.NamedChild(0);
      if (a.Type() != "assignment" && a.Type() != "augmented_assignment") return true;
      auto u = AsElementUpdate(a, in_.imports);
      if (!u) return true;
      updates_.push_back(*u);
      stmts_.push_back(n);
      target_of_[u->target.StartByte()] = updates_.size() - 1;
      if (u->operand) operand_of_.insert(u->operand.StartByte());
      return true;
    });
  }

  void CollectAccesses(const Node& body) {
    std::set<uint32_t> bases;  // base names of recorded chains
    WalkWithParent(body, in_.loop, [&](const Node& n, const Node& p) {
      if (n.Type() == "subscript" && !(p.Type() == "subscript" && p.ChildByField("value") == n)) {
        Access a;
        Node base;
        if (!ElementIndices(n, a.indices, base) || !IsArray(std::string(base.Text()))) return true;
        bases.insert(base.StartByte());
        if (operand_of_.count(n.StartByte())) return true;  // part of its update
        a.node = n;
        auto u = target_of_.find(n.StartByte());
        if (u != target_of_.end()) {
          a.kind = Access::kUpdate;
          a.update = &updates_[u->second];
          a.stmt = stmts_[u->second];
        } else if (((p.Type() == "assignment" || p.Type() == "augmented_assignment") && p.ChildByField("left") == n) ||
                   p.Type() == "pattern_list" || p.Type() == "tuple_pattern") {
          a.kind = Access::kWrite;
        }
        acc_[std::string(base.Text())].push_back(a);
        return true;  // indices may hold accesses too
      }
      if (n.Type() == "identifier" && IsNameUse(n, p) && IsArray(std::string(n.Text())) && !bases.count(n.StartByte())) {
        // Extents are not elements: `a.shape`, `a.extent(0)`, `len(a)`.
        if (p.Type() == "attribute" && p.ChildByField("object") == n) {
          std::string_view attr = p.ChildByField("attribute").Text();
          if (attr == "shape" || attr == "extent" || attr == "ndim" || attr == "size" || attr == "dtype") return true;
        }
        if (p.Type() == "argument_list" && p.NamedChildCount() == 1) {
          Node call = p.Parent();
          if (call && in_.imports.Resolve(call.ChildByField("function")) == "len") return true;
        }
        other_.emplace(std::string(n.Text()), n);
      }
      return true;
    });
  }

  // The iteration an index names: a loop-dependence key, or the affine
  // expression itself; "" when it does not follow the loop variable.
  std::string IndexClass(const Node& idx) const {
    if (v_.empty()) return "";
    std::string key = LoopIndexKey(idx, v_, start_);
    if (!key.empty()) return key;
    if (AffineIn(idx, v_)) return "affine:" + Squeezed(idx.Text());
    return "";
  }

  // Some dimension has the same index, following the loop variable, in every access.
  bool Private(const std::vector<Access>& list) const {
    size_t dims = list[0].indices.size();
    for (const Access& a : list) dims = std::min(dims, a.indices.size());
    for (size_t d = 0; d < dims; ++d) {
      std::string c = IndexClass(list[0].indices[d]);
      bool all = !c.empty();
      for (const Access& a : list) all = all && IndexClass(a.indices[d]) == c;
      if (all) return true;
    }
    return false;
  }

  // Some dimension of this access follows the loop variable.
  bool FollowsLoop(const Access& a) const {
    for (const Node& i : a.indices)
      if (!IndexClass(i).empty()) return true;
    return false;
  }

  // Adds to `arrays` the arrays of unknown dtype `value` reads when it is an
  // integer once they hold integers; clears `*ok` when it is not (a float
  // literal, a division, a local computed from them: locals keep their type).
  void IntegerWhenArraysAre(const Node& value, std::set<std::string>& arrays, bool* ok) const {
    TypeTable alt = in_.types;
    for (const auto& a : in_.unknown_dtype) alt[a].scalar = Scalar::kInt64;
    Scalar t = TypeOfExpr(value, alt, in_.imports).scalar;
    if (!IsInteger(t) && t != Scalar::kBool) {
      *ok = false;
      return;
    }
    WalkWithParent(value, value.Parent(), [&](const Node& n, const Node& p) {
      if (IsNameUse(n, p) && in_.unknown_dtype.count(std::string(n.Text()))) arrays.insert(std::string(n.Text()));
      return true;
    });
  }

  static std::string FirstLine(const Node& n) {
    std::string_view t = n.Text();
    return std::string(t.substr(0, t.find('\n')));
  }

  // An access for a message: its text, or the array's name where an earlier
  // visitor wrote it (the NumpyTransformer's loop over `h.sum()`).
  static std::string Shown(const Access& a, const std::string& name) {
    std::string t(a.node.Text());
    return t.find("_pk_") == std::string::npos ? "'" + t + "'" : "'" + name + "'";
  }

  void Problem(std::string msg, const Node& where, std::string help) {
    r_.problems.push_back({std::move(msg), where.StartByte(), where.EndByte(), std::move(help)});
  }

  void Decide(const std::string& name, const std::vector<Access>& list) {
    if (bound_.count(name)) return;  // a scratch array or subview of the iteration
    const Access* first_update = nullptr;
    const Access* first_write = nullptr;
    const Access* first_read = nullptr;
    for (const Access& a : list) {
      if (a.kind == Access::kUpdate && !first_update) first_update = &a;
      if (a.kind == Access::kWrite && !first_write) first_write = &a;
      if (a.kind == Access::kRead && !first_read) first_read = &a;
    }
    if (!first_update && !first_write) return;  // read only
    auto other = other_.find(name);
    if (other == other_.end() && Private(list)) return;
    if (!first_update) {
      // Plain assignments only: a scatter is kept; a scatter that the loop
      // also reads is a read-modify-write split over statements.
      const Access* scattered = nullptr;
      for (const Access& a : list)
        if (a.kind == Access::kWrite && !FollowsLoop(a) && !scattered) scattered = &a;
      if (!scattered || (!first_read && other == other_.end())) return;
      std::string read = first_read ? "reads " + Shown(*first_read, name) : "uses '" + name + "'";
      Problem("assigns '" + std::string(scattered->node.Text()) + "', an element other iterations may share, and " +
                  read + " in the same prange loop: a read-modify-write split over statements races and "
                  "cannot be made atomic",
              scattered->node, "write the update as one statement ('" + name + "[k] += x'), which is translated "
              "with an atomic, or read and write different arrays");
      return;
    }
    std::string upd = FirstLine(first_update->stmt);
    if (other != other_.end()) {
      Problem("updates '" + upd + "' from several iterations and also uses '" + name + "' ('" +
                  FirstLine(other->second.Parent()) + "'): an atomic update needs every other access to stay out of the loop",
              other->second, "compute with '" + name + "' in a separate loop or kernel");
      return;
    }
    if (first_read || first_write) {
      const Access* o = first_read ? first_read : first_write;
      Problem("updates '" + upd + "' from several iterations and also " + (first_read ? "reads " : "assigns ") +
                  Shown(*o, name) + " in the same prange loop: that access races with the updates "
                  "and cannot be made atomic",
              o->node, "read or reset '" + name + "' in a separate loop or kernel, and update it only with "
              "'" + name + "[k] += x' (or -=, *=, max/min) in this one");
      return;
    }
    Scalar elem = in_.types.find(name)->second.scalar;
    bool unknown = in_.unknown_dtype.count(name) > 0;
    bool int_elem = IsInteger(elem) && !unknown;
    bool needs_check = false;
    // The value is an integer when these arrays of unknown dtype hold integers
    // (`sign[g[i]] *= s[i]`); false when some value is floating-point anyway.
    std::set<std::string> int_arrays;
    bool values_int_if = true;
    std::vector<AtomicUpdate> mine;
    for (const Access& a : list) {
      const ElementUpdate& u = *a.update;
      std::string stmt = FirstLine(a.stmt);
      if (!u.op) {
        Problem("updates '" + stmt + "' from several iterations: '" + u.form + "' has no exact atomic form", a.node,
                "accumulate with +=, -= or *= (or max/min, &=, |=, ^= on integers), or give each iteration its own "
                "elements");
        return;
      }
      AtomicOp op = *u.op;
      Scalar vt = TypeOfExpr(u.value, in_.types, in_.imports).scalar;
      bool int_value = IsInteger(vt) || vt == Scalar::kBool;
      if (op == AtomicOp::kMax || op == AtomicOp::kMin) {
        // Kokkos keeps the old value unless the new one is greater, Python's
        // max keeps its first argument: with a NaN they differ, even serially.
        if (!int_elem || !int_value) {
          Problem("updates '" + stmt + "' from several iterations: an atomic " + u.form + " is exact for integers only" +
                      (unknown ? ", and nothing in the file fixes the dtype of '" + name + "'"
                               : " (with a NaN the result depends on the order of the updates)"),
                  a.node, unknown ? "add an eager signature to the decorator" : "compute the " + u.form + " in a separate serial loop");
          return;
        }
      } else if (op == AtomicOp::kAnd || op == AtomicOp::kOr || op == AtomicOp::kXor) {
        if (!int_value) {
          Problem("updates '" + stmt + "' from several iterations with a value that is not an integer", a.node, "");
          return;
        }
      } else if (!int_value) {
        if (vt != Scalar::kUnknown && !IsFloat(vt)) {
          Problem("updates '" + stmt + "' from several iterations with a " + std::string(ScalarName(vt)) +
                      " value, which has no atomic form",
                  a.node, "");
          return;
        }
        if (int_elem) {
          // Numba computes `old + x` in floating point and converts the sum;
          // an atomic converts x first: 1 + 0.5 + 0.5 is 1 in Numba, 1 here.
          Problem("updates the integer array '" + name + "' with floating-point values ('" + stmt +
                      "') from several iterations: Numba converts the result of each update to an integer, an "
                      "atomic converts the value first",
                  a.node, "convert the value yourself ('" + name + "[k] += int(x)'), or use a floating-point array");
          return;
        }
        if (!unknown && !IsFloat(elem)) {
          Problem("updates '" + stmt + "' from several iterations, and the element type of '" + name +
                      "' has no atomic form",
                  a.node, "");
          return;
        }
        if (unknown) {
          needs_check = true;
          IntegerWhenArraysAre(u.value, int_arrays, &values_int_if);
        }
      }
      mine.push_back({a.stmt.StartByte(), a.stmt.EndByte(), op});
    }
    // Floating-point sums and products are reassociated; integer values
    // added to an array of unknown dtype are exact in both cases.
    bool inexact = (IsFloat(elem) && !unknown) || needs_check;
    r_.updates.insert(r_.updates.end(), mine.begin(), mine.end());
    if (needs_check) {
      AtomicDtypeCheck c{name, {}};
      if (values_int_if) c.or_integer.assign(int_arrays.begin(), int_arrays.end());
      r_.dtype_checks.push_back(std::move(c));
    }
    std::string fns;
    std::set<std::string_view> seen;
    for (const AtomicUpdate& m : mine)
      if (seen.insert(AtomicFunction(m.op)).second) fns += (fns.empty() ? "pk." : ", pk.") + std::string(AtomicFunction(m.op));
    std::string msg = "iterations may update the same elements of '" + name + "' ('" + upd +
                      "'): translated with atomics (" + fns + "); the Numba original races here";
    if (inexact)
      msg += needs_check ? "; floating-point updates are applied in the order threads arrive (the last bits may "
                           "differ from the serial loop), and the caller rejects an integer '" + name + "'" +
                               (values_int_if && !int_arrays.empty() ? " unless the values are integers too" : "")
                         : "; floating-point updates are applied in the order threads arrive (the last bits may "
                           "differ from the serial loop)";
    r_.notes.push_back({msg, first_update->node.StartByte(), first_update->node.EndByte(), ""});
  }

  const SharedUpdatesInput& in_;
  SharedUpdates r_;
  std::string v_;
  long long start_ = 0;
  std::set<std::string> bound_;
  std::deque<ElementUpdate> updates_;  // stable addresses
  std::vector<Node> stmts_;
  std::map<uint32_t, size_t> target_of_;
  std::set<uint32_t> operand_of_;
  std::map<std::string, std::vector<Access>> acc_;
  std::map<std::string, Node> other_;  // the first mention that is not an element access
};

}  // namespace

std::string_view AtomicFunction(AtomicOp op) {
  switch (op) {
    case AtomicOp::kAdd: return "atomic_add";
    case AtomicOp::kSub: return "atomic_fetch_sub";
    case AtomicOp::kMul: return "atomic_fetch_mul";
    case AtomicOp::kMax: return "atomic_fetch_max";
    case AtomicOp::kMin: return "atomic_fetch_min";
    case AtomicOp::kAnd: return "atomic_fetch_and";
    case AtomicOp::kOr: return "atomic_fetch_or";
    case AtomicOp::kXor: return "atomic_fetch_xor";
  }
  return "";
}

std::optional<ElementUpdate> AsElementUpdate(const Node& a, const ImportTable& imports) {
  Node l = a.ChildByField("left"), r = a.ChildByField("right");
  if (!l || !r || !IsElement(l)) return std::nullopt;
  ElementUpdate u;
  u.target = l;
  if (a.Type() == "augmented_assignment") {
    u.form = std::string(a.ChildByField("operator").Text());
    u.op = AugmentedOp(u.form);
    u.value = r;
    return u;
  }
  if (a.Type() != "assignment") return std::nullopt;
  Node e = Unparen(r);
  if (e.Type() == "binary_operator") {
    std::string op(e.ChildByField("operator").Text());
    Node x = e.ChildByField("left"), y = e.ChildByField("right");
    if (SameElement(Unparen(x), l)) {
      u.operand = Unparen(x);
      u.value = y;
    } else if (Commutative(op) && SameElement(Unparen(y), l)) {
      u.operand = Unparen(y);
      u.value = x;
    } else {
      return std::nullopt;
    }
    u.form = op + "=";
    u.op = AugmentedOp(u.form);
    return u;
  }
  if (e.Type() == "call") {
    std::string q = ScalarBuiltinAlias(imports.Resolve(e.ChildByField("function")));
    auto args = e.ChildByField("arguments").NamedChildren();
    if ((q != "max" && q != "min") || args.size() != 2) return std::nullopt;
    int which = SameElement(Unparen(args[0]), l) ? 0 : SameElement(Unparen(args[1]), l) ? 1 : -1;
    if (which < 0) return std::nullopt;
    u.operand = Unparen(args[which]);
    u.value = args[1 - which];
    u.form = q;
    u.op = q == "max" ? AtomicOp::kMax : AtomicOp::kMin;
    return u;
  }
  return std::nullopt;
}

SharedUpdates AnalyzeSharedUpdates(const SharedUpdatesInput& in) { return Analyzer(in).Run(); }

}  // namespace caramba
