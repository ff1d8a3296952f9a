// ufunc_lowering.cpp — see ufunc_lowering.h.
#include "visitors/ufunc_lowering.h"

#include <algorithm>

#include "caramba/analysis/ufuncs.h"
#include "caramba/rewrite.h"

namespace caramba {

std::string_view UfuncObjectSource();  // ufunc_object.py, embedded by visitors/CMakeLists.txt

namespace {

// How this module spells numba's `what` (njit, prange); "" when no import
// binds it.
std::string NumbaSpelling(const ImportTable& imports, const std::string& what) {
  for (const auto& [alias, symbol] : imports.SymbolAliases())
    if (symbol == "numba." + what) return alias;
  for (const auto& [alias, module] : imports.ModuleAliases())
    if (module == "numba") return alias + "." + what;
  return "";
}

// A name for a generated parameter or loop variable that no parameter uses.
std::string Fresh(std::string name, const std::vector<std::string>& params) {
  while (std::find(params.begin(), params.end(), name) != params.end()) name += "_";
  return name;
}

std::string WithNewlines(std::string_view text, std::string_view nl) {
  std::string out;
  for (char c : text) {
    if (c == '\n') out += nl;
    else out += c;
  }
  return out;
}

// `np.` -> the module's numpy alias in the ufunc class.
std::string WithNumpyAlias(std::string text, const std::string& np) {
  if (np == "np") return text;
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    bool word_start = i == 0 || !(isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
    if (word_start && text.compare(i, 3, "np.") == 0) {
      out += np + ".";
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// The pieces of one ufunc, in Numba spelling.
std::string Pieces(const Context& ctx, const UfuncPlan& plan, const Node& def, const std::string& njit,
                   const std::string& prange, const std::string& np) {
  std::string nl(ctx.newline());
  const Kernel& k = ctx.module().kernels[plan.kernel_index];
  std::string_view src = ctx.source();
  Node name = def.ChildByField("name");
  std::string out = Fresh("out", k.params), i = Fresh("i", k.params);
  std::string text, loops;
  for (const UfuncLoop& loop : plan.loops) {
    // The scalar body under its exact signature: Numba casts the arguments
    // of each call to it, as the ufunc's loop does.
    if (!text.empty()) text += nl + nl + nl;
    text += "@" + njit + "(\"" + loop.signature.ToString() + "\")" + nl;
    text += std::string(src.substr(def.StartByte(), name.StartByte() - def.StartByte())) + loop.element;
    text += std::string(src.substr(name.EndByte(), def.EndByte() - name.EndByte()));
    // The element-wise kernel over flat C-contiguous arrays. Element i
    // reads its operands at i and writes the result at i only (an `out`
    // that is also an operand included), whatever the ufunc's target, so
    // it runs in parallel.
    std::string params, elements, sig;
    for (size_t p = 0; p < k.params.size(); ++p) {
      params += k.params[p] + ", ";
      elements += std::string(p ? ", " : "") + k.params[p] + "[" + i + "]";
      sig += Type{loop.signature.args[p].scalar, 1, 'C'}.ToString() + ", ";
    }
    sig += Type{loop.signature.result->scalar, 1, 'C'}.ToString();
    text += nl + nl + nl + "@" + njit + "(\"void(" + sig + ")\", parallel=True)" + nl;
    text += "def " + loop.kernel + "(" + params + out + "):" + nl;
    text += "    for " + i + " in " + prange + "(" + out + ".shape[0]):" + nl;
    text += "        " + out + "[" + i + "] = " + loop.element + "(" + elements + ")";
    std::string ins;
    for (const Type& t : loop.signature.args) ins += (ins.empty() ? "" : ", ") + np + "." + std::string(ScalarName(t.scalar));
    if (loop.signature.args.size() == 1) ins += ",";
    loops += "    ((" + ins + "), " + np + "." + std::string(ScalarName(loop.signature.result->scalar)) + ", " +
             loop.kernel + ")," + nl;
  }
  text += nl + nl + nl + "# The ufunc: picks the signature for its operands and runs its kernel." + nl;
  text += plan.name + " = _pk_ufunc(\"" + plan.name + "\", " + std::to_string(k.params.size()) + ", [" + nl + loops +
          "])";
  return text;
}

}  // namespace

VisitorResult UfuncLowering::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  const ModuleInfo& mod = ctx.module();
  bool any = false;
  for (const Kernel& k : mod.kernels) any = any || k.kind == JitKind::kVectorize;
  if (!any) return r;
  std::string nl(ctx.newline());
  std::string njit = NumbaSpelling(mod.imports, "njit"), prange = NumbaSpelling(mod.imports, "prange");
  std::string np = mod.imports.AliasOf("numpy");
  bool first = true;
  for (const UfuncPlan& plan : PlanUfuncs(ctx.tree(), mod, ctx.options())) {
    if (!plan.refusal.empty()) continue;
    const Kernel& k = mod.kernels[plan.kernel_index];
    Node def = ctx.tree().Root().DescendantForByteRange(k.def_start_byte, k.def_end_byte);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def || !def.Parent()) continue;
    std::string text;
    if (first) {
      // What the pieces need, once, before the first ufunc: the imports a
      // module without them lacks (dropped again when the translation no
      // longer uses numba) and the ufunc class.
      if (njit.empty() || prange.empty()) {
        text += "import numba" + nl;
        if (njit.empty()) njit = "numba.njit";
        if (prange.empty()) prange = "numba.prange";
      }
      if (np.empty()) text += "import numpy as np" + nl, np = "np";
      if (!text.empty()) text += nl + nl;
      text += WithNewlines(WithNumpyAlias(std::string(UfuncObjectSource()), np), nl);
      text += nl + nl;
      first = false;
    }
    text += Pieces(ctx, plan, def, njit, prange, np);
    r.edits.Replace(def.Parent().StartByte(), def.Parent().EndByte(), text, k.name);
    for (const auto& [start, end] : plan.kernel_calls) r.edits.Replace(start, end, plan.loops[0].element, k.name);
  }
  return r;
}

}  // namespace caramba
