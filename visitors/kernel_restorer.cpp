// kernel_restorer.cpp — see kernel_restorer.h.
#include "visitors/kernel_restorer.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <set>

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/jit_wrappers.h"
#include "caramba/analysis/walk.h"

#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/nested_kernels.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/workunit_names.h"

namespace caramba {

namespace {
// A kernel left as Numba code must say why. The UnsupportedDetector reports
// the refusals of the plan it saw; a refusal that only a plan recomputed after
// an editing visitor finds (a construct the view spelling or a lowering
// exposed) would otherwise reach nobody and the kernel would stay Numba code
// silently. Such a kernel gets the refusals of its final plan.
void ReportUnexplained(const Context& ctx, const Kernel& now, const Kernel& input, VisitorResult& out) {
  const std::vector<Diagnostic>* reported = ctx.reported();
  if (reported == nullptr || now.nested || !IsTranslatableKind(now.kind)) return;
  if (!KernelSelected(ctx.options().kernels, now)) return;
  // Translated once per signature: the SignatureDispatch says how it ends.
  if (ctx.options().signature_splits.count(now.name)) return;
  for (const Diagnostic& d : *reported)
    if (d.severity != Severity::Note && d.start && KernelCovers(input, *d.start)) return;
  for (const Diagnostic& d : out.diagnostics)
    if (d.start && *d.start >= now.start_byte && *d.start < now.end_byte) return;
  const KernelPlan* plan = ctx.Get<KernelPlanAnalysis>().Find(now.name);
  if (plan == nullptr || plan->translatable) return;
  for (const Diagnostic& d : plan->refusals) out.diagnostics.push_back(d);
}
}  // namespace

// The top-level statement defining `name` (a plain def) in the current
// text, and the extent of its translation: the workunits written for it
// (`_pk_<name>`, its phase kernels `_pk_<name>_phase<n>`) right before it,
// through the def's end.
struct Extent {
  uint32_t start = 0, end = 0;
  Node def;  // the plain def
};
Extent TranslatedExtent(const Tree& tree, const std::string& name) {
  auto defined = [](const Node& c) {
    Node def = c.Type() == "decorated_definition" ? c.ChildByField("definition") : c;
    return def.Type() == "function_definition" ? std::string(def.ChildByField("name").Text()) : std::string();
  };
  std::vector<Node> tops = tree.Root().NamedChildren();
  for (size_t i = 0; i < tops.size(); ++i) {
    if (tops[i].Type() != "function_definition" || defined(tops[i]) != name) continue;
    uint32_t start = tops[i].StartByte();
    for (size_t j = i; j-- > 0;) {
      std::string n = defined(tops[j]);
      if (n != WorkunitName(name) && PhaseOwner(n) != name) break;
      start = tops[j].StartByte();
    }
    return {start, tops[i].EndByte(), tops[i]};
  }
  return {};
}

// A kernel lifted to module level (nested_kernels.h) that stays Numba code:
// its text at module level, [start, end) with the blank lines the lifting
// wrote after it, goes, and the def left in its place gets the input's
// kernel back.
void RestoreLifted(const Context& ctx, const std::string& name, uint32_t start, uint32_t end, VisitorResult& out) {
  auto lifted = FindLifted(ctx.tree(), name);
  if (!lifted) return;
  const Kernel* old = nullptr;
  for (const Kernel& k : ctx.input_module()->kernels)
    if (k.qualname == lifted->qualname) old = &k;
  if (old == nullptr) return;
  std::string_view now = ctx.source(), was = ctx.input_source();
  while (end < now.size() && (now[end] == '\n' || now[end] == '\r' || now[end] == ' ' || now[end] == '\t')) ++end;
  while (end > start && now[end - 1] != '\n') --end;  // keep the next statement's indentation
  out.edits.Replace(start, end, "", "KernelRestorer");
  out.edits.Replace(lifted->forwarder.StartByte(), lifted->forwarder.EndByte(),
                    std::string(was.substr(old->start_byte, old->end_byte - old->start_byte)), "KernelRestorer");
}

// `import pykokkos as pk`, which the SemanticTransformer added, goes when
// every kernel that used it is put back: a refused program keeps no import
// it does not use.
void DropUnusedImport(const Context& ctx, VisitorResult& out) {
  if (ctx.input_module()->imports.AliasOf("pykokkos") == "pk") return;  // the user's own
  Node import;
  bool used = false;
  const std::vector<Edit>& edits = out.edits.Edits();
  Walk(ctx.tree().Root(), [&](const Node& n) {
    if (used) return false;
    if (n.Type() == "import_statement" && n.Text() == "import pykokkos as pk") {
      import = n;
      return false;
    }
    if (n.Type() != "identifier" || n.Text() != "pk") return true;
    for (const Edit& e : edits)
      if (e.start <= n.StartByte() && n.EndByte() <= e.end) return false;
    used = true;
    return false;
  });
  if (used || !import) return;
  std::string_view now = ctx.source();
  uint32_t end = import.EndByte();
  while (end < now.size() && now[end] != '\n') ++end;
  if (end < now.size()) ++end;
  out.edits.Remove(import.StartByte(), end, "KernelRestorer");
}

// The helpers the SemanticTransformer defined for kernels that are now put
// back: the integer division helpers (integer_division.h) and the
// @pk.functions (`_pk_fn_<helper>`, call_graph.h) of a host program whose
// phases were translated but one stayed Numba code. A definition nothing
// calls goes: it would be dead PyKokkos code in a file that keeps the kernel
// as Numba, or a second translation of the output would define it again.
void DropUnusedHelpers(const Context& ctx, VisitorResult& out) {
  auto helper_name = [](std::string_view name) {
    return name.rfind(kFloorDivFunction, 0) == 0 || name.rfind(kModFunction, 0) == 0 ||
           name.rfind(kFunctionPrefix, 0) == 0;
  };
  std::vector<Node> tops = ctx.tree().Root().NamedChildren();
  std::map<std::string, size_t> defined;  // name -> index in tops
  for (size_t i = 0; i < tops.size(); ++i) {
    Node def = tops[i].Type() == "decorated_definition" ? tops[i].ChildByField("definition") : tops[i];
    if (def.Type() != "function_definition") continue;
    std::string name(def.ChildByField("name").Text());
    if (helper_name(name)) defined[name] = i;
  }
  if (defined.empty()) return;
  const std::vector<Edit>& edits = out.edits.Edits();
  auto replaced = [&](const Node& n) {
    for (const Edit& e : edits)
      if (e.start <= n.StartByte() && n.EndByte() <= e.end) return true;
    return false;
  };
  // Calls from the code that stays, then from the helpers those reach.
  std::map<std::string, std::set<std::string>> calls;  // helper -> helpers it calls
  std::set<std::string> used;
  for (size_t i = 0; i < tops.size(); ++i) {
    std::string owner;
    for (const auto& [name, at] : defined)
      if (at == i) owner = name;
    Walk(tops[i], [&](const Node& n) {
      if (n.Type() != "identifier" || !defined.count(std::string(n.Text()))) return true;
      std::string callee(n.Text());
      if (callee == owner) return true;  // its own name
      if (!owner.empty()) calls[owner].insert(callee);
      else if (!replaced(n)) used.insert(callee);
      return true;
    });
  }
  for (std::vector<std::string> todo(used.begin(), used.end()); !todo.empty();) {
    std::string h = todo.back();
    todo.pop_back();
    for (const std::string& c : calls[h])
      if (used.insert(c).second) todo.push_back(c);
  }
  // A definition goes with the blank lines up to the next statement, which
  // keeps the spacing the file had without it.
  for (const auto& [name, at] : defined) {
    if (used.count(name) || at + 1 >= tops.size()) continue;
    out.edits.Remove(tops[at].StartByte(), tops[at + 1].StartByte(), "KernelRestorer");
  }
}

// `n` calls (by plain name) one of `names`; `which` is the first.
bool CallsOneOf(const Node& n, const std::set<std::string>& names, std::string* which) {
  bool found = false;
  Walk(n, [&](const Node& c) {
    if (found) return false;
    if (c.Type() == "call" && c.ChildByField("function").Type() == "identifier") {
      std::string f(c.ChildByField("function").Text());
      if (names.count(f)) {
        found = true;
        *which = f;
      }
    }
    return !found;
  });
  return found;
}

// Kernels whose translation stands or falls with another's:
//  - a kernel split into a host program and phase kernels (phases.h) of which
//    one stayed Numba code gets its input text back, from the first phase
//    kernel to the end of the host program;
//  - a host program that calls a helper still Numba code goes back to Numba
//    too (its helpers dispatch nothing then; CRB119);
//  - a kernel put back calls its helpers from nopython code, so every helper
//    it calls that left Numba (a host program, a drop-in caller) is put back
//    as well (CRB132).
// Repeated until nothing changes, since each restored kernel can pull in
// another.
void RestoreSplitKernels(const Context& ctx, VisitorResult& out) {
  const ModuleInfo* input = ctx.input_module();
  std::set<std::string> numba, restore;  // Numba code now; to put back
  for (const Kernel& k : ctx.module().kernels) {
    if (k.nested) continue;
    // A kernel translated once per kind of signature becomes a Python
    // function after this visitor (SignatureDispatch), or the pipeline
    // runs again with it whole.
    if (ctx.options().signature_splits.count(k.name)) continue;
    numba.insert(k.name);
    if (!PhaseOwner(k.name).empty()) restore.insert(PhaseOwner(k.name));
  }
  // The input's kernels that became host programs (PhaseLowering's note).
  std::set<std::string> hosts;
  if (ctx.reported() != nullptr)
    for (const Diagnostic& d : *ctx.reported())
      if (d.id == DiagId::kHostProgram && d.start)
        for (const Kernel& old : input->kernels)
          if (!old.nested && KernelCovers(old, *d.start)) hosts.insert(old.name);
  if (restore.empty() && hosts.empty() && numba.empty()) return;
  std::optional<Tree> parsed;
  const Tree& before = ctx.input_tree() ? *ctx.input_tree() : parsed.emplace(Tree::Parse(std::string(ctx.input_source())));
  std::map<std::string, std::vector<std::string>> callees;  // input kernel -> jitted functions it calls
  std::map<std::string, const Kernel*> old_kernel;
  for (const Kernel& old : input->kernels) {
    if (old.nested) continue;
    old_kernel[old.name] = &old;
    Node def = before.Root().DescendantForByteRange(old.def_start_byte, old.def_end_byte);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (def) callees[old.name] = CalledKernels(def, *input);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const std::string& h : hosts) {
      if (restore.count(h)) continue;
      Extent x = TranslatedExtent(ctx.tree(), h);
      if (!x.def) continue;
      std::set<std::string> still = numba;
      still.insert(restore.begin(), restore.end());
      std::string which;
      if (!CallsOneOf(x.def.ChildByField("body"), still, &which) || PhaseOwner(which) == h) continue;
      restore.insert(h);
      changed = true;
      out.diagnostics.push_back(ctx.Diag(DiagId::kKernelCall,
                                         "'" + h + "': calls '" + which +
                                             "' from its host program, and '" + which + "' stays Numba code",
                                         x.def.StartByte(), x.def.StartByte() + 3));
    }
    // What a kernel left as Numba code calls must stay Numba code too:
    // nopython code cannot call a drop-in caller or a host program. The plan
    // keeps such callees (CRB132), but a caller refused after the plan (its
    // host program, at validation) is only known here.
    std::set<std::string> kept = restore;
    kept.insert(numba.begin(), numba.end());
    for (const std::string& r : kept) {
      for (const std::string& c : callees[r]) {
        if (numba.count(c) || restore.count(c) || !old_kernel.count(c)) continue;
        Extent x = TranslatedExtent(ctx.tree(), c);
        if (!x.def) continue;
        restore.insert(c);
        changed = true;
        out.diagnostics.push_back(ctx.Diag(DiagId::kHelperKeptForNumba,
                                           "'" + c + "': kept as Numba code because '" + r +
                                               "', which stays Numba code, calls it",
                                           x.def.StartByte(), x.def.StartByte() + 3));
      }
    }
  }
  std::string_view was = ctx.input_source();
  for (const std::string& name : restore) {
    auto it = old_kernel.find(name);
    if (it == old_kernel.end()) {
      // A kernel lifted to module level: the whole lift goes back.
      Extent x = TranslatedExtent(ctx.tree(), name);
      if (x.def) RestoreLifted(ctx, name, x.start, x.end, out);
      continue;
    }
    Extent x = TranslatedExtent(ctx.tree(), name);
    if (!x.def) continue;
    const Kernel& old = *it->second;
    out.edits.Replace(x.start, x.end, std::string(was.substr(old.start_byte, old.end_byte - old.start_byte)),
                      "KernelRestorer");
  }
}

VisitorResult KernelRestorer::Run(const Context& ctx) const {
  VisitorResult out;
  const ModuleInfo* input = ctx.input_module();
  if (input == nullptr || ctx.input_source().empty()) return out;
  // Kernels are matched by qualified name; a name defined twice (the later
  // definition wins in Python) is matched in order of appearance.
  std::map<std::string, std::vector<const Kernel*>> before;
  // A kernel made by wrapping (`g = njit(f)`) was rewritten as a decorated
  // def named g (caramba/analysis/jit_wrappers.h): it gets back the bytes
  // that rewrite replaced.
  std::map<const Kernel*, std::pair<uint32_t, uint32_t>> wrapped;
  std::optional<Tree> parsed;
  const Tree* input_tree = ctx.input_tree();
  for (const Kernel& k : input->kernels) {
    if (!k.via_decorator && !k.nested) {
      if (!input_tree) input_tree = &parsed.emplace(Tree::Parse(std::string(ctx.input_source())));
      if (auto w = PlanWrapperRewrite(*input_tree, k)) {
        before[w->name].push_back(&k);
        wrapped[&k] = {w->restore_start, w->restore_end};
        continue;
      }
    }
    before[k.qualname].push_back(&k);
  }
  std::map<std::string, size_t> seen;
  std::string_view now = ctx.source(), was = ctx.input_source();
  for (const Kernel& k : ctx.module().kernels) {
    if (k.nested) continue;  // inside a kernel or class that is restored as a whole
    size_t nth = seen[k.qualname]++;
    auto it = before.find(k.qualname);
    if (it == before.end() || nth >= it->second.size()) continue;
    const Kernel& old = *it->second[nth];
    std::string_view current = now.substr(k.start_byte, k.end_byte - k.start_byte);
    // (Only when it was rewritten: a wrapper not selected is still one.)
    auto w = k.via_decorator ? wrapped.find(&old) : wrapped.end();
    uint32_t from = w != wrapped.end() ? w->second.first : old.start_byte;
    uint32_t to = w != wrapped.end() ? w->second.second : old.end_byte;
    std::string_view original = was.substr(from, to - from);
    if (current != original) out.edits.Replace(k.start_byte, k.end_byte, std::string(original), Name());
    ReportUnexplained(ctx, k, old, out);
  }
  RestoreSplitKernels(ctx, out);
  // Kernels lifted to module level that are still Numba code.
  for (const Kernel& k : ctx.module().kernels)
    if (!k.nested && k.via_decorator && PhaseOwner(k.name).empty() && !before.count(k.qualname) &&
        FindLifted(ctx.tree(), k.name)) {
      bool inside = false;  // already put back with a split kernel
      for (const Edit& e : out.edits.Edits()) inside = inside || (e.start <= k.start_byte && k.end_byte <= e.end);
      if (!inside) RestoreLifted(ctx, k.name, k.start_byte, k.end_byte, out);
    }
  DropUnusedHelpers(ctx, out);
  DropUnusedImport(ctx, out);
  return out;
}

}  // namespace caramba
