/* input.c - the input window and line accounting: the bottom of the
 * reading, under the parser (parse.h), which owns a window while it reads
 * it; it calls only the read function it is given.
 *
 * The window holds the bytes from the last release point to what has been
 * read; offsets are absolute (from the start of the input), so spans of the
 * current game tree stay valid when the window moves or grows.  Lines are
 * counted only when a position is asked for or a part is released, with
 * memchr-speed scanning; LF, CR, CR LF and LF CR each end one line. */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Below the usual mmap threshold: small files cost no page mapping. */
#define READ_CHUNK ((size_t)32 * 1024)

void sgft__input_start(sgft_ctx *ctx, sgft_read_fn rd, void *data) {
    input *in = &ctx->in;
    memset(in, 0, sizeof *in);
    in->read = rd;
    in->read_data = data;
    in->chunk = sgft__read_first(ctx);
    in->base.line = in->base.col = 1;
    in->far = in->cur = in->base;
    in->data = ctx->spare_window;
    in->cap = ctx->spare_window_cap;
    ctx->spare_window = NULL;
    ctx->spare_window_cap = 0;
}

void sgft__input_stop(sgft_ctx *ctx) {
    input *in = &ctx->in;
    if (in->cap <= SPARE_MAX && !ctx->spare_window) {
        ctx->spare_window = in->data;
        ctx->spare_window_cap = in->cap;
    } else {
        free(in->data);
    }
    free(in->marks);
    in->data = NULL;
    in->cap = 0;
    in->marks = NULL;
}

bool sgft__input_memory(input *in, const char *s, size_t len) {
    memset(in, 0, sizeof *in);
    in->base.line = in->base.col = 1;
    in->far = in->cur = in->base;
    if (!memchr(s, '\0', len)) {
        /* read only (internal.h): the bytes need not be copied */
        in->data = (char *)(uintptr_t)s;
        in->borrowed = true;
    } else {
        in->data = malloc(len);
        if (!in->data)
            return false;
        memcpy(in->data, s, len);
    }
    in->len = in->cap = len;
    in->eof = true; /* nothing to read: all of it is in the window */
    return true;
}

void sgft__input_free(input *in) {
    if (!in->borrowed)
        free(in->data);
    free(in->marks);
    in->data = NULL;
    in->marks = NULL;
    in->cap = in->len = 0;
}

void sgft__input_release_spare(sgft_ctx *ctx) {
    free(ctx->spare_window);
    ctx->spare_window = NULL;
    ctx->spare_window_cap = 0;
}

/* Moves the retained bytes to the front of the window. */
static void compact(input *in) {
    uint64_t keep = in->base.off;
    if (keep <= in->win)
        return;
    size_t drop = (size_t)(keep - in->win);
    if (drop > in->len)
        drop = in->len;
    memmove(in->data, in->data + drop, in->len - drop);
    in->len -= drop;
    in->win += drop;
}

long sgft__input_fill(input *in) {
    if (in->eof || in->error)
        return in->error ? -1 : 0;
    size_t want = in->chunk ? in->chunk : READ_FIRST;
    if (in->cap - in->len < want)
        compact(in);
    if (in->cap - in->len < want) {
        size_t cap = in->cap ? in->cap : want * 2;
        while (cap - in->len < want)
            cap *= 2;
        char *p = realloc(in->data, cap);
        if (!p) {
            in->error = true;
            in->read_errno = ENOMEM;
            return -1;
        }
        in->data = p;
        in->cap = cap;
    }
    long n = in->read(in->read_data, in->data + in->len, want);
    if (n < 0) {
        in->error = true;
        in->read_errno = errno;
        return -1;
    }
    if (n == 0) {
        in->eof = true;
        return 0;
    }
    in->len += (size_t)n;
    in->chunk = sgft__read_next(want, (size_t)n == want, READ_CHUNK);
    return n;
}

#define MARK_STEP ((uint64_t)4096)

/* Counts from p up to off (within the window): lines, and columns as
 * characters (a well-formed UTF-8 sequence is one, any other byte one). */
static void advance(const input *in, struct text_pos *p, uint64_t off) {
    const unsigned char *s = (const unsigned char *)in_ptr(in, p->off);
    const unsigned char *e = (const unsigned char *)in_ptr(in, off);
    unsigned long line = p->line, col = p->col;
    unsigned char prev = p->prev, need = p->need;
    const uint64_t high = 0x8080808080808080u;
    const uint64_t ones = 0x0101010101010101u;
    while (s < e) {
#ifdef __SSE2__
        /* The same as the loop below, sixteen bytes at a time: bit i of
         * each mask for byte i. */
        while (!need && e - s >= 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
            unsigned other = (unsigned)_mm_movemask_epi8(v) |
                             (unsigned)_mm_movemask_epi8(
                                 _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
            if (other)
                break;
            unsigned lf = (unsigned)_mm_movemask_epi8(
                _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
            if (!lf) {
                col += 16;
                prev = 0;
                s += 16;
                continue;
            }
            line += (unsigned long)__builtin_popcount(lf);
            if (prev == '\r' && s[0] == '\n')
                line--; /* the LF of a CR LF */
            int last = 31 - __builtin_clz(lf);
            col = (unsigned long)(16 - last);
            prev = last == 15 ? '\n' : 0;
            s += 16;
        }
#endif
        /* ASCII without CR, eight bytes at a time: every byte a column,
         * but LF, which ends a line (or the CR LF begun before). */
        while (!need && e - s >= 8) {
            uint64_t w;
            memcpy(&w, s, 8);
            if (w & high)
                break;
            /* exact per byte (all are below 0x80): 0x80 where LF, CR */
            uint64_t lf = ~((w ^ (ones * '\n')) + ones * 0x7F) & high;
            uint64_t cr = ~((w ^ (ones * '\r')) + ones * 0x7F) & high;
            if (cr)
                break;
            if (!lf) {
                col += 8;
                prev = 0;
                s += 8;
                continue;
            }
            /* the number of LFs (one bit a byte, summed in the top byte) */
            line += (unsigned long)(((lf >> 7) * ones) >> 56);
            if (prev == '\r' && s[0] == '\n')
                line--; /* the LF of a CR LF */
            int last = 7;
            while (s[last] != '\n')
                last--;
            col = (unsigned long)(8 - last);
            prev = last == 7 ? '\n' : 0;
            s += 8;
        }
        if (s >= e)
            break;
        unsigned char c = *s++;
        if (c == '\n' || c == '\r') {
            if (prev && prev != c) {
                prev = 0; /* the second half of CR LF or LF CR */
            } else {
                line++;
                col = 1;
                prev = c;
            }
            need = 0;
            continue;
        }
        prev = 0;
        if (need && (c & 0xC0) == 0x80) {
            need--;
            continue;
        }
        col++;
        need = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        /* A whole sequence at once (the text of CJK comments). */
        if (need && e - s >= need && (s[0] & 0xC0) == 0x80 &&
            (need < 2 || (s[1] & 0xC0) == 0x80) &&
            (need < 3 || (s[2] & 0xC0) == 0x80)) {
            s += need;
            need = 0;
        }
    }
    p->off = off;
    p->line = line;
    p->col = col;
    p->prev = prev;
    p->need = need;
}

/* Moves far up to off, leaving a mark every MARK_STEP bytes. */
static void advance_far(input *in, uint64_t off) {
    while (in->far.off < off) {
        uint64_t last = in->nmarks ? in->marks[in->nmarks - 1].off : in->base.off;
        uint64_t step = last + MARK_STEP;
        uint64_t to = off < step ? off : step;
        if (to <= in->far.off)
            to = off;
        advance(in, &in->far, to);
        if (to == step) {
            if (in->nmarks == in->marks_cap) {
                size_t cap = in->marks_cap ? in->marks_cap * 2 : 64;
                struct text_pos *m = realloc(in->marks, cap * sizeof *m);
                if (!m)
                    continue; /* fewer marks: slower, still right */
                in->marks = m;
                in->marks_cap = cap;
            }
            in->marks[in->nmarks++] = in->far;
        }
    }
}

/* The place off, counted from the nearest known place before it. */
static struct text_pos locate(input *in, uint64_t off) {
    uint64_t end = in->win + in->len;
    if (off > end)
        off = end;
    if (off < in->base.off)
        off = in->base.off;
    if (off >= in->far.off) {
        advance_far(in, off);
        return in->far;
    }
    struct text_pos p = in->base;
    if (off >= in->cur.off && in->cur.off >= in->base.off)
        p = in->cur;
    size_t lo = 0, hi = in->nmarks;
    while (lo < hi) { /* the last mark at or before off */
        size_t mid = lo + (hi - lo) / 2;
        if (in->marks[mid].off <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo && in->marks[lo - 1].off > p.off)
        p = in->marks[lo - 1];
    advance(in, &p, off);
    return p;
}

void sgft__input_position(input *in, uint64_t off, unsigned long *line,
                          unsigned long *col) {
    in->cur = locate(in, off);
    *line = in->cur.line;
    *col = in->cur.col;
}

void sgft__input_release(input *in, uint64_t off) {
    if (off <= in->base.off)
        return;
    in->base = locate(in, off);
    if (in->cur.off < in->base.off)
        in->cur = in->base;
    size_t k = 0;
    while (k < in->nmarks && in->marks[k].off <= in->base.off)
        k++;
    if (k) {
        memmove(in->marks, in->marks + k,
                (in->nmarks - k) * sizeof *in->marks);
        in->nmarks -= k;
    }
}
