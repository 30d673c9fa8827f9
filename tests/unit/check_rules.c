/* check_rules.c - the rule engine: the rule table (rule_list.h, read
 * through the public sgft_rule_* calls) and one case per rule, run
 * through the whole pipeline with exact output and diagnostics; the last
 * case shows that the messages of one node come in the order of the
 * list. */
#include "tests.h"
/* The walk of the engine itself, for the plain moves. */
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options a case needs, as on the command line: "-u", "--superko",
 * "-yC" (a property deleted), "--signature=symmetric"; the letters and
 * long names of the library's yes/no options come from option_list.h,
 * so that a new option needs no line here. */
sgft_options case_options(const char *args) {
    static const struct {
        char letter;
        const char *name, *arg;
        sgft_option opt;
    } list[] = {
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    {letter, name, #arg, SGFT_OPT_##id},
#define COMMAND(...)
#include "option_list.h"
#undef OPTION
#undef COMMAND
    };
    sgft_options o = test_options();
    const char *t = args;
    while (*t) {
        size_t len = strcspn(t, " ");
        if (len > 2 && t[0] == '-' && t[1] == 'y') {
            for (int id = 0; id < P__COUNT; id++)
                if (strlen(sgft__props[id].id) == len - 2 &&
                    memcmp(sgft__props[id].id, t + 2, len - 2) == 0)
                    o.deleted[id] = 1;
        } else if (len == 21 && memcmp(t, "--signature=symmetric", 21) == 0) {
            o.signature = 2;
        } else {
            for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) {
                bool named = len > 2 && t[1] == '-' &&
                             strlen(list[i].name) == len - 2 &&
                             memcmp(t + 2, list[i].name, len - 2) == 0;
                bool letter = len == 2 && list[i].letter && t[1] == list[i].letter;
                if ((named || letter) && (strcmp(list[i].arg, "A_NONE") == 0 ||
                                          strcmp(list[i].arg, "A_OPT") == 0))
                    ck_assert_int_eq(sgft_options_set(&o, list[i].opt, 1), 0);
            }
        }
        t += len;
        t += strspn(t, " ");
    }
    return o;
}

typedef struct rule_case {
    const char *name; /* the key of the rule it shows */
    const char *args; /* options, as command-line letters */
    const char *in, *out, *diags;
} rule_case;

static const rule_case cases[] = {
    {"root_values", "",
     "(;FF[5]GM[1]SZ[9:9]SZ[7];B[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n",
     "1:20 E28\n1:5 E46\n1:13 E47\n"},
    {"duplicates", "",
     "(;FF[4]GM[1]SZ[9];B[aa]C[x]C[y]AB[bb]AB[cc])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];AB[bb][cc];B[aa]C[x\n\ny])\n",
     "1:28 E28\n1:38 E28\n1:32 E30\n"},
    {"delete_request", "-yC",
     "(;FF[4]GM[1]SZ[9];B[aa]C[x])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n",
     "1:24 W29\n"},
    {"analysis", "--strip-analysis",
     "(;FF[4]GM[1]SZ[9];B[aa]LZ[x]C[a\xe3\x85\xa4\xe3\x85\xa4" "b"
     "\xe3\x85\xa4\xe2\x80\x8b]KT[y][z];W[bb]C[c\xe3\x85\xa4\xe2\x80\x8b]"
     "FIT[1])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]C[a];W[bb])\n",
     "1:61 W31\n1:2 I140\n1:2 I141\n"},
    {"strip_times", "--strip-times",
     "(;FF[4]GM[1]SZ[9];B[aa]BL[30.5]OB[2];W[bb]WL[12];B[cc]BL[1])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa];W[bb];B[cc])\n",
     "1:2 I144\n"},
    {"identifier", "-u",
     "(;FF[4]GM[1]SZ[9];bB[aa]XX[1])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n",
     "1:19 E16\n1:25 W35\n"},
    {"ki_to_km", "",
     "(;FF[4]GM[1]SZ[9]KI[13])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\nKM[6.5]\n)\n",
     "1:18 W59\n"},
    {"ff_version", "",
     "(;FF[3]GM[1]SZ[9];B[aa]AR[aa:bb])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]AR[aa:bb])\n",
     "1:24 W40\n"},
    {"l_to_lb", "",
     "(;FF[1]GM[1]SZ[9];B[cc]L[aa][zz][bb])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[cc]LB[aa:A][bb:C])\n",
     "1:29 E14\n"},
    {"obsolete", "-o",
     "(;FF[3]GM[1]SZ[9];B[aa]CH[1])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n",
     "1:24 W29\n"},
    {"root_only", "",
     "(;FF[4]GM[1]SZ[9];B[aa]ST[2])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n",
     "1:24 E32\n"},
    {"single_value", "",
     "(;FF[4]GM[1]SZ[9];B[aa]N[a][b])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]N[a])\n",
     "1:28 E13\n"},
    {"values", "",
     "(;FF[4]GM[1]SZ[9];B[aa]V[x]PL[w]MN[ 3])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]MN[3])\n",
     "1:25 E14\n1:30 E15\n1:35 E15\n1:28 E30\n"},
    {"point_lists", "",
     "(;FF[4]GM[1]SZ[9];AB[aa][aa]AW[aa:bb]MA[ba][aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];AB[aa]AW[ab:bb][ba]MA[aa:ba])\n",
     "1:25 E38\n1:31 E38\n"},
    {"composed_lists", "",
     "(;FF[4]GM[1]SZ[9];B[aa]LB[aa:x][aa:y]AR[aa:bb][aa:bb])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]LB[aa:x]AR[aa:bb])\n",
     "1:32 E38\n1:47 E38\n"},
    {"move_in_root", "-v",
     "(;FF[4]GM[1]SZ[9]B[aa];W[bb])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa];W[bb])\n",
     "1:3 W24\n"},
    {"two_moves", "",
     "(;FF[4]GM[1]SZ[9];W[bb]B[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];W[bb];B[aa])\n",
     "1:24 E37\n"},
    {"setup_and_move", "",
     "(;FF[4]GM[1]SZ[9];B[aa]AW[bb]C[x])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];AW[bb];B[aa]C[x])\n",
     "1:24 E30\n"},
    {"annotations", "",
     "(;FF[4]GM[1]SZ[9];B[aa]TE[1]BM[1]GB[1]GW[1])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]GB[1]IT[])\n",
     "1:39 E41\n1:29 E42\n"},
    {"annotation_move", "",
     "(;FF[4]GM[1]SZ[9];C[x]BM[1]KO[])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];C[x])\n",
     "1:23 E43\n1:28 E43\n"},
    {"gameinfo_once", "",
     "(;FF[4]GM[1]SZ[9]PB[x];B[aa]PW[y])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\nPB[x]\n;B[aa])\n",
     "1:29 E44\n"},
    {"board_lists", "",
     "(;FF[3]GM[1]SZ[9];B[aa]M[aa][bb]MA[bb])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]MA[bb]TR[aa])\n",
     "1:24 W40\n1:29 E38\n"},
    {"strict", "-r",
     "(;FF[4]GM[1]SZ[9]HA[2];B[aa];B[bb])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\nHA[2]\n;B[aa];B[bb])\n",
     "1:18 W61\n1:30 W63\n"},
    {"collection", "",
     "(;FF[4]GM[1]SZ[9])(;FF[3]GM[2])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9])\n(;FF[4]CA[UTF-8]GM[2])\n",
     "1:26 W19\n1:21 W45\n1:26 W53\n"},
    {"fox_komi", "",
     "(;FF[4]GM[1]SZ[9]AP[foxwq:1]KM[375])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]AP[foxwq:1]\nKM[7.5]\n)\n",
     "1:31 W130\n"},
    {"title_in_te", "",
     "(;FF[4]GM[1]SZ[9]TE[Cup final];B[aa]TE[2x])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\nEV[Cup final]\n;B[aa]TE[2])\n",
     "1:20 W135\n1:39 E15\n"},
    {"handicap_placement", "--fix-handicap",
     "(;FF[4]GM[1]SZ[9]HA[2];B[cc];B[gg];W[cg])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\nHA[2]\nAB[cc][gg]PL[W];W[cg])\n",
     "1:24 I133\n"},
    {"signature", "-g",
     "(;FF[4]GM[1]SZ[9];B[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n",
     "- I102\n"},
    {"empty_nodes", "-n",
     "(;FF[4]GM[1]SZ[9];;B[aa])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n",
     "1:18 W55\n"},
    {"reverse_variations", "-z",
     "(;FF[4]GM[1]SZ[9](;B[aa])(;B[bb]))",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n(;B[bb])\n(;B[aa]))\n",
     ""},
    {"order", "",
     "(;FF[4]GM[1]SZ[9];XX[1]B[aa]W[bb]N[a][b]BM[1]TE[1]C[])",
     "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa]N[a]DO[]XX[1];W[bb])\n",
     "1:19 W35\n1:38 E13\n1:52 W17\n1:29 E37\n1:46 E42\n"},
};

START_TEST(test_rule_case) {
    const rule_case *c = &cases[_i];
    sgft_options o = case_options(c->args);
    expect_run(c->name, c->in, 0, &o, false, c->out, c->diags);
}
END_TEST

/* Every case but the last is named after a rule; every rule has one. */
START_TEST(test_every_rule_has_a_case) {
    size_t n = sizeof cases / sizeof cases[0] - 1;
    for (size_t i = 0; i < sgft_rule_count(); i++) {
        const char *key = sgft_rule_key(i);
        bool found = false;
        for (size_t j = 0; j < n && !found; j++)
            found = strcmp(cases[j].name, key) == 0;
        /* -v's sibling variations: check_execute.c (they need the board). */
        if (!found && strcmp(key, "sibling_variations") != 0 &&
            strcmp(key, "ca_spelling") != 0 && strcmp(key, "charset_e1") != 0)
            ck_abort_msg("rule %s has no case", key);
    }
}
END_TEST

START_TEST(test_rule_table) {
    size_t n = sgft_rule_count();
    ck_assert_uint_gt(n, 20);
    ck_assert_ptr_null(sgft_rule_key(n));
    ck_assert_ptr_null(sgft_rule_text(n));
    ck_assert_int_eq(sgft_rule_message(n, 0), 0);
    for (size_t i = 0; i < n; i++) {
        const char *key = sgft_rule_key(i);
        ck_assert_ptr_nonnull(key);
        for (const char *c = key; *c; c++)
            ck_assert_msg((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
                              *c == '_',
                          "key %s", key);
        for (size_t j = i + 1; j < n; j++)
            ck_assert_msg(strcmp(key, sgft_rule_key(j)) != 0, "%s twice", key);
        ck_assert_ptr_nonnull(sgft_rule_text(i));
        ck_assert_uint_gt(strlen(sgft_rule_text(i)), 10);
        ck_assert_str_ne(sgft_scope_name(sgft_rule_scope(i)), "?");
        /* Each rule raises at least one message, each a known one that is
         * not fatal (rules never stop a run). */
        ck_assert_int_ne(sgft_rule_message(i, 0), 0);
        for (size_t j = 0; sgft_rule_message(i, j); j++) {
            int m = sgft_rule_message(i, j);
            ck_assert_msg(sgft_msg_known(m), "%s: message %d", key, m);
            if (strcmp(key, "charset_e1") != 0) /* 75 stops -E1 reading */
                ck_assert_msg(m != 75, "%s", key);
        }
    }
}
END_TEST

START_TEST(test_scope_names) {
    ck_assert_str_eq(sgft_scope_name(SGFT_SCOPE_VALUE), "value");
    ck_assert_str_eq(sgft_scope_name(SGFT_SCOPE_PROPERTY), "property");
    ck_assert_str_eq(sgft_scope_name(SGFT_SCOPE_NODE), "node");
    ck_assert_str_eq(sgft_scope_name(SGFT_SCOPE_TREE), "tree");
    ck_assert_str_eq(sgft_scope_name(SGFT_SCOPE_GAMEINFO), "game-info");
    ck_assert_str_eq(sgft_scope_name(SGFT_SCOPE_COLLECTION), "collection");
}
END_TEST

/* The board size of the game decides which points are valid: GM[3] is
 * read on its 8x8 default (games.c), Go points beyond SZ are deleted. */
START_TEST(test_game_sizes) {
    sgft_options o = test_options();
    expect_run("go beyond SZ", "(;FF[4]GM[1]SZ[5];B[ff])", 0, &o, false,
               "(;FF[4]CA[UTF-8]GM[1]SZ[5];)\n", "1:20 E14\n");
    expect_run("other game", "(;FF[4]GM[3];B[ff])", 0, &o, false,
               "(;FF[4]CA[UTF-8]GM[3];B[ff])\n", "1:8 W19\n");
}
END_TEST

/* A point list is written as greedy rectangles taken column by column,
 * whatever the order of its values: a short list is found from the
 * points as they were read, a long one (more than 64 points in the
 * group) by a look at every point; both give the same. */
START_TEST(test_point_list_order) {
    sgft_options o = test_options();
    expect_run("few points", "(;FF[4]GM[1]SZ[9];MA[ee][ab][ca][aa][bb][ba])",
               0, &o, false, "(;FF[4]CA[UTF-8]GM[1]SZ[9];MA[aa:bb][ca][ee])\n",
               "");
    /* 72 points of the rectangle aa:ih and ii, in the reverse order */
    char in[512] = "(;FF[4]GM[1]SZ[9];MA[ii]", *q = in + strlen(in);
    for (char x = 'i'; x >= 'a'; x--)
        for (char y = 'h'; y >= 'a'; y--)
            q += sprintf(q, "[%c%c]", x, y);
    strcpy(q, ")");
    expect_run("many points", in, 0, &o, false,
               "(;FF[4]CA[UTF-8]GM[1]SZ[9];MA[aa:ih][ii])\n", "");
}
END_TEST

/* --- plain moves ------------------------------------------------------ */

/* The diagnostics of a walk, as "LINE:COL Xn" lines. */
static void collect_diag(const sgft_diag *d, void *data) {
    sgft_buffer *b = data;
    char line[64];
    snprintf(line, sizeof line, "%lu:%lu %c%d\n", d->line, d->col,
             sgft_severity_letter(d->severity), d->code);
    sgft_buffer_write(b, line, strlen(line));
}

/* Checks and writes every tree of in as the pipeline does (-E1), every
 * node walked in full when all, else with the plain moves hurried
 * through; the output, then the diagnostics, in out. */
static void walk_with(const char *in, const sgft_options *o, bool all,
                      sgft_buffer *out, unsigned *ids) {
    sgft_buffer diags = {0};
    sgft_ctx *ctx = sgft_ctx_new(o, collect_diag, &diags);
    ck_assert_ptr_nonnull(ctx);
    sgft_reader *r = sgft_reader_memory(ctx, in, strlen(in));
    ck_assert_ptr_nonnull(r);
    sgft_tree *tree;
    *ids = 0;
    while (sgft_reader_next(r, &tree) == 1) {
        checker *k = sgft__checker_new(ctx, tree, 1);
        ck_assert_ptr_nonnull(k);
        k->walk_all = all;
        sgft__check_charset(k);
        sgft__check_nodes(k);
        *ids |= k->plain_ids;
        ck_assert_int_eq(sgft__checker_end(k), 0);
        ck_assert_int_eq(sgft__fix_output_root(ctx, tree, false), 0);
        ck_assert_int_eq(sgft_tree_write(ctx, tree, sgft_buffer_write, out),
                         0);
    }
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
    sgft_buffer_write(out, "--\n", 3);
    if (diags.data)
        sgft_buffer_write(out, diags.data, diags.len);
    free(diags.data);
}

/* The rules that say SKIP in rule_list.h are silent on a plain move: the
 * walk that hurries through such moves (calling the RUN rules only) writes
 * and says what the walk of every node in full does. */
START_TEST(test_plain_moves) {
    static const char *const inputs[] = {
        "(;FF[4]GM[1]SZ[19]KM[6.5];B[pd];W[dp];B[pp](;W[dd];B[dc])"
        "(;W[dc]PB[x];B[dd];W[cd]))",
        "(;FF[4]SZ[9];B[ba];W[aa];B[ab];W[ee];B[aa])",
        "(;FF[3]SZ[9];B[cc];W[tt];B[dd];W[ii];B[jj])",
        "(;FF[4]SZ[9]AB[cc];B[cc];W[cd];B[dd]C[x];W[dc];B[ed])",
        "(;FF[4]GM[1]SZ[13];B[aa];W[mm];B[bb])(;FF[4]SZ[9];W[aa];B[ii])",
        "(;FF[4]SZ[9]PB[a];B[aa];W[bb];B[cc]PW[b];W[dd])",
    };
    static const char *const args[] = {"", "-yB", "--strip-analysis", "-r",
                                       "-v", "-n -z"};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        for (size_t j = 0; j < sizeof args / sizeof args[0]; j++) {
            sgft_options o = case_options(args[j]);
            sgft_buffer full = {0}, hurried = {0};
            unsigned ids_full, ids;
            walk_with(inputs[i], &o, true, &full, &ids_full);
            walk_with(inputs[i], &o, false, &hurried, &ids);
            ck_assert_uint_eq(ids_full, 0);
            /* the plain moves the list allows under these options */
            ck_assert_uint_eq(ids, o.strip_analysis ? 0
                                   : o.deleted[P_B]  ? 2
                                                     : 3);
            ck_assert_msg(strcmp(full.data, hurried.data) == 0,
                          "%s %s:\n%s\nhurried:\n%s", inputs[i], args[j],
                          full.data, hurried.data);
            free(full.data);
            free(hurried.data);
        }
}
END_TEST

Suite *rules_suite(void) {
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, test_rule_table);
    tcase_add_test(tc, test_scope_names);
    tcase_add_test(tc, test_every_rule_has_a_case);
    suite_add_tcase(s, tc);
    tc = tcase_create("cases");
    tcase_add_loop_test(tc, test_rule_case, 0,
                        (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_game_sizes);
    tcase_add_test(tc, test_point_list_order);
    tcase_add_test(tc, test_plain_moves);
    suite_add_tcase(s, tc);
    return s;
}
