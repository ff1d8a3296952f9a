// semantic_transformer.cpp — see semantic_transformer.h.
//
// Per kernel, a KernelWriter (kernel_writer.h) writes the workunit and the
// caller; this file runs it for every translatable kernel and fixes the
// imports. The whole decorated definition is replaced by the two.
#include "visitors/semantic_transformer.h"

#include <algorithm>
#include <map>
#include <set>

#include "caramba/analysis/integer_division.h"
#include "caramba/analysis/kernel_plan.h"
#include "caramba/analysis/loop_dependence.h"
#include "caramba/analysis/phases.h"
#include "caramba/analysis/walk.h"
#include "caramba/text.h"
#include "visitors/dispatch_space.h"
#include "visitors/kernel_writer.h"

namespace caramba {

namespace {

// The call of phase kernel `name` in its host program (phases.h): a
// top-level statement `name(...)` or `x = name(...)` of a function.
Node PhaseCallSite(const Context& ctx, const std::string& name) {
  Node found;
  Walk(ctx.tree().Root(), [&](const Node& n) {
    if (found) return false;
    if (n.Type() == "decorated_definition") return false;  // kernels, not host programs
    if (n.Type() == "call" && IsName(n.ChildByField("function"), name)) {
      Node p = n.Parent();
      if (p.Type() == "expression_statement" ||
          (p.Type() == "assignment" && p.ChildByField("right") == n && p.ChildByField("left").Type() == "identifier" &&
           p.Parent().Type() == "expression_statement"))
        found = n;
      return false;
    }
    return true;
  });
  return found;
}

// Names the host program around `call` binds only to new NumPy arrays
// (`out = np.empty_like(x)`): never a view of another array.
std::set<std::string> HostAllocations(const Context& ctx, const Node& call) {
  Node def = call;
  while (def && def.Type() != "function_definition") def = def.Parent();
  if (!def) return {};
  Node body = def.ChildByField("body");
  std::set<std::string> candidates, loop_targets;
  Walk(body, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t != "assignment" && t != "for_statement") return true;
    Node l = n.ChildByField("left");
    if (t == "assignment" && l.Type() == "identifier") candidates.insert(std::string(l.Text()));
    if (t == "for_statement") loop_targets.insert(std::string(l.Text()));
    return true;
  });
  for (const Node& p : def.ChildByField("parameters").NamedChildren()) candidates.erase(std::string(p.Text()));
  for (const auto& name : loop_targets) candidates.erase(name);
  return OnlyNumpyAllocated(body, candidates, ctx.module().imports);
}

// Numba names still used outside the translated kernels.
bool NumbaStillUsed(const Context& ctx, const std::vector<std::pair<uint32_t, uint32_t>>& translated) {
  const ImportTable& imports = ctx.module().imports;
  bool used = false;
  WalkWithParent(ctx.tree().Root(), Node(), [&](const Node& n, const Node& parent) {
    if (used) return false;
    for (const auto& [s, e] : translated)
      if (n.StartByte() >= s && n.EndByte() <= e) return false;
    std::string_view t = n.Type();
    if (t == "import_statement" || t == "import_from_statement") return false;
    if (t == "identifier" || t == "attribute") {
      if (t == "identifier" && !IsNameUse(n, parent)) return false;
      std::string q = imports.Resolve(n);
      if (q == "numba" || q.rfind("numba.", 0) == 0) used = true;
      return t != "attribute";
    }
    return true;
  });
  return used;
}

}  // namespace

VisitorResult SemanticTransformer::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  const ModuleInfo& mod = ctx.module();
  std::vector<std::pair<uint32_t, uint32_t>> translated;
  bool uses_math = false, needs_numpy = false;
  std::set<std::string, std::less<>> division_helpers;  // integer_division.h
  std::string unit = "    ";  // the file's indentation, for the integer division helpers
  // The @pk.function copies of helpers (call_graph.h), placed before the
  // helper's own definition (its translation, or its Numba code).
  std::string nl(ctx.newline());
  std::map<size_t, std::string> functions;
  FunctionExtents extents = ComputeFunctionExtents(ctx.tree(), ctx.Get<KernelPlanAnalysis>().functions);
  FunctionZeroDivision zero_division =
      ComputeFunctionZeroDivision(ctx.tree(), mod, ctx.Get<KernelPlanAnalysis>().functions);
  for (const KernelPlan& f : ctx.Get<KernelPlanAnalysis>().functions) {
    KernelWriter w(ctx, f, mod.kernels[f.kernel_index], extents, &zero_division);
    std::string text = w.Write();
    if (!w.failed_.empty()) {
      r.diagnostics.push_back(ctx.Diag(DiagId::kInternal, "'" + f.function_name + "': " + w.failed_, f.def_start, f.def_start + 3));
      continue;
    }
    uses_math = uses_math || w.uses_math();
    division_helpers.insert(w.division_helpers().begin(), w.division_helpers().end());
    if (!w.division_helpers().empty()) unit = w.unit();
    functions[f.kernel_index] += text + nl + nl + nl;
    for (const Diagnostic& d : f.notes)
      if (d.id == DiagId::kSerialHelperLoop) r.diagnostics.push_back(d);
  }
  for (const KernelPlan& plan : ctx.Get<KernelPlanAnalysis>().plans) {
    const Kernel& k = mod.kernels[plan.kernel_index];
    auto fn = functions.find(plan.kernel_index);
    if (!plan.translatable || !KernelSelected(ctx.options().kernels, k)) {
      if (fn != functions.end()) r.edits.Insert(k.start_byte, fn->second, "pk.function");
      continue;
    }
    KernelWriter w(ctx, plan, k, extents, &zero_division);
    std::string text = w.Write();
    // A scalar kernel Python calls directly: a plain caller of its
    // @pk.function, no launch (caller_writer.h).
    // (Not one that takes the zero-division flag: Python could not raise.)
    const KernelPlan* f = fn == functions.end() ? nullptr : PythonCallableFunction(ctx, plan, ctx.Get<KernelPlanAnalysis>().functions);
    if (f && !zero_division.count(f->function_name)) text = WritePythonCaller(ctx, plan, *f, w.unit());
    if (fn != functions.end()) text = fn->second + text;
    if (!w.failed_.empty()) {
      r.diagnostics.push_back(ctx.Diag(DiagId::kInternal, "'" + k.name + "': " + w.failed_, k.def_start_byte, k.def_start_byte + 3));
      continue;
    }
    DispatchSpace space = ChooseDispatchSpace(ctx.options(), plan);
    if (space.serial_off_gpu)
      r.diagnostics.push_back(ctx.Diag(DiagId::kSerialOffGpu,
                                       "'" + k.name + "': has no parallel loop; it runs on the host (" + space.space +
                                           "), not as one GPU thread",
                                       k.def_start_byte, k.def_start_byte + 3));
    if (w.phase()) {
      // The host program's call of the phase becomes the dispatch.
      Node call = PhaseCallSite(ctx, k.name);
      if (!call) {
        r.diagnostics.push_back(ctx.Diag(DiagId::kInternal, "'" + k.name + "': its host program does not call it",
                                         k.def_start_byte, k.def_start_byte + 3));
        continue;
      }
      Node stmt = call.Parent();
      std::string target;
      if (stmt.Type() == "assignment") {
        target = std::string(stmt.ChildByField("left").Text());
        stmt = stmt.Parent();
      }
      std::string indent(IndentationAt(ctx.source(), stmt.StartByte()));
      r.edits.Replace(stmt.StartByte(), stmt.EndByte(), w.Dispatch(target, indent, HostAllocations(ctx, call)), k.name);
    }
    uses_math = uses_math || w.uses_math();
    division_helpers.insert(w.division_helpers().begin(), w.division_helpers().end());
    if (!w.division_helpers().empty()) unit = w.unit();
    needs_numpy = needs_numpy || (plan.reduction.op != ReduceOp::kNone && plan.reduction.op != ReduceOp::kSum) ||
                  space.alias_fallback;
    r.edits.Replace(k.start_byte, k.end_byte, text, k.name);
    translated.push_back({k.start_byte, k.end_byte});
  }
  if (translated.empty()) return r;

  // Imports: pk (and math/numpy when the generated code needs them) after the
  // last top-level import; Numba imports dropped when nothing uses them.
  std::string add;
  if (mod.imports.AliasOf("pykokkos") != "pk") add += "import pykokkos as pk" + nl;
  if (uses_math && mod.imports.AliasOf("math") != "math") add += "import math" + nl;
  if (needs_numpy && mod.imports.AliasOf("numpy").empty()) add += "import numpy as " + OutputNumpyName(ctx) + nl;
  bool drop_numba = !NumbaStillUsed(ctx, translated);
  const ImportRecord* last = nullptr;
  std::vector<const ImportRecord*> numba_imports;
  for (const ImportRecord& rec : mod.imports.Records()) {
    if (!rec.top_level) continue;
    last = &rec;
    bool all_numba = rec.module == "numba" || rec.module.rfind("numba.", 0) == 0;
    if (!rec.is_from) {
      all_numba = !rec.names.empty();
      for (const auto& n : rec.names) all_numba = all_numba && (n.name == "numba" || n.name.rfind("numba.", 0) == 0);
    }
    if (all_numba) numba_imports.push_back(&rec);
  }
  std::string_view src = ctx.source();
  auto line_end = [&](uint32_t e) {
    while (e < src.size() && src[e] != '\n') ++e;
    return e < src.size() ? e + 1 : e;
  };
  // Python's integer // and % (integer_division.h), defined once, after the
  // imports: a blank line pair, then each helper and its own blank pair.
  std::string helpers = IntegerDivisionFunctions(division_helpers, unit, nl);
  if (!helpers.empty()) helpers = nl + nl + helpers.substr(0, helpers.size() - 2 * nl.size());
  bool placed = false;
  if (drop_numba) {
    for (const ImportRecord* rec : numba_imports) {
      uint32_t end = line_end(rec->end_byte);
      if (!placed && !add.empty()) {
        r.edits.Replace(rec->start_byte, end, add, "imports");
        placed = true;
      } else {
        r.edits.Remove(rec->start_byte, end, "imports");
      }
    }
  }
  if (!placed && !add.empty()) {
    if (last) {
      r.edits.Insert(line_end(last->end_byte), add, "imports");
      if (!helpers.empty()) r.edits.Insert(line_end(last->end_byte), helpers, "integer division helpers");
    } else {
      // No imports: after a module docstring and __future__ imports, else at the top.
      uint32_t at = 0;
      Node root = ctx.tree().Root();
      for (const Node& c : root.NamedChildren()) {
        if (c.Type() == "comment") continue;
        if (IsDocstring(c)) at = line_end(c.EndByte());
        break;
      }
      r.edits.Insert(at, add + helpers + (helpers.empty() ? "" : nl + nl), "imports");
    }
  } else if (!helpers.empty() && last) {
    r.edits.Insert(line_end(last->end_byte), helpers, "integer division helpers");
  }
  return r;
}

}  // namespace caramba
