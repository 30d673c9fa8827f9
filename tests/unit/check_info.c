/* check_info.c - the typed game-info of the public interface: RE, KM,
 * HA, SZ, BR/WR and DT read into types, sgft_tree_game_info, the version
 * numbers and sgft_strerror.  Every row gives the exact return value and
 * the exact fields; a value that does not read leaves *out as it was. */
#include "tests.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define ROWS(t) (sizeof(t) / sizeof *(t))

/* A copy of s in a block of exactly its length, so that a read past the
 * end shows under valgrind; free() it. */
static char *exact(const char *s) {
    size_t n = strlen(s);
    char *c = malloc(n ? n : 1);
    ck_assert_ptr_nonnull(c);
    memcpy(c, s, n);
    return c;
}

typedef struct re_row {
    const char *in;
    int ret;
    sgft_winner winner;
    sgft_result_kind kind;
    bool has_margin;
    double margin;
} re_row;

#define B SGFT_WINNER_BLACK
#define W SGFT_WINNER_WHITE
#define N SGFT_WINNER_NONE
#define U SGFT_WINNER_UNKNOWN

static const re_row re_rows[] = {
    {"B+R", 0, B, SGFT_RESULT_RESIGN, false, 0},
    {"B+Resign", 0, B, SGFT_RESULT_RESIGN, false, 0},
    {"W+T", 0, W, SGFT_RESULT_TIME, false, 0},
    {"W+Time", 0, W, SGFT_RESULT_TIME, false, 0},
    {"B+F", 0, B, SGFT_RESULT_FORFEIT, false, 0},
    {"W+Forfeit", 0, W, SGFT_RESULT_FORFEIT, false, 0},
    {"0", 0, N, SGFT_RESULT_DRAW, false, 0},
    {"Draw", 0, N, SGFT_RESULT_DRAW, false, 0},
    {"Void", 0, N, SGFT_RESULT_VOID, false, 0},
    {"?", 0, U, SGFT_RESULT_UNKNOWN, false, 0},
    {"B+3.5", 0, B, SGFT_RESULT_SCORE, true, 3.5},
    {"W+0.5", 0, W, SGFT_RESULT_SCORE, true, 0.5},
    {"W+12.50", 0, W, SGFT_RESULT_SCORE, true, 12.5},
    {"B+0", 0, B, SGFT_RESULT_SCORE, true, 0},
    {"W+", 0, W, SGFT_RESULT_UNKNOWN, false, 0},
    {" B+R ", 0, B, SGFT_RESULT_RESIGN, false, 0},
    /* the forms the checks repair (15), read as they write them */
    {"b+r", 1, B, SGFT_RESULT_RESIGN, false, 0},
    {"B+R.", 1, B, SGFT_RESULT_RESIGN, false, 0},
    {"w+resign", 1, W, SGFT_RESULT_RESIGN, false, 0},
    {"W+Time Over", 1, W, SGFT_RESULT_TIME, false, 0},
    {"B+6,5", 1, B, SGFT_RESULT_SCORE, true, 6.5},
    {"W+3 1/2 points", 1, W, SGFT_RESULT_SCORE, true, 3.5},
    {"White wins by resignation", 1, W, SGFT_RESULT_RESIGN, false, 0},
    {"black resigns", 1, W, SGFT_RESULT_RESIGN, false, 0},
    {"jigo", 1, N, SGFT_RESULT_DRAW, false, 0},
    {"draw", 1, N, SGFT_RESULT_DRAW, false, 0},
    {"unknown", 1, U, SGFT_RESULT_UNKNOWN, false, 0},
    /* in words (131) */
    {"\xe9\xbb\x91\xe4\xb8\xad\xe7\x9b\x98\xe8\x83\x9c", 1, B,
     SGFT_RESULT_RESIGN, false, 0}, /* 黑中盘胜 */
    {"\xe7\x99\xbd\xe8\x83\x9c\x33\xe7\x9b\xae\xe5\x8d\x8a", 1, W,
     SGFT_RESULT_SCORE, true, 3.5}, /* 白胜3目半 */
};

static const char *const re_bad[] = {
    "", " ", "X+R", "B", "B+Q", "B+R W+R", "Black wins. White wins.",
    "B+3.5.5", "Draw!?", "resign"};

START_TEST(test_result) {
    for (size_t i = 0; i < ROWS(re_rows); i++) {
        const re_row *w = &re_rows[i];
        char *in = exact(w->in);
        sgft_result r;
        memset(&r, 0x55, sizeof r);
        int got = sgft_result_parse(in, strlen(w->in), &r);
        free(in);
        ck_assert_msg(got == w->ret, "RE[%s]: %d, expected %d", w->in, got,
                      w->ret);
        ck_assert_msg(r.winner == w->winner && r.kind == w->kind &&
                          r.has_margin == w->has_margin &&
                          r.margin == w->margin,
                      "RE[%s]: winner %d kind %d margin %d %g", w->in,
                      r.winner, r.kind, r.has_margin, r.margin);
    }
    for (size_t i = 0; i < ROWS(re_bad); i++) {
        char *in = exact(re_bad[i]);
        sgft_result r, was;
        memset(&r, 0x55, sizeof r);
        was = r;
        int got = sgft_result_parse(in, strlen(re_bad[i]), &r);
        free(in);
        ck_assert_msg(got == SGFT_EINVAL, "RE[%s]: %d", re_bad[i], got);
        ck_assert_msg(memcmp(&r, &was, sizeof r) == 0, "RE[%s]: changed",
                      re_bad[i]);
    }
    sgft_result r;
    ck_assert_int_eq(sgft_result_parse(NULL, 0, &r), SGFT_EINVAL);
    ck_assert_int_eq(sgft_result_parse("B+R", 3, NULL), SGFT_EINVAL);
    /* within its length: "B+R" of "B+Resign" */
    ck_assert_int_eq(sgft_result_parse("B+Resign", 3, &r), 0);
    ck_assert_int_eq(r.kind, SGFT_RESULT_RESIGN);
}
END_TEST

typedef struct num_row {
    const char *in;
    int ret;
    double v;
} num_row;

static const num_row komi_rows[] = {
    {"6.5", 0, 6.5},   {"0", 0, 0},          {"-5.5", 0, -5.5},
    {"375", 0, 375},   {"7.50", 0, 7.5},     {"6,5", 1, 6.5},
    {"6 1/2", 1, 6.5}, {"none", 1, 0},       {"5.5 points", 1, 5.5},
    {"", SGFT_EINVAL, -1}, {"six and", SGFT_EINVAL, -1},
    {"6.5.5", SGFT_EINVAL, -1}, {"komi?", SGFT_EINVAL, -1},
    /* white space, as the checks see it: after the number silent,
     * before or inside it repaired (15) */
    {"6.5 ", 0, 6.5},  {" 6.5", 1, 6.5},     {"6 .5", 1, 6.5},
};

START_TEST(test_komi) {
    for (size_t i = 0; i < ROWS(komi_rows); i++) {
        const num_row *w = &komi_rows[i];
        char *in = exact(w->in);
        double k = -1;
        int got = sgft_komi_parse(in, strlen(w->in), &k);
        free(in);
        ck_assert_msg(got == w->ret && k == w->v, "KM[%s]: %d %g", w->in,
                      got, k);
    }
    ck_assert_int_eq(sgft_komi_parse(NULL, 0, NULL), SGFT_EINVAL);
}
END_TEST

static const num_row ha_rows[] = {
    {"9", 0, 9},          {"0", 0, 0},         {"2147483647", 0, INT_MAX},
    {"9 stones", 1, 9},   {"nine", 1, 9},      {"none", 1, 0},
    {"9.0", 1, 9},        {"\xe4\xb9\x9d\xe5\xad\x90", 1, 9}, /* 九子 */
    {"-2", SGFT_EINVAL, -1}, {"2147483648", SGFT_EINVAL, -1},
    {"9.5", SGFT_EINVAL, -1}, {"many", SGFT_EINVAL, -1},
    {"", SGFT_EINVAL, -1},
    /* white space in a Number is repaired anywhere (15): 1\n0 is 10 */
    {" 9", 1, 9},         {"9 ", 1, 9},        {"1\n0", 1, 10},
};

START_TEST(test_handicap) {
    for (size_t i = 0; i < ROWS(ha_rows); i++) {
        const num_row *w = &ha_rows[i];
        char *in = exact(w->in);
        int h = -1;
        int got = sgft_handicap_parse(in, strlen(w->in), &h);
        free(in);
        ck_assert_msg(got == w->ret && h == (int)w->v, "HA[%s]: %d %d",
                      w->in, got, h);
    }
    ck_assert_int_eq(sgft_handicap_parse("9", 1, NULL), SGFT_EINVAL);
}
END_TEST

typedef struct size_row {
    const char *in;
    int ret, cols, rows;
} size_row;

static const size_row size_rows[] = {
    {"19", 0, 19, 19},       {"19:13", 0, 19, 13},   {"9", 0, 9, 9},
    {" 13 ", 0, 13, 13},     {"19:19", 1, 19, 19},   {"65535", 0, 65535, 65535},
    {"0", SGFT_EINVAL, -1, -1}, {"65536", SGFT_EINVAL, -1, -1},
    {"19:", SGFT_EINVAL, -1, -1}, {":19", SGFT_EINVAL, -1, -1},
    {"19:0", SGFT_EINVAL, -1, -1}, {"19x19", SGFT_EINVAL, -1, -1},
    {"", SGFT_EINVAL, -1, -1},
};

START_TEST(test_size) {
    for (size_t i = 0; i < ROWS(size_rows); i++) {
        const size_row *w = &size_rows[i];
        char *in = exact(w->in);
        int c = -1, r = -1;
        int got = sgft_size_parse(in, strlen(w->in), &c, &r);
        free(in);
        ck_assert_msg(got == w->ret && c == w->cols && r == w->rows,
                      "SZ[%s]: %d %d %d", w->in, got, c, r);
    }
    int c;
    ck_assert_int_eq(sgft_size_parse("19", 2, &c, NULL), SGFT_EINVAL);
}
END_TEST

typedef struct rank_row {
    const char *in;
    int ret, number;
    sgft_rank_kind kind;
    bool uncertain, established;
} rank_row;

static const rank_row rank_rows[] = {
    {"5d", 0, 5, SGFT_RANK_DAN, false, false},
    {"3k", 0, 3, SGFT_RANK_KYU, false, false},
    {"1p", 0, 1, SGFT_RANK_PRO, false, false},
    {"5d?", 0, 5, SGFT_RANK_DAN, true, false},
    {"10k*", 0, 10, SGFT_RANK_KYU, false, true},
    {" 30k ", 0, 30, SGFT_RANK_KYU, false, false},
    {"9 dan pro", 1, 9, SGFT_RANK_PRO, false, false},
    {"1st kyu", 1, 1, SGFT_RANK_KYU, false, false},
    {"3\xe7\xb4\x9a", 1, 3, SGFT_RANK_KYU, false, false}, /* 3級 */
    {"\xe8\x81\x8c\xe4\xb8\x9a\xe4\xb9\x9d\xe6\xae\xb5", 1, 9,
     SGFT_RANK_PRO, false, false}, /* 职业九段 */
};

static const char *const rank_bad[] = {
    "", "d", "5", "5D", "5x", "0d", "100k", "5d?*", "5d??", "5 d", "9 dan",
    "strong"};

START_TEST(test_rank) {
    for (size_t i = 0; i < ROWS(rank_rows); i++) {
        const rank_row *w = &rank_rows[i];
        char *in = exact(w->in);
        sgft_rank r;
        memset(&r, 0x55, sizeof r);
        int got = sgft_rank_parse(in, strlen(w->in), &r);
        free(in);
        ck_assert_msg(got == w->ret && r.number == w->number &&
                          r.kind == w->kind && r.uncertain == w->uncertain &&
                          r.established == w->established,
                      "BR[%s]: %d %d %d %d %d", w->in, got, r.number, r.kind,
                      r.uncertain, r.established);
    }
    for (size_t i = 0; i < ROWS(rank_bad); i++) {
        char *in = exact(rank_bad[i]);
        sgft_rank r, was;
        memset(&r, 0x55, sizeof r);
        was = r;
        int got = sgft_rank_parse(in, strlen(rank_bad[i]), &r);
        free(in);
        ck_assert_msg(got == SGFT_EINVAL &&
                          memcmp(&r, &was, sizeof r) == 0,
                      "BR[%s]: %d", rank_bad[i], got);
    }
}
END_TEST

/* The dates a DT value gives, "Y-M-D" each, separated by spaces; at most
 * limit of them (then the callback stops the list). */
typedef struct date_log {
    char text[256];
    size_t n, limit;
} date_log;

static bool log_date(void *data, const sgft_date *d) {
    date_log *l = data;
    size_t len = strlen(l->text);
    snprintf(l->text + len, sizeof l->text - len, "%s%d-%d-%d",
             len ? " " : "", d->year, d->month, d->day);
    return ++l->n < l->limit;
}

/* Counts the dates, keeps none. */
static bool count_date(void *data, const sgft_date *d) {
    date_log *l = data;
    (void)d;
    return ++l->n < l->limit;
}

typedef struct date_row {
    const char *in;
    int ret;
    const char *dates;
} date_row;

static const date_row date_rows[] = {
    {"1996-05-06", 0, "1996-5-6"},
    {"1996-05-06,07,08", 0, "1996-5-6 1996-5-7 1996-5-8"},
    {"1996-05", 0, "1996-5-0"},
    {"1996", 0, "1996-0-0"},
    {"1996-12-30,1997-01-02", 0, "1996-12-30 1997-1-2"},
    {"1996-05,06", 0, "1996-5-0 1996-6-0"},
    {"1996-05-06,06-01", 0, "1996-5-6 1996-6-1"},
    {"1996-5-6", 1, "1996-5-6"},
    {"97", 1, "1997-0-0"},
    {"May 6, 1996", 1, "1996-5-6"},
    {"1996-05-06 and 07", 1, "1996-5-6 1996-5-7"},
    {"", SGFT_EINVAL, ""},
    {"1996-02-30", SGFT_EINVAL, ""},
    {"1996-13", SGFT_EINVAL, ""},
    {"07,08", SGFT_EINVAL, ""},
    {"someday", SGFT_EINVAL, ""},
};

START_TEST(test_dates) {
    for (size_t i = 0; i < ROWS(date_rows); i++) {
        const date_row *w = &date_rows[i];
        char *in = exact(w->in);
        date_log l = {"", 0, 100};
        int got = sgft_dates_parse(in, strlen(w->in), log_date, &l);
        free(in);
        ck_assert_msg(got == w->ret && strcmp(l.text, w->dates) == 0,
                      "DT[%s]: %d '%s'", w->in, got, l.text);
    }
    /* the callback stops the list; the return value stays the reading's */
    date_log l = {"", 0, 1};
    ck_assert_int_eq(sgft_dates_parse("1996-05-06,07", 13, log_date, &l), 0);
    ck_assert_str_eq(l.text, "1996-5-6");
    ck_assert_int_eq(sgft_dates_parse("1996", 4, NULL, NULL), 0);
    ck_assert_int_eq(sgft_dates_parse(NULL, 0, NULL, NULL), SGFT_EINVAL);
    /* no limit on the list: every day of 2000, 366 dates */
    char year[4000];
    size_t n = (size_t)snprintf(year, sizeof year, "2000-01-01");
    static const int mdays[12] = {31, 29, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
    for (int m = 1; m <= 12; m++)
        for (int d = m == 1 ? 2 : 1; d <= mdays[m - 1]; d++)
            n += (size_t)(d == 1 ? snprintf(year + n, sizeof year - n,
                                            ",%02d-%02d", m, d)
                                 : snprintf(year + n, sizeof year - n,
                                            ",%02d", d));
    date_log all = {"", 0, 1000};
    ck_assert_int_eq(sgft_dates_parse(year, n, count_date, &all), 0);
    ck_assert_uint_eq(all.n, 366);
}
END_TEST

static void no_diag(const sgft_diag *d, void *u) {
    (void)d;
    (void)u;
}

START_TEST(test_tree_game_info) {
    static const char sgf[] =
        "(;FF[4]GM[1]SZ[19:13]PB[Lee \\] Sedol]BR[9p]PW[AlphaGo]"
        "WR[5d?]RE[w+r]KM[7.5]HA[0]DT[2016-03-09,10]"
        ";B[pd];W[dp])"
        "(;GM[1];B[aa]PB[late];C[x]KM[6 1/2]DT[someday]RE[nobody])";
    sgft_ctx *ctx = sgft_ctx_new(NULL, no_diag, NULL);
    ck_assert_ptr_nonnull(ctx);
    sgft_reader *rd = sgft_reader_memory(ctx, sgf, strlen(sgf));
    ck_assert_ptr_nonnull(rd);
    sgft_tree *t;
    ck_assert_int_eq(sgft_reader_next(rd, &t), 1);
    sgft_game_info g;
    memset(&g, 0x55, sizeof g);
    g.size = sizeof g;
    ck_assert_int_eq(sgft_tree_game_info(t, &g), 0);
    ck_assert_uint_eq(g.size, sizeof g);
    ck_assert_uint_eq(g.black.len, 12);
    ck_assert(memcmp(g.black.data, "Lee \\] Sedol", 12) == 0);
    ck_assert_uint_eq(g.white.len, 7);
    ck_assert(memcmp(g.white.data, "AlphaGo", 7) == 0);
    ck_assert(g.has_black_rank && g.black_rank.number == 9 &&
              g.black_rank.kind == SGFT_RANK_PRO);
    ck_assert(g.has_white_rank && g.white_rank.number == 5 &&
              g.white_rank.kind == SGFT_RANK_DAN && g.white_rank.uncertain);
    ck_assert(g.has_result && g.result.winner == SGFT_WINNER_WHITE &&
              g.result.kind == SGFT_RESULT_RESIGN && !g.result.has_margin);
    ck_assert_uint_eq(g.result_text.len, 3);
    ck_assert(memcmp(g.result_text.data, "w+r", 3) == 0);
    ck_assert(g.has_komi && g.komi == 7.5);
    ck_assert(g.has_handicap && g.handicap == 0);
    ck_assert(g.has_size && g.cols == 19 && g.rows == 13);
    ck_assert(g.has_date && g.first_date.year == 2016 &&
              g.first_date.month == 3 && g.first_date.day == 9);
    ck_assert_uint_eq(g.dates, 2);

    /* the second game: values on the main line below the root, one that
     * does not read, none at all */
    ck_assert_int_eq(sgft_reader_next(rd, &t), 1);
    memset(&g, 0x55, sizeof g);
    g.size = sizeof g;
    ck_assert_int_eq(sgft_tree_game_info(t, &g), 0);
    ck_assert_uint_eq(g.black.len, 4);
    ck_assert(memcmp(g.black.data, "late", 4) == 0);
    ck_assert_ptr_null(g.white.data);
    ck_assert_uint_eq(g.white.len, 0);
    ck_assert(!g.has_black_rank && !g.has_white_rank);
    ck_assert_ptr_null(g.black_rank_text.data);
    ck_assert(!g.has_result && g.result_text.len == 6);
    ck_assert(g.result.winner == SGFT_WINNER_UNKNOWN &&
              g.result.kind == SGFT_RESULT_UNKNOWN);
    ck_assert(g.has_komi && g.komi == 6.5);
    ck_assert(!g.has_handicap && g.handicap == 0);
    ck_assert(!g.has_size && g.cols == 19 && g.rows == 19);
    ck_assert(!g.has_date && g.dates == 0 && g.first_date.year == 0);

    /* growth: a larger struct gets its unknown bytes zeroed; a smaller
     * one, or none, is refused */
    unsigned char big[sizeof(sgft_game_info) + 8];
    memset(big, 0x55, sizeof big);
    sgft_game_info *gb = (sgft_game_info *)(void *)big;
    gb->size = sizeof big;
    ck_assert_int_eq(sgft_tree_game_info(t, gb), 0);
    ck_assert_uint_eq(gb->size, sizeof big);
    for (size_t i = sizeof(sgft_game_info); i < sizeof big; i++)
        ck_assert_uint_eq(big[i], 0);
    memset(&g, 0x55, sizeof g);
    g.size = sizeof g - 1;
    ck_assert_int_eq(sgft_tree_game_info(t, &g), SGFT_EINVAL);
    ck_assert_uint_eq(g.black.len, (size_t)0x5555555555555555ull);
    ck_assert_int_eq(sgft_tree_game_info(NULL, &g), SGFT_EINVAL);
    ck_assert_int_eq(sgft_tree_game_info(t, NULL), SGFT_EINVAL);
    sgft_reader_free(rd);
    sgft_ctx_free(ctx);
}
END_TEST

/* A callback that changes errno, as a program's may. */
static void clobber_errno(const sgft_diag *d, void *u) {
    (void)d;
    (void)u;
    errno = EBADF;
}

START_TEST(test_reader_errno) {
    sgft_ctx *ctx = sgft_ctx_new(NULL, clobber_errno, NULL);
    ck_assert_ptr_nonnull(ctx);
    errno = 0;
    ck_assert_ptr_null(sgft_reader_open(ctx, "/nonexistent/x.sgf"));
    ck_assert_int_eq(errno, ENOENT);
    errno = 0;
    ck_assert_ptr_null(sgft_reader_open(ctx, "."));
    ck_assert_int_eq(errno, EISDIR);
    sgft_ctx_free(ctx);
}
END_TEST

START_TEST(test_version_and_errors) {
    ck_assert_int_eq(sgft_version_number(), SGFT_VERSION_NUMBER);
    ck_assert_int_eq(SGFT_VERSION_NUMBER,
                     (SGFT_VERSION_MAJOR << 16) | (SGFT_VERSION_MINOR << 8) |
                         SGFT_VERSION_PATCH);
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", SGFT_VERSION_MAJOR, SGFT_VERSION_MINOR,
             SGFT_VERSION_PATCH);
    ck_assert_str_eq(v, SGFT_VERSION);
    ck_assert_str_eq(sgft_version(), SGFT_VERSION);
    ck_assert_str_eq(sgft_strerror(SGFT_OK), "success");
    ck_assert_str_eq(sgft_strerror(SGFT_ENOMEM), "out of memory");
    ck_assert_str_eq(sgft_strerror(SGFT_EREAD), "the input could not be read");
    ck_assert_str_eq(sgft_strerror(SGFT_EWRITE),
                     "the output could not be written");
    ck_assert_str_eq(sgft_strerror(SGFT_EOPEN), "a file could not be opened");
    ck_assert_str_eq(sgft_strerror(SGFT_EINVAL), "invalid argument");
    ck_assert_str_eq(sgft_strerror(-6), "unknown status");
    ck_assert_str_eq(sgft_strerror(1), "unknown status");
    ck_assert_str_eq(sgft_strerror(INT_MIN), "unknown status");
}
END_TEST

Suite *info_suite(void) {
    Suite *s = suite_create("info");
    TCase *tc = tcase_create("values");
    tcase_add_test(tc, test_result);
    tcase_add_test(tc, test_komi);
    tcase_add_test(tc, test_handicap);
    tcase_add_test(tc, test_size);
    tcase_add_test(tc, test_rank);
    tcase_add_test(tc, test_dates);
    suite_add_tcase(s, tc);
    tc = tcase_create("trees");
    tcase_add_test(tc, test_tree_game_info);
    tcase_add_test(tc, test_reader_errno);
    tcase_add_test(tc, test_version_and_errors);
    suite_add_tcase(s, tc);
    return s;
}
