/* check_gameinfo.c - the game-info value repairers of gameinfo.c: DT, RE,
 * KM, TM and HA (SGF-FF4.md sections 7 and 14).
 *
 * Each table row gives an input, the expected result and the expected
 * output bytes (empty for GI_BAD).  Every row also checks that the input
 * is read only within its length, and that an output is a fixed point:
 * given back, it is GI_OK with the same bytes.
 */
#include "tests.h"

#include "internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>



typedef struct gi_row {
    const char *in;
    gi_result res;
    const char *out;
} gi_row;

#define ROWS(t) (sizeof(t) / sizeof *(t))

static const char *res_name(gi_result r) {
    return r == GI_OK ? "GI_OK" : r == GI_FIXED ? "GI_FIXED" : "GI_BAD";
}

static const char *buf_text(const buf *b) { return b->data ? b->data : ""; }

/* Calls fn on a copy of s[0..len) in a block of exactly len bytes, so
 * that a read past the end shows under valgrind. */
static gi_result call_exact(gi_fn fn, const char *s, size_t len, buf *out) {
    char *copy = malloc(len ? len : 1);
    ck_assert_msg(copy != NULL, "out of memory in the test");
    if (len)
        memcpy(copy, s, len);
    gi_result r = fn(copy, len, out);
    free(copy);
    return r;
}

/* Asserts result and exact output of fn(in); name labels failures. */
static void expect_gi(const char *name, gi_fn fn, const char *in,
                      size_t len, gi_result res, const char *want) {
    buf out;
    sgft__buf_init(&out);
    gi_result got = call_exact(fn, in, len, &out);
    ck_assert_msg(!out.oom, "%s[%s]: out of memory", name, in);
    ck_assert_msg(got == res, "%s[%s]: %s, expected %s ('%s')", name, in,
                  res_name(got), res_name(res), buf_text(&out));
    ck_assert_msg(out.len == strlen(want) &&
                      memcmp(buf_text(&out), want, out.len) == 0,
                  "%s[%s]: out '%s', expected '%s'", name, in,
                  buf_text(&out), want);
    if (got != GI_BAD) {
        buf again;
        sgft__buf_init(&again);
        gi_result r2 = call_exact(fn, out.data, out.len, &again);
        ck_assert_msg(r2 == GI_OK && again.len == out.len &&
                          memcmp(again.data, out.data, out.len) == 0,
                      "%s[%s]: output '%s' read again gives %s '%s'", name,
                      in, out.data, res_name(r2), buf_text(&again));
        sgft__buf_free(&again);
    }
    sgft__buf_free(&out);
}

static void run_rows(const char *name, gi_fn fn, const gi_row *rows,
                     size_t n) {
    for (size_t i = 0; i < n; i++)
        expect_gi(name, fn, rows[i].in, strlen(rows[i].in), rows[i].res,
                  rows[i].out);
}

/* --- DT (SGF-FF4.md 7.1, 7.5; vectors 32 and 33) ---------------------- */

static const gi_row date_rows[] = {
    /* valid: full, partial, lists with every shortcut of the 7.1 table */
    {"2003-11-30", GI_OK, "2003-11-30"},
    {"2003", GI_OK, "2003"},
    {"2003-11", GI_OK, "2003-11"},
    {"2003-11,12", GI_OK, "2003-11,12"},
    {"2003-11-29,30", GI_OK, "2003-11-29,30"},
    {"2003-12-30,31,2004-01-02", GI_OK, "2003-12-30,31,2004-01-02"},
    {"2003-12-30,31,01-02", GI_OK, "2003-12-30,31,01-02"},
    {"2001,2002", GI_OK, "2001,2002"},
    {"1996-05,06", GI_OK, "1996-05,06"},
    {"1996-05-06,07", GI_OK, "1996-05-06,07"},
    {"1996,1997", GI_OK, "1996,1997"},
    {"2003-11-29,2003-11-30", GI_OK, "2003-11-29,2003-11-30"},
    {"2003-11,12-01", GI_OK, "2003-11,12-01"},
    {"2003-11,12,12-05", GI_OK, "2003-11,12,12-05"},
    {"2003-11-05,12-01,02", GI_OK, "2003-11-05,12-01,02"},
    {"2003-11-05,06,12-01", GI_OK, "2003-11-05,06,12-01"},
    {"2003,2004-05", GI_OK, "2003,2004-05"},
    {"2003-05,2003", GI_OK, "2003-05,2003"},
    {"2000-02-29", GI_OK, "2000-02-29"},
    {"2004-02-29", GI_OK, "2004-02-29"},
    {"1999-12-31", GI_OK, "1999-12-31"},
    {"2003-04-30", GI_OK, "2003-04-30"},
    {"  2003-11-30 \t", GI_OK, "2003-11-30"},
    /* repairs of SGF-FF4.md 7.5 */
    {"2000-7-19", GI_FIXED, "2000-07-19"},
    {"1997-3", GI_FIXED, "1997-03"},
    {"1996-5-6", GI_FIXED, "1996-05-06"},
    {"2000-07-1,2", GI_FIXED, "2000-07-01,02"},
    {"2000-7,8", GI_FIXED, "2000-07,08"},
    /* a '-' that nothing follows */
    {"1968-08-", GI_FIXED, "1968-08"},
    {"1968-", GI_FIXED, "1968"},
    {"1968-08-12- ", GI_FIXED, "1968-08-12"},
    {"1968-08-,09", GI_FIXED, "1968-08,09"},
    {"2001-1-2-", GI_FIXED, "2001-01-02"},
    {"1968--08", GI_BAD, ""},
    {"1968-08-12-13", GI_BAD, ""},
    {"1996/05/16", GI_FIXED, "1996-05-16"},
    {"1996/16/05", GI_FIXED, "1996-05-16"},
    {"16.05.1996", GI_FIXED, "1996-05-16"},
    {"05/16/1996", GI_FIXED, "1996-05-16"},
    {"16-05-1996", GI_FIXED, "1996-05-16"},
    {"1997/05/05", GI_FIXED, "1997-05-05"},
    {"1996/5", GI_FIXED, "1996-05"},
    {"5.1996", GI_FIXED, "1996-05"},
    {"5 March 1997", GI_FIXED, "1997-03-05"},
    {"March 5, 1997", GI_FIXED, "1997-03-05"},
    {"march 5 1997", GI_FIXED, "1997-03-05"},
    {"MAR. 5, 1997", GI_FIXED, "1997-03-05"},
    {"5th of March, 1997", GI_FIXED, "1997-03-05"},
    {"Sunday, March 5, 1997", GI_FIXED, "1997-03-05"},
    {"Sun., 5 Mar. 1997", GI_FIXED, "1997-03-05"},
    {"1997 March 5", GI_FIXED, "1997-03-05"},
    {"March 1997", GI_FIXED, "1997-03"},
    {"5 March 97", GI_FIXED, "1997-03-05"},
    {"March 94", GI_FIXED, "1994-03"},
    {"12th and 13th march 94", GI_FIXED, "1994-03-12,13"},
    {"12, 13 March 1994", GI_FIXED, "1994-03-12,13"},
    {"March 5 and 6, 1997", GI_FIXED, "1997-03-05,06"},
    {"30 March and 2 April 1997", GI_FIXED, "1997-03-30,04-02"},
    {"31 Dec 1996 and 1 Jan 1997", GI_FIXED, "1996-12-31,1997-01-01"},
    {"5-MAR-97", GI_FIXED, "1997-03-05"},
    {"1997-Mar-05", GI_FIXED, "1997-03-05"},
    {"okt 1997", GI_FIXED, "1997-10"},
    {"5 mrt 1997", GI_FIXED, "1997-03-05"},
    {"5 mei 1997", GI_FIXED, "1997-05-05"},
    {"5. M\xc3\xa4rz 1997", GI_FIXED, "1997-03-05"},
    {"1 Dezember 1997", GI_FIXED, "1997-12-01"},
    {"Sept 30, 2001", GI_FIXED, "2001-09-30"},
    {"29 February 2000", GI_FIXED, "2000-02-29"},
    {"97", GI_FIXED, "1997"},
    {"  97 ", GI_FIXED, "1997"},
    /* lists and ranges written with spaces, "and", "to" or a dash */
    {"2003-11-29, 30", GI_FIXED, "2003-11-29,30"},
    {"2003-11-29 2003-11-30", GI_FIXED, "2003-11-29,30"},
    {"2003-11-29, 2003-11-30", GI_FIXED, "2003-11-29,30"},
    {"2003-11-29 and 30", GI_FIXED, "2003-11-29,30"},
    {"2003-11-29 & 2003-12-01", GI_FIXED, "2003-11-29,12-01"},
    {"2003-11, 12", GI_FIXED, "2003-11,12"},
    {"2003-12-31 2004-01-01", GI_FIXED, "2003-12-31,2004-01-01"},
    {"2003 2004", GI_FIXED, "2003,2004"},
    {"1997 and 1998", GI_FIXED, "1997,1998"},
    {"1996-1998", GI_FIXED, "1996,1997,1998"},
    {"March 5-7, 1997", GI_FIXED, "1997-03-05,06,07"},
    {"5th-7th March 1997", GI_FIXED, "1997-03-05,06,07"},
    {"5 to 7 March 1997", GI_FIXED, "1997-03-05,06,07"},
    {"5 \xe2\x80\x93 7 March 1997", GI_FIXED, "1997-03-05,06,07"},
    {"March 30 - April 2, 1997", GI_FIXED, "1997-03-30,31,04-01,02"},
    {"1997-03-05 - 1997-03-07", GI_FIXED, "1997-03-05,06,07"},
    {"2003-12-30 to 2004-01-02", GI_FIXED, "2003-12-30,31,2004-01-01,02"},
    {"28 Feb - 1 Mar 2000", GI_FIXED, "2000-02-28,29,03-01"},
    {"November - December 2003", GI_FIXED, "2003-11,12"},
    /* a two-digit year after day and month, above 31 */
    {"13/5/95", GI_FIXED, "1995-05-13"},
    {"5/13/95", GI_FIXED, "1995-05-13"},
    {"13-5-95", GI_FIXED, "1995-05-13"},
    {"31.12.99", GI_FIXED, "1999-12-31"},
    {"16.05.96", GI_FIXED, "1996-05-16"},
    {"29/2/97", GI_BAD, ""},
    {"5/6/95", GI_BAD, ""},
    {"13/5/25", GI_BAD, ""},
    {"95/5/13", GI_BAD, ""},
    /* not repairable */
    {"", GI_BAD, ""},
    {" \t ", GI_BAD, ""},
    {"1996/05/06", GI_BAD, ""},
    {"1996.05.06", GI_BAD, ""},
    {"05/06/1996", GI_BAD, ""},
    {"96-3-5", GI_BAD, ""},
    {"05-06", GI_BAD, ""},
    {"1997-13-01", GI_BAD, ""},
    {"1997-02-30", GI_BAD, ""},
    {"1900-02-29", GI_BAD, ""},
    {"2003-04-31", GI_BAD, ""},
    {"1997-00-10", GI_BAD, ""},
    {"1997-01-00", GI_BAD, ""},
    {"30 February 1997", GI_BAD, ""},
    {"1996/13/14", GI_BAD, ""},
    {"5 March", GI_BAD, ""},
    {"March 5", GI_BAD, ""},
    {"5", GI_BAD, ""},
    {"997", GI_BAD, ""},
    {"19970", GI_BAD, ""},
    {"2003,", GI_BAD, ""},
    {",2003", GI_BAD, ""},
    {"2003,,2004", GI_BAD, ""},
    {"2003 , , 2004", GI_BAD, ""},
    {"March, 1997,", GI_BAD, ""},
    {"2003,05", GI_BAD, ""},
    {"2003,05-06", GI_BAD, ""},
    {"2003-05-06-07", GI_BAD, ""},
    {"2003-05-06,7-8-9", GI_BAD, ""},
    {"1996,7", GI_BAD, ""},
    {"1997 03 05", GI_BAD, ""},
    {"7 to 5 March 1997", GI_BAD, ""},
    {"5 to 5 March 1997", GI_BAD, ""},
    {"1997 - March 1998", GI_BAD, ""},
    {"1 Jan 1997 - 31 Dec 1997", GI_BAD, ""},
    {"March 5 and", GI_BAD, ""},
    {"and March 5 1997", GI_BAD, ""},
    {"1996-05-16 or so", GI_BAD, ""},
    {"he won", GI_BAD, ""},
    {"?", GI_BAD, ""},
    {"32 March 1997", GI_BAD, ""},
    {"0th March 1997", GI_BAD, ""},
    {"94 March", GI_BAD, ""},
    {"March 5 to 7 to 9 1997", GI_BAD, ""},
};

START_TEST(test_date_rows) {
    run_rows("DT", sgft__gi_date, date_rows, ROWS(date_rows));
}
END_TEST

/* --- RE (SGF-FF4.md 7.2, 7.5; vectors 34 and 35) ---------------------- */

static const gi_row result_rows[] = {
    /* valid, in canonical form */
    {"0", GI_OK, "0"},
    {"Draw", GI_OK, "Draw"},
    {"Void", GI_OK, "Void"},
    {"?", GI_OK, "?"},
    {"B+", GI_OK, "B+"},
    {"W+", GI_OK, "W+"},
    {"B+R", GI_OK, "B+R"},
    {"W+R", GI_OK, "W+R"},
    {"B+Resign", GI_OK, "B+Resign"},
    {"W+Resign", GI_OK, "W+Resign"},
    {"B+T", GI_OK, "B+T"},
    {"W+Time", GI_OK, "W+Time"},
    {"B+F", GI_OK, "B+F"},
    {"W+Forfeit", GI_OK, "W+Forfeit"},
    {"B+0.5", GI_OK, "B+0.5"},
    {"W+0.5", GI_OK, "W+0.5"},
    {"W+64", GI_OK, "W+64"},
    {"B+12.5", GI_OK, "B+12.5"},
    {"B+0", GI_OK, "B+0"},
    {" B+R  ", GI_OK, "B+R"},
    /* valid, silently canonical */
    {"W+12.50", GI_OK, "W+12.5"},
    {"B+3.0", GI_OK, "B+3"},
    {"B+00.50", GI_OK, "B+0.5"},
    {"W+007", GI_OK, "W+7"},
    /* case */
    {"b+5", GI_FIXED, "B+5"},
    {"W+r", GI_FIXED, "W+R"},
    {"w+R", GI_FIXED, "W+R"},
    {"b+", GI_FIXED, "B+"},
    {"B+resign", GI_FIXED, "B+R"},
    {"B+RESIGN", GI_FIXED, "B+R"},
    {"B+Res", GI_FIXED, "B+R"},
    {"W+resigned", GI_FIXED, "W+R"},
    {"B+time", GI_FIXED, "B+T"},
    {"W+t", GI_FIXED, "W+T"},
    {"B+forfeit", GI_FIXED, "B+F"},
    {"W+R.", GI_FIXED, "W+R"},
    /* draw, void, unknown */
    {"draw", GI_FIXED, "Draw"},
    {"DRAW", GI_FIXED, "Draw"},
    {"jigo", GI_FIXED, "Draw"},
    {"Jigo", GI_FIXED, "Draw"},
    {"Draw.", GI_FIXED, "Draw"},
    {"void", GI_FIXED, "Void"},
    {"No result", GI_FIXED, "Void"},
    {"unknown", GI_FIXED, "?"},
    /* the score */
    {"B+3,5", GI_FIXED, "B+3.5"},
    {"B+.5", GI_FIXED, "B+0.5"},
    {"B+5.", GI_FIXED, "B+5"},
    {"B+5 1/2", GI_FIXED, "B+5.5"},
    {"B+1/2", GI_FIXED, "B+0.5"},
    {"W+3/4", GI_FIXED, "W+0.75"},
    {"B+\xc2\xbd", GI_FIXED, "B+0.5"},
    {"B+5\xc2\xbd", GI_FIXED, "B+5.5"},
    {"W+2 \xc2\xbc", GI_FIXED, "W+2.25"},
    {"B+3.5 points", GI_FIXED, "B+3.5"},
    {"W+0.5pt", GI_FIXED, "W+0.5"},
    {"W++1.0", GI_FIXED, "W+1"},
    {"B+-3", GI_FIXED, "B+3"},
    {"B + 3.5", GI_FIXED, "B+3.5"},
    {"W + R", GI_FIXED, "W+R"},
    {"B+ 2", GI_FIXED, "B+2"},
    /* colours of other languages */
    {"Zwart+3", GI_FIXED, "B+3"},
    {"Wit+R", GI_FIXED, "W+R"},
    {"zwart wint", GI_FIXED, "B+"},
    {"Wei\xc3\x9f gewinnt", GI_FIXED, "W+"},
    {"Black+R", GI_FIXED, "B+R"},
    /* English sentences */
    {"White wins by resignation", GI_FIXED, "W+R"},
    {"Black wins by resignation.", GI_FIXED, "B+R"},
    {"black resigns", GI_FIXED, "W+R"},
    {"White resigned", GI_FIXED, "B+R"},
    {"Black won by 3 points", GI_FIXED, "B+3"},
    {"black wins", GI_FIXED, "B+"},
    {"Black wins", GI_FIXED, "B+"},
    {"White wins on time", GI_FIXED, "W+T"},
    {"white won by time", GI_FIXED, "W+T"},
    {"W wins by 2.5", GI_FIXED, "W+2.5"},
    {"B wins 6.5", GI_FIXED, "B+6.5"},
    {"White wins by half a point", GI_FIXED, "W+0.5"},
    {"Black wins by three points", GI_FIXED, "B+3"},
    {"Black wins by five and a half points", GI_FIXED, "B+5.5"},
    {"White wins by 0,5 pts", GI_FIXED, "W+0.5"},
    {"Black lost on time", GI_FIXED, "W+T"},
    {"White loses by 3.5", GI_FIXED, "B+3.5"},
    {"Black lost by resignation", GI_FIXED, "W+R"},
    {"White forfeits", GI_FIXED, "B+F"},
    {"Black wins by forfeit", GI_FIXED, "B+F"},
    {"Black timed out", GI_FIXED, "W+T"},
    {"White times out", GI_FIXED, "B+T"},
    {"Black ran out of time", GI_FIXED, "W+T"},
    {"Black wins by time forfeit", GI_FIXED, "B+T"},
    {"White wins by time over", GI_FIXED, "W+T"},
    /* reasons in words after "B+" */
    {"W+Time Over", GI_FIXED, "W+T"},
    {"w+time over", GI_FIXED, "W+T"},
    {"B+TIME OVER", GI_FIXED, "B+T"},
    {"W+Timeover", GI_FIXED, "W+T"},
    {"B+Time out", GI_FIXED, "B+T"},
    {"B+Time-out", GI_FIXED, "B+T"},
    {"B+on time", GI_FIXED, "B+T"},
    {"W+R!", GI_FIXED, "W+R"},
    /* several sentences that say one result */
    {"Black resigns. White wins.", GI_FIXED, "W+R"},
    {"Black Resigns. White Wins!", GI_FIXED, "W+R"},
    {"White resigns. Black wins", GI_FIXED, "B+R"},
    {"White wins. Black resigns.", GI_FIXED, "W+R"},
    {"White resigns, Black wins by resignation.", GI_FIXED, "B+R"},
    {"Black wins by 3.5 points. White resigns", GI_BAD, ""},
    {"B+R. B+R.", GI_FIXED, "B+R"},
    {"Black wins. Black wins by 2.5", GI_FIXED, "B+2.5"},
    /* not repairable */
    {"", GI_BAD, ""},
    {"  ", GI_BAD, ""},
    {"0.5", GI_BAD, ""},
    {"1", GI_BAD, ""},
    {"00", GI_BAD, ""},
    {"he won", GI_BAD, ""},
    {"B 3.5", GI_BAD, ""},
    {"B3.5", GI_BAD, ""},
    {"B-3", GI_BAD, ""},
    {"B+R (time)", GI_BAD, ""},
    {"B+3.5.5", GI_BAD, ""},
    {"B+1/3", GI_BAD, ""},
    {"B+3/2", GI_BAD, ""},
    {"B+Resignation by White", GI_BAD, ""},
    {"Black wins by", GI_BAD, ""},
    {"Black wins the game", GI_BAD, ""},
    {"Black", GI_BAD, ""},
    {"Blackwins", GI_BAD, ""},
    {"Draw by agreement", GI_BAD, ""},
    {"X+3", GI_BAD, ""},
    {"+3", GI_BAD, ""},
    {"W+T.O.", GI_BAD, ""},
    {"W+Resign (time)", GI_BAD, ""},
    {"W+Time Overdue", GI_BAD, ""},
    {"Black resigns. Black wins.", GI_BAD, ""},
    {"Black resigns. W 133.5 B 81.0", GI_BAD, ""},
    {"Black resigns. White wins by 3.5", GI_BAD, ""},
    {"Black resigns White wins", GI_BAD, ""},
    {"Black resigns; White wins on time", GI_BAD, ""},
    {"White wins by 2.5. White wins by 2.5", GI_BAD, ""},
    {"B+R, W+R", GI_BAD, ""},
    {"Jigo. Draw.", GI_BAD, ""},
    {"Black resigns. Game over.", GI_BAD, ""},
};

START_TEST(test_result_rows) {
    run_rows("RE", sgft__gi_result, result_rows, ROWS(result_rows));
}
END_TEST

/* --- KM (SGF-FF4.md 4.3, 7.3, 7.5; vector 36) ------------------------- */

static const gi_row komi_rows[] = {
    /* valid Reals, in canonical form */
    {"6.5", GI_OK, "6.5"},
    {"0", GI_OK, "0"},
    {"0.5", GI_OK, "0.5"},
    {"-10", GI_OK, "-10"},
    {"-3", GI_OK, "-3"},
    {"7", GI_OK, "7"},
    {"375", GI_OK, "375"},
    {"-0.5", GI_OK, "-0.5"},
    {" 6.5\t", GI_OK, "6.5"},
    /* valid Reals, silently canonical */
    {"6.50", GI_OK, "6.5"},
    {"+7", GI_OK, "7"},
    {"+0.5", GI_OK, "0.5"},
    {"0.50", GI_OK, "0.5"},
    {"-0", GI_OK, "0"},
    {"-0.00", GI_OK, "0"},
    {"+0", GI_OK, "0"},
    {"007", GI_OK, "7"},
    {"00.0", GI_OK, "0"},
    {"5.0", GI_OK, "5"},
    {"-07.250", GI_OK, "-7.25"},
    /* repairs */
    {"5,5", GI_FIXED, "5.5"},
    {"6,5", GI_FIXED, "6.5"},
    {"-5,5", GI_FIXED, "-5.5"},
    {".5", GI_FIXED, "0.5"},
    {"-.5", GI_FIXED, "-0.5"},
    {"+.5", GI_FIXED, "0.5"},
    {",5", GI_FIXED, "0.5"},
    {"5.", GI_FIXED, "5"},
    {"-0.", GI_FIXED, "0"},
    {"5 1/2", GI_FIXED, "5.5"},
    {"5 3/4", GI_FIXED, "5.75"},
    {"1/2", GI_FIXED, "0.5"},
    {"-1/2", GI_FIXED, "-0.5"},
    {"5\xc2\xbd", GI_FIXED, "5.5"},
    {"\xc2\xbd", GI_FIXED, "0.5"},
    {"half", GI_FIXED, "0.5"},
    {"Half", GI_FIXED, "0.5"},
    {"a half", GI_FIXED, "0.5"},
    {"half a point", GI_FIXED, "0.5"},
    {"five", GI_FIXED, "5"},
    {"five and a half", GI_FIXED, "5.5"},
    {"Six and a half points", GI_FIXED, "6.5"},
    {"zero", GI_FIXED, "0"},
    {"twenty", GI_FIXED, "20"},
    {"5 and a half", GI_FIXED, "5.5"},
    {"none", GI_FIXED, "0"},
    {"None", GI_FIXED, "0"},
    {"no komi", GI_FIXED, "0"},
    {"no", GI_FIXED, "0"},
    {"7.5 points", GI_FIXED, "7.5"},
    {"6.5 pts", GI_FIXED, "6.5"},
    {"6.5pts", GI_FIXED, "6.5"},
    {"1 point", GI_FIXED, "1"},
    {"5.5 moku", GI_FIXED, "5.5"},
    {"komi 6.5", GI_FIXED, "6.5"},
    {"Komi: 6,5", GI_FIXED, "6.5"},
    {"6.5 komi", GI_FIXED, "6.5"},
    /* not repairable */
    {"", GI_BAD, ""},
    {"   ", GI_BAD, ""},
    {"abc", GI_BAD, ""},
    {".", GI_BAD, ""},
    {"-", GI_BAD, ""},
    {"+", GI_BAD, ""},
    {"1e3", GI_BAD, ""},
    {"6.5.", GI_BAD, ""},
    {"6 5", GI_BAD, ""},
    {"- 5", GI_BAD, ""},
    {"3/2", GI_BAD, ""},
    {"1/3", GI_BAD, ""},
    {"0/2", GI_BAD, ""},
    {"5 1/3", GI_BAD, ""},
    {"twentyone", GI_BAD, ""},
    {"none at all", GI_BAD, ""},
    {"6.5 points each", GI_BAD, ""},
    {"5,5,5", GI_BAD, ""},
};

START_TEST(test_komi_rows) {
    run_rows("KM", sgft__gi_komi, komi_rows, ROWS(komi_rows));
}
END_TEST

/* --- TM (SGF-FF4.md 7.3, 7.5) ----------------------------------------- */

static const gi_row time_rows[] = {
    /* valid Reals, in canonical form */
    {"600", GI_OK, "600"},
    {"3600", GI_OK, "3600"},
    {"5400.5", GI_OK, "5400.5"},
    {"0", GI_OK, "0"},
    {" 600 ", GI_OK, "600"},
    {"600.50", GI_OK, "600.5"},
    {"600.0", GI_OK, "600"},
    {"+600", GI_OK, "600"},
    {"0600", GI_OK, "600"},
    {"-0", GI_OK, "0"},
    /* units */
    {"5 min", GI_FIXED, "300"},
    {"5m", GI_FIXED, "300"},
    {"90m", GI_FIXED, "5400"},
    {"90 minutes", GI_FIXED, "5400"},
    {"1 minute", GI_FIXED, "60"},
    {"1h", GI_FIXED, "3600"},
    {"1 hr", GI_FIXED, "3600"},
    {"2 hours", GI_FIXED, "7200"},
    {"2 Hours", GI_FIXED, "7200"},
    {"1.5 hours", GI_FIXED, "5400"},
    {"1,5 h", GI_FIXED, "5400"},
    {"0.25 hours", GI_FIXED, "900"},
    {"1.5 min", GI_FIXED, "90"},
    {"0.01 min", GI_FIXED, "0.6"},
    {"30 sec", GI_FIXED, "30"},
    {"30 seconds", GI_FIXED, "30"},
    {"600s", GI_FIXED, "600"},
    {"600 s", GI_FIXED, "600"},
    {"0.5 s", GI_FIXED, "0.5"},
    {"5 min.", GI_FIXED, "300"},
    {"1 hour 30 min", GI_FIXED, "5400"},
    {"1h30m", GI_FIXED, "5400"},
    {"1h 30m", GI_FIXED, "5400"},
    {"1 hour and 30 minutes", GI_FIXED, "5400"},
    {"1 hour, 30 minutes", GI_FIXED, "5400"},
    {"2h15m30s", GI_FIXED, "8130"},
    {"1h30", GI_FIXED, "5400"},
    {"5m30", GI_FIXED, "330"},
    {"1 hour 30", GI_FIXED, "5400"},
    {"one hour", GI_FIXED, "3600"},
    {"an hour", GI_FIXED, "3600"},
    {"half an hour", GI_FIXED, "1800"},
    {"ten minutes", GI_FIXED, "600"},
    {"1 and a half hours", GI_FIXED, "5400"},
    {"2 hours each", GI_FIXED, "7200"},
    {"10 minutes per player", GI_FIXED, "600"},
    {"30 sec each", GI_FIXED, "30"},
    {"5 Minuten", GI_FIXED, "300"},
    {"2 uur", GI_FIXED, "7200"},
    {"none", GI_FIXED, "0"},
    /* Real repairs of a number of seconds */
    {"5,5", GI_FIXED, "5.5"},
    {".5", GI_FIXED, "0.5"},
    {"600.", GI_FIXED, "600"},
    {"0.0000001 s", GI_FIXED, "0.0000001"},
    {"12345678901 s", GI_FIXED, "12345678901"},
    {"999999999 hours", GI_FIXED, "3599999996400"},
    /* overtime, clocks and the rest: kept */
    {"", GI_BAD, ""},
    {" ", GI_BAD, ""},
    {"-5", GI_BAD, ""},
    {"-0.5", GI_BAD, ""},
    {"1:00:00", GI_BAD, ""},
    {"90:00", GI_BAD, ""},
    {"30+10", GI_BAD, ""},
    {"60/5", GI_BAD, ""},
    {"1h;30m", GI_BAD, ""},
    {"5 min + 30 sec", GI_BAD, ""},
    {"1 1/2 hours", GI_BAD, ""},
    {"5 min 5 min", GI_BAD, ""},
    {"30m 1h", GI_BAD, ""},
    {"30s 5", GI_BAD, ""},
    {"1h 30 5", GI_BAD, ""},
    {"5 5", GI_BAD, ""},
    {"a", GI_BAD, ""},
    {"an", GI_BAD, ""},
    {"abc", GI_BAD, ""},
    {"5 days", GI_BAD, ""},
    {"5 min sudden death", GI_BAD, ""},
    {"each", GI_BAD, ""},
    {"none left", GI_BAD, ""},
    {"unlimited", GI_BAD, ""},
    {"1000000000 hours", GI_BAD, ""},
    {"1 min 0.0000001 s", GI_BAD, ""},
};

START_TEST(test_time_rows) {
    run_rows("TM", sgft__gi_time, time_rows, ROWS(time_rows));
}
END_TEST

/* --- HA (SGF-FF4.md 4.3, 7.3, 7.5) ------------------------------------ */

static const gi_row handicap_rows[] = {
    /* valid Numbers, in canonical form */
    {"2", GI_OK, "2"},
    {"9", GI_OK, "9"},
    {"0", GI_OK, "0"},
    {"1", GI_OK, "1"},
    {"25", GI_OK, "25"},
    {" 4 ", GI_OK, "4"},
    /* valid Numbers, silently canonical */
    {"+3", GI_OK, "3"},
    {"03", GI_OK, "3"},
    {"+009", GI_OK, "9"},
    {"00", GI_OK, "0"},
    {"-0", GI_OK, "0"},
    {"+0", GI_OK, "0"},
    /* repairs */
    {"9 stones", GI_FIXED, "9"},
    {"9stones", GI_FIXED, "9"},
    {"1 stone", GI_FIXED, "1"},
    {"4 Stones", GI_FIXED, "4"},
    {"+9 stones", GI_FIXED, "9"},
    {"09 stones", GI_FIXED, "9"},
    {"9.0", GI_FIXED, "9"},
    {"9.00 stones", GI_FIXED, "9"},
    {"three", GI_FIXED, "3"},
    {"Three", GI_FIXED, "3"},
    {"three stones", GI_FIXED, "3"},
    {"two", GI_FIXED, "2"},
    {"nine", GI_FIXED, "9"},
    {"twenty", GI_FIXED, "20"},
    {"zero", GI_FIXED, "0"},
    {"none", GI_FIXED, "0"},
    {"None", GI_FIXED, "0"},
    {"no", GI_FIXED, "0"},
    {"no handicap", GI_FIXED, "0"},
    {"no stones", GI_FIXED, "0"},
    {"5 stenen", GI_FIXED, "5"},
    /* not repairable */
    {"", GI_BAD, ""},
    {"  ", GI_BAD, ""},
    {"-3", GI_BAD, ""},
    {"-1", GI_BAD, ""},
    {"-3 stones", GI_BAD, ""},
    {"-", GI_BAD, ""},
    {"+", GI_BAD, ""},
    {"+three", GI_BAD, ""},
    {"9.5", GI_BAD, ""},
    {"9.", GI_BAD, ""},
    {".5", GI_BAD, ""},
    {"2,5", GI_BAD, ""},
    {"3x", GI_BAD, ""},
    {"3 4", GI_BAD, ""},
    {"abc", GI_BAD, ""},
    {"twentyone", GI_BAD, ""},
    {"three and a half", GI_BAD, ""},
    {"stones", GI_BAD, ""},
    {"none at all", GI_BAD, ""},
    {"99999999999999999999", GI_BAD, ""},
    {"99999999999999999999 stones", GI_BAD, ""},
};

START_TEST(test_handicap_rows) {
    run_rows("HA", sgft__gi_handicap, handicap_rows, ROWS(handicap_rows));
}
END_TEST

/* --- the edges of the input and of the output buffer ------------------- */

/* Only s[0..len) is read: the bytes after it would change the result. */
START_TEST(test_length_bounds) {
    expect_gi("KM", sgft__gi_komi, "6.5 points", 3, GI_OK, "6.5");
    expect_gi("KM", sgft__gi_komi, "6.5", 2, GI_FIXED, "6");
    expect_gi("HA", sgft__gi_handicap, "9 stones", 1, GI_OK, "9");
    expect_gi("TM", sgft__gi_time, "5 min", 3, GI_FIXED, "300");
    expect_gi("TM", sgft__gi_time, "5 min", 1, GI_OK, "5");
    expect_gi("RE", sgft__gi_result, "B+Resign", 3, GI_OK, "B+R");
    expect_gi("RE", sgft__gi_result, "W+0.5", 2, GI_OK, "W+");
    expect_gi("RE", sgft__gi_result, "B+3\xc2\xbd", 3, GI_OK, "B+3");
    expect_gi("RE", sgft__gi_result, "B+3\xc2\xbd", 4, GI_BAD, "");
    expect_gi("DT", sgft__gi_date, "1997-03-05,06", 10, GI_OK, "1997-03-05");
    expect_gi("DT", sgft__gi_date, "1997-03-05", 7, GI_OK, "1997-03");
    expect_gi("DT", sgft__gi_date, "March 1997", 5, GI_BAD, "");
    expect_gi("DT", sgft__gi_date, "", 0, GI_BAD, "");
}
END_TEST

/* The output is appended; GI_BAD leaves the buffer as it was. */
START_TEST(test_appends) {
    static const gi_fn fns[] = {sgft__gi_date, sgft__gi_result, sgft__gi_komi,
                                sgft__gi_time, sgft__gi_handicap};
    static const char *const good[] = {"97", "b+5", "6,5", "5 min", "3"};
    static const char *const want[] = {"x:1997", "x:B+5", "x:6.5", "x:300",
                                       "x:3"};
    for (size_t i = 0; i < ROWS(fns); i++) {
        buf out;
        sgft__buf_init(&out);
        sgft__buf_puts(&out, "x:");
        ck_assert_int_ne(fns[i](good[i], strlen(good[i]), &out), GI_BAD);
        ck_assert_str_eq(out.data, want[i]);
        ck_assert_int_eq(fns[i]("zz zz", 5, &out), GI_BAD);
        ck_assert_str_eq(out.data, want[i]);
        ck_assert_uint_eq(out.len, strlen(want[i]));
        sgft__buf_free(&out);
    }
}
END_TEST

/* A malloc'd string: head, n copies of mid, tail. */
static char *make_long(const char *head, const char *mid, size_t n,
                       const char *tail) {
    char *m = str_repeat(mid, n);
    size_t hl = strlen(head), ml = strlen(m), tl = strlen(tail);
    char *s = malloc(hl + ml + tl + 1);
    ck_assert_msg(s != NULL, "out of memory in the test");
    memcpy(s, head, hl);
    memcpy(s + hl, m, ml);
    memcpy(s + hl + ml, tail, tl + 1);
    free(m);
    return s;
}

static void expect_long(const char *name, gi_fn fn, char *in, gi_result res,
                        char *want) {
    expect_gi(name, fn, in, strlen(in), res, want);
    free(in);
    free(want);
}

/* Very long values: kept textually where they are valid, refused where
 * arithmetic or a long would overflow; never a crash. */
START_TEST(test_long_values) {
    size_t n = 100000;
    expect_long("KM", sgft__gi_komi, make_long("", "0", n, "6.5000"), GI_OK,
                make_long("", "6.5", 1, ""));
    expect_long("KM", sgft__gi_komi, make_long("-", "9", n, ".50"), GI_OK,
                make_long("-", "9", n, ".5"));
    expect_long("KM", sgft__gi_komi, make_long("1", "0", n, ",5 points"),
                GI_FIXED, make_long("1", "0", n, ".5"));
    expect_long("KM", sgft__gi_komi, make_long("", "x", n, ""), GI_BAD,
                make_long("", "", 1, ""));
    expect_long("TM", sgft__gi_time, make_long("", "9", n, ""), GI_OK,
                make_long("", "9", n, ""));
    expect_long("TM", sgft__gi_time, make_long("", "9", n, " min"), GI_BAD,
                make_long("", "", 1, ""));
    expect_long("TM", sgft__gi_time, make_long("", "9", n, " s"), GI_FIXED,
                make_long("", "9", n, ""));
    expect_long("TM", sgft__gi_time, make_long("1 h", " ", n, "30 min"),
                GI_FIXED, make_long("5400", "", 1, ""));
    expect_long("HA", sgft__gi_handicap, make_long("", "0", n, "7"), GI_OK,
                make_long("7", "", 1, ""));
    expect_long("HA", sgft__gi_handicap, make_long("", "9", n, ""), GI_BAD,
                make_long("", "", 1, ""));
    expect_long("RE", sgft__gi_result, make_long("B+", "1", n, ".50"),
                GI_OK, make_long("B+", "1", n, ".5"));
    expect_long("RE", sgft__gi_result, make_long("B+", "+", n, "3"),
                GI_FIXED, make_long("B+3", "", 1, ""));
    expect_long("DT", sgft__gi_date, make_long("2003-01-01", ",01", n, ""),
                GI_OK, make_long("2003-01-01", ",01", n, ""));
    expect_long("DT", sgft__gi_date, make_long("2003-01-01", " 01", n, ""),
                GI_BAD, make_long("", "", 1, ""));
    expect_long("DT", sgft__gi_date, make_long("", "5 and ", n, "5 May 1997"),
                GI_BAD, make_long("", "", 1, ""));
    expect_long("DT", sgft__gi_date, make_long("", "1", n, ""), GI_BAD,
                make_long("", "", 1, ""));
}
END_TEST

/* HA accepts exactly the numbers that fit in a long. */
START_TEST(test_handicap_long_range) {
    char max[32], over[32], pad[40];
    snprintf(max, sizeof max, "%ld", LONG_MAX);
    snprintf(over, sizeof over, "%lu", (unsigned long)LONG_MAX + 1);
    snprintf(pad, sizeof pad, "+000%ld", LONG_MAX);
    expect_gi("HA", sgft__gi_handicap, max, strlen(max), GI_OK, max);
    expect_gi("HA", sgft__gi_handicap, pad, strlen(pad), GI_OK, max);
    expect_gi("HA", sgft__gi_handicap, over, strlen(over), GI_BAD, "");
}
END_TEST

static void expect_date(const char *in, gi_result res, const char *want) {
    expect_gi("DT", sgft__gi_date, in, strlen(in), res, want);
}

/* Ranges expand to at most 64 dates. */
START_TEST(test_date_range_limit) {
    expect_date("1 Jan - 31 Jan 1997", GI_FIXED,
              "1997-01-01,02,03,04,05,06,07,08,09,10,11,12,13,14,15,16,17,"
              "18,19,20,21,22,23,24,25,26,27,28,29,30,31");
    expect_date("1 Jan - 5 Mar 1997", GI_FIXED,
              "1997-01-01,02,03,04,05,06,07,08,09,10,11,12,13,14,15,16,17,"
              "18,19,20,21,22,23,24,25,26,27,28,29,30,31,02-01,02,03,04,05,"
              "06,07,08,09,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,"
              "26,27,28,03-01,02,03,04,05");
    expect_date("1 Jan - 6 Mar 1997", GI_BAD, "");
    expect_date("1900-2000", GI_BAD, "");
}
END_TEST

Suite *gameinfo_suite(void) {
    Suite *s = suite_create("gameinfo");
    TCase *tc = tcase_create("tables");
    tcase_add_test(tc, test_date_rows);
    tcase_add_test(tc, test_result_rows);
    tcase_add_test(tc, test_komi_rows);
    tcase_add_test(tc, test_time_rows);
    tcase_add_test(tc, test_handicap_rows);
    suite_add_tcase(s, tc);
    tc = tcase_create("edges");
    tcase_add_test(tc, test_length_bounds);
    tcase_add_test(tc, test_appends);
    tcase_add_test(tc, test_long_values);
    tcase_add_test(tc, test_handicap_long_range);
    tcase_add_test(tc, test_date_range_limit);
    suite_add_tcase(s, tc);
    return s;
}
