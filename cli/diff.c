/* diff.c - --diff: a unified diff (three lines of context) between a file
 * and its normalized form, as patch(1) reads it.  Lines are compared with
 * Myers' O(ND) algorithm in linear space; its divide and conquer runs on
 * a list of ranges of its own, not by recursion. */
#include "cli.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct line {
    const char *s;
    size_t len; /* with its '\n' */
    uint32_t h;
} line;

typedef struct side {
    line *v;
    long n;
    char *changed; /* per line: deleted (a) or inserted (b) */
} side;

static int split_lines(const char *s, size_t len, side *out) {
    size_t cap = 64;
    out->n = 0;
    out->v = malloc(cap * sizeof *out->v);
    if (!out->v)
        return -1;
    size_t i = 0;
    while (i < len) {
        const char *nl = memchr(s + i, '\n', len - i);
        size_t l = nl ? (size_t)(nl - (s + i)) + 1 : len - i;
        if ((size_t)out->n == cap) {
            cap *= 2;
            line *v = realloc(out->v, cap * sizeof *v);
            if (!v)
                return -1;
            out->v = v;
        }
        uint32_t h = 2166136261u;
        for (size_t k = 0; k < l; k++)
            h = (h ^ (unsigned char)s[i + k]) * 16777619u;
        out->v[out->n++] = (line){s + i, l, h};
        i += l;
    }
    out->changed = calloc((size_t)out->n + 1, 1);
    return out->changed ? 0 : -1;
}

static bool same(const line *x, const line *y) {
    return x->h == y->h && x->len == y->len && memcmp(x->s, y->s, x->len) == 0;
}

/* The middle snake of a[0..n) and b[0..m) (Myers; the bisection of
 * diff-match-patch): a point (x, y) on an optimal path, strictly inside
 * the problem.  false when there is none (then all of a is deleted and
 * all of b inserted). */
static bool bisect(const line *a, long n, const line *b, long m, long *v1,
                   long *v2, long *sx, long *sy) {
    long max_d = (n + m + 1) / 2, off = max_d, vlen = 2 * max_d;
    for (long i = 0; i < vlen; i++)
        v1[i] = v2[i] = -1;
    v1[off + 1] = 0;
    v2[off + 1] = 0;
    long delta = n - m;
    bool front = delta % 2 != 0;
    long k1start = 0, k1end = 0, k2start = 0, k2end = 0;
    for (long d = 0; d < max_d; d++) {
        for (long k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
            long k1o = off + k1, x1;
            if (k1 == -d || (k1 != d && v1[k1o - 1] < v1[k1o + 1]))
                x1 = v1[k1o + 1];
            else
                x1 = v1[k1o - 1] + 1;
            long y1 = x1 - k1;
            while (x1 < n && y1 < m && same(&a[x1], &b[y1])) {
                x1++;
                y1++;
            }
            v1[k1o] = x1;
            if (x1 > n) {
                k1end += 2;
            } else if (y1 > m) {
                k1start += 2;
            } else if (front) {
                long k2o = off + delta - k1;
                if (k2o >= 0 && k2o < vlen && v2[k2o] != -1 &&
                    x1 >= n - v2[k2o]) {
                    *sx = x1;
                    *sy = y1;
                    return true;
                }
            }
        }
        for (long k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
            long k2o = off + k2, x2;
            if (k2 == -d || (k2 != d && v2[k2o - 1] < v2[k2o + 1]))
                x2 = v2[k2o + 1];
            else
                x2 = v2[k2o - 1] + 1;
            long y2 = x2 - k2;
            while (x2 < n && y2 < m &&
                   same(&a[n - x2 - 1], &b[m - y2 - 1])) {
                x2++;
                y2++;
            }
            v2[k2o] = x2;
            if (x2 > n) {
                k2end += 2;
            } else if (y2 > m) {
                k2start += 2;
            } else if (!front) {
                long k1o = off + delta - k2;
                if (k1o >= 0 && k1o < vlen && v1[k1o] != -1) {
                    long x1 = v1[k1o], y1 = off + x1 - k1o;
                    if (x1 >= n - x2) {
                        *sx = x1;
                        *sy = y1;
                        return true;
                    }
                }
            }
        }
    }
    return false;
}

typedef struct range {
    long a0, a1, b0, b1;
} range;

/* Marks the lines of a deleted and of b inserted by a shortest edit
 * script.  -1 when out of memory. */
static int compare_lines(side *a, side *b) {
    long max_d = (a->n + b->n + 1) / 2;
    long *v1 = malloc((size_t)(2 * max_d + 2) * sizeof *v1);
    long *v2 = malloc((size_t)(2 * max_d + 2) * sizeof *v2);
    size_t cap = 64, top = 0;
    range *st = malloc(cap * sizeof *st);
    if (!v1 || !v2 || !st) {
        free(v1);
        free(v2);
        free(st);
        return -1;
    }
    st[top++] = (range){0, a->n, 0, b->n};
    while (top) {
        range r = st[--top];
        while (r.a0 < r.a1 && r.b0 < r.b1 && same(&a->v[r.a0], &b->v[r.b0])) {
            r.a0++;
            r.b0++;
        }
        while (r.a0 < r.a1 && r.b0 < r.b1 &&
               same(&a->v[r.a1 - 1], &b->v[r.b1 - 1])) {
            r.a1--;
            r.b1--;
        }
        long x, y;
        if (r.a0 == r.a1 || r.b0 == r.b1 ||
            !bisect(a->v + r.a0, r.a1 - r.a0, b->v + r.b0, r.b1 - r.b0, v1,
                    v2, &x, &y) ||
            (x == 0 && y == 0) || (x == r.a1 - r.a0 && y == r.b1 - r.b0)) {
            memset(a->changed + r.a0, 1, (size_t)(r.a1 - r.a0));
            memset(b->changed + r.b0, 1, (size_t)(r.b1 - r.b0));
            continue;
        }
        if (top + 2 > cap) {
            cap *= 2;
            range *s = realloc(st, cap * sizeof *s);
            if (!s) {
                free(v1);
                free(v2);
                free(st);
                return -1;
            }
            st = s;
        }
        st[top++] = (range){r.a0 + x, r.a1, r.b0 + y, r.b1};
        st[top++] = (range){r.a0, r.a0 + x, r.b0, r.b0 + y};
    }
    free(v1);
    free(v2);
    free(st);
    return 0;
}

enum { CONTEXT = 3 };

#define RED "\033[31m"
#define GREEN "\033[32m"
#define CYAN "\033[36m"
#define BOLD "\033[1m"
#define RESET "\033[0m"

static void put_line(FILE *f, char mark, const line *l, bool colour) {
    const char *c = !colour ? "" : mark == '-' ? RED : mark == '+' ? GREEN : "";
    bool nl = l->len && l->s[l->len - 1] == '\n';
    fprintf(f, "%s%c", c, mark);
    fwrite(l->s, 1, nl ? l->len - 1 : l->len, f);
    fputs(*c ? RESET "\n" : "\n", f);
    if (!nl)
        fputs("\\ No newline at end of file\n", f);
}

/* "-start,count" as diff prints it: ",1" left out; an empty range
 * names the line before it. */
static void put_range(FILE *f, char sign, long start, long count) {
    if (count == 1)
        fprintf(f, "%c%ld", sign, start + 1);
    else
        fprintf(f, "%c%ld,%ld", sign, count ? start + 1 : start, count);
}

void print_diff(FILE *f, const char *name, const char *ta, size_t alen,
                const char *tb, size_t blen, bool colour) {
    side a = {0}, b = {0};
    if (split_lines(ta, alen, &a) < 0 || split_lines(tb, blen, &b) < 0 ||
        compare_lines(&a, &b) < 0) {
        fprintf(stderr, "sgftidy: out of memory\n");
        goto end;
    }
    /* The script as one sequence of ' ', '-' and '+'. */
    size_t nops = 0;
    char *ops = malloc((size_t)(a.n + b.n) + 1);
    if (!ops) {
        fprintf(stderr, "sgftidy: out of memory\n");
        goto end;
    }
    for (long i = 0, j = 0; i < a.n || j < b.n;) {
        if (i < a.n && a.changed[i]) {
            ops[nops++] = '-';
            i++;
        } else if (j < b.n && b.changed[j]) {
            ops[nops++] = '+';
            j++;
        } else {
            ops[nops++] = ' ';
            i++;
            j++;
        }
    }
    for (int k = 0; k < 2; k++) {
        fprintf(f, "%s%s ", colour ? BOLD : "", k ? "+++" : "---");
        sgft_print_name(f, name);
        fprintf(f, "%s\n", colour ? RESET : "");
    }
    long ia = 0, ib = 0; /* lines before op k */
    size_t k = 0;
    while (k < nops) {
        if (ops[k] == ' ') {
            ia++;
            ib++;
            k++;
            continue;
        }
        /* A hunk: from CONTEXT lines before this change to CONTEXT lines
         * after the last change that is less than 2 * CONTEXT + 1 lines
         * from the next one. */
        size_t first = k, back = 0;
        while (first > 0 && back < CONTEXT && ops[first - 1] == ' ') {
            first--;
            back++;
        }
        size_t last = k; /* one past the hunk */
        size_t gap = 0;
        for (size_t q = k; q < nops; q++) {
            if (ops[q] == ' ') {
                if (++gap > 2 * CONTEXT)
                    break;
            } else {
                gap = 0;
                last = q + 1;
            }
        }
        size_t end = last;
        for (size_t t = 0; t < CONTEXT && end < nops && ops[end] == ' '; t++)
            end++;
        long sa = ia - (long)back, sb = ib - (long)back, na = 0, nb = 0;
        for (size_t q = first; q < end; q++) {
            na += ops[q] != '+';
            nb += ops[q] != '-';
        }
        fputs(colour ? CYAN "@@ " : "@@ ", f);
        put_range(f, '-', sa, na);
        fputc(' ', f);
        put_range(f, '+', sb, nb);
        fputs(colour ? " @@" RESET "\n" : " @@\n", f);
        long pa = sa, pb = sb;
        for (size_t q = first; q < end; q++) {
            if (ops[q] == '-')
                put_line(f, '-', &a.v[pa++], colour);
            else if (ops[q] == '+')
                put_line(f, '+', &b.v[pb++], colour);
            else {
                put_line(f, ' ', &a.v[pa++], colour);
                pb++;
            }
        }
        ia = pa;
        ib = pb;
        k = end;
    }
    free(ops);
end:
    free(a.v);
    free(a.changed);
    free(b.v);
    free(b.changed);
}
