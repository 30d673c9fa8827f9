/* format.c - the printed forms of diagnostics and status lines: the
 * default one (FILE:LINE:COL: error E15: ...), SGFC's, and JSON lines.
 * The library prints nothing by itself: these are for its callers, the
 * sgftidy command among them. */
#include "internal.h"

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
 * as U+FFFD. */
static void json_string(FILE *f, const char *str) {
    const unsigned char *s = (const unsigned char *)str;
    fputc('"', f);
    while (*s) {
        unsigned char c = *s;
        int n = utf8_len(s);
        if (n == 0) {
            fputs("\\ufffd", f);
            s++;
        } else if (c == '"' || c == '\\') {
            fprintf(f, "\\%c", c);
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
    json_string(f, s);
    return ferror(f) ? -1 : 0;
}

int sgft_print_diag(FILE *f, sgft_format fmt, const char *file,
                    const sgft_diag *d) {
    if (!file)
        file = "sgftidy";
    switch (fmt) {
    case SGFT_FORMAT_SGFC: {
        static const char *const kinds[] = {"Information", "Warning", "Error",
                                            "Fatal error"};
        if (d->has_pos)
            fprintf(f, "Line:%lu Col:%lu - ", d->line, d->col);
        fprintf(f, "%s %d%s: %s\n", kinds[d->severity], d->code,
                d->critical ? " (critical)" : "", d->text);
        break;
    }
    case SGFT_FORMAT_JSON:
        fputs("{\"file\":", f);
        json_string(f, file);
        if (d->has_pos)
            fprintf(f, ",\"line\":%lu,\"column\":%lu,\"offset\":%llu", d->line,
                    d->col, (unsigned long long)d->offset);
        fprintf(f, ",\"severity\":\"%s\",\"code\":%d,\"key\":",
                sgft_severity_name(d->severity), d->code);
        json_string(f, d->key);
        fprintf(f, ",\"critical\":%s,\"message\":",
                d->critical ? "true" : "false");
        json_string(f, d->text);
        fputs("}\n", f);
        break;
    case SGFT_FORMAT_TEXT:
    default:
        if (d->has_pos)
            fprintf(f, "%s:%lu:%lu: ", file, d->line, d->col);
        else
            fprintf(f, "%s: ", file);
        fprintf(f, "%s %c%d%s: %s\n", sgft_severity_name(d->severity),
                sgft_severity_letter(d->severity), d->code,
                d->critical ? " (critical)" : "", d->text);
        break;
    }
    return ferror(f) ? -1 : 0;
}

int sgft_print_status(FILE *f, sgft_format fmt, const char *file,
                      const sgft_summary *s) {
    if (fmt == SGFT_FORMAT_JSON || s->fatal)
        return 0;
    const char *sep = " ";
    fprintf(f, "%s:", file ? file : "sgftidy");
    if (!s->errors && !s->warnings) {
        fprintf(f, "%sOK", sep);
        sep = "  ";
    }
    if (s->errors) {
        fprintf(f, "%s%lu error(s)", sep, s->errors);
        sep = "  ";
    }
    if (s->warnings) {
        fprintf(f, "%s%lu warning(s)", sep, s->warnings);
        sep = "  ";
    }
    if (s->critical) {
        fprintf(f, "%s(critical:%lu)", sep, s->critical);
        sep = "  ";
    }
    if (s->ignored) {
        fprintf(f, "%s(%lu message(s) ignored)", sep, s->ignored);
        sep = "  ";
    }
    /* What happened to the output file (not in SGFC's own layout). */
    static const char *const states[] = {
        [SGFT_OUTPUT_CREATED] = "(written)",
        [SGFT_OUTPUT_CHANGED] = "(changed)",
        [SGFT_OUTPUT_UNCHANGED] = "(unchanged)"};
    if (fmt == SGFT_FORMAT_TEXT && s->output >= SGFT_OUTPUT_CREATED &&
        s->output <= SGFT_OUTPUT_UNCHANGED)
        fprintf(f, "%s%s", sep, states[s->output]);
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}
