/* value.c - reading Text and SimpleText values (FF[4] 4.5, 4.6).
 *
 * A raw value is the bytes between '[' and ']' with escapes in place.  The
 * decoded text has no escapes, no soft line breaks, LF as its only line
 * break, a space for every other white-space character, and no trailing
 * white space.  The -l styles say how line breaks of old files are read.
 */
#include "internal.h"

#include <string.h>

static inline bool is_break(char c) { return c == '\n' || c == '\r'; }

static inline bool is_other_ws(char c) {
    return c == '\t' || c == '\v' || c == '\f';
}

/* Length of the line break at s[i] (1, or 2 for CR LF / LF CR). */
static size_t break_len(const char *s, size_t len, size_t i) {
    if (i + 1 < len && is_break(s[i + 1]) && s[i + 1] != s[i])
        return 2;
    return 1;
}

/* Whether c is read as it is: no escape, line break or white space other
 * than ' ' (all below ' ' but '\\'). */
static inline bool is_plain(char c) {
    return (unsigned char)(c - '\t') > (unsigned char)('\r' - '\t') &&
           c != '\\';
}

/* The end of the run of plain bytes (is_plain) from i on.  Eight bytes at
 * a time while none is below ' ' or a '\\' (the bytes of most texts);
 * a word that holds one is read byte by byte. */
size_t sgft__plain_end(const char *s, size_t i, size_t len) {
    const uint64_t ones = 0x0101010101010101u, high = ones * 0x80;
    for (;;) {
        for (uint64_t w; len - i >= 8; i += 8) {
            memcpy(&w, s + i, 8);
            uint64_t bs = w ^ (ones * '\\');
            /* exact tests: some byte is below ' ', some byte is '\\' */
            if (((w - ones * ' ') & ~w & high) | ((bs - ones) & ~bs & high))
                break;
        }
        size_t stop = len - i > 8 ? i + 8 : len;
        while (i < stop && is_plain(s[i]))
            i++;
        if (i < stop || i == len)
            return i;
    }
}

void sgft__text_decode(buf *out, const char *raw, size_t len, bool simple,
                       sgft_linebreaks style) {
    size_t start = out->len;
    size_t i = 0;
    while (i < len) {
        /* The bytes read as they are go out as one run. */
        size_t j = sgft__plain_end(raw, i, len);
        if (j > i) {
            sgft__buf_put(out, raw + i, j - i);
            i = j;
            if (i == len)
                break;
        }
        char c = raw[i];
        if (c == '\\') {
            if (i + 1 >= len) { /* a lone '\' at the end: dropped */
                i++;
                continue;
            }
            char d = raw[i + 1];
            if (is_break(d)) { /* soft line break: both removed */
                i += 1 + break_len(raw, len, i + 1);
                continue;
            }
            /* Escaped: literal, but white space stays white space. */
            sgft__buf_putc(out, is_other_ws(d) ? ' ' : d);
            i += 2;
            continue;
        }
        if (is_break(c)) {
            unsigned n = 0;
            while (i < len && is_break(raw[i])) {
                i += break_len(raw, len, i);
                n++;
            }
            if (simple) {
                while (n--)
                    sgft__buf_putc(out, ' ');
                continue;
            }
            switch (style) {
            case SGFT_LB_HARD:
                while (n--)
                    sgft__buf_putc(out, '\n');
                break;
            case SGFT_LB_MGT: {
                /* A break after a space is soft: only the later ones stay. */
                bool soft = out->len > start && out->data[out->len - 1] == ' ';
                if (soft)
                    n--;
                while (n--)
                    sgft__buf_putc(out, '\n');
                break;
            }
            case SGFT_LB_SINGLE:
                sgft__buf_putc(out, n == 1 ? ' ' : '\n');
                break;
            case SGFT_LB_PARAGRAPH:
                if (n == 1)
                    sgft__buf_putc(out, ' ');
                else
                    while (n--)
                        sgft__buf_putc(out, '\n');
                break;
            }
            continue;
        }
        sgft__buf_putc(out, is_other_ws(c) ? ' ' : c);
        i++;
    }
    /* No white space at the end of a text. */
    while (out->len > start &&
           (out->data[out->len - 1] == ' ' || out->data[out->len - 1] == '\n'))
        out->len--;
    if (out->data && !out->oom)
        out->data[out->len] = '\0';
}

/* Bytes of s[0..len) that are UTF-8 continuation bytes (10xxxxxx), eight
 * at a time. */
size_t sgft__utf8_continuations(const char *s, size_t len) {
    const uint64_t high = 0x8080808080808080u;
    size_t n = 0, i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        /* top bit set and the next bit clear */
        uint64_t c = w & high & ~(w << 1);
        if (c)
            n += (size_t)__builtin_popcountll(c);
    }
    for (; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) == 0x80;
    return n;
}

size_t sgft__ulong_digits(char *s, unsigned long v) {
    char t[24];
    size_t n = 0;
    do
        t[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    for (size_t k = 0; k < n; k++)
        s[k] = t[n - 1 - k];
    return n;
}

size_t sgft__utf8_width(const char *s, size_t len) {
    if (len >= 8)
        return len - sgft__utf8_continuations(s, len);
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

size_t sgft__utf8_valid_end(const char *s, size_t len) {
    const unsigned char *b = (const unsigned char *)s, *p = b, *e = b + len;
    while (p < e) {
        unsigned char c = *p;
        if (c < 0x80) {
            p++;
            /* ASCII, eight bytes at a time */
            for (uint64_t w; e - p >= 8; p += 8) {
                memcpy(&w, p, 8);
                if (w & UINT64_C(0x8080808080808080))
                    break;
            }
            continue;
        }
        size_t n;
        uint32_t cp;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            cp = c & 0x07;
        } else {
            return (size_t)(p - b);
        }
        if ((size_t)(e - p) <= n)
            return (size_t)(p - b);
        for (size_t k = 1; k <= n; k++) {
            if ((p[k] & 0xC0) != 0x80)
                return (size_t)(p - b);
            cp = (cp << 6) | (p[k] & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return (size_t)(p - b);
        p += n + 1;
    }
    return len;
}

bool sgft__utf8_valid(const char *s, size_t len) {
    return sgft__utf8_valid_end(s, len) == len;
}

/* --- non-text values ---------------------------------------------------
 * Each parser takes the decoded value (escapes removed) and returns
 * VR_OK with the canonical form in out (written silently), VR_FIXED with
 * a repaired value (message 15), or VR_BAD (message 14: deleted). */

static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* s[*b..*e) without white space at both ends. */
static void trim(const char *s, size_t *b, size_t *e) {
    while (*b < *e && is_space(s[*b]))
        (*b)++;
    while (*e > *b && is_space(s[*e - 1]))
        (*e)--;
}

/* Appends the canonical form of an integer part: no leading zeros. */
static void put_int(buf *out, const char *d, size_t n) {
    while (n > 1 && *d == '0') {
        d++;
        n--;
    }
    sgft__buf_put(out, d, n);
}

/* Canonical Number: [-]digits without leading zeros; "-0" is "0". */
static void put_number(buf *out, bool neg, const char *d, size_t n) {
    size_t z = 0;
    while (z + 1 < n && d[z] == '0')
        z++;
    if (neg && !(n - z == 1 && d[z] == '0'))
        sgft__buf_putc(out, '-');
    put_int(out, d + z, n - z);
}

vresult sgft__val_number(const char *s, size_t len, buf *out) {
    size_t b = 0, e = len;
    trim(s, &b, &e);
    size_t i = b;
    bool neg = false;
    if (i < e && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    size_t d = i;
    while (i < e && is_digit(s[i]))
        i++;
    if (i > d && i == e) {
        put_number(out, neg, s + d, i - d);
        return VR_OK;
    }
    /* Repair: the one run of digits in the value, when the rest has no
     * digits and no decimal point ("9 stones"); "2.5" is no Number. */
    size_t first = len, last = 0, runs = 0;
    for (size_t k = 0; k < len; k++) {
        if (is_digit(s[k]) && (k == 0 || !is_digit(s[k - 1]))) {
            runs++;
            first = k;
        }
        if (is_digit(s[k]))
            last = k + 1;
        if (s[k] == '.' || s[k] == ',')
            return VR_BAD;
    }
    if (runs != 1)
        return VR_BAD;
    neg = first > 0 && s[first - 1] == '-';
    put_number(out, neg, s + first, last - first);
    return VR_FIXED;
}

/* Parses a Real at s[i..e): sign, digits, optional '.' or ',' and digits.
 * Sets *valid when it is a Real of the FF[4] grammar as written. */
static bool scan_real(const char *s, size_t *i, size_t e, bool *neg,
                      size_t *ib, size_t *in, size_t *fb, size_t *fn,
                      bool *valid) {
    *neg = false;
    *valid = true;
    if (*i < e && (s[*i] == '+' || s[*i] == '-'))
        *neg = s[(*i)++] == '-';
    *ib = *i;
    while (*i < e && is_digit(s[*i]))
        (*i)++;
    *in = *i - *ib;
    *fb = *i;
    *fn = 0;
    if (*i < e && (s[*i] == '.' || s[*i] == ',')) {
        if (s[*i] == ',')
            *valid = false;
        (*i)++;
        *fb = *i;
        while (*i < e && is_digit(s[*i]))
            (*i)++;
        *fn = *i - *fb;
        if (*fn == 0 || *in == 0)
            *valid = false;
    }
    return *in + *fn > 0;
}

/* Canonical Real: no '+', no leading zeros, no trailing fractional zeros,
 * no '.' without digits after it; "-0" is "0". */
static void put_real(buf *out, bool neg, const char *s, size_t ib, size_t in,
                     size_t fb, size_t fn) {
    while (fn > 0 && s[fb + fn - 1] == '0')
        fn--;
    size_t z = 0;
    while (z < in && s[ib + z] == '0')
        z++;
    bool zero = z == in && fn == 0;
    if (neg && !zero)
        sgft__buf_putc(out, '-');
    if (z == in)
        sgft__buf_putc(out, '0');
    else
        sgft__buf_put(out, s + ib + z, in - z);
    if (fn) {
        sgft__buf_putc(out, '.');
        sgft__buf_put(out, s + fb, fn);
    }
}

vresult sgft__val_real(const char *s, size_t len, buf *out) {
    size_t b = 0, e = len;
    trim(s, &b, &e);
    size_t i = b, ib, in, fb, fn;
    bool neg, valid;
    if (!scan_real(s, &i, e, &neg, &ib, &in, &fb, &fn, &valid))
        return VR_BAD;
    size_t end = i;
    trim(s, &end, &e);
    put_real(out, neg, s, ib, in, fb, fn);
    if (valid && end == e)
        return VR_OK;
    /* Repaired: a decimal comma, a missing digit, or words after it. */
    for (size_t k = end; k < e; k++)
        if (is_digit(s[k]))
            return out->len = 0, VR_BAD;
    return VR_FIXED;
}

/* A Double is never deleted: the property it belongs to (TE, BM, GB,
 * DM, UC, HO) says what matters, the value only how much.  The first 1
 * or 2 in it is kept; without one (empty, 3, x) it becomes 1, the normal
 * degree.  As SGFC repairs it. */
vresult sgft__val_clock(const char *s, size_t len, buf *out) {
    size_t b = 0, e = len;
    trim(s, &b, &e);
    unsigned long part[3];
    int n = 0;
    size_t i = b;
    for (;;) {
        size_t d = i;
        unsigned long x = 0;
        while (i < e && is_digit(s[i]) && i - d < 9)
            x = x * 10 + (unsigned long)(s[i++] - '0');
        /* after the first part, two digits under 60 */
        if (i == d || (n > 0 && (i - d != 2 || x >= 60)))
            return VR_BAD;
        part[n++] = x;
        if (i == e || s[i] != ':' || n == 3)
            break;
        i++;
    }
    if (n < 2)
        return VR_BAD;
    size_t fb = i, fn = 0;
    if (i < e && s[i] == '.') {
        fb = ++i;
        while (i < e && is_digit(s[i]))
            i++;
        fn = i - fb;
    }
    if (i != e)
        return VR_BAD;
    unsigned long secs = n == 3 ? (part[0] * 60 + part[1]) * 60 + part[2]
                                : part[0] * 60 + part[1];
    char whole[32];
    int wl = snprintf(whole, sizeof whole, "%lu", secs);
    put_real(out, false, whole, 0, (size_t)wl, 0, 0);
    while (fn > 0 && s[fb + fn - 1] == '0')
        fn--;
    if (fn) {
        sgft__buf_putc(out, '.');
        sgft__buf_put(out, s + fb, fn);
    }
    return VR_FIXED;
}

vresult sgft__val_double(const char *s, size_t len, buf *out) {
    size_t b = 0, e = len;
    trim(s, &b, &e);
    if (e - b == 1 && (s[b] == '1' || s[b] == '2')) {
        sgft__buf_putc(out, s[b]);
        return VR_OK;
    }
    char found = '1';
    for (size_t k = b; k < e; k++)
        if (s[k] == '1' || s[k] == '2') {
            found = s[k];
            break;
        }
    sgft__buf_putc(out, found);
    return VR_FIXED;
}

vresult sgft__val_color(const char *s, size_t len, buf *out) {
    size_t b = 0, e = len;
    trim(s, &b, &e);
    if (e - b == 1 && (s[b] == 'B' || s[b] == 'W')) {
        sgft__buf_putc(out, s[b]);
        return VR_OK;
    }
    /* The first letter decides when it is a colour ("w 123", "black"). */
    if (b < e) {
        char c = s[b];
        if (c == 'b' || c == 'B' || c == 'w' || c == 'W') {
            sgft__buf_putc(out, (char)(c == 'b' || c == 'B' ? 'B' : 'W'));
            return VR_FIXED;
        }
    }
    return VR_BAD;
}

/* The decoded text of a value (a value repaired by a rule holds decoded
 * text of its own). */
void sgft__value_text(const sgft_ctx *ctx, buf *out, const value *v,
                      bool simple, sgft_linebreaks style) {
    out->len = 0;
    if (v->flags & VALF_DECODED)
        sgft__buf_put(out, v->text, v->len);
    else
        sgft__text_decode(out, value_bytes(ctx, v), v->len, simple, style);
}

void sgft__unescape(buf *out, const char *raw, size_t len) {
    size_t i = 0, from = 0;
    while (i < len) {
        if (raw[i] != '\\') {
            i++;
            continue;
        }
        sgft__buf_put(out, raw + from, i - from);
        if (i + 1 >= len) { /* a lone '\' at the end: dropped */
            from = i = len;
            break;
        }
        if (is_break(raw[i + 1])) { /* soft line break: both removed */
            i += 1 + break_len(raw, len, i + 1);
            from = i;
            continue;
        }
        from = i + 1; /* the escaped character, literal */
        i += 2;
    }
    sgft__buf_put(out, raw + from, len - from);
}

size_t sgft__compose_split(const char *raw, size_t len) {
    for (size_t i = 0; i < len; i++) {
        if (raw[i] == '\\')
            i++;
        else if (raw[i] == ':')
            return i;
    }
    return len;
}

/* The one escaper of the library: '\\' and ']' always, ':' when colon
 * (a part of a composed value); in runs, not byte by byte. */
void sgft__escape_kept(buf *b, const char *s, size_t len, bool colon) {
    size_t from = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '[' && !sgft__needs_escape(s[i], colon))
            continue;
        sgft__buf_put(b, s + from, i - from);
        sgft__buf_putc(b, '\\');
        from = i;
    }
    sgft__buf_put(b, s + from, len - from);
}

void sgft__escape(buf *b, const char *s, size_t len, bool colon) {
    size_t from = 0;
    for (size_t i = 0; i < len; i++) {
        if (!sgft__needs_escape(s[i], colon))
            continue;
        sgft__buf_put(b, s + from, i - from);
        sgft__buf_putc(b, '\\');
        from = i;
    }
    sgft__buf_put(b, s + from, len - from);
}
