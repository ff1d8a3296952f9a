// phase_lowering.cpp — see phase_lowering.h.
#include "visitors/phase_lowering.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/numpy_lowering.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/walk.h"
#include "caramba/rewrite.h"
#include "caramba/text.h"

namespace caramba {

namespace {

// Refusals of the one-workunit model that a host program does not have: the
// host runs several loops, loops inside serial loops, the statements around
// them, allocations anywhere and any return value.
bool PhasesLift(const Diagnostic& d) {
  switch (d.id) {
    case DiagId::kUnsupportedReturn:      // CRB127
    case DiagId::kAllocationPlacement:    // CRB202
    case DiagId::kManyPrange:             // CRB401
    case DiagId::kPrangePlacement:        // CRB402
    case DiagId::kPrangeSurroundings:     // CRB403
      return true;
    default:
      return false;
  }
}

// Start of the line holding `at`, when only indentation precedes it there.
uint32_t LineStart(std::string_view src, uint32_t at) {
  uint32_t s = at;
  while (s > 0 && (src[s - 1] == ' ' || src[s - 1] == '\t')) --s;
  return s;
}

// Just past the line break that ends the line holding `at`.
uint32_t LineEnd(std::string_view src, uint32_t at) {
  while (at < src.size() && src[at] != '\n') ++at;
  return at < src.size() ? at + 1 : at;
}

// The decorator of a phase kernel: the kernel's own Numba decorator, with the
// phase's eager signature when the kernel's types are Numba's.
std::string Decorator(const Context& ctx, const Kernel& k, const std::string& sig) {
  Node dec = ctx.tree().Root().DescendantForByteRange(k.decorator_start_byte, k.decorator_end_byte);
  while (dec && dec.Type() != "decorator") dec = dec.Parent();
  std::string text = dec ? std::string(dec.Text()) : "@" + std::string(ctx.module().imports.AliasOf("numba")) + ".njit";
  if (sig.empty() || !dec) return text;
  Node e = dec.NamedChild(0);
  std::string quoted = "\"" + sig + "\"";
  if (e.Type() != "call") return "@" + std::string(e.Text()) + "(" + quoted + ")";
  std::string out = "@" + std::string(e.ChildByField("function").Text()) + "(" + quoted;
  for (const Node& a : e.ChildByField("arguments").NamedChildren())
    if (a.Type() == "keyword_argument") out += ", " + std::string(a.Text());
  return out + ")";
}

// The phase's eager signature from the kernel's recorded types, or "" when a
// type is missing.
std::string PhaseSignature(const KernelPlan& plan, const Phase& p) {
  if (!plan.types_recorded) return "";
  std::string s;
  if (p.output.empty()) {
    s = "void(";
  } else {
    auto it = plan.types.find(p.output);
    if (it == plan.types.end() || it->second.scalar == Scalar::kUnknown) return "";
    s = it->second.ToString() + "(";
  }
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    auto it = plan.types.find(p.inputs[i]);
    if (it == plan.types.end() || it->second.scalar == Scalar::kUnknown) return "";
    s += (i ? ", " : "") + it->second.ToString();
  }
  for (size_t i = 0; i < p.cells.size(); ++i) {
    auto it = plan.types.find(p.cells[i]);
    if (it == plan.types.end() || it->second.scalar == Scalar::kUnknown) return "";
    s += (i || !p.inputs.empty() ? ", " : "") + Type{it->second.scalar, 1, 'C'}.ToString();
  }
  return s + ")";
}

class KernelSplitter {
 public:
  KernelSplitter(const Context& ctx, const KernelPlan& plan, const Kernel& k, const Node& def,
                 const PhaseProgram& prog)
      : ctx_(ctx), plan_(plan), k_(k), prog_(prog), src_(ctx.source()), nl_(ctx.newline()) {
    Node body = def.ChildByField("body");
    std::string def_indent(IndentationAt(src_, def.StartByte()));
    std::string body_indent(IndentationAt(src_, body.StartByte()));
    unit_ = body_indent.size() > def_indent.size() ? body_indent.substr(def_indent.size()) : "    ";
  }

  std::string Write() {
    std::string out;
    for (size_t n = 0; n < prog_.phases.size(); ++n) out += PhaseText(prog_.phases[n], static_cast<int>(n) + 1) + nl_ + nl_ + nl_;
    return out + HostText();
  }

 private:
  std::string Indented(const Node& n, const std::string& from, const std::string& to) const {
    return Reindent(ctx_.tree(), n.StartByte(), n.EndByte(), from, to);
  }

  std::string PhaseText(const Phase& p, int n) {
    std::string name = PhaseKernelName(k_.name, n);
    std::string out = Decorator(ctx_, k_, PhaseSignature(plan_, p)) + nl_ + "def " + name + "(";
    std::string sig = PhaseSignature(plan_, p);
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      out += (i ? ", " : "") + p.inputs[i];
      // Without recorded types, the kernel's static scalar types go along as
      // string annotations (Numba ignores them; the type analysis reads them).
      auto t = plan_.types.find(p.inputs[i]);
      if (sig.empty() && t != plan_.types.end() && t->second.rank == 0 && t->second.scalar != Scalar::kUnknown)
        out += ": \"" + std::string(ScalarName(t->second.scalar)) + "\"";
    }
    for (size_t i = 0; i < p.cells.size(); ++i)
      out += (i || !p.inputs.empty() ? ", " : "") + std::string(kPhaseCellPrefix) + p.cells[i];
    out += "):" + nl_;
    for (const Node& init : p.inits) {
      std::string ind(IndentationAt(src_, init.StartByte()));
      out += unit_ + Indented(init, ind, unit_) + nl_;
    }
    const Node& first = p.loops[0];
    std::string ind(IndentationAt(src_, first.StartByte()));
    if (!p.only.empty()) {
      // A part of a split loop: its header and the statements it needs.
      Node body = first.ChildByField("body");
      std::string body_ind(IndentationAt(src_, body.StartByte()));
      std::string to = unit_ + body_ind.substr(std::min(body_ind.size(), ind.size()));
      out += unit_ + Trimmed(Reindent(ctx_.tree(), first.StartByte(), body.StartByte(), ind, unit_));
      for (size_t i = 0; i < p.only.size(); ++i)
        out += (i ? nl_ : "") + to + Indented(p.only[i], body_ind, to);
    } else if (p.loops.size() == 1) {
      for (const Node& c : MovableComments(first)) out += unit_ + Comment(c) + nl_;
      out += unit_ + Indented(first, ind, unit_);
    } else {
      // Fused: one nest header, then each loop's innermost body, each after
      // the comments that introduced its loop (the NumPy statement it was).
      Node inner = Innermost(first);
      Node body = inner.ChildByField("body");
      std::string body_ind(IndentationAt(src_, body.StartByte()));
      std::string to = unit_ + body_ind.substr(std::min(body_ind.size(), ind.size()));
      out += unit_ + Trimmed(Reindent(ctx_.tree(), first.StartByte(), body.StartByte(), ind, unit_));
      for (size_t i = 0; i < p.loops.size(); ++i) {
        Node b = Innermost(p.loops[i]).ChildByField("body");
        std::string b_ind(IndentationAt(src_, b.StartByte()));
        for (const Node& c : MovableComments(p.loops[i])) out += to + Comment(c) + nl_;
        out += to + Indented(b, b_ind, to) + (i + 1 < p.loops.size() ? nl_ : "");
      }
    }
    for (const Node& l : p.loops)
      for (const Node& c : MovableComments(l)) removed_.push_back(c);
    if (!p.output.empty()) out += nl_ + unit_ + "return " + p.output;
    // Several values come back through one-element arrays.
    std::string ind_host(IndentationAt(src_, p.loops.back().StartByte()));
    std::string before, after;
    std::vector<std::string> args = p.inputs;
    for (const auto& c : p.cells) {
      std::string cell = std::string(kPhaseCellPrefix) + c;
      out += nl_ + unit_ + cell + "[0] = " + c;
      auto t = plan_.types.find(c);
      std::string dtype = t->second.scalar == Scalar::kBool ? "bool_" : std::string(ScalarName(t->second.scalar));
      before += cell + " = " + np_ + ".empty(1, dtype=" + np_ + "." + dtype + ")" + nl_ + ind_host;
      after += nl_ + ind_host + c + " = " + cell + "[0].item()";
      args.push_back(cell);
    }
    calls_.push_back(
        {p.loops.back(), before + (p.output.empty() ? "" : p.output + " = ") + name + "(" + Join(args) + ")" + after});
    for (size_t i = 0; i + 1 < p.loops.size(); ++i) removed_.push_back(p.loops[i]);
    for (const Node& init : p.inits) removed_.push_back(init);
    return out;
  }

  Node Innermost(Node l) const {
    Node inner = l;
    for (; l; l = PerfectlyNestedLoop(l, ctx_.module().imports)) inner = l;
    return inner;
  }

  // Up to the end of the header's last line (the indentation of the body's
  // first line dropped).
  std::string Trimmed(std::string t) const {
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.pop_back();
    return t;
  }

  std::string Comment(const Node& c) const {
    std::string_view t = c.Text();
    while (!t.empty() && t.back() == '\r') t.remove_suffix(1);
    return std::string(t);
  }

  // The comments that introduce a loop: those right before it, with only
  // statements the NumPy lowering wrote (its bounds and shape checks) in
  // between. They move into the phase with the loop.
  std::vector<Node> MovableComments(const Node& loop) const {
    std::vector<Node> out;
    for (Node prev = loop.PrevNamedSibling(); prev; prev = prev.PrevNamedSibling()) {
      if (prev.Type() == "comment") {
        if (IndentationAt(src_, prev.StartByte()) != IndentationAt(src_, loop.StartByte())) break;
        out.insert(out.begin(), prev);
        continue;
      }
      if (!GeneratedStatement(prev)) break;
    }
    return out;
  }

  static bool GeneratedStatement(const Node& s) {
    if (s.Type() == "expression_statement" && s.NamedChild(0).Type() == "assignment")
      return s.NamedChild(0).ChildByField("left").Text().rfind(kNumpyPrefix, 0) == 0;
    if (s.Type() == "if_statement") {
      auto body = Statements(s.ChildByField("consequence"));
      return body.size() == 1 && body[0].Type() == "raise_statement" && !s.ChildByField("alternative");
    }
    return false;
  }

  static std::string Join(const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  }

  // The kernel's def without its decorator, each phase replaced by its call.
  std::string HostText() const {
    std::vector<std::tuple<uint32_t, uint32_t, std::string>> edits;
    // The parts of a split loop are called one after the other where it was.
    std::map<uint32_t, std::tuple<uint32_t, uint32_t, std::string>> at;
    for (const auto& [loop, call] : calls_) {
      auto it = at.find(loop.StartByte());
      if (it == at.end()) {
        at[loop.StartByte()] = {loop.StartByte(), loop.EndByte(), call};
      } else {
        std::get<2>(it->second) += nl_ + std::string(IndentationAt(src_, loop.StartByte())) + call;
      }
    }
    for (const auto& [start, e] : at) edits.push_back(e);
    for (const Node& n : removed_) edits.emplace_back(LineStart(src_, n.StartByte()), LineEnd(src_, n.EndByte()), "");
    std::sort(edits.begin(), edits.end());
    std::string out;
    uint32_t pos = k_.def_start_byte;
    for (const auto& [s, e, t] : edits) {
      out.append(src_.substr(pos, s - pos));
      out += t;
      pos = e;
    }
    out.append(src_.substr(pos, k_.end_byte - pos));
    return out;
  }

  const Context& ctx_;
  const KernelPlan& plan_;
  const Kernel& k_;
  const PhaseProgram& prog_;
  std::string_view src_;
  std::string nl_;
  std::string unit_;
  std::vector<std::pair<Node, std::string>> calls_;
  std::vector<Node> removed_;

 public:
  std::string np_;  // the module's name for NumPy
};

// The diagnostic at `at` is on a `raise` that is the whole body of an `if`.
bool RaiseInIf(const Tree& tree, uint32_t at) {
  Node n = tree.Root().DescendantForByteRange(at, at + 1);
  while (n && n.Type() != "raise_statement") n = n.Parent();
  if (!n) return false;
  Node block = n.Parent();
  Node cond = block ? block.Parent() : Node();
  return cond && cond.Type() == "if_statement" && Statements(block).size() == 1 && !cond.ChildByField("alternative");
}

bool CalledByAnotherKernel(const KernelPlans& plans, const KernelPlan& me) {
  for (const KernelPlan& p : plans.plans)
    if (&p != &me && std::find(p.callees.begin(), p.callees.end(), me.name) != p.callees.end()) return true;
  return false;
}

}  // namespace

VisitorResult PhaseLowering::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  // --parallelize=none: every kernel is one serial workunit, as before.
  if (ctx.options().parallelize == "none" || !ctx.options().phases) return r;
  const KernelPlans& plans = ctx.Get<KernelPlanAnalysis>();
  const ModuleInfo& mod = ctx.module();
  for (const KernelPlan& plan : plans.plans) {
    const Kernel& k = mod.kernels[plan.kernel_index];
    if (k.nested || !k.via_decorator || k.is_class || !KernelSelected(ctx.options().kernels, k)) continue;
    if (!PhaseOwner(k.name).empty() || plan.numpy_fallback || !plan.numpy_rewrites.empty()) continue;
    if (plan.translatable && plan.dispatch != Dispatch::kSerial) continue;
    // Checks that raise (`if cond: raise ...`) are refused in a workunit; on
    // the host they run as written, so they are lifted when they end up there.
    // So are new arrays bound to a name twice (`a = u.copy()` then
    // `a, b = b, a`): the host runs NumPy itself and swaps references.
    auto raise_check = [&](const Diagnostic& d) {
      return (d.id == DiagId::kExceptions && d.start && RaiseInIf(ctx.tree(), *d.start)) ||
             d.id == DiagId::kNumpyNewArray;
    };
    if (!plan.translatable && !std::all_of(plan.refusals.begin(), plan.refusals.end(), [&](const Diagnostic& d) {
          return PhasesLift(d) || raise_check(d);
        }))
      continue;
    if (CalledByAnotherKernel(plans, plan)) continue;
    Node def = ctx.tree().Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def) continue;
    const std::string& par = ctx.options().parallelize;
    PhaseProgram prog = PlanPhases(
        PhaseInput{def, plan.types, plan.params, mod.imports, k.Option("parallel") && par != "none", par == "auto"});
    // A host program pays for itself when a phase runs in parallel, or when
    // the kernel could not be translated otherwise (a tuple returned, loops
    // around prange loops).
    if (!prog.ok || prog.phases.empty() || (prog.parallel_phases == 0 && plan.translatable)) continue;
    // An allocation or a return inside a phase would only come back from
    // that phase (the loop-structure refusals are what the phases lift).
    bool inside = false;
    for (const Diagnostic& d : plan.refusals) {
      if (d.id != DiagId::kAllocationPlacement && d.id != DiagId::kUnsupportedReturn && !raise_check(d)) continue;
      for (const Phase& p : prog.phases)
        for (const Node& l : p.loops)
          inside = inside || (d.start && *d.start >= l.StartByte() && *d.start < l.EndByte());
    }
    if (inside) continue;
    bool cells = false;
    for (const Phase& p : prog.phases) cells = cells || !p.cells.empty();
    std::string np = mod.imports.AliasOf("numpy");
    if (cells && np.empty()) continue;  // the host would need NumPy to allocate them
    KernelSplitter split(ctx, plan, k, def, prog);
    split.np_ = np;
    r.edits.Replace(k.start_byte, k.end_byte, split.Write(), plan.name);
    size_t n = prog.phases.size();
    r.diagnostics.push_back(ctx.Diag(DiagId::kHostProgram,
                                     "'" + k.name + "': runs as a host program of " + std::to_string(n) +
                                         (n == 1 ? " phase" : " phases") + " (" + std::to_string(prog.parallel_phases) +
                                         " parallel)",
                                     k.def_start_byte, k.def_start_byte + 3));
  }
  return r;
}

}  // namespace caramba
