/* diff_engine.c - the --diff engine (cli/diff.c) on generated inputs:
 * pairs of texts made by random edits (insertions, deletions, moved and
 * copied blocks, repeated lines, empty texts, a last line without its
 * line break, very long lines).  Each diff is applied here, strictly
 * (every context and deleted line must match), and must give the second
 * text; where the engine promises a shortest script (at most DIFF_SMALL
 * lines, budget left), its count of changed lines must be the one of a
 * longest common subsequence.
 *   diff-engine [CASES]          checks CASES pairs (default 3000)
 *   diff-engine -w DIR [CASES]   also writes DIR/N.a, N.b, N.diff (where
 *                                a and b differ), for patch(1) to apply
 * Exit status 0 when all pass, 1 otherwise. */
#include "config.h"
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#ifndef DIFF_SMALL
#define DIFF_SMALL 2048 /* as cli/diff.c */
#endif

static uint64_t rng = 88172645463325252u;
static unsigned rnd(unsigned n) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n ? (unsigned)(rng % n) : 0;
}

typedef struct text {
    char **line; /* each with its '\n', but maybe the last */
    size_t n, cap;
} text;

static void add(text *t, const char *s) {
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 16;
        t->line = realloc(t->line, t->cap * sizeof *t->line);
        if (!t->line)
            abort();
    }
    t->line[t->n++] = strdup(s);
}

static void add_random(text *t, unsigned vocab, bool long_lines) {
    char b[64];
    if (long_lines && rnd(50) == 0) {
        size_t len = 1000 + rnd(200000);
        char *s = malloc(len + 2);
        memset(s, 'a' + (int)rnd(3), len);
        s[len] = '\n';
        s[len + 1] = 0;
        add(t, s);
        free(s);
        return;
    }
    snprintf(b, sizeof b, "%s%u\n", rnd(8) ? "line " : "", rnd(vocab));
    add(t, b);
}

static char *join(const text *t, size_t *len) {
    size_t n = 0;
    for (size_t i = 0; i < t->n; i++)
        n += strlen(t->line[i]);
    char *s = malloc(n + 1), *p = s;
    for (size_t i = 0; i < t->n; i++) {
        size_t l = strlen(t->line[i]);
        memcpy(p, t->line[i], l);
        p += l;
    }
    *p = 0;
    *len = n;
    return s;
}

static void free_text(text *t) {
    for (size_t i = 0; i < t->n; i++)
        free(t->line[i]);
    free(t->line);
    *t = (text){0};
}

/* b: a after a few random edits. */
static void edit(const text *a, text *b, unsigned vocab, bool long_lines) {
    text t = {0};
    for (size_t i = 0; i < a->n; i++)
        add(&t, a->line[i]);
    unsigned edits = rnd(12);
    for (unsigned e = 0; e < edits; e++) {
        text u = {0};
        size_t at = t.n ? rnd((unsigned)t.n + 1) : 0;
        size_t len = rnd(8) + 1;
        switch (rnd(5)) {
        case 0: /* insert */
            for (size_t i = 0; i < t.n; i++) {
                if (i == at)
                    for (size_t k = 0; k < len; k++)
                        add_random(&u, vocab, long_lines);
                add(&u, t.line[i]);
            }
            if (at >= t.n)
                for (size_t k = 0; k < len; k++)
                    add_random(&u, vocab, long_lines);
            break;
        case 1: /* delete */
            for (size_t i = 0; i < t.n; i++)
                if (i < at || i >= at + len)
                    add(&u, t.line[i]);
            break;
        case 2:   /* move a block */
        case 3: { /* copy a block */
            size_t to = t.n ? rnd((unsigned)t.n + 1) : 0;
            bool move = rnd(2);
            for (size_t i = 0; i <= t.n; i++) {
                if (i == to)
                    for (size_t k = at; k < at + len && k < t.n; k++)
                        add(&u, t.line[k]);
                if (i < t.n && !(move && i >= at && i < at + len))
                    add(&u, t.line[i]);
            }
            break;
        }
        default: /* replace */
            for (size_t i = 0; i < t.n; i++) {
                if (i >= at && i < at + len)
                    add_random(&u, vocab, long_lines);
                else
                    add(&u, t.line[i]);
            }
            break;
        }
        free_text(&t);
        t = u;
    }
    *b = t;
}

/* Drops the last line break, if any. */
static void chop(text *t) {
    if (t->n) {
        char *s = t->line[t->n - 1];
        size_t l = strlen(s);
        if (l && s[l - 1] == '\n')
            s[l - 1] = 0;
    }
}

/* Applies the unified diff d to a: the result in *out, or NULL when the
 * diff does not apply or is malformed.  Counts its changed lines. */
static char *apply(const char *a, size_t alen, const char *d, size_t *outlen,
                   size_t *changed) {
    sgft_buffer out = {0};
    const char *p = d, *ap = a, *aend = a + alen;
    size_t aline = 1; /* the line at ap */
    *changed = 0;
    if (strncmp(p, "--- ", 4) != 0)
        return NULL;
    p = strchr(p, '\n') + 1;
    if (strncmp(p, "+++ ", 4) != 0)
        return NULL;
    p = strchr(p, '\n') + 1;
    while (*p) {
        unsigned long s1, c1 = 1, s2, c2 = 1;
        int used = 0;
        if (sscanf(p, "@@ -%lu,%lu +%lu,%lu @@%n", &s1, &c1, &s2, &c2,
                   &used) != 4 || !used) {
            c1 = c2 = 1;
            used = 0;
            if (sscanf(p, "@@ -%lu +%lu,%lu @@%n", &s1, &s2, &c2, &used) != 3 || !used) {
                c2 = 1;
                used = 0;
                if (sscanf(p, "@@ -%lu,%lu +%lu @@%n", &s1, &c1, &s2, &used) != 3 || !used) {
                    c1 = 1;
                    used = 0;
                    if (sscanf(p, "@@ -%lu +%lu @@%n", &s1, &s2, &used) != 2 || !used)
                        goto bad;
                }
            }
        }
        p = strchr(p, '\n') + 1;
        size_t first = c1 ? s1 : s1 + 1; /* the hunk's first line of a */
        if (first < aline)
            goto bad;
        while (aline < first) { /* copy the lines before the hunk */
            const char *nl = memchr(ap, '\n', (size_t)(aend - ap));
            if (!nl)
                goto bad;
            sgft_buffer_write(&out, ap, (size_t)(nl + 1 - ap));
            ap = nl + 1;
            aline++;
        }
        unsigned long n1 = 0, n2 = 0;
        while (*p == ' ' || *p == '-' || *p == '+') {
            char mark = *p++;
            const char *nl = strchr(p, '\n');
            size_t l = (size_t)(nl - p);
            bool eol = strncmp(nl + 1, "\\ No newline at end of file\n", 28) != 0;
            if (mark != '+') { /* must match a's line */
                if ((size_t)(aend - ap) < l + eol || memcmp(ap, p, l) != 0 ||
                    (eol && ap[l] != '\n') ||
                    (!eol && ap + l != aend))
                    goto bad;
                ap += l + eol;
                aline++;
                n1++;
            }
            if (mark != '-') {
                sgft_buffer_write(&out, p, l + eol);
                n2++;
            }
            *changed += mark != ' ';
            p = nl + 1;
            if (!eol)
                p = strchr(p, '\n') + 1;
        }
        if (n1 != c1 || n2 != c2)
            goto bad;
    }
    sgft_buffer_write(&out, ap, (size_t)(aend - ap));
    *outlen = out.len;
    if (!out.data)
        return calloc(1, 1);
    return out.data;
bad:
    free(out.data);
    return NULL;
}

/* The length of a longest common subsequence of the lines. */
static size_t lcs(const text *a, const text *b) {
    size_t *row = calloc(b->n + 1, sizeof *row);
    for (size_t i = 1; i <= a->n; i++) {
        size_t diag = 0;
        for (size_t j = 1; j <= b->n; j++) {
            size_t up = row[j];
            if (strcmp(a->line[i - 1], b->line[j - 1]) == 0)
                row[j] = diag + 1;
            else if (row[j - 1] > row[j])
                row[j] = row[j - 1];
            diag = up;
        }
    }
    size_t r = row[b->n];
    free(row);
    return r;
}

static void write_file(const char *dir, unsigned k, const char *ext,
                       const char *s, size_t len) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%u.%s", dir, k, ext);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(s, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

int main(int argc, char **argv) {
    const char *dir = NULL;
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "-w") == 0) {
        dir = argv[i + 1];
        i += 2;
    }
    unsigned cases = i < argc ? (unsigned)strtoul(argv[i], NULL, 10) : 3000;
    unsigned fails = 0, checked_min = 0;
    for (unsigned k = 0; k < cases; k++) {
        text a = {0}, b = {0};
        unsigned kind = rnd(10);
        unsigned vocab = rnd(3) ? 1000000 : 2 + rnd(20);
        bool long_lines = rnd(20) == 0;
        size_t n = kind == 0 ? 0 : rnd(4) == 0 ? rnd(3000) : rnd(120);
        for (size_t q = 0; q < n; q++)
            add_random(&a, vocab, long_lines);
        if (kind == 1) { /* unrelated */
            size_t m = rnd(120);
            for (size_t q = 0; q < m; q++)
                add_random(&b, vocab, long_lines);
        } else if (kind == 2) {
            /* b empty */
        } else {
            edit(&a, &b, vocab, long_lines);
        }
        if (rnd(4) == 0)
            chop(&a);
        if (rnd(4) == 0)
            chop(&b);
        size_t alen, blen, dlen = 0, glen, changed;
        char *sa = join(&a, &alen), *sb = join(&b, &blen), *d = NULL;
        FILE *f = open_memstream(&d, &dlen);
        print_diff(f, "g 1.sgf", sa, alen, sb, blen, false);
        fclose(f);
        char *got = apply(sa, alen, d, &glen, &changed);
        if (!got || glen != blen || memcmp(got, sb, blen) != 0) {
            fprintf(stderr, "case %u: the diff does not give the text (%zu, %zu lines)\n",
                    k, a.n, b.n);
            fails++;
        } else if (DIFF_SMALL >= 1024 && a.n + b.n <= DIFF_SMALL &&
                   a.n <= 600 && b.n <= 600 &&
                   !long_lines) {
            /* A last line without its break is another line. */
            size_t l = lcs(&a, &b);
            checked_min++;
            if (changed != a.n + b.n - 2 * l) {
                fprintf(stderr, "case %u: %zu lines changed, %zu at least\n",
                        k, changed, a.n + b.n - 2 * l);
                fails++;
            }
        }
        if (dir && (alen != blen || memcmp(sa, sb, alen) != 0)) {
            write_file(dir, k, "a", sa, alen);
            write_file(dir, k, "b", sb, blen);
            write_file(dir, k, "diff", d, dlen);
        }
        free(got);
        free(sa);
        free(sb);
        free(d);
        free_text(&a);
        free_text(&b);
    }
    printf("%u cases, %u checked for a shortest script, %u failed\n", cases,
           checked_min, fails);
    return fails ? 1 : 0;
}
