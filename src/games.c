/* games.c - what differs between the games an SGF file may hold (GM):
 * board sizes, coordinates, and which checks apply.
 *
 * Go (GM[1]) is the one game whose point lists are read on a grid (unique
 * points, compressed lists) and whose moves are played on a board
 * (execute.c).  The other games whose points and moves the FF[4] game
 * pages define (spec 9) have each point, move and board size checked and
 * written in one form: Backgammon, Lines of Action, Hex, Amazons and
 * Gess (Hex reads Go's two letters too, kept as written: Little Golem's
 * records).  Every other game is read with the defaults below: its points are
 * kept as written (only their escapes are normalized; message 19) and its
 * Go properties (PF_GO in prop_list.h) are unknown there.  Othello and
 * Gomoku are among those: their pages give no point syntax, and their
 * files in the wild write points both as Go does (hh) and as their
 * players do (d3).  A new game is one row of the table plus, when its
 * points are written another way, its point reader.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

static const game games[] = {
    /* gm  name  default  max cols, rows  points replay go_props
     *     point syntax  move syntax  [] is a pass  special moves */
    {1, "Go", 19, MAX_BOARD, MAX_BOARD, true, true, true, PS_GO, MS_GO, true,
     {""}},
    {3, "Chess", 8, 0, 0, false, false, false, PS_NONE, MS_NONE, false, {""}},
    {6, "Backgammon", 19, 0, 0, false, false, false, PS_BACKGAMMON,
     MS_BACKGAMMON, false, {"double", "take", "drop"}},
    {9, "Lines of Action", 8, 26, 0, false, false, false, PS_LETTER_ROW,
     MS_FROM_TO, true, {"pass", "resign", "forfeit", "escape"}},
    {11, "Hex", 11, 0, 0, false, false, false, PS_LETTERS_ROW, MS_POINT, true,
     /* swap: the older word of Six and the olympiad records, kept as
      * it is (which of the two swaps it means, the record does not say) */
     {"swap-sides", "swap-pieces", "swap", "resign", "forfeit", "pass"}},
    {18, "Amazons", 10, MAX_BOARD, MAX_BOARD, false, false, false, PS_GO,
     MS_AMAZONS, false, {""}},
    {20, "Gess", 20, MAX_BOARD, MAX_BOARD, false, false, false, PS_GO,
     MS_FROM_TO_COLON, false, {""}},
};

static const game other = {0,     "",      19,      0,     0,    false,
                           false, false,   PS_NONE, MS_NONE, false, {""}};

const game *sgft__game(int gm) {
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        if (games[i].gm == gm)
            return &games[i];
    return &other;
}

/* --- Go points: two letters, a-z then A-Z (spec 8.2) -------------------- */

int sgft__point_coord(char c) {
    if (c >= 'a' && c <= 'z')
        return c - 'a';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 26;
    return -1;
}

char sgft__coord_char(int v) {
    return (char)(v < 26 ? 'a' + v : 'A' + v - 26);
}

static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

vresult sgft__val_point(const char *s, size_t len, int cols, int rows,
                        int *x, int *y) {
    /* What is not a letter is removed as a repair, when two letters are
     * left ("a a", ":ee", as SGFC); more than two are not cut down. */
    char c[2];
    size_t n = 0;
    bool junk = false;
    for (size_t i = 0; i < len; i++) {
        if (sgft__point_coord(s[i]) < 0) {
            junk = true;
            continue;
        }
        if (n == 2)
            return VR_BAD;
        c[n++] = s[i];
    }
    if (n != 2)
        return VR_BAD;
    int px = sgft__point_coord(c[0]), py = sgft__point_coord(c[1]);
    if (px < 0 || py < 0 || px >= cols || py >= rows)
        return VR_BAD;
    *x = px;
    *y = py;
    return junk ? VR_FIXED : VR_OK;
}

vresult sgft__val_point_cut(const char *s, size_t len, int cols, int rows,
                            int *x, int *y) {
    char c[2];
    size_t n = 0;
    for (size_t i = 0; i < len && n < 2; i++)
        if (sgft__point_coord(s[i]) >= 0)
            c[n++] = s[i];
    if (n < 2 || sgft__val_point(c, 2, cols, rows, x, y) == VR_BAD)
        return VR_BAD;
    return VR_FIXED;
}

bool sgft__value_rect(const sgft_ctx *ctx, const value *v, int *x1, int *y1,
                      int *x2, int *y2) {
    const char *s = value_bytes(ctx, v);
    if (v->len != 2 && v->len != 5)
        return false;
    *x1 = sgft__point_coord(s[0]);
    *y1 = sgft__point_coord(s[1]);
    *x2 = v->len == 5 ? sgft__point_coord(s[3]) : *x1;
    *y2 = v->len == 5 ? sgft__point_coord(s[4]) : *y1;
    return *x1 >= 0 && *y1 >= 0 && *x2 >= 0 && *y2 >= 0;
}

/* --- the points and moves of the other games (spec 9) --------------------- */

/* A value without its white space, lowercased where the game's values are
 * case-insensitive (Hex, LOA: their pages).  Sets *ws when white space was
 * removed (a repair, message 15, as for Go). */
static void clean(const game *g, const char *s, size_t len, buf *out,
                  bool *ws) {
    bool fold = g->pts == PS_LETTER_ROW || g->pts == PS_LETTERS_ROW;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (is_space(c)) {
            *ws = true;
            continue;
        }
        if (fold && c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        sgft__buf_putc(out, c);
    }
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

/* The column letters of column x (from 0): a..z, then aa, ab... */
static void put_column(buf *out, long long x) {
    char t[16];
    size_t n = 0;
    for (long long v = x + 1; v > 0 && n < sizeof t; v = (v - 1) / 26)
        t[n++] = (char)('a' + (v - 1) % 26);
    while (n)
        sgft__buf_putc(out, t[--n]);
}

/* A point as letters and a row number (Hex, LOA) at s[*i]: the letters
 * (one for LOA), then the digits.  Returns false when it is not one or is
 * off the board; the canonical form (no leading zeros) goes to out. */
static bool letters_row(const game *g, const char *s, size_t len, size_t *i,
                        int cols, int rows, buf *out, int *x, int *y) {
    size_t j = *i;
    long long col = 0, row = 0; /* at most 26 times a side: no overflow */
    bool off = false;
    while (j < len && is_lower(s[j])) {
        if (col > cols)
            off = true; /* already off the board: stays there */
        else
            col = col * 26 + (s[j] - 'a' + 1);
        j++;
    }
    size_t letters = j - *i;
    if (letters == 0 || (g->pts == PS_LETTER_ROW && letters > 1))
        return false;
    size_t d = j;
    while (j < len && is_digit(s[j])) {
        if (row > rows)
            off = true;
        else
            row = row * 10 + (s[j] - '0');
        j++;
    }
    if (j == d || off || col > cols || row < 1 || row > rows)
        return false;
    *x = (int)col - 1;
    *y = (int)row - 1;
    *i = j;
    put_column(out, col - 1);
    char num[16];
    int n = snprintf(num, sizeof num, "%lld", row);
    sgft__buf_put(out, num, (size_t)n);
    return true;
}

/* A Go-style point (two letters) at s[*i]. */
static bool go_point(const char *s, size_t len, size_t *i, int cols, int rows,
                     buf *out, int *x, int *y) {
    if (len - *i < 2 ||
        sgft__val_point(s + *i, 2, cols, rows, x, y) != VR_OK)
        return false;
    sgft__buf_putc(out, sgft__coord_char(*x));
    sgft__buf_putc(out, sgft__coord_char(*y));
    *i += 2;
    return true;
}

/* One point of game g at s[*i] (not Go's grid). */
static bool one_point(const game *g, const char *s, size_t len, size_t *i,
                      int cols, int rows, buf *out, int *x, int *y) {
    switch (g->pts) {
    case PS_GO:
        return go_point(s, len, i, cols, rows, out, x, y);
    case PS_LETTER_ROW:
        return letters_row(g, s, len, i, cols, rows, out, x, y);
    case PS_LETTERS_ROW:
        /* Hex: a1; or two letters as in Go, as Little Golem writes its
         * records (W[mf]) */
        return letters_row(g, s, len, i, cols, rows, out, x, y) ||
               go_point(s, len, i, cols, rows, out, x, y);
    case PS_BACKGAMMON:
        /* a..x the points, y the bar, z the bearoff tray */
        if (*i >= len || !is_lower(s[*i]))
            return false;
        *x = s[*i] - 'a';
        *y = 0;
        sgft__buf_putc(out, s[(*i)++]);
        return true;
    default:
        return false;
    }
}

/* The result of a canonical form read from cleaned text: the same text is
 * VR_OK (a case change alone is no repair), anything else VR_FIXED. */
static vresult result(const buf *cleaned, const buf *out, bool ws) {
    if (!ws && cleaned->len == out->len &&
        memcmp(cleaned->data ? cleaned->data : "",
               out->data ? out->data : "", out->len) == 0)
        return VR_OK;
    return VR_FIXED;
}

vresult sgft__game_point(const game *g, const char *s, size_t len, int cols,
                         int rows, buf *out, int *x, int *y) {
    buf c;
    sgft__buf_init(&c);
    bool ws = false;
    clean(g, s, len, &c, &ws);
    size_t start = out->len, i = 0;
    vresult r = VR_BAD;
    if (c.len && one_point(g, c.data, c.len, &i, cols, rows, out, x, y) &&
        i == c.len) {
        buf got = {out->data + start, out->len - start, 0, false};
        r = result(&c, &got, ws);
    }
    sgft__buf_free(&c);
    if (r == VR_BAD)
        out->len = start;
    return r;
}

static bool is_word(const game *g, const char *s, size_t len) {
    const size_t n = sizeof g->words / sizeof g->words[0];
    for (size_t i = 0; i < n && g->words[i][0]; i++)
        if (strlen(g->words[i]) == len && memcmp(g->words[i], s, len) == 0)
            return true;
    return false;
}

/* A move of c (cleaned) in the syntax of game g, canonical into out. */
static bool read_move(const game *g, const buf *c, int cols, int rows,
                      buf *out) {
    const char *s = c->data;
    size_t len = c->len, i = 0;
    int x1, y1, x2, y2, x3, y3;
    if (is_word(g, s, len)) {
        sgft__buf_put(out, s, len);
        return true;
    }
    switch (g->moves) {
    case MS_POINT: /* Hex: a cell */
        return one_point(g, s, len, &i, cols, rows, out, &x1, &y1) &&
               i == len;
    case MS_FROM_TO: /* LOA: e1-e3, c2:c5 (a capture), then marks: ++ ! */
        if (!one_point(g, s, len, &i, cols, rows, out, &x1, &y1) ||
            i == len || (s[i] != '-' && s[i] != ':'))
            return false;
        sgft__buf_putc(out, s[i++]);
        if (!one_point(g, s, len, &i, cols, rows, out, &x2, &y2) ||
            (x1 == x2 && y1 == y2))
            return false;
        for (; i < len; i++) {
            if (!strchr("+!?#", s[i]))
                return false;
            sgft__buf_putc(out, s[i]);
        }
        return true;
    case MS_FROM_TO_COLON: /* Gess: from:to, neither on the edge */
        if (!one_point(g, s, len, &i, cols, rows, out, &x1, &y1) ||
            i == len || s[i++] != ':')
            return false;
        sgft__buf_putc(out, ':');
        if (!one_point(g, s, len, &i, cols, rows, out, &x2, &y2) ||
            i != len || (x1 == x2 && y1 == y2))
            return false;
        return x1 > 0 && y1 > 0 && x1 < cols - 1 && y1 < rows - 1 && x2 > 0 &&
               y2 > 0 && x2 < cols - 1 && y2 < rows - 1;
    case MS_AMAZONS: /* from, to, arrow: djddgd */
        return one_point(g, s, len, &i, cols, rows, out, &x1, &y1) &&
               one_point(g, s, len, &i, cols, rows, out, &x2, &y2) &&
               one_point(g, s, len, &i, cols, rows, out, &x3, &y3) &&
               i == len && !(x1 == x2 && y1 == y2) &&
               !(x2 == x3 && y2 == y3);
    case MS_BACKGAMMON: /* dice 1-6 twice, then 0 to 4 from/to pairs */
        if (len < 2 || len > 10 || len % 2 || s[0] < '1' || s[0] > '6' ||
            s[1] < '1' || s[1] > '6')
            return false;
        sgft__buf_put(out, s, 2);
        for (i = 2; i < len; i += 2) {
            size_t j = i;
            if (!one_point(g, s, len, &j, cols, rows, out, &x1, &y1) ||
                !one_point(g, s, len, &j, cols, rows, out, &x2, &y2) ||
                x1 == x2)
                return false;
        }
        return true;
    default:
        return false;
    }
}

vresult sgft__game_move(const game *g, const char *s, size_t len, int cols,
                        int rows, buf *out) {
    buf c;
    sgft__buf_init(&c);
    bool ws = false;
    clean(g, s, len, &c, &ws);
    size_t start = out->len;
    vresult r = VR_BAD;
    if (c.len && read_move(g, &c, cols, rows, out)) {
        buf got = {out->data + start, out->len - start, 0, false};
        r = result(&c, &got, ws);
    }
    sgft__buf_free(&c);
    if (r == VR_BAD)
        out->len = start;
    return r;
}

/* --- Go rule sets (RU) ------------------------------------------------------ */

/* The rule sets under which suicide is legal, as words of RU in any case
 * and with anything between the words: New Zealand (spec 7.4: NZ), Ing's
 * SST rules (GOE), Tromp-Taylor.  Japanese, Korean, Chinese and AGA rules
 * forbid it, as does every rule set not named here.  Each word has at
 * most 11 bytes, in an array of its own rather than pointed to. */
static const char suicide_rules[][12] = {"nz",  "newzealand", "goe", "ing",
                                         "sst", "tromptaylor"};

static char lower(char c) {
    return (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

static bool is_alnum(char c) {
    c = lower(c);
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* Whether the word w (or the word pair w + v, for "New Zealand") is one
 * of the list. */
static bool rule_word(const char *w, size_t wlen, const char *v, size_t vlen) {
    for (size_t i = 0; i < sizeof suicide_rules / sizeof suicide_rules[0];
         i++) {
        const char *r = suicide_rules[i];
        size_t k = 0;
        for (size_t j = 0; j < wlen; j++, k++)
            if (!r[k] || r[k] != lower(w[j]))
                goto next;
        for (size_t j = 0; j < vlen; j++, k++)
            if (!r[k] || r[k] != lower(v[j]))
                goto next;
        if (!r[k])
            return true;
    next:;
    }
    return false;
}

bool sgft__go_suicide_allowed(const char *s, size_t len) {
    const char *prev = NULL;
    size_t prev_len = 0;
    for (size_t i = 0; i < len;) {
        if (!is_alnum(s[i])) {
            i++;
            continue;
        }
        size_t start = i;
        while (i < len && is_alnum(s[i]))
            i++;
        if (rule_word(s + start, i - start, NULL, 0) ||
            (prev && rule_word(prev, prev_len, s + start, i - start)))
            return true;
        prev = s + start;
        prev_len = i - start;
    }
    return false;
}
