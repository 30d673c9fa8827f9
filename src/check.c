/* check.c - the rules of the format, applied to one game tree.
 *
 * Order, as SGFC's (spec 13.5): the root properties (FF, GM, SZ: 18, 19,
 * 46, 47, 50, 51); then every node in pre-order: duplicate properties
 * (28), properties deleted on request (29), lowercase identifiers (16),
 * unknown properties (35), the FF version (40), obsolete properties and
 * their conversions (L, M, KI), root properties outside the root (32),
 * the values of every property (13, 14, 15, 17, 23, 25, 38, 51, 52, 65),
 * and the node rules (30, 37, 41, 42, 43, 44); then the structural
 * options (-n, -z) and the FF[4] root.  The walk is iterative; the tree may
 * be of any depth.  Every repair is reported where it is decided.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BOARD 52

typedef struct checker {
    sgft_ctx *ctx;
    game_tree *tree;
    int cols, rows; /* board size */
    bool go;        /* GM[1]: points and moves are checked */
    buf a, b;       /* scratch */
    /* the Go board along the path to the node being checked, with an undo
     * log and the path's nodes and log positions to return to a branch */
    struct undo { uint16_t at; uint8_t old; } *log;
    size_t nlog, log_cap;
    struct step { node *n; size_t log; } *path;
    size_t depth, path_cap;
    unsigned mark_gen;
    /* point ownership for the uniqueness rules of one node, one group of
     * properties at a time: 0 = free, else 1 + index in group[] */
    unsigned char grid[MAX_BOARD * MAX_BOARD];
    unsigned char board[MAX_BOARD * MAX_BOARD]; /* 0 empty, 1 B, 2 W */
    unsigned marks[MAX_BOARD * MAX_BOARD];      /* flood fill visits */
    uint16_t fill[MAX_BOARD * MAX_BOARD];       /* flood fill stack */
} checker;

enum {
    NODEF_GAMEINFO = 1, /* this node or an ancestor holds game-info */
    NODEF_MAIN = 2,     /* the node is on the main line */
    NODEF_LAST_B = 4,   /* the last move of the line so far was Black's */
    NODEF_LAST_W = 8,   /* ... White's */
    NODEF_CAPTURED = 16 /* the node's move captured stones */
};

/* Grid owner that stands for the point of the node's move (-m). */
#define GRID_MOVE 0xFE

/* --- small helpers ------------------------------------------------------ */

static const prop_info *info(const prop *p) {
    return p->id == P_UNKNOWN ? NULL : &sgft__props[p->id];
}

static uint64_t value_pos(const value *v) { return v->off ? v->off - 1 : 0; }

static void rep_prop(checker *k, msg_id code, const prop *p, const char *detail) {
    report r = {0};
    r.prop = p->name;
    r.detail = detail;
    sgft__report(k->ctx, code, true, p->off, &r);
}

/* A property deleted: the message shows its value, so nothing goes
 * unsaid (the first value, and "..." when there were more). */
static void rep_deleted(checker *k, msg_id code, const prop *p,
                        const char *detail) {
    report r = {0};
    r.prop = p->name;
    r.detail = detail;
    r.value = "";
    if (p->values && p->values->len) {
        r.value = value_bytes(k->ctx, p->values);
        r.value_len = p->values->len;
    }
    r.old = p->values && p->values->next ? " ..." : "";
    sgft__report(k->ctx, code, true, p->off, &r);
}

static void rep_value(checker *k, msg_id code, const prop *p, const value *v,
                      const char *newv, size_t newlen, const char *detail) {
    report r = {0};
    r.prop = p->name;
    if (newv) {
        r.value = newv;
        r.value_len = newlen;
        r.old = value_bytes(k->ctx, v);
        r.old_len = v->len;
    } else {
        r.value = value_bytes(k->ctx, v);
        r.value_len = v->len;
    }
    /* An empty value shows as nothing: the slot must not read strlen. */
    if (r.value && !r.value_len)
        r.value = "";
    if (r.old && !r.old_len)
        r.old = "";
    r.detail = detail;
    /* DT, RE, KM and TM follow the E4 policy (spec 7). */
    r.e4 = p->id == P_DT || p->id == P_RE || p->id == P_KM || p->id == P_TM;
    sgft__report(k->ctx, code, true, value_pos(v), &r);
}

/* Replaces the bytes of v by text, in SGF syntax (escaped). */
static bool set_raw(checker *k, value *v, const char *text, size_t len) {
    char *t = sgft__arena_strndup(&k->ctx->tree_arena, text, len);
    if (!t)
        return false;
    v->text = t;
    v->len = len;
    v->flags = 0;
    return true;
}

static void unlink_value(prop *p, value *prev, value *v) {
    if (prev)
        prev->next = v->next;
    else
        p->values = v->next;
    if (p->last_value == v)
        p->last_value = prev;
}

static value *new_value(checker *k, const char *text, size_t len,
                        uint64_t off) {
    value *v = sgft__arena_alloc(&k->ctx->tree_arena, sizeof *v);
    if (!v || !(v->text = sgft__arena_strndup(&k->ctx->tree_arena, text, len)))
        return NULL;
    v->next = NULL;
    v->off = off;
    v->len = len;
    v->flags = 0;
    return v;
}

static void append_value(prop *p, value *v) {
    if (p->last_value)
        p->last_value->next = v;
    else
        p->values = v;
    p->last_value = v;
}

/* The decoded (escape-free, one-line) form of a raw value, in b. */
static void decode_simple(checker *k, buf *b, const value *v) {
    b->len = 0;
    const char *s = value_bytes(k->ctx, v);
    bool plain = !(v->flags & VALF_DECODED);
    for (size_t i = 0; i < v->len && plain; i++)
        plain = (unsigned char)s[i] > ' ' && s[i] != '\\';
    if (plain || (v->flags & VALF_DECODED))
        sgft__buf_put(b, s, v->len); /* nothing to decode */
    else
        sgft__text_decode(b, s, v->len, true, SGFT_LB_HARD);
    sgft__buf_reserve(b, 1);
    if (b->data)
        b->data[b->len] = '\0';
}

static bool is_blank(const char *s, size_t len) {
    for (size_t i = 0; i < len; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
            return false;
    return true;
}

/* --- the root ------------------------------------------------------------- */

/* A root Number (FF, GM, one side of SZ); -1 when it is not one. */
static long root_number(const char *s, size_t len) {
    buf b;
    sgft__buf_init(&b);
    long n = -1;
    if (sgft__val_number(s, len, &b) == VR_OK && b.data && b.data[0] != '-' &&
        b.len < 9)
        n = strtol(b.data, NULL, 10);
    sgft__buf_free(&b);
    return n;
}

static long root_prop_number(checker *k, prop *p) {
    if (!p || !p->values)
        return -1;
    decode_simple(k, &k->a, p->values);
    return root_number(k->a.data, k->a.len);
}

/* Message 18 for root property p: what is assumed instead. */
static void bad_root_value(checker *k, const prop *p, const char *assumed) {
    report r = {0};
    r.prop = p->name;
    r.value = p->values && p->values->len ? value_bytes(k->ctx, p->values) : "";
    r.value_len = p->values ? p->values->len : 0;
    r.detail = assumed;
    sgft__report(k->ctx, M_BAD_ROOT_VALUE, true, p->off, &r);
}

static void single_value(checker *k, prop *p);

/* FF, GM and SZ decide how the rest of the tree is read. */
static void check_root(checker *k, node *root) {
    game_tree *t = k->tree;
    char detail[64];
    prop *ff = sgft__prop_find(root, P_FF);
    prop *gm = sgft__prop_find(root, P_GM);
    prop *sz = sgft__prop_find(root, P_SZ);
    /* Each takes one value: the others are deleted (13). */
    if (ff)
        single_value(k, ff);
    if (gm)
        single_value(k, gm);
    if (sz)
        single_value(k, sz);

    t->ff = 1;
    if (ff) {
        long n = root_prop_number(k, ff);
        if (n < 1) {
            bad_root_value(k, ff, "FF[1]");
        } else if (n > 4) {
            report r = {0};
            r.value = k->a.data;
            sgft__report(k->ctx, M_UNKNOWN_FF, true, ff->off, &r);
            t->ff = 4;
        } else {
            t->ff = (int)n;
        }
    }
    t->gm = 1;
    if (gm) {
        long n = root_prop_number(k, gm);
        if (n < 1) {
            bad_root_value(k, gm, "GM[1]");
            sgft__prop_unlink(root, gm);
        } else {
            t->gm = (int)n;
            if (!set_raw(k, gm->values, k->a.data, k->a.len))
                k->ctx->status = SGFT_ENOMEM;
            gm->values->next = NULL;
            gm->last_value = gm->values;
        }
    }
    k->go = t->gm == 1;
    if (!k->go) {
        report r = {0};
        snprintf(detail, sizeof detail, "%d", t->gm);
        r.value = detail;
        sgft__report(k->ctx, M_NOT_GO, true, gm ? gm->off : root->off, &r);
    }

    int def = k->go ? 19 : t->gm == 3 ? 8 : 19;
    k->cols = k->rows = def;
    if (!sz || !sz->values)
        return;
    value *v = sz->values;
    decode_simple(k, &k->a, v);
    size_t colon = sgft__compose_split(k->a.data, k->a.len);
    long c = root_number(k->a.data, colon);
    long r_ = colon < k->a.len
                  ? root_number(k->a.data + colon + 1, k->a.len - colon - 1)
                  : c;
    if (c < 1 || r_ < 1) {
        snprintf(detail, sizeof detail, "SZ[%d]", def);
        bad_root_value(k, sz, detail);
        sgft__prop_unlink(root, sz);
        return;
    }
    bool fixed = false;
    if (k->go && (c > MAX_BOARD || r_ > MAX_BOARD)) {
        c = c > MAX_BOARD ? MAX_BOARD : c;
        r_ = r_ > MAX_BOARD ? MAX_BOARD : r_;
        snprintf(detail, sizeof detail, "clamped to %ld:%ld", c, r_);
        report r = {0};
        r.detail = detail;
        sgft__report(k->ctx, M_BOARD_TOO_BIG, true, sz->off, &r);
        fixed = true;
    }
    if (colon < k->a.len && c == r_) {
        snprintf(detail, sizeof detail, "%ld", c);
        report r = {0};
        r.value = detail;
        sgft__report(k->ctx, M_SQUARE_AS_RECT, true, sz->off, &r);
        fixed = true;
    } else if (t->ff < 4 && (c != r_ || c > 19)) {
        report r = {0};
        snprintf(detail, sizeof detail, "%d", t->ff);
        r.value = detail;
        r.detail = c != r_ ? "rectangular board" : "board larger than 19x19";
        sgft__report(k->ctx, M_FF4_FEATURE, true, sz->off, &r);
    }
    char canon[48];
    int n = c == r_ ? snprintf(canon, sizeof canon, "%ld", c)
                    : snprintf(canon, sizeof canon, "%ld:%ld", c, r_);
    (void)fixed;
    if (!set_raw(k, v, canon, (size_t)n))
        k->ctx->status = SGFT_ENOMEM;
    v->next = NULL;
    sz->last_value = v;
    k->cols = (int)c;
    k->rows = (int)r_;
}

/* --- duplicates and the catalogue ------------------------------------- */

static int unknown_cmp(const void *a, const void *b) {
    const prop *p = *(prop *const *)a, *q = *(prop *const *)b;
    int c = strcmp(p->name, q->name);
    if (c)
        return c;
    return p->off < q->off ? -1 : p->off > q->off;
}

static void append_values(prop *to, prop *from) {
    if (!from->values)
        return;
    if (to->last_value)
        to->last_value->next = from->values;
    else
        to->values = from->values;
    to->last_value = from->last_value;
}

/* The texts of p's values joined with a blank line, empty ones left out,
 * as one decoded value. */
static void join_texts(checker *k, prop *p) {
    buf *b = &k->b;
    b->len = 0;
    for (value *v = p->values; v; v = v->next) {
        k->a.len = 0;
        if (v->flags & VALF_DECODED)
            sgft__buf_put(&k->a, v->text, v->len);
        else
            sgft__text_decode(&k->a, value_bytes(k->ctx, v), v->len, false,
                              k->ctx->opt.linebreaks);
        if (!k->a.len)
            continue;
        if (b->len)
            sgft__buf_puts(b, "\n\n");
        sgft__buf_put(b, k->a.data, k->a.len);
    }
    if (!sgft__prop_set_text(k->ctx, p, b->data ? b->data : "", b->len))
        k->ctx->status = SGFT_ENOMEM;
}

/* Message 28: a property given twice in a node.  Lists (and unknown
 * properties, whose type is not known) are merged, the texts C and GC
 * joined with a blank line, others keep the first.  Linear in the number
 * of properties (unknown ones sorted). */
static void merge_duplicates(checker *k, node *n) {
    if (!n->props || !n->props->next)
        return;
    prop *first[P__COUNT];
    memset(first, 0, sizeof first);
    size_t unknown = 0;
    for (prop *p = n->props; p; p = p->next)
        unknown += p->id == P_UNKNOWN;
    if (unknown > 1) {
        prop **u = malloc(unknown * sizeof *u);
        if (!u) {
            k->ctx->status = SGFT_ENOMEM;
            return;
        }
        size_t c = 0;
        for (prop *p = n->props; p; p = p->next)
            if (p->id == P_UNKNOWN)
                u[c++] = p;
        qsort(u, c, sizeof *u, unknown_cmp);
        for (size_t i = 1; i < c; i++) {
            size_t f = i - 1;
            while (f > 0 && (u[f]->flags & PROPF_DROP))
                f--;
            if (strcmp(u[f]->name, u[i]->name) != 0)
                continue;
            rep_prop(k, M_DUPLICATE_PROP, u[i], "values merged");
            append_values(u[f], u[i]);
            u[i]->flags |= PROPF_DROP;
        }
        free(u);
    }
    prop *head = NULL, *tail = NULL, *next;
    bool join = false;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        p->next = NULL;
        if (p->flags & PROPF_DROP)
            continue;
        prop *f = p->id == P_UNKNOWN ? NULL : first[p->id];
        if (!f) {
            if (p->id != P_UNKNOWN)
                first[p->id] = p;
            if (tail)
                tail->next = p;
            else
                head = p;
            tail = p;
            continue;
        }
        const prop_info *pi = info(p);
        if (pi->flags & (PF_LIST | PF_ELIST)) {
            rep_prop(k, M_DUPLICATE_PROP, p, "values merged");
            append_values(f, p);
        } else if (pi->vt == VT_TEXT) {
            rep_prop(k, M_DUPLICATE_PROP, p, "texts joined");
            append_values(f, p);
            f->flags |= PROPF_JOIN;
            join = true;
        } else {
            rep_prop(k, M_DUPLICATE_PROP, p, "later one deleted");
        }
    }
    n->props = head;
    n->last_prop = tail;
    if (join)
        for (prop *p = n->props; p; p = p->next)
            if (p->flags & PROPF_JOIN) {
                p->flags &= ~(unsigned)PROPF_JOIN;
                join_texts(k, p);
            }
}

/* L (FF[1] letters) becomes LB with the labels A, B, C ... (spec 6.11). */
static void convert_letters(checker *k, node *n, prop *l) {
    prop *lb = sgft__prop_find(n, P_LB);
    if (!lb && !(lb = sgft__prop_add(k->ctx, n, P_LB, NULL, 0, l->off))) {
        k->ctx->status = SGFT_ENOMEM;
        return;
    }
    unsigned i = 0;
    for (value *v = l->values; v; v = v->next, i++) {
        decode_simple(k, &k->a, v);
        if (is_blank(k->a.data, k->a.len))
            continue;
        int x, y;
        if (k->go && sgft__val_point(k->a.data, k->a.len, k->cols, k->rows,
                                     &x, &y) == VR_BAD) {
            rep_value(k, M_BAD_VALUE_DELETED, l, v, NULL, 0, NULL);
            continue;
        }
        char label[16];
        int len;
        if (i < 26)
            len = snprintf(label, sizeof label, "%c", 'A' + i);
        else
            len = snprintf(label, sizeof label, "%u", i + 1);
        k->b.len = 0;
        sgft__buf_put(&k->b, k->a.data, k->a.len);
        sgft__buf_putc(&k->b, ':');
        sgft__buf_put(&k->b, label, (size_t)len);
        value *nv = new_value(k, k->b.data, k->b.len, v->off);
        if (!nv) {
            k->ctx->status = SGFT_ENOMEM;
            return;
        }
        append_value(lb, nv);
    }
    sgft__prop_unlink(n, l);
}

/* KI (integer komi, SGB) becomes KM = KI / 2, unless KM is there (59). */
static void convert_ki(checker *k, node *n, prop *ki) {
    prop *km = sgft__prop_find(n, P_KM);
    report r = {0};
    if (km || !ki->values) {
        r.detail = "deleted (KM is present)";
        sgft__report(k->ctx, M_KI_CONVERTED, true, ki->off, &r);
        sgft__prop_unlink(n, ki);
        return;
    }
    decode_simple(k, &k->a, ki->values);
    k->b.len = 0;
    if (sgft__val_number(k->a.data, k->a.len, &k->b) == VR_BAD) {
        r.detail = "deleted (not a number)";
        sgft__report(k->ctx, M_KI_CONVERTED, true, ki->off, &r);
        sgft__prop_unlink(n, ki);
        return;
    }
    long half = strtol(k->b.data, NULL, 10);
    char komi[48];
    int len = snprintf(komi, sizeof komi, "%s%ld%s",
                       half < 0 && half / 2 == 0 ? "-" : "", half / 2,
                       half % 2 ? ".5" : "");
    char detail[80];
    snprintf(detail, sizeof detail, "converted to KM[%s]", komi);
    r.detail = detail;
    sgft__report(k->ctx, M_KI_CONVERTED, true, ki->off, &r);
    if (!set_raw(k, ki->values, komi, (size_t)len))
        k->ctx->status = SGFT_ENOMEM;
    ki->values->next = NULL;
    ki->last_value = ki->values;
    ki->id = P_KM;
    ki->name = "KM";
}

/* Identity of a property: deleted on request, lowercase, unknown, not of
 * this FF, obsolete, root property outside the root.  Returns false when
 * the property was removed or converted away. */
static bool check_identity(checker *k, node *n, prop *p, bool is_root) {
    sgft_ctx *ctx = k->ctx;
    if (p->id != P_UNKNOWN && ctx->opt.deleted[p->id]) {
        rep_prop(k, M_PROP_DELETED, p, NULL);
        sgft__prop_unlink(n, p);
        return false;
    }
    if ((p->flags & PROPF_LOWERCASE) && k->tree->ff >= 4) {
        report r = {0};
        r.prop = p->name;
        r.old = p->raw_name;
        sgft__report(ctx, M_LOWERCASE_ID, true, p->off, &r);
    }
    if (p->id == P_UNKNOWN) {
        rep_prop(k, M_UNKNOWN_PROP, p,
                 ctx->opt.delete_unknown ? "deleted" : "kept");
        if (ctx->opt.delete_unknown)
            sgft__prop_unlink(n, p);
        return false;
    }
    const prop_info *pi = info(p);
    if ((pi->flags & PF_GO) && !k->go) {
        /* A Go property in another game is just unknown there. */
        rep_prop(k, M_UNKNOWN_PROP, p,
                 ctx->opt.delete_unknown ? "deleted" : "kept");
        if (ctx->opt.delete_unknown)
            sgft__prop_unlink(n, p);
        return false;
    }
    bool obsolete = !(pi->ff & FF_4);
    if (p->id == P_KI) {
        convert_ki(k, n, p);
        return p->id == P_KM;
    }
    bool defined = (pi->ff >> (k->tree->ff - 1)) & 1;
    bool converts = p->id == P_L || p->id == P_M;
    if (!defined) {
        char detail[40];
        report r = {0};
        r.prop = p->name;
        snprintf(detail, sizeof detail, "%d", k->tree->ff);
        r.value = detail;
        r.detail = converts ? p->id == P_L ? ": converted to <LB>"
                                           : ": converted to <MA>"
                            : "";
        sgft__report(ctx, M_NOT_IN_THIS_FF, true, p->off, &r);
    }
    if (p->id == P_L) {
        convert_letters(k, n, p);
        return false;
    }
    if (p->id == P_M)
        return true; /* becomes MA or TR once the board is known */
    if (obsolete && ctx->opt.delete_obsolete) {
        rep_prop(k, M_PROP_DELETED, p, NULL);
        sgft__prop_unlink(n, p);
        return false;
    }
    if (pi->kind == PK_ROOT && !is_root) {
        rep_deleted(k, M_ROOT_PROP_NOT_ROOT, p, NULL);
        sgft__prop_unlink(n, p);
        return false;
    }
    return true;
}

/* --- values --------------------------------------------------------------- */

/* Message 13: a single-value property keeps its first non-empty value. */
static void single_value(checker *k, prop *p) {
    if (!p->values || !p->values->next)
        return;
    value *keep = p->values;
    for (value *v = p->values; v; v = v->next) {
        decode_simple(k, &k->a, v);
        if (!is_blank(k->a.data, k->a.len)) {
            keep = v;
            break;
        }
    }
    rep_prop(k, M_TOO_MANY_VALUES, p, NULL);
    keep->next = NULL;
    p->values = p->last_value = keep;
}

/* A simple typed value: returns false when v must be deleted. */
static bool check_simple(checker *k, prop *p, value *v, value_type vt) {
    decode_simple(k, &k->a, v);
    buf *out = &k->b;
    out->len = 0;
    vresult r;
    switch (vt) {
    case VT_NUMBER: r = sgft__val_number(k->a.data, k->a.len, out); break;
    case VT_REAL: r = sgft__val_real(k->a.data, k->a.len, out); break;
    case VT_DOUBLE: r = sgft__val_double(k->a.data, k->a.len, out); break;
    case VT_COLOR: r = sgft__val_color(k->a.data, k->a.len, out); break;
    default: return true;
    }
    if (r == VR_BAD) {
        /* Game-info is kept when it cannot be repaired (spec 3.3). */
        if (sgft__props[p->id].kind == PK_GAMEINFO) {
            rep_value(k, M_GAMEINFO_FORMAT, p, v, NULL, 0, NULL);
            return true;
        }
        rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
        return false;
    }
    if (r == VR_FIXED)
        rep_value(k, M_BAD_VALUE_CORRECTED, p, v, out->data, out->len, NULL);
    if (out->len != v->len || memcmp(out->data, value_bytes(k->ctx, v), v->len))
        if (!set_raw(k, v, out->data, out->len))
            k->ctx->status = SGFT_ENOMEM;
    return true;
}

/* Asks the caller's decider (-i) about a game-info value that cannot be
 * repaired, until it keeps it, deletes it or gives a value that can be
 * read; k->b then holds the new value.  Returns the decision. */
static sgft_decision ask(checker *k, prop *p, value *v, gi_fn fn,
                         gi_result *r) {
    sgft_ctx *ctx = k->ctx;
    char shown[256];
    snprintf(shown, sizeof shown, "%s", k->a.data ? k->a.data : "");
    for (;;) {
        char answer[256] = "";
        unsigned long line, col;
        sgft__input_position(&ctx->in, value_pos(v), &line, &col);
        sgft_decision d = ctx->decide(ctx->decide_data, p->name, shown, line,
                                      answer, sizeof answer);
        if (d != SGFT_REPLACE)
            return d;
        k->b.len = 0;
        *r = fn(answer, strlen(answer), &k->b);
        if (*r != GI_BAD)
            return d;
        snprintf(shown, sizeof shown, "%s", answer);
    }
}

/* DT, RE, KM, TM, HA: repaired where possible, else kept (33) or, with
 * -i, what the user decides.  Returns false when v must be deleted. */
static bool check_gameinfo(checker *k, prop *p, value *v, gi_fn fn) {
    decode_simple(k, &k->a, v);
    k->b.len = 0;
    gi_result r = fn(k->a.data, k->a.len, &k->b);
    if (r == GI_BAD && k->ctx->decide) {
        sgft_decision d = ask(k, p, v, fn, &r);
        if (d == SGFT_DELETE) {
            rep_prop(k, M_PROP_DELETED, p, NULL);
            return false;
        }
        if (d == SGFT_REPLACE)
            r = GI_FIXED;
    }
    if (r == GI_BAD) {
        rep_value(k, M_GAMEINFO_FORMAT, p, v, NULL, 0, NULL);
        return true;
    }
    if (r == GI_FIXED)
        rep_value(k, M_BAD_VALUE_CORRECTED, p, v, k->b.data, k->b.len, NULL);
    k->a.len = 0;
    sgft__escape(&k->a, k->b.data ? k->b.data : "", k->b.len, false);
    if (k->a.len != v->len ||
        memcmp(k->a.data ? k->a.data : "", value_bytes(k->ctx, v), v->len))
        if (!set_raw(k, v, k->a.data ? k->a.data : "", k->a.len))
            k->ctx->status = SGFT_ENOMEM;
    return true;
}

/* A composed value: both parts decoded, written back escaped; returns
 * false when v must be deleted. */
static bool check_compose(checker *k, prop *p, value *v, value_type vt) {
    const char *raw = value_bytes(k->ctx, v);
    size_t colon = sgft__compose_split(raw, v->len);
    if (vt == VT_FIGURE && is_blank(raw, v->len))
        return v->len == 0 || set_raw(k, v, "", 0);
    if (colon == v->len) {
        if (vt == VT_FIGURE) {
            /* A bare diagram name gets the flags 0 (25). */
            decode_simple(k, &k->a, v);
            k->b.len = 0;
            sgft__buf_puts(&k->b, "0:");
            sgft__escape(&k->b, k->a.data, k->a.len, true);
            rep_value(k, M_COMPOSE_CORRECTED, p, v, k->b.data, k->b.len, NULL);
            return set_raw(k, v, k->b.data, k->b.len);
        }
        rep_value(k, M_NOT_COMPOSED, p, v, NULL, 0, NULL);
        return false;
    }
    buf part[2];
    sgft__buf_init(&part[0]);
    sgft__buf_init(&part[1]);
    sgft__text_decode(&part[0], raw, colon, true, SGFT_LB_HARD);
    sgft__text_decode(&part[1], raw + colon + 1, v->len - colon - 1, true,
                      SGFT_LB_HARD);
    const char *s0 = part[0].data ? part[0].data : "";
    const char *s1 = part[1].data ? part[1].data : "";
    bool keep = true, fixed = false;
    k->b.len = 0;
    if (k->go && (vt == VT_LABEL || vt == VT_ARROW)) {
        int x1, y1, x2 = -1, y2 = -1;
        vresult r1 = sgft__val_point(s0, part[0].len, k->cols, k->rows, &x1, &y1);
        vresult r2 = vt == VT_ARROW ? sgft__val_point(s1, part[1].len, k->cols,
                                                      k->rows, &x2, &y2)
                                    : VR_OK;
        if (r1 == VR_BAD || r2 == VR_BAD || (vt == VT_ARROW && x1 == x2 && y1 == y2)) {
            rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
            keep = false;
        } else {
            fixed = r1 == VR_FIXED || r2 == VR_FIXED;
            sgft__buf_putc(&k->b, sgft__coord_char(x1));
            sgft__buf_putc(&k->b, sgft__coord_char(y1));
            sgft__buf_putc(&k->b, ':');
            if (vt == VT_ARROW) {
                sgft__buf_putc(&k->b, sgft__coord_char(x2));
                sgft__buf_putc(&k->b, sgft__coord_char(y2));
            } else {
                sgft__escape(&k->b, s1, part[1].len, true);
            }
        }
    } else if (vt == VT_FIGURE) {
        buf num;
        sgft__buf_init(&num);
        vresult r = sgft__val_number(s0, part[0].len, &num);
        if (r == VR_BAD) {
            rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
            keep = false;
        } else {
            fixed = r == VR_FIXED;
            sgft__buf_put(&k->b, num.data, num.len);
            sgft__buf_putc(&k->b, ':');
            sgft__escape(&k->b, s1, part[1].len, true);
        }
        sgft__buf_free(&num);
    } else {
        sgft__escape(&k->b, s0, part[0].len, true);
        sgft__buf_putc(&k->b, ':');
        sgft__escape(&k->b, s1, part[1].len, true);
    }
    if (keep && fixed)
        rep_value(k, M_COMPOSE_CORRECTED, p, v, k->b.data, k->b.len, NULL);
    if (keep && !set_raw(k, v, k->b.data ? k->b.data : "", k->b.len))
        k->ctx->status = SGFT_ENOMEM;
    sgft__buf_free(&part[0]);
    sgft__buf_free(&part[1]);
    return keep;
}

/* A Go move: a point, or a pass ([] or, on boards up to 19x19, [tt]). */
static bool check_move(checker *k, prop *p, value *v) {
    if (v->len == 2) {
        /* The usual case: two letters on the board, kept as they are. */
        const char *s = value_bytes(k->ctx, v);
        int x = sgft__point_coord(s[0]), y = sgft__point_coord(s[1]);
        if (x >= 0 && y >= 0 && x < k->cols && y < k->rows &&
            !(x == 19 && y == 19 && k->cols <= 19 && k->rows <= 19))
            return true;
    } else if (v->len == 0 && k->tree->ff >= 4 && !k->ctx->opt.pass_tt) {
        return true; /* a pass, as it is written in FF[4] */
    }
    decode_simple(k, &k->a, v);
    bool small = k->cols <= 19 && k->rows <= 19;
    bool pass = is_blank(k->a.data, k->a.len);
    if (!pass && small) {
        k->b.len = 0;
        for (size_t i = 0; i < k->a.len; i++)
            if (!strchr(" \t\n\r", k->a.data[i]))
                sgft__buf_putc(&k->b, k->a.data[i]);
        pass = k->b.len == 2 && memcmp(k->b.data, "tt", 2) == 0;
    }
    if (pass) {
        if (v->len == 0 && k->tree->ff < 4) {
            char ff[16];
            snprintf(ff, sizeof ff, "%d", k->tree->ff);
            report r = {0};
            r.value = ff;
            sgft__report(k->ctx, M_EMPTY_PASS_OLD_FF, true, value_pos(v), &r);
        }
        bool tt = k->ctx->opt.pass_tt && small;
        return set_raw(k, v, tt ? "tt" : "", tt ? 2 : 0);
    }
    int x, y;
    vresult r = sgft__val_point(k->a.data, k->a.len, k->cols, k->rows, &x, &y);
    if (r == VR_BAD) {
        rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
        return false;
    }
    char pt[2] = {sgft__coord_char(x), sgft__coord_char(y)};
    if (r == VR_FIXED)
        rep_value(k, M_BAD_VALUE_CORRECTED, p, v, pt, 2, NULL);
    if (v->len == 2 && memcmp(value_bytes(k->ctx, v), pt, 2) == 0)
        return true;
    return set_raw(k, v, pt, 2);
}

/* A Move, Point or Stone of a game other than Go: not checked, but its
 * escapes are written only where needed (the same value, as SGFC writes
 * it).  A list of points may hold compressed point lists (spec 4.10), so
 * a ':' escaped there stays escaped. */
static bool other_game_point(checker *k, const prop *p, value *v) {
    const char *raw = value_bytes(k->ctx, v);
    if (v->flags & VALF_DECODED || !memchr(raw, '\\', v->len))
        return true;
    bool list = info(p)->flags & (PF_LIST | PF_ELIST);
    size_t colon = list ? sgft__compose_split(raw, v->len) : v->len;
    k->b.len = 0;
    for (int part = 0; part < 2; part++) {
        const char *s = part ? raw + colon + 1 : raw;
        size_t n = part ? v->len - colon - 1 : colon;
        if (part && colon >= v->len)
            break;
        if (part)
            sgft__buf_putc(&k->b, ':');
        k->a.len = 0;
        sgft__unescape(&k->a, s, n);
        sgft__escape(&k->b, k->a.data ? k->a.data : "", k->a.len, list);
    }
    if (k->b.len == v->len && !memcmp(k->b.data ? k->b.data : "", raw, v->len))
        return true;
    return set_raw(k, v, k->b.data ? k->b.data : "", k->b.len);
}

/* Whether a point-list property's values are Go points. */
static bool is_point_list(const prop *p) {
    const prop_info *pi = info(p);
    return pi && (pi->vt == VT_POINT || pi->vt == VT_STONE) &&
           (pi->flags & (PF_LIST | PF_ELIST));
}

/* Values of one property of any type but point lists; empty values and
 * the single-value rule first. */
static void check_values(checker *k, node *n, prop *p) {
    const prop_info *pi = info(p);
    value_type vt = (value_type)pi->vt;
    bool list = pi->flags & (PF_LIST | PF_ELIST);
    if (!list && vt != VT_NONE)
        single_value(k, p);
    if (vt == VT_NONE) {
        single_value(k, p);
        value *v = p->values;
        if (v && !is_blank(value_bytes(k->ctx, v), v->len)) {
            rep_value(k, M_BAD_VALUE_CORRECTED, p, v, "", 0, NULL);
            set_raw(k, v, "", 0);
        } else if (v && v->len) {
            set_raw(k, v, "", 0);
        }
        return;
    }
    value *prev = NULL, *next;
    for (value *v = p->values; v; v = next) {
        next = v->next;
        bool keep = true;
        bool text = (vt == VT_TEXT || vt == VT_SIMPLETEXT) &&
                    !sgft__gi_for(p->id);
        if (!text && sgft__gi_for(p->id) &&
            is_blank(value_bytes(k->ctx, v), v->len)) {
            /* An error where the type has no empty value (KM, TM: Real;
             * HA: Number), a warning where it has (DT, RE...). */
            report r = {0};
            r.prop = p->name;
            r.as_error = vt == VT_NUMBER || vt == VT_REAL;
            sgft__report(k->ctx, M_EMPTY_VALUE, true, p->off, &r);
            keep = false;
        } else if (text) {
            k->a.len = 0;
            if (v->flags & VALF_DECODED)
                sgft__buf_put(&k->a, v->text, v->len);
            else
                sgft__text_decode(&k->a, value_bytes(k->ctx, v), v->len,
                                  vt == VT_SIMPLETEXT, k->ctx->opt.linebreaks);
            if (k->a.len == 0) {
                rep_prop(k, M_EMPTY_VALUE, p, NULL);
                keep = false;
            }
        } else if (is_blank(value_bytes(k->ctx, v), v->len) &&
                   !(vt == VT_MOVE && k->go) && vt != VT_FIGURE &&
                   vt != VT_DOUBLE) {
            report r = {0};
            r.prop = p->name;
            r.as_error = true; /* the type forbids it */
            sgft__report(k->ctx, M_EMPTY_VALUE, true, value_pos(v), &r);
            keep = false;
        } else if (sgft__gi_for(p->id)) {
            keep = check_gameinfo(k, p, v, sgft__gi_for(p->id));
        } else if (vt == VT_MOVE || vt == VT_POINT || vt == VT_STONE) {
            if (k->go)
                keep = check_move(k, p, v);
            else if (!other_game_point(k, p, v))
                k->ctx->status = SGFT_ENOMEM;
        } else if (vt == VT_APP || vt == VT_LABEL || vt == VT_ARROW ||
                   vt == VT_FIGURE) {
            keep = check_compose(k, p, v, vt);
        } else if (p->id != P_SZ) {
            keep = check_simple(k, p, v, vt);
        }
        if (keep)
            prev = v;
        else
            unlink_value(p, prev, v);
    }
    if (!p->values)
        sgft__prop_unlink(n, p);
}

/* --- point lists and the uniqueness rules (38) ---------------------------- */

/* Reads the points of p into the grid as owner id; points owned already
 * are reported (38) and left out.  Returns false when p became empty. */
static void read_points(checker *k, prop *p, unsigned char id) {
    for (value *v = p->values; v; v = v->next) {
        decode_simple(k, &k->a, v);
        if (is_blank(k->a.data, k->a.len))
            continue;
        const char *s = k->a.data;
        size_t len = k->a.len;
        size_t colon = sgft__compose_split(s, len);
        int x1, y1, x2, y2;
        vresult r1, r2 = VR_OK;
        r1 = sgft__val_point(s, colon, k->cols, k->rows, &x1, &y1);
        x2 = x1;
        y2 = y1;
        if (colon < len) {
            r2 = sgft__val_point(s + colon + 1, len - colon - 1, k->cols,
                                 k->rows, &x2, &y2);
        }
        if (r1 == VR_BAD || r2 == VR_BAD) {
            rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
            continue;
        }
        if (colon < len) {
            if (k->tree->ff < 4) {
                char ff[16];
                snprintf(ff, sizeof ff, "%d", k->tree->ff);
                report r = {0};
                r.value = ff;
                r.detail = "compressed point list";
                sgft__report(k->ctx, M_FF4_FEATURE, true, value_pos(v), &r);
            }
            if (x1 == x2 && y1 == y2) {
                char pt[2] = {sgft__coord_char(x1), sgft__coord_char(y1)};
                rep_value(k, M_BAD_VALUE_CORRECTED, p, v, pt, 2, NULL);
            } else if (x1 > x2 || y1 > y2) {
                int lx = x1 < x2 ? x1 : x2, hx = x1 < x2 ? x2 : x1;
                int ly = y1 < y2 ? y1 : y2, hy = y1 < y2 ? y2 : y1;
                x1 = lx, x2 = hx, y1 = ly, y2 = hy;
                char rc[5] = {sgft__coord_char(x1), sgft__coord_char(y1), ':',
                              sgft__coord_char(x2), sgft__coord_char(y2)};
                rep_value(k, M_COMPOSE_CORRECTED, p, v, rc, 5, NULL);
            }
        } else if (r1 == VR_FIXED) {
            char pt[2] = {sgft__coord_char(x1), sgft__coord_char(y1)};
            rep_value(k, M_BAD_VALUE_CORRECTED, p, v, pt, 2, NULL);
        }
        bool dup = false;
        for (int x = x1; x <= x2; x++)
            for (int y = y1; y <= y2; y++) {
                unsigned char *g = &k->grid[y * MAX_BOARD + x];
                if (*g) {
                    if (!dup) {
                        char pt[3] = {sgft__coord_char(x), sgft__coord_char(y), 0};
                        report r = {0};
                        r.prop = p->name;
                        r.value = pt;
                        r.detail = *g == GRID_MOVE ? "markup on the move deleted"
                                                   : "later one deleted";
                        sgft__report(k->ctx, M_POINT_NOT_UNIQUE, true,
                                     value_pos(v), &r);
                    }
                    dup = true;
                } else {
                    *g = id;
                }
            }
    }
}

/* Writes the points owned by id as the values of p: greedy rectangles
 * scanned column by column (spec 8.5), or single points with -e. */
static bool write_points(checker *k, prop *p, unsigned char id) {
    uint64_t off = p->values ? p->values->off : p->off;
    p->values = p->last_value = NULL;
    static const unsigned char used = 0xFF;
    bool expand = k->ctx->opt.expand;
    for (int x = 0; x < k->cols; x++)
        for (int y = 0; y < k->rows; y++) {
            if (k->grid[y * MAX_BOARD + x] != id)
                continue;
            int x2 = x, y2 = y;
            for (bool grew = !expand; grew;) {
                grew = false;
                bool ok = x2 + 1 < k->cols;
                for (int yy = y; ok && yy <= y2; yy++)
                    ok = k->grid[yy * MAX_BOARD + x2 + 1] == id;
                if (ok) {
                    x2++;
                    grew = true;
                }
                ok = y2 + 1 < k->rows;
                for (int xx = x; ok && xx <= x2; xx++)
                    ok = k->grid[(y2 + 1) * MAX_BOARD + xx] == id;
                if (ok) {
                    y2++;
                    grew = true;
                }
            }
            for (int xx = x; xx <= x2; xx++)
                for (int yy = y; yy <= y2; yy++)
                    k->grid[yy * MAX_BOARD + xx] = used;
            char t[5] = {sgft__coord_char(x), sgft__coord_char(y), ':',
                         sgft__coord_char(x2), sgft__coord_char(y2)};
            value *v = new_value(k, t, x2 == x && y2 == y ? 2 : 5, off);
            if (!v)
                return false;
            append_value(p, v);
        }
    return true;
}

/* FF[1]/FF[3] view: two values that are the corners of one rectangle
 * (spec 6.12, VW).  Fills the grid and returns true when p is one. */
static bool view_corners(checker *k, prop *p) {
    if (!p->values || !p->values->next || p->values->next->next)
        return false;
    int x1, y1, x2, y2;
    decode_simple(k, &k->a, p->values);
    if (sgft__val_point(k->a.data, k->a.len, k->cols, k->rows, &x1, &y1) != VR_OK)
        return false;
    decode_simple(k, &k->a, p->values->next);
    if (sgft__val_point(k->a.data, k->a.len, k->cols, k->rows, &x2, &y2) != VR_OK)
        return false;
    for (int x = x1 < x2 ? x1 : x2; x <= (x1 < x2 ? x2 : x1); x++)
        for (int y = y1 < y2 ? y1 : y2; y <= (y1 < y2 ? y2 : y1); y++)
            k->grid[y * MAX_BOARD + x] = 1; /* VW is alone in its group */
    return true;
}

/* The point-list properties of n, group by group: points unique within
 * the group (38), lists rewritten in canonical form. */
static void check_point_lists(checker *k, node *n) {
    bool any = false;
    for (prop *p = n->props; p && !any; p = p->next)
        any = is_point_list(p) || p->id == P_M;
    if (!any)
        return;
    static const prop_id groups[][6] = {
        {P_AB, P_AW, P_AE, P__COUNT},
        {P_MA, P_TR, P_CR, P_SQ, P_SL, P__COUNT},
        {P_TB, P_TW, P__COUNT},
        {P_DD, P__COUNT}, {P_VW, P__COUNT}, {P_RG, P__COUNT}, {P_M, P__COUNT},
        {P_SC, P__COUNT}, {P_SE, P__COUNT},
    };
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        prop *members[6];
        size_t count = 0;
        /* Members in the order of the node: later ones lose points. */
        for (prop *p = n->props; p; p = p->next)
            for (size_t i = 0; groups[g][i] != P__COUNT; i++)
                if (p->id == groups[g][i])
                    members[count++] = p;
        if (!count)
            continue;
        memset(k->grid, 0, sizeof k->grid);
        if (g == 1 && k->ctx->opt.delete_move_markup) {
            /* -m: markup on the point of the move goes (38). */
            prop *mv = sgft__prop_find(n, P_B);
            if (!mv)
                mv = sgft__prop_find(n, P_W);
            int x, y;
            if (mv && mv->values && mv->values->len == 2 &&
                sgft__val_point(value_bytes(k->ctx, mv->values), 2, k->cols,
                                k->rows, &x, &y) == VR_OK)
                k->grid[y * MAX_BOARD + x] = GRID_MOVE;
        }
        for (size_t i = 0; i < count; i++) {
            prop *p = members[i];
            const prop_info *pi = info(p);
            /* Empty values: an elist may be exactly one empty value. */
            bool has_empty = false, has_points = false;
            for (value *v = p->values; v; v = v->next) {
                if (is_blank(value_bytes(k->ctx, v), v->len))
                    has_empty = true;
                else
                    has_points = true;
            }
            if (has_empty && (has_points || !(pi->flags & PF_ELIST))) {
                if (p->id == P_VW && has_points) {
                    report r = {0};
                    r.detail = "empty value together with points: points deleted";
                    sgft__report(k->ctx, M_BAD_VIEW, true, p->off, &r);
                    value *v = p->values;
                    while (v && !is_blank(value_bytes(k->ctx, v), v->len))
                        v = v->next;
                    v->next = NULL;
                    p->values = p->last_value = v;
                    has_points = false;
                } else {
                    report r = {0};
                    r.prop = p->name;
                    r.as_error = true;
                    sgft__report(k->ctx, M_EMPTY_VALUE, true, p->off, &r);
                }
            }
            if (!has_points)
                continue;
            if (p->id == P_VW && k->tree->ff < 4) {
                if (view_corners(k, p))
                    continue;
                if (!p->values->next || p->values->next->next) {
                    /* Not the two corners of FF[1]-FF[3]: a point list
                     * as in FF[4], read as such (52, as SGFC). */
                    char detail[80];
                    snprintf(detail, sizeof detail,
                             "a point list (FF[4]) in an FF[%d] game tree: read as FF[4]",
                             k->tree->ff);
                    report r = {0};
                    r.detail = detail;
                    sgft__report(k->ctx, M_BAD_VIEW, true, p->off, &r);
                }
            }
            read_points(k, p, (unsigned char)(i + 1));
        }
        for (size_t i = 0; i < count; i++) {
            prop *p = members[i];
            bool only_empty = p->values && !p->values->next &&
                              is_blank(value_bytes(k->ctx, p->values),
                                       p->values->len);
            if (only_empty && (info(p)->flags & PF_ELIST)) {
                set_raw(k, p->values, "", 0);
                continue;
            }
            if (!write_points(k, p, (unsigned char)(i + 1)))
                k->ctx->status = SGFT_ENOMEM;
            if (!p->values)
                sgft__prop_unlink(n, p);
        }
    }
}

/* LB: one label per point; AR, LN: no arrow or line twice (38). */
static void check_compose_lists(checker *k, node *n) {
    for (prop *p = n->props; p; p = p->next) {
        if (p->id != P_LB && p->id != P_AR && p->id != P_LN)
            continue;
        value *prev = NULL, *next;
        for (value *v = p->values; v; v = next) {
            next = v->next;
            const char *s = value_bytes(k->ctx, v);
            size_t key = p->id == P_LB ? 2 : v->len;
            bool dup = false;
            for (value *w = p->values; w != v && !dup; w = w->next)
                dup = w->len >= key && v->len >= key &&
                      memcmp(value_bytes(k->ctx, w), s, key) == 0 &&
                      (p->id == P_LB || w->len == v->len);
            if (dup) {
                report r = {0};
                r.prop = p->name;
                r.value = s;
                r.value_len = key;
                r.detail = "later one deleted";
                sgft__report(k->ctx, M_POINT_NOT_UNIQUE, true, value_pos(v), &r);
                unlink_value(p, prev, v);
            } else {
                prev = v;
            }
        }
    }
}

/* --- node rules ------------------------------------------------------------- */

static bool has_kind(const node *n, prop_kind kind) {
    for (const prop *p = n->props; p; p = p->next)
        if (p->id != P_UNKNOWN && sgft__props[p->id].kind == kind)
            return true;
    return false;
}

/* Whether p stays in the first node of a split: with SPLIT_SETUP the
 * setup, root and game-info properties and N stay; with SPLIT_MOVE all
 * but the property move. */
enum split_mode { SPLIT_SETUP, SPLIT_MOVE };

static bool stays(const prop *p, enum split_mode mode, prop_id move) {
    if (mode == SPLIT_MOVE)
        return p->id != move;
    if (p->id == P_UNKNOWN)
        return false;
    prop_kind kind = (prop_kind)sgft__props[p->id].kind;
    return kind == PK_SETUP || kind == PK_ROOT || kind == PK_GAMEINFO ||
           p->id == P_N;
}

/* Moves the properties that do not stay into a new child of n that takes
 * over n's children. */
static node *split_node(checker *k, node *n, enum split_mode mode,
                        prop_id move) {
    node *m = sgft__arena_alloc(&k->ctx->tree_arena, sizeof *m);
    if (!m) {
        k->ctx->status = SGFT_ENOMEM;
        return NULL;
    }
    memset(m, 0, sizeof *m);
    m->off = n->off;
    m->parent = n;
    m->child = n->child;
    m->last_child = n->last_child;
    for (node *c = m->child; c; c = c->next)
        c->parent = m;
    n->child = n->last_child = m;
    prop *next;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        if (stays(p, mode, move))
            continue;
        sgft__prop_unlink(n, p);
        if (m->last_prop)
            m->last_prop->next = p;
        else
            m->props = p;
        m->last_prop = p;
    }
    return m;
}

static void annotation_rules(checker *k, node *n) {
    /* GB, GW, DM, UC exclude each other; BM, TE, DO, IT too (41, 42). */
    static const prop_id pos[] = {P_GB, P_GW, P_DM, P_UC};
    static const prop_id mov[] = {P_BM, P_TE, P_DO, P_IT};
    const prop_id *sets[2] = {pos, mov};
    for (int s = 0; s < 2; s++) {
        prop *first = NULL, *next;
        for (prop *p = n->props; p; p = next) {
            next = p->next;
            bool member = false;
            for (int i = 0; i < 4; i++)
                member |= p->id == sets[s][i];
            if (!member)
                continue;
            if (!first) {
                first = p;
                continue;
            }
            if (s == 1 && ((first->id == P_BM && p->id == P_TE) ||
                           (first->id == P_TE && p->id == P_BM))) {
                /* TE then BM is interesting, BM then TE doubtful (42). */
                prop_id to = first->id == P_TE ? P_IT : P_DO;
                report r = {0};
                r.prop = sgft__props[to].id;
                sgft__report(k->ctx, M_TE_BM_COMBINED, true, p->off, &r);
                first->id = to;
                first->name = sgft__props[to].id;
                set_raw(k, first->values, "", 0);
                first->values->next = NULL;
                first->last_value = first->values;
                sgft__prop_unlink(n, p);
                continue;
            }
            rep_deleted(k, M_ANNOTATION_CONFLICT, p, NULL);
            sgft__prop_unlink(n, p);
        }
    }
    /* Move annotations and KO need a move in the node (43). */
    if (sgft__prop_find(n, P_B) || sgft__prop_find(n, P_W))
        return;
    prop *next;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        if (p->id == P_BM || p->id == P_TE || p->id == P_DO || p->id == P_IT ||
            p->id == P_KO) {
            rep_deleted(k, M_ANNOTATION_NO_MOVE, p, NULL);
            sgft__prop_unlink(n, p);
        }
    }
}

static void node_rules(checker *k, node *n) {
    const prop *only = n->props;
    if (!only)
        return;
    if (!only->next && n != k->tree->root && only->id != P_BM &&
        only->id != P_TE && only->id != P_DO && only->id != P_IT &&
        only->id != P_KO)
        return; /* one property: only rule 43 (and -v in the root) apply */
    /* -v: a move in the root node goes into a node of its own (24). */
    if (k->ctx->opt.fix_variations && n == k->tree->root &&
        has_kind(n, PK_MOVE)) {
        prop *mv = sgft__prop_find(n, P_B);
        rep_prop(k, M_MOVE_IN_ROOT, mv ? mv : sgft__prop_find(n, P_W) ? sgft__prop_find(n, P_W) : n->props, NULL);
        split_node(k, n, SPLIT_SETUP, P__COUNT);
    }
    /* B and W in one node (37): the later move goes into a new node. */
    prop *b = sgft__prop_find(n, P_B), *w = sgft__prop_find(n, P_W);
    if (b && w) {
        prop *later = b->off > w->off ? b : w;
        rep_prop(k, M_TWO_MOVES, later, NULL);
        split_node(k, n, SPLIT_MOVE, later->id);
    }
    /* Setup and move properties mixed (30): setup, root, game-info and N
     * stay, the rest goes into a new node; a lone PL is deleted. */
    if (has_kind(n, PK_MOVE) && has_kind(n, PK_SETUP)) {
        prop *pl = sgft__prop_find(n, P_PL);
        bool only_pl = pl && !sgft__prop_find(n, P_AB) &&
                       !sgft__prop_find(n, P_AW) && !sgft__prop_find(n, P_AE);
        char detail[64] = "node split";
        if (only_pl)
            snprintf(detail, sizeof detail, "<PL> [%.*s] deleted",
                     pl->values ? (int)(pl->values->len < 40 ? pl->values->len : 40) : 0,
                     pl->values ? value_bytes(k->ctx, pl->values) : "");
        rep_prop(k, M_MOVE_SETUP_MIXED, only_pl ? pl : n->props, detail);
        if (only_pl)
            sgft__prop_unlink(n, pl);
        else
            split_node(k, n, SPLIT_SETUP, P__COUNT);
    }
    annotation_rules(k, n);
}

/* One game-info node on every path (44). */
static void gameinfo_rule(checker *k, node *n) {
    unsigned inherited = n->parent ? (n->parent->flags & NODEF_GAMEINFO) : 0;
    bool has = has_kind(n, PK_GAMEINFO);
    if (has && inherited) {
        node *first = n->parent;
        while (first && !has_kind(first, PK_GAMEINFO))
            first = first->parent;
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
                rep_deleted(k, M_GAMEINFO_TWICE, p, where);
                sgft__prop_unlink(n, p);
            }
        }
    }
    n->flags |= inherited | (has ? NODEF_GAMEINFO : 0);
}

/* --- the Go board (spec 8.4) ------------------------------------------------- */

static bool board_set(checker *k, int at, unsigned char c) {
    if (k->board[at] == c)
        return true;
    if (k->nlog == k->log_cap) {
        size_t cap = k->log_cap ? k->log_cap * 2 : 1024;
        struct undo *l = realloc(k->log, cap * sizeof *l);
        if (!l) {
            k->ctx->status = SGFT_ENOMEM;
            return false;
        }
        k->log = l;
        k->log_cap = cap;
    }
    k->log[k->nlog].at = (uint16_t)at;
    k->log[k->nlog].old = k->board[at];
    k->nlog++;
    k->board[at] = c;
    return true;
}

/* Removes the group at `at` when it has no liberty; returns the number of
 * stones removed.  Iterative flood fill. */
static size_t capture(checker *k, int at) {
    unsigned char c = k->board[at];
    if (!c)
        return 0;
    unsigned gen = ++k->mark_gen;
    size_t top = 0, count = 0, stones = 0;
    k->fill[top++] = (uint16_t)at;
    k->marks[at] = gen;
    while (count < top) {
        int p = k->fill[count++];
        int x = p % MAX_BOARD, y = p / MAX_BOARD;
        int nb[4] = {x > 0 ? p - 1 : -1, x + 1 < k->cols ? p + 1 : -1,
                     y > 0 ? p - MAX_BOARD : -1,
                     y + 1 < k->rows ? p + MAX_BOARD : -1};
        for (int i = 0; i < 4; i++) {
            int q = nb[i];
            if (q < 0)
                continue;
            if (!k->board[q])
                return 0; /* a liberty */
            if (k->board[q] == c && k->marks[q] != gen) {
                k->marks[q] = gen;
                k->fill[top++] = (uint16_t)q;
            }
        }
    }
    for (size_t i = 0; i < top; i++, stones++)
        board_set(k, k->fill[i], 0);
    return stones;
}

/* The points of a canonical point-list value ("xy" or "xy:xy"). */
static bool value_rect(checker *k, const value *v, int *x1, int *y1, int *x2,
                       int *y2) {
    const char *s = value_bytes(k->ctx, v);
    if (v->len != 2 && v->len != 5)
        return false;
    *x1 = sgft__point_coord(s[0]);
    *y1 = sgft__point_coord(s[1]);
    *x2 = v->len == 5 ? sgft__point_coord(s[3]) : *x1;
    *y2 = v->len == 5 ? sgft__point_coord(s[4]) : *y1;
    return *x1 >= 0 && *y1 >= 0 && *x2 >= 0 && *y2 >= 0;
}

/* Setup: AB, AW, AE change the board; a point where they change nothing
 * is deleted (39). */
static void execute_setup(checker *k, node *n) {
    static const prop_id ids[3] = {P_AB, P_AW, P_AE};
    static const unsigned char colour[3] = {1, 2, 0};
    for (int i = 0; i < 3; i++) {
        prop *p = sgft__prop_find(n, ids[i]);
        if (!p)
            continue;
        memset(k->grid, 0, sizeof k->grid);
        bool changed = false;
        for (value *v = p->values; v; v = v->next) {
            int x1, y1, x2, y2;
            if (!value_rect(k, v, &x1, &y1, &x2, &y2))
                continue;
            bool reported = false; /* one message per value (13.5) */
            for (int x = x1; x <= x2; x++)
                for (int y = y1; y <= y2; y++) {
                    int at = y * MAX_BOARD + x;
                    if (k->board[at] != colour[i]) {
                        k->grid[at] = 1;
                        continue;
                    }
                    changed = true;
                    if (reported)
                        continue;
                    reported = true;
                    char pt[3] = {sgft__coord_char(x), sgft__coord_char(y), 0};
                    report r = {0};
                    r.prop = p->name;
                    r.value = pt;
                    sgft__report(k->ctx, M_SETUP_NO_EFFECT, true, value_pos(v),
                                 &r);
                }
        }
        for (int at = 0; at < MAX_BOARD * MAX_BOARD; at++)
            if (k->grid[at])
                board_set(k, at, colour[i]);
        if (changed) {
            if (!write_points(k, p, 1))
                k->ctx->status = SGFT_ENOMEM;
            if (!p->values)
                sgft__prop_unlink(n, p);
        }
    }
}

/* A move: the stone is placed whatever was there (58 when the point was
 * taken), opposing groups without liberties are captured, then a group of
 * its own without liberties (suicide). */
static void execute_move(checker *k, node *n) {
    prop *p = sgft__prop_find(n, P_B);
    unsigned char c = 1;
    if (!p) {
        p = sgft__prop_find(n, P_W);
        c = 2;
    }
    if (!p || !p->values || p->values->len != 2)
        return; /* none, or a pass */
    const char *s = value_bytes(k->ctx, p->values);
    int x = sgft__point_coord(s[0]), y = sgft__point_coord(s[1]);
    if (x < 0 || y < 0 || x >= k->cols || y >= k->rows)
        return; /* [tt] written with -p */
    int at = y * MAX_BOARD + x;
    if (k->board[at]) {
        report r = {0};
        r.value = s;
        r.value_len = 2;
        sgft__report(k->ctx, M_OCCUPIED_POINT, true, value_pos(p->values), &r);
    }
    board_set(k, at, c);
    int nb[4] = {x > 0 ? at - 1 : -1, x + 1 < k->cols ? at + 1 : -1,
                 y > 0 ? at - MAX_BOARD : -1, y + 1 < k->rows ? at + MAX_BOARD : -1};
    for (int i = 0; i < 4; i++)
        if (nb[i] >= 0 && k->board[nb[i]] && k->board[nb[i]] != c)
            if (capture(k, nb[i]))
                n->flags |= NODEF_CAPTURED;
    bool liberty = false; /* next to an empty point: no suicide */
    for (int i = 0; i < 4 && !liberty; i++)
        liberty = nb[i] >= 0 && !k->board[nb[i]];
    if (!liberty)
        capture(k, at);
}

/* M (FF[1] mark): MA on empty points, TR on stones (spec 6.11). */
static void convert_marks(checker *k, node *n) {
    prop *m = sgft__prop_find(n, P_M);
    if (!m)
        return;
    for (value *v = m->values; v; v = v->next) {
        int x1, y1, x2, y2;
        if (!value_rect(k, v, &x1, &y1, &x2, &y2))
            continue;
        for (int x = x1; x <= x2; x++)
            for (int y = y1; y <= y2; y++) {
                prop_id id = k->board[y * MAX_BOARD + x] ? P_TR : P_MA;
                prop *to = sgft__prop_find(n, id);
                if (!to && !(to = sgft__prop_add(k->ctx, n, id, NULL, 0, m->off))) {
                    k->ctx->status = SGFT_ENOMEM;
                    return;
                }
                char pt[2] = {sgft__coord_char(x), sgft__coord_char(y)};
                value *nv = new_value(k, pt, 2, v->off);
                if (!nv) {
                    k->ctx->status = SGFT_ENOMEM;
                    return;
                }
                append_value(to, nv);
            }
    }
    sgft__prop_unlink(n, m);
    check_point_lists(k, n); /* the markup group, with the new points */
}

/* Brings the board to the position before n: undoes the nodes of the
 * path that are not n's ancestors, then applies n. */
static void execute_node(checker *k, node *n) {
    while (k->depth && k->path[k->depth - 1].n != n->parent) {
        size_t to = k->path[--k->depth].log;
        while (k->nlog > to) {
            k->nlog--;
            k->board[k->log[k->nlog].at] = k->log[k->nlog].old;
        }
    }
    if (k->depth == k->path_cap) {
        size_t cap = k->path_cap ? k->path_cap * 2 : 256;
        struct step *s = realloc(k->path, cap * sizeof *s);
        if (!s) {
            k->ctx->status = SGFT_ENOMEM;
            return;
        }
        k->path = s;
        k->path_cap = cap;
    }
    k->path[k->depth].n = n;
    k->path[k->depth].log = k->nlog;
    k->depth++;
    execute_setup(k, n);
    execute_move(k, n);
    convert_marks(k, n);
}

/* -r: restrictive checks of Go trees (60 is in collection_rules), as
 * SGFC makes them: HA against the handicap stones of the root (61; with
 * AW in the root the AB are a position, not a handicap), setup in the
 * main line (62), two moves of one colour in a row (63).  The first child
 * continues its parent's line; a later child starts a variation and is
 * not compared with its parent.  Setup on the main line is reported (62)
 * and does not break the sequence; setup in a variation starts it anew. */
static void strict_rules(checker *k, node *n) {
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
            if (value_rect(k, v, &x1, &y1, &x2, &y2))
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
            sgft__report(k->ctx, M_HANDICAP_MISMATCH, true,
                         ha ? ha->off : ab->off, &r);
        }
    } else if (main_line && setup) {
        sgft__report(k->ctx, M_SETUP_IN_MAIN_LINE, true, n->off, NULL);
    }
    if (setup && !main_line)
        last = 0;
    prop *b = sgft__prop_find(n, P_B), *w = sgft__prop_find(n, P_W);
    unsigned now = b ? NODEF_LAST_B : w ? NODEF_LAST_W : 0;
    if (now && now == last)
        sgft__report(k->ctx, M_SAME_COLOUR_TWICE, true, (b ? b : w)->off, NULL);
    n->flags |= (main_line ? NODEF_MAIN : 0) | (now ? now : last);
}

static void check_node(checker *k, node *n) {
    bool is_root = n == k->tree->root;
    merge_duplicates(k, n);
    prop *next;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        if (!(p->flags & PROPF_CHECKED))
            check_identity(k, n, p, is_root);
    }
    /* Conversions may have added or merged properties: values after. */
    merge_duplicates(k, n);
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        if (p->flags & PROPF_CHECKED)
            continue; /* moved here by a split of its node */
        p->flags |= PROPF_CHECKED;
        if (p->id == P_UNKNOWN || p->id == P_FF || p->id == P_GM ||
            p->id == P_SZ)
            continue; /* unknown: kept as read; FF, GM, SZ: with the root */
        if ((sgft__props[p->id].flags & PF_GO) && !k->go)
            continue;
        if (is_point_list(p) && k->go)
            continue; /* below, with the other point lists */
        check_values(k, n, p);
    }
    if (k->go) {
        check_point_lists(k, n);
        check_compose_lists(k, n);
    }
    node_rules(k, n);
    gameinfo_rule(k, n);
    if (k->go)
        execute_node(k, n);
    if (k->ctx->opt.strict && k->go)
        strict_rules(k, n);
}

/* --- the root for output ------------------------------------------------------ */

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

/* Writes FF[4], GM and CA[UTF-8] into the root; with -E3 the text is not
 * converted and CA stays as it is (added only when the text is UTF-8). */
static int normalize_root(sgft_ctx *ctx, game_tree *tree) {
    node *root = tree->root;
    prop *ca = sgft__prop_find(root, P_CA);
    if (!set_root(ctx, root, P_FF, "4"))
        return SGFT_ENOMEM;
    bool utf8 = true;
    if (ctx->opt.encoding_mode == 3)
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

/* Where a root property of a tree is, for the collection messages: the
 * property, else the first property of the root, else the root. */
uint64_t sgft__root_prop_pos(const game_tree *tree, prop_id id) {
    node *root = tree->root;
    prop *p = sgft__prop_find(root, id);
    if (p)
        return p->off;
    uint64_t off = root->off;
    for (p = root->props; p; p = p->next)
        if (p == root->props || p->off < off)
            off = p->off;
    return off;
}

/* Messages 45 and 53: a tree whose FF or GM differs from the tree before
 * it, once per file each, at the tree's FF or GM (as SGFC). */
static void collection_rules(sgft_ctx *ctx, game_tree *tree) {
    if (tree->index == 2 && ctx->opt.strict)
        sgft__report(ctx, M_SEVERAL_TREES, false, 0, NULL);
    if (tree->index > 1 && tree->ff != ctx->prev_ff && !ctx->said_ff) {
        ctx->said_ff = true;
        sgft__report(ctx, M_DIFFERENT_FF, true,
                     sgft__root_prop_pos(tree, P_FF), NULL);
    }
    if (tree->index > 1 && tree->gm != ctx->prev_gm && !ctx->said_gm) {
        ctx->said_gm = true;
        sgft__report(ctx, M_DIFFERENT_GM, true,
                     sgft__root_prop_pos(tree, P_GM), NULL);
    }
    ctx->prev_ff = tree->ff;
    ctx->prev_gm = tree->gm;
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
        if (!value_rect(k, st->values, &x1, &y1, &x2, &y2) || x1 != x2 || y1 != y2)
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

/* Removes c's AE; hands back the node that starts the corrected variation:
 * c when setup is left in it, else d with c's other properties. */
static node *drop_sibling_ae(node *c) {
    prop *ae = sgft__prop_find(c, P_AE);
    sgft__prop_unlink(c, ae);
    bool setup = false;
    for (prop *p = c->props; p; p = p->next)
        setup |= p->id != P_UNKNOWN && sgft__props[p->id].kind == PK_SETUP;
    if (setup)
        return c;
    node *d = c->child;
    for (prop *p = c->props, *next; p; p = next) {
        next = p->next;
        p->next = NULL;
        if (d->last_prop)
            d->last_prop->next = p;
        else
            d->props = p;
        d->last_prop = p;
    }
    c->props = c->last_prop = NULL;
    return d;
}

static void fix_siblings(checker *k, node *n) {
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
        sgft__report(k->ctx, M_VARIATION_NOT_FIXED, true, n->child->off, NULL);
        return;
    }
    node *after = n;
    node *first = n->child;
    for (node *c = first->next, *next; c; c = next) {
        next = c->next;
        node *v = drop_sibling_ae(c);
        if (v != c)
            v->next = NULL;
        /* v (with its subtree) becomes the next sibling of n. */
        v->parent = parent;
        v->next = after->next;
        after->next = v;
        if (parent->last_child == after)
            parent->last_child = v;
        after = v;
    }
    first->next = NULL;
    n->last_child = first;
    sgft__report(k->ctx, M_VARIATION_FIXED, true, first->off, NULL);
}

/* -g: the game signature: the points of moves 20, 40, 60 and 31, 51, 71
 * of the main line ("--" for a move that is not there, "tt" for a pass),
 * as SGFC prints it. */
static void signature(checker *k) {
    static const int wanted[6] = {20, 40, 60, 31, 51, 71};
    char sig[16];
    memset(sig, '-', sizeof sig);
    int move = 0;
    for (node *n = k->tree->root; n; n = n->child) {
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
        }
    }
    sig[6] = ' ';
    sig[13] = '\0';
    char quoted[20], index[16];
    snprintf(quoted, sizeof quoted, "'%s'", sig);
    snprintf(index, sizeof index, "%u", k->tree->index);
    report r = {0};
    r.value = index;
    r.detail = k->go ? quoted : "none (not a Go game)";
    sgft__report(k->ctx, M_GAME_SIGNATURE, false, 0, &r);
}

/* -E1: one charset for the whole input, so a later tree that declares
 * another one cannot be read right (75; -E2 reads such files). */
static void charset_rule(sgft_ctx *ctx, game_tree *tree) {
    prop *ca = sgft__prop_find(tree->root, P_CA);
    char name[64] = "";
    if (ca && ca->values) {
        buf b;
        sgft__buf_init(&b);
        sgft__text_decode(&b, value_bytes(ctx, ca->values), ca->values->len,
                          true, SGFT_LB_HARD);
        if (!sgft__charset_normalize(b.data ? b.data : "", b.len, name,
                                     sizeof name))
            name[0] = '\0';
        sgft__buf_free(&b);
    }
    if (tree->index == 1) {
        snprintf(ctx->first_ca, sizeof ctx->first_ca, "%s", name);
        return;
    }
    if (!name[0] || ctx->opt.encoding[0])
        return;
    if (!sgft_charset_known(name)) {
        /* A name no converter knows says nothing about the bytes: they
         * are read as the rest of the input (72), as SGFC does. */
        buf b;
        sgft__buf_init(&b);
        sgft__text_decode(&b, value_bytes(ctx, ca->values), ca->values->len,
                          true, SGFT_LB_HARD);
        report r = {0};
        r.value = b.data ? b.data : "";
        /* Plain ASCII so far has decided no charset yet. */
        r.detail = ctx->charset[0] ? ctx->charset
                                   : "the charset of the rest of the file";
        sgft__report(ctx, M_UNKNOWN_CA, false, 0, &r);
        sgft__buf_free(&b);
        return;
    }
    const char *expected = ctx->first_ca[0] ? ctx->first_ca : ctx->charset;
    if (strcmp(name, expected) != 0) {
        report r = {0};
        r.detail = name;
        sgft__report(ctx, M_MIXED_ENCODINGS_E1, true, ca->off, &r);
    }
}

int sgft__check_tree(sgft_ctx *ctx, game_tree *tree) {
    sgft__check_ca_spelling(ctx, tree);
    if (ctx->opt.encoding_mode == 2) {
        int st = sgft__decode_tree(ctx, tree);
        if (st)
            return st;
    } else if (ctx->opt.encoding_mode <= 1) {
        charset_rule(ctx, tree);
    }
    checker *k = malloc(sizeof *k);
    if (!k)
        return SGFT_ENOMEM;
    memset(k, 0, offsetof(checker, grid));
    memset(k->board, 0, sizeof k->board);
    memset(k->marks, 0, sizeof k->marks);
    k->ctx = ctx;
    k->tree = tree;
    sgft__buf_init(&k->a);
    sgft__buf_init(&k->b);
    merge_duplicates(k, tree->root); /* one FF, GM, SZ to read */
    check_root(k, tree->root);
    for (node *n = tree->root; n && !ctx->status; n = sgft__node_next_preorder(n))
        check_node(k, n);
    collection_rules(ctx, tree);
    if (ctx->opt.signature)
        signature(k);
    if (ctx->opt.delete_empty_nodes)
        sgft__fix_delete_empty_nodes(ctx, tree);
    if (ctx->opt.fix_variations && k->go) {
        /* After the walk: the board told which moves captured. */
        for (node *n = tree->root; n; n = sgft__node_next_preorder(n))
            fix_siblings(k, n);
    }
    if (ctx->opt.reverse_variations)
        sgft__fix_reverse_variations(ctx, tree);
    bool oom = k->a.oom || k->b.oom;
    sgft__buf_free(&k->a);
    sgft__buf_free(&k->b);
    free(k->log);
    free(k->path);
    free(k);
    if (oom && !ctx->status)
        ctx->status = SGFT_ENOMEM;
    if (ctx->status)
        return ctx->status;
    return normalize_root(ctx, tree);
}
