/* tests.h - the suites of the unit tests and the harness they share.
 *
 * The harness runs the public sgft_run() over an in-memory input, fed
 * whole or in small pieces, and collects the written bytes and the
 * diagnostics as text, so that a test compares exact strings:
 *
 *   diags:  one line per diagnostic, "LINE:COL Xn" (X = severity letter,
 *           n = message number), or "- Xn" for a message without place;
 *   texts:  the same lines followed by a space and the message text.
 */
#ifndef SGFT_TESTS_H
#define SGFT_TESTS_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

#include "sgftidy.h"
/* The suites set options through the library's own struct. */
#include "internal.h"

Suite *lexer_suite(void);
Suite *parser_suite(void);
Suite *writer_suite(void);
Suite *catalogue_suite(void);
Suite *gameinfo_suite(void); /* check_gameinfo.c */
Suite *values_suite(void);   /* check_values.c */
Suite *api_suite(void);      /* check_api.c */
Suite *decode_suite(void);   /* check_decode.c */
Suite *rules_suite(void);    /* check_rules.c */
Suite *execute_suite(void);  /* check_execute.c */
Suite *svg_suite(void);      /* check_svg.c */
Suite *info_suite(void);     /* check_info.c */

/* Options from command-line letters (-u -o -v -r -g -n -z -e -yC), for
 * the cases of check_rules.c and check_execute.c. */
sgft_options case_options(const char *args);

/* How the reader hands out the input. */
typedef enum feed_mode {
    FEED_WHOLE, /* as much as asked for */
    FEED_BYTES, /* one byte per read */
    FEED_VARY   /* 1, 2, ..., 7, 1, 2, ... bytes per read */
} feed_mode;

typedef struct result {
    int status;        /* return value of sgft_run() */
    char *out;         /* the written bytes, NUL-terminated */
    size_t out_len;
    char *diags;       /* "LINE:COL Xn\n" per diagnostic */
    char *texts;       /* "LINE:COL Xn text\n" per diagnostic */
    sgft_summary sum;  /* the summary after the run */
} result;

/* Default options (the library's defaults). */
sgft_options test_options(void);

/* Runs sgft_run() over input[0..len) with opts (NULL = defaults); dump
 * selects the tree listing instead of SGF.  Free r with result_free(). */
void run_sgf(const char *input, size_t len, const sgft_options *opts,
             bool dump, result *r);
void run_sgf_fed(const char *input, size_t len, const sgft_options *opts,
                 bool dump, feed_mode mode, result *r);
void result_free(result *r);

/* Runs input in every feed mode and asserts the exact output and the
 * exact diagnostics ("LINE:COL Xn" lines); name labels failures.  len 0
 * means strlen(input). */
void expect_run(const char *name, const char *input, size_t len,
                const sgft_options *opts, bool dump, const char *out,
                const char *diags);

/* Asserts that output written by sgftidy is a fixed point: read again
 * with opts it gives the same bytes and no diagnostic. */
void expect_fixed_point(const char *name, const char *sgf,
                        const sgft_options *opts);

/* A malloc'd string of n copies of s. */
char *str_repeat(const char *s, size_t n);

/* The number (1-based) of the first line of s that has more than width
 * characters (UTF-8 code points), or 0 when there is none. */
size_t first_wide_line(const char *s, size_t width);

#endif /* SGFT_TESTS_H */
