/* dump.c - a plain listing of the content of a game tree, for tests that
 * compare the content of two files (--dump-tree): one line per node with
 * its pre-order number and its parent's, then one line per property,
 * properties sorted by identifier, values decoded and in a form that does
 * not depend on how they were written: Text and SimpleText without escapes
 * or soft breaks, composed text parts likewise, Numbers and Reals in
 * canonical form, point lists expanded and sorted; other values as read.
 * The tree is dumped as parsed, before any check. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends s with '\', ']' and line breaks made visible. */
static void put_visible(buf *out, const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '\n')
            sgft__buf_puts(out, "\\n");
        else if (c == '\r')
            sgft__buf_puts(out, "\\r");
        else {
            if (c == '\\' || c == ']')
                sgft__buf_putc(out, '\\');
            sgft__buf_putc(out, c);
        }
    }
}

static int point_cmp(const void *a, const void *b) {
    const unsigned char *p = a, *q = b;
    return p[0] != q[0] ? p[0] - q[0] : p[1] - q[1];
}

/* The points of a point list, expanded and sorted, as "[xy][xy]"; false
 * when a value is not a point or rectangle of letters. */
static bool dump_points(sgft_ctx *ctx, buf *out, const prop *p) {
    size_t count = 0, cap = 0;
    unsigned char(*pts)[2] = NULL;
    for (const value *v = p->values; v; v = v->next) {
        const char *s = value_bytes(ctx, v);
        int c[4];
        size_t n = v->len;
        if (n != 2 && !(n == 5 && s[2] == ':'))
            goto fail;
        for (size_t i = 0, j = 0; i < n; i++) {
            if (i == 2)
                continue;
            c[j++] = sgft__point_coord(s[i]);
            if (c[j - 1] < 0)
                goto fail;
        }
        if (n == 2)
            c[2] = c[0], c[3] = c[1];
        int lx = c[0] < c[2] ? c[0] : c[2], hx = c[0] < c[2] ? c[2] : c[0];
        int ly = c[1] < c[3] ? c[1] : c[3], hy = c[1] < c[3] ? c[3] : c[1];
        for (int x = lx; x <= hx; x++)
            for (int y = ly; y <= hy; y++) {
                if (count == cap) {
                    cap = cap ? cap * 2 : 64;
                    void *q = realloc(pts, cap * sizeof *pts);
                    if (!q)
                        goto fail;
                    pts = q;
                }
                pts[count][0] = (unsigned char)x;
                pts[count][1] = (unsigned char)y;
                count++;
            }
    }
    qsort(pts, count, sizeof *pts, point_cmp);
    for (size_t i = 0; i < count; i++) {
        if (i && pts[i][0] == pts[i - 1][0] && pts[i][1] == pts[i - 1][1])
            continue;
        char t[4] = {'[', sgft__coord_char(pts[i][0]),
                     sgft__coord_char(pts[i][1]), ']'};
        sgft__buf_put(out, t, 4);
    }
    free(pts);
    return true;
fail:
    free(pts);
    return false;
}

static void dump_value(sgft_ctx *ctx, buf *out, buf *tmp, const prop *p,
                       const value *v) {
    value_type vt = p->id == P_UNKNOWN ? VT_NONE : sgft__props[p->id].vt;
    const char *raw = value_bytes(ctx, v);
    tmp->len = 0;
    if (p->id != P_UNKNOWN && sgft__props[p->id].repair) {
        sgft__text_decode(tmp, raw, v->len, true, SGFT_LB_HARD);
        buf canon;
        sgft__buf_init(&canon);
        if (sgft__props[p->id].repair(tmp->data ? tmp->data : "", tmp->len, &canon) ==
            GI_OK) {
            put_visible(out, canon.data ? canon.data : "", canon.len);
            sgft__buf_free(&canon);
            return;
        }
        sgft__buf_free(&canon);
        tmp->len = 0;
    }
    if (p->id != P_UNKNOWN && (vt == VT_NUMBER || vt == VT_REAL)) {
        vresult r = vt == VT_NUMBER ? sgft__val_number(raw, v->len, tmp)
                                    : sgft__val_real(raw, v->len, tmp);
        if (r == VR_OK) {
            put_visible(out, tmp->data, tmp->len);
            return;
        }
        tmp->len = 0;
    }
    if (p->id != P_UNKNOWN && (vt == VT_TEXT || vt == VT_SIMPLETEXT)) {
        sgft__text_decode(tmp, raw, v->len, vt == VT_SIMPLETEXT,
                          ctx->opt.linebreaks);
        put_visible(out, tmp->data ? tmp->data : "", tmp->len);
        return;
    }
    if (p->id != P_UNKNOWN &&
        (vt == VT_APP || vt == VT_LABEL || vt == VT_FIGURE)) {
        size_t colon = sgft__compose_split(raw, v->len);
        if (colon < v->len) {
            sgft__text_decode(tmp, raw, colon, true, SGFT_LB_HARD);
            put_visible(out, tmp->data ? tmp->data : "", tmp->len);
            sgft__buf_puts(out, "]:[");
            tmp->len = 0;
            sgft__text_decode(tmp, raw + colon + 1, v->len - colon - 1, true,
                              SGFT_LB_HARD);
            put_visible(out, tmp->data ? tmp->data : "", tmp->len);
            return;
        }
    }
    put_visible(out, raw, v->len);
}

int sgft__dump_tree(sgft_ctx *ctx, game_tree *tree) {
    buf *out = &ctx->out;
    buf tmp;
    sgft__buf_init(&tmp);
    prop **sorted = NULL;
    size_t cap = 0;
    unsigned long index = 0;
    char line[96];

    snprintf(line, sizeof line, "tree %u\n", tree->index);
    sgft__buf_puts(out, line);
    /* Pre-order numbers: a node's parent was numbered before it; the
     * parent's number is kept in a side array indexed by visit order. */
    size_t nstack = 0, stack_cap = 0;
    struct { node *n; unsigned long index; } *stack = NULL;
    for (node *n = tree->root; n; n = sgft__node_next_preorder(n)) {
        while (nstack && stack[nstack - 1].n != n->parent)
            nstack--;
        unsigned long parent = nstack ? stack[nstack - 1].index : 0;
        index++;
        if (nstack == stack_cap) {
            stack_cap = stack_cap ? stack_cap * 2 : 64;
            void *s = realloc(stack, stack_cap * sizeof *stack);
            if (!s)
                goto oom;
            stack = s;
        }
        stack[nstack].n = n;
        stack[nstack].index = index;
        nstack++;
        snprintf(line, sizeof line, "node %lu parent %lu\n", index, parent);
        sgft__buf_puts(out, line);

        size_t count = 0;
        for (prop *p = n->props; p; p = p->next)
            count++;
        if (count > cap) {
            cap = count * 2;
            prop **s = realloc(sorted, cap * sizeof *s);
            if (!s)
                goto oom;
            sorted = s;
        }
        count = 0;
        for (prop *p = n->props; p; p = p->next)
            sorted[count++] = p;
        if (count > 1)
            qsort(sorted, count, sizeof *sorted, sgft__prop_name_cmp);
        for (size_t i = 0; i < count; i++) {
            sgft__buf_puts(out, "  ");
            sgft__buf_puts(out, sorted[i]->name);
            const prop *p = sorted[i];
            size_t mark = out->len;
            if (p->id != P_UNKNOWN &&
                (sgft__props[p->id].flags & (PF_LIST | PF_ELIST)) &&
                (sgft__props[p->id].vt == VT_POINT ||
                 sgft__props[p->id].vt == VT_STONE)) {
                if (dump_points(ctx, out, p)) {
                    sgft__buf_putc(out, '\n');
                    continue;
                }
                out->len = mark;
            }
            for (value *v = sorted[i]->values; v; v = v->next) {
                sgft__buf_putc(out, '[');
                dump_value(ctx, out, &tmp, sorted[i], v);
                sgft__buf_putc(out, ']');
            }
            sgft__buf_putc(out, '\n');
        }
    }
    free(stack);
    free(sorted);
    sgft__buf_free(&tmp);
    return out->oom || tmp.oom ? SGFT_ENOMEM : 0;
oom:
    free(stack);
    free(sorted);
    sgft__buf_free(&tmp);
    return SGFT_ENOMEM;
}
