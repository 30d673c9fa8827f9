/* fuzz_sgftidy.c - libFuzzer target over the whole library: bytes in,
 * check and write to memory.
 *
 * The first byte picks options (-e, -t, -L, -E1/-E2/-E3) and the size of
 * the pieces the input is read in.  The oracle, besides the sanitizers:
 *  - reading the input whole or in pieces gives the same output and the
 *    same messages at the same places;
 *  - the CA of the first root node read without the parser, where that
 *    reading decides, is the one the parser reads (decode.c);
 *  - when output was written without a critical message, checking that
 *    output reports no error or fatal error (but for what is kept on
 *    purpose: game-info that cannot be repaired, 33) and writing it again
 *    gives the same bytes.
 */
#include "sgftidy.h"
#include "decode.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    const uint8_t *data;
    size_t size, pos, piece;
} reader;

static long read_fn(void *u, char *b, size_t cap) {
    reader *r = u;
    size_t n = r->size - r->pos;
    if (n > cap)
        n = cap;
    if (r->piece && n > r->piece)
        n = r->piece;
    memcpy(b, r->data + r->pos, n);
    r->pos += n;
    return (long)n;
}

typedef struct out {
    char *data;
    size_t len, cap;
} out;

static int write_fn(void *u, const char *b, size_t len) {
    out *o = u;
    if (o->len + len > o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 4096;
        while (cap < o->len + len)
            cap *= 2;
        char *p = realloc(o->data, cap);
        if (!p)
            return -1;
        o->data = p;
        o->cap = cap;
    }
    memcpy(o->data + o->len, b, len);
    o->len += len;
    return 0;
}

enum { MAX_DIAGS = 2048 };

typedef struct diags {
    struct { int code; unsigned long line, col; } d[MAX_DIAGS];
    size_t n;
    bool unexpected; /* an error other than 33 */
} diags;

static void diag_fn(const sgft_diag *d, void *u) {
    diags *l = u;
    if (d->severity >= SGFT_ERROR && d->code != 33)
        l->unexpected = true;
    if (l->n < MAX_DIAGS) {
        l->d[l->n].code = d->code;
        l->d[l->n].line = d->has_pos ? d->line : 0;
        l->d[l->n].col = d->has_pos ? d->col : 0;
        l->n++;
    }
}

static sgft_summary run(const sgft_options *o, const uint8_t *data,
                        size_t size, size_t piece, out *w, diags *l) {
    sgft_ctx *ctx = sgft_ctx_new(o, diag_fn, l);
    if (!ctx)
        abort();
    reader r = {data, size, 0, piece};
    w->len = 0;
    l->n = 0;
    l->unexpected = false;
    if (sgft_run(ctx, read_fn, &r, write_fn, w) != 0)
        abort(); /* memory is not short here: no environment fault */
    sgft_summary s = *sgft_ctx_summary(ctx);
    sgft_ctx_free(ctx);
    return s;
}

static void same(const out *a, const diags *da, const out *b,
                 const diags *db, const char *what) {
    if (a->len != b->len || (a->len && memcmp(a->data, b->data, a->len))) {
        fprintf(stderr, "%s: output differs\n", what);
        abort();
    }
    if (da->n != db->n) {
        fprintf(stderr, "%s: %zu messages against %zu\n", what, da->n, db->n);
        abort();
    }
    for (size_t i = 0; i < da->n; i++)
        if (da->d[i].code != db->d[i].code || da->d[i].line != db->d[i].line ||
            da->d[i].col != db->d[i].col) {
            fprintf(stderr, "%s: message %zu differs\n", what, i);
            abort();
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    unsigned pick = data[0];
    data++;
    size--;
    static sgft_options *o;
    if (!o)
        o = sgft_options_new();
    sgft_options_set(o, SGFT_OPT_EXPAND, pick & 1);
    sgft_options_set(o, SGFT_OPT_NO_SOFT_BREAKS, (pick >> 1) & 1);
    sgft_options_set(o, SGFT_OPT_NODE_BREAKS, (pick >> 2) & 1);
    sgft_options_set(o, SGFT_OPT_ENCODING_MODE, 1 + (pick >> 3) % 3);
    size_t piece = 1 + ((pick >> 5) & 7);

    /* The CA of the first root node, on a parser of its own. */
    {
        char ca[64];
        sgft_ctx *c = sgft_ctx_new(o, NULL, NULL);
        if (!c)
            abort();
        sgft__dec_sniff_ca(c, (const char *)data, size, ca, sizeof ca);
        sgft_ctx_free(c);
    }

    static out w1, w2, w3;
    static diags l1, l2, l3;
    sgft_summary s1 = run(o, data, size, 0, &w1, &l1);
    run(o, data, size, piece, &w2, &l2);
    same(&w1, &l1, &w2, &l2, "read in pieces");
    if (!w1.len || s1.critical || s1.fatal)
        return 0;
    /* The output is a fixed point. */
    sgft_summary s3 = run(o, (const uint8_t *)w1.data, w1.len, 0, &w3, &l3);
    if (l3.unexpected || s3.fatal) {
        fprintf(stderr, "the output does not check cleanly\n");
        abort();
    }
    if (w3.len != w1.len || memcmp(w3.data, w1.data, w1.len)) {
        fprintf(stderr, "writing the output again changes it\n");
        abort();
    }
    return 0;
}
