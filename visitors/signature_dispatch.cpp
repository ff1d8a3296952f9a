// signature_dispatch.cpp — see signature_dispatch.h.
#include "visitors/signature_dispatch.h"

#include <set>

#include "caramba/analysis/call_graph.h"
#include "caramba/analysis/signature_splits.h"
#include "caramba/rewrite.h"
#include "caramba/text.h"

namespace caramba {

namespace {

// The kinds of a variant's selecting parameters: `2-D float32 array`.
std::string Kinds(const SignatureVariant& v) {
  std::string s;
  for (size_t i : v.selecting) s += (s.empty() ? "" : ", ") + DescribeKind(v.args[i]);
  return s;
}

// Why the variants cannot replace `k`, or "".
std::string Problem(const Context& ctx, const Kernel& k, const std::vector<SignatureVariant>& variants) {
  const ModuleInfo& mod = ctx.module();
  std::set<std::string> names;
  for (const SignatureVariant& v : variants) names.insert(v.name);
  for (const SignatureVariant& v : variants)
    for (const Kernel& other : mod.kernels)
      if (other.name == v.name) return "its translation for " + Kinds(v) + " stays Numba code";
  for (const SignatureVariant& v : variants) {
    bool defined = false;
    for (const Node& c : ctx.tree().Root().NamedChildren())
      defined = defined || (c.Type() == "function_definition" && c.ChildByField("name").Text() == v.name);
    if (!defined) return "its translation for " + Kinds(v) + " was not written";
  }
  // Numba code calls a jitted function only.
  for (const Kernel& other : mod.kernels) {
    if (other.name == k.name || names.count(other.name)) continue;
    Node def = ctx.tree().Root().DescendantForByteRange(other.def_start_byte, other.def_end_byte);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def) continue;
    for (const std::string& c : CalledKernels(def, mod))
      if (c == k.name) return "'" + other.name + "', which stays Numba code, calls it";
  }
  return "";
}

std::string Dispatcher(const Context& ctx, const Kernel& k, const Node& def, const std::vector<SignatureVariant>& variants) {
  std::string nl(ctx.newline());
  std::string np = ctx.module().imports.AliasOf("numpy");
  Node body = def.ChildByField("body");
  std::string ind(IndentationAt(ctx.source(), body.StartByte()));
  if (ind.empty()) ind = "    ";
  std::string out = "def " + k.name + std::string(def.ChildByField("parameters").Text()) + ":" + nl;
  // The kernel's docstring stays its documentation.
  Node first = body.NamedChild(0);
  if (first && first.Type() == "expression_statement" && first.NamedChild(0).Type() == "string")
    out += ind + std::string(first.Text()) + nl;
  out += ind + "# Translated once per kind of arguments Numba compiled it for (CRB144)." + nl;
  std::string args, kinds;
  for (size_t i = 0; i < k.params.size(); ++i) args += (i ? ", " : "") + k.params[i];
  std::string selecting;
  for (size_t n = 0; n < variants.size(); ++n) {
    const SignatureVariant& v = variants[n];
    std::string cond;
    for (size_t i : v.selecting) cond += (cond.empty() ? "" : " and ") + KindCondition(k.params[i], v.args[i], np);
    out += ind + "if " + cond + ":" + nl + ind + ind + "return " + v.name + "(" + args + ")" + nl;
    kinds += (n == 0 ? "" : n + 1 == variants.size() ? " or " : ", ") + std::string("(") + Kinds(v) + ")";
  }
  for (size_t i : variants[0].selecting) selecting += (selecting.empty() ? "" : ", ") + k.params[i];
  out += ind + "raise TypeError(\"" + k.name + "() was translated for " + selecting + " of these kinds only: " + kinds +
         "; record the types of this call (caramba record) and translate again\")";
  return out;
}

}  // namespace

VisitorResult SignatureDispatch::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  const auto& splits = ctx.options().signature_splits;
  for (const auto& [name, variants] : splits) {
    const Kernel* k = nullptr;
    for (const Kernel& c : ctx.module().kernels)
      if (c.name == name && !c.nested && c.via_decorator) k = &c;
    if (k == nullptr) continue;
    Node def = ctx.tree().Root().DescendantForByteRange(k->def_start_byte, k->def_end_byte);
    while (def && def.Type() != "function_definition") def = def.Parent();
    if (!def) continue;
    std::string problem = Problem(ctx, *k, variants);
    if (!problem.empty()) {
      r.diagnostics.push_back(ctx.Diag(DiagId::kConflictingSignatures,
                                       "'" + name + "': is called with signatures that need different translations" +
                                           std::string(kSplitDeclined) + problem,
                                       k->def_start_byte, k->def_start_byte + 3));
      continue;
    }
    r.edits.Replace(k->start_byte, k->end_byte, Dispatcher(ctx, *k, def, variants), name);
  }
  return r;
}

}  // namespace caramba
