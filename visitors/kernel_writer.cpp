// kernel_writer.cpp — see kernel_writer.h: the KernelWriter, its start and the
// order of its steps.
#include "visitors/kernel_writer.h"

#include <algorithm>

namespace caramba {

KernelWriter::KernelWriter(const Context& ctx, const KernelPlan& plan, const Kernel& k)
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
  auto used = [&](const std::string& n) {
    return plan.types.count(n) || std::find(plan.params.begin(), plan.params.end(), n) != plan.params.end();
  };
  tid_ = used("tid") ? "_pk_tid" : "tid";
  acc_ = used("acc") ? "_pk_acc" : "acc";
  bool thesis = ctx.options().caller_style == "thesis";
  names_.workunit = plan.as_function ? plan.function_name : thesis ? k.name : "_pk_" + k.name;
  for (const HelperCall& c : plan.calls) env_.renamed_calls[c.start] = c.function;
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
  CallerInput in{ctx_, plan_, k_, def_, names_, unit_, nl_, workunit_params_};
  return wu + nl_ + nl_ + nl_ + WriteCaller(in);
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
                                    : "pk.View" + std::to_string(t.rank) + "D[" + DialectScalar(t.scalar) + "]");
  }
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

// ---- assembly ----------------------------------------------------------------
void KernelWriter::RemoveLine(uint32_t s, uint32_t e) {
  std::string_view src = ctx_.source();
  uint32_t start = s;
  while (start > 0 && (src[start - 1] == ' ' || src[start - 1] == '\t')) --start;
  uint32_t end = e;
  while (end < src.size() && src[end] != '\n') ++end;
  if (end < src.size()) ++end;
  // Keep the region boundaries intact: the body's first statement is cut
  // from its own start, the rest with their indentation.
  // (The region is the prange loop's body for parallel kernels.)
  Node region = region_root_ ? region_root_ : body_;
  if (start < region.StartByte()) {
    // The next statement takes the removed one's place, which may follow
    // comments kept from before the body: drop its indentation too.
    start = s;
    while (end < region.EndByte() && (src[end] == ' ' || src[end] == '\t')) ++end;
  }
  if (end > region.EndByte()) end = e;
  removed_.push_back({start, end});
}

std::string KernelWriter::Region(uint32_t start, uint32_t end) {
  std::vector<Edit> local;
  auto add = [&](Edit e) {
    e.start -= start;
    e.end -= start;
    local.push_back(std::move(e));
  };
  for (const Edit& e : edits_.Edits())
    if (e.start >= start && e.end <= end) add(e);
  uint32_t seq = 100000;
  for (const auto& [pos, text] : pending_inserts_)
    if (pos >= start && pos <= end) add(Edit{pos, pos, text, "prelude", seq++});
  // Removed lines may share bytes: the first statement's removal also takes
  // the next line's indentation (a docstring followed by an allocation).
  std::vector<std::pair<uint32_t, uint32_t>> removed = removed_;
  std::sort(removed.begin(), removed.end());
  std::vector<std::pair<uint32_t, uint32_t>> merged;
  for (const auto& r : removed) {
    if (!merged.empty() && r.first <= merged.back().second) merged.back().second = std::max(merged.back().second, r.second);
    else merged.push_back(r);
  }
  for (const auto& [s, e] : merged) {
    if (s < start || e > end) continue;
    // Drop edits inside the removed range.
    // (An insertion at its end belongs to the next statement: kept.)
    local.erase(std::remove_if(local.begin(), local.end(),
                               [&](const Edit& x) {
                                 return x.start >= s - start && x.end <= e - start &&
                                        !(x.start == x.end && x.start == e - start && e > s);
                               }),
                local.end());
    add(Edit{s, e, "", "remove", seq++});
  }
  std::sort(local.begin(), local.end(), [](const Edit& a, const Edit& b) {
    if (a.start != b.start) return a.start < b.start;
    return a.sequence < b.sequence;
  });
  for (size_t i = 0; i < local.size(); ++i) local[i].sequence = static_cast<uint32_t>(i);
  ApplyResult r = ApplyEdits(ctx_.source().substr(start, end - start), local);
  if (!r.ok()) failed_ = *r.overlap;
  std::string text = r.text;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  return text;
}

// tree-sitter hangs comments between `:` and the first statement on the
// compound statement, not on its block; they belong to the body.
uint32_t KernelWriter::LeadingComments(const Node& compound, const Node& block) {
  uint32_t start = block.StartByte();
  bool after_colon = false;
  for (const Node& c : compound.Children()) {
    if (c == block) break;
    if (c.Type() == ":") after_colon = true;
    else if (after_colon && c.Type() == "comment" && c.StartByte() < start) start = std::min(start, c.StartByte());
  }
  return start;
}

std::string KernelWriter::Dedent(const std::string& text, const std::string& from, const std::string& to) const {
  std::string out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t eol = text.find('\n', pos);
    std::string line = text.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
    if (line.compare(0, from.size(), from) == 0) line = to + line.substr(from.size());
    out += line;
    if (eol == std::string::npos) break;
    out += "\n";
    pos = eol + 1;
  }
  return out;
}

std::string KernelWriter::Header(const std::string& ind) {
  Prelude pre;
  std::vector<std::string> lines;
  if (par_ == loop_) {
    lines.push_back(plan_.loop_var + ": pk.int64 = " + LoopValue(loop_, tid_, pre));
  } else {
    // Flattened: tid >= 0 and the inner count > 0 (else nothing runs), so
    // C's truncating // and % equal Python's floor semantics here.
    lines.push_back(plan_.loop_var + ": pk.int64 = " + LoopValue(loop_, "(" + tid_ + " // _pk_n1)", pre));
    lines.push_back(plan_.inner_loop_var + ": pk.int64 = " + LoopValue(par_, "(" + tid_ + " % _pk_n1)", pre));
  }
  std::string out;
  for (const auto& l : pre) out += ind + l + nl_;
  for (const auto& l : lines) out += ind + l + nl_;
  return out;
}

// The value of the loop variable of `loop` at iteration `index`.
std::string KernelWriter::LoopValue(const Node& loop, const std::string& index, Prelude& pre) {
  Node call = loop.ChildByField("right");
  auto args = call.ChildByField("arguments").NamedChildren();
  std::string value = index;
  if (args.size() >= 2) {
    std::string start = LowerExpr(args[0], env_, pre);
    std::string step = args.size() == 3 ? LowerExpr(args[2], env_, pre) : "";
    bool start_zero = args[0].Type() == "integer" && args[0].Text() == "0";
    std::string scaled = step.empty() || step == "1" ? index
                         : index + " * " + (args[2].Type() == "integer" || args[2].Type() == "identifier" ? step : "(" + step + ")");
    value = start_zero ? scaled : start + " + " + scaled;
  }
  // `(tid // _pk_n1)` needs its parentheses only inside a sum or product.
  if (value == index && value.front() == '(') value = value.substr(1, value.size() - 2);
  return value;
}

std::string KernelWriter::Signature() {
  std::string sig = tid_;
  if (plan_.dispatch == Dispatch::kReduce ? plan_.reduction.op == ReduceOp::kSum
                                          : plan_.returns == ReturnKind::kScalar && !loop_) {
    Scalar t = loop_ ? plan_.reduction.type : plan_.return_type;
    if (t == Scalar::kBool) t = Scalar::kInt64;
    sig += ", " + acc_ + ": pk.Acc[" + DialectScalar(t) + "]";
  }
  auto used = [&](const std::string& p) { return Mentions(body_, p); };
  auto add = [&](const std::string& name, const Type& t, bool annotate) {
    workunit_params_.push_back(name);
    sig += ", " + name;
    if (!annotate) return;
    if (t.rank == 0) sig += ": " + DialectScalar(t.scalar);
    else sig += ": pk.View" + std::to_string(t.rank) + "D[" + DialectScalar(t.scalar) + "]";
  };
  for (size_t i = 0; i < plan_.params.size(); ++i) {
    const std::string& p = plan_.params[i];
    if (!used(p)) continue;
    const Type& t = plan_.types.at(p);
    bool known = t.rank == 0 || plan_.types_recorded;
    add(p, t, known);
  }
  for (const auto& a : plan_.allocations) {
    const Type& t = plan_.types.at(a.var);
    add(a.var, t, t.scalar != Scalar::kUnknown);
  }
  if (!names_.cell.empty()) add(names_.cell, Type{plan_.reduction.type, 1, 'C'}, true);
  if (par_ != loop_) add("_pk_n1", Type{Scalar::kInt64, 0, 'A'}, true);  // the inner count of a flattened nest
  // The step of a serial loop the caller runs around the dispatch.
  if (!plan_.time_var.empty() && Mentions(loop_, plan_.time_var))
    add(plan_.time_var, Type{Scalar::kInt64, 0, 'A'}, true);
  return sig;
}

}  // namespace caramba
