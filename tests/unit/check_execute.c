/* check_execute.c - the board replay (execute.c) through the pipeline:
 * captures and suicide (seen by what a later move on the point reports),
 * occupied points (58), setup without effect (39, its points deleted),
 * the board undone between variations, M converted on the board, and the
 * captures that stop -v. */
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct exec_case {
    const char *name, *args, *in, *out, *diags;
} exec_case;

static const exec_case cases[] = {
    {"capture", "",
     "(;FF[4]GM[1]SZ[9];B[ba];W[aa];B[ab];W[cc];B[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ba];W[aa];B[ab];W[cc];B[aa])\n",
     ""},
    {"occupied", "",
     "(;FF[4]GM[1]SZ[9];B[aa];W[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa];W[aa])\n",
     "1:26 W58\n"},
    {"suicide", "",
     "(;FF[4]GM[1]SZ[9];B[ba];W[cc];B[ab];W[aa];B[dd];W[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ba];W[cc];B[ab];W[aa];B[dd];W[aa])\n",
     ""},
    {"setup_no_effect", "",
     "(;FF[4]GM[1]SZ[9]AB[aa][bb];AB[aa:ab]AE[cc])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]AB[aa][bb];AB[ab])\n",
     "1:31 W39\n1:40 W39\n"},
    {"setup_rewritten", "-e",
     "(;FF[4]GM[1]SZ[9]AB[aa];AB[aa:ba]AW[cc])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]AB[aa];AB[ba]AW[cc])\n",
     "1:27 W39\n"},
    {"variations_undo", "",
     "(;FF[4]GM[1]SZ[9](;B[aa];W[bb])(;W[bb];B[aa]))",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n(;B[aa];W[bb])\n(;W[bb];B[aa]))\n",
     ""},
    {"marks", "",
     "(;FF[3]GM[1]SZ[9];B[aa]M[aa][bb:bc])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]MA[bb:bc]TR[aa])\n",
     "1:24 W40\n1:29 E51\n"},
    {"marks_after_capture", "",
     "(;FF[3]GM[1]SZ[9];B[ba];W[aa];B[ab]M[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ba];W[aa];B[ab]MA[aa])\n",
     "1:36 W40\n"},
    {"captured_no_siblings", "-v",
     "(;FF[4]GM[1]SZ[9];B[ba];W[aa];B[ab](;W[cc])(;AE[ab];W[dd]))",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ba];W[aa];B[ab]\n(;W[cc])\n(;AE[ab];W[dd]))\n",
     "1:37 W56\n"},
    {"siblings", "-v",
     "(;FF[4]GM[1]SZ[9];B[aa](;W[bb])(;AE[aa];B[cc];W[dd]))",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n(;B[aa];W[bb])\n(;B[cc];W[dd]))\n",
     "1:25 W57\n"},
};

START_TEST(test_execute_case) {
    const exec_case *c = &cases[_i];
    sgft_options o = case_options(c->args);
    expect_run(c->name, c->in, 0, &o, false, c->out, c->diags);
}
END_TEST

/* A deep line and many variations replay in one walk (no recursion, the
 * board undone to each branch point). */
START_TEST(test_deep_and_wide) {
    char *moves = str_repeat(";B[aa];W[aa]", 20000);
    size_t len = strlen(moves);
    char *in = malloc(len + 40), *out = malloc(len + 60);
    snprintf(in, len + 40, "(;FF[4]GM[1]SZ[9]%s)", moves);
    result r;
    run_sgf(in, strlen(in), NULL, false, &r);
    /* every move but the first is on an occupied point */
    ck_assert_uint_eq(r.sum.warnings, 39999);
    result_free(&r);
    free(moves);
    free(in);
    free(out);
}
END_TEST

Suite *execute_suite(void) {
    Suite *s = suite_create("execute");
    TCase *tc = tcase_create("cases");
    tcase_add_loop_test(tc, test_execute_case, 0,
                        (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_deep_and_wide);
    suite_add_tcase(s, tc);
    return s;
}
