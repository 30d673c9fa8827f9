/* check_writer.c - the normalized output form (SGF-FF4.md 4.11; DESIGN.md
 * "Output form"): property order, lines, variations, escaping, soft line
 * breaks by display width, -t and -L, and the fixed point: every output written again
 * gives the same bytes and no message. */
#include "tests.h"

#include "internal.h"
#include "width.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    NO_SOFT = 1,     /* -t */
    NODE_BREAKS = 2, /* -L */
    MUTE_35 = 4      /* -d35: unknown properties are not reported */
};

typedef struct write_row {
    const char *name;
    const char *in;
    unsigned width; /* 0: the default (76) */
    unsigned flags;
    const char *out;
} write_row;

#define ROOT "(;FF[4]CA[UTF-8]GM[1]"
#define FOX                                                                   \
    "The quick brown fox jumps over the lazy dog and keeps running far "     \
    "away from here."
#define A17 "aaaaaaaaaaaaaaaaa"
#define A19 "aaaaaaaaaaaaaaaaaaa"
#define E1 "\xc3\xa9"
#define E17 E1 E1 E1 E1 E1 E1 E1 E1 E1 E1 E1 E1 E1 E1 E1 E1 E1
#define E19 E17 E1 E1
#define JA "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e" /* three characters */
/* Display width: U+56F4, two columns; e + U+0301, one; a family of
 * three emoji joined by U+200D, one cluster of two; ABC123 fullwidth,
 * two columns each. */
#define WQ "\xe5\x9b\xb4"
#define WQ_9 WQ WQ WQ WQ WQ WQ WQ WQ WQ
#define WQ_27 WQ_9 WQ_9 WQ_9
#define WQ_36 WQ_27 WQ_9
#define WQ_37 WQ_36 WQ
#define WQ_100 WQ_36 WQ_37 WQ_27
#define EA "e\xcc\x81"
#define EA_13 EA EA EA EA EA EA EA EA EA EA EA EA EA
#define EA_17 EA_13 EA EA EA EA
#define EA_30 EA_17 EA_13
#define FAM                                                                    \
    "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7"
#define FAM_4 FAM FAM FAM FAM
#define FAM_8 FAM_4 FAM_4
#define FAM_12 FAM_8 FAM_4
#define FW_A "\xef\xbc\xa1"
#define FW_BC3 "\xef\xbc\xa2\xef\xbc\xa3\xef\xbc\x91\xef\xbc\x92\xef\xbc\x93"
#define FW FW_A FW_BC3
#define FW_2 FW FW
#define FW_6 FW_2 FW_2 FW_2
/* Go, in Chinese (simplified, traditional), Japanese and Korean */
#define GO_ZH WQ "\xe6\xa3\x8b"
#define GO_TW "\xe5\x9c\x8d\xe6\xa3\x8b"
#define GO_JA "\xe5\x9b\xb2\xe7\xa2\x81"
#define GO_KO "\xeb\xb0\x94\xeb\x91\x91"
#define GO "Go " GO_ZH " is " GO_TW ", igo " GO_JA " and baduk " GO_KO ". "
#define BS2 "\\\\"                                /* an escaped '\' */

static const write_row rows[] = {
    /* Order: the catalogue's, unknown properties last as read. */
    {"catalogue order in the root", "(;SZ[9]N[n]C[c]GM[1]FF[4]AP[x:1]ST[2])",
     0, 0, ROOT "SZ[9]ST[2]AP[x:1]C[c]N[n])\n"},
    {"catalogue order in a node",
     "(;FF[4]GM[1];B[aa];MN[5]BL[30]TE[1]N[n]C[c]TR[cc]LB[dd:A]W[bb])", 0,
     0, ROOT ";B[aa];W[bb]LB[dd:A]TR[cc]C[c]N[n]TE[1]BL[30]MN[5])\n"},
    {"unknown properties last, as read, values as read",
     "(;FF[4]GM[1]ZZ[1]C[x]YY[2]XX[3]XY[a:b\\]c\\\\])", 0, MUTE_35,
     ROOT "C[x]ZZ[1]YY[2]XX[3]XY[a:b\\]c\\\\])\n"},
    /* Lines: root, game-info one per line, nodes packed. */
    {"game-info one per line",
     "(;GM[1]FF[4]SZ[9]PW[White]PB[Black]KM[6.5]DT[2024-01-02]RE[W+2.5]"
     ";B[ee]C[x];W[gc])",
     0, 0,
     ROOT "SZ[9]\nPB[Black]\nPW[White]\nKM[6.5]\nDT[2024-01-02]\n"
          "RE[W+2.5]\n;B[ee]C[x];W[gc])\n"},
    {"game-info in a later node", "(;FF[4]GM[1];PB[x]B[aa];W[bb])", 0, 0,
     ROOT "\n;PB[x]\nB[aa];W[bb])\n"},
    {"nodes packed into 76 columns",
     "(;FF[4]GM[1];B[aa];W[bb];B[cc];W[dd];B[ee];W[ff];B[gg];W[hh];B[ii]"
     ";W[jj];B[kk];W[ll];B[mm];W[nn];B[oo];W[pp];B[qq])",
     0, 0,
     ROOT ";B[aa];W[bb];B[cc];W[dd];B[ee];W[ff];B[gg];W[hh];B[ii]\n"
          ";W[jj];B[kk];W[ll];B[mm];W[nn];B[oo];W[pp];B[qq])\n"},
    {"variations on new lines",
     "(;FF[4]GM[1];B[aa](;W[bb];B[cc])(;W[cc](;B[dd])(;B[ee])))", 0, 0,
     ROOT ";B[aa]\n(;W[bb];B[cc])\n(;W[cc]\n(;B[dd])\n(;B[ee])))\n"},
    {"variations of the root", "(;FF[4]GM[1](;B[aa])(;B[bb]))", 0, 0,
     ROOT "\n(;B[aa])\n(;B[bb]))\n"},
    {"a collection", "(;FF[4]GM[1];B[aa])\n\n(;FF[4]GM[1];W[bb])", 0, 0,
     ROOT ";B[aa])\n" ROOT ";W[bb])\n"},
    {"empty nodes", "(;FF[4]GM[1];;B[aa];)", 0, 0, ROOT ";;B[aa];)\n"},
    {"a closing ) that does not fit",
     "(;FF[4]GM[1];B[aa]C[one two];W[bb]C[three four five];B[cc]C[six])",
     30, 0, ROOT ";B[aa]\nC[one two];W[bb]\nC[three four five];B[cc]C[six]\n)\n"},
    /* Escaping: '\' and ']' in texts; ':' only in composed parts. */
    {"escapes in Text and SimpleText",
     "(;FF[4]GM[1]C[a\\\\b\\]c:d\\:e]N[x:y\\]])", 0, 0,
     ROOT "C[a\\\\b\\]c:d:e]N[x:y\\]])\n"},
    {"escapes in composed values",
     "(;FF[4]GM[1]AP[a\\:b:1.0];LB[aa:x:y][bb:x\\:y\\]]FG[1:fig])", 0, 0,
     ROOT "AP[a\\:b:1.0];LB[aa:x\\:y][bb:x\\:y\\]]FG[1:fig])\n"},
    {"white space in texts",
     "(;FF[4]GM[1]C[a\tb\r\nc\\\nd  ]N[e\nf\\\ng])", 0, 0,
     ROOT "C[a b\ncd]N[e fg])\n"},
    /* Soft line breaks. */
    {"a long comment", "(;FF[4]GM[1]C[" FOX "])", 0, 0,
     ROOT "\nC[The quick brown fox jumps over the lazy dog and keeps "
          "running far away \\\nfrom here.])\n"},
    {"a long comment, width 20", "(;FF[4]GM[1]C[" FOX "])", 20, 0,
     "(;FF[4]CA[UTF-8]\nGM[1]\nC[The quick brown \\\nfox jumps over the "
     "\\\nlazy dog and keeps \\\nrunning far away \\\nfrom here.])\n"},
    {"a word longer than the line",
     "(;FF[4]GM[1]C[" A17 A19 "aaaa])", 20, 0,
     "(;FF[4]CA[UTF-8]\nGM[1]\nC[" A17 "\\\n" A19 "\\\naaaa])\n"},
    {"no break inside a UTF-8 character",
     "(;FF[4]GM[1]C[" E17 E19 E1 E1 E1 E1 "])", 20, 0,
     "(;FF[4]CA[UTF-8]\nGM[1]\nC[" E17 "\\\n" E19 "\\\n" E1 E1 E1 E1
     "])\n"},
    {"three-byte characters",
     "(;FF[4]GM[1]C[" JA JA JA JA JA JA JA JA JA JA "])", 20, 0,
     "(;FF[4]CA[UTF-8]\nGM[1]\nC[" JA JA "\xe6\x97\xa5\xe6\x9c\xac\\\n"
     "\xe8\xaa\x9e" JA JA "\xe6\x97\xa5\xe6\x9c\xac\\\n"
     "\xe8\xaa\x9e" JA JA "\xe6\x97\xa5\xe6\x9c\xac\\\n"
     "\xe8\xaa\x9e" JA "])\n"},
    /* Display width: East Asian Wide and Fullwidth characters two
     * columns, marks and zero-width characters none; no soft break
     * inside a grapheme cluster. */
    {"wide characters: two columns each, at width 76",
     "(;FF[4]GM[1]C[" WQ_100 "])",
     0, 0,
     "(;FF[4]CA[UTF-8]GM[1]\n"
     "C[" WQ_36 "\\\n"
     WQ_37 "\\\n"
     WQ_27 "])\n"},
    {"mixed ASCII and wide words",
     "(;FF[4]GM[1]C[" GO GO GO GO "])", 0, 0,
     "(;FF[4]CA[UTF-8]GM[1]\n"
     "C[" GO "Go " GO_ZH " is " GO_TW ", igo " GO_JA " and \\\n"
     "baduk " GO_KO ". " GO "Go " GO_ZH " is " GO_TW ", igo \\\n"
     GO_JA " and baduk " GO_KO ".])\n"},
    {"combining marks stay with their base",
     "(;FF[4]GM[1]C[" EA_30 "])",
     20, 0,
     "(;FF[4]CA[UTF-8]\n"
     "GM[1]\n"
     "C[" EA_17 "\\\n"
     EA_13 "])\n"},
    {"emoji joined by U+200D: one cluster",
     "(;FF[4]GM[1]C[" FAM_12 "])",
     20, 0,
     "(;FF[4]CA[UTF-8]\n"
     "GM[1]\n"
     "C[" FAM_8 "\\\n"
     FAM_4 "])\n"},
    {"fullwidth forms: two columns each",
     "(;FF[4]GM[1]C[" FW_6 "])",
     30, 0,
     "(;FF[4]CA[UTF-8]GM[1]\n"
     "C[" FW_2 FW_A "\\\n"
     FW_BC3 FW FW_A "\xef\xbc\xa2\xef\xbc\xa3\\\n"
     "\xef\xbc\x91\xef\xbc\x92\xef\xbc\x93" FW "])\n"},
    {"a line exactly at the width",
     "(;FF[4]GM[1]C[" WQ_36 "x])",
     0, 0,
     "(;FF[4]CA[UTF-8]GM[1]\n"
     "C[" WQ_36 "x]\n"
     ")\n"},
    {"a line one column past the width",
     "(;FF[4]GM[1]C[" WQ_36 "xy])",
     0, 0,
     "(;FF[4]CA[UTF-8]GM[1]\n"
     "C[" WQ_36 "x\\\n"
     "y])\n"},
    {"escape pairs are not split",
     "(;FF[4]GM[1]C[x" BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2
     BS2 BS2 BS2 BS2 "])", 20, 0,
     "(;FF[4]CA[UTF-8]\nGM[1]\nC[x" BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 "\\\n"
     BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 BS2 "\\\n" BS2 "])\n"},
    {"escaped brackets are not split",
     "(;FF[4]GM[1]C[ab\\]\\]\\]\\]\\]\\]\\]\\]\\]\\]\\]\\]\\]\\]"
     "\\]\\]\\]\\]\\]\\]\\]\\]])", 20, 0,
     "(;FF[4]CA[UTF-8]\nGM[1]\nC[ab\\]\\]\\]\\]\\]\\]\\]\\\n"
     "\\]\\]\\]\\]\\]\\]\\]\\]\\]\\\n\\]\\]\\]\\]\\]\\]])\n"},
    {"hard line breaks reset the column",
     "(;FF[4]GM[1];B[aa]C[first line\nsecond line is longer than twenty])",
     20, 0,
     "(;FF[4]CA[UTF-8]\nGM[1];B[aa]\nC[first line\nsecond line is \\\n"
     "longer than twenty])\n"},
    {"SimpleText is wrapped too",
     "(;FF[4]GM[1]PB[Honinbo Shusaku the Great])", 20, 0,
     "(;FF[4]CA[UTF-8]\nGM[1]\nPB[Honinbo Shusaku \\\nthe Great]\n)\n"},
    {"game-info text on lines of its own",
     "(;FF[4]GM[1]GC[" FOX " The quick brown fox jumps over the lazy "
     "dog.]PB[x])",
     0, 0,
     ROOT "\nPB[x]\nGC[The quick brown fox jumps over the lazy dog and "
          "keeps running far away \\\nfrom here. The quick brown fox jumps "
          "over the lazy dog.]\n)\n"},
    /* -t and -L. */
    {"-t: no soft line breaks", "(;FF[4]GM[1]C[" FOX "])", 0, NO_SOFT,
     ROOT "\nC[" FOX "]\n)\n"},
    {"-t: width 20", "(;FF[4]GM[1];B[aa]C[" FOX "];W[bb])", 20, NO_SOFT,
     "(;FF[4]CA[UTF-8]\nGM[1];B[aa]\nC[" FOX "]\n;W[bb])\n"},
    {"-L: lines end at nodes",
     "(;FF[4]GM[1];B[aa]C[one two];W[bb]C[three four five];B[cc]C[six])",
     30, NODE_BREAKS,
     ROOT "\n;B[aa]C[one two]\n;W[bb]C[three four five]\n;B[cc]C[six])\n"},
    {"-L: nodes that fit stay on the line",
     "(;FF[4]GM[1];B[aa];W[bb];B[cc]C[long comment here];W[dd])", 40,
     NODE_BREAKS,
     ROOT ";B[aa];W[bb]\n;B[cc]C[long comment here];W[dd])\n"},
};

static sgft_options row_options(const write_row *r) {
    sgft_options o = test_options();
    if (r->width)
        o.line_width = r->width;
    o.no_soft_breaks = r->flags & NO_SOFT;
    o.node_breaks = r->flags & NODE_BREAKS;
    if (r->flags & MUTE_35)
        o.disabled[35] = 1;
    return o;
}

START_TEST(test_write) {
    const write_row *r = &rows[_i];
    sgft_options o = row_options(r);
    expect_run(r->name, r->in, 0, &o, false, r->out, "");
}
END_TEST

START_TEST(test_fixed_point) {
    const write_row *r = &rows[_i];
    sgft_options o = row_options(r);
    expect_fixed_point(r->name, r->out, &o);
}
END_TEST

/* The first line of s wider than width columns (grapheme clusters of
 * their display width), 1 for the first line; 0 when there is none. */
static size_t first_wide_line_shown(const char *s, size_t width) {
    size_t line = 1;
    for (;;) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s), cols = 0;
        for (size_t i = 0; i < n;) {
            size_t cw;
            i += sgft__cluster(s, n, i, &cw);
            cols += cw;
        }
        if (cols > width)
            return line;
        if (!e)
            return 0;
        s = e + 1;
        line++;
    }
}

/* Soft line breaks keep every line within the width, and each line is
 * whole UTF-8 characters. */
START_TEST(test_wrapped_lines) {
    const write_row *r = &rows[_i];
    if (r->flags & NO_SOFT)
        return;
    sgft_options o = row_options(r);
    unsigned width = o.line_width;
    result res;
    run_sgf(r->in, strlen(r->in), &o, false, &res);
    /* "CA[UTF-8]" alone is 9 columns: only widths from 10 up are kept. */
    if (width >= 10)
        ck_assert_msg(first_wide_line_shown(res.out, width) == 0,
                      "%s: line %zu wider than %u", r->name,
                      first_wide_line_shown(res.out, width), width);
    for (const char *s = res.out; *s;) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        ck_assert_msg(sgft__utf8_valid(s, n), "%s: bad UTF-8 line", r->name);
        s += n + (e != NULL);
    }
    result_free(&res);
}
END_TEST

/* The content survives: the written tree lists as the input does, but
 * for the root properties the writer sets. */
START_TEST(test_content_kept) {
    static const char in[] =
        "(;FF[4]CA[UTF-8]GM[1]SZ[19]GC[" FOX "\n\n" FOX "]PB[a\\]b]"
        ";B[pd]C[x\\\\y: " FOX "\n  indented\n\n" JA JA JA JA JA JA JA JA
        JA JA JA JA "]"
        "(;W[dp]N[one\\:two];B[pp])(;W[dd]LB[dd:A\\:B][pp:\\]])"
        "(;W[cc]C[" E17 E19 " " E17 E19 "]))";
    for (unsigned width = 20; width <= 80; width += 12) {
        for (int soft = 0; soft < 2; soft++) {
            sgft_options o = test_options();
            o.line_width = width;
            o.no_soft_breaks = soft;
            result a, b, out;
            run_sgf(in, strlen(in), &o, true, &a);
            run_sgf(in, strlen(in), &o, false, &out);
            ck_assert_str_eq(out.diags, "");
            run_sgf(out.out, out.out_len, &o, true, &b);
            ck_assert_str_eq(b.diags, "");
            ck_assert_msg(strcmp(a.out, b.out) == 0,
                          "width %u: listing\n%s\nexpected\n%s", width,
                          b.out, a.out);
            expect_fixed_point("content", out.out, &o);
            result_free(&a);
            result_free(&b);
            result_free(&out);
        }
    }
}
END_TEST

/* A width below 20 is taken as 20. */
START_TEST(test_min_width) {
    static const char in[] = "(;FF[4]GM[1];B[aa]C[a b c d e f];W[bb])";
    sgft_options o = test_options();
    o.line_width = 20;
    result want;
    run_sgf(in, strlen(in), &o, false, &want);
    ck_assert_str_eq(want.diags, "");
    for (unsigned w = 0; w < 20; w++) {
        o.line_width = w;
        expect_run("narrow", in, 0, &o, false, want.out, "");
    }
    o.line_width = 20;
    expect_fixed_point("narrow", want.out, &o);
    result_free(&want);
}
END_TEST

/* The written output of a tree is all in one piece after each tree; a
 * collection gives the trees in order. */
START_TEST(test_trees_in_order) {
    char *one = str_repeat("(;FF[4]GM[1];B[aa];W[bb])", 300);
    char *want = str_repeat(ROOT ";B[aa];W[bb])\n", 300);
    expect_run("300 trees", one, 0, NULL, false, want, "");
    result r;
    run_sgf(one, strlen(one), NULL, false, &r);
    ck_assert_uint_eq(r.sum.trees, 300);
    result_free(&r);
    free(one);
    free(want);
}
END_TEST

/* The normalized form of a root with n nodes ";C[x]": packed 15 to a
 * line of 76 columns after the root's own. */
static char *comments_out(size_t n) {
    char *s = malloc(32 + n * 6 + n / 15 + 8);
    size_t len = 0, col;
    len += (size_t)sprintf(s, "%s", ROOT);
    col = len;
    for (size_t i = 0; i < n; i++) {
        if (col + 5 > 76) {
            s[len++] = '\n';
            col = 0;
        }
        memcpy(s + len, ";C[x]", 5);
        len += 5;
        col += 5;
    }
    if (col + 1 > 76)
        s[len++] = '\n';
    memcpy(s + len, ")\n", 3);
    return s;
}

typedef struct chunks {
    sgft_buffer all;
    size_t n, largest;
} chunks;

static int chunk_write(void *data, const char *b, size_t len) {
    chunks *c = data;
    c->n++;
    c->largest = len > c->largest ? len : c->largest;
    return sgft_buffer_write(&c->all, b, len);
}

typedef struct text_in {
    const char *s;
    size_t len, at;
} text_in;

static long text_read(void *data, char *b, size_t cap) {
    text_in *t = data;
    size_t n = t->len - t->at < cap ? t->len - t->at : cap;
    memcpy(b, t->s + t->at, n);
    t->at += n;
    return (long)n;
}

/* One tree whose text is larger than the output buffer goes out in
 * pieces while it is written (a tree that -e makes huge does not grow
 * the buffer): the pieces, put together, are the whole text. */
START_TEST(test_big_tree_in_pieces) {
    char *small = str_repeat(";C[x]", 40);
    char *in = malloc(strlen(small) + 32);
    sprintf(in, "(;FF[4]GM[1]%s)", small);
    char *want = comments_out(40);
    expect_run("40 comments", in, 0, NULL, false, want, "");
    free(in);
    free(want);
    free(small);

    const size_t n = 30000; /* about 150 kB */
    char *body = str_repeat(";C[x]", n);
    in = malloc(strlen(body) + 32);
    sprintf(in, "(;FF[4]GM[1]%s)", body);
    want = comments_out(n);
    sgft_options o = test_options();
    sgft_ctx *ctx = sgft_ctx_new(&o, NULL, NULL);
    chunks c;
    memset(&c, 0, sizeof c);
    text_in t = {in, strlen(in), 0};
    ck_assert_int_eq(sgft_run(ctx, text_read, &t, chunk_write, &c), 0);
    sgft_ctx_free(ctx);
    ck_assert_uint_eq(c.all.len, strlen(want));
    ck_assert_int_eq(memcmp(c.all.data, want, c.all.len), 0);
    ck_assert_uint_ge(c.n, 2);
    ck_assert_uint_lt(c.largest, 65 * 1024);
    free(c.all.data);
    free(want);
    free(in);
    free(body);
}
END_TEST

Suite *writer_suite(void) {
    Suite *s = suite_create("writer");
    TCase *tc = tcase_create("output");
    int n = (int)(sizeof rows / sizeof *rows);
    tcase_add_loop_test(tc, test_write, 0, n);
    tcase_add_loop_test(tc, test_fixed_point, 0, n);
    tcase_add_loop_test(tc, test_wrapped_lines, 0, n);
    tcase_add_test(tc, test_min_width);
    tcase_add_test(tc, test_trees_in_order);
    tcase_add_test(tc, test_big_tree_in_pieces);
    suite_add_tcase(s, tc);

    tc = tcase_create("content");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_content_kept);
    suite_add_tcase(s, tc);
    return s;
}
