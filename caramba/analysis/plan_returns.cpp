// plan_returns.cpp — KernelPlan builder, returns and allocations: what the
// caller sets up, allocates and returns.
// The Builder and the order of its steps: plan_builder.h, kernel_plan.cpp.
#include "caramba/analysis/plan_builder.h"

namespace caramba {
namespace kernel_plan_detail {

namespace {

// Whether a block of statements ends in a return on every path: its last
// statement returns, or is an if whose branches, an else among them, all do
// (npbench/nussinov.py::match: `if b1 + b2 == 3: return 1 else: return 0`).
bool AlwaysReturns(const std::vector<Node>& stmts) {
  if (stmts.empty()) return false;
  const Node& last = stmts.back();
  if (last.Type() == "return_statement") return true;
  if (last.Type() != "if_statement") return false;
  if (!AlwaysReturns(Statements(last.ChildByField("consequence")))) return false;
  bool has_else = false;
  for (const Node& c : last.NamedChildren()) {
    if (c.Type() == "elif_clause" && !AlwaysReturns(Statements(c.ChildByField("consequence")))) return false;
    if (c.Type() == "else_clause") {
      has_else = true;
      if (!AlwaysReturns(Statements(c.ChildByField("body")))) return false;
    }
  }
  return has_else;
}

}  // namespace

// A @pk.function returns one scalar on every path, or nothing on all.
void Builder::FunctionReturns() {
  // A prange loop runs as a range loop, as Numba runs it without
  // parallel=True: same values, but no parallelism inside the caller's
  // thread (a note says so).
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "for_statement" && n.ChildByField("right").Type() == "call" &&
        mod_.imports.Resolve(n.ChildByField("right").ChildByField("function")) == "numba.prange") {
      if (k_.Option("parallel"))
        // At the def: a position inside the body would be mapped to the
        // body's start once the ArrayTransformer rewrote it.
        Note(DiagId::kSerialHelperLoop,
             "its prange loop runs serially in the @pk.function copy (called from a kernel)",
             def_.ChildByField("name"));
      return false;
    }
    return true;
  });
  for (const Node& call : allocation_calls_) Refuse(DiagId::kAllocationPlacement, "allocates an array", call);
  std::vector<Node> returns;
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "return_statement") returns.push_back(n);
    return true;
  });
  bool any_value = false, any_bare = false;
  Scalar rt = Scalar::kUnknown;
  for (const Node& r : returns) {
    if (r.NamedChildCount() == 0 || r.NamedChild(0).Type() == "none") {
      any_bare = true;
      continue;
    }
    any_value = true;
    Type t = TypeOfExpr(r.NamedChild(0), plan_.types, mod_.imports);
    if (t.rank > 0) Refuse(DiagId::kUnsupportedReturn, "returns an array", r);
    else rt = Unify(rt, t.scalar);
  }
  if (!any_value) {
    plan_.return_type = Scalar::kNone;
    plan_.returns = ReturnKind::kNothing;
    return;
  }
  if (any_bare || !AlwaysReturns(Statements(body_)))
    Refuse(DiagId::kUnsupportedReturn, "may end without returning a value (Numba returns None there)",
           def_.ChildByField("name"));
  if ((rt == Scalar::kUnknown || IsComplex(rt)) && plan_.refusals.empty())
    Refuse(DiagId::kUnknownType, "cannot infer the type of the returned value", def_.ChildByField("name"));
  plan_.returns = ReturnKind::kScalar;
  plan_.return_type = rt;
}

// Identifiers the caller can evaluate: parameters, setup scalars, the
// reduction variable and allocated arrays.
void Builder::CheckCallerExpression(const Node& e, const std::string& what) {
  WalkWithParent(e, e.Parent(), [&](const Node& n, const Node& p) {
    if (n.Type() != "identifier") return true;
    if (p.Type() == "attribute" && p.ChildByField("attribute") == n) return true;
    if (p.Type() == "keyword_argument" && p.ChildByField("name") == n) return true;
    if (p.Type() == "call" && p.ChildByField("function") == n) return true;
    std::string name(n.Text());
    bool ok = std::find(plan_.params.begin(), plan_.params.end(), name) != plan_.params.end() ||
              setup_names_.count(name) || name == plan_.reduction.var ||
              mod_.imports.ModuleAliases().count(name);
    for (const auto& a : plan_.allocations) ok = ok || a.var == name;
    if (!ok) Refuse(DiagId::kPrangeSurroundings, what + " uses '" + name + "', which only the loop computes", n);
    return true;
  });
}

// Top-level statements before `end` (the prange loop, or all for serial
// kernels): scalar set-up the caller may repeat, allocations, the
// reduction's initial value.
void Builder::CallerSetup(const std::vector<Node>& stmts, size_t end) {
  for (size_t i = 0; i < end; ++i) {
    const Node& s = stmts[i];
    Node a = AssignmentOf(s);
    bool serial = end == stmts.size() && plan_.loop_start == 0;
    if (a && a.Type() == "assignment" && a.ChildByField("left").Type() == "identifier") {
      std::string var(a.ChildByField("left").Text());
      Node r = a.ChildByField("right");
      if (r.Type() == "call" && IsNumpyAllocation(mod_.imports.Resolve(r.ChildByField("function")))) {
        plan_.allocations.push_back({var, s.StartByte(), s.EndByte(), r.StartByte(), r.EndByte()});
        for (const Node& arg : r.ChildByField("arguments").NamedChildren()) CheckCallerExpression(arg, "the allocation");
        continue;
      }
      if (var == plan_.reduction.var) continue;  // recorded by FindReduction
      if (assign_count_[var] == 1 && plan_.types[var].rank == 0 && !MentionsArrayElement(r)) {
        setup_names_.insert(var);
        plan_.setup.push_back({s.StartByte(), s.EndByte()});
        continue;
      }
    }
    // `n, m = a.shape` is scalar set-up too (one statement per extent once
    // the ArrayTransformer has run).
    if (a && a.Type() == "assignment" && a.ChildByField("right").Type() == "attribute" &&
        a.ChildByField("right").ChildByField("attribute").Text() == "shape") {
      bool once = true;
      for (const Node& id : a.ChildByField("left").NamedChildren()) once = once && assign_count_[std::string(id.Text())] == 1;
      if (once) {
        for (const Node& id : a.ChildByField("left").NamedChildren()) setup_names_.insert(std::string(id.Text()));
        plan_.setup.push_back({s.StartByte(), s.EndByte()});
        continue;
      }
    }
    if (serial || IsGuard(s)) continue;  // serial kernels run every statement in the workunit; guards go to the caller
    if (IsDocstring(s) || s.Type() == "pass_statement") continue;
    Refuse(DiagId::kPrangeSurroundings, "runs '" + FirstLine(s) + "' before the prange loop", s,
           "compute it inside the loop, or in a separate kernel");
  }
}

void Builder::SerialReturns() {
  std::vector<Node> returns;
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "return_statement") returns.push_back(n);
    return true;
  });
  bool any_array = false, any_scalar = false;
  Scalar rt = Scalar::kUnknown;
  for (const Node& r : returns) {
    if (r.NamedChildCount() == 0 || r.NamedChild(0).Type() == "none") continue;
    Type t = TypeOfExpr(r.NamedChild(0), plan_.types, mod_.imports);
    if (t.rank > 0) any_array = true;
    else {
      any_scalar = true;
      rt = Unify(rt, t.scalar);
    }
  }
  if (any_array && any_scalar) {
    Refuse(DiagId::kUnsupportedReturn, "returns arrays and scalars", def_.ChildByField("name"));
    return;
  }
  if (any_scalar) {
    plan_.returns = ReturnKind::kScalar;
    plan_.return_type = rt;
    if ((rt == Scalar::kUnknown || IsComplex(rt)) && plan_.refusals.empty())
      Refuse(DiagId::kUnknownType, "cannot infer the type of the returned value", def_.ChildByField("name"));
    return;
  }
  if (!any_array) return;
  auto stmts = Statements(body_);
  // Early returns of the array the kernel ends by returning (`if s <= 0.0:
  // return L` in a Cholesky factorisation) end the workunit; the caller
  // returns the array either way.
  const Node& last = returns.back();
  bool same = last.NamedChildCount() == 1 && last.NamedChild(0).Type() == "identifier";
  for (const Node& r : returns)
    same = same && r.NamedChildCount() == 1 && r.NamedChild(0).Text() == last.NamedChild(0).Text();
  if (!same || stmts.empty() || stmts.back() != last) {
    Refuse(DiagId::kUnsupportedReturn, "returns an array other than by a final 'return name'", returns[0]);
    return;
  }
  plan_.returns = ReturnKind::kArray;
  plan_.final_return_start = last.StartByte();
  plan_.final_return_end = last.EndByte();
}

}  // namespace kernel_plan_detail
}  // namespace caramba
