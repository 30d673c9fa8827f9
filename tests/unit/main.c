/* main.c - runs the unit test suites, and the harness of tests.h.
 *
 * Debug a failure with CK_FORK=no (and CK_RUN_SUITE / CK_RUN_CASE to pick
 * one suite or case).  The exit status is EXIT_FAILURE when a test fails.
 */
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- a growable string ------------------------------------------------ */

typedef struct str {
    char *data;
    size_t len, cap;
} str;

static void str_put(str *s, const char *p, size_t n) {
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (s->len + n + 1 > cap)
            cap *= 2;
        char *d = realloc(s->data, cap);
        ck_assert_msg(d != NULL, "out of memory in the test harness");
        s->data = d;
        s->cap = cap;
    }
    memcpy(s->data + s->len, p, n);
    s->len += n;
    s->data[s->len] = '\0';
}

static void str_puts(str *s, const char *p) { str_put(s, p, strlen(p)); }

/* A NUL-terminated string, also when nothing was added. */
static char *str_take(str *s) {
    if (!s->data)
        str_put(s, "", 0);
    return s->data;
}

/* --- the reader, the writer and the diagnostic sink ------------------- */

typedef struct feed {
    const char *data;
    size_t len, pos;
    feed_mode mode;
    unsigned step;
} feed;

static long feed_read(void *userdata, char *b, size_t cap) {
    feed *f = userdata;
    size_t n = f->len - f->pos;
    size_t piece = n;
    if (f->mode == FEED_BYTES)
        piece = 1;
    else if (f->mode == FEED_VARY)
        piece = 1 + f->step++ % 7;
    if (n > piece)
        n = piece;
    if (n > cap)
        n = cap;
    memcpy(b, f->data + f->pos, n);
    f->pos += n;
    return (long)n;
}

static int collect_write(void *userdata, const char *b, size_t len) {
    str_put(userdata, b, len);
    return 0;
}

typedef struct sink {
    str diags, texts;
} sink;

static void collect_diag(const sgft_diag *d, void *userdata) {
    sink *k = userdata;
    char head[80];
    if (d->has_pos)
        snprintf(head, sizeof head, "%lu:%lu %c%d", d->line, d->col,
                 sgft_severity_letter(d->severity), d->code);
    else
        snprintf(head, sizeof head, "- %c%d",
                 sgft_severity_letter(d->severity), d->code);
    str_puts(&k->diags, head);
    str_puts(&k->diags, "\n");
    str_puts(&k->texts, head);
    str_puts(&k->texts, " ");
    str_puts(&k->texts, d->text);
    str_puts(&k->texts, "\n");
}

/* --- the harness ------------------------------------------------------ */

sgft_options test_options(void) {
    sgft_options o;
    sgft__options_defaults(&o);
    return o;
}

void run_sgf_fed(const char *text_in, size_t len, const sgft_options *opts,
                 bool dump, feed_mode mode, result *r) {
    sgft_options o = opts ? *opts : test_options();
    o.dump_tree = dump;
    sink k;
    memset(&k, 0, sizeof k);
    str out;
    memset(&out, 0, sizeof out);
    feed f = {text_in, len, 0, mode, 0};

    sgft_ctx *ctx = sgft_ctx_new(&o, collect_diag, &k);
    ck_assert_msg(ctx != NULL, "sgft_ctx_new failed");
    memset(r, 0, sizeof *r);
    r->status = sgft_run(ctx, feed_read, &f, collect_write, &out);
    r->sum = *sgft_ctx_summary(ctx);
    sgft_ctx_free(ctx);
    r->out = str_take(&out);
    r->out_len = out.len;
    r->diags = str_take(&k.diags);
    r->texts = str_take(&k.texts);
}

void run_sgf(const char *text_in, size_t len, const sgft_options *opts,
             bool dump, result *r) {
    run_sgf_fed(text_in, len, opts, dump, FEED_WHOLE, r);
}

void result_free(result *r) {
    free(r->out);
    free(r->diags);
    free(r->texts);
    memset(r, 0, sizeof *r);
}

void expect_run(const char *name, const char *text_in, size_t len,
                const sgft_options *opts, bool dump, const char *out,
                const char *diags) {
    static const feed_mode modes[] = {FEED_WHOLE, FEED_BYTES, FEED_VARY};
    static const char *const mode_names[] = {"whole", "bytes", "pieces"};
    if (!len)
        len = strlen(text_in);
    for (size_t m = 0; m < sizeof modes / sizeof *modes; m++) {
        result r;
        run_sgf_fed(text_in, len, opts, dump, modes[m], &r);
        ck_assert_msg(r.status == 0, "%s (%s): status %d", name,
                      mode_names[m], r.status);
        ck_assert_msg(strcmp(r.out, out) == 0 && r.out_len == strlen(out),
                      "%s (%s): output\n%s\nexpected\n%s", name,
                      mode_names[m], r.out, out);
        ck_assert_msg(strcmp(r.diags, diags) == 0,
                      "%s (%s): diagnostics\n%s\nexpected\n%s", name,
                      mode_names[m], r.texts, diags);
        result_free(&r);
    }
}

void expect_fixed_point(const char *name, const char *sgf,
                        const sgft_options *opts) {
    result r;
    run_sgf(sgf, strlen(sgf), opts, false, &r);
    ck_assert_msg(r.status == 0, "%s (again): status %d", name, r.status);
    ck_assert_msg(strcmp(r.out, sgf) == 0,
                  "%s (again): output\n%s\nexpected\n%s", name, r.out, sgf);
    ck_assert_msg(r.diags[0] == '\0', "%s (again): diagnostics\n%s", name,
                  r.texts);
    result_free(&r);
}

char *str_repeat(const char *s, size_t n) {
    size_t len = strlen(s);
    char *t = malloc(len * n + 1);
    ck_assert_msg(t != NULL, "out of memory in the test harness");
    for (size_t i = 0; i < n; i++)
        memcpy(t + i * len, s, len);
    t[len * n] = '\0';
    return t;
}

size_t first_wide_line(const char *s, size_t width) {
    size_t line = 1, col = 0;
    for (; *s; s++) {
        if (*s == '\n') {
            line++;
            col = 0;
            continue;
        }
        if (((unsigned char)*s & 0xC0) != 0x80 && ++col > width)
            return line;
    }
    return 0;
}

int main(void) {
    SRunner *sr = srunner_create(lexer_suite());
    srunner_add_suite(sr, parser_suite());
    srunner_add_suite(sr, writer_suite());
    srunner_add_suite(sr, catalogue_suite());
    srunner_add_suite(sr, gameinfo_suite());
    srunner_add_suite(sr, values_suite());
    srunner_add_suite(sr, api_suite());
    srunner_add_suite(sr, decode_suite());
    srunner_add_suite(sr, rules_suite());
    srunner_add_suite(sr, execute_suite());
    srunner_add_suite(sr, svg_suite());
    srunner_add_suite(sr, info_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
