// walk.h — a pre-order walk that hands each node its parent.
//
// tree-sitter computes Node::Parent() by descending from the root (O(depth ×
// width) per call), so analyses that ask every node for its parent are
// quadratic; this walk carries the parent down instead.
#pragma once

#include "caramba/syntax.h"

namespace caramba {

/// Calls `fn(node, parent)` for `root` (with `root_parent`) and every
/// descendant in source order; `fn` returns false to skip the children.
template <typename Fn>
void WalkWithParent(const Node& root, const Node& root_parent, Fn&& fn) {
  if (!fn(root, root_parent)) return;
  for (uint32_t i = 0, n = root.ChildCount(); i < n; ++i) WalkWithParent(root.Child(i), root, fn);
}

/// True when identifier `n` (child of `parent`) names a variable: not the
/// attribute of `x.attr` and not the name of a keyword argument.
inline bool IsNameUse(const Node& n, const Node& parent) {
  if (n.Type() != "identifier") return false;
  if (parent.Type() == "attribute" && parent.ChildByField("attribute") == n) return false;
  if (parent.Type() == "keyword_argument" && parent.ChildByField("name") == n) return false;
  return true;
}

}  // namespace caramba
