/* foreign.c - the records of other formats (foreign.h): which format an
 * input holds, and the run of its reader over the whole record, read into
 * the input window, between the events of the tree's begin and end. */
#include "foreign.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Whether the lines of s[0..len) end in CR alone (old Macintosh
 * programs wrote them so): a CR and no LF. */
static bool cr_lines(const char *s, size_t len) {
    return memchr(s, '\r', len) && !memchr(s, '\n', len);
}

/* The line breaks of s[0..len) made LF, byte for byte (the offsets, and
 * so the lines and columns of the input, stay as they are). */
static void cr_to_lf(char *s, size_t len) {
    for (char *c = s; (c = memchr(c, '\r', len - (size_t)(c - s))); c++)
        *c = '\n';
}

static rec_format format_of(const char *head, size_t len) {
    if (sgft__is_gib(head, len))
        return FMT_GIB;
    if (sgft__is_ugf(head, len))
        return FMT_UGF;
    if (sgft__is_ngf(head, len))
        return FMT_NGF;
    return FMT_SGF;
}

rec_format sgft__format_of(const char *head, size_t len) {
    /* Past a UTF-8 byte-order mark and white space.  SGF first: a '('
     * before anything else is a game tree whatever follows. */
    size_t i = 0;
    if (len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len && is_ws((unsigned char)head[i]))
        i++;
    if (i < len && head[i] == '(')
        return FMT_SGF;
    head += i;
    len -= i;
    if (!cr_lines(head, len))
        return format_of(head, len);
    char *copy = malloc(len ? len : 1);
    if (!copy)
        return FMT_SGF;
    memcpy(copy, head, len);
    cr_to_lf(copy, len);
    rec_format f = format_of(copy, len);
    free(copy);
    return f;
}

/* --- the run ------------------------------------------------------------ */

int sgft__foreign_run(parser *p, rec_format fmt) {
    /* The whole record, in the window (these records are small: one
     * game, a few kilobytes). */
    input *in = p->in;
    for (;;) {
        long n = sgft__input_fill(in);
        if (n < 0) {
            if (!p->status)
                p->status = in->read_errno == ENOMEM ? SGFT_ENOMEM
                                                     : SGFT_EREAD;
            return p->status;
        }
        if (n == 0)
            break;
    }
    foreign f = {.format = fmt, .p = p, .base = p->pos};
    f.s = in_ptr(in, p->pos);
    f.len = (size_t)(in->win + in->len - p->pos);
    sgft__buf_init(&f.value);
    /* The readers read lines and numbers up to the end of s, never
     * past it; a copy with a NUL after it lets them use the string
     * functions too. */
    char *copy = malloc(f.len + 1);
    if (!copy) {
        p->status = SGFT_ENOMEM;
        return p->status;
    }
    memcpy(copy, f.s, f.len);
    copy[f.len] = '\0';
    if (cr_lines(copy, f.len))
        cr_to_lf(copy, f.len);
    f.s = copy;
    sgft__fr_report(&f, M_FOREIGN_FORMAT, SIZE_MAX, NULL);
    event ev = {.off = f.base, .format = fmt};
    int st = sgft__fr_push(&f, p->sink->tree_begin, &ev);
    if (!st) {
        switch (fmt) {
        case FMT_GIB:
            st = sgft__read_gib(&f);
            break;
        case FMT_NGF:
            st = sgft__read_ngf(&f);
            break;
        case FMT_UGF:
            st = sgft__read_ugf(&f);
            break;
        case FMT_SGF:
            break;
        }
    }
    if (!st && !p->status) {
        event end = {.off = f.base + f.len, .nodes = f.has_node};
        st = sgft__fr_push(&f, p->sink->tree_end, &end);
        if (p->paused)
            p->release_due = true;
    }
    p->pos = f.base + f.len;
    free(copy);
    sgft__buf_free(&f.value);
    if (st < 0 && !p->status)
        p->status = st;
    return p->status ? p->status : (p->paused ? 1 : 0);
}
