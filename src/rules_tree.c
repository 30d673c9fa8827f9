/* rules_tree.c - the rules of a game tree as a whole and of the trees of
 * one input together: the charset of the tree, the root properties FF, GM
 * and SZ that decide how the rest is read, and after the walk the
 * collection rules, the signature (-g) and the variation options (-n,
 * -v, -z).  See rule_list.h for the order.
 */
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- charsets ------------------------------------------------------------ */

bool sgft__rule_ca_spelling(checker *k, node *n, prop *p, value *v) {
    (void)n, (void)p, (void)v;
    sgft__check_ca_spelling(k->ctx, k->tree);
    return true;
}

/* -E1: one charset for the whole input, so a later tree that declares
 * another one cannot be read right (75; -E2 reads such files). */
bool sgft__rule_charset_e1(checker *k, node *root, prop *p, value *v) {
    (void)p, (void)v;
    sgft_ctx *ctx = k->ctx;
    if (k->mode > 1)
        return true;
    prop *ca = sgft__prop_find(root, P_CA);
    char name[64] = "";
    buf *b = &k->a;
    b->len = 0;
    if (ca && ca->values) {
        sgft__value_text(ctx, b, ca->values, true, SGFT_LB_HARD);
        if (!sgft__charset_normalize(b->data ? b->data : "", b->len, name,
                                     sizeof name))
            name[0] = '\0';
    }
    if (k->tree->index == 1) {
        sgft__copy_str(ctx->first_ca, sizeof ctx->first_ca, name);
        return true;
    }
    if (!name[0] || ctx->opt.encoding[0])
        return true;
    if (!sgft_charset_known(name)) {
        /* A name no converter knows says nothing about the bytes: they
         * are read as the rest of the input (72), as SGFC does. */
        report r = {0};
        sgft__buf_reserve(b, 1);
        if (b->data)
            b->data[b->len] = '\0';
        r.value = b->data ? b->data : "";
        /* Plain ASCII so far has decided no charset yet. */
        r.detail = ctx->charset[0] ? ctx->charset
                                   : "the charset of the rest of the file";
        sgft__rep(k, M_UNKNOWN_CA, false, 0, &r);
        return true;
    }
    const char *expected = ctx->first_ca[0] ? ctx->first_ca : ctx->charset;
    if (strcmp(name, expected) != 0) {
        report r = {0};
        r.detail = name;
        sgft__rep(k, M_MIXED_ENCODINGS_E1, true, ca->off, &r);
    }
    return true;
}

/* --- the root ------------------------------------------------------------- */

/* A root Number (FF, GM, one side of SZ), read as the value rules read
 * a Number: without its white space, and from the one run of digits of a
 * value whose rest holds no digit ("9x"); then *fixed (when not NULL) is
 * set, for message 15.  k->num holds its digits; -1 when it is none. */
static long root_number(checker *k, const char *s, size_t len, bool *fixed) {
    buf *in = &k->num_in, *b = &k->num;
    size_t d = 0; /* digits as written: the common case, at once */
    while (d < len && d < 9 && s[d] >= '0' && s[d] <= '9')
        d++;
    sgft__buf_clear(b);
    if (d == len && d && d < 9 && (s[0] != '0' || d == 1)) {
        sgft__buf_put(b, s, len);
    } else {
        sgft__buf_clear(in);
        sgft__buf_put(in, s, len);
        bool spaced = sgft__unspace(in, false);
        vresult r = sgft__val_number(in->data ? in->data : "", in->len, b);
        if (r == VR_BAD || !b->data || b->data[0] == '-' || b->len >= 9)
            return -1;
        if (fixed && (r == VR_FIXED || spaced))
            *fixed = true;
    }
    long n = 0; /* digits only, fewer than 9 */
    for (size_t i = 0; i < b->len; i++)
        n = n * 10 + (b->data[i] - '0');
    return n;
}

static long root_prop_number(checker *k, prop *p, bool *fixed) {
    if (!p || !p->values)
        return -1;
    sgft__decode_simple(k, &k->a, p->values);
    return root_number(k, k->a.data, k->a.len, fixed);
}

/* Message 15 for root property p, whose value was read as now. */
static void root_value_fixed(checker *k, prop *p, const char *now,
                             size_t len) {
    sgft__rep_value(k, M_BAD_VALUE_CORRECTED, p, p->values, now, len, NULL);
}

/* Whether the value of root's property id, decoded (into k->a), starts
 * with what or, with anywhere, holds it; in any case of letters. */
static bool value_has(checker *k, node *root, prop_id id, const char *what,
                      bool anywhere) {
    prop *p = sgft__prop_find(root, id);
    if (!p || !p->values)
        return false;
    sgft__decode_simple(k, &k->a, p->values);
    size_t n = strlen(what);
    for (size_t i = 0; i + n <= k->a.len; i++) {
        if (strncasecmp(k->a.data + i, what, n) == 0)
            return true;
        if (!anywhere)
            break;
    }
    return false;
}

/* Little Golem writes its Hex records without GM: its EV names the game
 * (hex.ch.23.1.1), its SO the site.  Read as Go they would lose their
 * swap moves (14).  The game of a root without GM: Hex for those, else
 * Go. */
static int game_without_gm(checker *k, node *root) {
    return value_has(k, root, P_SO, "littlegolem", true) &&
                   value_has(k, root, P_EV, "hex.", false)
               ? 11
               : 1;
}

long sgft__root_game(checker *k, node *root) {
    prop *gm = sgft__prop_find(root, P_GM);
    if (!gm)
        return game_without_gm(k, root);
    long n = root_prop_number(k, gm, NULL);
    return n < 1 ? 1 : n;
}

/* Message 18 for root property p: what is assumed instead.  At the
 * value's '[', as SGFC gives it. */
static void bad_root_value(checker *k, const prop *p, const char *assumed) {
    report r = {0};
    r.prop = p->name;
    r.value = p->values && p->values->len ? value_bytes(k->ctx, p->values) : "";
    r.value_len = p->values ? p->values->len : 0;
    r.detail = assumed;
    sgft__rep(k, M_BAD_ROOT_VALUE, true,
                 p->values ? value_pos(p->values) : p->off, &r);
}

/* The board size SZ gives, as board_size settles it (without a word):
 * the game's default when SZ is absent or unreadable, clamped to the
 * game's limits.  Uses k->a. */
static void settled_size(checker *k, prop *sz, long *cols, long *rows) {
    *cols = *rows = k->game->default_size;
    if (!sz || !sz->values)
        return;
    sgft__decode_simple(k, &k->a, sz->values);
    size_t colon = sgft__compose_split(k->a.data, k->a.len);
    long c = root_number(k, k->a.data, colon, NULL);
    long r = colon < k->a.len ? root_number(k, k->a.data + colon + 1,
                                            k->a.len - colon - 1, NULL)
                              : c;
    if (c < 1 || r < 1)
        return;
    long maxc = k->game->max_cols, maxr = k->game->max_rows;
    *cols = maxc && c > maxc ? maxc : c;
    *rows = maxr && r > maxr ? maxr : r;
}

bool sgft__root_has_stones(checker *k, node *root, prop_id id) {
    prop *p = sgft__prop_find(root, id);
    if (!p)
        return false;
    long cols, rows;
    settled_size(k, sgft__prop_find(root, P_SZ), &cols, &rows);
    for (value *v = p->values; v; v = v->next) {
        sgft__decode_simple(k, &k->a, v);
        const char *s = k->a.data ? k->a.data : "";
        size_t colon = sgft__compose_split(s, k->a.len);
        int x, y;
        if (sgft__val_point(s, colon, (int)cols, (int)rows, &x, &y) == VR_BAD)
            continue;
        if (colon < k->a.len &&
            sgft__val_point(s + colon + 1, k->a.len - colon - 1, (int)cols,
                            (int)rows, &x, &y) == VR_BAD)
            continue;
        return true;
    }
    return false;
}

/* SZ: the board size of the game (default, limits, FF[4] features). */
static void board_size(checker *k, node *root, prop *sz) {
    char detail[64];
    int def = k->game->default_size;
    k->cols = k->rows = def;
    if (!sz || !sz->values)
        return;
    value *v = sz->values;
    sgft__decode_simple(k, &k->a, v);
    size_t colon = sgft__compose_split(k->a.data, k->a.len);
    bool fixed = false;
    long c = root_number(k, k->a.data, colon, &fixed);
    long r_ = colon < k->a.len ? root_number(k, k->a.data + colon + 1,
                                             k->a.len - colon - 1, &fixed)
                               : c;
    if (c < 1 || r_ < 1) {
        snprintf(detail, sizeof detail, "SZ[%d]", def);
        bad_root_value(k, sz, detail);
        sgft__fix_delete_prop(root, sz);
        return;
    }
    if (fixed) {
        int n = colon < k->a.len
                    ? snprintf(detail, sizeof detail, "%ld:%ld", c, r_)
                    : snprintf(detail, sizeof detail, "%ld", c);
        root_value_fixed(k, sz, detail, (size_t)n);
    }
    long maxc = k->game->max_cols, maxr = k->game->max_rows;
    if ((maxc && c > maxc) || (maxr && r_ > maxr)) {
        long oc = c, or_ = r_;
        c = maxc && c > maxc ? maxc : c;
        r_ = maxr && r_ > maxr ? maxr : r_;
        report r = {0};
        r.detail = detail;
        if (k->game->pts == PS_GO) {
            snprintf(detail, sizeof detail, "clamped to %ld:%ld", c, r_);
            sgft__rep(k, M_BOARD_TOO_BIG, true, sz->off, &r);
        } else {
            /* Lines of Action: one column letter (spec 9). */
            snprintf(detail, sizeof detail, "%s has at most %ld columns",
                     k->game->name, maxc);
            char old[48], now[48];
            snprintf(old, sizeof old, oc == or_ ? "%ld" : "%ld:%ld", oc, or_);
            snprintf(now, sizeof now, c == r_ ? "%ld" : "%ld:%ld", c, r_);
            r.prop = sz->name;
            r.value = now;
            r.old = old;
            sgft__rep(k, M_GAME_BOARD_SIZE, true, sz->off, &r);
        }
    }
    if (colon < k->a.len && c == r_) {
        snprintf(detail, sizeof detail, "%ld", c);
        report r = {0};
        r.value = detail;
        sgft__rep(k, M_SQUARE_AS_RECT, true, sz->off, &r);
    } else if (k->tree->ff < 4 && (c != r_ || c > 19)) {
        report r = {0};
        snprintf(detail, sizeof detail, "%d", k->tree->ff);
        r.value = detail;
        r.detail = c != r_ ? "rectangular board" : "board larger than 19x19";
        sgft__rep(k, M_FF4_FEATURE, true, sz->off, &r);
    }
    /* "c" or "c:r" (both at least 1), the value of every tree */
    char canon[48];
    size_t len = sgft__ulong_digits(canon, (unsigned long)c);
    if (c != r_) {
        canon[len++] = ':';
        len += sgft__ulong_digits(canon + len, (unsigned long)r_);
    }
    sgft__fix_value(k->ctx, v, canon, len);
    sgft__fix_keep_value(sz, v);
    k->cols = (int)c;
    k->rows = (int)r_;
}

/* FF, GM and SZ decide how the rest of the tree is read. */
bool sgft__rule_root_values(checker *k, node *root, prop *p_, value *v_) {
    (void)p_, (void)v_;
    game_tree *t = k->tree;
    char detail[64];
    prop *ff = sgft__prop_find(root, P_FF);
    prop *gm = sgft__prop_find(root, P_GM);
    prop *sz = sgft__prop_find(root, P_SZ);
    /* Each takes one value: the others are deleted (13). */
    if (ff)
        sgft__single_value(k, ff);
    if (gm)
        sgft__single_value(k, gm);
    if (sz)
        sgft__single_value(k, sz);

    t->ff = 1;
    if (ff) {
        bool fixed = false;
        long n = root_prop_number(k, ff, &fixed);
        if (n >= 1 && fixed)
            root_value_fixed(k, ff, k->num.data, k->num.len);
        if (n < 1) {
            bad_root_value(k, ff, "FF[1]");
        } else if (n > 4) {
            /* at the value's '[', as SGFC gives it */
            report r = {0};
            r.value = k->num.data;
            r.value_len = k->num.len;
            sgft__rep(k, M_UNKNOWN_FF, true, value_pos(ff->values),
                         &r);
            t->ff = 4;
        } else {
            t->ff = (int)n;
        }
    }
    t->gm = 1;
    if (!gm && (t->gm = game_without_gm(k, root)) != 1) {
        /* k->a holds EV's value */
        report r = {0};
        r.value = k->a.data;
        r.value_len = k->a.len;
        sgft__rep(k, M_LITTLE_GOLEM_HEX, true, root->off, &r);
    }
    if (gm) {
        bool fixed = false;
        long n = root_prop_number(k, gm, &fixed);
        if (n < 1) {
            bad_root_value(k, gm, "GM[1]");
            sgft__fix_delete_prop(root, gm);
        } else {
            t->gm = (int)n;
            if (fixed)
                root_value_fixed(k, gm, k->num.data, k->num.len);
            sgft__fix_value(k->ctx, gm->values, k->num.data, k->num.len);
            sgft__fix_keep_value(gm, gm->values);
        }
    }
    k->game = sgft__game(t->gm);
    if (k->game->pts == PS_NONE) {
        report r = {0};
        snprintf(detail, sizeof detail, "%d", t->gm);
        r.value = detail;
        sgft__rep(k, M_NOT_GO, true, gm ? gm->off : root->off, &r);
    }
    board_size(k, root, sz);
    return true;
}

/* --- after the walk ------------------------------------------------------- */

/* Messages 45 and 53: a tree whose FF or GM differs from the tree before
 * it, once per file each, at the tree's FF or GM (as SGFC); 60 with -r. */
bool sgft__rule_collection(checker *k, node *n, prop *p, value *v) {
    (void)n, (void)p, (void)v;
    sgft_ctx *ctx = k->ctx;
    game_tree *tree = k->tree;
    if (tree->index == 2 && ctx->opt.strict)
        sgft__rep(k, M_SEVERAL_TREES, false, 0, NULL);
    if (tree->index > 1 && tree->ff != ctx->prev_ff && !ctx->said_ff) {
        ctx->said_ff = true;
        sgft__rep(k, M_DIFFERENT_FF, true,
                     sgft__root_prop_pos(tree, P_FF), NULL);
    }
    if (tree->index > 1 && tree->gm != ctx->prev_gm && !ctx->said_gm) {
        ctx->said_gm = true;
        sgft__rep(k, M_DIFFERENT_GM, true,
                     sgft__root_prop_pos(tree, P_GM), NULL);
    }
    ctx->prev_ff = tree->ff;
    ctx->prev_gm = tree->gm;
    return true;
}

/* -g: the game signature: the points of moves 20, 40, 60 and 31, 51, 71
 * of the main line ("--" for a move that is not there, "tt" for a pass),
 * as SGFC prints it.  --signature=symmetric: the same points, turned or
 * mirrored by the symmetry that brings the game to the canonical form of
 * its fingerprint (fingerprint.c: the orientation whose points, column
 * letter then row letter, come first in alphabetical order), so that
 * the copies of a game that --duplicates finds turned or mirrored have
 * one signature. */
bool sgft__rule_signature(checker *k, node *root, prop *p_, value *v_) {
    (void)p_, (void)v_;
    if (!k->ctx->opt.signature)
        return true;
    static const int wanted[6] = {20, 40, 60, 31, 51, 71};
    bool symmetric = k->ctx->opt.signature == 2 && k->game->points;
    sgft_fingerprint fp = {0};
    if (symmetric && sgft_tree_fingerprint(k->ctx, k->tree, &fp) != 0) {
        k->ctx->status = SGFT_ENOMEM;
        return true;
    }
    char sig[16];
    memset(sig, '-', sizeof sig);
    int move = 0;
    for (node *n = root; n; n = n->child) {
        prop *p = sgft__prop_find(n, P_B);
        if (!p)
            p = sgft__prop_find(n, P_W);
        if (!p || !p->values)
            continue;
        move++;
        for (int i = 0; i < 6; i++) {
            if (wanted[i] != move)
                continue;
            char *at = sig + i * 2 + (i >= 3);
            const char *v = value_bytes(k->ctx, p->values);
            bool point = p->values->len == 2;
            at[0] = point ? v[0] : 't';
            at[1] = point ? v[1] : 't';
            int c = point ? sgft__point_coord(v[0]) : -1;
            int r = point ? sgft__point_coord(v[1]) : -1;
            bool pass = c == 19 && r == 19 && fp.cols <= 19 && fp.rows <= 19;
            if (symmetric && c >= 0 && r >= 0 && c < fp.cols &&
                r < fp.rows && !pass) {
                sgft__transform_point(fp.transform, fp.cols, fp.rows, c, r,
                                      &c, &r);
                at[0] = sgft__coord_char(c);
                at[1] = sgft__coord_char(r);
            }
        }
    }
    sgft_fingerprint_free(&fp);
    sig[6] = ' ';
    sig[13] = '\0';
    char quoted[32], index[16];
    snprintf(quoted, sizeof quoted, symmetric ? "'%s' (symmetric)" : "'%s'",
             sig);
    snprintf(index, sizeof index, "%u", k->tree->index);
    report r = {0};
    r.value = index;
    r.detail = k->game->replay ? quoted : "none (not a Go game)";
    sgft__rep(k, M_GAME_SIGNATURE, false, 0, &r);
    return true;
}

bool sgft__rule_empty_nodes(checker *k, node *n, prop *p, value *v) {
    (void)n, (void)p, (void)v;
    if (k->ctx->opt.delete_empty_nodes)
        sgft__fix_delete_empty_nodes(k->ctx, k->tree);
    return true;
}

/* -v: variations that imitate sibling style (spec 12), judged as SGFC
 * judges them.  P is a move, the only child of its parent; each later
 * variation below P should start with a node c whose AE holds exactly
 * P's point (besides at most one AB or one AW of a single stone), with
 * one child d holding a move and no property that c holds too.  Such a
 * variation is an alternative to P: it becomes a sibling of P without
 * the AE (57).  c itself goes when nothing but AE and properties that
 * may join d are left; it stays when it keeps setup.  When only some of
 * the variations qualify, or P captured stones (then AE does not restore
 * the position before P), nothing is changed (56). */
static bool sibling_style(checker *k, node *c, const char *pt) {
    prop *ae = sgft__prop_find(c, P_AE);
    if (!ae || !ae->values || ae->values->next || ae->values->len != 2 ||
        memcmp(value_bytes(k->ctx, ae->values), pt, 2) != 0)
        return false;
    prop *ab = sgft__prop_find(c, P_AB), *aw = sgft__prop_find(c, P_AW);
    if (ab && aw)
        return false;
    if (ab || aw) {
        prop *st = ab ? ab : aw;
        if (!st->values || st->values->next)
            return false;
        int x1, y1, x2, y2;
        if (!sgft__value_rect(k->ctx, st->values, &x1, &y1, &x2, &y2) ||
            x1 != x2 || y1 != y2)
            return false;
    }
    node *d = c->child;
    if (!d || d->next || (!sgft__prop_find(d, P_B) && !sgft__prop_find(d, P_W)))
        return false;
    for (prop *p = c->props; p; p = p->next)
        if (sgft__prop_find(d, p->id))
            return false;
    return true;
}

static void sibling_variations(checker *k, node *n) {
    prop *mv = sgft__prop_find(n, P_B);
    if (!mv)
        mv = sgft__prop_find(n, P_W);
    node *parent = n->parent;
    if (!mv || !mv->values || mv->values->len != 2 || !n->child ||
        !n->child->next || !parent || parent->child != n || n->next)
        return;
    const char *pt = value_bytes(k->ctx, mv->values);
    size_t good = 0, bad = 0;
    for (node *c = n->child->next; c; c = c->next) {
        if (sibling_style(k, c, pt))
            good++;
        else
            bad++;
    }
    if (!good)
        return;
    if (bad || (n->flags & NODEF_CAPTURED)) {
        sgft__rep(k, M_VARIATION_NOT_FIXED, true, n->child->off, NULL);
        return;
    }
    node *first = n->child;
    sgft__fix_sibling_variations(n);
    sgft__rep(k, M_VARIATION_FIXED, true, first->off, NULL);
}

bool sgft__rule_sibling_variations(checker *k, node *root, prop *p,
                                   value *v) {
    (void)p, (void)v;
    /* After the walk: the board told which moves captured. */
    if (!k->ctx->opt.fix_variations || !k->game->replay)
        return true;
    for (node *n = root; n; n = sgft__node_next_preorder(n))
        sibling_variations(k, n);
    return true;
}

bool sgft__rule_reverse_variations(checker *k, node *n, prop *p, value *v) {
    (void)n, (void)p, (void)v;
    if (k->ctx->opt.reverse_variations)
        sgft__fix_reverse_variations(k->ctx, k->tree);
    return true;
}
