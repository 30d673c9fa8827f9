/* gameinfo.h - what the readers of game-info values share (gameinfo.c:
 * KM, TM, HA and RE; gameinfo_date.c: DT): a cursor over a value, words,
 * digits, and the writing of numbers. */
#ifndef SGFT_GAMEINFO_H
#define SGFT_GAMEINFO_H

#include "internal.h"

#include <limits.h>
#include <string.h>
#define COUNT(a) (sizeof(a) / sizeof *(a))

/* --- characters and words ------------------------------------------- */

static inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

static inline bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* ASCII letters, and the bytes of non-ASCII characters (words of other
 * languages, or symbols such as the vulgar fractions). */
static inline bool is_letter(char c) {
    unsigned char u = (unsigned char)c;
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80;
}

static inline unsigned char to_lower(char c) {
    unsigned char u = (unsigned char)c;
    return u >= 'A' && u <= 'Z' ? (unsigned char)(u + ('a' - 'A')) : u;
}

/* Removes the white space around s[0..*len). */
static inline void trim(const char **s, size_t *len) {
    const char *p = *s, *e = *s + *len;
    while (p < e && is_space(*p))
        p++;
    while (e > p && is_space(e[-1]))
        e--;
    *s = p;
    *len = (size_t)(e - p);
}

/* A read position in a value; p never passes end. */
typedef struct cursor {
    const char *p, *end;
} cursor;

static inline bool at_end(const cursor *c) { return c->p == c->end; }

static inline void skip_ws(cursor *c) {
    while (c->p < c->end && is_space(*c->p))
        c->p++;
}

static inline bool peek(const cursor *c, char ch) {
    return c->p < c->end && *c->p == ch;
}

static inline bool peek_digit_at(const cursor *c, size_t i) {
    return (size_t)(c->end - c->p) > i && is_digit(c->p[i]);
}

static inline bool eat(cursor *c, char ch) {
    if (!peek(c, ch))
        return false;
    c->p++;
    return true;
}

/* Consumes the word w (lowercase) in any ASCII case, when no letter
 * follows it; a space in w matches a run of white space. */
static inline bool eat_word(cursor *c, const char *w) {
    const char *p = c->p;
    for (; *w; w++) {
        if (*w == ' ') {
            if (p == c->end || !is_space(*p))
                return false;
            while (p < c->end && is_space(*p))
                p++;
        } else {
            if (p == c->end || to_lower(*p) != (unsigned char)*w)
                return false;
            p++;
        }
    }
    if (p < c->end && is_letter(*p))
        return false;
    c->p = p;
    return true;
}

/* A word of a table and its value; the text has at most 15 bytes (the
 * longest, "時間切れ", has 12). */
typedef struct word {
    char text[16];
    int val;
} word;

/* Consumes the first word of t[0..n) found at c; its value, or -1. */
static inline int eat_word_of(cursor *c, const word *t, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (eat_word(c, t[i].text))
            return t[i].val;
    return -1;
}

/* Consumes a run of at most max digits; its value, or -1 (consuming
 * nothing) when there is no digit or more than max of them.  *nd gets
 * the count. */
static inline long eat_digits(cursor *c, int max, int *nd) {
    const char *p = c->p;
    long v = 0;
    int n = 0;
    while (p < c->end && is_digit(*p)) {
        if (n == max)
            return -1;
        v = v * 10 + (*p++ - '0');
        n++;
    }
    *nd = n;
    if (!n)
        return -1;
    c->p = p;
    return v;
}

static inline void put_uint(buf *out, unsigned long long v) {
    char d[24];
    size_t n = 0;
    do {
        d[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        sgft__buf_putc(out, d[--n]);
}

/* v in exactly width digits, with leading zeros. */
static inline void put_padded(buf *out, int v, int width) {
    char d[8];
    for (int i = width - 1; i >= 0; i--) {
        d[i] = (char)('0' + v % 10);
        v /= 10;
    }
    sgft__buf_put(out, d, (size_t)width);
}

#endif
