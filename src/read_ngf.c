/* read_ngf.c - the reader of NGF records (foreign.h), the game records of
 * WBaduk and Cyberoro (ORO).
 *
 * An NGF record has no keys: twelve header lines whose meaning is their
 * place, then one line per move.
 *
 *    1  the game's name ("Rated game", "Oro2000 Promotional Match")
 *    2  the board size
 *    3  White's name and rank ("LQC         9DP")
 *    4  Black's name and rank
 *    5  the site ("www.cyberoro.com")
 *    6  the handicap
 *    7  a number whose meaning is not known (0 in every record seen)
 *    8  the komi, a whole number: the half point is implied in an even
 *       game
 *    9  the date and time ("20170316 [09:37]")
 *   10  a number whose meaning is not known (perhaps a time setting)
 *   11  the result, in words ("White wins by  resign!", "흑 불계승")
 *   12  the number of moves
 *
 * A move line is "PM", the move's number in two letters (AB is the
 * first), the colour, and the point in four letters x y y x, where B is
 * the first line (A A is a pass).  The handicap stones are not in the
 * record: they stand on the fixed points, White moving first.
 *
 * An older variant prefixes its header lines with "GI"; of its eleven
 * lines only the board size (the seventh) and the number of moves (the
 * eleventh) are certain, and the others are kept in GC as they are.
 *
 * What no SGF property holds is kept in the root's GC, one "label: value"
 * line each.  The record has no charset of its own: it is decoded as any
 * input without a CA is.  Nothing recurses, and no line length is
 * bounded. */
#include "foreign.h"

#include <stdio.h>
#include <string.h>

#define NGF_LINES 12 /* the header of an NGF record */
#define GI_LINES 11  /* the header of the GI variant */

/* A line of the record: its offset in s and its bytes, without the line
 * break and the white space around them. */
typedef struct line {
    size_t at;
    const char *s;
    size_t n;
} line;

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static void trim_line(line *l) {
    while (l->n && is_blank(*l->s)) {
        l->s++;
        l->n--;
    }
    while (l->n && is_blank(l->s[l->n - 1]))
        l->n--;
}

/* The line of s[0..len) that starts at *at, trimmed; false at the end. */
static bool next_line(const char *s, size_t len, size_t *at, line *l) {
    if (*at >= len)
        return false;
    const char *p = s + *at;
    const char *nl = memchr(p, '\n', len - *at);
    size_t n = nl ? (size_t)(nl - p) : len - *at;
    l->at = *at;
    l->s = p;
    l->n = n;
    *at += n + (nl ? 1 : 0);
    trim_line(l);
    l->at = (size_t)(l->s - s);
    return true;
}

static bool starts(const line *l, const char *w) {
    size_t n = strlen(w);
    return l->n >= n && memcmp(l->s, w, n) == 0;
}

/* A whole number, at most 9 digits, with an optional sign. */
static bool whole(const char *s, size_t n, long *v) {
    size_t i = 0;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    if (i == n || n - i > 9)
        return false;
    long r = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        r = r * 10 + (s[i] - '0');
    }
    *v = neg ? -r : r;
    return true;
}

/* A number with an optional fraction ("6", "6.5", "-3"). */
static bool number(const char *s, size_t n) {
    long v;
    const char *dot = memchr(s, '.', n);
    if (!dot)
        return whole(s, n, &v);
    size_t k = (size_t)(dot - s);
    return k && whole(s, k, &v) && n - k > 1 &&
           whole(dot + 1, n - k - 1, &v) && dot[1] != '-' && dot[1] != '+';
}

/* A move line: "PM", two letters, B or W, four letters. */
static bool move_shape(const line *l) {
    if (l->n != 9 || !starts(l, "PM") || (l->s[4] != 'B' && l->s[4] != 'W'))
        return false;
    for (size_t i = 2; i < 9; i++)
        if (i != 4 && (l->s[i] < 'A' || l->s[i] > 'Z'))
            return false;
    return true;
}

/* --- the shape of a record ---------------------------------------------- */

typedef enum shape { SH_NONE, SH_NGF, SH_GI } shape;

/* Whether s[0..len) begins as an NGF record: a number for the board size
 * on line 2, numbers on lines 6, 7 and 8 (handicap, the unknown field,
 * komi), and, where the text goes on, on lines 10 and 12 (or nothing
 * there), then a move line or nothing.  Or the GI variant: lines that all begin with "GI"
 * (at least three) up to the first move line.  The first 8 lines must be
 * there, and none may hold a NUL: a text that merely has numbers on a
 * few lines is not taken for a record. */
static shape shape_from(const char *s, size_t len, int first) {
    size_t at = 0;
    line l;
    if (len >= 2 && s[0] == 'G' && s[1] == 'I') {
        int n = 0;
        while (next_line(s, len, &at, &l)) {
            if (memchr(l.s, '\0', l.n))
                return SH_NONE;
            if (starts(&l, "GI")) {
                n++;
                continue;
            }
            if (l.n == 0 && at >= len)
                break;
            return n >= 3 && move_shape(&l) ? SH_GI : SH_NONE;
        }
        return n >= 3 ? SH_GI : SH_NONE;
    }
    int i = first - 1;
    while (i < NGF_LINES + 1 && next_line(s, len, &at, &l)) {
        i++;
        if (memchr(l.s, '\0', l.n))
            return SH_NONE;
        long v;
        switch (i) {
        case 2:
            if (!whole(l.s, l.n, &v) || v < 2 || v > 52 ||
                (l.n && (l.s[0] == '-' || l.s[0] == '+')))
                return SH_NONE;
            break;
        case 6:
        case 7:
            if (!whole(l.s, l.n, &v))
                return SH_NONE;
            break;
        case 10:
        case 12:
            if (l.n && !whole(l.s, l.n, &v))
                return SH_NONE;
            break;
        case 8:
            if (!number(l.s, l.n))
                return SH_NONE;
            break;
        case 13:
            if (l.n && !move_shape(&l))
                return SH_NONE;
            break;
        default:
            break;
        }
    }
    return i >= 8 ? SH_NGF : SH_NONE;
}

/* The head the parser hands over begins past any white space: an empty
 * first line (a record with no name) is gone from it, and the head is
 * tried as beginning at line 2 too. */
bool sgft__is_ngf(const char *head, size_t len) {
    return shape_from(head, len, 1) != SH_NONE ||
           (len && head[0] != 'G' && shape_from(head, len, 2) == SH_NGF);
}

/* --- the reader --------------------------------------------------------- */

typedef struct ngf {
    foreign *f;
    buf gc;   /* the root's GC */
    buf tmp;  /* a value being made */
    int size; /* of the board */
    long handicap;
    long moves_said; /* the header's number of moves, or -1 */
    bool gi;         /* the GI variant */
} ngf;

/* Keeps label: text in GC, with message code (146, 147 or 148) at at. */
static void keep(ngf *g, msg_id code, size_t at, const char *what,
                 const char *label, const char *text, size_t n) {
    if (g->gc.len)
        sgft__buf_putc(&g->gc, '\n');
    sgft__buf_puts(&g->gc, label);
    sgft__buf_puts(&g->gc, ": ");
    sgft__buf_put(&g->gc, text, n);
    /* a value_len of 0 means a NUL-ended value: an empty one is "" */
    report r = {.detail = what, .prop = "GC", .value = n ? text : "",
                .value_len = n};
    sgft__fr_report(g->f, code, at, &r);
}

static int prop_line(ngf *g, const char *id, const line *l) {
    return sgft__fr_prop_text(g->f, l->at, id, l->s, l->n);
}

/* --- players and ranks -- */

/* A rank as NGF writes it, in the FF[4] form: "9DP" or "5段P" 9p, "7D*"
 * 7d* (the server's mark of an established rank, which FF[4] allows, as
 * '?' for an uncertain one), "10K" 10k, "初段" 1d; the Korean and
 * Japanese units 단 급 段 級 级 too.  False if it is none of these. */
static bool ngf_rank(const char *s, size_t n, buf *out) {
    size_t i = 0;
    long v = 0;
    if (n >= 3 && (memcmp(s, "初", 3) == 0 || memcmp(s, "초", 3) == 0)) {
        v = 1;
        i = 3;
        if (!(n - i >= 3 &&
              (memcmp(s + i, "段", 3) == 0 || memcmp(s + i, "단", 3) == 0)))
            return false;
    } else {
        while (i < n && i < 2 && s[i] >= '0' && s[i] <= '9')
            v = v * 10 + (s[i++] - '0');
        if (!i || v < 1)
            return false;
    }
    char unit;
    static const struct {
        char text[4];
        char unit;
    } units[] = {{"D", 'd'},   {"d", 'd'},   {"K", 'k'},   {"k", 'k'},
                 {"段", 'd'}, {"단", 'd'}, {"級", 'k'}, {"级", 'k'},
                 {"급", 'k'}};
    size_t u = 0;
    for (; u < sizeof units / sizeof *units; u++) {
        size_t k = strlen(units[u].text);
        if (n - i >= k && memcmp(s + i, units[u].text, k) == 0) {
            i += k;
            break;
        }
    }
    if (u == sizeof units / sizeof *units)
        return false;
    unit = units[u].unit;
    bool pro = false;
    if (i < n && (s[i] == 'P' || s[i] == 'p') && unit == 'd') {
        pro = true;
        i++;
    }
    char mark = 0;
    if (i < n && (s[i] == '*' || s[i] == '?'))
        mark = s[i++];
    if (i != n || (unit == 'k' && v > 30) || v > 30)
        return false;
    char t[8];
    int k = snprintf(t, sizeof t, "%ld%c", v, pro ? 'p' : unit);
    sgft__buf_put(out, t, (size_t)k);
    if (mark && !pro)
        sgft__buf_putc(out, mark);
    return true;
}

/* Line 3 or 4: the name, then the rank as the last word. */
static int player(ngf *g, const line *l, const char *pid, const char *rid,
                  const char *what) {
    foreign *f = g->f;
    if (!l->n)
        return 0;
    size_t end = l->n;
    while (end && !is_blank(l->s[end - 1]))
        end--;
    if (!end) /* one word: a name */
        return prop_line(g, pid, l);
    size_t name_n = end;
    while (name_n && is_blank(l->s[name_n - 1]))
        name_n--;
    const char *rank = l->s + end;
    size_t rank_n = l->n - end;
    int st = sgft__fr_prop_text(f, l->at, pid, l->s, name_n);
    if (st)
        return st;
    sgft__buf_clear(&g->tmp);
    if (ngf_rank(rank, rank_n, &g->tmp) ||
        sgft__gi_rank(rank, rank_n, &g->tmp) == GI_WORDS)
        return sgft__fr_prop_text(f, l->at + end, rid, g->tmp.data,
                                  g->tmp.len);
    report r = {.detail = what, .prop = rid, .value = rank,
                .value_len = rank_n};
    sgft__fr_report(f, M_FOREIGN_BAD_VALUE, l->at + end, &r);
    return sgft__fr_prop_text(f, l->at + end, rid, rank, rank_n);
}

/* --- handicap and komi -- */

/* The fixed points of the handicap stones: 2 top right and bottom left,
 * 3 the top left too, 4 the four corners, 5 and up the sides and the
 * centre on an odd board.  At least 7 lines (the stones on the third
 * line below 13, on the fourth from 13). */
static int handicap_stones(ngf *g, size_t at) {
    int sz = g->size;
    long h = g->handicap;
    if (sz < 7 || (h > 4 && sz % 2 == 0)) {
        char what[96];
        snprintf(what, sizeof what,
                 "NGF line 6 (the handicap: %ld stones have no fixed points "
                 "on a board of %d)", h, sz);
        report r = {.detail = what, .prop = "HA", .value = ""};
        char v[8];
        snprintf(v, sizeof v, "%ld", h);
        r.value = v;
        sgft__fr_report(g->f, M_FOREIGN_BAD_VALUE, at, &r);
        return 0;
    }
    return sgft__fr_handicap(g->f, at, (int)h, sz);
}

static int handicap(ngf *g, const line *l) {
    long h;
    if (!whole(l->s, l->n, &h) || h < 0 || h > 9) {
        g->handicap = 0;
        keep(g, M_FOREIGN_BAD_VALUE, l->at, "NGF line 6 (the handicap)",
             "handicap", l->s, l->n);
        return 0;
    }
    g->handicap = h;
    if (h < 2)
        return 0;
    int st = sgft__fr_prop_fmt(g->f, l->at, "HA", "%ld", h);
    return st ? st : handicap_stones(g, l->at);
}

/* The komi: a whole number, to which an even game adds the half point
 * the format leaves out ("7" is 7.5, "-6" is -6.5); a handicap game's
 * komi as written ("0").  A value with a fraction is taken as it is. */
static int komi(ngf *g, const line *l) {
    long k;
    if (whole(l->s, l->n, &k)) {
        if (g->handicap != 0)
            return sgft__fr_prop_fmt(g->f, l->at, "KM", "%ld", k);
        bool neg = k < 0 || (l->n && l->s[0] == '-');
        return sgft__fr_prop_fmt(g->f, l->at, "KM", "%s%ld.5",
                                 neg ? "-" : "", neg ? -k : k);
    }
    if (number(l->s, l->n))
        return prop_line(g, "KM", l);
    keep(g, M_FOREIGN_BAD_VALUE, l->at, "NGF line 8 (the komi)", "komi",
         l->s, l->n);
    return 0;
}

/* --- the date -- */

static bool digits(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return n > 0;
}

static bool real_day(long y, long m, long d) {
    static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y < 1 || m < 1 || m > 12 || d < 1 || d > days[m - 1])
        return false;
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return !(m == 2 && d == 29 && !leap);
}

/* "20170316 [09:37]", "20100404", "20100123 [21: 6]", "2009-03-25",
 * "2006-9-5": the day in DT, the time of day in GC. */
static int date(ngf *g, const line *l, const char *what) {
    const char *s = l->s;
    size_t n = l->n, i;
    long y = 0, m = 0, d = 0;
    bool ok = false;
    if (n >= 8 && digits(s, 8) && (n == 8 || !(s[8] >= '0' && s[8] <= '9'))) {
        whole(s, 4, &y);
        whole(s + 4, 2, &m);
        whole(s + 6, 2, &d);
        i = 8;
        ok = true;
    } else {
        /* Y-M-D */
        size_t a = 0;
        while (a < n && s[a] >= '0' && s[a] <= '9')
            a++;
        size_t b = a + 1;
        while (b < n && s[b] >= '0' && s[b] <= '9')
            b++;
        size_t c = b + 1;
        while (c < n && s[c] >= '0' && s[c] <= '9')
            c++;
        if (a == 4 && a < n && s[a] == '-' && b - a - 1 >= 1 &&
            b - a - 1 <= 2 && b < n && s[b] == '-' && c - b - 1 >= 1 &&
            c - b - 1 <= 2) {
            whole(s, 4, &y);
            whole(s + a + 1, b - a - 1, &m);
            whole(s + b + 1, c - b - 1, &d);
            i = c;
            ok = true;
        } else {
            i = 0;
        }
    }
    /* the rest: nothing, or a time of day "[hh:mm]" */
    const char *t = s + i;
    size_t tn = n - i;
    while (tn && is_blank(*t))
        t++, tn--;
    bool time_ok = tn == 0 || (tn >= 2 && t[0] == '[' && t[tn - 1] == ']');
    if (!ok || !time_ok || !real_day(y, m, d)) {
        keep(g, M_FOREIGN_BAD_VALUE, l->at, what, "date", l->s, l->n);
        return 0;
    }
    int st = sgft__fr_prop_fmt(g->f, l->at, "DT", "%04ld-%02ld-%02ld", y, m,
                               d);
    if (!st && tn > 2) {
        line tl = {.at = (size_t)(t - g->f->s) + 1, .s = t + 1, .n = tn - 2};
        trim_line(&tl);
        if (tl.n)
            keep(g, M_FOREIGN_KEPT, tl.at, "NGF line 9 (the time of day)",
                 "time", tl.s, tl.n);
    }
    return st;
}

/* --- the result -- */

/* Strips lit from the end of s[0..*n). */
static bool strip_end(const char *s, size_t *n, const char *lit) {
    size_t k = strlen(lit);
    if (*n < k || memcmp(s + *n - k, lit, k) != 0)
        return false;
    *n -= k;
    return true;
}

/* Line 11: "White wins by  resign!", "Black wins by 16.5 points! >>
 * White(66):Black(89)", "White loses on time", "흑 1.5집 승", "백 불계승",
 * "黒中押し勝ち!", "232手完、黒2目半勝ち", "Progressing!" (a game not
 * over: no RE).  The count after ">>" is kept in GC. */
static int result(ngf *g, const line *l) {
    foreign *f = g->f;
    if (!l->n)
        return 0;
    const char *s = l->s;
    size_t n = l->n;
    const char *gt = NULL;
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == '>' && s[i + 1] == '>') {
            gt = s + i;
            break;
        }
    if (gt) {
        line cl = {.at = (size_t)(gt - f->s) + 2, .s = gt + 2,
                   .n = n - (size_t)(gt - s) - 2};
        trim_line(&cl);
        n = (size_t)(gt - s);
        if (cl.n)
            keep(g, M_FOREIGN_KEPT, cl.at, "NGF line 11 (the count)",
                 "count", cl.s, cl.n);
    }
    for (;;) {
        while (n && is_blank(s[n - 1]))
            n--;
        if (!(strip_end(s, &n, "!") || strip_end(s, &n, "\xEF\xBC\x81") ||
              strip_end(s, &n, "\xE3\x80\x82") || strip_end(s, &n, ".")))
            break;
    }
    /* "232手完、" and "250수 ": the number of moves, said again */
    size_t i = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i && n - i >= 9 && memcmp(s + i, "手完、", 9) == 0)
        s += i + 9, n -= i + 9;
    else if (i && n - i >= 3 && memcmp(s + i, "수", 3) == 0)
        s += i + 3, n -= i + 3;
    while (n && is_blank(*s))
        s++, n--;
    /* the line as written, up to the count */
    size_t whole_n = gt ? (size_t)(gt - l->s) : l->n;
    while (whole_n && is_blank(l->s[whole_n - 1]))
        whole_n--;
    if (n == 11 && strncmp(s, "Progressing", 11) == 0) {
        keep(g, M_FOREIGN_KEPT, l->at, "NGF line 11 (a game not over)",
             "result", l->s, whole_n);
        return 0;
    }
    sgft__buf_clear(&g->tmp);
    gi_result r = sgft__gi_result(s, n, &g->tmp);
    if (r != GI_OK && r != GI_FIXED) {
        sgft__buf_clear(&g->tmp);
        r = sgft__gi_words_result(s, n, &g->tmp);
    }
    if (r == GI_BAD || g->tmp.oom) {
        keep(g, M_FOREIGN_BAD_VALUE, l->at, "NGF line 11 (the result)",
             "result", l->s, whole_n);
        return 0;
    }
    if (g->tmp.len == 4 && memcmp(g->tmp.data, "Draw", 4) == 0)
        return sgft__fr_prop_text(f, l->at, "RE", "0", 1);
    return sgft__fr_prop_text(f, l->at, "RE", g->tmp.data, g->tmp.len);
}

/* --- the moves -- */

/* The point of a move line, x and y from 0 (-1 for a pass): false when
 * the line is no move (its letters not x y y x, a point off the board). */
static bool move_point(const ngf *g, const line *l, int *x, int *y) {
    if (!move_shape(l) || l->s[5] != l->s[8] || l->s[6] != l->s[7])
        return false;
    *x = l->s[5] - 'B';
    *y = l->s[6] - 'B';
    if (*x == -1 && *y == -1)
        return true; /* A A: a pass */
    return *x >= 0 && *y >= 0 && *x < g->size && *y < g->size;
}

/* Whether l is the record's last line, with no line break after it, and
 * the beginning of a move line: a record cut inside its last move. */
static bool cut_move(const ngf *g, const line *l) {
    const foreign *f = g->f;
    size_t end = (size_t)(l->s - f->s) + l->n;
    if (l->n >= 9 || end < f->len || !starts(l, "PM"))
        return false;
    for (size_t i = 2; i < l->n; i++)
        if (i == 4 ? l->s[i] != 'B' && l->s[i] != 'W'
                   : l->s[i] < 'A' || l->s[i] > 'Z')
            return false;
    return true;
}

/* Before the root is made, so that its GC holds them: keeps each line
 * after the header that is no move line in GC (147), and a last move
 * line cut short (148), and counts the moves, to check the header's
 * number. */
static void extra_lines(ngf *g, size_t at, long *made, long *passes) {
    foreign *f = g->f;
    line l;
    char label[48], what[64];
    unsigned long no = g->gi ? GI_LINES : NGF_LINES;
    *made = *passes = 0;
    while (next_line(f->s, f->len, &at, &l)) {
        no++;
        int x, y;
        if (cut_move(g, &l)) {
            snprintf(label, sizeof label, "line %lu", no);
            snprintf(what, sizeof what,
                     "NGF line %lu (a move cut short: the record ends)", no);
            keep(g, M_FOREIGN_BAD_VALUE, l.at, what, label, l.s, l.n);
            continue;
        }
        if (starts(&l, "PM")) {
            if (move_point(g, &l, &x, &y)) {
                (*made)++;
                *passes += x < 0;
            }
            continue;
        }
        if (!l.n)
            continue;
        snprintf(label, sizeof label, "line %lu", no);
        snprintf(what, sizeof what, "NGF line %lu", no);
        keep(g, M_FOREIGN_UNKNOWN, l.at, what, label, l.s, l.n);
    }
}

/* The move lines, one node each; a line that starts with "PM" and is no
 * move is skipped (149). */
static int moves(ngf *g, size_t at) {
    foreign *f = g->f;
    line l;
    while (next_line(f->s, f->len, &at, &l)) {
        if (!starts(&l, "PM") || cut_move(g, &l))
            continue;
        int x, y;
        if (!move_point(g, &l, &x, &y)) {
            report r = {.detail = "NGF move", .value = l.s, .value_len = l.n};
            sgft__fr_report(f, M_FOREIGN_BAD_LINE, l.at, &r);
            continue;
        }
        const char id[2] = {l.s[4], '\0'};
        int st = sgft__fr_node(f, l.at);
        if (!st)
            st = sgft__fr_point(f, l.at, id, x, y, g->size);
        if (st)
            return st;
    }
    return 0;
}

/* --- the record -- */

static void refuse(foreign *f, const char *why) {
    char d[160];
    snprintf(d, sizeof d, "a %s record %s", sgft__format_name(f->format),
             why);
    report r = {.detail = d};
    sgft__fr_report(f, M_FOREIGN_UNREADABLE, SIZE_MAX, &r);
}

/* Whether a move line follows at. */
static bool has_move(const foreign *f, size_t at) {
    line l;
    while (next_line(f->s, f->len, &at, &l))
        if (starts(&l, "PM"))
            return true;
    return false;
}

static int read_header(ngf *g, line *h, int nh, size_t body) {
    foreign *f = g->f;
    int st = sgft__fr_node(f, 0);
    if (!st)
        st = sgft__fr_prop_text(f, 0, "GM", "1", 1);
    if (!st)
        st = sgft__fr_prop_text(f, 0, "FF", "4", 1);
    if (!st)
        st = sgft__fr_prop_fmt(f, h[g->gi ? 6 : 1].at, "SZ", "%d", g->size);
    if (st)
        return st;
    if (g->gi) {
        /* Every line but the size and the count, as it is. */
        char label[32], what[48];
        for (int i = 0; i < nh; i++) {
            line v = h[i];
            if (i == 6 || i == 10)
                continue;
            v.s += 2, v.n -= 2, v.at += 2;
            trim_line(&v);
            if (!v.n)
                continue;
            snprintf(label, sizeof label, "GI line %d", i + 1);
            snprintf(what, sizeof what, "NGF GI line %d", i + 1);
            keep(g, M_FOREIGN_UNKNOWN, v.at, what, label, v.s, v.n);
        }
    } else {
        if (h[0].n && (st = prop_line(g, "GN", &h[0])))
            return st;
        if ((st = player(g, &h[2], "PW", "WR", "NGF line 3 (White's rank)")))
            return st;
        if ((st = player(g, &h[3], "PB", "BR", "NGF line 4 (Black's rank)")))
            return st;
        if (h[4].n && (st = prop_line(g, "PC", &h[4])))
            return st;
        if ((st = handicap(g, &h[5])))
            return st;
        if (!(h[6].n == 1 && h[6].s[0] == '0'))
            keep(g, M_FOREIGN_KEPT, h[6].at,
                 "NGF line 7 (a number whose meaning is not known)",
                 "line 7", h[6].s, h[6].n);
        if ((st = komi(g, &h[7])))
            return st;
        if (h[8].n && (st = date(g, &h[8], "NGF line 9 (the date)")))
            return st;
        if (h[9].n)
            keep(g, M_FOREIGN_KEPT, h[9].at,
                 "NGF line 10 (a number whose meaning is not known)",
                 "line 10", h[9].s, h[9].n);
        if ((st = result(g, &h[10])))
            return st;
    }
    long made, passes;
    extra_lines(g, body, &made, &passes);
    if (g->moves_said >= 0 && g->moves_said != made &&
        g->moves_said != made - passes) {
        const line *cl = &h[g->gi ? 10 : 11];
        char what[96], label[48];
        snprintf(what, sizeof what,
                 "NGF line %d (the number of moves; the record has %ld)",
                 g->gi ? 11 : 12, made);
        snprintf(label, sizeof label, "moves");
        const char *v = cl->s;
        size_t vn = cl->n;
        if (g->gi)
            v += 2, vn -= 2;
        keep(g, M_FOREIGN_BAD_VALUE, cl->at, what, label, v, vn);
    }
    return 0;
}

static int read_record(ngf *g) {
    foreign *f = g->f;
    size_t at = 0;
    if (f->len >= 3 && memcmp(f->s, "\xEF\xBB\xBF", 3) == 0)
        at = 3; /* a byte-order mark */
    shape sh = shape_from(f->s + at, f->len - at, 1);
    if (sh == SH_NONE) {
        refuse(f, "of a form not known");
        return 0;
    }
    g->gi = sh == SH_GI;
    int want = g->gi ? GI_LINES : NGF_LINES;
    line h[NGF_LINES];
    int nh = 0;
    line l;
    while (nh < want && next_line(f->s, f->len, &at, &l)) {
        if (g->gi && !starts(&l, "GI"))
            break;
        h[nh++] = l;
    }
    if (g->gi) {
        /* after the eleven GI lines, a move line or the end */
        size_t at2 = at;
        line m;
        bool more = false;
        while (next_line(f->s, f->len, &at2, &m))
            if (m.n) {
                more = !starts(&m, "PM");
                break;
            }
        long v, c;
        if (nh < want || more ||
            !whole(h[6].s + 2, h[6].n - 2, &v) || v < 2 || v > 52 ||
            !whole(h[10].s + 2, h[10].n - 2, &c)) {
            char why[96];
            snprintf(why, sizeof why,
                     "in a variant with GI lines not known (%d of them)",
                     nh);
            refuse(f, why);
            return 0;
        }
        g->size = (int)v;
        g->moves_said = c;
    } else {
        if (nh < want) {
            char why[96];
            snprintf(why, sizeof why,
                     "that ends at line %d, before its moves", nh);
            refuse(f, why);
            return 0;
        }
        long v, c;
        whole(h[1].s, h[1].n, &v);
        g->size = (int)v;
        if (!whole(h[11].s, h[11].n, &c))
            c = -1;
        g->moves_said = c;
    }
    if (g->moves_said > 0 && !has_move(f, at)) {
        char why[96];
        snprintf(why, sizeof why,
                 "that ends after its header, before its %ld moves",
                 g->moves_said);
        refuse(f, why);
        return 0;
    }
    int st = read_header(g, h, nh, at);
    if (st)
        return st;
    /* the root's GC, then the moves */
    if (g->gc.oom)
        return f->p->status = SGFT_ENOMEM;
    if (g->gc.len &&
        (st = sgft__fr_prop_text(f, 0, "GC", g->gc.data, g->gc.len)))
        return st;
    return moves(g, at);
}

int sgft__read_ngf(foreign *f) {
    ngf g = {.f = f, .moves_said = -1};
    sgft__buf_init(&g.gc);
    sgft__buf_init(&g.tmp);
    int st = read_record(&g);
    sgft__buf_free(&g.gc);
    sgft__buf_free(&g.tmp);
    return st;
}
