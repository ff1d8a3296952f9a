// kernel_writer.cpp — see kernel_writer.h: the KernelWriter, its start and the
// order of its steps.
#include "visitors/kernel_writer.h"

#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/workunit_names.h"

#include <algorithm>

namespace caramba {

KernelWriter::KernelWriter(const Context& ctx, const KernelPlan& plan, const Kernel& k, const FunctionExtents& extents,
                           const FunctionZeroDivision* zero_division)
    : ctx_(ctx), plan_(plan), k_(k), env_(plan.types, ctx.module().imports), edits_("SemanticTransformer") {
  def_ = ctx.tree().Root().DescendantForByteRange(plan.def_start, plan.def_end);
  while (def_ && def_.Type() != "function_definition") def_ = def_.Parent();
  body_ = def_.ChildByField("body");
  nl_ = std::string(ctx.newline());
  std::string def_indent(IndentationAt(ctx.source(), def_.StartByte()));
  std::string body_indent(IndentationAt(ctx.source(), body_.StartByte()));
  unit_ = body_indent.size() > def_indent.size() ? body_indent.substr(def_indent.size()) : "    ";
  env_.indent_unit = unit_;
  // The variables of the parallel range are pk.int64 (declared from tid);
  // a @pk.function runs its prange loops as range loops (32-bit variables).
  env_.int32_names = Int32LoopVariables(
      body_, ctx.module().imports, k.Option("parallel") && ctx.options().parallelize != "none" && !plan.as_function);
  env_.int32_names.erase(plan.loop_var);
  env_.int32_names.erase(plan.inner_loop_var);
  env_.int32_names.erase(plan.time_var);  // a pk.int64 parameter of the workunit
  // Where `x ** 0.5` may become math.sqrt(x) (lowering.h).
  env_.nonnegative_names = NonNegativeLocals(body_, ctx.module().imports);
  auto used = [&](const std::string& n) {
    return plan.types.count(n) || std::find(plan.params.begin(), plan.params.end(), n) != plan.params.end();
  };
  tid_ = used("tid") ? "_pk_tid" : "tid";
  // A zero divisor raises ZeroDivisionError in Numba, except under NumPy's
  // error model and in the body of a prange loop of a parallel=True kernel
  // (its parfor): there it gives 0, as the plain helpers do. A @pk.function
  // sets the flag of the workunit that calls it, which it takes as its last
  // parameter (function_zero_division.h); a helper it calls raises by its
  // own error model, so the flag goes on to it from anywhere.
  auto model = k.options.find("error_model");
  bool numpy_model = model != k.options.end() && model->second.find("numpy") != std::string::npos;
  env_.zero_division_flag = used(std::string(kZeroDivisionFlag)) ? "_pk_" + std::string(kZeroDivisionFlag)
                                                                 : std::string(kZeroDivisionFlag);
  if (zero_division) env_.helper_zero_division = *zero_division;
  takes_flag_ = plan.as_function && zero_division && zero_division->count(plan.function_name);
  if (!numpy_model && (!plan.as_function || takes_flag_)) {
    env_.zero_division = env_.zero_division_flag;
    if (k.Option("parallel"))
      for (const LoopInfo& l : k.prange_loops) env_.no_raise_ranges.push_back({l.start_byte, l.end_byte});
  }
  acc_ = used("acc") ? "_pk_acc" : "acc";
  bool thesis = ctx.options().caller_style == "thesis";
  // A phase kernel (phases.h) is already named `_pk_<kernel>_phase<n>`.
  phase_ = !PhaseOwner(k.name).empty();
  names_.workunit = plan.as_function ? plan.function_name : WorkunitName(k.name, thesis);
  for (const HelperCall& c : plan.calls) env_.renamed_calls[c.start] = c.function;
  // Extents travel into @pk.functions as parameters (function_extents.h).
  for (const auto& [fn, list] : extents)
    for (const ExtentParam& e : list) env_.helper_extents[fn].push_back({e.param_index, e.dim});
  if (plan.as_function) {
    auto own = extents.find(plan.function_name);
    if (own != extents.end()) own_extents_ = own->second;
    for (const ExtentParam& e : own_extents_) env_.extent_names[{e.array, e.dim}] = e.name;
  }
  names_.caller = thesis ? "call_" + k.name : k.name;
  if (plan.dispatch != Dispatch::kSerial) loop_ = NodeAt(plan.loop_start, plan.loop_end);
  // A flattened nest (--nested-parallel=flatten): the inner loop's body is
  // the workunit's body.
  par_ = plan.inner_loop_start ? NodeAt(plan.inner_loop_start, plan.inner_loop_end) : loop_;
  if (plan.reduction.op != ReduceOp::kNone && plan.reduction.op != ReduceOp::kSum)
    names_.cell = "_pk_" + plan.reduction.var;
}

std::string KernelWriter::Write() {
  if (plan_.as_function) return WriteFunction();
  Node region_root = loop_ ? par_.ChildByField("body") : body_;
  region_root_ = region_root;
  FindLoopCopies();
  // Shape checks run in the caller (KernelPlan::guards).
  for (const Guard& g : plan_.guards) RemoveLine(g.stmt_start, g.stmt_end);
  Declarations();
  LowerBlock(region_root);
  std::vector<Node> setup;
  for (const auto& [s, e] : plan_.setup) {
    Node stmt = NodeAt(s, e);
    if (loop_) LowerStatement(stmt);
    setup.push_back(stmt);
  }
  std::string ind = unit_;
  std::string body;
  if (!loop_) {
    for (const auto& a : plan_.allocations) RemoveLine(a.stmt_start, a.stmt_end);
    if (plan_.returns == ReturnKind::kArray) RemoveLine(plan_.final_return_start, plan_.final_return_end);
    Node first = Statements(body_).empty() ? Node() : Statements(body_)[0];
    if (first && IsDocstring(first)) RemoveLine(first.StartByte(), first.EndByte());
    std::string text = Region(LeadingComments(def_, body_), body_.EndByte());
    body = ind + text.substr(std::min(text.size(), text.find_first_not_of(" \t\r\n")));
    // A scalar parameter the body assigns starts as a local copy, after the
    // comments of the def line: workunit parameters are read-only
    // (CheckKernelParamAssignments).
    std::string copies;
    for (const std::string& p : plan_.assigned_params)
      if (plan_.types.at(p).rank == 0 && Mentions(body_, p))
        copies += ind + p + ": " + DialectScalar(plan_.types.at(p).scalar) + " = " + ParamInName(p) + nl_;
    size_t at = 0;
    while (at + ind.size() < body.size() && body.compare(at, ind.size(), ind) == 0 && body[at + ind.size()] == '#') {
      size_t eol = body.find('\n', at);
      at = eol == std::string::npos ? body.size() : eol + 1;
    }
    body.insert(at, copies);
  } else {
    // Comments after `def f(...):` belong to the def node, not to its body
    // (tree-sitter); the loop form does not copy the body's start, so keep
    // them at the top of the workunit.
    uint32_t def_comments = LeadingComments(def_, body_);
    for (const Node& c : def_.Children())
      if (c.Type() == "comment" && c.StartByte() >= def_comments && c.StartByte() < body_.StartByte()) {
        std::string_view text = c.Text();  // in a CRLF file a comment token ends with '\r'
        while (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        body += ind + std::string(text) + nl_;
      }
    for (const Node& s : setup) body += ind + Region(s.StartByte(), s.EndByte()) + nl_;
    body += Header(ind);
    std::string loop_indent(IndentationAt(ctx_.source(), region_root.StartByte()));
    body += Dedent(loop_indent + Region(LeadingComments(par_, region_root), region_root.EndByte()), loop_indent, ind);
  }
  if (TrimmedEmpty(body)) body = ind + "pass";
  std::string wu = "@pk.workunit" + nl_ + "def " + names_.workunit + "(" + Signature() + "):" + nl_ + body;
  if (phase_) return wu;  // dispatched where its host program calls it
  CallerInput in{ctx_, plan_, k_, def_, names_, unit_, nl_, workunit_params_, {}, &param_sources_};
  return wu + nl_ + nl_ + nl_ + WriteCaller(in);
}

std::string KernelWriter::Dispatch(const std::string& target, const std::string& indent,
                                   std::set<std::string> fresh) const {
  CallerInput in{ctx_, plan_, k_, def_, names_, unit_, nl_, workunit_params_, std::move(fresh)};
  return InlineDispatch(in, target, indent);
}

// A @pk.function: every parameter and the return type annotated
// (pykokkos-dialect.md §1), the body lowered like a serial kernel's.
std::string KernelWriter::WriteFunction() {
  region_root_ = body_;
  FindLoopCopies();
  Declarations();
  LowerBlock(body_);
  Node first = Statements(body_).empty() ? Node() : Statements(body_)[0];
  if (first && IsDocstring(first)) RemoveLine(first.StartByte(), first.EndByte());
  std::string text = Region(LeadingComments(def_, body_), body_.EndByte());
  std::string body = unit_ + text.substr(std::min(text.size(), text.find_first_not_of(" \t\r\n")));
  if (TrimmedEmpty(body)) body = unit_ + "pass";
  std::string sig;
  for (const std::string& p : plan_.params) {
    const Type& t = plan_.types.at(p);
    if (!sig.empty()) sig += ", ";
    sig += p + ": " + (t.rank == 0 ? DialectScalar(t.scalar)
                                    : "pk.View" + std::to_string(t.rank) + "D[" + ViewScalar(t.scalar) + "]");
  }
  for (const ExtentParam& e : own_extents_) sig += ", " + e.name + ": pk.int64";
  if (takes_flag_) sig += (sig.empty() ? "" : ", ") + env_.zero_division_flag + ": pk.View1D[pk.int32]";
  std::string ret = plan_.return_type == Scalar::kNone ? "None" : DialectScalar(plan_.return_type);
  return "@pk.function" + nl_ + "def " + names_.workunit + "(" + sig + ") -> " + ret + ":" + nl_ + body;
}

Node KernelWriter::NodeAt(uint32_t s, uint32_t e) const {
  Node n = ctx_.tree().Root().DescendantForByteRange(s, e);
  while (n && (n.StartByte() != s || n.EndByte() != e)) n = n.Parent();
  // The outermost node of that range (the statement, not its expression).
  while (n && n.Parent() && n.Parent().Type() != "block" && n.Parent().StartByte() == s && n.Parent().EndByte() == e)
  n = n.Parent();
  return n;
}

}  // namespace caramba
