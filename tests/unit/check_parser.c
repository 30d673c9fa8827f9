/* check_parser.c - the trees the parser builds and its recovery from
 * syntax faults (SGF-FF4.md 2.1, 2.4-2.6, 13.4), the start of the data
 * (-b1/-b2/-b3), the kept header (-k), nesting depth and the stream API.
 *
 * Trees are compared as the listing of opts.dump_tree (src/dump.c): one
 * "node I parent P" line per node in pre-order, properties sorted. */
#include "tests.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define T1 "tree 1\nnode 1 parent 0\n"
#define N(i, p) "node " #i " parent " #p "\n"

typedef struct parse_row {
    const char *name;
    const char *in;
    const char *dump;
    const char *diags;
} parse_row;

/* --- valid input --------------------------------------------------------- */

static const parse_row shape_rows[] = {
    {"spec 14.1: the smallest tree", "(;)", T1, ""},
    {"a sequence", "(;FF[4];B[aa];W[bb])",
     T1 "  FF[4]\n" N(2, 1) "  B[aa]\n" N(3, 2) "  W[bb]\n", ""},
    {"variations", "(;FF[4];B[aa](;W[bb];B[cc])(;W[cc]))",
     T1 "  FF[4]\n" N(2, 1) "  B[aa]\n" N(3, 2) "  W[bb]\n" N(4, 3)
        "  B[cc]\n" N(5, 2) "  W[cc]\n",
     ""},
    {"spec 2.4: the numbering example",
     "(;GM[1]FF[4]SZ[9]C[node 0]\n"
     " ;B[ee]C[node 1]\n"
     "  (;W[cc]C[node 2];B[gg]C[node 3])\n"
     "  (;W[gc]C[node 4]\n"
     "    (;B[cg]C[node 5])\n"
     "    (;B[gg]C[node 6];W[cg]C[node 7])))",
     T1 "  C[node 0]\n  FF[4]\n  GM[1]\n  SZ[9]\n"
     N(2, 1) "  B[ee]\n  C[node 1]\n"
     N(3, 2) "  C[node 2]\n  W[cc]\n"
     N(4, 3) "  B[gg]\n  C[node 3]\n"
     N(5, 2) "  C[node 4]\n  W[gc]\n"
     N(6, 5) "  B[cg]\n  C[node 5]\n"
     N(7, 5) "  B[gg]\n  C[node 6]\n"
     N(8, 7) "  C[node 7]\n  W[cg]\n",
     ""},
    {"nested variations at the first node", "(;C[a](;C[b](;C[c])(;C[d]))(;C[e]))",
     T1 "  C[a]\n" N(2, 1) "  C[b]\n" N(3, 2) "  C[c]\n" N(4, 2) "  C[d]\n"
        N(5, 1) "  C[e]\n",
     ""},
    {"a collection", "(;C[1])(;C[2])\n\n(;C[3])\n",
     T1 "  C[1]\ntree 2\n" N(1, 0) "  C[2]\ntree 3\n" N(1, 0) "  C[3]\n",
     ""},
    {"white space between all tokens",
     " ( ; C [x] ( ; B\t[aa] ) \r\n( ;W [bb]\n) ) \n",
     T1 "  C[x]\n" N(2, 1) "  B[aa]\n" N(3, 1) "  W[bb]\n", ""},
    {"properties in the order read", "(;W[bb]B[aa]AB[cc][dd]C[x]C[y])",
     T1 "  AB[cc][dd]\n  B[aa]\n  C[x]\n  C[y]\n  W[bb]\n", ""},
};

START_TEST(test_shapes) {
    const parse_row *r = &shape_rows[_i];
    expect_run(r->name, r->in, 0, NULL, true, r->dump, r->diags);
}
END_TEST

/* --- recovery ------------------------------------------------------------ */

static const parse_row recovery_rows[] = {
    /* 6: something like a point value before the data, reported once. */
    {"6: [ab] before the data", "junk [ab] (;FF[4]GM[1];B[aa])",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n", "1:6 W6\n"},
    {"6: reported once", "[ab] [cd]\n[ef] (;B[aa])", T1 "  B[aa]\n",
     "1:1 W6\n"},
    {"6: not for other brackets", "[AB] [abc] [a] [a1] (;B[aa])",
     T1 "  B[aa]\n", ""},
    /* 7: no game tree. */
    {"7: plain text", "no sgf here\n", "", "- F7\n"},
    {"7: empty input", "", "", "- F7\n"},
    {"7: () is no start", "()", "", "- F7\n"},
    /* 8: illegal characters outside values. */
    {"8: spec example", "(;FF[4]GM[1];B[aa] xyz ;W[bb])",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n" N(3, 2) "  W[bb]\n",
     "1:20 E8\n"},
    {"8: a stray ]", "(;B[aa]];W[bb])",
     T1 "  B[aa]\n" N(2, 1) "  W[bb]\n", "1:8 E8\n"},
    {"8: spec 14.40: text after the last tree", "(;FF[4]) junk",
     T1 "  FF[4]\n", "1:10 E8\n"},
    {"8: text between trees", "(;C[1]) x (;C[2])",
     T1 "  C[1]\ntree 2\n" N(1, 0) "  C[2]\n", "1:9 E8\n"},
    {"8: one message per run", "(;C[1] a b\nc ;C[2]1;C[3])",
     T1 "  C[1]\n" N(2, 1) "  C[2]\n" N(3, 2) "  C[3]\n",
     "1:8 E8\n2:8 E8\n"},
    /* 9: end of input inside a tree. */
    {"9: missing )", "(;FF[4]GM[1];B[aa](;W[bb])",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n" N(3, 2) "  W[bb]\n",
     "1:27 E9\n"},
    {"9: several missing, one message", "(;C[a](;C[b](;C[c]",
     T1 "  C[a]\n" N(2, 1) "  C[b]\n" N(3, 2) "  C[c]\n", "1:19 E9\n"},
    /* 10: end of input in a value or after an identifier (no 9 then). */
    {"10: inside a value", "(;FF[4]GM[1];B[aa",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n", "1:15 E10\n"},
    {"10: after an identifier", "(;FF[4]GM[1];B",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1), "1:14 E10\n"},
    /* 107: a move that ran on past its missing ']' ends before the node
     * it ran into, found by its '[' whatever the pieces of the input. */
    {"107: a move run on far", "(;FF[4]GM[1];B[aaxxxxxxxxxxxxxxxxxxxx;W[bb])",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aaxxxxxxxxxxxxxxxxxxxx]\n" N(3, 2)
        "  W[bb]\n",
     "1:38 E107\n"},
    {"107: a move run on far, no ']' after", "(;FF[4]GM[1];B[aaxxxxxxxxxxxxxxxxxxxx;W[bb",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aaxxxxxxxxxxxxxxxxxxxx]\n" N(3, 2)
        "  W[bb]\n",
     "1:38 E107\n1:40 E10\n"},
    {"107: the '[' before an escape", "(;FF[4]GM[1];B[aa;W[b\\]c",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n" N(3, 2) "  W[b\\\\\\]c]\n",
     "1:18 E107\n1:20 E10\n"},
    /* 110: a ']' not escaped in a text, after a '[' of it. */
    {"110: kept in the text", "(;C[bret [15k]: hello [again]];B[aa]C[a [b]x;W[bb])",
     T1 "  C[bret [15k\\]: hello [again\\]]\n" N(2, 1) "  B[aa]\n  C[a [b]\n"
        N(3, 2) "  W[bb]\n",
     "1:14 E110\n1:29 E110\n1:44 E8\n"},
    /* 12: empty variations. */
    {"12: spec example", "(;FF[4]GM[1]()(;B[aa]))",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n", "1:13 E12\n"},
    {"12: with white space", "(;C[a]( \n )(;B[aa]))",
     T1 "  C[a]\n" N(2, 1) "  B[aa]\n", "1:7 E12\n"},
    {"12: the only variation", "(;C[a]())", T1 "  C[a]\n", "1:7 E12\n"},
    /* 20: identifier without value. */
    {"20: spec example", "(;FF[4]GM[1];B[aa]BL;W[bb])",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n" N(3, 2) "  W[bb]\n",
     "1:19 E20\n"},
    {"20: before )", "(;B[aa]C)", T1 "  B[aa]\n", "1:8 E20\n"},
    /* 21: '(' where a node should start. */
    {"21: spec example", "(;FF[4]GM[1]((;B[aa]))",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n", "1:14 E21\n"},
    {"21: spec 2.6 example", "(;FF[4]((;B[aa]))",
     T1 "  FF[4]\n" N(2, 1) "  B[aa]\n", "1:9 E21\n"},
    /* 36: game tree without ';'. */
    {"36: spec example", "( FF[4]GM[1];B[aa])",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n", "1:1 E36\n"},
    {"36: right after (", "(FF[4])", T1 "  FF[4]\n", "1:1 E36\n"},
    {"36: on the next line", "(\n\tFF[4];B[aa])",
     T1 "  FF[4]\n" N(2, 1) "  B[aa]\n", "1:1 E36\n"},
    /* 54: values without identifier. */
    {"54: spec example", "(;FF[4]GM[1];[aa];B[bb])",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) N(3, 2) "  B[bb]\n", "1:14 E54\n"},
    {"54: a run of values, one message", "(;C[a];[bb] [cc]\n[dd]B[aa])",
     T1 "  C[a]\n" N(2, 1) "  B[aa]\n", "1:8 E54\n"},
    /* 66: node after the variations. */
    {"66: spec example", "(;FF[4](;C[a]) ;C[b]))",
     T1 "  FF[4]\n" N(2, 1) "  C[a]\n" N(3, 1) "  C[b]\n", "1:16 E66\n"},
    {"66: spec 14.3", "(;C[a](;C[b]);C[c])",
     T1 "  C[a]\n" N(2, 1) "  C[b]\n" N(3, 1) "  C[c]\n",
     "1:14 E66\n1:20 E9\n"},
    {"66: a property after the variations", "(;C[a](;C[b])C[c]))",
     T1 "  C[a]\n" N(2, 1) "  C[b]\n" N(3, 1) "  C[c]\n", "1:14 E66\n"},
    {"66: the assumed variation goes on",
     "(;C[a](;C[b]);C[c];C[d](;C[e])(;C[f])))",
     T1 "  C[a]\n" N(2, 1) "  C[b]\n" N(3, 1) "  C[c]\n" N(4, 3) "  C[d]\n"
        N(5, 4) "  C[e]\n" N(6, 4) "  C[f]\n",
     "1:14 E66\n"},
    /* 67: variation without ';'. */
    {"67: spec example", "(;FF[4]GM[1](;B[aa])(W[bb]))",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n" N(3, 1) "  W[bb]\n",
     "1:22 E67\n"},
    {"67: after white space", "(;C[a]( C[b]))",
     T1 "  C[a]\n" N(2, 1) "  C[b]\n", "1:9 E67\n"},
    /* Several faults, in file order. */
    {"several faults",
     "(;FF[4]GM[1]\n"
     ";B[aa]BL ;W[bb] !\n"
     "(;B[cc])\n"
     ";W[dd]\n"
     "(W[ee]) ()\n"
     "[xx])",
     T1 "  FF[4]\n  GM[1]\n" N(2, 1) "  B[aa]\n" N(3, 2) "  W[bb]\n"
        N(4, 3) "  B[cc]\n" N(5, 3) "  W[dd]\n" N(6, 5) "  W[ee]\n",
     "2:7 E20\n2:17 E8\n4:1 E66\n5:2 E67\n5:9 E12\n6:1 E54\n6:6 E9\n"},
};

START_TEST(test_recovery) {
    const parse_row *r = &recovery_rows[_i];
    expect_run(r->name, r->in, 0, NULL, true, r->dump, r->diags);
    /* The same with -E2, whose parser reads the input as it comes, in
     * the pieces of each feed (-E1 reads it through the decoder). */
    sgft_options o = test_options();
    o.encoding_mode = 2;
    expect_run(r->name, r->in, 0, &o, true, r->dump, r->diags);
}
END_TEST

/* The texts of the structure messages. */
START_TEST(test_recovery_texts) {
    static const struct {
        const char *in, *texts;
    } rows[] = {
        {"(;FF[4]GM[1];B[aa] xyz ;W[bb])",
         "1:20 E8 illegal characters outside values deleted: \"xyz\"\n"},
        {"(;C[1] a b\nc\t;C[2])",
         "1:8 E8 illegal characters outside values deleted: \"a b c\"\n"},
        {"(;B[aa]BL;W[bb])",
         "1:8 E20 property <BL> has no value: deleted\n"},
        {"(;B[aa",
         "1:4 E10 unexpected end of file inside a value\n"},
        {"junk [ab] (;B[aa])",
         "1:6 W6 text before the first game tree looks like SGF data "
         "([ab])\n"},
        {"x", "- F7 no SGF data found\n"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        result r;
        run_sgf(rows[i].in, strlen(rows[i].in), NULL, true, &r);
        ck_assert_str_eq(r.texts, rows[i].texts);
        result_free(&r);
    }
}
END_TEST

/* A long run of illegal characters is one message that shows the first
 * 64 of them. */
START_TEST(test_long_junk_run) {
    char *junk = str_repeat("!", 100);
    char in[160], want[160];
    snprintf(in, sizeof in, "(;C[a]%s;C[b])", junk);
    snprintf(want, sizeof want,
             "1:7 E8 illegal characters outside values deleted: \"%.64s...\"\n",
             junk);
    result r;
    run_sgf(in, strlen(in), NULL, true, &r);
    ck_assert_str_eq(r.diags, "1:7 E8\n");
    ck_assert_str_eq(r.texts, want);
    result_free(&r);
    free(junk);
}
END_TEST

/* Critical messages are counted as such; 12 is not critical. */
START_TEST(test_recovery_summary) {
    result r;
    run_sgf("(;C[a]()!(;B[aa]", 16, NULL, true, &r);
    ck_assert_str_eq(r.diags, "1:7 E12\n1:9 E8\n1:17 E9\n");
    ck_assert_uint_eq(r.sum.errors, 3);
    ck_assert_uint_eq(r.sum.critical, 2);
    ck_assert_uint_eq(r.sum.trees, 1);
    ck_assert_int_eq(sgft_exit_status(&r.sum), 10);
    result_free(&r);
}
END_TEST

/* --- the start of the data (-b) ------------------------------------------ */

typedef struct start_row {
    const char *name;
    const char *in;
    const char *dump[3]; /* -b1, -b2, -b3 */
    const char *diags[3];
} start_row;

static const start_row start_rows[] = {
    {"(Note) is no tree but for -b3", "(Note) (;B[aa])",
     {T1 "  B[aa]\n", T1 "  B[aa]\n",
      T1 "tree 2\n" N(1, 0) "  B[aa]\n"},
     {"", "", "1:1 E36\n1:2 E20\n"}},
    {"(C[x]) starts a tree but for -b2", "(C[x]) (;B[aa])",
     {T1 "  C[x]\ntree 2\n" N(1, 0) "  B[aa]\n", T1 "  B[aa]\n",
      T1 "  C[x]\ntree 2\n" N(1, 0) "  B[aa]\n"},
     {"1:1 E36\n", "", "1:1 E36\n"}},
    {"white space between ( and ;", "text\n( \n;B[aa])",
     {T1 "  B[aa]\n", T1 "  B[aa]\n", T1 "  B[aa]\n"}, {"", "", ""}},
    {"lowercase after ( is no property", "a (b) c (;B[aa])",
     {T1 "  B[aa]\n", T1 "  B[aa]\n", T1 "  B[aa]\n"},
     {"", "", "1:3 E36\n1:4 E8\n1:3 E12\n1:7 E8\n"}},
    {"a property needs a value", "(AB CD) (;B[aa])",
     {T1 "  B[aa]\n", T1 "  B[aa]\n", T1 "tree 2\n" N(1, 0) "  B[aa]\n"},
     {"", "", "1:1 E36\n1:2 E20\n1:5 E20\n"}},
    {"a character before the ';' of a tree", "(x;B[aa])",
     {T1 "  B[aa]\n", "", T1 "  B[aa]\n"},
     {"1:1 E36\n1:2 E8\n", "1:5 W6\n- F7\n", "1:1 E36\n1:2 E8\n"}},
    {"junk before ';' then no property", "(Note; see) (;B[aa])",
     {T1 "  B[aa]\n", T1 "  B[aa]\n",
      T1 N(2, 1) "tree 2\n" N(1, 0) "  B[aa]\n"},
     {"", "", "1:1 E36\n1:2 E20\n1:8 E8\n"}},
    {"no tree found", "(x) (y)",
     {"", "", ""},
     {"- F7\n", "- F7\n",
      "1:1 E36\n1:2 E8\n1:1 E12\n1:5 E36\n1:6 E8\n1:5 E12\n"}},
};

START_TEST(test_find_start) {
    const start_row *r = &start_rows[_i];
    for (int b = 0; b < 3; b++) {
        sgft_options o = test_options();
        o.find_start = (sgft_find_start)(b + 1);
        expect_run(r->name, r->in, 0, &o, true, r->dump[b], r->diags[b]);
    }
}
END_TEST

/* --- the kept header (-k) ----------------------------------------------- */

typedef struct header_row {
    const char *name;
    const char *in;
    bool keep;
    sgft_find_start start;
    const char *out;
    const char *diags;
} header_row;

#define ROOT "(;FF[4]CA[UTF-8]GM[1])\n"

static const header_row header_rows[] = {
    {"kept", "Header line\n(;FF[4]GM[1])", true, SGFT_START_HEURISTIC,
     "Header line\n" ROOT, ""},
    {"not kept", "Header line\n(;FF[4]GM[1])", false, SGFT_START_HEURISTIC,
     ROOT, ""},
    {"a line end is added", "Header(;FF[4]GM[1])", true,
     SGFT_START_HEURISTIC, "Header\n" ROOT, ""},
    {"bytes kept as they are, before the first tree only",
     "From: a\r\nTo: b\r\n\r\n(;FF[4]GM[1])\n(;FF[4]GM[1])", true,
     SGFT_START_HEURISTIC, "From: a\r\nTo: b\r\n\r\n" ROOT ROOT, ""},
    {"what -b2 skips", "(C[x]) (;FF[4]GM[1])", true, SGFT_START_PAREN_SEMI,
     "(C[x]) \n" ROOT, ""},
    {"with message 6", "Header [ab]\n(;FF[4]GM[1])", true,
     SGFT_START_HEURISTIC, "Header [ab]\n" ROOT, "1:8 W6\n"},
    {"no header", "(;FF[4]GM[1])", true, SGFT_START_HEURISTIC, ROOT, ""},
};

START_TEST(test_keep_header) {
    const header_row *r = &header_rows[_i];
    sgft_options o = test_options();
    o.keep_header = r->keep;
    o.find_start = r->start;
    expect_run(r->name, r->in, 0, &o, false, r->out, r->diags);
}
END_TEST

/* --- depth and width ------------------------------------------------------ */

enum { DEEP = 100000 };

/* The listing of a chain of n nodes, each the child of the one before. */
static char *chain_dump(size_t n) {
    char *s = malloc(n * 32 + 16);
    ck_assert_ptr_nonnull(s);
    size_t len = (size_t)sprintf(s, "tree 1\n");
    for (size_t i = 1; i <= n; i++)
        len += (size_t)sprintf(s + len, "node %zu parent %zu\n", i, i - 1);
    return s;
}

START_TEST(test_deep_nesting) {
    char *open = str_repeat("(;", DEEP);
    char *close = str_repeat(")", DEEP);
    char *in = malloc(3 * DEEP + 1);
    ck_assert_ptr_nonnull(in);
    strcpy(in, open);
    strcat(in, close);
    char *dump = chain_dump(DEEP);
    expect_run("deep nesting", in, 0, NULL, true, dump, "");

    /* Written, the chain is one sequence of empty nodes packed into
     * lines of 76 columns after the root. */
    size_t cap = DEEP * 2 + 64, len = 0, col;
    char *out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    len = (size_t)sprintf(out, "(;FF[4]CA[UTF-8]GM[1]");
    col = len;
    for (size_t i = 1; i < DEEP; i++) {
        if (col + 1 > 76) {
            out[len++] = '\n';
            col = 0;
        }
        out[len++] = ';';
        col++;
    }
    if (col + 1 > 76)
        out[len++] = '\n';
    strcpy(out + len, ")\n");
    expect_run("deep nesting, written", in, 0, NULL, false, out, "");

    /* Without the closing parentheses: one message 9. */
    expect_run("deep nesting, unclosed", open, 0, NULL, true, dump,
               "1:200001 E9\n");
    free(out);
    free(dump);
    free(in);
    free(open);
    free(close);
}
END_TEST

START_TEST(test_many_siblings) {
    char *vars = str_repeat("(;)", DEEP);
    char *in = malloc(3 * DEEP + 8);
    ck_assert_ptr_nonnull(in);
    sprintf(in, "(;%s)", vars);

    char *dump = malloc((size_t)DEEP * 32 + 32);
    ck_assert_ptr_nonnull(dump);
    size_t len = (size_t)sprintf(dump, T1);
    for (size_t i = 2; i <= DEEP + 1; i++)
        len += (size_t)sprintf(dump + len, "node %zu parent 1\n", i);
    expect_run("many siblings", in, 0, NULL, true, dump, "");

    char *lines = str_repeat("(;)\n", DEEP - 1);
    char *out = malloc(strlen(lines) + 64);
    ck_assert_ptr_nonnull(out);
    sprintf(out, "(;FF[4]CA[UTF-8]GM[1]\n%s(;))\n", lines);
    expect_run("many siblings, written", in, 0, NULL, false, out, "");
    free(out);
    free(lines);
    free(dump);
    free(in);
    free(vars);
}
END_TEST

/* --- the stream interface ---------------------------------------------- */

static long fail_read(void *userdata, char *b, size_t cap) {
    (void)userdata;
    (void)b;
    (void)cap;
    errno = EIO;
    return -1;
}

typedef struct once {
    const char *s;
    bool done;
} once;

static long read_once(void *userdata, char *b, size_t cap) {
    once *o = userdata;
    if (o->done)
        return 0;
    size_t n = strlen(o->s);
    ck_assert_uint_le(n, cap);
    memcpy(b, o->s, n);
    o->done = true;
    return (long)n;
}

static int fail_write(void *userdata, const char *b, size_t len) {
    (void)userdata;
    (void)b;
    (void)len;
    errno = ENOSPC;
    return -1;
}

static void count_diag(const sgft_diag *d, void *userdata) {
    (void)d;
    ++*(int *)userdata;
}

START_TEST(test_stream_api) {
    int count = 0;
    sgft_ctx *ctx = sgft_ctx_new(NULL, count_diag, &count);
    ck_assert_ptr_nonnull(ctx);
    ck_assert_int_eq(sgft_run(ctx, NULL, NULL, NULL, NULL), SGFT_EINVAL);
    ck_assert_int_eq(sgft_run(NULL, read_once, NULL, NULL, NULL), SGFT_EINVAL);

    /* Without a writer the input is only checked. */
    once in = {"(;FF[4]GM[1])(;FF[4]GM[1]) x", false};
    ck_assert_int_eq(sgft_run(ctx, read_once, &in, NULL, NULL), 0);
    ck_assert_int_eq(count, 1);
    ck_assert_uint_eq(sgft_ctx_summary(ctx)->trees, 2);
    ck_assert_uint_eq(sgft_ctx_summary(ctx)->errors, 1);
    sgft_ctx_free(ctx);

    /* A read fault is returned, not reported. */
    count = 0;
    ctx = sgft_ctx_new(NULL, count_diag, &count);
    ck_assert_ptr_nonnull(ctx);
    ck_assert_int_eq(sgft_run(ctx, fail_read, NULL, NULL, NULL), SGFT_EREAD);
    ck_assert_int_eq(count, 0);
    sgft_ctx_free(ctx);

    /* So is a write fault. */
    ctx = sgft_ctx_new(NULL, count_diag, &count);
    ck_assert_ptr_nonnull(ctx);
    once in2 = {"(;FF[4]GM[1])", false};
    ck_assert_int_eq(sgft_run(ctx, read_once, &in2, fail_write, NULL),
                     SGFT_EWRITE);
    ck_assert_int_eq(count, 0);
    sgft_ctx_free(ctx);
}
END_TEST

Suite *parser_suite(void) {
    Suite *s = suite_create("parser");
    TCase *tc = tcase_create("trees");
    tcase_add_loop_test(tc, test_shapes, 0,
                        (int)(sizeof shape_rows / sizeof *shape_rows));
    suite_add_tcase(s, tc);

    tc = tcase_create("recovery");
    tcase_add_loop_test(tc, test_recovery, 0,
                        (int)(sizeof recovery_rows / sizeof *recovery_rows));
    tcase_add_test(tc, test_recovery_texts);
    tcase_add_test(tc, test_long_junk_run);
    tcase_add_test(tc, test_recovery_summary);
    suite_add_tcase(s, tc);

    tc = tcase_create("start");
    tcase_add_loop_test(tc, test_find_start, 0,
                        (int)(sizeof start_rows / sizeof *start_rows));
    tcase_add_loop_test(tc, test_keep_header, 0,
                        (int)(sizeof header_rows / sizeof *header_rows));
    suite_add_tcase(s, tc);

    tc = tcase_create("depth");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_deep_nesting);
    tcase_add_test(tc, test_many_siblings);
    suite_add_tcase(s, tc);

    tc = tcase_create("api");
    tcase_add_test(tc, test_stream_api);
    suite_add_tcase(s, tc);
    return s;
}
