// plan_numpy.cpp — KernelPlan builder, NumPy: applying the NumPy lowering, the
// plain-Python fallback, shape guards.
// The Builder and the order of its steps: plan_builder.h, kernel_plan.cpp.
#include "caramba/analysis/plan_builder.h"

namespace caramba {
namespace kernel_plan_detail {

// ---- NumPy (numpy_lowering.h) -------------------------------------------------
// Lowers the kernel's NumPy statements; they take over the generic
// refusals (CRB201 NumPy call, CRB301 slice ...) inside the statements they
// rewrite or refuse with a precise code.
void Builder::LowerNumpyStatements() {
  NumpyLoweringInput in{def_, plan_.types, mod_.imports, k_.name, std::string(path_), "    ", "\n", false, {}};
  std::string_view src = tree_.Source();
  in.indent_unit = IndentUnit(src);
  in.newline = src.find("\r\n") != std::string_view::npos ? "\r\n" : "\n";
  in.has_signature = recorded_.has_value() || function_args_ != nullptr;  // exact parameter types
  in.params = plan_.params;
  in.assumed_dtype = unknown_dtype_;
  in.assumed_dtype.insert(assumed_float_.begin(), assumed_float_.end());
  NumpyLowering low = LowerNumpy(in);
  auto covered = [&](const Diagnostic& d) {
    std::string_view c = d.Code();
    if (c != "CRB201" && c != "CRB301" && c != "CRB302" && c != "CRB303" && c != "CRB304" && c != "CRB124") return false;
    for (const auto& [s, e] : low.covered)
      if (d.start >= s && d.start < e) return true;
    return false;
  };
  plan_.refusals.erase(std::remove_if(plan_.refusals.begin(), plan_.refusals.end(), covered), plan_.refusals.end());
  // `w -= ...` on an array parameter updates it in place (a slice
  // assignment), it does not rebind it: not CRB129.
  for (const std::string& p : plan_.assigned_params) {
    if (plan_.types[p].rank == 0) continue;
    bool in_place = true;
    Walk(body_, [&](const Node& n) {
      if ((n.Type() == "assignment" || n.Type() == "augmented_assignment") && n.ChildByField("left").Type() == "identifier" &&
          n.ChildByField("left").Text() == p && n.Type() == "assignment")
        in_place = false;
      return in_place;
    });
    if (!in_place) continue;
    std::string needle = "'" + p + "'";
    plan_.refusals.erase(std::remove_if(plan_.refusals.begin(), plan_.refusals.end(),
                                        [&](const Diagnostic& d) {
                                          return d.Code() == "CRB129" && d.message.find(needle) != std::string::npos;
                                        }),
                         plan_.refusals.end());
  }
  for (auto& d : low.refusals) plan_.refusals.push_back(std::move(d));
  for (auto& d : low.notes) plan_.notes.push_back(std::move(d));
  // A new array bound to a name twice (`u, un = un, u`) is the only thing
  // refused: a host program runs that statement as NumPy on the host
  // (PhaseLowering lifts CRB207), so the statements around it are still
  // lowered, for its phases. The refusal stands until then: a kernel that
  // does not become a host program stays Numba code, its input text put back
  // (KernelRestorer).
  // Other CRB207 refusals (an element type unknown, a new array in a prange
  // loop) no host program lifts: they get the fallback they always had. So
  // does a kernel the PhaseLowering declined (apps/heat.py::heat_run: two
  // copies swapped around a call, no phase to make a host program of): the
  // pass manager runs the pipeline again with it in declined_host_programs.
  bool host_runs_rest = !low.refusals.empty() && !low.unknown_arrays && !options_.declined_host_programs.count(k_.name) &&
                        options_.phases && options_.parallelize != "none" && !plan_.as_function &&
                        std::all_of(low.refusals.begin(), low.refusals.end(), [&](const Diagnostic& d) {
                          return d.id == DiagId::kNumpyNewArray && d.start &&
                                 std::count(low.host_runs.begin(), low.host_runs.end(), *d.start) > 0;
                        });
  // A parameter that may be a scalar or an array (CRB140) decides how the
  // lowering broadcasts: no rewrite on a guess.
  if ((low.refusals.empty() || host_runs_rest) && no_kind_evidence_.empty()) {
    plan_.numpy_rewrites = std::move(low.rewrites);
    partial_lowering_ = host_runs_rest || !low.host_only.empty();
    host_only_ = std::move(low.host_only);
    // Without host programs, new arrays allocated at every step of a loop
    // cannot be translated: the kernel stays Numba code, and says why.
    if (!host_only_.empty() && (!options_.phases || options_.parallelize == "none" || plan_.as_function)) {
      plan_.numpy_rewrites.clear();
      partial_lowering_ = false;
      for (auto& d : host_only_) plan_.refusals.push_back(std::move(d));
      host_only_.clear();
      NumpyFallback();
    }
  }
  guard_sites_ = std::move(low.guard_sites);
  if (!low.refusals.empty() && !host_runs_rest) NumpyFallback();
}

// Only refusals a host program can lift (visitors/phase_lowering.cpp) leave
// the partial lowering a chance: otherwise the kernel stays Numba code, and
// its refusals must speak of the user's text, not of the lowered one (whose
// shape checks would read as a `raise` in the kernel, CRB113).
void Builder::DropPartialLowering() {
  if (!partial_lowering_) return;
  for (const Diagnostic& d : plan_.refusals) {
    switch (d.id) {
      case DiagId::kNumpyNewArray:         // CRB207: the host runs NumPy
      case DiagId::kNumpyGuardPlacement:   // CRB205: the host runs the check
      case DiagId::kAllocationPlacement:   // CRB202
      case DiagId::kUnsupportedReturn:     // CRB127
      case DiagId::kManyPrange:            // CRB401
      case DiagId::kPrangePlacement:       // CRB402
      case DiagId::kPrangeSurroundings:    // CRB403
      case DiagId::kHelperKeptForNumba:    // CRB132
      case DiagId::kAssignedParameter:     // CRB129: the host rebinds names
      case DiagId::kArrayRebind:           // CRB304  (only plain rebindings)
        continue;
      default:
        plan_.numpy_rewrites.clear();
        partial_lowering_ = false;
        for (auto& h : host_only_) plan_.refusals.push_back(std::move(h));
        host_only_.clear();
        NumpyFallback();  // what a kernel refused for its NumPy alone gets
        return;
    }
  }
}

// The thesis's behaviour for NumPy that cannot stay in a kernel (CRB515):
// the function runs as plain Python with host ufuncs. Only when NumPy is
// the kernel's only problem and it has no element-wise loops (which Python
// would run hundreds of times slower than Numba): otherwise the refusals
// stand and the kernel stays Numba code.
void Builder::NumpyFallback() {
  if (plan_.as_function) return;  // a @pk.function copy has no fallback: its callers say why not
  // Array results that cannot be lowered (a new array, a matrix product)
  // or operands of unknown rank (CRB204, which NumPy in Python handles
  // whatever they are) are what cannot stay in a kernel; the lowering's
  // other limits keep the kernel in Numba, which is faster than Python.
  bool array_result = false;
  for (const Diagnostic& d : plan_.refusals)
    array_result = array_result || d.Code() == "CRB204" || d.Code() == "CRB207" || d.Code() == "CRB208";
  if (!array_result) return;
  for (const Diagnostic& d : plan_.refusals) {
    int code = std::stoi(std::string(d.Code()).substr(3));
    // (Assigning to a parameter, CRB129, is the same in plain Python as in Numba.)
    bool numpy = (code >= 201 && code <= 210 && code != 202) || code == 301 || code == 302 || code == 303 ||
                 code == 304 || code == 129;
    if (!numpy) return;
  }
  bool element_loop = false;
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "for_statement" || n.Type() == "while_statement") {
      Walk(n.ChildByField("body"), [&](const Node& m) {
        if (m.Type() == "subscript" && !element_loop) {
          int depth = 0;
          Node b = SubscriptBase(m, &depth);
          auto it = b.Type() == "identifier" ? plan_.types.find(b.Text()) : plan_.types.end();
          if (it != plan_.types.end() && it->second.rank > 0 && depth >= it->second.rank) element_loop = true;
        }
        return !element_loop;
      });
    }
    return !element_loop;
  });
  if (element_loop || (k_.kind != JitKind::kNjit && k_.kind != JitKind::kJit)) return;
  // The fallback removes the kernel's decorator; a second Numba decorator on
  // the same def would stay and compile the plain-Python body after all (and
  // translating the output again gave another text).
  if (Node decorated = def_.Parent(); decorated && decorated.Type() == "decorated_definition") {
    int numba = 0;
    for (const Node& dec : decorated.NamedChildren()) {
      if (dec.Type() != "decorator" || !dec.NamedChild(0)) continue;
      Node e = dec.NamedChild(0);
      if (e.Type() == "call") e = e.ChildByField("function");
      std::string q = mod_.imports.Resolve(e);
      numba += q == "numba" || q.rfind("numba.", 0) == 0;
    }
    if (numba > 1) return;
  }
  // Notes about a lowering that will not happen would mislead.
  plan_.notes.erase(std::remove_if(plan_.notes.begin(), plan_.notes.end(),
                                   [](const Diagnostic& d) { return d.Code() == "CRB517"; }),
                    plan_.notes.end());
  plan_.numpy_rewrites = FallbackRewrites(def_, mod_.imports, k_.decorator_start_byte, k_.decorator_end_byte,
                                          tree_.Source().find("\r\n") != std::string::npos ? "\r\n" : "\n");
  plan_.notes.push_back(
      Diagnostic::Make(DiagId::kNumpyFallback,
                       "'" + k_.name + "' runs as plain Python with PyKokkos host ufuncs: its NumPy work (" +
                           std::string(plan_.refusals[0].Code()) + ": " + plan_.refusals[0].message +
                           ") cannot stay in a workunit; it will be slower than Numba, every operation "
                           "being a separate call from the interpreter",
                       std::string(path_))
          .At(k_.decorator_start_byte, k_.decorator_end_byte));
  plan_.numpy_fallback = true;
  plan_.fallback_reasons = std::move(plan_.refusals);
  plan_.refusals.clear();
  plan_.refusals.push_back(Diagnostic::Make(DiagId::kNumpyFallback, "'" + k_.name + "' falls back to plain Python",
                                            std::string(path_)).At(k_.decorator_start_byte, k_.decorator_end_byte));
}

std::string Builder::IndentUnit(std::string_view src) {
  // The first indented line after a `def` tells the unit; four spaces otherwise.
  size_t p = src.find(":\n");
  if (p != std::string_view::npos) {
    size_t b = p + 2, e = b;
    while (e < src.size() && (src[e] == ' ' || src[e] == '\t')) ++e;
    if (e > b) return std::string(src.substr(b, e - b));
  }
  return "    ";
}

// `if cond: raise ValueError("...")` (or ZeroDivisionError), nothing else.
bool Builder::IsGuard(const Node& n) {
  if (n.Type() != "if_statement" || n.ChildByField("alternative")) return false;
  auto stmts = Statements(n.ChildByField("consequence"));
  if (stmts.size() != 1 || stmts[0].Type() != "raise_statement" || stmts[0].NamedChildCount() != 1) return false;
  Node call = stmts[0].NamedChild(0);
  if (call.Type() != "call") return false;
  std::string_view f = call.ChildByField("function").Text();
  if (f != "ValueError" && f != "ZeroDivisionError") return false;
  auto args = call.ChildByField("arguments").NamedChildren();
  return args.size() == 1 && args[0].Type() == "string" && !args[0].Text().empty() &&
         (args[0].Text()[0] == '"' || args[0].Text()[0] == '\'');
}

// A guard moves into the caller only where that is exact: every run of the
// kernel reaches it (no if, while, break, continue or earlier return) and
// the caller can compute its condition. Checked for the guards in the text
// and, before the NumpyTransformer writes them, for the statements it will
// put guards before (so a kernel is refused before it is rewritten).
void Builder::CheckGuards() {
  std::map<std::string, Node> setup_values;
  for (const auto& [s, e] : plan_.setup) {
    Node stmt = tree_.Root().DescendantForByteRange(s, e);
    while (stmt && stmt.Type() != "expression_statement") stmt = stmt.Parent();
    Node a = stmt ? AssignmentOf(stmt) : Node();
    if (a && a.ChildByField("left").Type() == "identifier")
      setup_values[std::string(a.ChildByField("left").Text())] = a.ChildByField("right");
    else if (a)
      for (const Node& id : a.ChildByField("left").NamedChildren()) setup_values[std::string(id.Text())] = Node();
  }
  for (const auto& al : plan_.allocations) setup_values[al.var] = Node();
  // Answers for names reached through setup values (no loop variables),
  // per depth: a chain of NumPy temporaries is otherwise walked once per path.
  std::map<std::pair<std::string, int>, bool> known;
  std::function<bool(const std::string&, const std::set<std::string>&, int)> evaluable =
      [&](const std::string& name, const std::set<std::string>& loop_vars, int depth) -> bool {
    if (depth > 16) return false;
    if (loop_vars.empty()) {
      auto memo = known.find({name, depth});
      if (memo != known.end()) return memo->second;
    }
    if (loop_vars.count(name) || IsBuiltin(name) || mod_.imports.ModuleAliases().count(name)) return true;
    if (std::find(plan_.params.begin(), plan_.params.end(), name) != plan_.params.end()) return true;
    auto it = setup_values.find(name);
    if (it == setup_values.end()) return false;
    if (!it->second) return true;  // `n, m = a.shape`, an allocated array
    bool ok = true;
    WalkWithParent(it->second, it->second.Parent(), [&](const Node& n, const Node& p) {
      if (ok && IsNameUse(n, p) && !(p.Type() == "call" && p.ChildByField("function") == n))
        ok = evaluable(std::string(n.Text()), {}, depth + 1);
      return ok;
    });
    if (loop_vars.empty()) known[{name, depth}] = ok;
    return ok;
  };
  // The first return statement of the body (an earlier return may skip a check).
  std::optional<uint32_t> first_return;
  Walk(body_, [&](const Node& n) {
    if (n.Type() == "return_statement" && (!first_return || n.StartByte() < *first_return)) first_return = n.StartByte();
    return true;
  });
  // Why the check before statement `g` cannot move; fills the enclosing loops.
  auto problem = [&](const Node& g, const std::vector<std::string>& names, const Node& cond, Guard& guard) {
    std::set<std::string> loop_vars;
    std::string why;
    for (Node a = g.Parent(); a && a != body_ && why.empty(); a = a.Parent()) {
      if (a.Type() == "block") continue;
      if (a.Type() == "for_statement" && (IsPrange(a) || (a.ChildByField("right").Type() == "call" &&
                                           mod_.imports.Resolve(a.ChildByField("right").ChildByField("function")) == "range"))) {
        guard.loops.insert(guard.loops.begin(), {a.StartByte(), a.EndByte()});
        loop_vars.insert(std::string(a.ChildByField("left").Text()));
        Walk(a.ChildByField("body"), [&](const Node& n) {
          std::string_view t = n.Type();
          if (t == "break_statement" || t == "continue_statement" || t == "return_statement") why = "a loop around it may stop early";
          return why.empty();
        });
        continue;
      }
      why = "it runs under a " + std::string(a.Type());
    }
    if (why.empty() && first_return && *first_return < g.StartByte()) why = "an earlier return may skip it";
    auto check_name = [&](const std::string& name) {
      if (why.empty() && !evaluable(name, loop_vars, 0))
        why = "it depends on '" + name + "', which the kernel computes";
    };
    for (const auto& n : names) check_name(n);
    std::vector<Node> roots;
    if (cond) roots.push_back(cond);
    for (const auto& [s, e] : guard.loops) {
      Node loop = tree_.Root().DescendantForByteRange(s, e);
      while (loop && loop.Type() != "for_statement") loop = loop.Parent();
      if (loop) roots.push_back(loop.ChildByField("right").ChildByField("arguments"));
    }
    for (const Node& root : roots)
      WalkWithParent(root, root.Parent(), [&](const Node& n, const Node& p) {
        // Only shape checks move: an element read would be replayed by a
        // Python loop in the caller, before the kernel wrote anything.
        if (n.Type() == "subscript" && !(n.ChildByField("value").Type() == "attribute" &&
                                         n.ChildByField("value").ChildByField("attribute").Text() == "shape"))
          why = "it reads array elements";
        if (IsNameUse(n, p) && !(p.Type() == "call" && p.ChildByField("function") == n)) check_name(std::string(n.Text()));
        return why.empty();
      });
    return why;
  };
  for (const Node& g : guards_) {
    Guard guard{g.StartByte(), g.EndByte(), {}};
    std::string why = problem(g, {}, g.ChildByField("condition"), guard);
    if (!why.empty()) {
      // A raise the caller cannot perform stays what it is: an exception in a kernel.
      Refuse(DiagId::kExceptions, "uses 'raise' in '" + FirstLine(g) + "', a check the caller cannot perform (" + why + ")",
             Statements(g.ChildByField("consequence"))[0]);
      continue;
    }
    plan_.guards.push_back(std::move(guard));
  }
  for (const NumpyGuardSite& site : guard_sites_) {
    Node g = tree_.Root().DescendantForByteRange(site.start, site.end);
    while (g && (g.StartByte() != site.start || g.EndByte() != site.end || g.Type() == "expression_statement" ||
                 g.Type() == "assignment" || g.Type() == "augmented_assignment") && g.Parent() && g.Parent().Type() != "block")
      g = g.Parent();
    if (!g) continue;
    Guard unused;
    std::string why = problem(g, site.names, Node(), unused);
    if (why.empty()) continue;
    Refuse(DiagId::kNumpyGuardPlacement,
           "the shape check of '" + FirstLine(g) + "' cannot move into the caller: " + why, g);
    // A host program runs the check where it is (phases.h): the lowering
    // still applies, and the PhaseLowering decides whether the check ends up
    // on the host; if not, the kernel stays Numba code.
    if (!options_.phases || options_.parallelize == "none") plan_.numpy_rewrites.clear();
  }
}

}  // namespace kernel_plan_detail
}  // namespace caramba
