// walk.h — pre-order walks that hand each node its parent, or all its
// ancestors.
//
// tree-sitter computes Node::Parent() by descending from the root (O(depth ×
// width) per call), so analyses that ask every node for its parent are
// quadratic; this walk carries the parent down instead.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caramba/syntax.h"

namespace caramba {

/// Calls `fn(node, parent)` for `root` (with `root_parent`) and every
/// descendant in source order; `fn` returns false to skip the children.
template <typename Fn>
void WalkWithParent(const Node& root, const Node& root_parent, Fn&& fn) {
  if (const NodeIndex* index = root.Index()) {
    // The tree's index (syntax.h): the same nodes, parents from its array.
    uint32_t i = root.Entry();
    if (i != NodeIndex::kNone) {
      if (!fn(root, root_parent)) return;
      std::string_view src = root.SourceView();
      for (uint32_t j = i + 1, end = index->End(i); j < end;) {
        uint32_t p = index->Parent(j);
        Node parent = p == i ? root : Node(index->At(p), src, index, p);
        j = fn(Node(index->At(j), src, index, j), parent) ? j + 1 : index->End(j);
      }
      return;
    }
  }
  if (!fn(root, root_parent)) return;
  // One tree cursor for the whole walk and a stack of the nodes above the
  // cursor: no child list per node (root.Child(i) in a loop restarts from the
  // first child each time, quadratic in the number of children).
  TSTreeCursor c = ts_tree_cursor_new(root.Raw());
  std::string_view src = root.SourceView();
  std::vector<Node> parents{root};
  bool descend = ts_tree_cursor_goto_first_child(&c);
  while (descend) {
    Node n(ts_tree_cursor_current_node(&c), src);
    if (fn(n, parents.back()) && ts_tree_cursor_goto_first_child(&c)) {
      parents.push_back(n);
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      parents.pop_back();
      if (parents.empty() || !ts_tree_cursor_goto_parent(&c)) {
        descend = false;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&c);
}

/// Calls `enter(node, ancestors)` for `root` and every descendant in source
/// order, `ancestors` holding the nodes above `node` up to `root`, outermost
/// first (empty for `root` itself), and `leave(node)` once the walk is done
/// with a node (its descendants visited), deepest first. `enter` returns
/// false to skip the node's children; `leave` is called exactly for the nodes
/// whose `enter` returned true, so a caller can keep facts about the path on
/// a stack of its own beside `ancestors` (push in enter, pop in leave).
/// Steps through the tree's NodeIndex when `root` carries it, else a cursor.
template <typename Enter, typename Leave>
void WalkWithAncestors(const Node& root, Enter&& enter, Leave&& leave) {
  std::vector<Node> ancestors;
  if (!enter(root, ancestors)) return;
  ancestors.push_back(root);
  std::string_view src = root.SourceView();
  const NodeIndex* index = root.Index();
  uint32_t i = root.Entry();
  if (i != NodeIndex::kNone) {
    std::vector<uint32_t> open{i};  // the entries of `ancestors`
    for (uint32_t j = i + 1, end = index->End(i); j < end;) {
      while (index->End(open.back()) <= j) {
        leave(ancestors.back());
        ancestors.pop_back();
        open.pop_back();
      }
      Node cur(index->At(j), src, index, j);
      if (enter(cur, ancestors)) {
        open.push_back(j);
        ancestors.push_back(cur);
        ++j;
      } else {
        j = index->End(j);
      }
    }
  } else {
    // One tree cursor for the whole walk (root.Child(i) in a loop restarts
    // from the first child each time, quadratic in the number of children).
    TSTreeCursor c = ts_tree_cursor_new(root.Raw());
    bool more = ts_tree_cursor_goto_first_child(&c);
    while (more) {
      Node cur(ts_tree_cursor_current_node(&c), src);
      if (enter(cur, ancestors)) {
        if (ts_tree_cursor_goto_first_child(&c)) {
          ancestors.push_back(cur);
          continue;
        }
        leave(cur);
      }
      while (!ts_tree_cursor_goto_next_sibling(&c)) {
        if (ancestors.size() == 1 || !ts_tree_cursor_goto_parent(&c)) {  // back at `root`'s children: done
          more = false;
          break;
        }
        leave(ancestors.back());
        ancestors.pop_back();
      }
    }
    ts_tree_cursor_delete(&c);
  }
  while (!ancestors.empty()) {
    leave(ancestors.back());
    ancestors.pop_back();
  }
}

/// Statements of a block, without comments.
/// Base of a subscript chain (`a[i][j]`, `a[i, j]`) and the number of
/// indices on the way.
inline Node SubscriptBase(Node n, int* depth) {
  *depth = 0;
  while (n.Type() == "subscript") {
    *depth += static_cast<int>(n.ChildrenByField("subscript").size());
    n = n.ChildByField("value");
  }
  return n;
}

inline std::vector<Node> Statements(const Node& block) {
  std::vector<Node> out;
  for (const Node& c : block.NamedChildren())
    if (c.Type() != "comment") out.push_back(c);
  return out;
}

/// True for a statement that is only a string literal (a docstring).
inline bool IsDocstring(const Node& stmt) {
  return stmt.Type() == "expression_statement" && stmt.NamedChildCount() == 1 &&
         stmt.NamedChild(0).Type() == "string";
}

/// True when identifier `n` (child of `parent`) names a variable: not the
/// attribute of `x.attr` and not the name of a keyword argument.
inline bool IsNameUse(const Node& n, const Node& parent) {
  if (n.Type() != "identifier") return false;
  if (parent.Type() == "attribute" && parent.ChildByField("attribute") == n) return false;
  if (parent.Type() == "keyword_argument" && parent.ChildByField("name") == n) return false;
  return true;
}

/// `inner` lies within `outer`'s byte range.
inline bool Contains(const Node& outer, const Node& inner) {
  return inner.StartByte() >= outer.StartByte() && inner.EndByte() <= outer.EndByte();
}

/// `n` is the identifier `name`.
inline bool IsName(const Node& n, std::string_view name) { return n.Type() == "identifier" && n.Text() == name; }

/// `root` reads or writes the name `name` (not an attribute or a keyword of that name).
inline bool MentionsName(const Node& root, std::string_view name) {
  bool found = false;
  WalkWithParent(root, root.Parent(), [&](const Node& n, const Node& p) {
    if (!found && IsName(n, name) && IsNameUse(n, p)) found = true;
    return !found;
  });
  return found;
}

/// The text of `e` with every child replaced by `child(c)`; the text between
/// children (operators, commas, comments, line breaks) is kept as written.
/// The one way rewrites rebuild an expression from rewritten parts.
template <typename F>
std::string SpliceChildren(const Node& e, F&& child) {
  if (e.ChildCount() == 0) return std::string(e.Text());
  std::string_view src = e.Text();
  uint32_t base = e.StartByte(), pos = base;
  std::string out;
  for (const Node& c : e.Children()) {
    out.append(src.substr(pos - base, c.StartByte() - pos));
    out += child(c);
    pos = c.EndByte();
  }
  out.append(src.substr(pos - base));
  return out;
}

}  // namespace caramba
