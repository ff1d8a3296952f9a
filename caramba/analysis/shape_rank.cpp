// shape_rank.cpp — see shape_rank.h.
#include "caramba/analysis/shape_rank.h"

namespace caramba {

int AllocationRank(const Node& shape, const TypeTable& types, const ImportTable& imports) {
  std::string_view t = shape.Type();
  if (t == "parenthesized_expression" && shape.NamedChildCount() == 1)
    return AllocationRank(shape.NamedChild(0), types, imports);
  if (t == "tuple" || t == "list") {
    int n = 0;
    for (const Node& c : shape.NamedChildren()) n += c.Type() != "comment";
    return n;
  }
  if (t == "attribute" && shape.ChildByField("attribute").Text() == "shape") {
    Node obj = shape.ChildByField("object");
    auto it = obj.Type() == "identifier" ? types.find(obj.Text()) : types.end();
    return it != types.end() ? it->second.rank : 0;
  }
  Type st = TypeOfExpr(shape, types, imports);
  return st.rank == 0 && st.scalar != Scalar::kUnknown ? 1 : 0;
}

}  // namespace caramba
