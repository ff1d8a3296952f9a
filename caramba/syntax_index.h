/* syntax_index.h — the NodeIndex's entries (syntax.h), read straight from
 * tree-sitter's subtrees in one pass (syntax_index.c).
 *
 * Building the index with a public TSTreeCursor cost about 1,000 instructions
 * per visible node (each step builds a child iterator, descends through hidden
 * nodes again and walks up the stack for the field); the index is built
 * after every parse, 8% of a translation. syntax_index.c follows the
 * cursor's rules (which nodes are visible, their aliases, positions and
 * fields) in one walk, so its entries are the ones a cursor walk yields;
 * tests/unit/test_node_index.cpp compares both on every corpus file. It
 * reads tree-sitter's private headers: it is compiled with the pinned
 * runtime (CMakeLists.txt), and an upgrade of tree-sitter must keep that
 * test passing. */
#ifndef CARAMBA_SYNTAX_INDEX_H_
#define CARAMBA_SYNTAX_INDEX_H_

#include <stdint.h>

#include <tree_sitter/api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One visible node, in pre-order. */
typedef struct CarambaIndexEntry {
  TSNode node;
  uint32_t start;  /* ts_node_start_byte(node) */
  uint32_t end;    /* one past the entry of its last descendant */
  uint32_t parent; /* the parent's entry, UINT32_MAX for the root */
  TSFieldId field; /* ts_tree_cursor_current_field_id's value, 0: none */
  TSSymbol symbol; /* ts_node_symbol(node) */
} CarambaIndexEntry;

/* Writes the entries of `root` and its visible descendants (the nodes a
 * cursor walk from `root` visits, in its order) into out[0..capacity) and
 * returns how many there are: call again with a larger buffer when that is
 * more than `capacity`. Iterative: as deep as the tree, on the heap. */
uint32_t caramba_index_nodes(TSNode root, CarambaIndexEntry *out, uint32_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* CARAMBA_SYNTAX_INDEX_H_ */
