/* format.c - what the printed forms of diagnostics share: file names and
 * texts made safe for a line of their own, JSON strings, UTF-8 and the
 * status line of a file.  Each form is a reporter of its own
 * (report_list.h); these pieces call none of them.
 * The library prints nothing by itself: these are for its callers, the
 * sgftidy command among them. */
#include "format.h"

#include <stdint.h>
#include <stdio.h>

int sgft__utf8_char_len(const unsigned char *s) {
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    int n = c >= 0xC2 && c <= 0xDF   ? 2
            : c >= 0xE0 && c <= 0xEF ? 3
            : c >= 0xF0 && c <= 0xF4 ? 4
                                     : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F) ||
        (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] > 0x8F))
        return 0; /* overlong, surrogate, beyond U+10FFFF */
    return n;
}

/* A JSON string, always valid UTF-8: a byte that is not part of a
 * well-formed UTF-8 sequence (a file name in another charset) is written
 * as U+FFFD.  len bytes of str (SIZE_MAX: up to its NUL). */
void sgft__json_string_n(FILE *f, const char *str, size_t len) {
    const unsigned char *s = (const unsigned char *)str;
    const unsigned char *e = len == SIZE_MAX ? NULL : s + len;
    fputc('"', f);
    while (e ? s < e : *s != '\0') {
        unsigned char c = *s;
        int n = sgft__utf8_char_len(s);
        if (n == 0 || (e && s + n > e)) {
            fputs("\\ufffd", f);
            s++;
        } else if (c == '"' || c == '\\') {
            fprintf(f, "\\%c", c);
            s++;
        } else if (c == '\n') {
            fputs("\\n", f);
            s++;
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(f, "\\u%04x", c);
            s++;
        } else {
            fwrite(s, 1, (size_t)n, f);
            s += n;
        }
    }
    fputc('"', f);
}

int sgft_print_json_string(FILE *f, const char *s) {
    sgft__json_string(f, s);
    return ferror(f) ? -1 : 0;
}

void sgft__json_string(FILE *f, const char *str) {
    sgft__json_string_n(f, str, SIZE_MAX);
}

/* --- file names and texts on lines of their own -------------------------- */

static bool is_control(unsigned char c) { return c < 0x20 || c == 0x7F; }

/* c as a C escape (\n, \t, \r, \ooo) into out, 5 bytes at least. */
static void control_escape(unsigned char c, char *out) {
    if (c == '\n' || c == '\t' || c == '\r')
        snprintf(out, 5, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
    else
        snprintf(out, 5, "\\%03o", c);
}

/* s for a line of its own: s itself when it holds no control character
 * (nor, for a name, starts with '"'); else into b with its control
 * characters escaped and, for a name, in double quotes with '"' and '\\'
 * escaped too. */
static const char *line_safe(buf *b, const char *s, bool name) {
    const char *q = s;
    while (*q && !is_control((unsigned char)*q))
        q++;
    if (!*q && !(name && *s == '"'))
        return s;
    if (name)
        sgft__buf_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char e[5];
        if (name && (c == '"' || c == '\\')) {
            sgft__buf_putc(b, '\\');
            sgft__buf_putc(b, (char)c);
        } else if (is_control(c)) {
            control_escape(c, e);
            sgft__buf_puts(b, e);
        } else {
            sgft__buf_putc(b, (char)c);
        }
    }
    if (name)
        sgft__buf_putc(b, '"');
    return b->oom || !b->data ? "" : b->data;
}

const char *sgft__name_shown(buf *b, const char *name) {
    return line_safe(b, name, true);
}

const char *sgft__text_shown(buf *b, const char *text) {
    return line_safe(b, text, false);
}

int sgft_print_name(FILE *f, const char *name) {
    buf b;
    sgft__buf_init(&b);
    fputs(sgft__name_shown(&b, name), f);
    sgft__buf_free(&b);
    return ferror(f) ? -1 : 0;
}

/* The status line is made in a buffer of this size without the printf
 * machinery: it is the one line of every file. */
#define STATUS_LINE 256
typedef struct status_line {
    char s[STATUS_LINE];
    size_t n;
    const char *sep; /* before the next part */
} status_line;

static void status_put(status_line *l, const char *s) {
    size_t k = strlen(s);
    if (k > STATUS_LINE - 1 - l->n)
        k = STATUS_LINE - 1 - l->n;
    memcpy(l->s + l->n, s, k);
    l->n += k;
}

/* One part: the separator, before, the number v, after. */
static void status_part(status_line *l, const char *before, unsigned long v,
                        const char *after) {
    char digits[24];
    digits[sgft__ulong_digits(digits, v)] = '\0';
    status_put(l, l->sep);
    status_put(l, before);
    status_put(l, digits);
    status_put(l, after);
    l->sep = "  ";
}

void sgft__status_line(FILE *f, const char *file, const sgft_summary *s,
                       bool output) {
    if (s->fatal)
        return;
    status_line l;
    l.n = 0;
    l.sep = " ";
    if (!s->errors && !s->warnings) {
        status_put(&l, " OK");
        l.sep = "  ";
    }
    if (s->errors)
        status_part(&l, "", s->errors, " error(s)");
    if (s->warnings)
        status_part(&l, "", s->warnings, " warning(s)");
    if (s->critical)
        status_part(&l, "(critical:", s->critical, ")");
    if (s->ignored)
        status_part(&l, "(", s->ignored, " message(s) ignored)");
    /* What happened to the output file (not in SGFC's own layout); at
     * most 11 bytes each, in the array rather than pointed to. */
    static const char states[][12] = {
        [SGFT_OUTPUT_CREATED] = "(written)",
        [SGFT_OUTPUT_CHANGED] = "(changed)",
        [SGFT_OUTPUT_UNCHANGED] = "(unchanged)"};
    if (output && s->output >= SGFT_OUTPUT_CREATED &&
        s->output <= SGFT_OUTPUT_UNCHANGED) {
        status_put(&l, l.sep);
        status_put(&l, states[s->output]);
    }
    l.s[l.n] = '\0';
    if (!file)
        file = "sgftidy";
    buf nb;
    sgft__buf_init(&nb);
    file = sgft__name_shown(&nb, file);
    /* One line, written at once (standard error has no buffer). */
    char whole[1024];
    size_t name = strlen(file);
    if (name + l.n + 2 <= sizeof whole) {
        memcpy(whole, file, name);
        whole[name] = ':';
        memcpy(whole + name + 1, l.s, l.n);
        whole[name + 1 + l.n] = '\n';
        fwrite(whole, 1, name + l.n + 2, f);
    } else {
        fprintf(f, "%s:%s\n", file, l.s);
    }
    sgft__buf_free(&nb);
}
