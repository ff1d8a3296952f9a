/* syntax_index.c — see syntax_index.h. Each rule below is the cursor's
 * (tree_cursor.c of the pinned runtime), named where it comes from. */
#include "caramba/syntax_index.h"

#include <stdlib.h>

#include "language.h"
#include "length.h"
#include "subtree.h"
#include "tree.h"

#define NONE UINT32_MAX

/* The children of one subtree being listed: a visible node's, or a hidden
 * node's whose visible descendants belong to the nearest visible ancestor. */
typedef struct {
  const Subtree *children;
  uint32_t count;
  uint32_t next;       /* the next child to look at */
  uint32_t structural; /* its index among the non-extra children */
  Length position;     /* where it starts (after its padding) */
  const TSSymbol *aliases;
  uint32_t production_id;
  uint32_t parent;  /* the entry of the nearest visible ancestor */
  uint32_t owner;   /* the entry whose end this frame closes; NONE for a hidden node */
  TSFieldId inherited; /* a hidden node's own field, which its children inherit */
} Frame;

static void open_frame(Frame *f, const TSLanguage *lang, Subtree s, Length position, uint32_t parent,
                       uint32_t owner, TSFieldId inherited) {
  f->children = ts_subtree_children(s);
  f->count = s.ptr->child_count;
  f->next = 0;
  f->structural = 0;
  f->position = position; /* ts_tree_cursor_iterate_children: the first child starts where its parent does */
  f->aliases = ts_language_alias_sequence(lang, s.ptr->production_id);
  f->production_id = s.ptr->production_id;
  f->parent = parent;
  f->owner = owner;
  f->inherited = inherited;
}

uint32_t caramba_index_nodes(TSNode root, CarambaIndexEntry *out, uint32_t capacity) {
  const TSTree *tree = root.tree;
  const TSLanguage *lang = tree->language;
  const Subtree *root_subtree = (const Subtree *)root.id;
  uint32_t n = 0;

  /* The root (ts_tree_cursor_init, ts_tree_cursor_current_node): its own alias, no field. */
  if (capacity > 0) {
    TSSymbol alias = (TSSymbol)root.context[3];
    out[0].node = root;
    out[0].start = root.context[0];
    out[0].end = 1;
    out[0].parent = NONE;
    out[0].field = 0;
    out[0].symbol = ts_language_public_symbol(lang, alias ? alias : ts_subtree_symbol(*root_subtree));
  }
  n = 1;
  if (ts_subtree_child_count(*root_subtree) == 0) return n;

  uint32_t depth = 0, room = 64;
  Frame *stack = (Frame *)malloc(room * sizeof(Frame));
  if (!stack) abort();
  Length root_position = {root.context[0], {root.context[1], root.context[2]}};
  open_frame(&stack[depth++], lang, *root_subtree, root_position, 0, 0, 0);

  while (depth > 0) {
    Frame *f = &stack[depth - 1];
    if (f->next == f->count) {
      if (f->owner != NONE && f->owner < capacity) out[f->owner].end = n;
      --depth;
      continue;
    }
    /* ts_tree_cursor_child_iterator_next: the child, its position, its
     * alias (only a non-extra child takes the production's), and the
     * position of the next child. */
    uint32_t k = f->next++;
    const Subtree *child = &f->children[k];
    Length position = f->position;
    bool extra = ts_subtree_extra(*child);
    uint32_t structural = f->structural;
    TSSymbol alias = 0;
    if (!extra) {
      if (f->aliases) alias = f->aliases[structural];
      f->structural++;
    }
    f->position = length_add(f->position, ts_subtree_size(*child));
    if (f->next < f->count) f->position = length_add(f->position, ts_subtree_padding(f->children[f->next]));

    bool visible = ts_subtree_visible(*child) || alias != 0;
    /* ts_tree_cursor_goto_first_child_internal / goto_sibling_internal:
     * a hidden child is entered only when it has visible children. */
    if (!visible && ts_subtree_visible_child_count(*child) == 0) continue;

    /* ts_tree_cursor_current_field_id: the field the parent's production
     * gives this child, else the one its hidden parent has (up to the
     * nearest visible ancestor); none for an extra node. */
    TSFieldId field = 0;
    if (!extra) {
      const TSFieldMapEntry *map, *map_end;
      ts_language_field_map(lang, f->production_id, &map, &map_end);
      for (; map < map_end; map++)
        if (!map->inherited && map->child_index == structural) {
          field = map->field_id;
          break;
        }
      if (!field) field = f->inherited;
    }

    uint32_t parent = f->parent;
    bool has_children = ts_subtree_child_count(*child) > 0;
    if (depth == room) {
      room *= 2;
      Frame *grown = (Frame *)realloc(stack, room * sizeof(Frame));
      if (!grown) abort();
      stack = grown;
      f = &stack[depth - 1];
    }
    if (visible) {
      uint32_t e = n++;
      if (e < capacity) {
        /* ts_tree_cursor_current_node and ts_node_symbol. */
        out[e].node = ts_node_new(tree, child, position, alias);
        out[e].start = position.bytes;
        out[e].end = e + 1;
        out[e].parent = parent;
        out[e].field = field;
        out[e].symbol = ts_language_public_symbol(lang, alias ? alias : ts_subtree_symbol(*child));
      }
      if (has_children) open_frame(&stack[depth++], lang, *child, position, e, e, 0);
    } else {
      open_frame(&stack[depth++], lang, *child, position, parent, NONE, field);
    }
  }
  free(stack);
  return n;
}
