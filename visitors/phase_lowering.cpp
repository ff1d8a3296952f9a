// phase_lowering.cpp — see phase_lowering.h.
#include "visitors/phase_lowering.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/host_rebindings.h"
#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/numpy_lowering.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/signature_splits.h"
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
  return DecoratorWithSignature(dec, sig);
}

// The host's values a phase receives, in order: its inputs, then the values
// it carries on (Phase::carried), before its cells and its check flag.
std::vector<std::string> PhaseArguments(const Phase& p) {
  std::vector<std::string> v = p.inputs;
  v.insert(v.end(), p.carried.begin(), p.carried.end());
  return v;
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
  std::vector<std::string> args;
  for (const std::string& in : PhaseArguments(p)) {
    auto it = plan.types.find(in);
    if (it == plan.types.end() || it->second.scalar == Scalar::kUnknown) return "";
    args.push_back(it->second.ToString());
  }
  for (const std::string& c : p.cells) {
    auto it = plan.types.find(c);
    if (it == plan.types.end() || it->second.scalar == Scalar::kUnknown) return "";
    args.push_back(Type{it->second.scalar, 1, 'C'}.ToString());
  }
  if (!p.checks.empty()) args.push_back(Type{Scalar::kInt64, 1, 'C'}.ToString());
  for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + args[i];
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
    std::vector<std::string> params = p.inputs;
    for (const std::string& c : p.carried) params.push_back(std::string(kPhaseCarryPrefix) + c);
    std::vector<std::string> values = PhaseArguments(p);
    for (size_t i = 0; i < params.size(); ++i) {
      out += (i ? ", " : "") + params[i];
      // Without recorded types, the kernel's static scalar types go along as
      // string annotations (Numba ignores them; the type analysis reads them).
      auto t = plan_.types.find(values[i]);
      if (sig.empty() && t != plan_.types.end() && t->second.rank == 0 && t->second.scalar != Scalar::kUnknown)
        out += ": \"" + std::string(ScalarName(t->second.scalar)) + "\"";
    }
    for (size_t i = 0; i < p.cells.size(); ++i)
      out += (i || !params.empty() ? ", " : "") + std::string(kPhaseCellPrefix) + p.cells[i];
    if (!p.checks.empty()) out += (params.empty() && p.cells.empty() ? "" : ", ") + std::string(kPhaseCheckFlag);
    out += "):" + nl_;
    // The carried values become the phase's own locals (a workunit's
    // parameters are read-only).
    for (const std::string& c : p.carried) out += unit_ + c + " = " + std::string(kPhaseCarryPrefix) + c + nl_;
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
        out += (i ? nl_ : "") + to + LoopText(p, p.only[i], body_ind, to);
    } else if (p.loops.size() == 1) {
      for (const Node& c : MovableComments(first)) out += unit_ + Comment(c) + nl_;
      out += unit_ + LoopText(p, first, ind);
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
    // The dispatch passes each parameter by its name: a carried value goes
    // under the phase's name for it.
    for (const auto& c : p.carried) {
      std::string carry = std::string(kPhaseCarryPrefix) + c;
      before += carry + " = " + c + nl_ + ind_host;
      args.push_back(carry);
    }
    for (const auto& c : p.cells) {
      std::string cell = std::string(kPhaseCellPrefix) + c;
      out += nl_ + unit_ + cell + "[0] = " + c;
      auto t = plan_.types.find(c);
      std::string dtype = t->second.scalar == Scalar::kBool ? "bool_" : std::string(ScalarName(t->second.scalar));
      before += cell + " = " + np_ + ".empty(1, dtype=" + np_ + "." + dtype + ")" + nl_ + ind_host;
      after += nl_ + ind_host + c + " = " + cell + "[0].item()";
      args.push_back(cell);
    }
    if (!p.checks.empty()) {
      // The host raises what a deferred check would have raised.
      std::string flag(kPhaseCheckFlag);
      Node raise = Statements(p.checks[0].ChildByField("consequence"))[0];
      std::string r_ind(IndentationAt(src_, raise.StartByte()));
      before += flag + " = " + np_ + ".zeros(1, dtype=" + np_ + ".int64)" + nl_ + ind_host;
      after += nl_ + ind_host + "if " + flag + "[0]:" + nl_ + ind_host + unit_ + Indented(raise, r_ind, ind_host + unit_);
      args.push_back(flag);
    }
    calls_.push_back(
        {p.loops.back(), before + (p.output.empty() ? "" : p.output + " = ") + name + "(" + Join(args) + ")" + after});
    for (size_t i = 0; i + 1 < p.loops.size(); ++i) removed_.push_back(p.loops[i]);
    for (const Node& init : p.inits) removed_.push_back(init);
    return out;
  }

  // The loop's text, each deferred check's `raise` replaced by setting the
  // flag (Phase::checks).
  // (Also one statement of a split part, `ind` becoming `to`.)
  std::string LoopText(const Phase& p, const Node& loop, const std::string& ind, std::string to_ind = "") const {
    if (to_ind.empty()) to_ind = unit_;
    std::string out;
    uint32_t pos = loop.StartByte();
    for (const Node& c : p.checks) {
      if (c.StartByte() < loop.StartByte() || c.EndByte() > loop.EndByte()) continue;
      Node raise = Statements(c.ChildByField("consequence"))[0];
      std::string r_ind(IndentationAt(src_, raise.StartByte()));
      std::string to = to_ind + r_ind.substr(std::min(r_ind.size(), ind.size()));
      // Up to the raise's line, whose indentation is `to` (the loop may sit
      // deeper in the kernel than in the phase).
      out += Reindent(ctx_.tree(), pos, LineStart(src_, raise.StartByte()), ind, to_ind);
      // A parallel phase skips the rest of the iteration; a serial one stops.
      out += to + std::string(kPhaseCheckFlag) + "[0] = 1" + nl_ + to + (p.parallel ? "continue" : "return");
      pos = raise.EndByte();
    }
    return out + Reindent(ctx_.tree(), pos, loop.EndByte(), ind, to_ind);
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

// The jitted function a CRB119 refusal is about, when Python can call it:
// the callee of the call at the refusal, a plain @njit/@jit function of the
// module defined once. "" otherwise.
std::string HostCallee(const Context& ctx, const Diagnostic& d) {
  if (d.id != DiagId::kKernelCall || !d.start) return "";
  Node n = ctx.tree().Root().DescendantForByteRange(*d.start, *d.start + 1);
  while (n && n.Type() != "call") n = n.Parent();
  if (!n || n.ChildByField("function").Type() != "identifier") return "";
  std::string name(n.ChildByField("function").Text());
  const Kernel* callee = nullptr;
  int defs = 0;
  for (const Kernel& k : ctx.module().kernels)
    if (k.name == name) {
      ++defs;
      callee = &k;
    }
  if (defs != 1 || callee->nested || callee->is_class || !callee->via_decorator ||
      (callee->kind != JitKind::kNjit && callee->kind != JitKind::kJit))
    return "";
  return name;
}

// A loop-free function of scalars that Python computes exactly as Numba
// does: every name a float64 or a bool, no element read, and calls only to
// math functions and the builtins that compare or convert. Its host program
// is its own body (a tuple return included), with no phase at all.
bool ExactOnHost(const KernelPlan& plan, const Node& def, const ImportTable& imports) {
  if (!plan.types_recorded) return false;  // the types are Numba's, not inferred
  // Only what the one-workunit model refuses (a tuple returned): a function
  // it translates keeps its drop-in caller and its @pk.function copies.
  if (std::none_of(plan.refusals.begin(), plan.refusals.end(),
                   [](const Diagnostic& d) { return d.id == DiagId::kUnsupportedReturn; }))
    return false;
  for (const std::string& p : plan.params)
    if (!plan.types.count(p)) return false;
  for (const auto& [name, t] : plan.types)
    if (t.rank != 0 || (t.scalar != Scalar::kFloat64 && t.scalar != Scalar::kBool)) return false;
  bool ok = true;
  Walk(def.ChildByField("body"), [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "for_statement" || t == "while_statement" || t == "subscript" || t == "lambda" ||
        t == "function_definition" || t == "list" || t == "dictionary" || t == "set" || t == "attribute") {
      // math.sqrt and friends are the attributes it may use.
      if (t == "attribute" && n.Parent().Type() == "call" && n.Parent().ChildByField("function") == n &&
          imports.Resolve(n).rfind("math.", 0) == 0)
        return false;
      ok = false;
    } else if (t == "call") {
      std::string q = imports.Resolve(n.ChildByField("function"));
      ok = q.rfind("math.", 0) == 0 || q == "abs" || q == "min" || q == "max" || q == "float" || q == "bool";
    }
    return ok;
  });
  return ok;
}

// A kernel that may become a host program, before the kernels around it are
// known to become ones too.
struct Candidate {
  const KernelPlan* plan = nullptr;
  const Kernel* kernel = nullptr;
  Node def;
  PhaseProgram prog;
  std::set<std::string> host_calls;  // helpers its host program calls
};

}  // namespace

// The candidates whose host program works with the others': each helper it
// calls on the host is a host program too, or translates once its Numba
// callers are host programs (a host program calling Numba code gains
// nothing), and every kernel that calls it is a host program that calls it
// on its host (a Numba kernel cannot call a plain Python function, a phase
// cannot call a host program). The largest such set: start from all and
// drop the ones whose condition fails until none does.
static void KeepConsistent(const KernelPlans& plans, const ModuleInfo& mod, const Tree& tree,
                           const TranslateOptions& opts, std::map<std::string, Candidate>& cands) {
  std::map<std::string, std::set<std::string>> callers;  // helper -> kernels calling it
  for (const Kernel& k : mod.kernels) {
    Node def = tree.Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def) continue;
    for (const std::string& c : CalledKernels(def, mod))
      if (c != k.name) callers[c].insert(k.qualname);
  }
  auto all_in = [&](const std::string& name, bool numba_only) {
    for (const std::string& c : callers[name]) {
      if (cands.count(c)) continue;
      const KernelPlan* p = plans.Find(c);
      if (numba_only && p != nullptr && p->translatable) continue;
      return false;
    }
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = cands.begin(); it != cands.end();) {
      // Its callers call it on their hosts (a phase calls a @pk.function).
      bool ok = all_in(it->first, false);
      for (const std::string& caller : callers[it->first]) {
        auto cc = cands.find(caller);
        ok = ok && cc != cands.end() && cc->second.host_calls.count(it->first);
      }
      for (const std::string& h : it->second.host_calls) {
        if (cands.count(h)) continue;
        const KernelPlan* hp = plans.Find(h);
        // A helper kept as Numba code only for its Numba callers (CRB132)
        // translates once they are host programs.
        bool freed = hp != nullptr && !hp->refusals.empty() &&
                     std::all_of(hp->refusals.begin(), hp->refusals.end(),
                                 [](const Diagnostic& d) { return d.id == DiagId::kHelperKeptForNumba; }) &&
                     all_in(h, true);
        // A kernel translated once per kind of signature ends as a Python
        // function the host calls (signature_splits.h).
        bool split = opts.signature_splits.count(h) > 0;
        ok = ok && hp != nullptr && (hp->translatable || freed || split);
      }
      if (ok) {
        ++it;
      } else {
        it = cands.erase(it);
        changed = true;
      }
    }
  }
}

VisitorResult PhaseLowering::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  // --parallelize=none: every kernel is one serial workunit, as before.
  if (ctx.options().parallelize == "none" || !ctx.options().phases) return r;
  const KernelPlans& plans = ctx.Get<KernelPlanAnalysis>();
  const ModuleInfo& mod = ctx.module();
  std::map<std::string, Candidate> cands;
  for (const KernelPlan& plan : plans.plans) {
    const Kernel& k = mod.kernels[plan.kernel_index];
    if (k.nested || !k.via_decorator || k.is_class || !KernelSelected(ctx.options().kernels, k)) continue;
    if (!PhaseOwner(k.name).empty() || plan.numpy_fallback || !plan.numpy_rewrites.empty()) continue;
    if (plan.translatable && plan.dispatch != Dispatch::kSerial) continue;
    // Checks that raise (`if cond: raise ...`) are refused in a workunit; on
    // the host they run as written, so they are lifted when they end up there.
    // So are new arrays bound to a name twice (`a = u.copy()` then
    // `a, b = b, a`) or inside a time loop: the host runs NumPy itself and
    // swaps references; and shape checks that read what the kernel computed
    // (CRB205): the host runs them where they are.
    auto raise_check = [&](const Diagnostic& d) {
      return (d.id == DiagId::kExceptions && d.start && RaiseInIf(ctx.tree(), *d.start)) ||
             d.id == DiagId::kNumpyNewArray || d.id == DiagId::kNumpyGuardPlacement;
    };
    // A prange loop that carries several values (CRB404) is lifted when the
    // phases split it into one loop per value, each a reduction of its own
    // (checked below, once the phases are planned).
    auto several_carried = [&](const Diagnostic& d) { return d.id == DiagId::kReductionForm; };
    // Calls to helpers that cannot be @pk.functions (they allocate, or are
    // host programs themselves) run on the host, which calls the helper as
    // Python does; a helper kept as Numba code for its Numba callers (CRB132)
    // is lifted when those callers become host programs (KeepConsistent).
    Candidate c;
    for (const Diagnostic& d : plan.refusals) {
      std::string callee = HostCallee(ctx, d);
      if (!callee.empty()) c.host_calls.insert(callee);
    }
    Node def = ctx.tree().Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def) continue;
    // Names rebound to other arrays (CRB129, CRB304): the host rebinds them,
    // when every such statement is a plain rebinding the host runs.
    std::optional<std::vector<Node>> rebindings = HostRebindings(plan, def, mod.imports);
    auto rebinding = [&](const Diagnostic& d) {
      if (!rebindings || (d.id != DiagId::kAssignedParameter && d.id != DiagId::kArrayRebind)) return false;
      if (d.id == DiagId::kAssignedParameter) return true;  // every assignment to a parameter is one
      return d.start && std::any_of(rebindings->begin(), rebindings->end(), [&](const Node& s) {
               return *d.start >= s.StartByte() && *d.start < s.EndByte();
             });
    };
    // An array expression passed to a helper the host calls (`relu(x @ w +
    // b)`): the host evaluates it with NumPy, as Python would before the call.
    auto host_argument = [&](const Diagnostic& d) {
      if (d.id != DiagId::kNumpyExpression || !d.start || c.host_calls.empty()) return false;
      Node n = ctx.tree().Root().DescendantForByteRange(*d.start, *d.start + 1);
      for (; n && n != def; n = n.Parent())
        if (n.Type() == "argument_list" && n.Parent().Type() == "call" &&
            c.host_calls.count(std::string(n.Parent().ChildByField("function").Text())))
          return true;
      return false;
    };
    // An array expression in the kernel's final `return` (`return grad / n,
    // loss / n`): the host returns what NumPy computes from the arrays the
    // phases wrote, as Numba does after its loops.
    auto host_return = [&](const Diagnostic& d) {
      if (d.id != DiagId::kNumpyExpression || !d.start) return false;
      Node n = ctx.tree().Root().DescendantForByteRange(*d.start, *d.start + 1);
      while (n && n.Type() != "return_statement") n = n.Parent();
      return n && n.Parent() == def.ChildByField("body");
    };
    if (!plan.translatable && !std::all_of(plan.refusals.begin(), plan.refusals.end(), [&](const Diagnostic& d) {
          return PhasesLift(d) || raise_check(d) || d.id == DiagId::kHelperKeptForNumba || several_carried(d) ||
                 !HostCallee(ctx, d).empty() || rebinding(d) || host_argument(d) || host_return(d);
        }))
      continue;
    // A kernel kept as Numba code only for its Numba callers, with a
    // parallel dispatch of its own, translates as one workunit once they
    // are host programs (the plan after this visitor no longer keeps it).
    bool only_kept = !plan.refusals.empty() &&
                     std::all_of(plan.refusals.begin(), plan.refusals.end(),
                                 [](const Diagnostic& d) { return d.id == DiagId::kHelperKeptForNumba; });
    if (only_kept && plan.dispatch != Dispatch::kSerial) continue;
    const std::string& par = ctx.options().parallelize;
    PhaseInput in{def, plan.types, plan.params, mod.imports, k.Option("parallel") && par != "none", par == "auto", {}};
    in.host_calls = c.host_calls;
    PhaseProgram prog = PlanPhases(in);
    // A host program pays for itself when a phase runs in parallel, or when
    // the kernel could not be translated otherwise (a tuple returned, loops
    // around prange loops, helpers that are host programs called).
    // A serial workunit whose shape checks sit inside its loops has its
    // caller run those loops in Python before the dispatch (NPBench lu: N^2
    // steps); a serial phase that defers them checks them in the workunit.
    bool defers_loop_guards = false;
    if (prog.ok && plan.translatable) {
      bool all = true;
      for (const Guard& g : plan.guards) {
        if (g.loops.empty()) continue;
        bool deferred = false;
        for (const Phase& p : prog.phases)
          for (const Node& ch : p.checks) deferred = deferred || ch.StartByte() == g.stmt_start;
        defers_loop_guards = true;
        all = all && deferred;
      }
      defers_loop_guards = defers_loop_guards && all;
    }
    if (!prog.ok || (prog.phases.empty() && c.host_calls.empty() && !ExactOnHost(plan, def, mod.imports)) ||
        (prog.parallel_phases == 0 && plan.translatable && !defers_loop_guards))
      continue;
    // A kernel the one-workunit model translates keeps that translation
    // when a phase would carry host values in: the host program would
    // dispatch its inner loops row by row where the workunit runs them in
    // one loop (smith_waterman's DP rows).
    bool carries = std::any_of(prog.phases.begin(), prog.phases.end(), [](const Phase& p) { return !p.carried.empty(); });
    if (carries && plan.translatable) continue;
    bool split = true;
    for (const Diagnostic& d : plan.refusals) {
      if (!several_carried(d)) continue;
      bool in_split = false;
      for (const Phase& p : prog.phases)
        in_split = in_split || (!p.only.empty() && d.start && *d.start >= p.loops[0].StartByte() &&
                                *d.start < p.loops[0].EndByte());
      split = split && in_split;
    }
    if (!split) continue;
    // An allocation or a return inside a phase would only come back from
    // that phase (the loop-structure refusals are what the phases lift).
    bool inside = false;
    for (const Diagnostic& d : plan.refusals) {
      if (d.id != DiagId::kAllocationPlacement && d.id != DiagId::kUnsupportedReturn && d.id != DiagId::kKernelCall &&
          !raise_check(d))
        continue;
      // A check the phase defers raises on the host.
      bool deferred = false;
      for (const Phase& p : prog.phases)
        for (const Node& c : p.checks)
          deferred = deferred || (raise_check(d) && d.start && *d.start >= c.StartByte() && *d.start < c.EndByte());
      if (deferred) continue;
      for (const Phase& p : prog.phases)
        for (const Node& l : p.loops)
          inside = inside || (d.start && *d.start >= l.StartByte() && *d.start < l.EndByte());
    }
    // A rebinding inside a phase would rebind the phase's own parameter.
    bool lifts_rebinding = std::any_of(plan.refusals.begin(), plan.refusals.end(), rebinding);
    if (lifts_rebinding)
      for (const Node& s : *rebindings)
        for (const Phase& p : prog.phases) {
          for (const Node& l : p.loops) inside = inside || (s.StartByte() >= l.StartByte() && s.StartByte() < l.EndByte());
          for (const Node& i : p.inits) inside = inside || (s.StartByte() >= i.StartByte() && s.StartByte() < i.EndByte());
        }
    if (inside) continue;
    bool cells = false;
    for (const Phase& p : prog.phases) cells = cells || !p.cells.empty() || !p.checks.empty();
    if (cells && mod.imports.AliasOf("numpy").empty()) continue;  // the host would need NumPy to allocate them
    c.plan = &plan;
    c.kernel = &k;
    c.def = def;
    c.prog = std::move(prog);
    cands.emplace(k.name, std::move(c));
  }
  KeepConsistent(plans, mod, ctx.tree(), ctx.options(), cands);
  for (const auto& [name, c] : cands) {
    const Kernel& k = *c.kernel;
    KernelSplitter split(ctx, *c.plan, k, c.def, c.prog);
    split.np_ = mod.imports.AliasOf("numpy");
    r.edits.Replace(k.start_byte, k.end_byte, split.Write(), c.plan->name);
    size_t n = c.prog.phases.size();
    std::string what = n == 0 && c.host_calls.empty() ? "without phases: a loop-free function of float64 scalars"
                       : n == 0                           ? "that calls its helpers' host programs"
                              : "of " + std::to_string(n) + (n == 1 ? " phase" : " phases") + " (" +
                                    std::to_string(c.prog.parallel_phases) + " parallel)";
    r.diagnostics.push_back(ctx.Diag(DiagId::kHostProgram, "'" + k.name + "': runs as a host program " + what,
                                     k.def_start_byte, k.def_start_byte + 3));
  }
  return r;
}

}  // namespace caramba
