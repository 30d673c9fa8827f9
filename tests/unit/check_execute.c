/* check_execute.c - the board replay (execute.c) through the pipeline:
 * captures and suicide (seen by what a later move on the point reports),
 * occupied points (58), setup without effect (39, its points deleted),
 * the board undone between variations, M converted on the board, and the
 * captures that stop -v; ko (121), suicide (122) and superko (123)
 * against a plain reference board over random games with variations;
 * the rule sets that allow suicide. */
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
     "1:25 W58\n"},
    {"suicide", "",
     "(;FF[4]GM[1]SZ[9];B[ba];W[cc];B[ab];W[aa];B[dd];W[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ba];W[cc];B[ab];W[aa];B[dd];W[aa])\n",
     "1:38 W122\n1:50 W122\n"},
    {"ko", "",
     "(;FF[4]GM[1]SZ[9]AB[aa][bb]AW[ba][cb][da];B[ca];W[ba];B[ca]KO[])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]AB[aa][bb]AW[ba][cb][da];B[ca];W[ba];B[ca]KO[])\n",
     "1:50 W121\n"},
    {"superko", "--superko",
     "(;FF[4]GM[1]SZ[9]RU[NZ]AB[ba][ab];W[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\nRU[NZ]\nAB[ab][ba];W[aa])\n",
     "1:36 W123\n"},
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

/* --- random games against a plain reference board --------------------- */

#define RN 7 /* the board side */

typedef struct ref {
    unsigned char p[RN * RN];
    int ko_stone, ko_point; /* -1: none */
} ref;

static unsigned long rng_state = 12345;
static unsigned rnd(unsigned n) {
    rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
    return (unsigned)((rng_state >> 33) % n);
}

/* The chain at i: marks its points in mark[] (1), returns whether it has
 * a liberty.  Plain recursion-free flood fill. */
static bool ref_chain(const ref *r, int i, unsigned char *mark) {
    int stack[RN * RN], top = 0;
    bool lib = false;
    memset(mark, 0, RN * RN);
    mark[i] = 1;
    stack[top++] = i;
    while (top) {
        int q = stack[--top], x = q % RN, y = q / RN;
        int nb[4] = {x ? q - 1 : -1, x < RN - 1 ? q + 1 : -1,
                     y ? q - RN : -1, y < RN - 1 ? q + RN : -1};
        for (int k = 0; k < 4; k++) {
            int n = nb[k];
            if (n < 0)
                continue;
            if (!r->p[n])
                lib = true;
            else if (r->p[n] == r->p[i] && !mark[n]) {
                mark[n] = 1;
                stack[top++] = n;
            }
        }
    }
    return lib;
}

/* Removes the chain at i when it has no liberty; returns its size. */
static int ref_capture(ref *r, int i) {
    unsigned char mark[RN * RN];
    if (!r->p[i] || ref_chain(r, i, mark))
        return 0;
    int n = 0;
    for (int k = 0; k < RN * RN; k++)
        if (mark[k]) {
            r->p[k] = 0;
            n++;
        }
    return n;
}

/* One line of play in the text and in the reference: nodes random moves
 * (now and then a setup node); appends the SGF to sgf and the expected
 * diagnostics to diags; hist holds the positions of the line. */
typedef struct line_ctx {
    char *sgf, *diags;
    size_t len, dlen;
    ref hist[400];
    int nhist;
    int colour;
} line_ctx;

static void ref_line(line_ctx *c, ref *r, int nodes) {
    for (int k = 0; k < nodes; k++) {
        int pt = (int)rnd(RN * RN);
        for (int tries = 0; tries < 8 && r->p[pt]; tries++)
            pt = (int)rnd(RN * RN); /* mostly an empty point */
        char xy[3] = {(char)('a' + pt % RN), (char)('a' + pt / RN), 0};
        if (rnd(12) == 0) { /* setup with an effect */
            bool black = r->p[pt] == 0;
            c->len += (size_t)sprintf(c->sgf + c->len, ";%s[%s]",
                                      black ? "AB" : "AE", xy);
            r->p[pt] = black ? 1 : 0;
            r->ko_stone = r->ko_point = -1;
            c->hist[c->nhist++] = *r;
            continue;
        }
        int col = c->colour;
        c->colour = 3 - col;
        c->len += (size_t)sprintf(c->sgf + c->len, ";%c", col == 1 ? 'B' : 'W');
        unsigned long at = (unsigned long)c->len + 1; /* the '[' */
        c->len += (size_t)sprintf(c->sgf + c->len, "[%s]", xy);
        bool occupied = r->p[pt] != 0;
        if (occupied) /* 58 at the identifier, as SGFC gives it */
            c->dlen += (size_t)sprintf(c->diags + c->dlen, "1:%lu W58\n",
                                       at - 1);
        r->p[pt] = (unsigned char)col;
        int x = pt % RN, y = pt / RN, captured = 0, last = -1;
        int nb[4] = {x ? pt - 1 : -1, x < RN - 1 ? pt + 1 : -1,
                     y ? pt - RN : -1, y < RN - 1 ? pt + RN : -1};
        for (int d = 0; d < 4; d++)
            if (nb[d] >= 0 && r->p[nb[d]] == 3 - col) {
                int n = ref_capture(r, nb[d]);
                if (n) {
                    captured += n;
                    last = nb[d];
                }
            }
        bool reported = false;
        if (captured == 1 && pt == r->ko_point && last == r->ko_stone) {
            c->dlen += (size_t)sprintf(c->diags + c->dlen, "1:%lu W121\n", at);
            reported = true;
        }
        r->ko_stone = r->ko_point = -1;
        if (ref_capture(r, pt)) {
            c->dlen += (size_t)sprintf(c->diags + c->dlen, "1:%lu W122\n", at);
            reported = true;
        } else if (captured == 1 && !occupied) {
            r->ko_stone = pt;
            r->ko_point = last;
        }
        if (!reported)
            for (int h = 0; h < c->nhist; h++)
                if (!memcmp(c->hist[h].p, r->p, sizeof r->p)) {
                    c->dlen +=
                        (size_t)sprintf(c->diags + c->dlen, "1:%lu W123\n", at);
                    break;
                }
        c->hist[c->nhist++] = *r;
    }
}

/* Random games of a tree with variations two deep: every message the
 * replay gives is the one the reference board gives, so the chains, the
 * undo between variations, the ko and the positions of each line agree
 * with a plain flood-fill board. */
START_TEST(test_random_games) {
    rng_state = 12345 + (unsigned long)_i * 7919;
    line_ctx c;
    memset(&c, 0, sizeof c);
    c.sgf = malloc(100000);
    c.diags = malloc(100000);
    c.len = (size_t)sprintf(c.sgf, "(;FF[4]GM[1]SZ[%d]", RN);
    c.diags[0] = '\0';
    ref root = {{0}, -1, -1};
    c.hist[c.nhist++] = root;
    c.colour = 1;
    ref prefix = root;
    ref_line(&c, &prefix, 40);
    int prefix_hist = c.nhist, prefix_colour = c.colour;
    for (int v = 0; v < 3; v++) {
        ref a = prefix;
        c.nhist = prefix_hist;
        c.colour = prefix_colour;
        c.len += (size_t)sprintf(c.sgf + c.len, "(");
        ref_line(&c, &a, 40);
        if (v == 0) {
            int mid_hist = c.nhist, mid_colour = c.colour;
            for (int w = 0; w < 2; w++) {
                ref s2 = a;
                c.nhist = mid_hist;
                c.colour = mid_colour;
                c.len += (size_t)sprintf(c.sgf + c.len, "(");
                ref_line(&c, &s2, 40);
                c.len += (size_t)sprintf(c.sgf + c.len, ")");
            }
        }
        c.len += (size_t)sprintf(c.sgf + c.len, ")");
    }
    c.len += (size_t)sprintf(c.sgf + c.len, ")");
    sgft_options o = test_options();
    o.superko = true;
    result r;
    run_sgf(c.sgf, c.len, &o, false, &r);
    ck_assert_msg(strcmp(r.diags, c.diags) == 0,
                  "game %d:\n%s\ndiagnostics\n%s\nexpected\n%s", _i, c.sgf,
                  r.diags, c.diags);
    result_free(&r);
    free(c.sgf);
    free(c.diags);
}
END_TEST

/* The spellings of RU that allow suicide, and some that do not. */
START_TEST(test_suicide_rules) {
    static const char *const yes[] = {
        "NZ", "nz", "New Zealand", "new-zealand rules", "NewZealand",
        "GOE", "Ing", "Ing's rules", "ING SST", "SST", "Tromp-Taylor",
        "tromp taylor", "Chinese; NZ"};
    static const char *const no[] = {
        "", "Japanese", "Chinese", "Korean", "AGA", "Beijing", "playing",
        "New", "Zealand New", "Tromp", "NZL", "zing"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        ck_assert_msg(sgft__go_suicide_allowed(yes[i], strlen(yes[i])),
                      "RU[%s] should allow suicide", yes[i]);
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        ck_assert_msg(!sgft__go_suicide_allowed(no[i], strlen(no[i])),
                      "RU[%s] should not allow suicide", no[i]);
}
END_TEST

Suite *execute_suite(void) {
    Suite *s = suite_create("execute");
    TCase *tc = tcase_create("cases");
    tcase_add_loop_test(tc, test_execute_case, 0,
                        (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_deep_and_wide);
    tcase_add_loop_test(tc, test_random_games, 0, 40);
    tcase_add_test(tc, test_suicide_rules);
    suite_add_tcase(s, tc);
    return s;
}
