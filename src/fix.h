/* fix.h - the repairs of fix.c, which the rules (rules*.c) ask for: the
 * only code that changes a tree after parsing.  Rules decide and report;
 * these change the tree, through the edit API of tree.c.  Out of memory
 * sets ctx->status. */
#ifndef SGFT_FIX_H
#define SGFT_FIX_H

#include "internal.h"

void sgft__fix_value(sgft_ctx *ctx, value *v, const char *text, size_t len);
void sgft__fix_delete_value(prop *p, value *prev, value *v);
void sgft__fix_delete_prop(node *n, prop *p);
void sgft__fix_keep_value(prop *p, value *v);
void sgft__fix_set_text(sgft_ctx *ctx, prop *p, const char *text, size_t len);
void sgft__fix_merge(prop *into, prop *dup);
void sgft__fix_drop_merged(node *n);
void sgft__fix_rename(prop *p, prop_id id);
prop *sgft__fix_find_or_add(sgft_ctx *ctx, node *n, prop_id id, uint64_t off);
void sgft__fix_add_value(sgft_ctx *ctx, prop *p, const char *text, size_t len,
                         uint64_t off);
/* Moves the properties of n for which stays() is false into a new only
 * child of n that takes over n's children. */
void sgft__fix_split_node(sgft_ctx *ctx, node *n,
                          bool (*stays)(const prop *p, prop_id arg),
                          prop_id arg);
/* How sgft__fix_write_points writes a list. */
typedef enum {
    WP_RECTS,  /* the fewest rectangles */
    WP_ORIGIN, /* rectangles of points from one value of the input each,
                * for the replay (PROPF_MERGE_LATER when that left some
                * apart that WP_RECTS joins) */
    WP_RUNS    /* runs of points down one column, from one value of the
                * input each (VALF_RUN: written point by point, -e) */
} wp_mode;
/* Rewrites p's values as the points of grid (stride MAX_BOARD) that hold
 * id; p goes when none is left.  A value written takes the offset that
 * origin (same stride) holds for its first point: the place in the input
 * of the value the point came from, for the messages about it.  set, when
 * not NULL, holds every point (y * MAX_BOARD + x) given an owner in the
 * grid since it was cleared (nset of them, in any order): a short list is
 * then found from it instead of by a look at every point. */
void sgft__fix_write_points(sgft_ctx *ctx, node *n, prop *p,
                            unsigned char *grid, const uint64_t *origin,
                            unsigned char id, int cols, int rows,
                            wp_mode mode, const uint16_t *set, size_t nset);
/* After the board replay: setup points without effect deleted, the setup
 * lists (written value by value of the input for the replay) joined into
 * the fewest rectangles unless -e, M converted to MA and TR.  grid and
 * origin are scratch. */
void sgft__fix_after_board(sgft_ctx *ctx, node *n, const exec_facts *f,
                           unsigned char *grid, uint64_t *origin, int cols,
                           int rows);
/* -v: the variations of n's first child become siblings of n (57). */
void sgft__fix_sibling_variations(node *n);
void sgft__fix_reverse_variations(sgft_ctx *ctx, game_tree *tree);
void sgft__fix_delete_empty_nodes(sgft_ctx *ctx, game_tree *tree);
/* Writes FF[4], GM and CA into the root for output (as_read, -E3: the
 * text is not converted, CA as it is). */
int sgft__fix_output_root(sgft_ctx *ctx, game_tree *tree, bool as_read);

#endif
