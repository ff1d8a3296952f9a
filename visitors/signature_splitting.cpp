// signature_splitting.cpp — see signature_splitting.h.
#include "visitors/signature_splitting.h"

#include "caramba/analysis/signature_splits.h"
#include "caramba/rewrite.h"

namespace caramba {

VisitorResult SignatureSplitting::Run(const Context& ctx) const {
  VisitorResult r;
  r.edits = EditList(std::string(Name()));
  const auto& splits = ctx.options().signature_splits;
  if (splits.empty()) return r;
  std::string nl(ctx.newline());
  for (const Kernel& k : ctx.module().kernels) {
    auto s = splits.find(k.name);
    if (s == splits.end() || k.nested || !k.via_decorator) continue;
    Node top = ctx.tree().Root().DescendantForByteRange(k.start_byte, k.end_byte);
    while (top && top.Type() != "decorated_definition") top = top.Parent();
    if (!top) continue;
    std::vector<Node> decorators;
    for (const Node& c : top.NamedChildren())
      if (c.Type() == "decorator") decorators.push_back(c);
    // Only the Numba decorator: another one would wrap each copy again.
    if (decorators.size() != 1) continue;
    Node def = top.ChildByField("definition");
    Node name = def.ChildByField("name");
    std::string_view src = ctx.source();
    std::string copies;
    for (const SignatureVariant& v : s->second) {
      copies += nl + nl + nl + DecoratorWithSignature(decorators[0], VariantSignature(v)) + nl;
      copies += std::string(src.substr(def.StartByte(), name.StartByte() - def.StartByte())) + v.name;
      copies += std::string(src.substr(name.EndByte(), def.EndByte() - name.EndByte()));
    }
    r.edits.Insert(top.EndByte(), copies, k.name);
  }
  return r;
}

}  // namespace caramba
