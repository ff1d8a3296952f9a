// loop_dependence.cpp — see loop_dependence.h.
//
// Works on both spellings the KernelPlan sees (`a[i, j]` before the
// ArrayTransformer, `a[i][j]` after it): an access is the base name and the
// list of its indices, whichever way they were written. Index forms the
// ArrayTransformer introduces (`(i - 1 + a.extent(0)) % a.extent(0)`) only
// appear where this analysis already refused the plain form, so the decision
// is the same before and after that visitor.
#include "caramba/analysis/loop_dependence.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "caramba/analysis/iteration_privacy.h"
#include "caramba/analysis/numpy_lowering.h"
#include "caramba/analysis/numpy_table.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

// Pure calls: what a kernel may call at all (the KernelPlan refuses the
// rest) minus nothing: none of these writes memory. Anything else (a helper
// that could write an array) keeps the loop serial.
const char* const kPureBuiltins[] = {"len", "abs", "min", "max", "int", "float", "bool", "round", "range",
                                     "numba.prange"};

bool IsPureCall(const Node& call, const ImportTable& imports) {
  Node fn = call.ChildByField("function");
  if (fn.Type() == "attribute" && fn.ChildByField("attribute").Text() == "extent") return true;
  std::string q = imports.Resolve(fn);
  for (const char* b : kPureBuiltins)
    if (q == b) return true;
  std::string last = q.substr(q.rfind('.') == std::string::npos ? 0 : q.rfind('.') + 1);
  if (q.rfind("math.", 0) == 0) return FindMathFunction(last) != nullptr;
  if (q.rfind("numpy.", 0) == 0)
    return FindNumpyScalarFunction(last) != nullptr || ScalarBuiltinAlias(q) != q ||
           (FindNumpyFunction(q) &&
            (FindNumpyFunction(q)->cls == NumpyClass::kCast || FindNumpyFunction(q)->cls == NumpyClass::kSign));
  return false;
}

std::optional<long long> IntegerLiteral(const Node& n) {
  if (n.Type() != "integer") return std::nullopt;
  std::string t;
  for (char c : n.Text())
    if (c != '_') t += c;
  if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 15) return std::nullopt;
  return std::stoll(t);
}

Node Unparen(Node n) {
  while (n && n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1) n = n.NamedChild(0);
  return n;
}

Node InnermostLoop(Node n) {
  for (n = n.Parent(); n; n = n.Parent())
    if (n.Type() == "for_statement" || n.Type() == "while_statement") return n;
  return Node();
}

// One array access: `a[i, j]` or `a[i][j]`.
struct Access {
  std::string base;
  std::vector<Node> indices;
  Node node;
  bool write = false;
};

// True for an assignment target, also inside a tuple target
// (`a[i], a[j] = a[j], a[i]` writes both elements).
bool IsAssignedTo(Node n) {
  Node p = n.Parent();
  while (p && (p.Type() == "pattern_list" || p.Type() == "tuple_pattern" || p.Type() == "parenthesized_expression" ||
               p.Type() == "list_pattern")) {
    n = p;
    p = p.Parent();
  }
  return p && (p.Type() == "assignment" || p.Type() == "augmented_assignment") && p.ChildByField("left") == n;
}

class Analyzer {
 public:
  explicit Analyzer(const LoopDependenceInput& in) : in_(in) {}

  LoopDependence Run() {
    const Node& outer = in_.loops.front();
    for (const Node& l : in_.loops)
      if (!Header(l)) return r_;
    Node body = outer.ChildByField("body");
    if (!Control(body)) return r_;
    if (!Scalars(outer)) return r_;
    if (!Arrays(outer)) return r_;
    r_.independent = true;
    return r_;
  }

 private:
  bool Fail(std::string why, const Node& where) {
    r_.reason = std::move(why);
    r_.where_start = where.StartByte();
    r_.where_end = where.EndByte();
    return false;
  }

  // range/prange with a start that cannot be negative and a positive step.
  bool Header(const Node& loop) {
    if (!IsRangeLoop(loop, in_.imports)) return Fail("the loop is not over range() or prange()", loop.ChildByField("right"));
    std::string var(loop.ChildByField("left").Text());
    vars_.push_back(var);
    auto args = loop.ChildByField("right").ChildByField("arguments").NamedChildren();
    long long start = 0;
    if (args.size() >= 2) {
      auto s = IntegerLiteral(args[0]);
      if (!s)
        return Fail("the loop starts at '" + std::string(args[0].Text()) +
                        "', which may be negative (negative indices wrap to other elements)",
                    args[0]);
      start = *s;
    }
    if (args.size() == 3) {
      auto st = IntegerLiteral(args[2]);
      if (!st || *st <= 0) return Fail("the loop step '" + std::string(args[2].Text()) + "' is not a positive literal", args[2]);
    }
    starts_[var] = start;
    return true;
  }

  // Every mention of `v` in `stmt` is the variable of a loop there, or inside
  // the body of such a loop: another loop reusing the name (`for j in ...`
  // twice), which never reads the value this loop leaves behind.
  // `parent` is the statement's parent. One walk over the statement and the
  // depths of the enclosing loops over `v` (a loop's body ends at the next
  // node no deeper than the loop): it runs for every statement and every
  // loop target of the nest, and a recursion through Node::Children() (a
  // vector per node) showed in profiles.
  static bool OnlyAsLoopVariable(const Node& stmt, const Node& parent, const std::string& v) {
    bool only = true;
    std::vector<size_t> loops;  // depths of the enclosing loops over `v`, innermost last
    auto visit = [&](const Node& n, const Node& p, size_t depth) {
      while (!loops.empty() && loops.back() >= depth) loops.pop_back();
      if (n.Type() == "for_statement" && IsName(n.ChildByField("left"), v)) {
        if (MentionsName(n.ChildByField("right"), v) && loops.empty()) only = false;
        loops.push_back(depth);
      }
      if (IsName(n, v) && IsNameUse(n, p) && loops.empty()) only = false;
    };
    WalkWithAncestors(
        stmt,
        [&](const Node& n, const std::vector<Node>& ancestors) {
          if (!only) return false;  // decided: skip the rest
          visit(n, ancestors.empty() ? parent : ancestors.back(), ancestors.size());
          return only;
        },
        [](const Node&) {});
    return only;
  }

  // The kernel's statements, each with the names it reads or writes
  // (MentionsName), from one walk: Scalars() asks for every name assigned in
  // the nest against every statement.
  const std::vector<std::pair<Node, std::set<std::string, std::less<>>>>& StatementNames() {
    if (statement_names_.empty())
      for (const Node& s : Statements(in_.kernel_body)) {
        std::set<std::string, std::less<>> names;
        WalkWithParent(s, in_.kernel_body, [&](const Node& n, const Node& p) {
          if (IsNameUse(n, p)) names.emplace(n.Text());
          return true;
        });
        statement_names_.emplace_back(s, std::move(names));
      }
    return statement_names_;
  }
  std::vector<std::pair<Node, std::set<std::string, std::less<>>>> statement_names_;

  bool Skipped(const Node& n) const { return std::find(in_.skip.begin(), in_.skip.end(), n) != in_.skip.end(); }

  bool IsNestVar(std::string_view n) const { return std::find(vars_.begin(), vars_.end(), n) != vars_.end(); }

  // No early exit out of the nest, no assignment to its variables, pure calls.
  bool Control(const Node& body) {
    bool ok = true;
    WalkWithParent(body, body.Parent(), [&](const Node& n, const Node&) {
      if (!ok || Skipped(n)) return false;
      std::string_view t = n.Type();
      if (t == "return_statement") return ok = Fail("returns from inside the loop", n);
      if (t == "break_statement") {
        Node l = InnermostLoop(n);
        for (const Node& nest : in_.loops)
          if (l == nest) return ok = Fail("breaks out of the loop", n);
      }
      if (t == "call" && !IsPureCall(n, in_.imports))
        return ok = Fail("calls '" + std::string(n.ChildByField("function").Text()) + "', which may have side effects", n);
      bool nest_header = std::find(in_.loops.begin(), in_.loops.end(), n) != in_.loops.end();
      if ((t == "assignment" || t == "augmented_assignment" || t == "for_statement") && !nest_header) {
        Node l = n.ChildByField("left");
        std::vector<Node> ids{l};
        if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") ids = l.NamedChildren();
        for (const Node& id : ids)
          if (id.Type() == "identifier" && IsNestVar(id.Text()))
            return ok = Fail("assigns the loop variable '" + std::string(id.Text()) + "'", n);
      }
      return true;
    });
    return ok;
  }

  // Every scalar assigned in the nest is private to an iteration or carried
  // outside it (then the reduction recogniser decides).
  bool Scalars(const Node& outer) {
    std::set<std::string> assigned;
    std::map<std::string, Node> unusual;  // assigned as a loop target or in a tuple
    Walk(outer.ChildByField("body"), [&](const Node& n) {
      std::string_view t = n.Type();
      if (t == "assignment" || t == "augmented_assignment" || t == "for_statement") {
        Node l = n.ChildByField("left");
        std::vector<Node> ids{l};
        if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") ids = l.NamedChildren();
        for (const Node& id : ids)
          if (id.Type() == "identifier") {
            assigned.insert(std::string(id.Text()));
            if (t == "for_statement" || ids.size() > 1 || l.Type() != "identifier") unusual.emplace(std::string(id.Text()), n);
          }
      }
      return true;
    });
    for (const auto& v : assigned) {
      if (IsNestVar(v)) continue;
      auto t = in_.types.find(v);
      if (t != in_.types.end() && t->second.rank > 0) continue;  // arrays are checked by Arrays()
      bool outside = false;
      Node top = in_.top ? in_.top : outer;
      // Assigned before every read in each iteration, and dead after the
      // nest (the name reused by later statements, which assign it first).
      if (PrivateToIteration(outer, v) && DeadAfter(in_.kernel_body, top, v)) continue;
      for (const auto& [s, names] : StatementNames())
        if (s != top && names.count(v) && !(unusual.count(v) && OnlyAsLoopVariable(s, in_.kernel_body, v)))
          outside = true;
      // A reduction candidate: the KernelPlan's recogniser decides, but it
      // only knows plain (augmented) assignments.
      if (outside && unusual.count(v))
        return Fail("'" + v + "' is assigned in the loop and used outside it", unusual.at(v));
      if (outside) continue;
      if (!Private(outer, v)) return false;
    }
    return true;
  }

  bool Private(const Node& outer, const std::string& v) {
    if (PrivateToIteration(outer, v)) return true;
    // Name the first mention: an inner loop's variable read after its loop,
    // or a read that may see the previous iteration's value.
    Node first, parent;
    WalkWithParent(outer.ChildByField("body"), outer, [&](const Node& n, const Node& p) {
      if (!first && IsName(n, v) && IsNameUse(n, p)) {
        first = n;
        parent = p;
      }
      return !first;
    });
    if (first && parent.Type() == "for_statement" && parent.ChildByField("left") == first)
      return Fail("the inner loop variable '" + v + "' is used outside its loop", parent);
    return Fail("'" + v + "' is carried from one iteration to the next", first ? first : outer);
  }

  std::string Key(const Node& idx, const std::string& v) const {
    std::string key = LoopIndexKey(idx, v, starts_.at(v));
    if (!key.empty()) return key;
    // `o + v`, where `o` is the start offset the NumPy lowering computed for
    // a slice (never negative: it is normalised like Python's slices) and
    // the nest does not assign: an injective function of `v` too.
    Node e = Unparen(idx);
    if (e.Type() != "binary_operator" || e.ChildByField("operator").Text() != "+") return "";
    Node l = Unparen(e.ChildByField("left")), r = Unparen(e.ChildByField("right"));
    Node off = IsName(l, v) ? r : IsName(r, v) ? l : Node();
    if (!off || off.Type() != "identifier" || off.Text().rfind(kNumpyOffsetPrefix, 0) != 0) return "";
    if (MentionedAsTarget(std::string(off.Text()))) return "";
    return v + "+" + std::string(off.Text());
  }

  // `name` is assigned inside the nest.
  bool MentionedAsTarget(const std::string& name) const {
    bool found = false;
    Walk(in_.loops[0], [&](const Node& n) {
      std::string_view t = n.Type();
      if ((t == "assignment" || t == "augmented_assignment" || t == "for_statement") &&
          IsName(n.ChildByField("left"), name))
        found = true;
      return !found;
    });
    return found;
  }

  bool Arrays(const Node& outer) {
    std::vector<Access> acc;
    bool ok = true;
    WalkWithParent(outer, outer.Parent(), [&](const Node& n, const Node& p) {
      if (!ok || Skipped(n)) return false;
      if (n.Type() != "subscript") return true;
      if (p.Type() == "subscript" && p.ChildByField("value") == n) return true;  // inner link of a chain
      Access a;
      Node base;
      if (!ElementIndices(n, a.indices, base)) {
        // `a.shape[d]` reads an extent, not memory.
        if (base.Type() == "attribute" && base.ChildByField("attribute").Text() == "shape") return false;
        return ok = Fail("indexes '" + std::string(base.Text()) + "'", n);
      }
      a.base = std::string(base.Text());
      a.node = n;
      // Parent() is computed from the root: only ask for it inside a tuple target.
      a.write = ((p.Type() == "assignment" || p.Type() == "augmented_assignment") && p.ChildByField("left") == n) ||
                ((p.Type() == "pattern_list" || p.Type() == "tuple_pattern" || p.Type() == "parenthesized_expression" ||
                  p.Type() == "list_pattern") &&
                 IsAssignedTo(n));
      acc.push_back(a);
      return true;  // indices may hold accesses too
    });
    if (!ok) return false;
    // Arrays are parameters (their overlaps are checked by the caller) or
    // fresh NumPy allocations; a local bound to anything else may be a view
    // of another array, which the index comparison below cannot see.
    auto is_param = [&](const std::string& n) {
      return std::find(in_.params.begin(), in_.params.end(), n) != in_.params.end();
    };
    std::set<std::string> written, accessed;
    for (const auto& a : acc)
      if (a.write) written.insert(a.base);
    // A view the nest only reads (`cols = A_col[A_row[i]:A_row[i + 1]]`, the
    // row of a CSR matrix) reads the array it views: it counts as an access
    // of that array, which the nest must not write.
    std::map<std::string, std::string> viewed;  // view -> the array it views
    for (const auto& a : acc) {
      if (is_param(a.base) || FreshAllocation(a.base)) continue;
      std::string of = ReadOnlyViewOf(a.base);
      if (of.empty() || written.count(a.base) || written.count(of) || !(is_param(of) || FreshAllocation(of)))
        return Fail("accesses '" + a.base + "', which may be a view of another array", a.node);
      viewed[a.base] = of;
    }
    for (const auto& a : acc) accessed.insert(viewed.count(a.base) ? viewed[a.base] : a.base);
    for (const auto& w : written) {
      std::vector<const Access*> mine;
      for (const auto& a : acc)
        if (a.base == w) mine.push_back(&a);
      // A flag: every access stores one and the same literal (`failed[0] =
      // 1`) and none reads it. Iterations then agree on what it holds after
      // the loop, whatever their order.
      if (SameLiteralStores(mine)) continue;
      std::set<size_t> used_dims;
      for (const auto& v : vars_) {
        bool found = false;
        const Access* first_write = nullptr;
        for (const Access* a : mine)
          if (a->write && !first_write) first_write = a;
        for (size_t d = 0; d < first_write->indices.size() && !found; ++d) {
          if (used_dims.count(d)) continue;
          std::string key = Key(first_write->indices[d], v);
          if (key.empty()) continue;
          bool all = true;
          for (const Access* a : mine) all = all && d < a->indices.size() && Key(a->indices[d], v) == key;
          if (all) {
            used_dims.insert(d);
            found = true;
          }
        }
        if (!found) {
          // Name the access that breaks it: a read of another element, or a
          // write that does not identify the iteration.
          const Access* bad = first_write;
          for (const Access* a : mine)
            if (!a->write) {
              bool same = a->indices.size() == first_write->indices.size();
              for (size_t d = 0; same && d < a->indices.size(); ++d)
                same = a->indices[d].Text() == first_write->indices[d].Text();
              if (!same) {
                bad = a;
                break;
              }
            }
          if (bad->write)
            return Fail("writes '" + std::string(bad->node.Text()) + "' at an index that does not identify the '" + v +
                            "' iteration",
                        bad->node);
          return Fail("reads '" + std::string(bad->node.Text()) + "', which other iterations write", bad->node);
        }
      }
    }
    // Aliasing: a written parameter against every other array parameter.
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& p : in_.params) {  // parameter order: deterministic output
      if (!written.count(p)) continue;
      for (const auto& o : in_.params) {
        if (o == p || !accessed.count(o) || !is_param(o)) continue;
        auto key = std::minmax(p, o);
        if (!seen.insert({key.first, key.second}).second) continue;
        r_.alias_checks.push_back({p, o});
      }
    }
    return true;
  }

  // The array `name` views when every assignment of it in the kernel is
  // `name = a[...]` with a slice in the index (a plain name `a`), else "".
  std::string ReadOnlyViewOf(const std::string& name) const {
    std::string of;
    bool ok = true;
    Walk(in_.kernel_body, [&](const Node& n) {
      if (!ok) return false;
      std::string_view t = n.Type();
      if (t == "for_statement" && IsName(n.ChildByField("left"), name)) ok = false;
      if (t != "assignment" && t != "augmented_assignment") return true;
      Node l = n.ChildByField("left");
      bool target = IsName(l, name);
      if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern")
        for (const Node& id : l.NamedChildren()) ok = ok && !IsName(id, name);
      if (!target) return ok;
      Node r = Unparen(n.ChildByField("right"));
      if (t != "assignment" || !r || r.Type() != "subscript" || r.ChildByField("value").Type() != "identifier") {
        ok = false;
        return false;
      }
      bool slice = false;
      for (const Node& i : r.ChildrenByField("subscript")) slice = slice || i.Type() == "slice";
      std::string base(r.ChildByField("value").Text());
      if (!slice || (!of.empty() && of != base)) ok = false;
      of = base;
      return ok;
    });
    return ok ? of : "";
  }

  static bool SameLiteralStores(const std::vector<const Access*>& accesses) {
    std::string value;
    for (const Access* a : accesses) {
      Node p = a->node.Parent();
      if (!a->write || p.Type() != "assignment") return false;
      Node r = p.ChildByField("right");
      if (r.Type() != "integer" && r.Type() != "true" && r.Type() != "false") return false;
      if (!value.empty() && value != r.Text()) return false;
      value = std::string(r.Text());
    }
    return !accesses.empty();
  }

  // Every assignment of `name` in the kernel is `name = np.empty(...)` (or
  // another NumPy allocation).
  bool FreshAllocation(const std::string& name) const {
    return OnlyNumpyAllocations(in_.kernel_body, name, in_.imports);
  }

  const LoopDependenceInput& in_;
  LoopDependence r_;
  std::vector<std::string> vars_;
  std::map<std::string, long long> starts_;
};

}  // namespace

bool OnlyNumpyAllocations(const Node& body, const std::string& name, const ImportTable& imports) {
  bool any = false, all = true;
  Walk(body, [&](const Node& n) {
    if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
    Node l = n.ChildByField("left");
    bool target = IsName(l, name);
    if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern")
      for (const Node& id : l.NamedChildren()) target = target || IsName(id, name);
    if (!target) return true;
    any = true;
    Node r = n.ChildByField("right");
    all = all && n.Type() == "assignment" && l.Type() == "identifier" && r && r.Type() == "call" &&
          IsNumpyAllocation(imports.Resolve(r.ChildByField("function")));
    return true;
  });
  return any && all;
}

std::set<std::string> OnlyNumpyAllocated(const Node& body, const std::set<std::string>& candidates,
                                         const ImportTable& imports) {
  // OnlyNumpyAllocations for every candidate at once: per name, whether an
  // assignment binds it (any) and whether every one is an allocation (all).
  std::map<std::string, bool, std::less<>> all;
  Walk(body, [&](const Node& n) {
    if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
    Node l = n.ChildByField("left");
    Node r = n.ChildByField("right");
    bool allocation = n.Type() == "assignment" && l.Type() == "identifier" && r && r.Type() == "call" &&
                      IsNumpyAllocation(imports.Resolve(r.ChildByField("function")));
    auto bound = [&](const Node& id) {
      if (id.Type() != "identifier" || !candidates.count(std::string(id.Text()))) return;
      auto [it, fresh] = all.emplace(std::string(id.Text()), allocation);
      if (!fresh) it->second = it->second && allocation;
    };
    bound(l);
    if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern")
      for (const Node& id : l.NamedChildren()) bound(id);
    return true;
  });
  std::set<std::string> out;
  for (const auto& [name, every] : all)
    if (every) out.insert(name);
  return out;
}

bool IsRangeLoop(const Node& n, const ImportTable& imports) {
  if (n.Type() != "for_statement" || n.ChildByField("left").Type() != "identifier") return false;
  Node r = n.ChildByField("right");
  if (r.Type() != "call") return false;
  std::string q = imports.Resolve(r.ChildByField("function"));
  if (q != "range" && q != "numba.prange") return false;
  auto args = r.ChildByField("arguments").NamedChildren();
  for (const Node& a : args)
    if (a.Type() == "keyword_argument") return false;
  return !args.empty() && args.size() <= 3;
}

Node PerfectlyNestedLoop(const Node& loop, const ImportTable& imports) {
  auto stmts = Statements(loop.ChildByField("body"));
  if (stmts.size() != 1 || !IsRangeLoop(stmts[0], imports)) return Node();
  Node inner = stmts[0];
  // Rectangular: the inner bounds mention neither the outer variable nor
  // anything assigned inside the outer loop.
  std::set<std::string> assigned{std::string(loop.ChildByField("left").Text())};
  Walk(loop.ChildByField("body"), [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "assignment" || t == "augmented_assignment" || t == "for_statement") {
      Node l = n.ChildByField("left");
      if (l.Type() == "identifier") assigned.insert(std::string(l.Text()));
    }
    return true;
  });
  for (const auto& v : assigned)
    if (MentionsName(inner.ChildByField("right"), v)) return Node();
  return inner;
}

std::string LoopHeader(const Node& loop) {
  Node r = loop.ChildByField("right");
  return "for " + std::string(loop.ChildByField("left").Text()) + " in " + std::string(r.Text());
}

bool ElementIndices(Node n, std::vector<Node>& out, Node& base) {
  std::vector<std::vector<Node>> levels;
  while (n.Type() == "subscript") {
    levels.push_back(n.ChildrenByField("subscript"));
    n = n.ChildByField("value");
  }
  base = n;
  for (auto it = levels.rbegin(); it != levels.rend(); ++it) out.insert(out.end(), it->begin(), it->end());
  return n.Type() == "identifier";
}

std::string LoopIndexKey(const Node& idx, const std::string& v, long long start) {
  Node e = Unparen(idx);
  if (IsName(e, v)) return v + "+0";
  if (e.Type() != "binary_operator") return "";
  std::string_view op = e.ChildByField("operator").Text();
  Node l = Unparen(e.ChildByField("left")), r = Unparen(e.ChildByField("right"));
  if (op == "+") {
    if (IsName(l, v) && IntegerLiteral(r)) return v + "+" + std::to_string(*IntegerLiteral(r));
    if (IsName(r, v) && IntegerLiteral(l)) return v + "+" + std::to_string(*IntegerLiteral(l));
  }
  if (op == "-" && IsName(l, v) && IntegerLiteral(r) && start >= *IntegerLiteral(r))
    return v + "-" + std::to_string(*IntegerLiteral(r));
  return "";
}

LoopDependence AnalyzeLoopDependence(const LoopDependenceInput& in) { return Analyzer(in).Run(); }

}  // namespace caramba
