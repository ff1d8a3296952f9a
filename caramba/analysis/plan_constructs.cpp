// plan_constructs.cpp — KernelPlan builder, constructs: names, parameters and construct-level refusals.
// The Builder and the order of its steps: plan_builder.h, kernel_plan.cpp.
#include "caramba/analysis/plan_builder.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/return_naming.h"

namespace caramba {

namespace {

// Whether a target of the chained assignment `n` is a slice (`a[1:] = b[1:] = v`).
bool ChainHasSlice(const Node& n) {
  for (Node a = n; a && a.Type() == "assignment"; a = a.ChildByField("right")) {
    bool slice = false;
    Walk(a.ChildByField("left"), [&](const Node& c) {
      slice = slice || c.Type() == "slice";
      return !slice;
    });
    if (slice) return true;
  }
  return false;
}

}  // namespace
namespace kernel_plan_detail {

void Builder::CollectParams() {
  for (const Node& p : def_.ChildByField("parameters").NamedChildren()) {
    std::string_view t = p.Type();
    if (t == "identifier") {
      plan_.params.emplace_back(p.Text());
    } else if (t == "default_parameter" || t == "typed_default_parameter") {
      plan_.params.emplace_back(p.ChildByField("name").Text());
    } else if (t == "typed_parameter") {
      plan_.params.emplace_back(p.NamedChild(0).Text());
    } else if (t != "comment") {
      Refuse(DiagId::kSignatureForm, "parameter '" + std::string(p.Text()) + "' is not a plain parameter", p);
    }
  }
  // A phase kernel's parameters include the host's generated names: NumPy
  // bounds, loop copies, inlined helpers' results (phases.h).
  bool phase = !PhaseOwner(plan_.name).empty();
  for (const auto& p : plan_.params)
    if (p.rfind(kReservedPrefix, 0) == 0 &&
        !(phase && (p.rfind(kNumpyPrefix, 0) == 0 || p.rfind(kIterPrefix, 0) == 0 || p.rfind(kInlinePrefix, 0) == 0 ||
                    p.rfind(kPhaseCellPrefix, 0) == 0 || p.rfind(kPhaseCarryPrefix, 0) == 0 ||
                    p.rfind(kReturnPrefix, 0) == 0)))
      Refuse(DiagId::kReservedName, "parameter '" + p + "' uses the reserved prefix _pk_", def_);
}

// Names assigned anywhere in the body (locals and loop variables).
void Builder::CollectNames(const Node& root) {
  Walk(root, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "assignment" || t == "augmented_assignment") {
      Node left = n.ChildByField("left");
      std::vector<Node> targets;
      if (left.Type() == "identifier") targets.push_back(left);
      if (left.Type() == "pattern_list" || left.Type() == "tuple_pattern")
        for (const Node& c : left.NamedChildren()) targets.push_back(c);
      for (const Node& id : targets) {
        if (id.Type() != "identifier") continue;
        std::string name(id.Text());
        ++assign_count_[name];
        if (std::find(plan_.params.begin(), plan_.params.end(), name) != plan_.params.end())
          plan_.assigned_params.insert(name);
        else
          plan_.locals.insert(name);
      }
    } else if (t == "for_statement") {
      Node left = n.ChildByField("left");
      if (left.Type() == "identifier") {
        loop_vars_.insert(std::string(left.Text()));
        plan_.locals.insert(std::string(left.Text()));
        assign_count_[std::string(left.Text())] += 2;  // never a single assignment
      }
    }
    return true;
  });
  // A @pk.function takes scalars by value, so it may assign them when the
  // values keep the parameter's type (CheckParamAssignments, after typing);
  // so may a kernel whose whole body is one serial workunit, which starts
  // from a local copy of each (CheckKernelParamAssignments, once the dispatch
  // is known). A phase of a host program gets its inputs from the host.
  if (plan_.as_function || PhaseOwner(k_.name).empty()) return;
  for (const auto& p : plan_.assigned_params)
    Refuse(DiagId::kAssignedParameter, "assigns to parameter '" + p + "'", def_.ChildByField("name"),
           "copy the parameter into a local variable and change the local");
}

bool Builder::IsKnownName(const std::string& n) const {
  return std::find(plan_.params.begin(), plan_.params.end(), n) != plan_.params.end() ||
         plan_.locals.count(n) || IsBuiltin(n);
}

bool Builder::IsArrayName(const Node& n) const {
  if (n.Type() != "identifier") return false;
  auto it = plan_.types.find(n.Text());
  return it != plan_.types.end() && it->second.rank > 0;
}

void Builder::CheckConstructs(const Node& root, const Node& root_parent) {
  Node docstring;
  if (root == body_) {
    auto stmts = Statements(body_);
    if (!stmts.empty() && IsDocstring(stmts[0])) docstring = stmts[0];
  }
  WalkWithParent(root, root_parent, [&](const Node& n, const Node& parent) -> bool {
    std::string_view t = n.Type();
    if (docstring && n == docstring) return false;
    if (t == "if_statement" && IsGuard(n)) {
      guards_.push_back(n);
      CheckConstructs(n.ChildByField("condition"), n);
      return false;
    }
    if (t == "try_statement" || t == "raise_statement" || t == "with_statement" || t == "assert_statement") {
      Refuse(DiagId::kExceptions, "uses '" + std::string(n.Child(0).Text()) + "'", n.Child(0));
      return t != "raise_statement";
    }
    if (t == "global_statement" || t == "nonlocal_statement" || t == "delete_statement" ||
        t == "import_statement" || t == "import_from_statement" || t == "future_import_statement") {
      Refuse(DiagId::kScopeStatement, "uses '" + std::string(n.Child(0).Text()) + "'", n.Child(0));
      return false;
    }
    if (t == "function_definition" || t == "class_definition" || t == "decorated_definition" || t == "lambda") {
      Refuse(DiagId::kClosure, "defines a nested function or lambda", n);
      return false;
    }
    if (t == "yield") {
      Refuse(DiagId::kGenerator, "uses 'yield'", n);
      return false;
    }
    if (t == "list" || t == "dictionary" || t == "set" || t == "list_comprehension" ||
        t == "dictionary_comprehension" || t == "set_comprehension" || t == "generator_expression") {
      Refuse(DiagId::kContainer, "builds a " + std::string(t), n);
      if (parent.Type() == "assignment" && parent.ChildByField("left").Type() == "identifier")
        containers_.insert(std::string(parent.ChildByField("left").Text()));  // its methods echo this refusal
      return false;
    }
    if (t == "string" || t == "concatenated_string") {
      Refuse(DiagId::kContainer, "uses a string", n);
      return false;
    }
    if (t == "named_expression" || t == "await" || t == "ellipsis" || t == "list_splat" ||
        t == "dictionary_splat" || t == "match_statement" || t == "print_statement" || t == "exec_statement") {
      Refuse(DiagId::kUnsupportedSyntax, "uses " + std::string(t), n);
      return false;
    }
    // The ChainedAssignmentSplitting splits the chains it can keep exact
    // (caramba/analysis/chained_assignments.h); what is left has no form,
    // but for chains of slices, which the NumPy lowering owns (CRB203).
    if (t == "assignment" && n.ChildByField("right").Type() == "assignment" && !ChainHasSlice(n)) {
      Refuse(DiagId::kUnsupportedSyntax, "uses a chained assignment that cannot be split exactly", n,
             "write one assignment per target on its own line, or compute the value into a local first");
      return false;
    }
    if ((t == "integer" || t == "float") && !n.Text().empty() &&
        (n.Text().back() == 'j' || n.Text().back() == 'J')) {
      Refuse(DiagId::kUnsupportedSyntax, "uses a complex number", n);
      return false;
    }
    if (t == "comparison_operator") {
      for (uint32_t i = 0; i < n.ChildCount(); ++i) {
        std::string_view op = n.Child(i).Type();
        if (op == "is" || op == "in" || op == "not in" || op == "is not")
          Refuse(DiagId::kUnsupportedSyntax, "uses the '" + std::string(op) + "' operator", n.Child(i));
      }
    }
    if (t == "slice") {
      // Slices bound to a name or passed to a helper become named subviews
      // (SubviewTransformer); every other slice is refused.
      if (!subview_subscripts_.count({parent.StartByte(), parent.EndByte()}) || parent.ChildByField("value").Type() != "identifier") {
        Refuse(DiagId::kSlice, "slices an array", n, "index element by element in a loop");
        return false;
      }
      if (n.ChildByField("step") || CountColons(n) > 1) {
        Refuse(DiagId::kSliceStep, "takes a slice with a step", n, "loop over the elements with range(lo, hi, step)");
        return false;
      }
      return true;
    }
    if ((t == "for_statement" || t == "while_statement") && n.ChildByField("alternative")) {
      Refuse(DiagId::kUnsupportedSyntax, "uses " + std::string(t == "for_statement" ? "for" : "while") + " ... else",
             n.ChildByField("alternative"));
    }
    if (t == "subscript" && IsSubviewUse(n, parent)) subview_subscripts_.insert({n.StartByte(), n.EndByte()});
    if (t == "for_statement") return CheckFor(n);
    if (t == "call") return CheckCall(n);
    if (t == "attribute") return CheckAttribute(n, parent);
    if (t == "identifier") CheckIdentifier(n, parent);
    if (t == "tuple" || t == "expression_list" || t == "pattern_list" || t == "tuple_pattern") CheckTuple(n, parent);
    if (t == "none" && parent.Type() != "return_statement")
      Refuse(DiagId::kUnsupportedSyntax, "uses None as a value", n);
    if (t == "return_statement" && n.NamedChildCount() == 1) {
      std::string_view v = n.NamedChild(0).Type();
      if (v == "expression_list" || v == "tuple") {
        Refuse(DiagId::kUnsupportedReturn, "returns a tuple", n);
        return false;
      }
    }
    return true;
  });
}

bool Builder::IsSubviewUse(const Node& sub, const Node& p) const {
  if (sub.Type() != "subscript") return false;
  if (p.Type() == "assignment")
    return p.ChildByField("right") == sub && p.ChildByField("left").Type() == "identifier" &&
           p.Parent().Type() == "expression_statement";
  if (p.Type() == "argument_list") {
    Node call = p.Parent();
    Node fn = call.ChildByField("function");
    return fn.Type() == "identifier" && fn.Text() != k_.name && kernel_names_.count(std::string(fn.Text()));
  }
  return false;
}

int Builder::CountColons(const Node& slice) {
  int c = 0;
  for (const Node& x : slice.Children()) c += x.Type() == ":";
  return c;
}

int Builder::SliceCount(const Node& sub) {
  int s = 0;
  for (const Node& x : sub.ChildrenByField("subscript")) s += x.Type() == "slice";
  return s;
}

bool Builder::CheckFor(const Node& n) {
  Node left = n.ChildByField("left"), right = n.ChildByField("right");
  if (left.Type() != "identifier") {
    Refuse(DiagId::kTupleValue, "unpacks a tuple in a loop header", left);
    return false;
  }
  std::string q = right.Type() == "call" ? mod_.imports.Resolve(right.ChildByField("function")) : "";
  if (q != "range" && q != "numba.prange") {
    Refuse(DiagId::kNonRangeLoop, "loops over '" + std::string(right.Text()) + "'", right,
           "loop over an index: for i in range(len(a))");
    return false;
  }
  auto args = right.ChildByField("arguments").NamedChildren();
  if (args.empty() || args.size() > 3) Refuse(DiagId::kUnsupportedSyntax, "calls range with " + std::to_string(args.size()) + " arguments", right);
  for (const Node& a : args) CheckConstructs(a, n);
  CheckConstructs(n.ChildByField("body"), n);
  return false;
}

bool Builder::CheckCall(const Node& n) {
  Node fn = n.ChildByField("function");
  Node args = n.ChildByField("arguments");
  std::string q = mod_.imports.Resolve(fn);
  std::string shown(fn.Text());
  auto check_args = [&](bool allow_keywords) {
    for (const Node& a : args.NamedChildren()) {
      if (a.Type() == "keyword_argument") {
        if (!allow_keywords) Refuse(DiagId::kUnsupportedSyntax, "passes keyword argument '" + std::string(a.Text()) + "'", a);
        else CheckConstructs(a.ChildByField("value"), a);
        continue;
      }
      CheckConstructs(a, args);
    }
  };
  if (fn.Type() == "attribute" && fn.ChildByField("attribute").Text() == "extent") {
    check_args(false);
    return false;
  }
  if (fn.Type() == "identifier" && fn.Text() == k_.name) {
    Refuse(DiagId::kRecursion, "calls itself", n);
    return false;
  }
  if (fn.Type() == "identifier" && kernel_names_.count(std::string(fn.Text()))) return CheckHelperCall(n);
  // numba.typed.Dict/List and Python's set/dict/list built by a call are
  // containers (CRB112), not unknown functions (CRB111); their methods
  // (d.get, groups.append) echo this refusal rather than read as array
  // methods (CRB303).
  if (q.rfind("numba.typed.", 0) == 0 || q == "set" || q == "dict" || q == "list" || q == "frozenset") {
    Refuse(DiagId::kContainer, "builds a container with '" + shown + "(...)'", n,
           "use NumPy arrays instead: a counts array indexed by the key, or an array allocated to the largest "
           "size with a separate length");
    Node parent = n.Parent();
    if (parent.Type() == "assignment" && parent.ChildByField("left").Type() == "identifier")
      containers_.insert(std::string(parent.ChildByField("left").Text()));
    return false;
  }
  if (q == "range" || q == "numba.prange") {
    Refuse(DiagId::kUnsupportedSyntax, "uses " + shown + "(...) outside a for loop header", n);
    return false;
  }
  const NumpyFunction* numpy_row = FindNumpyFunction(q);
  bool sign = numpy_row && numpy_row->cls == NumpyClass::kSign;
  if (q.rfind("numpy.", 0) == 0 && !recorded_ &&
      (FindNumpyScalarFunction(q.substr(6)) || ScalarBuiltinAlias(q) != q || sign)) {
    // A NumPy ufunc applied straight to a parameter that is never indexed:
    // it may well be an array (Numba would map the ufunc over it), and a
    // translation that assumed a scalar would fail at run time.
    for (const Node& a : args.NamedChildren()) {
      bool param = a.Type() == "identifier" &&
                   std::find(plan_.params.begin(), plan_.params.end(), std::string(a.Text())) != plan_.params.end();
      if (param && !IsArrayExpr(a)) {
        Refuse(DiagId::kNumpyInKernel,
               "calls " + shown + "() on '" + std::string(a.Text()) + "', which may be an array", n,
               "add an eager signature that says whether it is a scalar");
        return false;
      }
    }
  }
  if (sign) {
    // np.sign of scalars (lowering.cpp); of an array it would be an
    // element-wise array expression, which is not lowered.
    for (const Node& a : args.NamedChildren())
      if (IsArrayExpr(a)) {
        Refuse(DiagId::kNumpyInKernel, "calls " + shown + "() on an array", n,
               "write the loop: out[i] = np.sign(x[i])");
        return false;
      }
    if (args.NamedChildCount() != 1) {
      Refuse(DiagId::kNumpyInKernel, "calls " + shown + "() with " + std::to_string(args.NamedChildCount()) + " arguments", n);
      return false;
    }
    check_args(false);
    return false;
  }
  if (q.rfind("numpy.", 0) == 0 && ScalarBuiltinAlias(q) != q) {
    // np.abs / np.minimum / np.maximum of scalars are the builtins.
    bool scalars = true;
    for (const Node& a : args.NamedChildren()) scalars = scalars && !IsArrayExpr(a);
    if (!scalars) {
      Refuse(DiagId::kNumpyInKernel, "calls " + shown + "() on an array", n);
      return false;
    }
    q = ScalarBuiltinAlias(q);
  }
  if (IsBuiltin(q) && !IsKnownLocal(q)) {
    if (q == "round" && args.NamedChildCount() != 1)
      Refuse(DiagId::kUnsupportedCall, "calls round() with ndigits", n);
    check_args(false);
    return false;
  }
  std::string last = q.substr(q.rfind('.') == std::string::npos ? 0 : q.rfind('.') + 1);
  if (q.rfind("math.", 0) == 0 && FindMathFunction(last)) {
    check_args(false);
    return false;
  }
  if (q.rfind("numpy.", 0) == 0) {
    // The table's arity (np.round(x, 2) is not np.round(x)).
    const NumpyFunction* row = FindNumpyFunction(q);
    int nargs = static_cast<int>(args.NamedChildCount());
    if (row && row->cls != NumpyClass::kAllocation && (nargs < row->min_args || nargs > row->max_args)) {
      Refuse(DiagId::kNumpyInKernel, "calls " + shown + "() with " + std::to_string(nargs) + " arguments", n);
      return false;
    }
    if (FindNumpyScalarFunction(last) || (row && row->cls == NumpyClass::kCast && nargs == 1)) {
      check_args(false);
      return false;
    }
    if (IsNumpyAllocation(q)) {
      allocation_calls_.push_back(n);
      return false;  // checked by FindPattern (placement, arguments)
    }
    Refuse(DiagId::kNumpyInKernel, "calls " + shown + "()", n, std::string(NumpyRefusalHelp(q)));
    return false;
  }
  Node receiver = fn.Type() == "attribute" ? fn.ChildByField("object") : Node();
  while (receiver && receiver.Type() == "subscript") receiver = receiver.ChildByField("value");
  if (receiver && receiver.Type() == "identifier" && containers_.count(std::string(receiver.Text()))) return false;
  if (receiver && (IsArrayName(receiver) || IsParamOrLocal(receiver))) {
    std::string a(fn.ChildByField("object").Text());
    Refuse(DiagId::kArrayAttribute, "calls the method '" + shown + "()'", n,
           fn.ChildByField("attribute").Text() == "copy"
               ? "allocate the copy once at the top of the kernel (c = np.empty_like(" + a + ")) and copy into it (c[:] = " + a + ")"
               : "");
    return false;
  }
  Refuse(DiagId::kUnsupportedCall, "calls '" + shown + "'", n, "move the call out of the kernel");
  return false;
}

// An array-valued argument, as far as can be told before types are
// inferred: an array name seen indexed/measured, or a partial subscript.
bool Builder::IsArrayExpr(const Node& a) const {
  if (a.Type() != "identifier") return false;
  bool indexed = false;
  Walk(body_, [&](const Node& n) {
    if (indexed) return false;
    if (n.Type() == "subscript" && n.ChildByField("value").Type() == "identifier" &&
        n.ChildByField("value").Text() == a.Text())
      indexed = true;
    return true;
  });
  return indexed;
}

bool Builder::IsKnownLocal(const std::string& n) const {
  return plan_.locals.count(n) || std::find(plan_.params.begin(), plan_.params.end(), n) != plan_.params.end();
}

bool Builder::CheckAttribute(const Node& n, const Node& p) {
  std::string q = mod_.imports.Resolve(n);
  if (q == "math.pi" || q == "math.e" || q == "math.inf" || q == "math.nan" || q == "math.tau" ||
      q == "numpy.pi" || q == "numpy.e" || q == "numpy.inf" || q == "numpy.nan")
    return false;
  Node obj = n.ChildByField("object");
  std::string attr(n.ChildByField("attribute").Text());
  if (IsParamOrLocal(obj)) {
    bool ok = attr == "size" || attr == "ndim";
    if (attr == "shape") {
      ok = (p.Type() == "subscript" && p.ChildByField("value") == n) ||
           (p.Type() == "assignment" && p.ChildByField("right") == n &&
            (p.ChildByField("left").Type() == "pattern_list" || p.ChildByField("left").Type() == "tuple_pattern"));
    }
    if (!ok) Refuse(DiagId::kArrayAttribute, "uses '" + std::string(n.Text()) + "'", n);
    return false;
  }
  Refuse(DiagId::kGlobalName, "refers to '" + std::string(n.Text()) + "'", n, "pass the value as a parameter");
  return false;
}

void Builder::CheckIdentifier(const Node& n, const Node& p) {
  if (p.Type() == "keyword_argument" && p.ChildByField("name") == n) return;
  std::string name(n.Text());
  // Names the NumpyTransformer and the SubviewTransformer wrote are theirs.
  if (name.rfind(kReservedPrefix, 0) == 0 && name.rfind(kSubviewPrefix, 0) != 0 &&
      name.rfind(kNumpyPrefix, 0) != 0 && name.rfind(kIterPrefix, 0) != 0 &&
      name.rfind(kInlinePrefix, 0) != 0 && name.rfind(kReturnPrefix, 0) != 0 &&
      !((name.rfind(kPhaseCellPrefix, 0) == 0 || name.rfind(kPhaseCarryPrefix, 0) == 0) &&
        !PhaseOwner(plan_.name).empty())) {
    Refuse(DiagId::kReservedName, "'" + name + "' uses the reserved prefix _pk_", n);
    return;
  }
  if (!IsKnownName(name)) {
    auto help = module_name_help_.find(name);
    if (help == module_name_help_.end())
      help = module_name_help_.emplace(name, ModuleNameHelp(tree_, mod_.imports, name)).first;
    Refuse(DiagId::kGlobalName, "refers to the module-level name '" + name + "'", n, help->second);
  }
}

void Builder::CheckTuple(const Node& n, const Node& p) {
  std::string_view t = n.Type();
  if ((t == "pattern_list" || t == "tuple_pattern") && p.Type() == "assignment" && p.ChildByField("left") == n) {
    Node r = p.ChildByField("right");
    bool shape = r.Type() == "attribute" && r.ChildByField("attribute").Text() == "shape";
    bool parallel = (r.Type() == "expression_list" || r.Type() == "tuple") && r.NamedChildCount() == n.NamedChildCount();
    if (!shape && !parallel) Refuse(DiagId::kTupleValue, "unpacks '" + std::string(r.Text()) + "'", p);
    if (p.Parent().Type() != "expression_statement")
      Refuse(DiagId::kTupleValue, "uses a chained tuple assignment", p);
    return;
  }
  if ((t == "expression_list" || t == "tuple") && p.Type() == "assignment" && p.ChildByField("right") == n) {
    Node l = p.ChildByField("left");
    if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") return;
  }
  if (t == "tuple" && p.Type() == "argument_list") {
    Node call = p.Parent();  // rare: only tuples inside calls
    if (IsNumpyAllocation(mod_.imports.Resolve(call.ChildByField("function")))) return;
  }
  if (p.Type() == "return_statement") return;  // reported by the return check
  Refuse(DiagId::kTupleValue, "uses the tuple '" + std::string(n.Text()) + "'", n,
         p.Type() == "assignment" ? "write the elements where the tuple is used, e.g. np.zeros((n, m)) rather than a shape variable" : "");
}

}  // namespace kernel_plan_detail
}  // namespace caramba
