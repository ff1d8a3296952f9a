// The tree's NodeIndex (syntax.h) must be invisible: a walk, a child list, a
// field or a parent from the index yields exactly the nodes (TSNode values, byte for byte) that
// a tree-sitter cursor yields. Checked on every corpus file and fuzz
// regression input, plus a few inputs with error recovery.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "caramba/analysis/walk.h"
#include "caramba/syntax.h"

using namespace caramba;

namespace {

bool Same(const TSNode& a, const TSNode& b) { return std::memcmp(&a, &b, sizeof(TSNode)) == 0; }

// The same node without the index: its walks and child lists use a cursor.
Node Bare(const Node& n) { return Node(n.Raw(), n.SourceView()); }

std::vector<TSNode> WalkOf(const Node& root, uint32_t skip_every) {
  std::vector<TSNode> out;
  Walk(root, [&](const Node& n) {
    out.push_back(n.Raw());
    return skip_every == 0 || out.size() % skip_every != 0;  // also exercise skipping
  });
  return out;
}

std::vector<TSNode> WalkWithParentOf(const Node& root) {
  std::vector<TSNode> out;
  WalkWithParent(root, Node(), [&](const Node& n, const Node& p) {
    out.push_back(n.Raw());
    out.push_back(p.Raw());
    return out.size() % 10 != 0;
  });
  return out;
}

// Pre-order with the ancestors of each node (WalkWithAncestors), and the
// order in which the walk leaves them.
std::vector<TSNode> WalkWithAncestorsOf(const Node& root) {
  std::vector<TSNode> out;
  size_t entered = 0;
  WalkWithAncestors(
      root,
      [&](const Node& n, const std::vector<Node>& ancestors) {
        // The innermost ancestor and the outermost (the root): the whole
        // list per node is quadratic on the deeply nested fuzz inputs.
        out.push_back(n.Raw());
        out.push_back(ancestors.empty() ? TSNode{} : ancestors.back().Raw());
        out.push_back(ancestors.empty() ? TSNode{} : ancestors.front().Raw());
        out.push_back(TSNode{{static_cast<uint32_t>(ancestors.size())}, nullptr, nullptr});
        return ++entered % 10 != 0;
      },
      [&](const Node& n) { out.push_back(n.Raw()); });
  return out;
}

// A node handed out with its index entry carries the right one (the entry
// decides its Type(), Parent(), children and walks).
bool EntryRight(const Node& n) {
  if (!n.Index() || n.IsNull()) return true;
  return n.Entry() == n.Index()->Find(n.Raw()) && n.Symbol() == ts_node_symbol(n.Raw()) &&
         n.Type() == std::string_view(ts_node_type(n.Raw()));
}

bool SameList(const std::vector<TSNode>& a, const std::vector<TSNode>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!Same(a[i], b[i])) return false;
  return true;
}

std::vector<TSNode> Raw(const std::vector<Node>& nodes) {
  std::vector<TSNode> out;
  for (const Node& n : nodes) out.push_back(n.Raw());
  return out;
}

void CheckIndexMatchesCursor(const std::string& name, const std::string& source) {
  INFO(name);
  Tree tree = Tree::Parse(source);
  Node root = tree.Root();
  REQUIRE(root.Index() != nullptr);
  CHECK(SameList(WalkOf(root, 0), WalkOf(Bare(root), 0)));
  CHECK(SameList(WalkOf(root, 7), WalkOf(Bare(root), 7)));
  CHECK(SameList(WalkWithParentOf(root), WalkWithParentOf(Bare(root))));
  CHECK(SameList(WalkWithAncestorsOf(root), WalkWithAncestorsOf(Bare(root))));
  // Every node: its child lists, and (for every 13th) a walk from it.
  static const char* kFields[] = {"name", "parameters", "body", "value", "subscript", "left", "right", "function",
                                  "arguments", "condition", "alternative", "consequence", "attribute", "object",
                                  "operator", "argument", "key", "type", "no_such_field"};
  size_t count = 0;
  bool all_same = true;
  Walk(root, [&](const Node& n) {
    Node b = Bare(n);
    all_same &= EntryRight(n) && EntryRight(n.Parent());
    for (const Node& c : n.Children()) all_same &= EntryRight(c);
    for (const Node& c : n.NamedChildren()) all_same &= EntryRight(c);
    all_same &= SameList(Raw(n.Children()), Raw(b.Children()));
    all_same &= SameList(Raw(n.NamedChildren()), Raw(b.NamedChildren()));
    all_same &= Same(n.Parent().Raw(), ts_node_parent(n.Raw()));
    // ChildByField from the index is tree-sitter's, for every field of the grammar.
    for (uint32_t f = 1; f <= ts_language_field_count(PythonLanguage()); ++f) {
      const char* name = ts_language_field_name_for_id(PythonLanguage(), static_cast<TSFieldId>(f));
      all_same &= Same(n.ChildByField(name).Raw(), ts_node_child_by_field_id(n.Raw(), static_cast<TSFieldId>(f)));
      all_same &= EntryRight(n.ChildByField(name));
    }
    all_same &= n.ChildByField("no_such_field").IsNull();
    for (const char* f : kFields) all_same &= SameList(Raw(n.ChildrenByField(f)), Raw(b.ChildrenByField(f)));
    if (++count % 13 == 0) {
      all_same &= SameList(WalkOf(n, 5), WalkOf(b, 5));
      all_same &= SameList(WalkWithParentOf(n), WalkWithParentOf(b));
      all_same &= SameList(WalkWithAncestorsOf(n), WalkWithAncestorsOf(b));
      WalkWithParent(n, Node(), [&](const Node& c, const Node& p) {
        all_same &= EntryRight(c) && EntryRight(p);
        return true;
      });
    }
    return true;
  });
  CHECK(all_same);
}

// The index's own entries (syntax_index.h builds them from tree-sitter's
// subtrees) against a cursor walk from the root: the same nodes in the same
// order, each with the cursor's field, the node's symbol, its parent's entry
// and the end of its subtree.
bool EntriesMatchCursor(const Tree& tree) {
  const NodeIndex& index = *tree.Root().Index();
  TSTreeCursor c = ts_tree_cursor_new(tree.Root().Raw());
  std::vector<uint32_t> open;  // the entries on the cursor's path
  uint32_t next = 0;
  bool same = true;
  auto visit = [&] {
    TSNode n = ts_tree_cursor_current_node(&c);
    uint32_t parent = open.empty() ? NodeIndex::kNone : open.back();
    same &= Same(index.At(next), n) && index.Parent(next) == parent &&
            index.Field(next) == ts_tree_cursor_current_field_id(&c) && index.Symbol(next) == ts_node_symbol(n);
    open.push_back(next++);
  };
  visit();
  for (;;) {
    if (ts_tree_cursor_goto_first_child(&c)) {
      visit();
      continue;
    }
    bool more = false;
    while (!open.empty()) {
      same &= index.End(open.back()) == next;
      open.pop_back();
      if (open.empty()) break;
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        visit();
        more = true;
        break;
      }
      ts_tree_cursor_goto_parent(&c);
    }
    if (!more) break;
  }
  ts_tree_cursor_delete(&c);
  // Nothing past the walk: Find() of a node beyond it would be wrong.
  same &= index.End(0) == next;
  return same;
}

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("node index: walks and child lists equal the cursor's on every corpus file and fuzz regression") {
  namespace fs = std::filesystem;
  size_t files = 0;
  for (const char* dir : {"corpora", "tests/fuzz/regressions"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(CARAMBA_SOURCE_DIR) / dir)) {
      if (!e.is_regular_file() || e.path().extension() != ".py") continue;
      CheckIndexMatchesCursor(e.path().string(), ReadFile(e.path()));
      INFO(e.path().string());
      CHECK(EntriesMatchCursor(Tree::Parse(ReadFile(e.path()))));
      ++files;
    }
  }
  CHECK(files > 100);
}

TEST_CASE("node index: inputs with error recovery, comments, decorators and CRLF (syntax_errors)") {
  CheckIndexMatchesCursor("syntax_errors", "def f(a:\n    return a[1,\nx = (1 +\n");
  CheckIndexMatchesCursor("missing_colon", "for i in range(3)\n    print(i)\n");
  CheckIndexMatchesCursor("comments_crlf",
                          "# head\r\n@njit  # deco\r\ndef k(a, b):  # c\r\n    for i in range(a.shape[0]):\r\n"
                          "        b[i] = a[i] * 2  # x\r\n    return f\"{b!r:>{10}}\"\r\n");
  CheckIndexMatchesCursor("print_py2", "print 'x'\nexec code\nif a <> b: pass\n");
  CheckIndexMatchesCursor("empty", "");
}

TEST_CASE("node index: a node of another tree is not found, and its walks still work (two_trees)") {
  Tree a = Tree::Parse("x = 1\n");
  Tree b = Tree::Parse("x = 1\n");
  Node bx = b.Root().NamedChild(0);
  CHECK(a.Root().Index()->Find(bx.Raw()) == NodeIndex::kNone);
  // A node carrying the wrong index falls back to the cursor.
  Node mixed(bx.Raw(), bx.SourceView(), a.Root().Index());
  CHECK(SameList(WalkOf(mixed, 0), WalkOf(Bare(bx), 0)));
  CHECK(SameList(Raw(mixed.Children()), Raw(Bare(bx).Children())));
  CHECK(mixed.Entry() == NodeIndex::kNone);
  CHECK(mixed.Type() == "expression_statement");
}

TEST_CASE("node index: entries equal a cursor walk's with aliases, hidden nodes and extras (aliases_and_extras)") {
  // `match` and `print` as names (aliased keywords), `a.b: int` (fields of
  // hidden nodes), comments and line continuations between children
  // (extras), a lambda's parameters, a decorated class, f-strings, error
  // recovery.
  const char* inputs[] = {
      "match = print\nmatch(x)\nprint(match)\n",
      "a.b: int = 3  # c\nx = [1,  # one\n     2 \\\n     + 3]\n",
      "f = lambda a, *b, c=1, **d: (a, b, c, d)\n@dec(1)\nclass C(B, metaclass=M):\n    x: int\n",
      "s = f\"{a!r:>{w}} {b=}\"\nmatch p:\n    case [x, *rest] if x > 0:\n        pass\n",
      "def f(a:\n    return a[1,\n",
      "",
  };
  for (const char* src : inputs) {
    INFO(src);
    CHECK(EntriesMatchCursor(Tree::Parse(src)));
  }
}
