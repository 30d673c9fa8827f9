/* write.c - the normalized FF[4] form of a game tree.
 *
 * Layout (documented in man/sgftidy.1, "OUTPUT FORM"):
 *  - properties of a node in the catalogue's order, unknown ones last in
 *    the order read;
 *  - each game-info property on a line of its own;
 *  - everything else packed into lines of at most line_width columns,
 *    breaking before a node (';' stays with its first property) or
 *    between properties; with -L before a node whenever it does not fit;
 *  - each variation starts on a new line;
 *  - Text and SimpleText values escaped where the format requires ('\',
 *    ']'; ':' in composed values) and, unless -t, wrapped with soft line
 *    breaks ('\' + LF) so that lines stay within the width.
 * Every decision depends only on the decoded content, so writing the
 * output again gives the same bytes.  The walk is iterative.
 */
#include "internal.h"
#include "width.h"

#include <stdlib.h>
#include <string.h>

typedef struct segment {
    size_t start, end; /* bytes of the property in the render buffer */
    size_t width;      /* columns up to its first line break */
    bool nl;           /* it holds a line break */
    prop *p;
} segment;

typedef struct writer {
    sgft_ctx *ctx;
    buf *out;
    size_t col;
    size_t width;
    bool soft;
    buf render;  /* canonical text of the current node's properties */
    buf text;    /* a decoded value */
    segment *seg;
    size_t nseg, seg_cap;
    prop **sorted;
    size_t sorted_cap;
    node **open; /* the first node of each open variation */
    size_t nopen, open_cap;
} writer;

/* --- low-level output with column tracking --------------------------- */

static void put(writer *w, const char *s, size_t len) {
    sgft__buf_put(w->out, s, len);
    const char *nl = NULL;
    for (const char *q = s; (q = memchr(q, '\n', len - (size_t)(q - s)));
         q++)
        nl = q;
    if (nl)
        w->col = sgft__display_width(nl + 1, len - (size_t)(nl + 1 - s));
    else
        w->col += sgft__display_width(s, len);
}

static void putc_(writer *w, char c) {
    sgft__buf_putc(w->out, c);
    if (c == '\n')
        w->col = 0;
    else if (((unsigned char)c & 0xC0) != 0x80)
        w->col++;
}

static void newline(writer *w) {
    if (w->col > 0)
        putc_(w, '\n');
}

/* --- values ----------------------------------------------------------- */

static inline size_t seq_len(const char *s, size_t i, size_t len) {
    unsigned char c = (unsigned char)s[i];
    size_t n = sgft__utf8_seq_len(c);
    if (i + n > len)
        n = len - i;
    for (size_t k = 1; k < n; k++)
        if (((unsigned char)s[i + k] & 0xC0) != 0x80)
            return k;
    return n;
}

/* Writes decoded text escaped, wrapped with soft line breaks so that no
 * line passes the width (one column is kept for the '\' or ']'). */
static void put_wrapped(writer *w, const char *s, size_t len) {
    size_t limit = w->width > 1 ? w->width - 1 : 1;
    size_t i = 0, run = 0; /* s[run..i): characters counted, not yet out */
    size_t stretch = 0; /* while i < stretch, s[i..stretch) is a stretch */
    while (i < len) {
        char c = s[i];
        /* A stretch of ASCII characters of one column each: as much of it
         * as fits on the line taken at once (what the loop below would do
         * one by one, without a break).  Its end is found once: a long
         * word is not scanned again at each of its lines. */
        size_t e = stretch;
        if (i >= stretch) {
            for (e = i; e < len && (unsigned char)s[e] > ' ' &&
                        (unsigned char)s[e] < 0x7F &&
                        !sgft__needs_escape(s[e], false);
                 e++)
                ;
            /* Its last character stays for the loop below when what
             * follows may join it in a cluster (a combining mark). */
            if (e < len && (unsigned char)s[e] >= 0x80 && e > i)
                e--;
            stretch = e;
        }
        if (e - i > 1) {
            size_t room = limit > w->col ? limit - w->col : 0;
            if (room > e - i)
                room = e - i;
            if (room > 1) {
                w->col += room;
                i += room;
                continue;
            }
        }
        if (c != '\n' && c != ' ' && !sgft__needs_escape(c, false)) {
            /* The common character, with what joins it in a grapheme
             * cluster, of its display width: gathered into a run.  A
             * cluster of no width (a mark with no base) never goes to a
             * new line. */
            size_t cw, n = sgft__cluster(s, len, i, &cw);
            if (cw > 0 && w->col + cw > limit && w->col > 0) {
                sgft__buf_put(w->out, s + run, i - run);
                run = i;
                put(w, "\\\n", 2);
            }
            w->col += cw;
            i += n;
            continue;
        }
        sgft__buf_put(w->out, s + run, i - run);
        if (c == '\n') {
            putc_(w, '\n');
            run = ++i;
            continue;
        }
        if (c == ' ') {
            size_t ww = 0;
            for (size_t j = i + 1; j < len && s[j] != ' ' && s[j] != '\n';) {
                if (sgft__needs_escape(s[j], false)) {
                    ww += 2;
                    j += seq_len(s, j, len);
                    continue;
                }
                size_t cw;
                j += sgft__cluster(s, len, j, &cw);
                ww += cw;
            }
            if (w->col + 1 > limit) {
                put(w, "\\\n ", 3);
            } else if (w->col + 1 + ww > limit && ww <= limit) {
                put(w, " \\\n", 3);
            } else {
                putc_(w, ' ');
            }
            run = ++i;
            continue;
        }
        /* A character written with a '\' before it: two columns. */
        size_t n = seq_len(s, i, len);
        if (w->col + 2 > limit && w->col > 0)
            put(w, "\\\n", 2);
        putc_(w, '\\');
        put(w, s + i, n);
        i += n;
        run = i;
    }
    sgft__buf_put(w->out, s + run, i - run);
}

static bool is_text_type(value_type vt) {
    return vt == VT_TEXT || vt == VT_SIMPLETEXT;
}

static bool has_text_part(value_type vt) {
    return vt == VT_APP || vt == VT_LABEL || vt == VT_FIGURE;
}

/* Decoded text of a value of a text type in w->text. */
static void decode_value(writer *w, const value *v, bool simple) {
    w->text.len = 0;
    if (v->flags & VALF_DECODED)
        sgft__buf_put(&w->text, v->text, v->len);
    else
        sgft__text_decode(&w->text, value_bytes(w->ctx, v), v->len, simple,
                          w->ctx->opt.linebreaks);
}

/* A run of points down one column, "ab:ad", as its points: "ab][ac][ad"
 * (the caller writes the outer brackets). */
static void render_run(buf *b, const char *raw) {
    int y1 = sgft__point_coord(raw[1]), y2 = sgft__point_coord(raw[4]);
    for (int y = y1; y <= y2; y++) {
        if (y > y1)
            sgft__buf_put(b, "][", 2);
        sgft__buf_putc(b, raw[0]);
        sgft__buf_putc(b, sgft__coord_char(y));
    }
}

/* Appends the canonical form of one value (between the brackets). */
static void render_value(writer *w, buf *b, const prop *p, const value *v) {
    value_type vt = p->id == P_UNKNOWN ? VT_NONE : sgft__props[p->id].vt;
    const char *raw = value_bytes(w->ctx, v);
    if ((v->flags & VALF_RUN) && v->len == 5) {
        render_run(b, raw);
        return;
    }
    if (p->id != P_UNKNOWN && is_text_type(vt)) {
        /* Most texts read as they are written (no escape, line break or
         * white space but ' ', none at the end): those go out as read. */
        if (!(v->flags & VALF_DECODED) &&
            sgft__plain_end(raw, 0, v->len) == v->len &&
            (!v->len || raw[v->len - 1] != ' ') && !memchr(raw, ']', v->len)) {
            sgft__buf_put(b, raw, v->len);
            return;
        }
        decode_value(w, v, vt == VT_SIMPLETEXT);
        sgft__escape(b, w->text.data ? w->text.data : "", w->text.len, false);
        return;
    }
    if (p->id != P_UNKNOWN && has_text_part(vt) && !(v->flags & VALF_DECODED)) {
        size_t colon = sgft__compose_split(raw, v->len);
        if (colon < v->len) {
            for (int part = 0; part < 2; part++) {
                const char *s = part ? raw + colon + 1 : raw;
                size_t n = part ? v->len - colon - 1 : colon;
                w->text.len = 0;
                sgft__text_decode(&w->text, s, n, true, SGFT_LB_HARD);
                if (part)
                    sgft__buf_putc(b, ':');
                sgft__escape(b, w->text.data ? w->text.data : "", w->text.len,
                            true);
            }
            return;
        }
    }
    if (v->flags & VALF_DECODED)
        sgft__escape_kept(b, raw, v->len, false);
    else
        sgft__buf_put(b, raw, v->len); /* kept as read */
}

/* --- nodes ------------------------------------------------------------- */

static int rank_cmp(const void *a, const void *b) {
    const prop *p = *(prop *const *)a, *q = *(prop *const *)b;
    if (p->id != q->id)
        return p->id < q->id ? -1 : 1;
    /* Same rank: keep the order read (offsets grow through the file). */
    return p->off < q->off ? -1 : p->off > q->off;
}

/* Renders the properties of n, in canonical order, into w->render. */
static bool render_node(writer *w, node *n) {
    size_t count = 0;
    for (prop *p = n->props; p; p = p->next)
        count++;
    if (count > w->sorted_cap) {
        size_t cap = count * 2;
        prop **s = realloc(w->sorted, cap * sizeof *s);
        segment *g = realloc(w->seg, cap * sizeof *g);
        if (s)
            w->sorted = s;
        if (g)
            w->seg = g;
        if (!s || !g)
            return false;
        w->sorted_cap = w->seg_cap = cap;
    }
    count = 0;
    for (prop *p = n->props; p; p = p->next)
        w->sorted[count++] = p;
    /* Insertion sort: a node holds few properties, and it keeps the order
     * of equal ones as qsort with rank_cmp would (offsets differ). */
    for (size_t i = 1; i < count; i++) {
        prop *p = w->sorted[i];
        size_t j = i;
        for (; j > 0 && rank_cmp(&w->sorted[j - 1], &p) > 0; j--)
            w->sorted[j] = w->sorted[j - 1];
        w->sorted[j] = p;
    }

    w->render.len = 0;
    w->nseg = 0;
    for (size_t i = 0; i < count; i++) {
        prop *p = w->sorted[i];
        segment *g = &w->seg[w->nseg++];
        g->p = p;
        g->start = w->render.len;
        sgft__buf_puts(&w->render, p->name);
        for (value *v = p->values; v; v = v->next) {
            sgft__buf_putc(&w->render, '[');
            render_value(w, &w->render, p, v);
            sgft__buf_putc(&w->render, ']');
        }
        g->end = w->render.len;
        const char *s = w->render.data + g->start;
        const char *nl = memchr(s, '\n', g->end - g->start);
        g->nl = nl != NULL;
        g->width = sgft__display_width(s, nl ? (size_t)(nl - s) : g->end - g->start);
    }
    return !w->render.oom;
}

/* Writes one property: wrapped when it is text, else as rendered. */
static void emit_prop(writer *w, const segment *g) {
    const prop *p = g->p;
    value_type vt = p->id == P_UNKNOWN ? VT_NONE : sgft__props[p->id].vt;
    bool text = w->soft && p->id != P_UNKNOWN && is_text_type(vt);
    /* A text of one line that fits on this one: put_wrapped would break
     * none of it (it breaks before a column past the width - 1, and the
     * last ']' is at the width at most), so it goes out as rendered.  In
     * UTF-8, or one byte a column: put_wrapped counts a stray byte of
     * 0x80-0xBF (-E3) as a column where the width counts none. */
    const char *seg = w->render.data + g->start;
    size_t bytes = g->end - g->start;
    if (!g->nl && (!text || (w->col + g->width <= w->width &&
                             (bytes == g->width ||
                              sgft__utf8_valid(seg, bytes))))) {
        /* as put() would, with the width known */
        sgft__buf_put(w->out, seg, bytes);
        w->col += g->width;
        return;
    }
    if (!text) {
        put(w, seg, bytes);
        return;
    }
    put(w, p->name, strlen(p->name));
    for (value *v = p->values; v; v = v->next) {
        putc_(w, '[');
        decode_value(w, v, vt == VT_SIMPLETEXT);
        put_wrapped(w, w->text.data ? w->text.data : "", w->text.len);
        putc_(w, ']');
    }
}

static bool is_gameinfo(const prop *p) {
    return p->id != P_UNKNOWN && sgft__props[p->id].kind == PK_GAMEINFO;
}

/* A node of one property that is neither text nor game-info, its values
 * plain ASCII kept as read: written as render_node and the loop below
 * would write it, without rendering it first (the move of most nodes,
 * ";B[pd]", is write_moves').  False (nothing written) for any other
 * node. */
static bool write_simple(writer *w, const node *n) {
    const prop *p = n->props;
    if (!p || p->next || p->id == P_UNKNOWN)
        return false;
    const prop_info *pi = &sgft__props[p->id];
    if (is_text_type(pi->vt) || has_text_part(pi->vt) ||
        pi->kind == PK_GAMEINFO)
        return false;
    size_t name_len = strlen(p->name), width = name_len;
    for (const value *v = p->values; v; v = v->next) {
        if ((v->flags & (VALF_DECODED | VALF_RUN)) || v->len > 16)
            return false;
        const char *raw = value_bytes(w->ctx, v);
        for (size_t i = 0; i < v->len; i++)
            if ((unsigned char)raw[i] < 0x20 || (unsigned char)raw[i] > 0x7E)
                return false; /* a line break or a wide character */
        width += v->len + 2;
    }
    /* As write_node: one column more for the ';', with or without -L. */
    if (w->col + width + 1 > w->width)
        newline(w);
    buf *o = w->out;
    if (!sgft__buf_reserve(o, width + 1))
        return true; /* the buffer's failure is seen at the end */
    char *d = o->data + o->len;
    *d++ = ';';
    memcpy(d, p->name, name_len);
    d += name_len;
    for (const value *v = p->values; v; v = v->next) {
        *d++ = '[';
        memcpy(d, value_bytes(w->ctx, v), v->len);
        d += v->len;
        *d++ = ']';
    }
    o->len += width + 1;
    w->col += width + 1;
    return true;
}

/* The two bytes of n's value when n is the move of most nodes, ";B[pd]":
 * one B or W, one value of two printable ASCII bytes kept as read (six
 * columns); else NULL. */
static inline const char *move6(const writer *w, const node *n) {
    const prop *p = n->props;
    if (!p || p->next || (p->id != P_B && p->id != P_W))
        return NULL;
    const value *v = p->values;
    if (!v || v->next || v->len != 2 || (v->flags & VALF_DECODED))
        return NULL;
    const char *raw = value_bytes(w->ctx, v);
    unsigned char x = (unsigned char)raw[0], y = (unsigned char)raw[1];
    return x >= 0x20 && x <= 0x7E && y >= 0x20 && y <= 0x7E ? raw : NULL;
}

/* Writes n and the nodes after it, as long as each is such a move and the
 * only child of the one before; returns the last node written, or NULL
 * (nothing written) when n is no such move. */
static node *write_moves(writer *w, node *n) {
    const char *raw = move6(w, n);
    if (!raw)
        return NULL;
    /* The length and the column are kept in locals while the loop runs
     * (stores into the buffer's bytes would otherwise make the compiler
     * read them again); room is made for a line break, a move and the
     * closing NUL at once. */
    buf *o = w->out;
    char *d = o->data;
    size_t len = o->len, col = w->col;
    const size_t width = w->width;
    node *last;
    do {
        if (o->cap - len <= 7) {
            o->len = len;
            if (!sgft__buf_reserve(o, 4096)) {
                w->col = col;
                return n; /* the buffer's failure is seen at the end */
            }
            d = o->data;
        }
        if (col + 6 > width && col > 0) { /* newline() */
            d[len++] = '\n';
            col = 0;
        }
        char *q = d + len;
        q[0] = ';';
        q[1] = n->props->id == P_B ? 'B' : 'W';
        q[2] = '[';
        q[3] = raw[0];
        q[4] = raw[1];
        q[5] = ']';
        len += 6;
        col += 6;
        last = n;
        n = n->child;
    } while (n && !n->next && (raw = move6(w, n)));
    d[len] = '\0';
    o->len = len;
    w->col = col;
    return last;
}

static bool write_node(writer *w, node *n) {
    if (write_simple(w, n))
        return true;
    if (!render_node(w, n))
        return false;
    if (w->nseg == 0) {
        if (w->col + 1 > w->width)
            newline(w);
        putc_(w, ';');
        return true;
    }
    if (w->ctx->opt.node_breaks) {
        size_t total = 1;
        for (size_t i = 0; i < w->nseg; i++)
            total += w->seg[i].width;
        if (w->col + total > w->width)
            newline(w);
    }
    for (size_t i = 0; i < w->nseg; i++) {
        const segment *g = &w->seg[i];
        size_t need = g->width + (i == 0);
        bool after_open = w->col == 1 && w->out->len &&
                          w->out->data[w->out->len - 1] == '(';
        if ((is_gameinfo(g->p) && !(i == 0 && after_open)) ||
            w->col + need > w->width)
            newline(w);
        if (i == 0)
            putc_(w, ';');
        emit_prop(w, g);
        if (is_gameinfo(g->p))
            newline(w);
    }
    return true;
}

/* --- the tree ---------------------------------------------------------- */

static bool branches(const node *n) { return n->child && n->child->next; }

static bool push_open(writer *w, node *n) {
    if (!sgft__vec_grow(&w->open, &w->open_cap, w->nopen + 1, sizeof *w->open,
                        16))
        return false;
    w->open[w->nopen++] = n;
    return true;
}

static void open_variation(writer *w) {
    newline(w);
    putc_(w, '(');
}

static void close_variation(writer *w) {
    if (w->col + 1 > w->width)
        newline(w);
    putc_(w, ')');
}

int sgft__write_tree(sgft_ctx *ctx, game_tree *tree) {
    writer w;
    memset(&w, 0, sizeof w);
    w.ctx = ctx;
    w.out = &ctx->out;
    w.width = ctx->opt.line_width ? ctx->opt.line_width : 76;
    w.soft = !ctx->opt.no_soft_breaks;
    /* The scratch of the tree before, emptied. */
    struct write_scratch *ws = &ctx->wscratch;
    w.render = ws->render;
    w.text = ws->text;
    sgft__buf_clear(&w.render);
    sgft__buf_clear(&w.text);
    w.sorted = ws->sorted;
    w.seg = ws->seg;
    w.sorted_cap = w.seg_cap = ws->cap;
    w.open = ws->open;
    w.open_cap = ws->open_cap;
    bool ok = true;

    /* The walk keeps the first node of each open variation (the root's
     * is the tree's), so that a leaf closes them without climbing back
     * through the nodes of the line. */
    open_variation(&w);
    node *n = tree->root;
    w.nopen = 0;
    ok = push_open(&w, n);
    int st = 0;
    while (n && ok) {
        node *last = write_moves(&w, n);
        if (last)
            n = last;
        else
            ok = write_node(&w, n);
        /* A tree whose text grows far past its input (-e on rectangles)
         * goes out as it is made: the buffer stays small.  Only after a
         * node, so that the '(' a node looks back at is still there. */
        if (ctx->out.len >= SGFT_FLUSH_AT && ctx->write && ok &&
            (st = sgft__flush_output(ctx)) != 0)
            break;
        if (n->child) {
            if (branches(n)) {
                open_variation(&w);
                ok = ok && push_open(&w, n->child);
            }
            n = n->child;
            continue;
        }
        /* A leaf: close variations until one has a next sibling. */
        n = NULL;
        while (w.nopen) {
            node *c = w.open[--w.nopen];
            close_variation(&w);
            if (c->parent && c->next) {
                open_variation(&w);
                n = c->next;
                ok = push_open(&w, n);
                break;
            }
            if (!c->parent)
                break;
        }
    }
    if (st)
        ctx->out.len = 0; /* the rest of a tree that could not go out */
    else
        putc_(&w, '\n');
    ok = ok && !w.render.oom && !w.text.oom && !ctx->out.oom;
    ws->render = w.render;
    ws->text = w.text;
    ws->sorted = w.sorted;
    ws->seg = w.seg;
    ws->cap = w.sorted_cap < w.seg_cap ? w.sorted_cap : w.seg_cap;
    ws->open = w.open;
    ws->open_cap = w.open_cap;
    if (st)
        return st;
    if (!ok)
        sgft__write_release(ctx);
    return ok ? 0 : SGFT_ENOMEM;
}

void sgft__write_release(sgft_ctx *ctx) {
    struct write_scratch *ws = &ctx->wscratch;
    sgft__buf_free(&ws->render);
    sgft__buf_free(&ws->text);
    free(ws->sorted);
    free(ws->seg);
    free(ws->open);
    memset(ws, 0, sizeof *ws);
}

int sgft__flush_output(sgft_ctx *ctx) {
    if (!ctx->out.len)
        return 0;
    int r = ctx->write(ctx->write_data, ctx->out.data, ctx->out.len);
    ctx->out.len = 0;
    return r < 0 ? SGFT_EWRITE : 0;
}
