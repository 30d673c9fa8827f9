/* games.c - what differs between the games an SGF file may hold (GM):
 * board sizes, coordinates, and which checks apply.
 *
 * Go (GM[1]) is the one game whose points, moves and point lists are
 * checked and whose moves are played on a board (execute.c).  Every other
 * game is read with the defaults below: its points are kept as written
 * (only their escapes are normalized) and its Go properties (PF_GO in
 * prop_list.h) are unknown there.  A new game is one row of the table
 * plus, when its points are checked, its point reader.
 */
#include "internal.h"

static const game games[] = {
    /* gm  name     default  max        points replay go_props */
    {1, "Go", 19, MAX_BOARD, true, true, true},
    {3, "Chess", 8, 0, false, false, false},
};

static const game other = {0, NULL, 19, 0, false, false, false};

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
    /* White space inside is removed as a repair ("a a"). */
    char c[2];
    size_t n = 0;
    bool ws = false;
    for (size_t i = 0; i < len; i++) {
        if (is_space(s[i])) {
            ws = true;
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
    return ws ? VR_FIXED : VR_OK;
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

/* --- Go rule sets (RU) ------------------------------------------------------ */

/* The rule sets under which suicide is legal, as words of RU in any case
 * and with anything between the words: New Zealand (spec 7.4: NZ), Ing's
 * SST rules (GOE), Tromp-Taylor.  Japanese, Korean, Chinese and AGA rules
 * forbid it, as does every rule set not named here. */
static const char *const suicide_rules[] = {"nz", "newzealand", "goe", "ing",
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
