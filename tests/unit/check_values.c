/* check_values.c - the value parsers of value.c (Number, Real, Double,
 * Color, Go points, composed values), table-driven: every row gives the
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
    {"", VR_FIXED, "1"}, {"very 2", VR_FIXED, "2"}, {"3", VR_BAD, ""},
    {"12", VR_BAD, ""},  {"x", VR_BAD, ""},
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

Suite *values_suite(void) {
    Suite *s = suite_create("values");
    TCase *tc = tcase_create("parsers");
    tcase_add_test(tc, test_number);
    tcase_add_test(tc, test_real);
    tcase_add_test(tc, test_double);
    tcase_add_test(tc, test_color);
    tcase_add_test(tc, test_point);
    tcase_add_test(tc, test_compose_split);
    suite_add_tcase(s, tc);
    return s;
}
