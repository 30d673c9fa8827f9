/* format.h - the pieces the printed forms share (format.c): names and
 * texts made safe for a line of their own, JSON strings, UTF-8, the
 * status line of a file and the colours of a terminal.  They call no
 * reporter. */
#ifndef SGFT_FORMAT_H
#define SGFT_FORMAT_H

#include "internal.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The length (1-4) of the well-formed UTF-8 character at s, or 0 (a byte
 * that starts none, an overlong form, a surrogate, beyond U+10FFFF).  It
 * reads no further than a byte that ends the character early, so a NUL
 * stops it. */
int sgft__utf8_char_len(const unsigned char *s);

/* A name as sgft_print_name prints it, and a text of a diagnostic for a
 * line of its own (its control characters as C escapes): s itself, or
 * made in b. */
const char *sgft__name_shown(buf *b, const char *name);
const char *sgft__text_shown(buf *b, const char *text);

/* s as a JSON string (sgft_print_json_string); len bytes of s
 * (SIZE_MAX: up to its NUL). */
void sgft__json_string(FILE *f, const char *s);
void sgft__json_string_n(FILE *f, const char *s, size_t len);

/* The status line of file after its run ("FILE: 2 error(s)
 * (critical:1)"), with what happened to its output ("(changed)") when
 * output is true; nothing after a fatal error. */
void sgft__status_line(FILE *f, const char *file, const sgft_summary *s,
                       bool output);

/* The colours of gcc's diagnostics (ANSI escapes). */
#define SGFT_BOLD "\033[1m"
#define SGFT_RESET "\033[0m"
static inline const char *sgft__colour_of(sgft_severity s) {
    switch (s) {
    case SGFT_INFO: return "\033[1;36m";
    case SGFT_WARNING: return "\033[1;35m";
    default: return "\033[1;31m";
    }
}

#endif /* SGFT_FORMAT_H */
