// plan_loops.cpp — KernelPlan builder, loops and patterns: the dispatch, the
// parallel loop, automatic parallelism.
// The Builder and the order of its steps: plan_builder.h, kernel_plan.cpp.
#include "caramba/analysis/plan_builder.h"

namespace caramba {
namespace kernel_plan_detail {

// ---- loops, reductions, returns ---------------------------------------------
bool Builder::IsPrange(const Node& f) const {
  if (f.Type() != "for_statement") return false;
  Node r = f.ChildByField("right");
  return r.Type() == "call" && mod_.imports.Resolve(r.ChildByField("function")) == "numba.prange";
}

void Builder::FindPattern() {
  std::vector<Node> outer;
  // Without parallel=True Numba runs prange as range: so does the
  // translation (a serial kernel), whatever the loop carries.
  bool parallel = ParallelPrange();
  Walk(body_, [&](const Node& n) {
    if (parallel && IsPrange(n)) {
      outer.push_back(n);
      return false;  // inner pranges run serially, as in Numba
    }
    return true;
  });
  auto stmts = Statements(body_);
  for (const Node& call : allocation_calls_) {
    Node a = call.Parent();
    bool ok = a.Type() == "assignment" && a.ChildByField("right") == call &&
              a.ChildByField("left").Type() == "identifier" && a.Parent().Parent() == body_;
    if (!ok) Refuse(DiagId::kAllocationPlacement, "allocates an array inside an expression, loop or branch", call,
                    "allocate it with a top-level statement 'x = np.empty(...)'");
  }
  if (outer.empty() && TryAutoParallel(stmts)) return;
  if (outer.empty()) {
    plan_.dispatch = Dispatch::kSerial;
    SerialReturns();
    CallerSetup(stmts, stmts.size());
    return;
  }
  if (outer.size() > 1) {
    for (size_t i = 1; i < outer.size(); ++i)
      Refuse(DiagId::kManyPrange, "has more than one prange loop", outer[i].ChildByField("right"));
    return;
  }
  Node loop = outer[0];
  Node top = loop.Parent() == body_ ? loop : TimeLoopAround(loop);
  if (!top) {
    Refuse(DiagId::kPrangePlacement, "the prange loop is inside a loop or a branch", loop.ChildByField("right"),
           "keep the serial loop in the caller and make the prange loop the kernel");
    return;
  }
  PlanLoop(loop, stmts, top);
  PlanSharedUpdates(loop);
  if (top != loop && plan_.reduction.op != ReduceOp::kNone)
    Refuse(DiagId::kPrangePlacement, "the prange loop inside the serial loop carries a reduction",
           loop.ChildByField("right"), "keep the serial loop in the caller and make the prange loop the kernel");
  if (plan_.refusals.empty()) {
    plan_.decisions.push_back(Decision(loop, true, std::string(plan_.dispatch == Dispatch::kFor ? "parallel_for" : "parallel_reduce") +
                                                       " over the prange loop"));
    TryFlatten(loop, top);
  }
}

// The parallel loop of the kernel (a prange, or a serial loop proven
// independent): its range, the reduction, the set-up and the return.
void Builder::PlanLoop(const Node& loop, const std::vector<Node>& stmts, const Node& top) {
  if (top != loop) {  // a serial loop the caller runs around the dispatch
    plan_.time_loop_start = top.StartByte();
    plan_.time_loop_end = top.EndByte();
    plan_.time_var = std::string(top.ChildByField("left").Text());
    for (const Node& a : top.ChildByField("right").ChildByField("arguments").NamedChildren())
      CheckCallerExpression(a, "the serial loop's range");
  }
  plan_.loop_start = loop.StartByte();
  plan_.loop_end = loop.EndByte();
  plan_.loop_var = std::string(loop.ChildByField("left").Text());
  for (const Node& a : loop.ChildByField("right").ChildByField("arguments").NamedChildren())
    plan_.range_args.emplace_back(a.Text());
  size_t idx = std::find(stmts.begin(), stmts.end(), top) - stmts.begin();
  FindReduction(loop, stmts, idx);
  CallerSetup(stmts, idx);
  // After the loop: at most one `return`.
  for (size_t i = idx + 1; i < stmts.size(); ++i) {
    const Node& s = stmts[i];
    if (s.Type() == "return_statement" && i + 1 == stmts.size()) {
      plan_.final_return_start = s.StartByte();
      plan_.final_return_end = s.EndByte();
      if (s.NamedChildCount() == 0 || s.NamedChild(0).Type() == "none") break;
      Node v = s.NamedChild(0);
      Type vt = TypeOfExpr(v, plan_.types, mod_.imports);
      if (vt.rank > 0) {
        if (v.Type() != "identifier") Refuse(DiagId::kUnsupportedReturn, "returns an array expression", v);
        plan_.returns = ReturnKind::kArray;
      } else {
        plan_.returns = ReturnKind::kReduction;
        plan_.return_type = vt.scalar;
      }
      CheckCallerExpression(v, "the returned value");
      continue;
    }
    if (IsDocstring(s) || s.Type() == "pass_statement") continue;
    Refuse(DiagId::kPrangeSurroundings, "runs '" + FirstLine(s) + "' after the prange loop", s);
  }
  Walk(loop, [&](const Node& n) {
    if (n.Type() == "return_statement") Refuse(DiagId::kUnsupportedReturn, "returns from inside the prange loop", n);
    if (n.Type() == "break_statement" && InnermostLoop(n) == loop)
      Refuse(DiagId::kUnsupportedSyntax, "uses break in the prange loop", n);
    return true;
  });
  plan_.dispatch = plan_.reduction.op == ReduceOp::kNone ? Dispatch::kFor : Dispatch::kReduce;
  if (plan_.reduction.op != ReduceOp::kNone && plan_.reduction.op != ReduceOp::kSum)
    Note(DiagId::kAtomicReduction,
         std::string(ReduceOpName(plan_.reduction.op)) + " reduction of '" + plan_.reduction.var +
             "' through an atomic update",
         loop.ChildByField("right"));
}

// Element updates that several prange iterations may share: atomics, or a
// refusal where atomics cannot express them (shared_updates.h).
void Builder::PlanSharedUpdates(const Node& loop) {
  SharedUpdates su = AnalyzeSharedUpdates({loop, plan_.types, unknown_dtype_, mod_.imports});
  for (const auto& p : su.problems)
    Refuse(DiagId::kSharedElementUpdate, "'" + k_.name + "': " + p.message, p.start, p.end, p.help);
  if (!su.problems.empty()) return;
  for (const auto& n : su.notes)
    plan_.notes.push_back(Diagnostic::Make(DiagId::kAtomicElementUpdate, "'" + k_.name + "': " + n.message,
                                           std::string(path_)).At(n.start, n.end));
  // Whether an atomically updated array holds integers decides the update
  // (Numba converts after each addition, an atomic before): not guessed.
  for (const AtomicDtypeCheck& c : su.dtype_checks)
    Refuse(DiagId::kNoTypeEvidence,
           "updates '" + c.array + "' with values that may not be integers, and nothing in the kernel says whether '" +
               c.array + "' holds integers (an atomic update would convert differently)",
           def_.ChildByField("name"), kRecordTypesHelp);
  if (!su.dtype_checks.empty()) return;
  plan_.atomic_updates = std::move(su.updates);
}

LoopDecision Builder::Decision(const Node& loop, bool parallel, std::string why) const {
  Node r = loop.ChildByField("right");
  return LoopDecision{loop.StartByte(), r ? r.EndByte() : loop.EndByte(), parallel, std::move(why)};
}

// A serial kernel whose one top-level loop has independent iterations gets
// the plan of a prange kernel over that loop. Every obstacle keeps the
// serial plan, silently (the reason is a decision for --explain-parallel).
bool Builder::TryAutoParallel(const std::vector<Node>& stmts) {
  if (!plan_.refusals.empty()) return false;
  std::vector<Node> loops;
  for (const Node& s : stmts)
    if (s.Type() == "for_statement" || s.Type() == "while_statement") loops.push_back(s);
  auto keep = [&](const Node& loop, const std::string& why) {
    if (loop.Type() == "for_statement") plan_.decisions.push_back(Decision(loop, false, why));
    return false;
  };
  if (options_.parallelize != "auto") {
    for (const Node& l : loops) keep(l, "serial: --parallelize=" + options_.parallelize + " keeps serial loops serial");
    return false;
  }
  if (loops.size() != 1) {
    for (const Node& l : loops)
      keep(l, loops.size() > 1 ? "serial: the kernel has " + std::to_string(loops.size()) +
                                     " top-level loops (one dispatch runs one loop)"
                               : "");
    return false;
  }
  Node loop = loops[0];
  if (loop.Type() != "for_statement") return false;
  LoopDependence dep = AnalyzeLoopDependence({body_, {loop}, plan_.types, plan_.params, mod_.imports, loop, guards_});
  Node top = loop;
  if (!dep.independent) {
    // A serial (time) loop around one independent loop: the caller runs
    // the serial loop around the parallel dispatch.
    Node inner = PerfectlyNestedLoop(loop, mod_.imports);
    if (!inner || !TimeLoopAround(inner))
      return keep(loop, "serial: " + dep.reason + " (line " + LineOf(dep.where_start) + ")");
    LoopDependence in = AnalyzeLoopDependence({body_, {inner}, plan_.types, plan_.params, mod_.imports, loop, guards_});
    if (!in.independent)
      return keep(loop, "serial: " + dep.reason + " (line " + LineOf(dep.where_start) + ")");
    plan_.decisions.push_back(Decision(loop, false, "serial, in the caller, around the parallel dispatch of the inner loop"));
    top = loop;
    loop = inner;
    dep = in;
  }
  // Default counts: whatever space the runtime defaults to, the caller's
  // fallback runs on pk.Serial, on the host arrays.
  if (!dep.alias_checks.empty() && options_.space != "OpenMP" && options_.space != "Threads" &&
      options_.space != "Serial" && options_.space != "Default")
    return keep(loop, "serial: arrays may alias and the " + options_.space + " space has no serial fallback");
  KernelPlan saved = plan_;
  std::set<std::string> saved_setup = setup_names_;
  PlanLoop(loop, stmts, top);
  std::string why;
  if (!plan_.refusals.empty()) why = plan_.refusals[0].message;
  if (why.empty() && top != loop && plan_.reduction.op != ReduceOp::kNone)
    why = "the loop inside the serial loop carries a reduction";
  for (size_t at; (at = why.find("the prange loop")) != std::string::npos;) why.replace(at, 15, "the loop");
  bool float_red = plan_.reduction.op != ReduceOp::kNone && !IsInteger(plan_.reduction.type) &&
                   plan_.reduction.type != Scalar::kBool;
  if (why.empty() && float_red && (plan_.reduction.op == ReduceOp::kMax || plan_.reduction.op == ReduceOp::kMin) &&
      !NanFreeUpdates(loop))
    why = "a floating-point " + std::string(ReduceOpName(plan_.reduction.op)) +
          " reduction depends on the order when a NaN is met";
  if (!why.empty()) {
    plan_ = std::move(saved);
    setup_names_ = std::move(saved_setup);
    if (top != loop) {
      plan_.decisions.pop_back();  // the serial loop's decision
      loop = top;
    }
    std::string prefix = "'" + k_.name + "': ";
    if (why.rfind(prefix, 0) == 0) why = why.substr(prefix.size());
    return keep(loop, "serial: " + why);
  }
  plan_.auto_parallel = true;
  plan_.alias_checks = dep.alias_checks;
  // The NumpyTransformer's accumulators (`_pk_np_acc0`) mean nothing to the user.
  bool numpy_acc = plan_.reduction.var.rfind("_pk_np_", 0) == 0;
  // A max/min that got here reduces no NaN: exact in any order.
  if (float_red && plan_.reduction.op != ReduceOp::kMax && plan_.reduction.op != ReduceOp::kMin)
    Note(DiagId::kReassociatedReduction,
         (numpy_acc ? "the NumPy " + std::string(ReduceOpName(plan_.reduction.op))
                    : std::string(ReduceOpName(plan_.reduction.op)) + " of '" + plan_.reduction.var + "'") +
             " is reassociated by the automatic parallelisation of this loop",
         loop.ChildByField("right"));
  std::string what = plan_.dispatch == Dispatch::kFor ? "parallel_for" : "parallel_reduce";
  what += " (iterations proven independent";
  if (!dep.alias_checks.empty()) what += "; runs serially when np.may_share_memory finds the arrays overlap";
  plan_.decisions.push_back(Decision(loop, true, what + ")"));
  TryFlatten(loop, top);
  return true;
}

// The serial loop `for t in range(...)` whose body is exactly `loop`, at the
// top level of the kernel: the caller can run it around the dispatch (each
// step's parallel loop completes before the next step starts, as in Numba).
Node Builder::TimeLoopAround(const Node& loop) const {
  Node block = loop.Parent();
  Node top = block ? block.Parent() : Node();
  if (!top || top.Type() != "for_statement" || top.Parent() != body_ || !IsRangeLoop(top, mod_.imports)) return Node();
  if (mod_.imports.Resolve(top.ChildByField("right").ChildByField("function")) != "range") return Node();
  auto inside = Statements(block);
  if (inside.size() != 1 || inside[0] != loop) return Node();
  std::string t(top.ChildByField("left").Text());
  if (assign_count_.count(t) && assign_count_.at(t) != 2) return Node();  // assigned besides its for
  return top;
}

// --nested-parallel=flatten: a rectangular inner loop whose iterations are
// independent too joins the parallel range.
void Builder::TryFlatten(const Node& loop, const Node& top) {
  Node inner = PerfectlyNestedLoop(loop, mod_.imports);
  if (!inner) return;
  if (options_.nested_parallel != "flatten") {
    plan_.decisions.push_back(Decision(inner, false, "serial inside each parallel iteration (--nested-parallel=outer)"));
    return;
  }
  LoopDependence dep = AnalyzeLoopDependence({body_, {loop, inner}, plan_.types, plan_.params, mod_.imports, top, guards_});
  if (!dep.independent) {
    plan_.decisions.push_back(Decision(inner, false, "serial inside each parallel iteration: " + dep.reason));
    return;
  }
  plan_.inner_loop_start = inner.StartByte();
  plan_.inner_loop_end = inner.EndByte();
  plan_.inner_loop_var = std::string(inner.ChildByField("left").Text());
  for (const auto& a : dep.alias_checks) {
    bool have = false;
    for (const auto& b : plan_.alias_checks) have = have || (a.written == b.written && a.other == b.other);
    if (!have) plan_.alias_checks.push_back(a);
  }
  plan_.decisions.push_back(Decision(inner, true, "flattened with the outer loop into one parallel range"));
}

// Every other loop of a translated kernel gets a decision too.
void Builder::ExplainLoops() {
  Walk(body_, [&](const Node& n) {
    if (n.Type() != "for_statement") return true;
    for (const auto& d : plan_.decisions)
      if (d.start == n.StartByte()) return true;
    bool inside = plan_.dispatch != Dispatch::kSerial && n.StartByte() > plan_.loop_start && n.EndByte() <= plan_.loop_end;
    bool time = plan_.time_loop_start && n.StartByte() == plan_.time_loop_start;
    plan_.decisions.push_back(Decision(n, false, time ? "serial, in the caller, around the parallel dispatch"
                                                 : inside ? "serial inside each parallel iteration"
                                                        : plan_.dispatch == Dispatch::kSerial
                                                              ? "serial: inside the serial kernel's loop"
                                                              : "serial: outside the parallel loop"));
    return true;
  });
  std::sort(plan_.decisions.begin(), plan_.decisions.end(),
            [](const LoopDecision& a, const LoopDecision& b) { return a.start < b.start; });
}

std::string Builder::LineOf(uint32_t byte) const {
  return std::to_string(tree_.Root().DescendantForByteRange(byte, byte).StartPoint().row + 1);
}

Node Builder::InnermostLoop(Node n) {
  for (n = n.Parent(); n; n = n.Parent())
    if (n.Type() == "for_statement" || n.Type() == "while_statement") return n;
  return Node();
}

std::string Builder::FirstLine(const Node& n) {
  std::string_view t = n.Text();
  return std::string(t.substr(0, t.find('\n')));
}

}  // namespace kernel_plan_detail
}  // namespace caramba
