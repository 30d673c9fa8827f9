/* format.c - the printed forms of diagnostics and status lines: the
 * default one (FILE:LINE:COL: error E15: ...), SGFC's, JSON lines and
 * GitHub's workflow commands; colours for a terminal.  The documents
 * (SARIF, GitLab) and the reporters are in report.c.
 * The library prints nothing by itself: these are for its callers, the
 * sgftidy command among them. */
#include "internal.h"

#include <stdint.h>
#include <stdio.h>

/* Length of the well-formed UTF-8 sequence at s (1-4), or 0. */
static int utf8_len(const unsigned char *s) {
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
        int n = utf8_len(s);
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

/* GitHub's workflow commands: the runner reads a line "::error
 * file=NAME,line=N::TEXT" and decodes %25, %0D and %0A in TEXT, and
 * %3A and %2C too in a property (file=...): '%', CR and LF are written
 * so everywhere, ':' and ',' so in a property.  Every other control
 * character (ESC, TAB, DEL...) is percent-encoded as well, which the
 * runner leaves as it is: no escape sequence of a file name or a text
 * reaches the log raw. */
static void github_escaped(FILE *f, const char *s, bool property) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '%' || c < 0x20 || c == 0x7F ||
            (property && (c == ':' || c == ',')))
            fprintf(f, "%%%02X", c);
        else
            fputc(c, f);
    }
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

int sgft_print_name(FILE *f, const char *name) {
    buf b;
    sgft__buf_init(&b);
    fputs(sgft__name_shown(&b, name), f);
    sgft__buf_free(&b);
    return ferror(f) ? -1 : 0;
}

/* The colours of gcc's diagnostics (ANSI escapes). */
#define BOLD "\033[1m"
#define RESET "\033[0m"
static const char *colour_of(sgft_severity s) {
    switch (s) {
    case SGFT_INFO: return "\033[1;36m";
    case SGFT_WARNING: return "\033[1;35m";
    default: return "\033[1;31m";
    }
}

static int print_diag_line(FILE *f, sgft_format fmt, const char *file,
                           const sgft_diag *d, const char *text,
                           bool colour);

int sgft__print_diag(FILE *f, sgft_format fmt, const char *file,
                     const sgft_diag *d, bool colour) {
    if (!file)
        file = "sgftidy";
    buf nb, tb;
    sgft__buf_init(&nb);
    sgft__buf_init(&tb);
    const char *text = d->text;
    if (fmt != SGFT_FORMAT_JSON && fmt != SGFT_FORMAT_GITHUB &&
        fmt != SGFT_FORMAT_SARIF && fmt != SGFT_FORMAT_GITLAB) {
        /* Text and SGFC's form: one line, its file name unambiguous. */
        file = sgft__name_shown(&nb, file);
        text = line_safe(&tb, d->text, false);
    }
    int st = print_diag_line(f, fmt, file, d, text, colour);
    sgft__buf_free(&nb);
    sgft__buf_free(&tb);
    return st;
}

static int print_diag_line(FILE *f, sgft_format fmt, const char *file,
                           const sgft_diag *d, const char *text,
                           bool colour) {
    const char *b = colour ? BOLD : "", *r = colour ? RESET : "";
    const char *c = colour ? colour_of(d->severity) : "";
    switch (fmt) {
    case SGFT_FORMAT_SGFC: {
        /* at most 11 bytes each, in the array rather than pointed to */
        static const char kinds[][12] = {"Information", "Warning", "Error",
                                         "Fatal error"};
        fprintf(f, "%s%s:%s ", b, file, r);
        if (d->has_pos)
            fprintf(f, "Line:%lu Col:%lu - ", d->line, d->col);
        fprintf(f, "%s%s %d%s%s: %s\n", c, kinds[d->severity], d->code,
                d->critical ? " (critical)" : "", r, text);
        break;
    }
    case SGFT_FORMAT_JSON:
        fputs("{\"file\":", f);
        sgft__json_string(f, file);
        if (d->has_pos)
            fprintf(f, ",\"line\":%lu,\"column\":%lu,\"offset\":%llu", d->line,
                    d->col, (unsigned long long)d->offset);
        fprintf(f, ",\"severity\":\"%s\",\"code\":%d,\"key\":",
                sgft_severity_name(d->severity), d->code);
        sgft__json_string(f, d->key);
        fprintf(f, ",\"critical\":%s,\"message\":",
                d->critical ? "true" : "false");
        sgft__json_string(f, d->text);
        fputs("}\n", f);
        break;
    case SGFT_FORMAT_GITHUB:
        fprintf(f, "::%s file=", d->severity == SGFT_INFO      ? "notice"
                                 : d->severity == SGFT_WARNING ? "warning"
                                                               : "error");
        github_escaped(f, file, true);
        if (d->has_pos)
            fprintf(f, ",line=%lu,col=%lu", d->line, d->col);
        fprintf(f, ",title=%c%d %s%s::", sgft_severity_letter(d->severity),
                d->code, d->key, d->critical ? " (critical)" : "");
        github_escaped(f, d->text, false);
        fputc('\n', f);
        break;
    case SGFT_FORMAT_SARIF:
        sgft__sarif_result(f, file, d);
        fputc('\n', f);
        break;
    case SGFT_FORMAT_GITLAB:
        sgft__gitlab_issue(f, file, d);
        fputc('\n', f);
        break;
    case SGFT_FORMAT_TEXT:
    default:
        /* One call: one write to standard error. */
        if (d->has_pos)
            fprintf(f, "%s%s:%lu:%lu:%s %s%s %c%d%s%s: %s\n", b, file,
                    d->line, d->col, r, c, sgft_severity_name(d->severity),
                    sgft_severity_letter(d->severity), d->code,
                    d->critical ? " (critical)" : "", r, text);
        else
            fprintf(f, "%s%s:%s %s%s %c%d%s%s: %s\n", b, file, r, c,
                    sgft_severity_name(d->severity),
                    sgft_severity_letter(d->severity), d->code,
                    d->critical ? " (critical)" : "", r, text);
        break;
    }
    return ferror(f) ? -1 : 0;
}

int sgft_print_diag(FILE *f, sgft_format fmt, const char *file,
                    const sgft_diag *d) {
    return sgft__print_diag(f, fmt, file, d, false);
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

int sgft_print_status(FILE *f, sgft_format fmt, const char *file,
                      const sgft_summary *s) {
    if (fmt == SGFT_FORMAT_JSON || fmt == SGFT_FORMAT_SARIF ||
        fmt == SGFT_FORMAT_GITLAB || s->fatal)
        return 0;
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
    if (fmt == SGFT_FORMAT_TEXT && s->output >= SGFT_OUTPUT_CREATED &&
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
    return ferror(f) ? -1 : 0;
}
