/* fix.c - the repairs: the only code that changes a tree after parsing,
 * through the edit API of tree.c.
 *
 * The rules (rules*.c) decide what is wrong and report it; they ask for
 * the repair here, at once, so that the rules after them read the
 * repaired tree.  Out of memory sets ctx->status and leaves the tree as
 * it was.  Below the value and property repairs come the structural ones:
 * node splits, point lists, the repairs the board replay asks for, the
 * variation options (-v, -z, -n) and the root written for output.  All
 * walk the tree without recursion.
 */
#include "fix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- values and properties ------------------------------------------- */

void sgft__fix_value(sgft_ctx *ctx, value *v, const char *text, size_t len) {
    if (!sgft__value_set(ctx, v, text, len))
        ctx->status = SGFT_ENOMEM;
}

void sgft__fix_delete_value(prop *p, value *prev, value *v) {
    sgft__value_unlink(p, prev, v);
}

void sgft__fix_delete_prop(node *n, prop *p) { sgft__prop_unlink(n, p); }

void sgft__fix_keep_value(prop *p, value *v) { sgft__value_keep_only(p, v); }

void sgft__fix_set_text(sgft_ctx *ctx, prop *p, const char *text,
                        size_t len) {
    if (!sgft__prop_set_text(ctx, p, text, len))
        ctx->status = SGFT_ENOMEM;
}

/* A duplicate: its values go to the first one, and it is marked to go
 * (sgft__fix_drop_merged), so that merging stays linear. */
void sgft__fix_merge(prop *into, prop *dup) {
    if (into)
        sgft__prop_move_values(into, dup);
    dup->flags |= PROPF_DROP;
}

void sgft__fix_drop_merged(node *n) {
    sgft__prop_unlink_flagged(n, PROPF_DROP);
}

void sgft__fix_rename(prop *p, prop_id id) { sgft__prop_rename(p, id); }

prop *sgft__fix_find_or_add(sgft_ctx *ctx, node *n, prop_id id,
                            uint64_t off) {
    prop *p = sgft__prop_find(n, id);
    if (p)
        return p;
    if (!(p = sgft__prop_add(ctx, n, id, NULL, 0, off)))
        ctx->status = SGFT_ENOMEM;
    else
        p->flags |= PROPF_ADDED;
    return p;
}

void sgft__fix_add_value(sgft_ctx *ctx, prop *p, const char *text, size_t len,
                         uint64_t off) {
    if (!sgft__value_append(ctx, p, text, len, off))
        ctx->status = SGFT_ENOMEM;
}

/* --- nodes ----------------------------------------------------------- */

void sgft__fix_split_node(sgft_ctx *ctx, node *n,
                          bool (*stays)(const prop *p, prop_id arg),
                          prop_id arg) {
    node *m = sgft__node_insert_child(ctx, n);
    if (!m) {
        ctx->status = SGFT_ENOMEM;
        return;
    }
    prop *next;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        if (stays(p, arg))
            continue;
        sgft__prop_unlink(n, p);
        sgft__prop_link(m, p);
    }
}

/* --- point lists ----------------------------------------------------- */

/* Whether the point at is one of the list (id), and unless WP_RECTS of
 * the value o; with WP_ORIGIN, a point of the list from another value
 * marks p. */
static inline bool joins(prop *p, const unsigned char *grid,
                         const uint64_t *origin, int at, unsigned char id,
                         wp_mode mode, uint64_t o) {
    if (grid[at] != id)
        return false;
    if (mode == WP_RECTS || origin[at] == o)
        return true;
    if (mode == WP_ORIGIN)
        p->flags |= PROPF_MERGE_LATER;
    return false;
}

/* The rectangle (or the run, WP_RUNS) of the points of id from x, y on,
 * its points marked used in the grid, as a value of p; false when out
 * of memory (ctx->status set). */
static bool write_rect(sgft_ctx *ctx, prop *p, unsigned char *grid,
                       const uint64_t *origin, unsigned char id, int cols,
                       int rows, wp_mode mode, int x, int y) {
    static const unsigned char used = 0xFF;
    uint64_t o = origin[y * MAX_BOARD + x];
    int x2 = x, y2 = y;
    for (bool grew = true; grew;) {
        grew = false;
        bool ok = mode != WP_RUNS && x2 + 1 < cols;
        for (int yy = y; ok && yy <= y2; yy++)
            ok = joins(p, grid, origin, yy * MAX_BOARD + x2 + 1, id, mode, o);
        if (ok) {
            x2++;
            grew = true;
        }
        ok = y2 + 1 < rows;
        for (int xx = x; ok && xx <= x2; xx++)
            ok = joins(p, grid, origin, (y2 + 1) * MAX_BOARD + xx, id, mode,
                       o);
        if (ok) {
            y2++;
            grew = true;
        }
    }
    for (int xx = x; xx <= x2; xx++)
        for (int yy = y; yy <= y2; yy++)
            grid[yy * MAX_BOARD + xx] = used;
    char t[5] = {sgft__coord_char(x), sgft__coord_char(y), ':',
                 sgft__coord_char(x2), sgft__coord_char(y2)};
    size_t tl = x2 == x && y2 == y ? 2 : 5;
    if (!sgft__value_append(ctx, p, t, tl, o)) {
        ctx->status = SGFT_ENOMEM;
        return false;
    }
    p->last_value->flags |= VALF_MADE;
    if (mode == WP_RUNS && tl == 5)
        p->last_value->flags |= VALF_RUN;
    return true;
}

/* Up to this many points set in the grid, a list's points are found in
 * the list of those set (and sorted), not by a look at every point. */
enum { FEW_SET = 64 };

/* Greedy rectangles scanned column by column (spec 8.5), or runs down a
 * column; the points written are marked used in the grid.  Runs come in
 * the order of their points, column by column, so that writing each point
 * by point (-e) gives the points in that order.  A rectangle grows to the
 * right and down only, over points later in that order: the points of id
 * taken in that order before the first is written are those the scan
 * meets. */
void sgft__fix_write_points(sgft_ctx *ctx, node *n, prop *p,
                            unsigned char *grid, const uint64_t *origin,
                            unsigned char id, int cols, int rows,
                            wp_mode mode, const uint16_t *set, size_t nset) {
    sgft__prop_clear_values(p);
    p->flags &= ~PROPF_MERGE_LATER;
    if (set && nset <= FEW_SET) {
        /* column by column: the key of a point is x * MAX_BOARD + y */
        uint16_t key[FEW_SET];
        size_t count = 0;
        for (size_t i = 0; i < nset; i++) {
            if (grid[set[i]] != id)
                continue;
            uint16_t k = (uint16_t)(set[i] % MAX_BOARD * MAX_BOARD +
                                    set[i] / MAX_BOARD);
            size_t j = count++;
            for (; j > 0 && key[j - 1] > k; j--)
                key[j] = key[j - 1];
            key[j] = k;
        }
        for (size_t i = 0; i < count; i++) {
            int x = key[i] / MAX_BOARD, y = key[i] % MAX_BOARD;
            if (grid[y * MAX_BOARD + x] == id &&
                !write_rect(ctx, p, grid, origin, id, cols, rows, mode, x, y))
                return;
        }
    } else {
        for (int x = 0; x < cols; x++)
            for (int y = 0; y < rows; y++)
                if (grid[y * MAX_BOARD + x] == id &&
                    !write_rect(ctx, p, grid, origin, id, cols, rows, mode,
                                x, y))
                    return;
    }
    if (!p->values)
        sgft__prop_unlink(n, p);
}

/* The setup lists again without the points that changed nothing, as
 * rectangles unless -e; M becomes MA on empty points and TR on stones
 * (spec 6.11). */
void sgft__fix_after_board(sgft_ctx *ctx, node *n, const exec_facts *f,
                           unsigned char *grid, uint64_t *origin, int cols,
                           int rows) {
    static const prop_id setup[3] = {P_AB, P_AW, P_AE};
    for (int i = 0; i < 3 && f->setup; i++) {
        prop *p = sgft__prop_find(n, setup[i]);
        bool any = false;
        for (size_t j = 0; j < f->n_no_effect && !any; j++)
            any = f->no_effect[j].prop == i;
        if (!p || (!any && (ctx->opt.expand ||
                            !(p->flags & PROPF_MERGE_LATER))))
            continue;
        memset(grid, 0, MAX_BOARD * MAX_BOARD);
        for (value *v = p->values; v; v = v->next) {
            int x1, y1, x2, y2;
            if (!sgft__value_rect(ctx, v, &x1, &y1, &x2, &y2))
                continue;
            for (int x = x1; x <= x2; x++)
                for (int y = y1; y <= y2; y++) {
                    grid[y * MAX_BOARD + x] = 1;
                    origin[y * MAX_BOARD + x] = v->off;
                }
        }
        for (size_t j = 0; j < f->n_no_effect; j++)
            if (f->no_effect[j].prop == i)
                grid[f->no_effect[j].y * MAX_BOARD + f->no_effect[j].x] = 0;
        sgft__fix_write_points(ctx, n, p, grid, origin, 1, cols, rows,
                               ctx->opt.expand ? WP_RUNS : WP_RECTS, NULL, 0);
    }
    prop *m = f->n_marks ? sgft__prop_find(n, P_M) : NULL;
    if (!m)
        return;
    for (size_t i = 0; i < f->n_marks; i++) {
        const struct exec_mark *mk = &f->marks[i];
        prop *to = sgft__fix_find_or_add(ctx, n, mk->stone ? P_TR : P_MA,
                                         m->off);
        if (!to)
            return;
        char pt[2] = {sgft__coord_char(mk->x), sgft__coord_char(mk->y)};
        if (!sgft__value_append(ctx, to, pt, 2, mk->off)) {
            ctx->status = SGFT_ENOMEM;
            return;
        }
        /* M's points come after those of MA and TR (read_points) */
        if (to->values != to->last_value)
            to->last_value->flags |= VALF_JOINED;
    }
    sgft__prop_unlink(n, m);
}

/* --- variations -------------------------------------------------------- */

/* Removes c's AE; hands back the node that starts the corrected variation:
 * c when setup is left in it, else its child d with c's other properties
 * (c itself goes). */
static node *drop_sibling_ae(node *c) {
    prop *ae = sgft__prop_find(c, P_AE);
    sgft__prop_unlink(c, ae);
    bool setup = false;
    for (prop *p = c->props; p; p = p->next)
        setup |= p->id != P_UNKNOWN && sgft__props[p->id].kind == PK_SETUP;
    if (setup)
        return c;
    node *d = c->child;
    sgft__node_move_props(d, c);
    return d;
}

void sgft__fix_sibling_variations(node *n) {
    node *after = n;
    for (node *c = sgft__node_detach_later_children(n), *next; c; c = next) {
        next = c->next;
        node *v = drop_sibling_ae(c);
        /* v (with its subtree) becomes the next sibling of n. */
        sgft__node_link_after(v, after);
        after = v;
    }
}

/* -z: reverses the children of every node; a node with more than 100
 * variations keeps its order (64), as SGFC does. */
void sgft__fix_reverse_variations(sgft_ctx *ctx, game_tree *tree) {
    for (node *n = tree->root; n; n = sgft__node_next_preorder(n)) {
        if (!n->child || !n->child->next)
            continue;
        size_t count = 0;
        for (node *c = n->child; c; c = c->next)
            count++;
        if (count > 100) {
            sgft__report(ctx, M_TOO_MANY_VARIATIONS, true, n->off, NULL);
            continue;
        }
        sgft__node_reverse_children(n);
    }
}

/* -n: deletes nodes without properties (55), except the root and a node
 * that has siblings and more than one child (deleting it would merge its
 * variations into its siblings'). */
/* The node after n in pre-order, once n's subtree is done (from is n,
 * or n's parent when n itself is gone: its next sibling then follows
 * prev); *prev becomes the previous sibling of the node returned. */
static node *after_subtree_prev(node *n, node *from, node **prev) {
    if (n->next)
        return n->next; /* *prev stays: n's place is the one before */
    for (node *x = from; x; x = x->parent)
        if (x->next) {
            *prev = x;
            return x->next;
        }
    return NULL;
}

void sgft__fix_delete_empty_nodes(sgft_ctx *ctx, game_tree *tree) {
    /* The walk keeps the previous sibling of n: a node is taken out of
     * its parent's list without a search of that list. */
    node *prev = NULL;
    node *n = tree->root ? tree->root->child : NULL;
    while (n) {
        bool siblings = prev || n->next;
        bool branches = n->child && n->child->next;
        if (n->props || (siblings && branches)) {
            if (n->child) {
                prev = NULL;
                n = n->child;
            } else {
                node *p = n;
                n = after_subtree_prev(n, n->parent, &p);
                prev = p;
            }
            continue;
        }
        sgft__report(ctx, M_EMPTY_NODE_DELETED, true, n->off, NULL);
        node *first = n->child;
        sgft__node_splice_out(n, prev);
        /* n's first child, or its next sibling, takes its place after
         * prev; else the walk goes up */
        n = first ? first : after_subtree_prev(n, n->parent, &prev);
    }
}

/* --- the root for output ------------------------------------------------ */

/* Whether a CA value names UTF-8 (as decode.c reads charset names). */
static bool names_utf8(const char *s, size_t len) {
    char name[64];
    return sgft__charset_normalize(s, len, name, sizeof name) &&
           strcmp(name, "UTF-8") == 0;
}

static bool tree_is_utf8(sgft_ctx *ctx, node *root) {
    for (node *n = root; n; n = sgft__node_next_preorder(n))
        for (prop *p = n->props; p; p = p->next)
            for (value *v = p->values; v; v = v->next)
                if (!sgft__utf8_valid(value_bytes(ctx, v), v->len))
                    return false;
    return true;
}

/* Sets root property id to text, adding the property when it is absent. */
static bool set_root(sgft_ctx *ctx, node *root, prop_id id, const char *text) {
    prop *p = sgft__prop_find(root, id);
    if (!p) {
        p = sgft__prop_add(ctx, root, id, NULL, 0, root->off);
        if (!p)
            return false;
    }
    return sgft__prop_set_text(ctx, p, text, strlen(text));
}

/* FF[4], GM and CA[UTF-8]; with -E3 (as_read) the text is not converted
 * and CA stays as it is (added only when the text is UTF-8). */
int sgft__fix_output_root(sgft_ctx *ctx, game_tree *tree, bool as_read) {
    node *root = tree->root;
    prop *ca = sgft__prop_find(root, P_CA);
    if (!set_root(ctx, root, P_FF, "4"))
        return SGFT_ENOMEM;
    bool utf8 = true;
    if (as_read)
        utf8 = ca ? ca->values && names_utf8(value_bytes(ctx, ca->values),
                                              ca->values->len)
                  : tree_is_utf8(ctx, root);
    if (utf8 && !set_root(ctx, root, P_CA, "UTF-8"))
        return SGFT_ENOMEM;
    if (!sgft__prop_find(root, P_GM)) {
        char gm[24];
        snprintf(gm, sizeof gm, "%d", tree->gm);
        if (!set_root(ctx, root, P_GM, gm))
            return SGFT_ENOMEM;
    }
    return 0;
}
