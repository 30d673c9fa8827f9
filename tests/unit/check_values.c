/* check_values.c - the value parsers of value.c (Number, Real, Double,
 * Color, Go points, composed values) and the points and moves of the other
 * games (games.c), table-driven: every row gives the
 * input, the result (VR_OK: canonical, written silently; VR_FIXED:
 * repaired, message 15; VR_BAD: message 14) and the exact output. */
#include "tests.h"

#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef vresult (*val_fn)(const char *s, size_t len, buf *out);

typedef struct val_row {
    const char *in;
    vresult res;
    const char *out; /* for VR_BAD: ignored */
} val_row;

static void check_rows(const char *what, val_fn fn, const val_row *rows,
                       size_t n) {
    for (size_t i = 0; i < n; i++) {
        buf b;
        sgft__buf_init(&b);
        /* The input is not NUL-terminated for the parser: a copy of its
         * exact length. */
        size_t len = strlen(rows[i].in);
        char *in = malloc(len ? len : 1);
        ck_assert_ptr_nonnull(in);
        memcpy(in, rows[i].in, len);
        vresult r = fn(in, len, &b);
        ck_assert_msg(r == rows[i].res, "%s [%s]: result %d, expected %d",
                      what, rows[i].in, (int)r, (int)rows[i].res);
        if (r != VR_BAD)
            ck_assert_msg(b.len == strlen(rows[i].out) &&
                              memcmp(b.data, rows[i].out, b.len) == 0,
                          "%s [%s]: got [%.*s], expected [%s]", what,
                          rows[i].in, (int)b.len, b.data ? b.data : "",
                          rows[i].out);
        free(in);
        sgft__buf_free(&b);
    }
}

#define ROWS(t) t, sizeof t / sizeof *t

static const val_row numbers[] = {
    {"0", VR_OK, "0"},          {"19", VR_OK, "19"},
    {"+5", VR_OK, "5"},         {"-3", VR_OK, "-3"},
    {"007", VR_OK, "7"},        {"-0", VR_OK, "0"},
    {" 12 ", VR_OK, "12"},      {"9 stones", VR_FIXED, "9"},
    {"about 3", VR_FIXED, "3"}, {"n-4", VR_FIXED, "-4"},
    {"5.0", VR_BAD, ""},        {"2.5", VR_BAD, ""},
    {"1,5", VR_BAD, ""},        {"1 000", VR_BAD, ""},
    {"five", VR_BAD, ""},       {"", VR_BAD, ""},
    {"+", VR_BAD, ""},          {"3 and 4", VR_BAD, ""},
};

static const val_row reals[] = {
    {"0", VR_OK, "0"},           {"5.5", VR_OK, "5.5"},
    {"-10", VR_OK, "-10"},       {"+0.5", VR_OK, "0.5"},
    {"120.25", VR_OK, "120.25"}, {"120.0", VR_OK, "120"},
    {"+1.50", VR_OK, "1.5"},     {"0.50", VR_OK, "0.5"},
    {"-0.0", VR_OK, "0"},        {"00012.500", VR_OK, "12.5"},
    {"5,5", VR_FIXED, "5.5"},    {".5", VR_FIXED, "0.5"},
    {"5.", VR_FIXED, "5"},       {"12.", VR_FIXED, "12"},
    {"7.5 points", VR_FIXED, "7.5"}, {"-.25", VR_FIXED, "-0.25"},
    {"1e3", VR_BAD, ""},         {"5 1/2", VR_BAD, ""},
    {"abc", VR_BAD, ""},         {"", VR_BAD, ""},
    {".", VR_BAD, ""},           {"-", VR_BAD, ""},
};

static const val_row doubles[] = {
    {"1", VR_OK, "1"},   {"2", VR_OK, "2"},        {" 2 ", VR_OK, "2"},
    {"", VR_FIXED, "1"}, {"very 2", VR_FIXED, "2"}, {"3", VR_FIXED, "1"},
    {"21", VR_FIXED, "2"}, {"12", VR_FIXED, "1"},  {"x", VR_FIXED, "1"},
    {"0", VR_FIXED, "1"},
};

/* A time left written as a clock: its seconds. */
static const val_row clocks[] = {
    {"0:07:42", VR_FIXED, "462"},   {"7:42", VR_FIXED, "462"},
    {" 1:00:00.50 ", VR_FIXED, "3600.5"}, {"0:00", VR_FIXED, "0"},
    {"12:5", VR_BAD, ""},          {"1:2:3", VR_BAD, ""},
    {"0:60", VR_BAD, ""},          {"300", VR_BAD, ""},
    {"3:00 left", VR_BAD, ""},     {"1:00:00:00", VR_BAD, ""},
    {":30", VR_BAD, ""},           {"1:30.", VR_FIXED, "90"},
};

static const val_row colors[] = {
    {"B", VR_OK, "B"},       {"W", VR_OK, "W"},         {" W ", VR_OK, "W"},
    {"b", VR_FIXED, "B"},    {"white", VR_FIXED, "W"},  {"w 123", VR_FIXED, "W"},
    {"Black", VR_FIXED, "B"}, {"x", VR_BAD, ""},        {"", VR_BAD, ""},
};

START_TEST(test_number) { check_rows("Number", sgft__val_number, ROWS(numbers)); }
END_TEST
START_TEST(test_real) { check_rows("Real", sgft__val_real, ROWS(reals)); }
END_TEST
START_TEST(test_double) { check_rows("Double", sgft__val_double, ROWS(doubles)); }
END_TEST
START_TEST(test_clock) { check_rows("clock", sgft__val_clock, ROWS(clocks)); }
END_TEST
START_TEST(test_color) { check_rows("Color", sgft__val_color, ROWS(colors)); }
END_TEST

/* Go points: letters a-z are 1-26, A-Z 27-52 (spec 8.1). */
static const struct point_row {
    const char *in;
    int cols, rows;
    vresult res;
    int x, y;
} points[] = {
    {"aa", 19, 19, VR_OK, 0, 0},   {"ss", 19, 19, VR_OK, 18, 18},
    {"pd", 19, 19, VR_OK, 15, 3},  {"tt", 19, 19, VR_BAD, 0, 0},
    {"tt", 20, 20, VR_OK, 19, 19}, {"zz", 19, 19, VR_BAD, 0, 0},
    {"AA", 19, 19, VR_BAD, 0, 0},  {"Ab", 27, 2, VR_OK, 26, 1},
    {"ac", 27, 2, VR_BAD, 0, 0},   {"ZZ", 52, 52, VR_OK, 51, 51},
    {" a a ", 19, 19, VR_FIXED, 0, 0}, {"a", 19, 19, VR_BAD, 0, 0},
    {"abc", 19, 19, VR_BAD, 0, 0}, {"a1", 19, 19, VR_BAD, 0, 0},
    {"", 19, 19, VR_BAD, 0, 0},
};

START_TEST(test_point) {
    for (size_t i = 0; i < sizeof points / sizeof *points; i++) {
        const struct point_row *r = &points[i];
        int x = -1, y = -1;
        vresult res = sgft__val_point(r->in, strlen(r->in), r->cols, r->rows,
                                      &x, &y);
        ck_assert_msg(res == r->res, "point [%s] on %dx%d: %d", r->in,
                      r->cols, r->rows, (int)res);
        if (res != VR_BAD)
            ck_assert_msg(x == r->x && y == r->y, "point [%s]: %d,%d", r->in,
                          x, y);
    }
    for (int v = 0; v < 52; v++)
        ck_assert_int_eq(sgft__point_coord(sgft__coord_char(v)), v);
}
END_TEST

/* Composed values split at the first unescaped ':' (spec 4.7). */
START_TEST(test_compose_split) {
    static const struct {
        const char *raw;
        size_t at;
    } rows[] = {
        {"aa:bb", 2},   {"a\\:b:1.0", 4}, {"aa", 2}, {":x", 0},
        {"x\\\\:y", 3}, {"\\:", 2},        {"", 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        ck_assert_msg(sgft__compose_split(rows[i].raw, strlen(rows[i].raw)) ==
                          rows[i].at,
                      "split of [%s]", rows[i].raw);
}
END_TEST

/* Points and moves of the other games (games.c, spec 9): the game, the
 * board, the input, the result and the canonical form. */
static const struct game_row {
    int gm;
    bool move;
    int cols, rows;
    const char *in;
    vresult res;
    const char *out;
} game_rows[] = {
    /* Hex: column letters a..z, aa..., then the row; case-insensitive */
    {11, false, 11, 11, "a1", VR_OK, "a1"},
    {11, false, 11, 11, "K11", VR_OK, "k11"},
    {11, false, 11, 11, "l1", VR_BAD, NULL},
    {11, false, 11, 11, "a12", VR_BAD, NULL},
    {11, false, 11, 11, "a0", VR_BAD, NULL},
    {11, false, 11, 11, "a007", VR_FIXED, "a7"},
    {11, false, 11, 11, " b 2", VR_FIXED, "b2"},
    {11, false, 30, 30, "aA27", VR_OK, "aa27"},
    {11, false, 30, 30, "ad30", VR_OK, "ad30"},
    {11, false, 30, 30, "ae1", VR_BAD, NULL},
    {11, false, 703, 1, "aaa1", VR_OK, "aaa1"},
    {11, false, 702, 1, "aaa1", VR_BAD, NULL},
    {11, false, 702, 1, "zz1", VR_OK, "zz1"},
    {11, false, 99999999, 99999999, "zzzzzzzzzzzzzzzzzzzzzzzzzz1", VR_BAD,
     NULL},
    {11, false, 11, 99999999, "a99999999999999999999999", VR_BAD, NULL},
    {11, false, 11, 11, "1a", VR_BAD, NULL},
    {11, false, 11, 11, "a", VR_BAD, NULL},
    {11, false, 11, 11, "", VR_BAD, NULL},
    {11, true, 11, 11, "Swap-Pieces", VR_OK, "swap-pieces"},
    {11, true, 11, 11, "swap-sides", VR_OK, "swap-sides"},
    {11, true, 11, 11, "RESIGN", VR_OK, "resign"},
    {11, true, 11, 11, "forfeit", VR_OK, "forfeit"},
    {11, true, 11, 11, "pass", VR_OK, "pass"},
    {11, true, 11, 11, "SWAP", VR_OK, "swap"}, /* olympiad records */
    {11, true, 11, 11, "swap-", VR_BAD, NULL},
    {11, true, 11, 11, "e4", VR_OK, "e4"},
    /* Lines of Action: one letter; from '-' or ':' to; marks after */
    {9, false, 8, 8, "C8", VR_OK, "c8"},
    {9, false, 8, 8, "aa1", VR_BAD, NULL},
    {9, false, 8, 8, "i1", VR_BAD, NULL},
    {9, true, 8, 8, "e1-e3", VR_OK, "e1-e3"},
    {9, true, 8, 8, "C2:C5++", VR_OK, "c2:c5++"},
    {9, true, 8, 8, "c5-c6!?#", VR_OK, "c5-c6!?#"},
    {9, true, 8, 8, "e1-e1", VR_BAD, NULL},
    {9, true, 8, 8, "e1e3", VR_BAD, NULL},
    {9, true, 8, 8, "e1-e3x", VR_BAD, NULL},
    {9, true, 8, 8, "e1-e9", VR_BAD, NULL},
    {9, true, 8, 8, "e1 - e3", VR_FIXED, "e1-e3"},
    {9, true, 8, 8, "Escape", VR_OK, "escape"},
    /* Amazons: from, to, arrow; Go's letters */
    {18, true, 10, 10, "djddgd", VR_OK, "djddgd"},
    {18, true, 10, 10, "djddaj", VR_OK, "djddaj"},
    {18, true, 10, 10, "djdjgd", VR_BAD, NULL},
    {18, true, 10, 10, "djdddd", VR_BAD, NULL},
    {18, true, 10, 10, "djddkd", VR_BAD, NULL},
    {18, true, 10, 10, "DJddgd", VR_BAD, NULL},
    {18, true, 10, 10, "djdd", VR_BAD, NULL},
    {18, false, 10, 10, "jj", VR_OK, "jj"},
    /* Gess: from:to, both off the outer rows and columns */
    {20, true, 20, 20, "cc:ff", VR_OK, "cc:ff"},
    {20, true, 20, 20, "bb:ss", VR_OK, "bb:ss"},
    {20, true, 20, 20, "aa:cc", VR_BAD, NULL},
    {20, true, 20, 20, "cc:tt", VR_BAD, NULL},
    {20, true, 20, 20, "cc:cc", VR_BAD, NULL},
    {20, true, 20, 20, "ccff", VR_BAD, NULL},
    /* Backgammon: dice and 0 to 4 from/to pairs, or the cube */
    {6, true, 19, 19, "31hefe", VR_OK, "31hefe"},
    {6, true, 19, 19, "66", VR_OK, "66"},
    {6, true, 19, 19, "66fzfzfzfz", VR_OK, "66fzfzfzfz"},
    {6, true, 19, 19, "66fzfzfzfzfz", VR_BAD, NULL},
    {6, true, 19, 19, "71ab", VR_BAD, NULL},
    {6, true, 19, 19, "31aa", VR_BAD, NULL},
    {6, true, 19, 19, "31a", VR_BAD, NULL},
    {6, true, 19, 19, "31HE", VR_BAD, NULL},
    {6, true, 19, 19, "double", VR_OK, "double"},
    {6, true, 19, 19, "Double", VR_BAD, NULL},
    {6, false, 19, 19, "y", VR_OK, "y"},
    {6, false, 19, 19, "ab", VR_BAD, NULL},
};

START_TEST(test_game_points) {
    for (size_t i = 0; i < sizeof game_rows / sizeof *game_rows; i++) {
        const struct game_row *r = &game_rows[i];
        const game *g = sgft__game(r->gm);
        buf out;
        sgft__buf_init(&out);
        sgft__buf_puts(&out, "<");
        int x, y;
        vresult res =
            r->move ? sgft__game_move(g, r->in, strlen(r->in), r->cols,
                                      r->rows, &out)
                    : sgft__game_point(g, r->in, strlen(r->in), r->cols,
                                       r->rows, &out, &x, &y);
        ck_assert_msg(res == r->res, "GM[%d] [%s]: %d", r->gm, r->in,
                      (int)res);
        if (res == VR_BAD)
            ck_assert_msg(out.len == 1, "GM[%d] [%s]: output left", r->gm,
                          r->in);
        else
            ck_assert_msg(out.len == 1 + strlen(r->out) &&
                              !memcmp(out.data + 1, r->out, out.len - 1),
                          "GM[%d] [%s]: [%.*s]", r->gm, r->in,
                          (int)out.len - 1, out.data + 1);
        sgft__buf_free(&out);
    }
    /* Games whose points are not defined keep their values (19). */
    ck_assert(sgft__game(2)->pts == PS_NONE);
    ck_assert(sgft__game(4)->pts == PS_NONE);
    ck_assert(sgft__game(3)->pts == PS_NONE);
    ck_assert(sgft__game(1)->points && sgft__game(1)->replay);
}
END_TEST

Suite *values_suite(void) {
    Suite *s = suite_create("values");
    TCase *tc = tcase_create("parsers");
    tcase_add_test(tc, test_number);
    tcase_add_test(tc, test_real);
    tcase_add_test(tc, test_double);
    tcase_add_test(tc, test_clock);
    tcase_add_test(tc, test_color);
    tcase_add_test(tc, test_point);
    tcase_add_test(tc, test_compose_split);
    tcase_add_test(tc, test_game_points);
    suite_add_tcase(s, tc);
    return s;
}
