/* foreign_emit.c - what the readers of other formats share (foreign.h):
 * the events of a game tree, SGF values made of plain text, the messages
 * at their place in the record, its lines. */
#include "foreign.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sgft__format_name(rec_format f) {
    switch (f) {
    case FMT_GIB:
        return "Tygem GIB";
    case FMT_NGF:
        return "WBaduk NGF";
    case FMT_UGF:
        return "PandaNet UGF";
    case FMT_SGF:
        break;
    }
    return "SGF";
}

/* --- events ------------------------------------------------------------- */

int sgft__fr_push(foreign *f, event_fn fn, const event *ev) {
    parser *p = f->p;
    int st = fn(p->sink_data, ev);
    if (st < 0) {
        if (!p->status)
            p->status = st;
        return st;
    }
    if (st > 0)
        p->paused = true;
    return p->status;
}

int sgft__fr_node_at(foreign *f, size_t at, unsigned long depth) {
    if (!f->has_node)
        depth = 0;
    else if (depth > f->depth + 1)
        depth = f->depth + 1;
    event ev = {.off = f->base + at, .depth = depth};
    f->has_node = true;
    f->depth = depth;
    return sgft__fr_push(f, f->p->sink->node, &ev);
}

int sgft__fr_node(foreign *f, size_t at) {
    return sgft__fr_node_at(f, at, f->has_node ? f->depth + 1 : 0);
}

int sgft__fr_prop(foreign *f, size_t at, const char *id) {
    size_t n = strlen(id);
    prop_id pid = sgft__prop_lookup(&f->p->ctx->pindex, id, n);
    f->prop = pid;
    event ev = {.off = f->base + at,
                .id = pid,
                .name = pid != P_UNKNOWN ? sgft__props[pid].id : id,
                .raw = id,
                .len = n};
    return sgft__fr_push(f, f->p->sink->prop, &ev);
}

int sgft__fr_value(foreign *f, size_t at, const char *text, size_t len) {
    buf *b = &f->value;
    sgft__buf_clear(b);
    bool nul = false;
    /* A value of a type that holds no '[' (a number, a point, a real)
     * that holds one all the same (a field not understood, kept as
     * written) would be cut there when the output is read again, as a
     * value that ran into SGF (107): its brackets become parentheses. */
    value_type vt = f->prop != P_UNKNOWN ? (value_type)sgft__props[f->prop].vt
                                         : VT_TEXT;
    bool plain = vt != VT_TEXT && vt != VT_SIMPLETEXT && vt != VT_APP &&
                 vt != VT_LABEL && vt != VT_FIGURE;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (plain && (c == '[' || c == ']'))
            c = c == '[' ? '(' : ')';
        if (c == ']' || c == '\\')
            sgft__buf_putc(b, '\\');
        if (!c) {
            /* as the SGF parser has it (22): no NUL reaches the output */
            c = ' ';
            nul = true;
        }
        sgft__buf_putc(b, c);
    }
    if (nul)
        sgft__fr_report(f, M_NUL_BYTE, at, NULL);
    if (b->oom) {
        f->p->status = SGFT_ENOMEM;
        return SGFT_ENOMEM;
    }
    event ev = {.off = f->base + at,
                .raw = b->data ? b->data : "",
                .len = b->len,
                .own = true};
    return sgft__fr_push(f, f->p->sink->value, &ev);
}

int sgft__fr_prop_text(foreign *f, size_t at, const char *id,
                       const char *text, size_t len) {
    int st = sgft__fr_prop(f, at, id);
    return st ? st : sgft__fr_value(f, at, text, len);
}

int sgft__fr_prop_fmt(foreign *f, size_t at, const char *id,
                      const char *fmt, ...) {
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return sgft__fr_prop_text(f, at, id, "", 0);
    if ((size_t)n < sizeof small)
        return sgft__fr_prop_text(f, at, id, small, (size_t)n);
    char *big = malloc((size_t)n + 1);
    if (!big)
        return f->p->status = SGFT_ENOMEM;
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    int st = sgft__fr_prop_text(f, at, id, big, (size_t)n);
    free(big);
    return st;
}

int sgft__fr_point(foreign *f, size_t at, const char *id, int x, int y,
                   int size) {
    int st = sgft__fr_prop(f, at, id);
    if (st)
        return st;
    if (x < 0 || y < 0)
        return sgft__fr_value(f, at, "", 0);
    static const char letters[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    (void)size;
    if (x >= 52 || y >= 52)
        return sgft__fr_value(f, at, "", 0);
    char v[2] = {letters[x], letters[y]};
    return sgft__fr_value(f, at, v, 2);
}

/* The fixed handicap points of n stones (2 to 9) on a board of size (7
 * or more), as AB: the corners from the top right, the third at the top
 * left, then on an odd board the sides and, for an odd n, the centre (on
 * the third line below 13, on the fourth from 13). */
int sgft__fr_handicap(foreign *f, size_t at, int n, int size) {
    int d = size >= 13 ? 3 : 2, lo = d, hi = size - 1 - d, mid = size / 2;
    int pts[9][2];
    int k = 0;
    pts[k][0] = hi, pts[k++][1] = lo;
    pts[k][0] = lo, pts[k++][1] = hi;
    if (n >= 3)
        pts[k][0] = lo, pts[k++][1] = lo;
    if (n >= 4)
        pts[k][0] = hi, pts[k++][1] = hi;
    if (size % 2) {
        if (n >= 6) {
            pts[k][0] = lo, pts[k++][1] = mid;
            pts[k][0] = hi, pts[k++][1] = mid;
        }
        if (n >= 8) {
            pts[k][0] = mid, pts[k++][1] = lo;
            pts[k][0] = mid, pts[k++][1] = hi;
        }
        if (n >= 5 && n % 2)
            pts[k][0] = mid, pts[k++][1] = mid;
    }
    static const char letters[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    int st = sgft__fr_prop(f, at, "AB");
    for (int i = 0; i < k && !st; i++) {
        char v[2] = {letters[pts[i][0]], letters[pts[i][1]]};
        st = sgft__fr_value(f, at, v, 2);
    }
    return st;
}

/* --- messages and lines ------------------------------------------------- */

void sgft__fr_report(foreign *f, msg_id code, size_t at, const report *r) {
    parser *p = f->p;
    if (!p->report_fn)
        return;
    report own = {0};
    if (r)
        own = *r;
    if (!own.detail && strstr(sgft_msg_text(code), "%d"))
        own.detail = sgft__format_name(f->format);
    if (at == SIZE_MAX)
        p->report_fn(p->report_data, code, false, 0, &own);
    else
        p->report_fn(p->report_data, code, true, f->base + at, &own);
}

bool sgft__fr_line(const foreign *f, size_t *at, const char **line,
                   size_t *len) {
    size_t i = *at;
    if (i >= f->len)
        return false;
    const char *s = f->s + i;
    const char *nl = memchr(s, '\n', f->len - i);
    size_t n = nl ? (size_t)(nl - s) : f->len - i;
    *at = i + n + (nl ? 1 : 0);
    if (n && s[n - 1] == '\r')
        n--;
    *line = s;
    *len = n;
    return true;
}

