/* value_audit.c - every value in, every value out: lists the values that
 * sgftidy changes without a message.
 *
 *   value-audit [--ignore=N] [--option...] FILE...
 *
 * For each game tree of each FILE, with sgftidy's default options (or the
 * long options given, as --short-ranks or --fix-handicap):
 *   1. the values as parsed are kept, each with the place of its property;
 *   2. the tree is checked, and the places of its messages are kept;
 *   3. every value still there is compared with the one read at its place:
 *      a change beyond escaping and line breaks must have a message in the
 *      span of its property, and so must a value that is gone;
 *   4. the tree is written and read back: every value must read as it did
 *      in the checked tree (the writer changes no value).
 * A Go point list is compared as the set of its points, whatever its
 * compression.  FF, CA and GM, which say the form of the file, are not
 * compared; nor are L, M and VW of FF[1]-FF[3] trees, which FF[4] writes
 * otherwise.  Prints one line per fault, "FILE: offset N: ...", and a
 * last line with the counts; exits 1 when there is any fault, 2 on a usage
 * or environment fault.  --ignore=N leaves out message N, as if it were
 * not given: the test of the audit itself. */
#include "internal.h"
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t *off;
    size_t n, cap;
} offsets;

typedef struct {
    uint64_t voff, poff, pend; /* the value; its property's span */
    char id[16];
    char *text; /* as read, normalized; a Go point list: its points */
    bool list;  /* a Go point list: one entry for the whole property */
    bool seen;
} entry;

typedef struct {
    entry *e;
    size_t n, cap;
} entries;

static unsigned long faults, files, compared;

static void *xrealloc(void *p, size_t n) {
    p = realloc(p, n ? n : 1);
    if (!p) {
        fputs("value-audit: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

static int ignored = -1; /* --ignore=N */

static void on_diag(const sgft_diag *d, void *data) {
    offsets *o = data;
    if (!d->has_pos || d->code == ignored)
        return;
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 64;
        o->off = xrealloc(o->off, o->cap * sizeof *o->off);
    }
    o->off[o->n++] = d->offset;
}

/* FF, CA and GM say the form of the file, which the writer makes FF[4] in
 * UTF-8, with GM written out: their values are not compared. */
static bool form_prop(const char *id) {
    return !strcmp(id, "FF") || !strcmp(id, "CA") || !strcmp(id, "GM");
}

/* Properties of FF[1]-FF[3] trees that FF[4] writes otherwise, as the man
 * page says: L and M become LB and MA or TR, and VW's two corners its
 * rectangle. */
static bool old_form(int ff, const char *id) {
    return ff < 4 && (!strcmp(id, "L") || !strcmp(id, "M") ||
                      !strcmp(id, "VW"));
}

static bool message_in(const offsets *o, uint64_t from, uint64_t to) {
    for (size_t i = 0; i < o->n; i++)
        if (o->off[i] >= from && o->off[i] <= to)
            return true;
    return false;
}

/* The next node of a preorder walk, or NULL. */
static node *next_node(node *n) {
    if (n->child)
        return n->child;
    while (n && !n->next)
        n = n->parent;
    return n ? n->next : NULL;
}

/* GM or FF of a tree as its root says before the checks (1 when absent or
 * not a number). */
static int root_number(sgft_ctx *ctx, game_tree *t, prop_id id) {
    prop *p = t->root ? sgft__prop_find(t->root, id) : NULL;
    long n = 1;
    if (p && p->values && sgft_value_number(ctx, p->values, &n) != 0)
        n = 1;
    return (int)n;
}

static bool audit_point_list(int gm, const prop *p) {
    return gm == 1 && is_point_list(p);
}

/* Line breaks as one LF: the writer's choice, not a change of the text. */
static void one_break(char *s) {
    char *w = s;
    for (char *r = s; *r; r++) {
        if ((r[0] == '\r' && r[1] == '\n') || (r[0] == '\n' && r[1] == '\r'))
            r++, *w++ = '\n';
        else
            *w++ = *r == '\r' ? '\n' : *r;
    }
    *w = '\0';
}

static bool blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* A value as text, compared: escapes and soft line breaks resolved, line
 * breaks as LF; white space at the ends of a value that is no text, and at
 * the end of each part of a composed one, left out (the normal form writes
 * none: OUTPUT FORM in the man page). */
static char *value_text(sgft_ctx *ctx, const prop *p, const value *v) {
    const prop_info *pi = info(p);
    value_type vt = pi ? (value_type)pi->vt : VT_SIMPLETEXT;
    bool composed = vt == VT_APP || vt == VT_LABEL || vt == VT_ARROW ||
                    vt == VT_FIGURE || vt == VT_SIZE;
    char *s;
    if (composed && !(v->flags & VALF_DECODED)) {
        size_t len;
        const char *raw = sgft_value_raw(ctx, v, &len);
        size_t colon = sgft__compose_split(raw, len);
        buf b, part;
        sgft__buf_init(&b);
        sgft__buf_init(&part);
        for (int i = 0; i < 2 && (i == 0 || colon < len); i++) {
            part.len = 0;
            if (i)
                sgft__text_decode(&part, raw + colon + 1, len - colon - 1,
                                  true, SGFT_LB_HARD);
            else
                sgft__text_decode(&part, raw, colon, true, SGFT_LB_HARD);
            while (part.len && blank(part.data[part.len - 1]))
                part.len--;
            if (i)
                sgft__buf_putc(&b, ':');
            sgft__buf_put(&b, part.data ? part.data : "", part.len);
        }
        s = xrealloc(NULL, b.len + 1);
        memcpy(s, b.data ? b.data : "", b.len);
        s[b.len] = '\0';
        sgft__buf_free(&b);
        sgft__buf_free(&part);
    } else {
        s = sgft_value_text(ctx, v, vt != VT_TEXT);
        if (!s) {
            fputs("value-audit: out of memory\n", stderr);
            exit(2);
        }
    }
    one_break(s);
    if (vt != VT_TEXT && vt != VT_SIMPLETEXT) {
        size_t b = 0, e = strlen(s);
        while (b < e && blank(s[b]))
            b++;
        while (e > b && blank(s[e - 1]))
            e--;
        memmove(s, s + b, e - b);
        s[e - b] = '\0';
    }
    return s;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A Go point list as the sorted, distinct points it names, "aa ab ...";
 * a value that names no point is kept as it is, in brackets. */
static char *point_set(sgft_ctx *ctx, const prop *p) {
    char **pts = NULL;
    size_t n = 0, cap = 0;
    for (const value *v = p->values; v; v = v->next) {
        char *s = value_text(ctx, p, v);
        size_t len = strlen(s);
        int x1 = -1, y1 = -1, x2 = -1, y2 = -1;
        if (len == 2 || (len == 5 && s[2] == ':')) {
            x1 = sgft__point_coord(s[0]), y1 = sgft__point_coord(s[1]);
            x2 = len == 5 ? sgft__point_coord(s[3]) : x1;
            y2 = len == 5 ? sgft__point_coord(s[4]) : y1;
        }
        if (x1 < 0 || y1 < 0 || x2 < 0 || y2 < 0) {
            if (n == cap)
                pts = xrealloc(pts, (cap = cap ? 2 * cap : 16) * sizeof *pts);
            size_t m = strlen(s) + 3;
            pts[n] = xrealloc(NULL, m);
            snprintf(pts[n++], m, "[%s]", s);
            free(s);
            continue;
        }
        free(s);
        int lx = x1 < x2 ? x1 : x2, hx = x1 < x2 ? x2 : x1;
        int ly = y1 < y2 ? y1 : y2, hy = y1 < y2 ? y2 : y1;
        for (int x = lx; x <= hx; x++)
            for (int y = ly; y <= hy; y++) {
                if (n == cap)
                    pts = xrealloc(pts,
                                   (cap = cap ? 2 * cap : 16) * sizeof *pts);
                pts[n] = xrealloc(NULL, 3);
                pts[n][0] = sgft__coord_char(x);
                pts[n][1] = sgft__coord_char(y);
                pts[n][2] = '\0';
                n++;
            }
    }
    if (n)
        qsort(pts, n, sizeof *pts, cmp_str);
    buf b;
    sgft__buf_init(&b);
    for (size_t i = 0; i < n; i++) {
        if (!i || strcmp(pts[i], pts[i - 1]) != 0) {
            if (b.len)
                sgft__buf_putc(&b, ' ');
            sgft__buf_put(&b, pts[i], strlen(pts[i]));
        }
    }
    for (size_t i = 0; i < n; i++)
        free(pts[i]);
    free(pts);
    char *out = xrealloc(NULL, b.len + 1);
    memcpy(out, b.data ? b.data : "", b.len);
    out[b.len] = '\0';
    sgft__buf_free(&b);
    return out;
}

static uint64_t prop_end(const prop *p) {
    uint64_t end = p->off + 1;
    for (const value *v = p->values; v; v = v->next)
        if (v->off && v->off + v->len + 1 > end)
            end = v->off + v->len + 1;
    return end;
}

static void add(entries *es, const entry *e) {
    if (es->n == es->cap) {
        es->cap = es->cap ? 2 * es->cap : 256;
        es->e = xrealloc(es->e, es->cap * sizeof *es->e);
    }
    es->e[es->n++] = *e;
}

static void snapshot(sgft_ctx *ctx, game_tree *t, int gm, entries *es) {
    for (node *n = t->root; n; n = next_node(n))
        for (prop *p = n->props; p; p = p->next) {
            entry e = {0};
            e.poff = p->off;
            e.pend = prop_end(p);
            snprintf(e.id, sizeof e.id, "%s", p->name);
            if (audit_point_list(gm, p)) {
                e.voff = p->off;
                e.text = point_set(ctx, p);
                e.list = true;
                add(es, &e);
                continue;
            }
            for (value *v = p->values; v; v = v->next) {
                e.voff = v->off;
                e.text = value_text(ctx, p, v);
                add(es, &e);
            }
        }
}

static int cmp_entry(const void *a, const void *b) {
    const entry *x = a, *y = b;
    return x->voff < y->voff ? -1 : x->voff > y->voff;
}

/* es sorted by offset: the entry read at voff under id. */
static entry *find(entries *es, uint64_t voff, const char *id, bool list) {
    size_t lo = 0, hi = es->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (es->e[mid].voff < voff)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < es->n && es->e[lo].voff == voff; lo++)
        if (es->e[lo].list == list && strcmp(es->e[lo].id, id) == 0 &&
            !es->e[lo].seen)
            return &es->e[lo];
    return NULL;
}

static void fault(const char *file, uint64_t off, const char *what,
                  const char *id, const char *old, const char *new) {
    faults++;
    printf("%s: offset %llu: <%s> %s: [%s]", file, (unsigned long long)off,
           id, what, old);
    if (new)
        printf(" -> [%s]", new);
    putchar('\n');
}

/* Step 3: the checked tree against what was read. */
static void compare_checked(sgft_ctx *ctx, const char *file, game_tree *t,
                            int gm, int ff, entries *es,
                            const offsets *msgs) {
    for (node *n = t->root; n; n = next_node(n))
        for (prop *p = n->props; p; p = p->next) {
            bool list = audit_point_list(gm, p);
            if (list && !p->values)
                continue;
            for (value *v = p->values; v; v = list ? NULL : v->next) {
                if (!list && !v->off)
                    continue; /* made by a repair */
                entry *e = find(es, list ? p->off : v->off, p->name, list);
                if (!e)
                    continue; /* moved under another id: its message says */
                e->seen = true;
                if (form_prop(p->name))
                    continue;
                compared++;
                char *now = list ? point_set(ctx, p) : value_text(ctx, p, v);
                if (strcmp(now, e->text) != 0 && !old_form(ff, e->id) &&
                    !message_in(msgs, e->poff, e->pend))
                    fault(file, e->poff, "changed without a message", e->id,
                          e->text, now);
                free(now);
            }
        }
    for (size_t i = 0; i < es->n; i++)
        if (!es->e[i].seen && !form_prop(es->e[i].id) &&
            !old_form(ff, es->e[i].id) && !message_in(msgs, es->e[i].poff, es->e[i].pend))
            fault(file, es->e[i].poff, "deleted without a message",
                  es->e[i].id, es->e[i].text, NULL);
}

static void compare_values(sgft_ctx *ctx, sgft_ctx *c2, const char *file,
                           int gm, prop *pa, prop *pb) {
    if (audit_point_list(gm, pa)) {
        char *x = point_set(ctx, pa), *y = point_set(c2, pb);
        if (strcmp(x, y) != 0)
            fault(file, pa->off, "written differently", pa->name, x, y);
        free(x);
        free(y);
        return;
    }
    value *va = pa->values, *vb = pb->values;
    for (; va && vb; va = va->next, vb = vb->next) {
        char *x = value_text(ctx, pa, va);
        char *y = value_text(c2, pb, vb);
        if (strcmp(x, y) != 0)
            fault(file, pa->off, "written differently", pa->name, x, y);
        free(x);
        free(y);
    }
    if (va || vb)
        fault(file, pa->off, "written with other values", pa->name, "", NULL);
}

/* Step 4: the written tree, read again, against the checked one. */
static void compare_written(sgft_ctx *ctx, const sgft_options *opts,
                            const char *file, game_tree *t, int gm) {
    sgft_buffer out = {0};
    if (sgft_tree_write(ctx, t, sgft_buffer_write, &out) < 0) {
        free(out.data);
        return;
    }
    sgft_ctx *c2 = sgft_ctx_new(opts, NULL, NULL);
    sgft_reader *r = c2 ? sgft_reader_memory(c2, out.data, out.len) : NULL;
    sgft_tree *t2 = NULL;
    if (!r || sgft_reader_next(r, &t2) != 1) {
        fault(file, t->off, "written tree not read again", "", "", NULL);
    } else {
        node *a = t->root, *b = t2->root;
        while (a && b) {
            for (prop *pb = b->props; pb; pb = pb->next)
                pb->flags &= ~PROPF_CHECKED; /* here: matched */
            for (prop *pa = a->props; pa; pa = pa->next) {
                prop *pb = b->props;
                while (pb && (strcmp(pa->name, pb->name) != 0 ||
                              (pb->flags & PROPF_CHECKED)))
                    pb = pb->next;
                if (!pb) {
                    if (!form_prop(pa->name))
                        fault(file, pa->off, "not written", pa->name, "",
                              NULL);
                    continue;
                }
                pb->flags |= PROPF_CHECKED;
                if (form_prop(pa->name))
                    continue;
                compare_values(ctx, c2, file, gm, pa, pb);
            }
            for (prop *pb = b->props; pb; pb = pb->next)
                if (!(pb->flags & PROPF_CHECKED) && !form_prop(pb->name))
                    fault(file, a->off, "written where it was not",
                          pb->name, "", NULL);
            a = next_node(a);
            b = next_node(b);
        }
        if (a || b)
            fault(file, t->off, "tree written with other nodes", "", "",
                  NULL);
    }
    sgft_reader_free(r);
    sgft_ctx_free(c2);
    free(out.data);
}

static int audit(const sgft_options *opts, const char *file) {
    FILE *f = fopen(file, "rb");
    if (!f) {
        perror(file);
        return -1;
    }
    char *data = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len == cap)
            data = xrealloc(data, cap = cap ? 2 * cap : 65536);
        got = fread(data + len, 1, cap - len, f);
        len += got;
    } while (got);
    fclose(f);
    offsets msgs = {0};
    sgft_ctx *ctx = sgft_ctx_new(opts, on_diag, &msgs);
    sgft_reader *r = ctx ? sgft_reader_memory(ctx, data, len) : NULL;
    if (!r) {
        fputs("value-audit: out of memory\n", stderr);
        exit(2);
    }
    sgft_tree *t;
    while (sgft_reader_next(r, &t) == 1) {
        entries es = {0};
        int gm = root_number(ctx, t, P_GM), ff = root_number(ctx, t, P_FF);
        snapshot(ctx, t, gm, &es);
        qsort(es.e, es.n, sizeof *es.e, cmp_entry);
        if (sgft_tree_check(ctx, t) == 0) {
            compare_checked(ctx, file, t, gm, ff, &es, &msgs);
            compare_written(ctx, opts, file, t, gm);
        }
        for (size_t i = 0; i < es.n; i++)
            free(es.e[i].text);
        free(es.e);
    }
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
    free(msgs.off);
    free(data);
    files++;
    return 0;
}

static const struct {
    const char *name;
    sgft_option opt;
} options[] = {
    {"--short-ranks", SGFT_OPT_SHORT_RANKS},
    {"--fix-handicap", SGFT_OPT_FIX_HANDICAP},
    {"--strip-analysis", SGFT_OPT_STRIP_ANALYSIS},
    {"--fix-variations", SGFT_OPT_FIX_VARIATIONS},
    {"--strict", SGFT_OPT_STRICT},
};

int main(int argc, char **argv) {
    sgft_options *opts = sgft_options_new();
    if (!opts)
        return 2;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strncmp(argv[i], "--ignore=", 9) == 0) {
            ignored = atoi(argv[i] + 9);
            continue;
        }
        size_t k = 0;
        while (k < sizeof options / sizeof *options &&
               strcmp(argv[i], options[k].name) != 0)
            k++;
        if (k == sizeof options / sizeof *options) {
            fprintf(stderr, "value-audit: unknown option %s\n", argv[i]);
            return 2;
        }
        sgft_options_set(opts, options[k].opt, 1);
    }
    if (i == argc) {
        fputs("usage: value-audit [--ignore=N] [--option...] FILE...\n", stderr);
        return 2;
    }
    int rc = 0;
    for (; i < argc; i++)
        if (audit(opts, argv[i]) < 0)
            rc = 2;
    sgft_options_free(opts);
    printf("value-audit: %lu file(s), %lu value(s) compared, %lu changed "
           "without a message\n",
           files, compared, faults);
    return rc ? rc : faults ? 1 : 0;
}
