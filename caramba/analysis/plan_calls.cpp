// plan_calls.cpp — KernelPlan builder, calls to other jitted functions
// (@pk.functions), subviews, @pk.function parameters.
// The Builder and the order of its steps: plan_builder.h, kernel_plan.cpp.
#include "caramba/analysis/plan_builder.h"

namespace caramba {
namespace kernel_plan_detail {

// ---- calls to other jitted functions (call_graph.h) ----------------------------
bool Builder::CheckHelperCall(const Node& n) {
  Node fn = n.ChildByField("function");
  std::string name(fn.Text());
  if (std::find(plan_.callees.begin(), plan_.callees.end(), name) == plan_.callees.end()) plan_.callees.push_back(name);
  int idx = reg_.KernelIndex(name);
  if (idx < 0) {
    Refuse(DiagId::kKernelCall, "calls the jitted function '" + name + "', which is defined more than once", n);
    return false;
  }
  const Kernel& c = mod_.kernels[idx];
  if ((c.kind != JitKind::kNjit && c.kind != JitKind::kJit) || c.uses_objmode_block) {
    Refuse(DiagId::kKernelCall,
           "calls '" + name + "', which cannot become a @pk.function (it is a " + std::string(JitKindName(c.kind)) +
               (c.uses_objmode_block ? " with an objmode block" : "") + ")",
           n);
    return false;
  }
  Node args = n.ChildByField("arguments");
  size_t positional = 0;
  for (const Node& a : args.NamedChildren()) {
    std::string_view t = a.Type();
    if (t == "keyword_argument" || t == "list_splat" || t == "dictionary_splat") {
      Refuse(DiagId::kHelperArguments, "passes '" + std::string(a.Text()) + "' to '" + name + "'", a,
             "pass every argument by position");
      return false;
    }
    if (t != "comment") ++positional;
  }
  if (positional != c.params.size()) {
    Refuse(DiagId::kHelperArguments,
           "calls '" + name + "' with " + std::to_string(positional) + " of its " + std::to_string(c.params.size()) +
               " parameters",
           n, "pass every argument (default values are not copied into the @pk.function)");
    return false;
  }
  helper_calls_.push_back(n);
  for (const Node& a : args.NamedChildren()) CheckConstructs(a, args);
  return false;
}

std::vector<Type> Builder::ArgTypes(const Node& call, const TypeTable& types) const {
  std::vector<Type> out;
  for (const Node& a : call.ChildByField("arguments").NamedChildren())
    if (a.Type() != "comment") out.push_back(TypeOfExpr(a, types, mod_.imports));
  return out;
}

bool Builder::Known(const std::vector<Type>& ts) {
  for (const Type& t : ts)
    if (t.scalar == Scalar::kUnknown || t.scalar == Scalar::kNone || IsComplex(t.scalar)) return false;
  return true;
}

Type Builder::CallResult(const Node& call, const TypeTable& types) {
  std::vector<Type> args = ArgTypes(call, types);
  if (!Known(args)) return Type{};
  std::string name(call.ChildByField("function").Text());
  std::vector<int> need = reg_.ParamRanks(name);
  for (size_t i = 0; i < args.size() && i < need.size(); ++i)
    if (args[i].rank != need[i]) return Type{};
  const FunctionSpec* spec = reg_.Specialize(name, args);
  return spec && spec->ok ? spec->result : Type{};
}

// Every helper call with its final argument types: the specialisation it
// uses, or the reason the kernel stays Numba code.
void Builder::FinishCalls() {
  CollectSubviewRoots();
  for (const Node& call : helper_calls_) {
    std::string name(call.ChildByField("function").Text());
    std::vector<Type> args = ArgTypes(call, plan_.types);
    std::vector<int> need = reg_.ParamRanks(name);
    const Kernel& c = mod_.kernels[reg_.KernelIndex(name)];
    auto arg_nodes = call.ChildByField("arguments").NamedChildren();
    bool bad = false;
    for (size_t i = 0; i < args.size() && i < need.size() && i < c.params.size(); ++i) {
      if (args[i].scalar == Scalar::kUnknown || IsComplex(args[i].scalar) || args[i].scalar == Scalar::kNone) {
        bad = true;
        if (!plan_.refusals.empty()) continue;  // the echo of a construct already refused
        Refuse(DiagId::kHelperArgumentType,
               "cannot infer the type of the argument '" + std::string(arg_nodes[i].Text()) + "' of '" + name + "'",
               arg_nodes[i], "add an eager signature to the kernel");
        bad = true;
      } else if (args[i].rank != need[i]) {
        auto dims = [](int r) { return r == 0 ? std::string("a scalar") : "a " + std::to_string(r) + "-D array"; };
        Refuse(DiagId::kHelperArgumentType,
               "passes " + dims(args[i].rank) + " as '" + c.params[i] + "' of '" + name + "', which uses it as " +
                   dims(need[i]),
               arg_nodes[i]);
        bad = true;
      }
    }
    if (bad) continue;
    const FunctionSpec* spec = reg_.Specialize(name, args);
    if (spec->recursive) {
      Refuse(DiagId::kRecursion, "calls '" + name + "', which is part of a recursive call cycle", call);
      continue;
    }
    if (!spec->ok) {
      Refuse(DiagId::kKernelCall, "calls '" + name + "', which cannot become a @pk.function: " + spec->reason, call,
             "make '" + name + "' a scalar function of scalars and arrays that allocates nothing");
      continue;
    }
    if (spec->result.scalar == Scalar::kNone && call.Parent().Type() != "expression_statement") {
      Refuse(DiagId::kHelperArgumentType, "uses the value of '" + name + "', which returns nothing", call);
      continue;
    }
    plan_.calls.push_back(HelperCall{name, "", call.StartByte(), call.EndByte(), spec});
    // What the helper writes, the caller writes.
    for (size_t i = 0; i < arg_nodes.size() && i < c.params.size(); ++i) {
      if (!spec->plan->written_params.count(c.params[i])) continue;
      int depth = 0;
      Node base = SubscriptBase(arg_nodes[i], &depth);
      if (base.Type() == "identifier") helper_writes_.insert(std::string(base.Text()));
    }
    // A @pk.function's view annotation fixes the dtype of what it gets:
    // an array whose dtype is only assumed decides it (CheckStaticEvidence).
    if (plan_.as_function) continue;
    for (size_t i = 0; i < arg_nodes.size(); ++i) {
      int depth = 0;
      Node base = SubscriptBase(arg_nodes[i], &depth);
      std::string root = base.Type() == "identifier" ? ViewRoot(std::string(base.Text())) : "";
      if (args[i].rank > 0 && unknown_dtype_.count(root)) helper_assumed_arrays_.insert(root);
    }
  }
  WrittenParams();
}

// The parameter a subview name was bound from (`row = a[i, :]` -> a).
std::string Builder::ViewRoot(std::string name) const {
  for (int guard = 0; guard < 8; ++guard) {
    auto it = subview_roots_.find(name);
    if (it == subview_roots_.end()) break;
    name = it->second;
  }
  return name;
}

void Builder::CollectSubviewRoots() {
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "assignment") {
      Node l = n.ChildByField("left"), r = n.ChildByField("right");
      if (l.Type() == "identifier" && r && r.Type() == "subscript") {
        int depth = 0;
        Node base = SubscriptBase(r, &depth);
        if (base.Type() == "identifier" && TypeOfExpr(r, plan_.types, mod_.imports).rank > 0)
          subview_roots_[std::string(l.Text())] = std::string(base.Text());
      }
    }
    return true;
  });
}

void Builder::WrittenParams() {
  auto mark = [&](const std::string& name) {
    std::string root = ViewRoot(name);
    if (std::find(plan_.params.begin(), plan_.params.end(), root) != plan_.params.end()) plan_.written_params.insert(root);
  };
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "assignment" || n.Type() == "augmented_assignment") {
      Node l = n.ChildByField("left");
      int depth = 0;
      Node base = SubscriptBase(l, &depth);
      if (l.Type() == "subscript" && base.Type() == "identifier") mark(std::string(base.Text()));
    }
    return true;
  });
  for (const auto& w : helper_writes_) mark(w);
}

// Names bound to subviews (`row = a[i, :]`): the dialect declares them in
// their block (C++ `auto row = Kokkos::subview(...)`) and cannot rebind them.
void Builder::CheckSubviews() {
  WalkWithParent(body_, def_, [&](const Node& n, const Node& parent) {
    if (n.Type() == "subscript" && parent.Type() == "argument_list" && IsSubviewUse(n, parent)) {
      // A helper argument: the SubviewTransformer binds it before the
      // statement, which a while/elif condition does not have.
      for (Node a = n.Parent(); a && a != body_; a = a.Parent()) {
        Node p = a.Parent();
        if ((p.Type() == "while_statement" || p.Type() == "elif_clause") && p.ChildByField("condition") == a) {
          Refuse(DiagId::kSubviewPosition, "passes the subview '" + std::string(n.Text()) + "' in a loop or elif condition", n,
                 "compute the call into a variable first");
          break;
        }
      }
      return false;
    }
    if (n.Type() != "assignment") return true;
    Node l = n.ChildByField("left"), r = n.ChildByField("right");
    if (!r || l.Type() != "identifier" || !IsSubviewUse(r, n)) return true;
    if (TypeOfExpr(r, plan_.types, mod_.imports).rank == 0) return true;
    std::string name(l.Text());
    if (assign_count_[name] != 1) {
      Refuse(DiagId::kSubviewBinding, "binds '" + name + "' to a subview and assigns it elsewhere too", n,
             "give each subview its own name");
      return true;
    }
    Node stmt = n.Parent(), block = stmt.Parent();
    bool ok = true;
    WalkWithParent(body_, def_, [&](const Node& m, const Node& p) {
      if (m.Type() == "identifier" && m.Text() == name && IsNameUse(m, p) && m != l)
        if (m.StartByte() < stmt.EndByte() || m.EndByte() > block.EndByte()) ok = false;
      return ok;
    });
    if (!ok)
      Refuse(DiagId::kSubviewBinding, "uses the subview '" + name + "' outside the block that binds it", n,
             "bind the subview in the block that uses it");
    return true;
  });
}

// Assignments to parameters of a @pk.function: scalars whose type every
// assigned value keeps (Numba would otherwise retype the variable).
void Builder::CheckParamAssignments(const std::set<std::string>& params) {
  for (const auto& p : params) {
    Type pt = plan_.types[p];
    bool ok = pt.rank == 0 && pt.scalar != Scalar::kUnknown;
    Walk(body_, [&](const Node& n) {
      if (!ok) return false;
      if (n.Type() != "assignment" && n.Type() != "augmented_assignment") return true;
      Node l = n.ChildByField("left"), r = n.ChildByField("right");
      bool target = l.Type() == "identifier" && l.Text() == p;
      if (!target) {
        // `a, b = b, a % b` (Euclid's gcd): the element assigned to p keeps its type.
        if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") {
          auto ls = l.NamedChildren();
          auto rs = r && (r.Type() == "expression_list" || r.Type() == "tuple") ? r.NamedChildren() : std::vector<Node>{};
          for (size_t i = 0; i < ls.size(); ++i) {
            if (ls[i].Text() != p) continue;
            Type et = ls.size() == rs.size() ? TypeOfExpr(rs[i], plan_.types, mod_.imports) : Type{};
            ok = ok && et.rank == 0 && et.scalar != Scalar::kUnknown && Unify(pt.scalar, et.scalar) == pt.scalar;
          }
        }
        return true;
      }
      Type rt = r ? TypeOfExpr(r, plan_.types, mod_.imports) : Type{};
      Scalar s = rt.scalar;
      if (n.Type() == "augmented_assignment" && n.ChildByField("operator").Text() == "/=") s = Unify(s, Scalar::kFloat64);
      ok = rt.rank == 0 && s != Scalar::kUnknown && Unify(pt.scalar, s) == pt.scalar;
      return true;
    });
    if (!ok)
      Refuse(DiagId::kAssignedParameter, "assigns to parameter '" + p + "' a value of another type or a tuple",
             def_.ChildByField("name"), "copy the parameter into a local variable and change the local");
  }
}

// Assignments to parameters of a kernel: a serial kernel is one workunit
// that runs the body once, so a local copy of the parameter at its top
// (KernelWriter::Signature) behaves as Numba's variable, under the rule of
// @pk.functions. In a parallel workunit every iteration would start again
// from the parameter's value.
void Builder::CheckKernelParamAssignments() {
  // `x += y @ A` on an array parameter updates it in place: no rebinding (LowerNumpyStatements).
  std::set<std::string> rebound;
  for (const std::string& p : plan_.assigned_params) {
    bool in_place = plan_.types[p].rank > 0;
    Walk(body_, [&](const Node& n) {
      if (n.Type() == "assignment" && n.ChildByField("left").Type() == "identifier" && n.ChildByField("left").Text() == p)
        in_place = false;
      return in_place;
    });
    if (!in_place) rebound.insert(p);
  }
  if (rebound.empty()) return;
  bool prange = false;
  Walk(body_, [&](const Node& n) {
    prange = prange || IsPrange(n);
    return !prange;
  });
  if (plan_.dispatch != Dispatch::kSerial || prange) {
    for (const auto& p : rebound)
      Refuse(DiagId::kAssignedParameter, "assigns to parameter '" + p + "' in a kernel with a parallel loop",
             def_.ChildByField("name"), "copy the parameter into a local variable and change the local");
    return;
  }
  CheckParamAssignments(rebound);
}

}  // namespace kernel_plan_detail
}  // namespace caramba
