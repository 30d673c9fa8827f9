/* diff.c - --diff: a unified diff (three lines of context) between a file
 * and its normalized form, as patch(1) and git apply read it.
 *
 * Each line is hashed once and given the number of its class (equal
 * lines, equal numbers), so that a line of any length costs its length
 * once; from then on lines are compared as numbers.  The edit script is
 * found on a list of ranges of the two files (no recursion):
 *   - the lines both ends of a range have in common are taken off;
 *   - a range whose two sides share no line is all deleted and inserted;
 *   - a small range gets Myers' O(ND) bisection (a shortest script);
 *   - a large one is cut at the lines that occur once on each side, in
 *     the longest run in which they keep their order (patience diff);
 *     without such lines, at Myers' middle snake, or, once the search
 *     has cost CAP steps of d, at the furthest point it reached (as GNU
 *     diff's heuristic does).
 * Every step is paid from a budget in proportion to the files' lines;
 * when it is spent, each range left is deleted and inserted as a whole.
 * The diff is then longer than it need be, never wrong, and its cost
 * stays linear in the input. */
#include "cli.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct line {
    const char *s;
    size_t len; /* with its '\n' */
} line;

typedef struct side {
    line *v;
    size_t n;
    size_t *id;    /* per line: its class */
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
        if (out->n == cap) {
            cap *= 2;
            line *v = realloc(out->v, cap * sizeof *v);
            if (!v)
                return -1;
            out->v = v;
        }
        out->v[out->n++] = (line){s + i, l};
        i += l;
    }
    out->id = malloc((out->n + 1) * sizeof *out->id);
    out->changed = calloc(out->n + 1, 1);
    return out->id && out->changed ? 0 : -1;
}

/* --- classes of equal lines ----------------------------------------------- */

/* A hash of the n bytes at s, eight at a time. */
static uint64_t hash_bytes(const char *s, size_t n) {
    uint64_t h = 0x243F6A8885A308D3u ^ n;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15u;
        h ^= h >> 31;
        s += 8;
        n -= 8;
    }
    uint64_t w = 0;
    memcpy(&w, s, n);
    h = (h ^ w) * 0x9E3779B97F4A7C15u;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9u;
    return h ^ (h >> 32);
}

typedef struct classes {
    size_t n;          /* classes so far */
    const line **rep;  /* per class: its first line */
    uint64_t *hash;    /* per class */
    size_t *slot;      /* open addressing: class + 1, or 0 */
    size_t mask;
} classes;

/* Gives each line of s its class number in s->id.  -1 when out of
 * memory. */
static int classify(classes *c, side *s) {
    for (size_t i = 0; i < s->n; i++) {
        const line *l = &s->v[i];
        uint64_t h = hash_bytes(l->s, l->len);
        size_t k = (size_t)h & c->mask;
        for (;;) {
            size_t e = c->slot[k];
            if (!e) {
                c->slot[k] = c->n + 1;
                c->rep[c->n] = l;
                c->hash[c->n] = h;
                s->id[i] = c->n++;
                break;
            }
            const line *r = c->rep[e - 1];
            if (c->hash[e - 1] == h && r->len == l->len &&
                memcmp(r->s, l->s, l->len) == 0) {
                s->id[i] = e - 1;
                break;
            }
            k = (k + 1) & c->mask;
        }
    }
    return 0;
}

/* --- the edit script ------------------------------------------------------ */

/* A range of at most SMALL lines gets Myers alone; Myers settles for a
 * good point after CAP steps of d (SMALL <= 2 * CAP: a small range always
 * gets a shortest script); the budget is BUDGET_PER_LINE steps per line
 * and BUDGET_FLOOR more.  The tests build the engine with small ones, so
 * that small inputs take every path. */
#ifndef DIFF_SMALL
#define DIFF_SMALL 2048
#endif
#ifndef DIFF_CAP
#define DIFF_CAP 1024
#endif
#ifndef DIFF_BUDGET_PER_LINE
#define DIFF_BUDGET_PER_LINE 64
#endif
#ifndef DIFF_BUDGET_FLOOR
#define DIFF_BUDGET_FLOOR (1LL << 24)
#endif
enum { SMALL = DIFF_SMALL, CAP = DIFF_CAP };

typedef struct range {
    size_t a0, a1, b0, b1;
} range;

typedef struct engine {
    const size_t *a, *b; /* class numbers */
    char *ca, *cb;
    long long budget;    /* steps of work left */
    unsigned char *cnt_a, *cnt_b; /* per class: 0, 1, 2 (or more) */
    size_t *pos_b;       /* per class: its last line in b's range */
    size_t *pa, *pb;     /* the unique pairs of a range */
    size_t *tail, *prev; /* their longest increasing run */
    long *fd, *bd;       /* Myers: the furthest x per diagonal */
    range *st;
    size_t top, cap;
} engine;

static int push(engine *e, size_t a0, size_t a1, size_t b0, size_t b1) {
    if (e->top == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 64;
        range *s = realloc(e->st, cap * sizeof *s);
        if (!s)
            return -1;
        e->st = s;
        e->cap = cap;
    }
    e->st[e->top++] = (range){a0, a1, b0, b1};
    return 0;
}

static void mark(engine *e, const range *r) {
    memset(e->ca + r->a0, 1, r->a1 - r->a0);
    memset(e->cb + r->b0, 1, r->b1 - r->b0);
}

/* Counts the lines of the range per class; stores in e->pa, e->pb the
 * lines that occur once in a's part and once in b's, in a's order, and
 * returns how many (SIZE_MAX when the two parts share no line). */
static size_t unique_pairs(engine *e, const range *r) {
    const size_t *a = e->a, *b = e->b;
    for (size_t j = r->b0; j < r->b1; j++) {
        size_t c = b[j];
        if (e->cnt_b[c] < 2)
            e->cnt_b[c]++;
        e->pos_b[c] = j;
    }
    for (size_t i = r->a0; i < r->a1; i++)
        if (e->cnt_a[a[i]] < 2)
            e->cnt_a[a[i]]++;
    size_t k = 0;
    bool common = false;
    for (size_t i = r->a0; i < r->a1; i++) {
        size_t c = a[i];
        common |= e->cnt_b[c] != 0;
        if (e->cnt_a[c] == 1 && e->cnt_b[c] == 1) {
            e->pa[k] = i;
            e->pb[k++] = e->pos_b[c];
        }
    }
    for (size_t i = r->a0; i < r->a1; i++)
        e->cnt_a[a[i]] = 0;
    for (size_t j = r->b0; j < r->b1; j++)
        e->cnt_b[b[j]] = 0;
    return common ? k : SIZE_MAX;
}

/* Patience: the longest run of the k pairs whose b lines increase (by
 * the piles of patience sorting), and the ranges between them on the
 * list.  The pairs of the run are lines kept. */
static int split_at_pairs(engine *e, const range *r, size_t k) {
    size_t piles = 0;
    for (size_t q = 0; q < k; q++) {
        size_t lo = 0, hi = piles; /* the first pile whose top is >= */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (e->pb[e->tail[mid]] < e->pb[q])
                lo = mid + 1;
            else
                hi = mid;
        }
        e->prev[q] = lo ? e->tail[lo - 1] : SIZE_MAX;
        e->tail[lo] = q;
        if (lo == piles)
            piles++;
    }
    /* From the last pair of the run back to its first. */
    size_t a1 = r->a1, b1 = r->b1;
    for (size_t q = e->tail[piles - 1]; q != SIZE_MAX; q = e->prev[q]) {
        if (push(e, e->pa[q] + 1, a1, e->pb[q] + 1, b1) < 0)
            return -1;
        a1 = e->pa[q];
        b1 = e->pb[q];
    }
    return push(e, r->a0, a1, r->b0, b1);
}

/* Myers' bisection of a[0..n) and b[0..m), both not empty and with
 * different first and last lines: a point (*x, *y) on a shortest path,
 * or, after CAP steps of d or when the budget is spent, the point of
 * the furthest path found from either end.  Diagonal k (x - y) of the
 * forward search is FD(k), of the backward one BD(k): e->fd and e->bd
 * from the middle diagonal of each, 2 * CAP + 5 entries. */
static void bisect(engine *e, const size_t *a, long n, const size_t *b,
                   long m, long *x_out, long *y_out) {
    long dmin = -m, dmax = n, fmid = 0, bmid = n - m;
    long fo = fmid - CAP - 2, bo = bmid - CAP - 2;
#define FD(k) e->fd[(k) - fo]
#define BD(k) e->bd[(k) - bo]
    bool odd = (n - m) % 2 != 0;
    long fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
    FD(fmid) = 0;
    BD(bmid) = n;
    for (long c = 1;; c++) {
        if (fmin > dmin)
            FD(--fmin - 1) = -1;
        else
            fmin++;
        if (fmax < dmax)
            FD(++fmax + 1) = -1;
        else
            fmax--;
        for (long k = fmin; k <= fmax; k += 2) {
            long lo = FD(k - 1), hi = FD(k + 1);
            long x = lo >= hi ? lo + 1 : hi, y = x - k, x0 = x;
            while (x < n && y < m && a[x] == b[y]) {
                x++;
                y++;
            }
            e->budget -= 1 + (x - x0);
            FD(k) = x;
            if (odd && bmin <= k && k <= bmax && BD(k) <= x) {
                *x_out = x;
                *y_out = y;
                return;
            }
        }
        if (bmin > dmin)
            BD(--bmin - 1) = LONG_MAX;
        else
            bmin++;
        if (bmax < dmax)
            BD(++bmax + 1) = LONG_MAX;
        else
            bmax--;
        for (long k = bmax; k >= bmin; k -= 2) {
            long lo = BD(k - 1), hi = BD(k + 1);
            long x = lo < hi ? lo : hi - 1, y = x - k, x0 = x;
            while (x > 0 && y > 0 && a[x - 1] == b[y - 1]) {
                x--;
                y--;
            }
            e->budget -= 1 + (x0 - x);
            BD(k) = x;
            if (!odd && fmin <= k && k <= fmax && x <= FD(k)) {
                *x_out = FD(k);
                *y_out = FD(k) - k;
                return;
            }
        }
        if (c < CAP && e->budget > 0)
            continue;
        /* Too costly: the forward point of largest x + y, or the
         * backward one of smallest, whichever went further. */
        long fbest = -1, fx = 0, bbest = LONG_MAX, bx = n;
        for (long k = fmax; k >= fmin; k -= 2) {
            long x = FD(k) < n ? FD(k) : n, y = x - k;
            if (y > m) {
                x = m + k;
                y = m;
            }
            if (x + y > fbest) {
                fbest = x + y;
                fx = x;
            }
        }
        for (long k = bmax; k >= bmin; k -= 2) {
            long x = BD(k) > 0 ? BD(k) : 0, y = x - k;
            if (y < 0) {
                x = k;
                y = 0;
            }
            if (x + y < bbest) {
                bbest = x + y;
                bx = x;
            }
        }
        if (fbest >= n + m - bbest) {
            *x_out = fx;
            *y_out = fbest - fx;
        } else {
            *x_out = bx;
            *y_out = bbest - bx;
        }
        return;
    }
#undef FD
#undef BD
}

/* Works off the list of ranges: marks the lines of a deleted and of b
 * inserted. */
static int run_engine(engine *e) {
    while (e->top) {
        range r = e->st[--e->top];
        while (r.a0 < r.a1 && r.b0 < r.b1 && e->a[r.a0] == e->b[r.b0]) {
            r.a0++;
            r.b0++;
        }
        while (r.a0 < r.a1 && r.b0 < r.b1 &&
               e->a[r.a1 - 1] == e->b[r.b1 - 1]) {
            r.a1--;
            r.b1--;
        }
        size_t na = r.a1 - r.a0, nb = r.b1 - r.b0;
        if (!na || !nb || e->budget <= 0) {
            mark(e, &r);
            continue;
        }
        e->budget -= (long long)(na + nb);
        size_t k = unique_pairs(e, &r);
        if (k == SIZE_MAX) {
            mark(e, &r);
            continue;
        }
        if (na + nb > SMALL && k > 0) {
            if (split_at_pairs(e, &r, k) < 0)
                return -1;
            continue;
        }
        long x, y;
        bisect(e, e->a + r.a0, (long)na, e->b + r.b0, (long)nb, &x, &y);
        if (x < 0 || y < 0 || x > (long)na || y > (long)nb ||
            (x == 0 && y == 0) || (x == (long)na && y == (long)nb)) {
            mark(e, &r);
            continue;
        }
        if (push(e, r.a0 + (size_t)x, r.a1, r.b0 + (size_t)y, r.b1) < 0 ||
            push(e, r.a0, r.a0 + (size_t)x, r.b0, r.b0 + (size_t)y) < 0)
            return -1;
    }
    return 0;
}

/* Marks the lines of a deleted and of b inserted.  -1 when out of
 * memory. */
static int compare_lines(side *a, side *b) {
    size_t n = a->n + b->n, size = 16;
    while (size < 2 * n)
        size *= 2;
    classes c = {0, malloc((n + 1) * sizeof *c.rep),
                 malloc((n + 1) * sizeof *c.hash),
                 calloc(size, sizeof *c.slot), size - 1};
    engine e = {0};
    int st = -1;
    if (!c.rep || !c.hash || !c.slot)
        goto end;
    classify(&c, a);
    classify(&c, b);
    free(c.slot);
    c.slot = NULL;
    e.a = a->id;
    e.b = b->id;
    e.ca = a->changed;
    e.cb = b->changed;
    e.budget = DIFF_BUDGET_PER_LINE * (long long)n + DIFF_BUDGET_FLOOR;
    e.cnt_a = calloc(c.n + 1, 1);
    e.cnt_b = calloc(c.n + 1, 1);
    e.pos_b = malloc((c.n + 1) * sizeof *e.pos_b);
    e.pa = malloc((a->n + 1) * sizeof *e.pa);
    e.pb = malloc((a->n + 1) * sizeof *e.pb);
    e.tail = malloc((a->n + 1) * sizeof *e.tail);
    e.prev = malloc((a->n + 1) * sizeof *e.prev);
    e.fd = malloc((2 * CAP + 5) * sizeof *e.fd);
    e.bd = malloc((2 * CAP + 5) * sizeof *e.bd);
    if (!e.cnt_a || !e.cnt_b || !e.pos_b || !e.pa || !e.pb || !e.tail ||
        !e.prev || !e.fd || !e.bd || push(&e, 0, a->n, 0, b->n) < 0)
        goto end;
    st = run_engine(&e);
end:
    free(c.rep);
    free(c.hash);
    free(c.slot);
    free(e.cnt_a);
    free(e.cnt_b);
    free(e.pos_b);
    free(e.pa);
    free(e.pb);
    free(e.tail);
    free(e.prev);
    free(e.fd);
    free(e.bd);
    free(e.st);
    return st;
}

/* --- the unified diff ----------------------------------------------------- */

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
static void put_range(FILE *f, char sign, size_t start, size_t count) {
    if (count == 1)
        fprintf(f, "%c%zu", sign, start + 1);
    else
        fprintf(f, "%c%zu,%zu", sign, count ? start + 1 : start, count);
}

/* The name of a "---" or "+++" line, as GNU diff writes it and GNU patch
 * and git apply read it: as it is, or, when it holds a space, a control
 * character, a byte outside ASCII, '"' or '\\', in double quotes with C
 * escapes (\t, \n, \", \\, \ooo...).  A tab ends it either way. */
static void put_header_name(FILE *f, const char *name) {
    const unsigned char *p = (const unsigned char *)name;
    bool quote = false;
    for (; *p; p++)
        if (*p <= ' ' || *p >= 0x7F || *p == '"' || *p == '\\')
            quote = true;
    if (!quote) {
        fputs(name, f);
        return;
    }
    static const char from[] = "\a\b\t\n\v\f\r\"\\", to[] = "abtnvfr\"\\";
    fputc('"', f);
    for (p = (const unsigned char *)name; *p; p++) {
        const char *e = *p ? strchr(from, *p) : NULL;
        if (e)
            fprintf(f, "\\%c", to[e - from]);
        else if (*p < ' ' || *p >= 0x7F)
            fprintf(f, "\\%03o", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

void print_diff(FILE *f, const char *name, const char *ta, size_t alen,
                const char *tb, size_t blen, bool colour) {
    side a = {0}, b = {0};
    char *ops = NULL;
    if (split_lines(ta, alen, &a) < 0 || split_lines(tb, blen, &b) < 0 ||
        compare_lines(&a, &b) < 0 || !(ops = malloc(a.n + b.n + 1))) {
        fprintf(stderr, "sgftidy: out of memory\n");
        goto end;
    }
    /* The script as one sequence of ' ', '-' and '+'. */
    size_t nops = 0;
    for (size_t i = 0, j = 0; i < a.n || j < b.n;) {
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
        put_header_name(f, name);
        fprintf(f, "\t%s\n", colour ? RESET : "");
    }
    size_t ia = 0, ib = 0; /* lines before op k */
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
        size_t sa = ia - back, sb = ib - back, na = 0, nb = 0;
        for (size_t q = first; q < end; q++) {
            na += ops[q] != '+';
            nb += ops[q] != '-';
        }
        fputs(colour ? CYAN "@@ " : "@@ ", f);
        put_range(f, '-', sa, na);
        fputc(' ', f);
        put_range(f, '+', sb, nb);
        fputs(colour ? " @@" RESET "\n" : " @@\n", f);
        size_t pa = sa, pb = sb;
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
end:
    free(ops);
    free(a.v);
    free(a.id);
    free(a.changed);
    free(b.v);
    free(b.id);
    free(b.changed);
}
