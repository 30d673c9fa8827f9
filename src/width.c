/* width.c - the display width of text, for the wrapping of the normal
 * form: a character of East Asian Wide or Fullwidth counts two columns,
 * a combining mark or a zero-width character none, any other one; the
 * widths are utf8proc's, the same in every locale.  Bytes that are no
 * UTF-8 (a text kept undecoded, -E3) count one column each, but for the
 * bytes 0x80-0xBF, which count none (one column a character start). */
#include "internal.h"
#include "width.h"

#include <utf8proc.h>

/* The width of one code point: utf8proc's, never below zero. */
static size_t cp_width(utf8proc_int32_t cp) {
    int w = utf8proc_charwidth(cp);
    return w > 0 ? (size_t)w : 0;
}

/* Decodes the character at s[i]: its length in bytes, 0 when the bytes
 * there are no UTF-8. */
static size_t cp_at(const char *s, size_t len, size_t i,
                    utf8proc_int32_t *cp) {
    utf8proc_ssize_t n = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
                                          (utf8proc_ssize_t)(len - i), cp);
    return n > 0 ? (size_t)n : 0;
}

size_t sgft__display_width(const char *s, size_t len) {
    size_t w = 0, i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            w++;
            i++;
            continue;
        }
        utf8proc_int32_t cp;
        size_t n = cp_at(s, len, i, &cp);
        if (n == 0) {
            w += (c & 0xC0) != 0x80;
            i++;
            continue;
        }
        w += cp_width(cp);
        i += n;
    }
    return w;
}

/* An ASCII byte no cluster reaches over: a space, a control, or one the
 * writer escapes. */
static bool cluster_stop(unsigned char c) {
    return c <= ' ' || c == 0x7F || sgft__needs_escape((char)c, false);
}

size_t sgft__cluster(const char *s, size_t len, size_t i, size_t *width) {
    unsigned char c = (unsigned char)s[i];
    utf8proc_int32_t cp;
    size_t n = c < 0x80 ? (cp = c, 1) : cp_at(s, len, i, &cp);
    if (n == 0) {
        *width = (c & 0xC0) != 0x80;
        return 1;
    }
    /* A cluster counts as its widest character: a base with its marks
     * as the base, a sequence of emoji joined by U+200D as one. */
    size_t w = cp_width(cp), j = i + n;
    utf8proc_int32_t state = 0;
    while (j < len && !cluster_stop((unsigned char)s[j])) {
        utf8proc_int32_t next;
        size_t m = (unsigned char)s[j] < 0x80 ? (next = (unsigned char)s[j], 1)
                                              : cp_at(s, len, j, &next);
        if (m == 0 || utf8proc_grapheme_break_stateful(cp, next, &state))
            break;
        size_t nw = cp_width(next);
        if (nw > w)
            w = nw;
        cp = next;
        j += m;
    }
    *width = w;
    return j - i;
}
