/* value.c - reading Text and SimpleText values (FF[4] 4.5, 4.6).
 *
 * A raw value is the bytes between '[' and ']' with escapes in place.  The
 * decoded text has no escapes, no soft line breaks, LF as its only line
 * break, a space for every other white-space character, and no trailing
 * white space.  The -l styles say how line breaks of old files are read.
 */
#include "internal.h"

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

void sgft__text_decode(buf *out, const char *raw, size_t len, bool simple,
                       sgft_linebreaks style) {
    size_t start = out->len;
    size_t i = 0;
    while (i < len) {
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

size_t sgft__utf8_width(const char *s, size_t len) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

bool sgft__utf8_valid(const char *s, size_t len) {
    const unsigned char *p = (const unsigned char *)s, *e = p + len;
    while (p < e) {
        unsigned char c = *p;
        if (c < 0x80) {
            p++;
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
            return false;
        }
        if ((size_t)(e - p) <= n)
            return false;
        for (size_t k = 1; k <= n; k++) {
            if ((p[k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (p[k] & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        p += n + 1;
    }
    return true;
}
