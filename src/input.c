/* input.c - the input window and line accounting.
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

#define READ_CHUNK ((size_t)64 * 1024)

void sgft__input_init(input *in, sgft_read_fn rd, void *data) {
    memset(in, 0, sizeof *in);
    in->read = rd;
    in->read_data = data;
    in->line_base = 1;
}

void sgft__input_free(input *in) {
    free(in->data);
    free(in->lines);
    in->data = NULL;
    in->lines = NULL;
}

/* Moves the retained bytes to the front of the window. */
static void compact(input *in) {
    uint64_t keep = in->line_base_off;
    if (keep <= in->base)
        return;
    size_t drop = (size_t)(keep - in->base);
    if (drop > in->len)
        drop = in->len;
    memmove(in->data, in->data + drop, in->len - drop);
    in->len -= drop;
    in->base += drop;
}

long sgft__input_fill(input *in) {
    if (in->eof || in->error)
        return in->error ? -1 : 0;
    if (in->cap - in->len < READ_CHUNK)
        compact(in);
    if (in->cap - in->len < READ_CHUNK) {
        size_t cap = in->cap ? in->cap : READ_CHUNK * 2;
        while (cap - in->len < READ_CHUNK)
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
    long n = in->read(in->read_data, in->data + in->len, READ_CHUNK);
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
    return n;
}

static bool push_line(input *in, uint64_t start) {
    if (in->nlines == in->lines_cap) {
        size_t cap = in->lines_cap ? in->lines_cap * 2 : 256;
        uint64_t *p = realloc(in->lines, cap * sizeof *p);
        if (!p)
            return false;
        in->lines = p;
        in->lines_cap = cap;
    }
    in->lines[in->nlines++] = start;
    return true;
}

/* Records the line starts in [lines_scanned, upto), as far as the window
 * allows; a CR or LF at the end of the window waits for the next byte so
 * that a pair is not counted twice. */
static void scan_to(input *in, uint64_t upto) {
    uint64_t end = in->base + in->len;
    if (upto > end)
        upto = end;
    if (in->lines_scanned < in->base)
        in->lines_scanned = in->base;
    const char *p = in_ptr(in, in->lines_scanned);
    const char *stop = in_ptr(in, upto);
    const char *wend = in_ptr(in, end);
    while (p < stop) {
        /* Find the next CR or LF. */
        const char *lf = memchr(p, '\n', (size_t)(stop - p));
        const char *cr = memchr(p, '\r', (size_t)((lf ? lf : stop) - p));
        const char *q = cr ? cr : lf;
        if (!q) {
            p = stop;
            break;
        }
        if (q + 1 >= wend && !in->eof) {
            p = q; /* pair undecided until more is read */
            break;
        }
        const char *next = q + 1;
        if (next < wend && (*next == '\r' || *next == '\n') && *next != *q)
            next++;
        if (!push_line(in, in->base + (uint64_t)(next - in->data)))
            break;
        p = next;
    }
    in->lines_scanned = in->base + (uint64_t)(p - in->data);
}

static unsigned long count_chars(const char *s, const char *e) {
    unsigned long n = 0;
    for (; s < e; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Number of recorded line starts <= off. */
static size_t starts_upto(const input *in, uint64_t off) {
    size_t lo = 0, hi = in->nlines;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (in->lines[mid] <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void sgft__input_position(input *in, uint64_t off, unsigned long *line,
                          unsigned long *col) {
    uint64_t end = in->base + in->len;
    if (off > end)
        off = end;
    if (off < in->line_base_off)
        off = in->line_base_off;
    scan_to(in, off + 1);
    size_t k = starts_upto(in, off);
    *line = in->line_base + k;
    if (k == 0)
        *col = in->col_base + count_chars(in_ptr(in, in->line_base_off),
                                          in_ptr(in, off)) + 1;
    else
        *col = count_chars(in_ptr(in, in->lines[k - 1]), in_ptr(in, off)) + 1;
}

void sgft__input_release(input *in, uint64_t off) {
    uint64_t end = in->base + in->len;
    if (off > end)
        off = end;
    if (off <= in->line_base_off)
        return;
    scan_to(in, off);
    /* A line break at the end of the window waits for the next byte to be
     * paired: keep it (and what follows) in the window. */
    if (in->lines_scanned < off)
        off = in->lines_scanned;
    if (off <= in->line_base_off)
        return;
    size_t k = starts_upto(in, off);
    if (k == 0) {
        in->col_base += count_chars(in_ptr(in, in->line_base_off),
                                    in_ptr(in, off));
    } else {
        in->col_base = count_chars(in_ptr(in, in->lines[k - 1]),
                                   in_ptr(in, off));
        in->line_base += k;
        memmove(in->lines, in->lines + k, (in->nlines - k) * sizeof *in->lines);
        in->nlines -= k;
    }
    in->line_base_off = off;
}
