/* rules_server.c - conventions of Go servers, repaired where their meaning
 * is certain and reported: the komi of the Fox server (130, 134), the
 * event written as TE (135) and handicap stones not placed in the root
 * node (132; 133 with --fix-handicap).  They run on the root, before the
 * walk, so that the value and board rules see the repaired tree.  The
 * tables are in the man page (SERVER CONVENTIONS).
 */
#include "rules.h"

#include <stdio.h>
#include <string.h>

/* --- helpers ------------------------------------------------------------ */

/* The decoded value v in k->a, without the white space around it:
 * *s, *n. */
static void trimmed(checker *k, const value *v, const char **s, size_t *n) {
    sgft__decode_simple(k, &k->a, v);
    const char *p = k->a.data ? k->a.data : "";
    size_t len = k->a.len;
    while (len && (*p == ' ' || *p == '\t')) {
        p++;
        len--;
    }
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
        len--;
    *s = p;
    *n = len;
}

/* The value v decoded without any white space, as the value rules read
 * a Number (HA[1 0] is 10): in k->a. */
static void squeezed(checker *k, const value *v, const char **s, size_t *n) {
    sgft__decode_simple(k, &k->a, v);
    sgft__unspace(&k->a, false);
    *s = k->a.data ? k->a.data : "";
    *n = k->a.len;
}

/* The value of a count written in digits only (at most 4); else -1. */
static long count_of(const char *s, size_t n) {
    if (!n || n > 4)
        return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* A warning about value v of p that is not a game-info format error
 * (KM would follow E4 through sgft__rep_value). */
static void rep_plain(checker *k, msg_id code, const prop *p, const value *v,
                      const char *newv, const char *detail) {
    report r = {0};
    r.prop = p->name;
    /* An empty value shows as nothing: a length of 0 would have the
     * slot read up to a NUL that raw bytes do not have. */
    const char *bytes = v->len ? value_bytes(k->ctx, v) : "";
    if (newv) {
        r.value = newv;
        r.old = bytes;
        r.old_len = v->len;
    } else {
        r.value = bytes;
        r.value_len = v->len;
    }
    r.detail = detail;
    sgft__rep(k, code, true, value_pos(v), &r);
}

/* --- the komi of the Fox server ---------------------------------------- */

/* Fox writes KM as a whole number, the komi times 100: in stones of
 * Chinese counting (a stone is two points) or in points.  km and komi
 * have at most 3 bytes, what at most 11. */
static const struct fox_komi {
    char km[4], komi[4], what[12];
} fox_komi[] = {
    {"375", "7.5", "3.75 stones"}, {"325", "6.5", "3.25 stones"},
    {"275", "5.5", "2.75 stones"}, {"350", "7", "3.5 stones"},
    {"750", "7.5", "7.5 points"},  {"650", "6.5", "6.5 points"},
    {"550", "5.5", "5.5 points"},  {"700", "7", "7 points"},
};

/* Whether the application named by AP value v (its part before the
 * colon, as the value rules will write it: decoded, without the white
 * space around it) is foxwq. */
static bool names_fox(checker *k, const value *v) {
    const char *raw = value_bytes(k->ctx, v);
    buf b;
    sgft__buf_init(&b);
    if (v->flags & VALF_DECODED) {
        const char *colon = memchr(raw, ':', v->len);
        sgft__buf_put(&b, raw, colon ? (size_t)(colon - raw) : v->len);
    } else {
        sgft__text_decode(&b, raw, sgft__compose_split(raw, v->len), true,
                          SGFT_LB_HARD);
    }
    const char *s = b.data ? b.data : "";
    size_t n = b.len;
    while (n && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    bool fox = n == 5 && !memcmp(s, "foxwq", 5);
    sgft__buf_free(&b);
    return fox;
}

/* Whether an AP value of the root names the application foxwq. */
static bool from_fox(checker *k, node *root) {
    for (prop *p = root->props; p; p = p->next) {
        if (p->id != P_AP)
            continue;
        for (value *v = p->values; v; v = v->next)
            if (names_fox(k, v))
                return true;
    }
    return false;
}

/* Whether the game of the tree is Go, read from GM before the root rules
 * (which come after the duplicates rule, and that one drops the second AP
 * that Fox writes) as they will read it: a GM they cannot read is GM[1]. */
static bool go_tree(checker *k, node *root) {
    return sgft__root_game(k, root) == 1;
}

/* TE in a root without a move, holding a title rather than a Double
 * (TE[2020-2021 Futures League 8R3G-1]): the event, as the Oro site writes
 * it.  As TE it would be made TE[1] and then deleted, having no move (43),
 * and the title lost; with no EV in the root, it becomes EV (135). */
bool sgft__rule_title_in_te(checker *k, node *root, prop *p_, value *v_) {
    (void)p_, (void)v_;
    prop *te = sgft__prop_find(root, P_TE);
    if (!te || !te->values || te->values->next ||
        sgft__prop_find(root, P_EV) || sgft__prop_find(root, P_B) ||
        sgft__prop_find(root, P_W))
        return true;
    const char *s;
    size_t n;
    trimmed(k, te->values, &s, &n);
    bool letter = false; /* a Double's repair reads digits and signs */
    for (size_t i = 0; i < n && !letter; i++) {
        unsigned char c = (unsigned char)s[i];
        letter = c >= 0x80 || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
    if (!letter)
        return true;
    rep_plain(k, M_TITLE_IN_TE, te, te->values, NULL, NULL);
    sgft__fix_rename(te, P_EV);
    return true;
}

bool sgft__rule_fox_komi(checker *k, node *root, prop *p_, value *v_) {
    (void)p_, (void)v_;
    prop *km = sgft__prop_find(root, P_KM);
    if (!km || !km->values || !go_tree(k, root))
        return true;
    /* The value the value rules will keep (the first one not blank), in
     * the form the komi's repair will write it ("375.0" is 375). */
    value *v = km->values;
    const char *s;
    size_t n;
    value *w = v;
    for (; w; w = w->next) {
        trimmed(k, w, &s, &n);
        if (n) {
            v = w;
            break;
        }
    }
    if (!w) /* all blank: the first */
        trimmed(k, v, &s, &n);
    k->b.len = 0;
    gi_result canon = sgft__gi_komi(s, n, &k->b);
    /* Not a komi as written: with the white space in it taken out, as the
     * value rules read it (k->a holds the value trimmed() decoded). */
    if (canon == GI_BAD && sgft__unspace(&k->a, false)) {
        k->b.len = 0;
        s = k->a.data ? k->a.data : "";
        n = k->a.len;
        canon = sgft__gi_komi(s, n, &k->b);
    }
    if ((canon == GI_OK || canon == GI_FIXED) && k->b.data) {
        s = k->b.data;
        n = k->b.len;
    }
    const struct fox_komi *f = NULL;
    for (size_t i = 0; i < sizeof fox_komi / sizeof *fox_komi && !f; i++)
        if (n < sizeof fox_komi[i].km && !fox_komi[i].km[n] &&
            !memcmp(s, fox_komi[i].km, n))
            f = &fox_komi[i];
    bool half = n == 2 && !memcmp(s, "50", 2);
    if (!f && !half)
        return true;
    char detail[128];
    if (!from_fox(k, root)) {
        rep_plain(k, M_FOX_KOMI_KEPT, km, v, NULL,
                  "no AP[foxwq] says the record comes from Fox");
        return true;
    }
    if (half) {
        rep_plain(k, M_FOX_KOMI_KEPT, km, v, NULL,
                  "half a point or half a stone times 100 cannot be told "
                  "apart");
        return true;
    }
    prop *ha = sgft__prop_find(root, P_HA);
    long handicap = 0;
    /* A blank HA is deleted (17): no handicap. */
    if (ha && ha->values && !is_blank_value(k->ctx, ha->values)) {
        /* As the handicap's repair will write it ("0.0" is 0). */
        squeezed(k, ha->values, &s, &n);
        k->b.len = 0;
        gi_result hc = sgft__gi_handicap(s, n, &k->b);
        if ((hc == GI_OK || hc == GI_FIXED) && k->b.data)
            handicap = count_of(k->b.data, k->b.len);
        else
            handicap = count_of(s, n);
    }
    if (handicap != 0 || sgft__root_has_stones(k, root, P_AB)) {
        /* Fox keeps the even game's code in handicap games, whose komi
         * it does not say. */
        if (handicap > 0)
            snprintf(detail, sizeof detail,
                     "the game has a handicap (HA[%ld]), whose komi Fox "
                     "does not write",
                     handicap);
        else
            snprintf(detail, sizeof detail, "%s",
                     handicap < 0 ? "HA cannot be read"
                                  : "the game has handicap stones (AB), "
                                    "whose komi Fox does not write");
        rep_plain(k, M_FOX_KOMI_KEPT, km, v, NULL, detail);
        return true;
    }
    snprintf(detail, sizeof detail, "AP[foxwq], no handicap: %s times 100",
             f->what);
    rep_plain(k, M_FOX_KOMI, km, v, f->komi, detail);
    sgft__fix_value(k->ctx, v, f->komi, strlen(f->komi));
    return true;
}

/* --- handicap stones not in the root ----------------------------------- */

/* Whether n is the only child of its parent. */
static bool only_child(const node *n) {
    return n->parent && n->parent->child == n && n->parent->last_child == n;
}

/* Whether n holds no property but those of id a or b (P_UNKNOWN: none). */
static bool holds_only(const node *n, prop_id a, prop_id b) {
    for (const prop *p = n->props; p; p = p->next)
        if (p->id == P_UNKNOWN || (p->id != a && p->id != b))
            return false;
    return true;
}

/* The point of a value that is one stone on the board, in *x, *y. */
static bool stone_at(checker *k, const value *v, int *x, int *y) {
    const char *s = value_bytes(k->ctx, v);
    if (v->len != 2 ||
        sgft__val_point(s, 2, k->cols, k->rows, x, y) != VR_OK)
        return false;
    return *x < k->cols && *y < k->rows; /* not a pass */
}

static void add_pl_white(checker *k, node *root, uint64_t off) {
    prop *pl = sgft__fix_find_or_add(k->ctx, root, P_PL, off);
    if (pl)
        sgft__fix_add_value(k->ctx, pl, "W", 1, off);
}

/* AB of the handicap in the node after the root (no move there). */
static void ab_after_root(checker *k, node *root, prop *ha, long handicap,
                          const char *hav) {
    node *first = root->child;
    prop *ab = sgft__prop_find(first, P_AB);
    long stones = 0;
    bool points = true;
    for (value *v = ab->values; v; v = v->next) {
        int x1, y1, x2, y2;
        if (sgft__value_rect(k->ctx, v, &x1, &y1, &x2, &y2))
            stones += (long)(x2 - x1 + 1) * (y2 - y1 + 1);
        else
            points = false;
    }
    char detail[160];
    const char *why = NULL;
    prop *pl = sgft__prop_find(first, P_PL);
    if (!points)
        why = "it holds a value that is no point";
    else if (stones != handicap)
        why = "its stones are not as many as HA says";
    else if (!only_child(first))
        why = "the root has variations";
    else if (!holds_only(first, P_AB, P_PL) ||
             (pl && (!pl->values || pl->values->len != 1 ||
                     *value_bytes(k->ctx, pl->values) != 'W')))
        why = "its node holds more than the handicap";
    report r = {0};
    r.value = hav;
    r.detail = detail;
    if (why || !k->ctx->opt.fix_handicap) {
        snprintf(detail, sizeof detail,
                 "AB of %ld stones in the node after the root (%s)", stones,
                 why ? why : "--fix-handicap moves it into the root");
        if (why)
            snprintf(detail + strlen(detail),
                     sizeof detail - strlen(detail), ": left as it is");
        sgft__rep(k, M_HANDICAP_NOT_IN_ROOT, true, ab->off, &r);
        return;
    }
    snprintf(detail, sizeof detail,
             "AB of %ld stones moved from the node after the root", stones);
    sgft__rep(k, M_HANDICAP_MOVED, true, ab->off, &r);
    sgft__prop_unlink(first, ab);
    sgft__prop_link(root, ab);
    add_pl_white(k, root, ha->off);
    sgft__node_take_children(root, first);
}

/* Black moves before White's first move, as many as HA says. */
static void moves_after_root(checker *k, node *root, prop *ha, long handicap,
                             const char *hav) {
    long blacks = 0;
    bool clean = true, on_board = true;
    node *n = root->child, *last = NULL;
    for (; n && sgft__prop_find(n, P_B) && !sgft__prop_find(n, P_W);
         n = n->child) {
        prop *b = sgft__prop_find(n, P_B);
        int x, y;
        if (!b->values || b->values->next || !stone_at(k, b->values, &x, &y))
            on_board = false;
        if (!only_child(n) || !holds_only(n, P_B, P_B))
            clean = false;
        blacks++;
        last = n;
    }
    if (blacks < 2 || !n || !sgft__prop_find(n, P_W))
        return; /* one black move, or no white one: not a handicap */
    /* the same point twice is a capture or a mistake, not a handicap */
    if (on_board && blacks == handicap) {
        point_scratch *s = sgft__point_scratch(k);
        if (!s)
            return; /* out of memory */
        unsigned char *seen = s->grid;
        memset(seen, 0, sizeof s->grid);
        for (node *m = root->child; m != n; m = m->child) {
            int x, y;
            stone_at(k, sgft__prop_find(m, P_B)->values, &x, &y);
            if (seen[y * MAX_BOARD + x])
                on_board = false;
            seen[y * MAX_BOARD + x] = 1;
        }
        memset(seen, 0, sizeof s->grid);
    }
    const char *why = NULL;
    if (blacks != handicap)
        why = "not as many as HA says";
    else if (!on_board)
        why = "a move is a pass or no point, or a point comes twice";
    else if (!clean)
        why = "their nodes hold more than the moves, or variations";
    char detail[160];
    report r = {0};
    r.value = hav;
    r.detail = detail;
    prop *first_b = sgft__prop_find(root->child, P_B);
    if (why || !k->ctx->opt.fix_handicap) {
        snprintf(detail, sizeof detail,
                 "%ld black moves before White's first move (%s)", blacks,
                 why ? why : "--fix-handicap makes them AB in the root");
        if (why)
            snprintf(detail + strlen(detail),
                     sizeof detail - strlen(detail), ": left as they are");
        sgft__rep(k, M_HANDICAP_NOT_IN_ROOT, true, first_b->off, &r);
        return;
    }
    snprintf(detail, sizeof detail,
             "%ld black moves before White's first move made setup", blacks);
    sgft__rep(k, M_HANDICAP_MOVED, true, first_b->off, &r);
    prop *ab = sgft__fix_find_or_add(k->ctx, root, P_AB, first_b->off);
    if (!ab)
        return;
    for (node *m = root->child; m != n; m = m->child) {
        value *v = sgft__prop_find(m, P_B)->values;
        sgft__fix_add_value(k->ctx, ab, value_bytes(k->ctx, v), v->len,
                            v->off);
    }
    add_pl_white(k, root, ha->off);
    sgft__node_take_children(root, last);
}

/* HA[n] (n >= 2, in digits) with no stones, setup or move in the root:
 * the stones as black moves before White's first, or as AB in the node
 * after the root.  Reported (132); made AB in the root with PL[W] with
 * --fix-handicap (133) where the count and the nodes leave no doubt. */
bool sgft__rule_handicap_placement(checker *k, node *root, prop *p_,
                                   value *v_) {
    (void)p_, (void)v_;
    if (!k->game->replay || !root->child)
        return true;
    prop *ha = sgft__prop_find(root, P_HA);
    if (!ha || !ha->values)
        return true;
    const char *s;
    size_t n;
    squeezed(k, ha->values, &s, &n);
    long handicap = count_of(s, n);
    if (handicap < 2 || sgft__prop_find(root, P_AB) ||
        sgft__prop_find(root, P_AW) || sgft__prop_find(root, P_AE) ||
        sgft__prop_find(root, P_B) || sgft__prop_find(root, P_W) ||
        sgft__prop_find(root, P_PL))
        return true;
    char hav[24];
    snprintf(hav, sizeof hav, "%ld", handicap);
    node *first = root->child;
    if (sgft__prop_find(first, P_AB) && !sgft__prop_find(first, P_B) &&
        !sgft__prop_find(first, P_W))
        ab_after_root(k, root, ha, handicap, hav);
    else
        moves_after_root(k, root, ha, handicap, hav);
    return true;
}
