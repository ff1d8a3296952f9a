// syntax.h — the tree-sitter front end: RAII owners for parsers, trees and
// queries, and a small value type for nodes that knows its source text.
//
// Every other part of Caramba (the translator's analyses and visitors, the
// pykokkos_rt kernel compiler, the LSP server) reads Python through this file,
// so there is exactly one way to parse and one grammar version in the binary.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

namespace caramba {

/// A 0-based (row, column-in-bytes) position, as tree-sitter reports it.
struct Point {
  uint32_t row = 0;
  uint32_t column = 0;
};

/// The grammar's node type names, indexed by (public) symbol.
const std::vector<std::string_view>& TypeNames();

/// Every visible node of a Tree in pre-order (the order of Walk), built once
/// per parse. Walks and child lists step through this array instead of a
/// tree-sitter cursor: a cursor step costs hundreds of instructions with
/// this grammar (it descends through hidden nodes), and the analyses walk
/// the same kernel dozens of times per text version. The entries are the
/// nodes a cursor walk from the root yields, so a walk over the index visits
/// exactly the nodes (and TSNode values) a cursor walk would.
class NodeIndex {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  explicit NodeIndex(TSNode root);
  /// The position of `n` (a node of this tree), or kNone.
  uint32_t Find(const TSNode& n) const;
  const TSNode& At(uint32_t i) const { return entries_[i].node; }
  /// One past the last descendant of entry i.
  uint32_t End(uint32_t i) const { return entries_[i].end; }
  /// The entry of i's parent (kNone for the root).
  uint32_t Parent(uint32_t i) const { return entries_[i].parent; }
  /// The field under which entry i hangs off its parent (0: none).
  TSFieldId Field(uint32_t i) const { return entries_[i].field; }
  /// Entry i's (public) symbol, ts_node_symbol's value, read once per parse.
  TSSymbol Symbol(uint32_t i) const { return entries_[i].symbol; }

 private:
  struct Entry {
    TSNode node;
    uint32_t start, end, parent;
    TSFieldId field;
    TSSymbol symbol;
  };
  std::vector<Entry> entries_;
};

/// A syntax node plus the source it was parsed from. Cheap to copy; valid
/// while the owning Tree is alive.
class Node {
 public:
  Node() = default;
  /// `index` is the owning tree's NodeIndex (Tree::Root() and every node
  /// reached from it carry it); without one, walks use a cursor. `entry` is
  /// the node's position in `index` where the caller has it (the walks and
  /// child lists that step through the index), else kNone: it is looked up
  /// when needed. It must be the position of `node` in `index`.
  Node(TSNode node, std::string_view source, const NodeIndex* index = nullptr, uint32_t entry = NodeIndex::kNone)
      : node_(node), source_(source), index_(index), entry_(entry) {}

  bool IsNull() const { return ts_node_is_null(node_); }
  explicit operator bool() const { return !IsNull(); }

  std::string_view Type() const {
    // From a table of the grammar's names: ts_node_type returns a C string,
    // and measuring it on every comparison showed in profiles (so did the
    // call to TypeNames() on every comparison: the reference is kept here).
    // A node with its index entry reads the symbol the index read once per
    // parse (ts_node_symbol resolves aliases on every call).
    static const std::vector<std::string_view>& names = TypeNames();
    // A missing field (ChildByField of an unexpected shape, e.g. the
    // `function` of `range @ f(n)`) is a null node: its type is empty, so
    // callers compare it against names without checking for null first.
    if (IsNull()) return {};
    TSSymbol s = Symbol();
    return s < names.size() ? names[s] : std::string_view(ts_node_type(node_));
  }
  TSSymbol Symbol() const { return entry_ != NodeIndex::kNone ? index_->Symbol(entry_) : ts_node_symbol(node_); }
  bool IsNamed() const { return ts_node_is_named(node_); }
  bool IsMissing() const { return ts_node_is_missing(node_); }
  bool IsError() const { return ts_node_is_error(node_); }
  bool HasError() const { return ts_node_has_error(node_); }

  uint32_t StartByte() const { return ts_node_start_byte(node_); }
  uint32_t EndByte() const { return ts_node_end_byte(node_); }
  Point StartPoint() const;
  Point EndPoint() const;
  /// The node's source text (a view into the Tree's copy of the source).
  std::string_view Text() const;

  /// The parent (a null Node for the root): from the tree's index when the
  /// node has one, else ts_node_parent (a descent from the root per call).
  Node Parent() const;
  Node ChildByField(std::string_view field) const;
  /// All children with the given field name (tree-sitter repeats fields,
  /// e.g. `subscript` in `a[i, 1:-1]`).
  std::vector<Node> ChildrenByField(std::string_view field) const;
  uint32_t ChildCount() const { return ts_node_child_count(node_); }
  uint32_t NamedChildCount() const { return ts_node_named_child_count(node_); }
  Node Child(uint32_t i) const { return Wrap(ts_node_child(node_, i)); }
  Node NamedChild(uint32_t i) const { return Wrap(ts_node_named_child(node_, i)); }
  std::vector<Node> Children() const;
  std::vector<Node> NamedChildren() const;
  /// The field name under which child `i` hangs off this node, or "".
  std::string_view FieldNameForChild(uint32_t i) const;
  Node NextSibling() const { return Wrap(ts_node_next_sibling(node_)); }
  Node PrevSibling() const { return Wrap(ts_node_prev_sibling(node_)); }
  Node NextNamedSibling() const { return Wrap(ts_node_next_named_sibling(node_)); }
  Node PrevNamedSibling() const { return Wrap(ts_node_prev_named_sibling(node_)); }
  /// The smallest named node covering [start, end).
  Node DescendantForByteRange(uint32_t start, uint32_t end) const;
  /// Nearest ancestor (not this node) whose type is `type`, or a null Node.
  Node Ancestor(std::string_view type) const;

  /// S-expression, for --dump-tree. Includes field names.
  std::string SExpression() const;

  const TSNode& Raw() const { return node_; }
  /// The whole source the node belongs to.
  std::string_view SourceView() const { return source_; }
  /// The owning tree's index, or null (see NodeIndex).
  const NodeIndex* Index() const { return index_; }
  /// The node's position in Index(), or NodeIndex::kNone (no index, or a
  /// node of another tree): known for the nodes the index handed out,
  /// searched for the others.
  uint32_t Entry() const {
    if (entry_ != NodeIndex::kNone || !index_) return entry_;
    return index_->Find(node_);
  }
  bool operator==(const Node& o) const { return ts_node_eq(node_, o.node_); }
  bool operator!=(const Node& o) const { return !(*this == o); }

 private:
  Node Wrap(TSNode n) const { return Node(n, source_, index_); }
  Node At(uint32_t entry) const { return Node(index_->At(entry), source_, index_, entry); }
  template <typename Fn>
  void ForEachChild(Fn&& fn) const;
  TSNode node_{};
  std::string_view source_;
  const NodeIndex* index_ = nullptr;
  uint32_t entry_ = NodeIndex::kNone;
};

/// Calls `fn(node)` for `root` and every descendant (named or not), in
/// source order. `fn` returns false to skip the node's children. Uses a tree
/// cursor: linear in the number of nodes (ts_node_child(i) in a loop is
/// quadratic in the number of children, which matters for big modules).
template <typename Fn>
void Walk(const Node& root, Fn&& fn) {
  if (const NodeIndex* index = root.Index()) {
    uint32_t i = root.Entry();
    if (i != NodeIndex::kNone) {
      std::string_view src = root.SourceView();
      if (!fn(root)) return;
      for (uint32_t j = i + 1, end = index->End(i); j < end;)
        j = fn(Node(index->At(j), src, index, j)) ? j + 1 : index->End(j);
      return;
    }
  }
  TSTreeCursor c = ts_tree_cursor_new(root.Raw());
  std::string_view src = root.SourceView();
  bool descend = fn(Node(ts_tree_cursor_current_node(&c), src));
  for (;;) {
    if (descend && ts_tree_cursor_goto_first_child(&c)) {
      descend = fn(Node(ts_tree_cursor_current_node(&c), src));
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {  // back at `root`: done
        ts_tree_cursor_delete(&c);
        return;
      }
    }
    descend = fn(Node(ts_tree_cursor_current_node(&c), src));
  }
}

/// A parsed Python source. Owns the TSTree and its own copy of the source
/// bytes, so nodes stay valid however the caller's buffer changes.
class Tree {
 public:
  /// Parses `source` with the Python grammar. Never fails for any input
  /// (tree-sitter is error tolerant); check Root().HasError().
  static Tree Parse(std::string source);

  Tree(Tree&&) noexcept = default;
  Tree& operator=(Tree&&) noexcept = default;

  Node Root() const;
  const std::string& Source() const { return *source_; }
  TSTree* Raw() const { return tree_.get(); }

 private:
  struct TreeDeleter {
    void operator()(TSTree* t) const { ts_tree_delete(t); }
  };
  Tree(std::unique_ptr<std::string> source, TSTree* tree);
  // The string and the index live on the heap so views into them survive
  // moves of the Tree.
  std::unique_ptr<std::string> source_;
  std::unique_ptr<TSTree, TreeDeleter> tree_;
  std::unique_ptr<const NodeIndex> index_;
};

/// The grammar (tree-sitter-python, ABI 15).
const TSLanguage* PythonLanguage();

/// A syntax problem found in a tree: an ERROR node, a MISSING node, or a
/// construct that only Python 2 accepts (the grammar still parses
/// `print "x"` and `exec code` for compatibility).
struct SyntaxProblem {
  enum class Kind { kError, kMissing, kPython2, kTooDeep };
  Kind kind;
  uint32_t start_byte;
  uint32_t end_byte;
  std::string message;
};
/// Every syntax problem of the tree, in source order (not just the first).
/// Includes nesting deeper than the translator follows (kTooDeep, see
/// FindNestingProblem).
std::vector<SyntaxProblem> FindSyntaxProblems(const Tree& tree);

/// Nesting limits. The translator's walks recurse over the tree (on a stack
/// big enough for kMaxTreeDepth levels, see RunOnLargeStack); a file nested
/// deeper is refused first. CPython itself stops compiling an expression
/// nested about 3,000 levels deep (a chain of 2,993 additions compiles, one
/// more does not) and refuses 200 nested parentheses, so this refuses
/// nothing CPython runs. A conditional expression becomes a nested `if`
/// statement in a workunit, so chains of them are limited further: the
/// output must stay within CPython's 100 indentation levels.
inline constexpr uint32_t kMaxTreeDepth = 3200;
inline constexpr uint32_t kMaxConditionalNesting = 50;
/// The first place nested deeper than the limits above, or nullopt.
std::optional<SyntaxProblem> FindNestingProblem(const Tree& tree);

/// A compiled tree-sitter query (from a `.scm` file in caramba/queries/).
class Query {
 public:
  /// Compiles `source`; throws std::runtime_error naming `name` and the
  /// offset on a bad query (a test compiles every shipped query).
  Query(std::string_view name, std::string_view source);
  Query(Query&&) noexcept = default;

  struct Capture {
    std::string_view name;
    Node node;
  };
  struct Match {
    uint32_t pattern_index;
    std::vector<Capture> captures;
    /// First capture named `name`, or a null Node.
    Node Get(std::string_view name) const;
  };
  /// All matches under `root`, in document order.
  std::vector<Match> Matches(const Node& root, std::string_view source) const;
  uint32_t CaptureCount() const;
  std::string_view CaptureName(uint32_t id) const;

 private:
  struct QueryDeleter {
    void operator()(TSQuery* q) const { ts_query_delete(q); }
  };
  std::unique_ptr<TSQuery, QueryDeleter> query_;
};

/// The queries shipped in caramba/queries/*.scm, embedded at build time,
/// compiled once on first use. Throws if `name` is unknown.
const Query& ShippedQuery(std::string_view name);
/// Names of all shipped queries (for the test that compiles them all).
std::vector<std::string> ShippedQueryNames();

}  // namespace caramba
