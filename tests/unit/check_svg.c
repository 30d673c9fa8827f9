/* check_svg.c - sgft_board_svg: the position at a node played from the
 * root (captures of one stone and of chains, suicide, setup over stones,
 * passes, rectangular and large boards, long lines), the games it refuses,
 * its options (the mark, the size for growth), the last move, the
 * agreement with the board of the checks on a long random game, and the
 * exact bytes of one small position.  The position is read back from the
 * document's data-point and data-color attributes. */
#include "tests.h"
#include "board.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The document of the node of the first game of sgf at depth (the root
 * 0, along the first children; -1: the last one), the tree checked first
 * or not, with opt; NULL as the call gives it, errno kept. */
static char *svg_at(const char *sgf, long depth, bool check,
                    const sgft_svg_options *opt) {
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    ck_assert_ptr_nonnull(ctx);
    sgft_reader *r = sgft_reader_memory(ctx, sgf, strlen(sgf));
    ck_assert_ptr_nonnull(r);
    sgft_tree *t;
    ck_assert_int_eq(sgft_reader_next(r, &t), 1);
    if (check)
        ck_assert_int_eq(sgft_tree_check(ctx, t), 0);
    sgft_node *n = sgft_tree_root(t);
    for (long d = 0; (depth < 0 || d < depth) && sgft_node_child(n); d++)
        n = sgft_node_child(n);
    char *svg = sgft_board_svg(t, n, opt);
    int e = errno;
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
    errno = e;
    return svg;
}

/* The stones of a document, in its order (row by row): "pd b,dp w". */
static char *stones_of(const char *svg) {
    size_t cap = strlen(svg) + 1, len = 0;
    char *out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    out[0] = '\0';
    static const char key[] = " data-point=\"";
    for (const char *p = strstr(svg, "<circle"); p;
         p = strstr(p + 1, "<circle")) {
        const char *end = strchr(p, '>');
        const char *a = strstr(p, key);
        if (!a || a > end)
            continue; /* the star points, the ring of the last move */
        a += sizeof key - 1;
        const char *c = strstr(a, "\" data-color=\"");
        ck_assert_ptr_nonnull(c);
        ck_assert_msg(c == a + 2, "a point of two letters: %.20s", a);
        char colour = c[sizeof "\" data-color=\"" - 1];
        ck_assert_msg(colour == 'b' || colour == 'w', "colour %c", colour);
        len += (size_t)snprintf(out + len, cap - len, "%s%.2s %c",
                                len ? "," : "", a, colour);
    }
    return out;
}

/* Asserts the stones at the node. */
static void expect_stones(const char *sgf, long depth, const char *want) {
    char *svg = svg_at(sgf, depth, false, NULL);
    ck_assert_ptr_nonnull(svg);
    char *got = stones_of(svg);
    ck_assert_msg(strcmp(got, want) == 0, "%s at %ld:\n got  %s\n want %s",
                  sgf, depth, got, want);
    free(got);
    free(svg);
}

static bool has(const char *svg, const char *s) { return strstr(svg, s); }

START_TEST(test_capture) {
    /* One stone taken: its point is empty. */
    expect_stones("(;GM[1]SZ[9];B[ba];W[aa];B[ab])", -1, "ba b,ab b");
    expect_stones("(;GM[1]SZ[9];B[ba];W[aa];B[ab])", 2, "aa w,ba b");
    char *svg = svg_at("(;GM[1]SZ[9];B[ba];W[aa];B[ab])", -1, false, NULL);
    ck_assert(!has(svg, "data-point=\"aa\""));
    free(svg);
    /* A chain of two on the edge, taken by the stone that closes it in. */
    expect_stones("(;SZ[5];W[aa];B[ca];W[ba];B[ab];W[ee];B[bb])", -1,
                  "ca b,ab b,bb b,ee w");
    /* A move without a liberty of its own that takes two chains first
     * (no suicide then). */
    expect_stones("(;SZ[5];W[ba];B[ca];W[ab];B[bb];W[ee];B[ac];W[dd];B[aa])",
                  -1, "aa b,ca b,bb b,ac b,dd w,ee w");
    /* A big chain: all the board but one point, taken at once. */
    expect_stones("(;SZ[52]AW[aa:ZY][aZ:YZ];B[ZZ])", -1, "ZZ b");
}
END_TEST

START_TEST(test_suicide) {
    /* Its own stone without a liberty goes, whatever the rules say. */
    const char *nz = "(;SZ[5]RU[NZ];B[ba];W[dd];B[ab];W[aa])";
    expect_stones(nz, -1, "ba b,ab b,dd w");
    expect_stones("(;SZ[5]RU[Japanese];B[ba];W[dd];B[ab];W[aa])", -1,
                  "ba b,ab b,dd w");
    /* A chain of two. */
    expect_stones("(;SZ[5]AB[ca][bb][ab];W[aa];B[ee];W[ba])", -1,
                  "ca b,ab b,bb b,ee b");
    /* The last move was at aa, its stone is gone: no ring. */
    char *svg = svg_at(nz, -1, false, NULL);
    ck_assert(has(svg, " data-last=\"aa\">"));
    ck_assert(!has(svg, "class=\"last"));
    free(svg);
}
END_TEST

START_TEST(test_setup) {
    /* In a node: AB, then AW, then AE, whatever their order; over stones
     * of the other colour, a rectangle, a point emptied; then the move. */
    expect_stones("(;SZ[5]AB[ee];B[aa];W[bb];AE[aa]AW[cc:dd]AB[bb];W[ea])",
                  -1, "ea w,bb b,cc w,dc w,cd w,dd w,ee b");
    /* Root setup alone. */
    expect_stones("(;SZ[5]AB[aa]AW[ba])", 0, "aa b,ba w");
    /* AE over a stone that a move put there, then a stone put again. */
    expect_stones("(;SZ[5];B[cc];AE[cc];W[cc])", -1, "cc w");
    /* A move on an occupied point replaces the stone. */
    expect_stones("(;SZ[5];B[cc];W[cc])", -1, "cc w");
}
END_TEST

START_TEST(test_pass) {
    expect_stones("(;SZ[9];B[cc];W[tt])", -1, "cc b");
    expect_stones("(;SZ[9];B[cc];W[])", -1, "cc b");
    /* [tt] is a point on a board of more than 19 lines. */
    expect_stones("(;SZ[21];B[cc];W[tt])", -1, "cc b,tt w");
    /* A pass is the last move: no stone is ringed. */
    char *svg = svg_at("(;SZ[9];B[cc];W[tt])", -1, false, NULL);
    ck_assert(!has(svg, "class=\"last"));
    ck_assert(!has(svg, "data-last"));
    free(svg);
    /* A long line, of passes and a move at its end: played down once. */
    char *moves = str_repeat(";B[tt];W[]", 20000);
    size_t n = strlen(moves) + 64;
    char *sgf = malloc(n);
    ck_assert_ptr_nonnull(sgf);
    snprintf(sgf, n, "(;SZ[19]%s;B[pd])", moves);
    expect_stones(sgf, -1, "pd b");
    expect_stones(sgf, 7, "");
    free(sgf);
    free(moves);
}
END_TEST

START_TEST(test_rectangular) {
    char *svg = svg_at("(;SZ[7:3];B[gc];W[hc];B[ab])", -1, false, NULL);
    ck_assert_ptr_nonnull(svg);
    ck_assert_msg(has(svg, " width=\"192\" height=\"96\" viewBox=\"0 0 192 "
                           "96\" data-cols=\"7\" data-rows=\"3\" "
                           "data-last=\"ab\">"),
                  "%s", svg);
    /* W[hc] is no point of the board: it changes nothing. */
    char *got = stones_of(svg);
    ck_assert_str_eq(got, "ab b,gc b");
    ck_assert(has(svg, "<circle data-point=\"gc\" data-color=\"b\" cx=\"168\" "
                       "cy=\"72\" r=\"11\" fill=\"#000\"/>\n"));
    /* No star points but on square boards of 9, 13 and 19. */
    ck_assert(!has(svg, "class=\"star\""));
    free(got);
    free(svg);
    /* A board of one line, a board of 52 by 1. */
    expect_stones("(;SZ[1];B[aa])", -1, "");
    expect_stones("(;SZ[52:1];B[Za];W[Wa])", -1, "Wa w,Za b");
    /* Its one neighbour taken: a stone at the end of that line is lost. */
    expect_stones("(;SZ[52:1];B[Za];W[Ya])", -1, "Ya w");
}
END_TEST

START_TEST(test_refused) {
    errno = 0;
    ck_assert_ptr_null(svg_at("(;GM[2]SZ[8];B[ba])", -1, false, NULL));
    ck_assert_int_eq(errno, ENOTSUP);
    ck_assert_ptr_null(svg_at("(;GM[3];B[a1])", -1, false, NULL));
    ck_assert_int_eq(errno, ENOTSUP);
    ck_assert_ptr_null(svg_at("(;SZ[53];B[aa])", -1, false, NULL));
    ck_assert_int_eq(errno, ENOTSUP);
    ck_assert_ptr_null(svg_at("(;SZ[19:0];B[aa])", -1, false, NULL));
    ck_assert_int_eq(errno, ENOTSUP);
    ck_assert_ptr_null(svg_at("(;SZ[nine];B[aa])", -1, false, NULL));
    ck_assert_int_eq(errno, ENOTSUP);
    /* GM[1] and SZ written with white space are Go on that board. */
    expect_stones("(;GM[ 1 ]SZ[ 5 : 4 ];B[ed])", -1, "ed b");
    ck_assert_ptr_null(sgft_board_svg(NULL, NULL, NULL));
    ck_assert_int_eq(errno, EINVAL);
}
END_TEST

/* A node of another tree than the one named is refused. */
START_TEST(test_foreign_node) {
    static const char two[] = "(;SZ[9];B[aa])(;SZ[9];B[bb])";
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_reader *r = sgft_reader_memory(ctx, two, strlen(two));
    sgft_tree *t;
    ck_assert_int_eq(sgft_reader_next(r, &t), 1);
    sgft_node *root = sgft_tree_root(t);
    /* The same root, held by a tree that is not its own. */
    sgft_tree other = *t;
    other.root = sgft_node_child(root);
    errno = 0;
    ck_assert_ptr_null(sgft_board_svg(&other, sgft_node_child(root), NULL));
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_ptr_null(sgft_board_svg(&other, root, NULL));
    ck_assert_int_eq(errno, EINVAL);
    ck_assert_ptr_null(sgft_board_svg(t, NULL, NULL));
    ck_assert_int_eq(errno, EINVAL);
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
}
END_TEST

/* sgft_tree_offset and sgft_tree_node_at: the node that holds an
 * offset of the text, through variations, in the second tree of a file,
 * and none before the first node. */
START_TEST(test_node_at) {
    /*                        0         1         2         3
     *                        0123456789012345678901234567890123456 */
    static const char two[] = "(;SZ[9];B[aa](;W[bb])(;W[cc];B[dd]))"
                              "\n(;SZ[9];B[ee])";
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_reader *r = sgft_reader_memory(ctx, two, strlen(two));
    sgft_tree *t;
    ck_assert_int_eq(sgft_reader_next(r, &t), 1);
    ck_assert_uint_eq(sgft_tree_offset(t), 0);
    sgft_node *root = sgft_tree_root(t), *b = sgft_node_child(root);
    sgft_node *wb = sgft_node_child(b), *wc = sgft_node_next(wb);
    sgft_node *bd = sgft_node_child(wc);
    ck_assert_ptr_null(sgft_tree_node_at(t, 0));
    ck_assert_ptr_eq(sgft_tree_node_at(t, 1), root);
    ck_assert_ptr_eq(sgft_tree_node_at(t, 5), root);
    ck_assert_ptr_eq(sgft_tree_node_at(t, 7), b);
    ck_assert_ptr_eq(sgft_tree_node_at(t, 12), b);
    ck_assert_ptr_eq(sgft_tree_node_at(t, 17), wb);
    ck_assert_ptr_eq(sgft_tree_node_at(t, 24), wc);
    ck_assert_ptr_eq(sgft_tree_node_at(t, 30), bd);
    ck_assert_int_eq(sgft_reader_next(r, &t), 1);
    ck_assert_uint_eq(sgft_tree_offset(t), 37);
    root = sgft_tree_root(t);
    ck_assert_ptr_null(sgft_tree_node_at(t, 37));
    ck_assert_ptr_eq(sgft_tree_node_at(t, 40), root);
    ck_assert_ptr_eq(sgft_tree_node_at(t, 48), sgft_node_child(root));
    ck_assert_ptr_null(sgft_tree_node_at(NULL, 48));
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
}
END_TEST

START_TEST(test_mark_and_last) {
    static const char rec[] = "(;SZ[9];B[ee];W[cd])";
    sgft_svg_options o;
    sgft_svg_options_init(&o);
    ck_assert_uint_eq(o.size, sizeof o);
    ck_assert_int_eq(o.mark_x, -1);
    ck_assert_int_eq(o.mark_y, -1);
    o.mark_x = 2;
    o.mark_y = 3;
    char *svg = svg_at(rec, -1, false, &o);
    ck_assert_ptr_nonnull(svg);
    ck_assert_msg(has(svg, "<rect class=\"mark\" data-point=\"cd\" x=\"59\" "
                           "y=\"83\" width=\"26\" height=\"26\" "
                           "fill=\"none\" stroke=\"#d00\" "
                           "stroke-width=\"3\"/>\n</svg>\n"),
                  "%s", svg);
    ck_assert(has(svg, "<circle class=\"last\" data-point=\"cd\" "
                       "data-color=\"w\" cx=\"72\" cy=\"96\" r=\"11\" "
                       "fill=\"#fff\" stroke=\"#000\" stroke-width=\"1\"/>\n"
                       "<circle class=\"last-ring\" cx=\"72\" cy=\"96\" "
                       "r=\"5\" fill=\"none\" stroke=\"#000\" "
                       "stroke-width=\"2\"/>\n"));
    ck_assert(has(svg, "<circle data-point=\"ee\" data-color=\"b\" "));
    free(svg);
    /* The position at the first move: its stone is the last one. */
    svg = svg_at(rec, 1, false, NULL);
    ck_assert(has(svg, "<circle class=\"last\" data-point=\"ee\" "
                       "data-color=\"b\""));
    ck_assert(has(svg, "stroke=\"#fff\" stroke-width=\"2\"/>"));
    ck_assert(!has(svg, "class=\"mark\""));
    free(svg);
    /* Setup over the last move's stone: it is no longer the move's. */
    svg = svg_at("(;SZ[9];B[ee];AW[ee])", -1, false, NULL);
    ck_assert(!has(svg, "class=\"last"));
    free(svg);
    /* The width in pixels; the height in proportion. */
    sgft_svg_options_init(&o);
    o.px = 100;
    svg = svg_at("(;SZ[9:5])", 0, false, &o);
    ck_assert(has(svg, " width=\"100\" height=\"60\" viewBox=\"0 0 240 "
                       "144\" "));
    free(svg);
    /* The widest: the height of a board of one column by 52 lines. */
    o.px = 4294967295u;
    svg = svg_at("(;SZ[1:52])", 0, false, &o);
    ck_assert_ptr_nonnull(svg);
    ck_assert_msg(has(svg, " width=\"4294967295\" height=\"113816633318\" "
                           "viewBox=\"0 0 48 1272\" "),
                  "%.300s", svg);
    free(svg);
}
END_TEST

START_TEST(test_options_refused) {
    static const char rec[] = "(;SZ[9];B[ee])";
    sgft_svg_options o;
    int bad[][2] = {{9, 0}, {0, 9}, {-1, 0}, {0, -1}, {-2, -2}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sgft_svg_options_init(&o);
        o.mark_x = bad[i][0];
        o.mark_y = bad[i][1];
        errno = 0;
        ck_assert_ptr_null(svg_at(rec, -1, false, &o));
        ck_assert_int_eq(errno, EINVAL);
    }
    sgft_svg_options_init(&o);
    o.mark_x = 8;
    o.mark_y = 8;
    char *svg = svg_at(rec, -1, false, &o);
    ck_assert(has(svg, "data-point=\"ii\" x=\"203\" y=\"203\""));
    free(svg);
    sgft_svg_options_init(&o);
    o.flags = 2;
    ck_assert_ptr_null(svg_at(rec, -1, false, &o));
    ck_assert_int_eq(errno, EINVAL);
    sgft_svg_options_init(&o);
    o.size = sizeof o - 1;
    ck_assert_ptr_null(svg_at(rec, -1, false, &o));
    ck_assert_int_eq(errno, EINVAL);
    /* A newer program's larger struct: taken while what this library
     * does not know is zero. */
    struct {
        sgft_svg_options o;
        unsigned char more[16];
    } big;
    memset(&big, 0, sizeof big);
    sgft_svg_options_init(&big.o);
    big.o.size = sizeof big;
    svg = svg_at(rec, -1, false, &big.o);
    ck_assert_ptr_nonnull(svg);
    free(svg);
    big.more[15] = 1;
    ck_assert_ptr_null(svg_at(rec, -1, false, &big.o));
    ck_assert_int_eq(errno, EINVAL);
}
END_TEST

/* The exact bytes of a small position: 9x9, coordinates, a capture, the
 * last move, a mark; the same bytes again, and for the tree checked. */
static const char golden_sgf[] =
    "(;FF[4]GM[1]SZ[9]AB[cc]AW[gg];B[dd];W[cd];B[ce];W[de];B[bd])";
static const char golden_svg[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"130\" height=\"130\" "
    "viewBox=\"0 0 260 260\" data-cols=\"9\" data-rows=\"9\" "
    "data-last=\"bd\">\n"
    "<rect class=\"board\" width=\"260\" height=\"260\" fill=\"#dcb35c\"/>\n"
    "<path class=\"grid\" d=\"M44 44H236M44 68H236M44 92H236M44 116H236"
    "M44 140H236M44 164H236M44 188H236M44 212H236M44 236H236M44 44V236"
    "M68 44V236M92 44V236M116 44V236M140 44V236M164 44V236M188 44V236"
    "M212 44V236M236 44V236\" fill=\"none\" stroke=\"#000\" "
    "stroke-width=\"1\"/>\n"
    "<circle class=\"star\" cx=\"92\" cy=\"92\" r=\"3\" fill=\"#000\"/>\n"
    "<circle class=\"star\" cx=\"140\" cy=\"92\" r=\"3\" fill=\"#000\"/>\n"
    "<circle class=\"star\" cx=\"188\" cy=\"92\" r=\"3\" fill=\"#000\"/>\n"
    "<circle class=\"star\" cx=\"92\" cy=\"140\" r=\"3\" fill=\"#000\"/>\n"
    "<circle class=\"star\" cx=\"140\" cy=\"140\" r=\"3\" fill=\"#000\"/>\n"
    "<circle class=\"star\" cx=\"188\" cy=\"140\" r=\"3\" fill=\"#000\"/>\n"
    "<circle class=\"star\" cx=\"92\" cy=\"188\" r=\"3\" fill=\"#000\"/>\n"
    "<circle class=\"star\" cx=\"140\" cy=\"188\" r=\"3\" fill=\"#000\"/>\n"
    "<circle class=\"star\" cx=\"188\" cy=\"188\" r=\"3\" fill=\"#000\"/>\n"
    "<text class=\"coord\" x=\"44\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">a</text>\n"
    "<text class=\"coord\" x=\"68\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">b</text>\n"
    "<text class=\"coord\" x=\"92\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">c</text>\n"
    "<text class=\"coord\" x=\"116\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">d</text>\n"
    "<text class=\"coord\" x=\"140\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">e</text>\n"
    "<text class=\"coord\" x=\"164\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">f</text>\n"
    "<text class=\"coord\" x=\"188\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">g</text>\n"
    "<text class=\"coord\" x=\"212\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">h</text>\n"
    "<text class=\"coord\" x=\"236\" y=\"20\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">i</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"48\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">a</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"72\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">b</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"96\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">c</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"120\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">d</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"144\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">e</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"168\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">f</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"192\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">g</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"216\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">h</text>\n"
    "<text class=\"coord\" x=\"18\" y=\"240\" font-family=\"sans-serif\" "
    "font-size=\"12\" text-anchor=\"middle\">i</text>\n"
    "<circle data-point=\"cc\" data-color=\"b\" cx=\"92\" cy=\"92\" "
    "r=\"11\" fill=\"#000\"/>\n"
    "<circle class=\"last\" data-point=\"bd\" data-color=\"b\" cx=\"68\" "
    "cy=\"116\" r=\"11\" fill=\"#000\"/>\n"
    "<circle class=\"last-ring\" cx=\"68\" cy=\"116\" r=\"5\" fill=\"none\" "
    "stroke=\"#fff\" stroke-width=\"2\"/>\n"
    "<circle data-point=\"dd\" data-color=\"b\" cx=\"116\" cy=\"116\" "
    "r=\"11\" fill=\"#000\"/>\n"
    "<circle data-point=\"ce\" data-color=\"b\" cx=\"92\" cy=\"140\" "
    "r=\"11\" fill=\"#000\"/>\n"
    "<circle data-point=\"de\" data-color=\"w\" cx=\"116\" cy=\"140\" "
    "r=\"11\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1\"/>\n"
    "<circle data-point=\"gg\" data-color=\"w\" cx=\"188\" cy=\"188\" "
    "r=\"11\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1\"/>\n"
    "<rect class=\"mark\" data-point=\"cd\" x=\"79\" y=\"103\" "
    "width=\"26\" height=\"26\" fill=\"none\" stroke=\"#d00\" "
    "stroke-width=\"3\"/>\n"
    "</svg>\n";

START_TEST(test_golden) {
    sgft_svg_options o;
    sgft_svg_options_init(&o);
    o.mark_x = 2; /* cd: the point of the stone taken */
    o.mark_y = 3;
    o.px = 130;
    o.flags = SGFT_SVG_COORDS;
    for (int checked = 0; checked < 2; checked++)
        for (int again = 0; again < 2; again++) {
            char *svg = svg_at(golden_sgf, -1, checked, &o);
            ck_assert_ptr_nonnull(svg);
            ck_assert_msg(strcmp(svg, golden_svg) == 0, "%s", svg);
            free(svg);
        }
}
END_TEST

/* The board of the checks (execute.c) and the drawing agree on every
 * node of a long random game: captures, suicides, moves on stones,
 * passes, on a small board where they come often. */
START_TEST(test_agrees_with_checks) {
    char sgf[8192];
    size_t len = (size_t)snprintf(sgf, sizeof sgf, "(;SZ[7]");
    unsigned long r = 12345;
    for (int i = 0; i < 600; i++) {
        r = r * 6364136223846793005u + 1442695040888963407u;
        unsigned v = (unsigned)(r >> 33);
        char colour = (v >> 8) % 5 == 0 ? (i & 1 ? 'B' : 'W')
                                        : (i & 1 ? 'W' : 'B');
        if ((v >> 12) % 20 == 0)
            len += (size_t)snprintf(sgf + len, sizeof sgf - len, ";%c[]",
                                    colour);
        else
            len += (size_t)snprintf(sgf + len, sizeof sgf - len, ";%c[%c%c]",
                                    colour, 'a' + v % 7, 'a' + (v >> 4) % 7);
        ck_assert_uint_lt(len, sizeof sgf - 16);
    }
    snprintf(sgf + len, sizeof sgf - len, ")");
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_reader *rd = sgft_reader_memory(ctx, sgf, strlen(sgf));
    sgft_tree *t;
    ck_assert_int_eq(sgft_reader_next(rd, &t), 1);
    board *b = sgft__board_new(ctx, 7, 7);
    ck_assert_ptr_nonnull(b);
    exec_facts f = {0};
    unsigned long taken = 0, lost = 0;
    for (sgft_node *n = sgft_tree_root(t); n; n = sgft_node_child(n)) {
        sgft__execute_node(b, n, &f, 0);
        taken += f.captured;
        sgft_prop *mv = sgft_node_find(n, "B");
        if (!mv)
            mv = sgft_node_find(n, "W");
        size_t ml;
        const char *m = mv ? sgft_value_raw(ctx, sgft_prop_values(mv), &ml)
                           : NULL;
        if (m && ml == 2 && b->stones[AT(b, m[0] - 'a', m[1] - 'a')] == EMPTY)
            lost++; /* a suicide */
        char want[512];
        size_t wl = 0;
        want[0] = '\0';
        for (int y = 0; y < 7; y++)
            for (int x = 0; x < 7; x++) {
                unsigned char c = b->stones[AT(b, x, y)];
                if (c == BLACK || c == WHITE)
                    wl += (size_t)snprintf(want + wl, sizeof want - wl,
                                           "%s%c%c %c", wl ? "," : "",
                                           'a' + x, 'a' + y,
                                           c == BLACK ? 'b' : 'w');
            }
        char *svg = sgft_board_svg(t, n, NULL);
        ck_assert_ptr_nonnull(svg);
        char *got = stones_of(svg);
        ck_assert_str_eq(got, want);
        free(got);
        free(svg);
    }
    /* The game took stones often, and lost some to suicide (35 and 23
     * times). */
    ck_assert_uint_eq(taken, 35);
    ck_assert_uint_eq(lost, 23);
    sgft__exec_facts_free(&f);
    sgft__board_free(b);
    sgft_reader_free(rd);
    sgft_ctx_free(ctx);
}
END_TEST

Suite *svg_suite(void) {
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("board");
    tcase_add_test(tc, test_capture);
    tcase_add_test(tc, test_suicide);
    tcase_add_test(tc, test_setup);
    tcase_add_test(tc, test_pass);
    tcase_add_test(tc, test_rectangular);
    tcase_add_test(tc, test_refused);
    tcase_add_test(tc, test_foreign_node);
    tcase_add_test(tc, test_mark_and_last);
    tcase_add_test(tc, test_node_at);
    tcase_add_test(tc, test_options_refused);
    tcase_add_test(tc, test_golden);
    tcase_add_test(tc, test_agrees_with_checks);
    suite_add_tcase(s, tc);
    return s;
}
