/* rules_node.c - the rules of a node as a whole: point lists, read group
 * by group with points unique in each (38), labels, arrows and lines
 * (38); one move per node (37), setup apart from moves (30), a move out
 * of the root (-v, 24), annotations (41, 42, 43), one game-info node on
 * every path (44) and, after the board replay, the restrictive checks of
 * -r (61, 62, 63).  Point lists are Go's (games.c): the rules here that
 * read points apply to games whose points are checked.  See rule_list.h
 * for the order.
 */
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Grid owner that stands for the point of the node's move (-m). */
#define GRID_MOVE 0xFE

/* --- point lists and the uniqueness rules (38) ---------------------------- */

/* The points x1..x2, y1..y2 of value v of p into the grid as owner id;
 * the first one owned already is reported (38), and all such are left
 * out. */
static void own_points(checker *k, const prop *p, const value *v,
                       unsigned char id, int x1, int y1, int x2, int y2) {
    bool dup = false;
    for (int x = x1; x <= x2; x++)
        for (int y = y1; y <= y2; y++) {
            unsigned char *g = &k->pts->grid[y * MAX_BOARD + x];
            if (*g) {
                if (!dup) {
                    char pt[3] = {sgft__coord_char(x), sgft__coord_char(y), 0};
                    report r = {0};
                    r.prop = p->name;
                    r.value = pt;
                    r.detail = *g == GRID_MOVE ? "markup on the move deleted"
                                               : "later one deleted";
                    sgft__rep(k, M_POINT_NOT_UNIQUE, true,
                                 value_pos(v), &r);
                }
                dup = true;
            } else {
                *g = id;
                k->pts->origin[y * MAX_BOARD + x] = v->off;
                k->pts->set[k->nset++] = (uint16_t)(y * MAX_BOARD + x);
            }
        }
}

/* '[' too: "hf[if" is two points whose ']' was left out. */
static bool is_point_separator(char c) {
    return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\n' ||
           c == '\r' || c == '[';
}

/* A value that holds several points apart, "fc,pc,pd" (as some programs
 * write a list in one value): each point on the board, of two letters,
 * separated by commas, semicolons or white space ("ab," too).  When it is
 * one, its points join the list (15, with the values they become) and
 * true. */
static bool separated_points(checker *k, const prop *p, const value *v,
                             const char *s, size_t len, unsigned char id) {
    size_t count = 0;
    k->b.len = 0;
    for (size_t i = 0; i < len;) {
        if (is_point_separator(s[i])) {
            i++;
            continue;
        }
        int x, y;
        if (i + 2 > len || (i + 2 < len && !is_point_separator(s[i + 2])) ||
            sgft__val_point(s + i, 2, k->cols, k->rows, &x, &y) != VR_OK)
            return false;
        if (count++)
            sgft__buf_put(&k->b, "][", 2);
        sgft__buf_put(&k->b, s + i, 2);
        i += 2;
    }
    if (!count || k->b.oom)
        return false;
    sgft__rep_value(k, M_BAD_VALUE_CORRECTED, p, v, k->b.data, k->b.len, NULL);
    for (size_t i = 0; i < len;) {
        if (is_point_separator(s[i])) {
            i++;
            continue;
        }
        int x = sgft__point_coord(s[i]), y = sgft__point_coord(s[i + 1]);
        own_points(k, p, v, id, x, y, x, y);
        i += 2;
    }
    return true;
}

/* One value of p's point list (read_points).  On the first pass its
 * faults are reported and a single point owned, and true returned for a
 * rectangle; on the second, the points of a rectangle are owned. */
static bool read_value_points(checker *k, prop *p, value *v, unsigned char id,
                              bool rects) {
    int x1, y1, x2, y2;
    if (v->len == 2 && !(v->flags & VALF_DECODED) &&
        sgft__val_point(value_bytes(k->ctx, v), 2, k->cols, k->rows, &x1,
                        &y1) == VR_OK) {
        /* one point of two letters, as most values are: as it is */
        if (!rects)
            own_points(k, p, v, id, x1, y1, x1, y1);
        return false;
    }
    sgft__decode_simple(k, &k->a, v);
    if (is_blank(k->a.data, k->a.len))
        return false;
    const char *s = k->a.data;
    size_t len = k->a.len;
    size_t colon = sgft__compose_split(s, len);
    if (colon == 0) { /* "[:gg]": an empty value to SGFC (17) */
        if (!rects) {
            report r = {0};
            r.prop = p->name;
            r.as_error = true;
            sgft__rep(k, M_EMPTY_VALUE, true, value_pos(v), &r);
        }
        return false;
    }
    vresult r1, r2 = VR_OK;
    r1 = sgft__val_point(s, colon, k->cols, k->rows, &x1, &y1);
    x2 = x1;
    y2 = y1;
    if (colon < len) {
        r2 = sgft__val_point(s + colon + 1, len - colon - 1, k->cols, k->rows,
                             &x2, &y2);
    }
    if (r1 == VR_BAD || r2 == VR_BAD) {
        if (rects || (colon == len && separated_points(k, p, v, s, len, id)))
            return false;
        if (colon < len ||
            (r1 = sgft__val_point_cut(s, len, k->cols, k->rows, &x1,
                                      &y1)) == VR_BAD) {
            sgft__rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
            return false;
        }
        x2 = x1, y2 = y1;
    }
    bool rect = colon < len && (x1 != x2 || y1 != y2);
    int lx = x1 < x2 ? x1 : x2, hx = x1 < x2 ? x2 : x1;
    int ly = y1 < y2 ? y1 : y2, hy = y1 < y2 ? y2 : y1;
    if (rects) {
        if (rect)
            own_points(k, p, v, id, lx, ly, hx, hy);
        return false;
    }
    if (colon < len) {
        if (k->tree->ff < 4 && !(v->flags & VALF_MADE)) {
            char ff[16];
            snprintf(ff, sizeof ff, "%d", k->tree->ff);
            report r = {0};
            r.value = ff;
            r.detail = "compressed point list";
            sgft__rep(k, M_FF4_FEATURE, true, value_pos(v), &r);
        }
        if (!rect) {
            char pt[2] = {sgft__coord_char(x1), sgft__coord_char(y1)};
            sgft__rep_value(k, M_BAD_VALUE_CORRECTED, p, v, pt, 2, NULL);
        } else if (x1 > x2 || y1 > y2) {
            char rc[5] = {sgft__coord_char(lx), sgft__coord_char(ly), ':',
                          sgft__coord_char(hx), sgft__coord_char(hy)};
            sgft__rep_value(k, M_COMPOSE_CORRECTED, p, v, rc, 5, NULL);
        }
    } else if (r1 == VR_FIXED) {
        char pt[2] = {sgft__coord_char(x1), sgft__coord_char(y1)};
        sgft__rep_value(k, M_BAD_VALUE_CORRECTED, p, v, pt, 2, NULL);
    }
    if (!rect)
        own_points(k, p, v, id, x1, y1, x2, y2);
    return rect;
}

/* Reads the points of p into the grid as owner id; points owned already
 * are reported (38) and left out.  The values are read in order, and
 * their points owned in SGFC's order: in each property as written (a
 * duplicate's values were joined to the first's), the single points
 * first, then the rectangles (SGFC puts their points after the list's),
 * so that a point both alone and in a rectangle is the rectangle's
 * twice. */
static void read_points(checker *k, prop *p, unsigned char id) {
    value *end;
    for (value *from = p->values; from; from = end) {
        end = from->next;
        while (end && !(end->flags & VALF_JOINED))
            end = end->next;
        bool rects = false;
        for (value *v = from; v != end; v = v->next)
            rects |= read_value_points(k, p, v, id, false);
        for (value *v = from; rects && v != end; v = v->next)
            read_value_points(k, p, v, id, true);
    }
}

/* FF[1]/FF[3] view: two values that are the corners of one rectangle
 * (spec 6.12, VW).  Fills the grid and returns true when p is one. */
static bool view_corners(checker *k, prop *p) {
    if (!p->values || !p->values->next || p->values->next->next)
        return false;
    int x1, y1, x2, y2;
    sgft__decode_simple(k, &k->a, p->values);
    if (sgft__val_point(k->a.data, k->a.len, k->cols, k->rows, &x1, &y1) != VR_OK)
        return false;
    sgft__decode_simple(k, &k->a, p->values->next);
    if (sgft__val_point(k->a.data, k->a.len, k->cols, k->rows, &x2, &y2) != VR_OK)
        return false;
    for (int x = x1 < x2 ? x1 : x2; x <= (x1 < x2 ? x2 : x1); x++)
        for (int y = y1 < y2 ? y1 : y2; y <= (y1 < y2 ? y2 : y1); y++) {
            unsigned char *g = &k->pts->grid[y * MAX_BOARD + x];
            if (!*g)
                k->pts->set[k->nset++] = (uint16_t)(y * MAX_BOARD + x);
            *g = 1; /* VW is alone in its group */
            k->pts->origin[y * MAX_BOARD + x] = p->values->off;
        }
    return true;
}

/* Empty values of a point list: an elist may be exactly one empty value
 * (17, or 52 for VW with points; of several empty values one is kept).
 * Returns whether p holds points. */
static bool empty_values(checker *k, prop *p) {
    bool has_points = false;
    const value *empty = NULL; /* the first: 17 is given there, as SGFC */
    for (value *v = p->values; v; v = v->next) {
        if (!is_blank_value(k->ctx, v))
            has_points = true;
        else if (!empty)
            empty = v;
    }
    bool has_empty = empty != NULL;
    bool elist = info(p)->flags & PF_ELIST;
    if (has_empty && !has_points && elist && p->values->next) {
        report r = {0};
        r.prop = p->name;
        r.as_error = true;
        sgft__rep(k, M_EMPTY_VALUE, true, value_pos(empty), &r);
        sgft__fix_keep_value(p, p->values);
        return false;
    }
    if (has_empty && (has_points || !elist)) {
        if (p->id == P_VW && has_points) {
            report r = {0};
            r.detail = "empty value together with points: points deleted";
            sgft__rep(k, M_BAD_VIEW, true, p->off, &r);
            value *v = p->values;
            while (v && !is_blank_value(k->ctx, v))
                v = v->next;
            sgft__fix_keep_value(p, v);
            has_points = false;
        } else {
            report r = {0};
            r.prop = p->name;
            r.as_error = true;
            sgft__rep(k, M_EMPTY_VALUE, true, value_pos(empty), &r);
        }
    }
    return has_points;
}

/* The members of one group, in the order of the node: later ones lose
 * points; then the lists rewritten in canonical form. */
static void point_group(checker *k, node *n, prop **members, size_t count,
                        prop_group g) {
    memset(k->pts->grid, 0, sizeof k->pts->grid);
    k->nset = 0;
    if (g == G_MARKUP && k->ctx->opt.delete_move_markup) {
        /* -m: markup on the point of the move goes (38). */
        prop *mv = sgft__prop_find(n, P_B);
        if (!mv)
            mv = sgft__prop_find(n, P_W);
        int x, y;
        if (mv && mv->values && mv->values->len == 2 &&
            sgft__val_point(value_bytes(k->ctx, mv->values), 2, k->cols,
                            k->rows, &x, &y) == VR_OK)
            k->pts->grid[y * MAX_BOARD + x] = GRID_MOVE;
    }
    for (size_t i = 0; i < count; i++) {
        prop *p = members[i];
        if (!empty_values(k, p))
            continue;
        if (p->id == P_VW && k->tree->ff < 4) {
            if (view_corners(k, p))
                continue;
            if (!p->values->next || p->values->next->next) {
                /* Not the two corners of FF[1]-FF[3]: a point list as in
                 * FF[4], read as such (52, as SGFC). */
                char detail[80];
                snprintf(detail, sizeof detail,
                         "a point list (FF[4]) in an FF[%d] game tree: read as FF[4]",
                         k->tree->ff);
                report r = {0};
                r.detail = detail;
                sgft__rep(k, M_BAD_VIEW, true, p->off, &r);
            }
        }
        read_points(k, p, (unsigned char)(i + 1));
    }
    for (size_t i = 0; i < count; i++) {
        prop *p = members[i];
        bool only_empty = p->values && !p->values->next &&
                          is_blank_value(k->ctx, p->values);
        if (only_empty && (info(p)->flags & PF_ELIST)) {
            sgft__fix_value(k->ctx, p->values, "", 0);
            continue;
        }
        /* Setup goes to the replay in rectangles of one value of the
         * input each, so that message 39 finds the value each point came
         * from (fix_after_board joins them). */
        wp_mode mode = k->ctx->opt.expand            ? WP_RUNS
                       : g == G_SETUP && k->board ? WP_ORIGIN
                                                  : WP_RECTS;
        sgft__fix_write_points(k->ctx, n, p, k->pts->grid, k->pts->origin,
                               (unsigned char)(i + 1), k->cols, k->rows,
                               mode, k->pts->set, k->nset);
    }
}

void sgft__point_lists(checker *k, node *n, prop_group only) {
    bool any = false;
    for (prop *p = n->props; p && !any; p = p->next)
        any = is_point_list(p) || p->id == P_M;
    if (!any || !sgft__point_scratch(k))
        return;
    /* The lists of each group in the order of the node; setup as SGFC
     * reads a node, AB and AW before AE: a point in AE and in AB or AW is
     * AE's twice (38).  A group has six properties at most, each once
     * (the duplicates are merged before). */
    prop *members[G_POSITION_ANN][6], *ae[6];
    size_t count[G_POSITION_ANN] = {0}, nae = 0;
    for (prop *p = n->props; p; p = p->next) {
        if (p->id == P_UNKNOWN)
            continue;
        int g = sgft__props[p->id].group;
        if (g < G_SETUP || g >= G_POSITION_ANN ||
            (only != G_NONE && g != (int)only))
            continue;
        if (p->id == P_AE)
            ae[nae++] = p;
        else
            members[g][count[g]++] = p;
    }
    for (size_t i = 0; i < nae; i++)
        members[G_SETUP][count[G_SETUP]++] = ae[i];
    for (int g = G_SETUP; g < G_POSITION_ANN; g++)
        if (count[g])
            point_group(k, n, members[g], count[g], (prop_group)g);
}

bool sgft__rule_point_lists(checker *k, node *n, prop *p, value *v) {
    (void)p, (void)v;
    if (k->game->points)
        sgft__point_lists(k, n, G_NONE);
    return true;
}

/* M became MA and TR: the markup group again, with the new points (the
 * other groups were read already: read again, an FF[3] VW would be taken
 * for an FF[4] list). */
bool sgft__rule_board_lists(checker *k, node *n, prop *p, value *v) {
    (void)p, (void)v;
    if (k->board && k->facts.n_marks)
        sgft__point_lists(k, n, G_MARKUP);
    return true;
}

/* The keys of the values of a list kept so far (the point of a label,
 * the whole arrow or line): a long list in a hash table, so that a list
 * of n values costs n, not n squared; a short one (or one for which
 * memory is short) is searched. */
struct seen_keys {
    const value **slot; /* NULL: search the list */
    size_t mask;
};
enum { SEEN_SEARCHED = 16 };

static void seen_begin(struct seen_keys *s, const prop *p) {
    size_t n = 0;
    for (const value *v = p->values; v; v = v->next)
        n++;
    s->slot = NULL;
    if (n <= SEEN_SEARCHED)
        return;
    size_t cap = 64;
    while (cap < 2 * n)
        cap *= 2;
    s->slot = calloc(cap, sizeof *s->slot);
    s->mask = cap - 1;
}

static bool same_key(const sgft_ctx *ctx, const value *w, const value *v,
                     size_t key, bool label) {
    return w->len >= key && v->len >= key &&
           memcmp(value_bytes(ctx, w), value_bytes(ctx, v), key) == 0 &&
           (label || w->len == v->len);
}

/* Whether v's key was seen among the values before it; if not, it is
 * now. */
static bool seen_add(const sgft_ctx *ctx, struct seen_keys *s,
                     const prop *p, const value *v, size_t key) {
    bool label = p->id == P_LB;
    if (!s->slot) {
        for (const value *w = p->values; w != v; w = w->next)
            if (same_key(ctx, w, v, key, label))
                return true;
        return false;
    }
    if (v->len < key)
        return false; /* too short to be the same as any */
    const unsigned char *b = (const unsigned char *)value_bytes(ctx, v);
    size_t h = 2166136261u;
    for (size_t i = 0; i < key; i++)
        h = (h ^ b[i]) * 16777619u;
    for (size_t i = h & s->mask;; i = (i + 1) & s->mask) {
        if (!s->slot[i]) {
            s->slot[i] = v;
            return false;
        }
        if (same_key(ctx, s->slot[i], v, key, label))
            return true;
    }
}

/* LB: one label per point; AR, LN: no arrow or line twice (38). */
bool sgft__rule_composed_lists(checker *k, node *n, prop *p_, value *v_) {
    (void)p_, (void)v_;
    if (!k->game->points)
        return true;
    for (prop *p = n->props; p; p = p->next) {
        if (p->id != P_LB && p->id != P_AR && p->id != P_LN)
            continue;
        struct seen_keys seen;
        seen_begin(&seen, p);
        value *prev = NULL, *next;
        for (value *v = p->values; v; v = next) {
            next = v->next;
            const char *s = value_bytes(k->ctx, v);
            size_t key = p->id == P_LB ? 2 : v->len;
            bool dup = seen_add(k->ctx, &seen, p, v, key);
            if (dup) {
                report r = {0};
                r.prop = p->name;
                r.value = s;
                r.value_len = key;
                r.detail = "later one deleted";
                sgft__rep(k, M_POINT_NOT_UNIQUE, true, value_pos(v), &r);
                sgft__fix_delete_value(p, prev, v);
            } else {
                prev = v;
            }
        }
        free(seen.slot);
    }
    return true;
}

/* --- moves, setup, annotations -------------------------------------------- */

/* Splits: with SPLIT_SETUP the setup, root and game-info properties and N
 * stay in the node; with a move id all but that move. */
#define SPLIT_SETUP P__COUNT

static bool stays(const prop *p, prop_id move) {
    if (move != SPLIT_SETUP)
        return p->id != move;
    if (p->id == P_UNKNOWN)
        return false;
    prop_kind kind = (prop_kind)sgft__props[p->id].kind;
    return kind == PK_SETUP || kind == PK_ROOT || kind == PK_GAMEINFO ||
           p->id == P_N;
}

/* -v: a move (B or W, as SGFC) in the root node goes into a node of its
 * own (24), with the other move properties.  Beside setup properties it
 * is a mix of the two (30), which that rule splits as without -v. */
bool sgft__rule_move_in_root(checker *k, node *n, prop *p, value *v) {
    (void)p, (void)v;
    if (!k->ctx->opt.fix_variations || n != k->tree->root || !n->props)
        return true;
    prop *mv = sgft__prop_find(n, P_B);
    if (!mv)
        mv = sgft__prop_find(n, P_W);
    if (!mv || sgft__has_kind(n, PK_SETUP))
        return true;
    /* At the node's first property, as SGFC has it. */
    sgft__rep(k, M_MOVE_IN_ROOT, true, n->props->off, NULL);
    sgft__fix_split_node(k->ctx, n, stays, SPLIT_SETUP);
    return true;
}

/* B and W in one node (37): the later move goes into a new node. */
bool sgft__rule_two_moves(checker *k, node *n, prop *p, value *v) {
    (void)p, (void)v;
    if (!n->props || !n->props->next)
        return true;
    prop *b = sgft__prop_find(n, P_B), *w = sgft__prop_find(n, P_W);
    if (!b || !w)
        return true;
    prop *later = b->off > w->off ? b : w;
    sgft__rep_prop(k, M_TWO_MOVES, later, NULL);
    sgft__fix_split_node(k->ctx, n, stays, later->id);
    return true;
}

/* Whether setup property q stays: not AB, AW or AE all of whose points
 * are as the board already has them, which the replay deletes (39). */
static bool setup_stays(checker *k, node *n, const prop *q) {
    if (q->id == P_PL || !k->board)
        return true;
    return sgft__setup_changes(k->board, n, q);
}

/* Setup and move properties mixed (30): setup, root, game-info and N
 * stay, the rest goes into a new node; a lone PL is deleted.  As SGFC,
 * which deletes setup without effect (39) before it looks: setup that
 * changes nothing does not split the node. */
bool sgft__rule_setup_and_move(checker *k, node *n, prop *p, value *v) {
    (void)p, (void)v;
    if (!n->props || !n->props->next || !sgft__has_kind(n, PK_SETUP))
        return true;
    /* A move property, but those that need a move, without B or W: they
     * go (43) before SGFC looks. */
    bool bw = sgft__prop_find(n, P_B) || sgft__prop_find(n, P_W), mv = false;
    for (const prop *q = n->props; q && !mv; q = q->next)
        mv = q->id != P_UNKNOWN && sgft__props[q->id].kind == PK_MOVE &&
             (bw || !(sgft__props[q->id].flags & PF_NEEDS_MOVE));
    if (!mv)
        return true;
    /* The message is at the last setup property in SGFC's order of a
     * node's properties: AB and AW, then AE, then PL. */
    static const prop_id order[] = {P_AB, P_AW, P_AE, P_PL};
    const prop *last = NULL;
    bool stones = false;
    for (size_t i = 0; i < sizeof order / sizeof *order; i++)
        for (const prop *q = n->props; q; q = q->next) {
            if (q->id != order[i] || !setup_stays(k, n, q))
                continue;
            if (q->id != P_AW || !last || last->id != P_AB ||
                q->off > last->off)
                last = q;
            stones |= q->id != P_PL;
        }
    if (!last)
        return true;
    prop *pl = sgft__prop_find(n, P_PL);
    bool only_pl = pl && !stones;
    char detail[64] = "node split";
    if (only_pl)
        snprintf(detail, sizeof detail, "<PL> [%.*s] deleted",
                 pl->values ? (int)(pl->values->len < 40 ? pl->values->len : 40) : 0,
                 pl->values ? value_bytes(k->ctx, pl->values) : "");
    sgft__rep_prop(k, M_MOVE_SETUP_MIXED, last, detail);
    if (only_pl)
        sgft__fix_delete_prop(n, pl);
    else
        sgft__fix_split_node(k->ctx, n, stays, SPLIT_SETUP);
    return true;
}

/* GB, GW, DM, UC exclude each other; BM, TE, DO, IT too (41, 42): the
 * groups G_POSITION_ANN and G_MOVE_ANN of prop_list.h. */
bool sgft__rule_annotations(checker *k, node *n, prop *p_, value *v_) {
    (void)p_, (void)v_;
    if (!n->props || !n->props->next)
        return true;
    /* Without a move, the move annotations all go (43), as SGFC deletes
     * each before it looks for another. */
    bool move = sgft__prop_find(n, P_B) || sgft__prop_find(n, P_W);
    for (int g = G_POSITION_ANN; g <= (move ? G_MOVE_ANN : G_POSITION_ANN);
         g++) {
        prop *first = NULL, *next;
        for (prop *p = n->props; p; p = next) {
            next = p->next;
            if (p->id == P_UNKNOWN || sgft__props[p->id].group != g)
                continue;
            if (!first) {
                first = p;
                continue;
            }
            if ((first->id == P_BM && p->id == P_TE) ||
                (first->id == P_TE && p->id == P_BM)) {
                /* TE then BM is interesting, BM then TE doubtful (42). */
                prop_id to = first->id == P_TE ? P_IT : P_DO;
                report r = {0};
                r.prop = sgft__props[to].id;
                sgft__rep(k, M_TE_BM_COMBINED, true, p->off, &r);
                sgft__fix_rename(first, to);
                sgft__fix_value(k->ctx, first->values, "", 0);
                sgft__fix_keep_value(first, first->values);
                sgft__fix_delete_prop(n, p);
                continue;
            }
            sgft__rep_deleted(k, M_ANNOTATION_CONFLICT, p, NULL);
            sgft__fix_delete_prop(n, p);
        }
    }
    return true;
}

/* Move annotations and KO need a move in the node (43). */
bool sgft__rule_annotation_move(checker *k, node *n, prop *p_, value *v_) {
    (void)p_, (void)v_;
    if (sgft__prop_find(n, P_B) || sgft__prop_find(n, P_W))
        return true;
    prop *next;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        if (p->id != P_UNKNOWN && (sgft__props[p->id].flags & PF_NEEDS_MOVE)) {
            sgft__rep_deleted(k, M_ANNOTATION_NO_MOVE, p, NULL);
            sgft__fix_delete_prop(n, p);
        }
    }
    return true;
}

/* One game-info node on every path (44). */
bool sgft__rule_gameinfo_once(checker *k, node *n, prop *p_, value *v_) {
    (void)p_, (void)v_;
    unsigned inherited = n->parent ? (n->parent->flags & NODEF_GAMEINFO) : 0;
    bool has = sgft__has_kind(n, PK_GAMEINFO);
    if (has && !inherited)
        k->gi_first = n;
    if (has && inherited) {
        node *first = k->gi_first;
        if (!first) { /* not met: looked for */
            first = n->parent;
            while (first && !sgft__has_kind(first, PK_GAMEINFO))
                first = first->parent;
        }
        char where[48] = "";
        if (first) {
            unsigned long line, col;
            sgft__input_position(&k->ctx->in, first->off, &line, &col);
            snprintf(where, sizeof where, "game-info node at %lu:%lu", line, col);
        }
        prop *next;
        for (prop *p = n->props; p; p = next) {
            next = p->next;
            if (p->id != P_UNKNOWN && sgft__props[p->id].kind == PK_GAMEINFO) {
                sgft__rep_deleted(k, M_GAMEINFO_TWICE, p, where);
                sgft__fix_delete_prop(n, p);
            }
        }
    }
    n->flags |= inherited | (has ? NODEF_GAMEINFO : 0);
    return true;
}

/* -r: restrictive checks of Go trees (60 is a collection rule), as SGFC
 * makes them: HA against the handicap stones of the root (61; with AW in
 * the root the AB are a position, not a handicap), setup in the main line
 * (62), two moves of one colour in a row (63).  The first child continues
 * its parent's line; a later child starts a variation and is not compared
 * with its parent.  Setup on the main line is reported (62) and does not
 * break the sequence; setup in a variation starts it anew. */
bool sgft__rule_strict(checker *k, node *n, prop *p_, value *v_) {
    (void)p_, (void)v_;
    if (!k->ctx->opt.strict || !k->board)
        return true;
    node *parent = n->parent;
    bool main_line = !parent || ((parent->flags & NODEF_MAIN) && parent->child == n);
    unsigned last = 0;
    if (parent && parent->child == n)
        last = parent->flags & (NODEF_LAST_B | NODEF_LAST_W);
    bool setup = sgft__prop_find(n, P_AB) || sgft__prop_find(n, P_AW) ||
                 sgft__prop_find(n, P_AE);
    if (!parent) {
        prop *ha = sgft__prop_find(n, P_HA);
        prop *ab = sgft__prop_find(n, P_AB);
        bool aw = sgft__prop_find(n, P_AW) != NULL;
        long stones = 0;
        for (value *v = ab && !aw ? ab->values : NULL; v; v = v->next) {
            int x1, y1, x2, y2;
            if (sgft__value_rect(k->ctx, v, &x1, &y1, &x2, &y2))
                stones += (long)(x2 - x1 + 1) * (y2 - y1 + 1);
        }
        long handicap = ha && ha->values
                            ? strtol(value_bytes(k->ctx, ha->values), NULL, 10)
                            : 0;
        if ((ha && handicap != stones) || (!ha && stones)) {
            char val[24], detail[64];
            snprintf(val, sizeof val, "%ld", handicap);
            if (aw && ab)
                snprintf(detail, sizeof detail, "black and white setup stones");
            else
                snprintf(detail, sizeof detail, "%ld black setup stones", stones);
            report r = {0};
            r.value = ha ? val : "none";
            r.detail = detail;
            sgft__rep(k, M_HANDICAP_MISMATCH, true,
                         ha ? ha->off : ab->off, &r);
        }
    } else if (main_line && setup) {
        sgft__rep(k, M_SETUP_IN_MAIN_LINE, true, n->off, NULL);
    }
    if (setup && !main_line)
        last = 0;
    prop *b = sgft__prop_find(n, P_B), *w = sgft__prop_find(n, P_W);
    unsigned now = b ? NODEF_LAST_B : w ? NODEF_LAST_W : 0;
    if (now && now == last)
        sgft__rep(k, M_SAME_COLOUR_TWICE, true, (b ? b : w)->off, NULL);
    n->flags |= (main_line ? NODEF_MAIN : 0) | (now ? now : last);
    return true;
}
