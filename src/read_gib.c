/* read_gib.c - the reader of Tygem's GIB records (foreign.h).
 *
 * A GIB record is lines of text.  Its header, between the lines \HS and
 * \HE, is fields written \[NAME=value\]; a value may go on over several
 * lines, up to its \].  Old records hold one field per fact (GAMENAME,
 * GAMEBLACKNAME "nick (rank)"...); newer ones hold composite fields of
 * "KEY:value" items parted by commas (GAMEINFOMAIN, GAMEINFOSUB,
 * WUSERINFO, BUSERINFO) and GAMETAG, whose items are a letter and a
 * value.  The game follows between \GS and \GE: an INI line whose fourth
 * field is the handicap, then one STO line per move ("STO 0 n c x y": the
 * move's number, its colour, 1 Black or 2 White, and its point from 0 at
 * the top left) and an SKI line per pass; a REM line of the counting
 * that names no point ("REM 0 n -1 -1 0 1") is no move.  Review blocks
 * (\RS ... \RE) may follow, with a comment on a move of the game.
 *
 * The record is read whole before any event is made: a record that ends
 * before its moves is refused with no node, and the comments of the
 * review blocks go to the nodes of the moves they are about.  Nothing
 * here depends on a line's length, and nothing reads past f->len. */
#include "foreign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- spans of the record ------------------------------------------------- */

/* A part of f->s: the offset of its first byte, its length. */
typedef struct span {
    size_t at, len;
} span;

typedef struct field {
    span name, value;
    size_t at; /* where the field's line starts */
    bool used; /* its value went to a property */
} field;

typedef struct gmove {
    size_t at;
    int colour; /* 1 Black, 2 White */
    int x, y;   /* x < 0: a pass */
} gmove;

typedef struct gnote {
    unsigned long move; /* 0: the root */
    span text;
    size_t at;
} gnote;

typedef struct gib {
    foreign *f;
    field *fields;
    size_t nfields, capfields;
    gmove *moves;
    size_t nmoves, capmoves;
    gnote *notes;
    size_t nnotes, capnotes;
    long handicap; /* from INI; -1 when none */
    size_t ini_at;
    bool has_gs, has_ge;
    bool old_style; /* holds GAMEBLACKNAME or GAMEWHITENAME */
    int size;
    bool fix16; /* the ids are ASCII read as UTF-16 */
    buf gc;    /* the root's GC: the fields no property holds */
    buf scratch, scratch2;
} gib;

static bool grow(void **p, size_t *cap, size_t n, size_t each) {
    if (n < *cap)
        return true;
    size_t c = *cap ? *cap * 2 : 16;
    if (c > (size_t)-1 / each)
        return false;
    void *q = realloc(*p, c * each);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

static const char *at_of(const gib *g, span s) {
    return g->f->s + s.at;
}

static bool span_is(const gib *g, span s, const char *word) {
    size_t n = strlen(word);
    return s.len == n && memcmp(at_of(g, s), word, n) == 0;
}

static span trim(const gib *g, span s) {
    const char *p = at_of(g, s);
    while (s.len && is_ws((unsigned char)p[0])) {
        p++;
        s.at++;
        s.len--;
    }
    while (s.len && is_ws((unsigned char)p[s.len - 1]))
        s.len--;
    return s;
}

/* The whole decimal number of s, or false (no digits, other text, a
 * number too large). */
static bool span_long(const gib *g, span s, long *out) {
    s = trim(g, s);
    const char *p = at_of(g, s);
    if (!s.len)
        return false;
    long v = 0;
    for (size_t i = 0; i < s.len; i++) {
        if (p[i] < '0' || p[i] > '9' || v > 100000000L)
            return false;
        v = v * 10 + (p[i] - '0');
    }
    *out = v;
    return true;
}

/* The next word of a line: *i moves past it. */
static bool next_word(const char *line, size_t len, size_t *i, span *w,
                      size_t base) {
    while (*i < len && is_ws((unsigned char)line[*i]))
        (*i)++;
    if (*i >= len)
        return false;
    size_t b = *i;
    while (*i < len && !is_ws((unsigned char)line[*i]))
        (*i)++;
    w->at = base + b;
    w->len = *i - b;
    return true;
}

/* --- detection ----------------------------------------------------------- */

/* A line \HS, alone, then a field or \HE: nothing else starts so.  (The
 * caller has passed a byte-order mark and white space.) */
bool sgft__is_gib(const char *head, size_t len) {
    if (len < 4 || memcmp(head, "\\HS", 3) != 0)
        return false;
    size_t i = 3;
    while (i < len && (head[i] == ' ' || head[i] == '\t'))
        i++;
    if (i >= len || (head[i] != '\r' && head[i] != '\n'))
        return false;
    while (i < len && is_ws((unsigned char)head[i]))
        i++;
    if (i + 3 > len)
        return false;
    return memcmp(head + i, "\\[", 2) == 0 || memcmp(head + i, "\\HE", 3) == 0;
}

/* --- the header ---------------------------------------------------------- */

/* Where "\]" is in s from i, or SIZE_MAX. */
static size_t find_close(const foreign *f, size_t i) {
    while (i + 1 < f->len) {
        const char *p = memchr(f->s + i, '\\', f->len - i - 1);
        if (!p)
            return SIZE_MAX;
        i = (size_t)(p - f->s);
        if (f->s[i + 1] == ']')
            return i;
        i++;
    }
    return SIZE_MAX;
}

static void gib_report(gib *g, msg_id code, size_t at, const char *detail,
                      const char *pid, const char *val, size_t vlen) {
    report r = {.detail = detail, .prop = pid, .value = val,
                .value_len = vlen};
    /* An empty span of the record is no string of its own. */
    if (val && !vlen && val >= g->f->s && val < g->f->s + g->f->len)
        r.value = "";
    sgft__fr_report(g->f, code, at, &r);
}

/* Reads the header from *at, just past \HS, up to past \HE (or the end
 * of the record). */
static bool read_header(gib *g, size_t *at) {
    foreign *f = g->f;
    size_t i = *at;
    for (;;) {
        while (i < f->len && is_ws((unsigned char)f->s[i]))
            i++;
        if (i >= f->len)
            break;
        if (f->len - i >= 3 && memcmp(f->s + i, "\\HE", 3) == 0) {
            i += 3;
            break;
        }
        if (f->len - i >= 3 && memcmp(f->s + i, "\\GS", 3) == 0)
            break; /* no \HE: the game follows anyway */
        size_t line_at = i;
        if (f->len - i >= 2 && memcmp(f->s + i, "\\[", 2) == 0) {
            size_t close = find_close(f, i + 2);
            size_t end = close == SIZE_MAX ? f->len : close;
            const char *eq = memchr(f->s + i + 2, '=', end - (i + 2));
            const char *nl = memchr(f->s + i + 2, '\n', end - (i + 2));
            if (eq && (!nl || eq < nl)) {
                if (!grow((void **)&g->fields, &g->capfields, g->nfields,
                          sizeof *g->fields))
                    return false;
                field *fd = &g->fields[g->nfields++];
                fd->at = line_at;
                fd->used = false;
                fd->name.at = i + 2;
                fd->name.len = (size_t)(eq - (f->s + i + 2));
                fd->value.at = (size_t)(eq - f->s) + 1;
                fd->value.len = end - fd->value.at;
                i = close == SIZE_MAX ? f->len : close + 2;
                continue;
            }
        }
        /* A line that is no field: kept as it is. */
        size_t next = i;
        const char *line;
        size_t n;
        sgft__fr_line(f, &next, &line, &n);
        if (g->gc.len)
            sgft__buf_putc(&g->gc, '\n');
        sgft__buf_put(&g->gc, line, n);
        gib_report(g, M_FOREIGN_UNKNOWN, line_at, "GIB header line", "GC",
                  line, n);
        i = next;
    }
    *at = i;
    return true;
}

static field *find_field(gib *g, const char *name) {
    for (size_t i = 0; i < g->nfields; i++)
        if (span_is(g, g->fields[i].name, name))
            return &g->fields[i];
    return NULL;
}

/* The value of item key of a composite field: its items are parted by
 * commas, each a key then the value ("GRLT:3" with key "GRLT:", "W8"
 * with key "W").  A key of letters alone matches an item whose value
 * follows at once (not a longer key). */
static bool item_of(const gib *g, const field *fd, const char *key,
                    span *out) {
    if (!fd)
        return false;
    size_t kl = strlen(key);
    const char *v = at_of(g, fd->value);
    size_t n = fd->value.len, i = 0;
    while (i <= n) {
        size_t b = i;
        while (i < n && v[i] != ',')
            i++;
        span it = {fd->value.at + b, i - b};
        it = trim(g, it);
        const char *p = at_of(g, it);
        if (it.len >= kl && memcmp(p, key, kl) == 0) {
            bool ok = key[kl - 1] == ':' || it.len == kl ||
                      !((p[kl] >= 'A' && p[kl] <= 'Z') || p[kl] == ':');
            if (ok) {
                out->at = it.at + kl;
                out->len = it.len - kl;
                return true;
            }
        }
        i++;
    }
    return false;
}

/* --- the game ------------------------------------------------------------ */

static bool add_move(gib *g, size_t at, int colour, int x, int y) {
    if (!grow((void **)&g->moves, &g->capmoves, g->nmoves, sizeof *g->moves))
        return false;
    g->moves[g->nmoves++] = (gmove){at, colour, x, y};
    return true;
}

static void bad_line(gib *g, size_t at, const char *line, size_t n) {
    gib_report(g, M_FOREIGN_BAD_LINE, at, NULL, NULL, line, n);
}

/* Reads the lines of the game from *at, just past \GS; false when out
 * of memory.  known: how many lines were of a kind this reader knows. */
static bool read_game(gib *g, size_t *at, size_t *known, size_t *unknown) {
    foreign *f = g->f;
    const char *line;
    size_t n, i = *at;
    for (;;) {
        size_t line_at = i;
        if (!sgft__fr_line(f, &i, &line, &n))
            break;
        size_t k = 0;
        span w[6];
        int nw = 0;
        while (nw < 6 && next_word(line, n, &k, &w[nw], line_at))
            nw++;
        if (nw == 0)
            continue;
        if (span_is(g, w[0], "\\GE")) {
            g->has_ge = true;
            break;
        }
        long v[5] = {0};
        bool num[5] = {false};
        for (int j = 1; j < nw && j < 6; j++)
            num[j - 1] = span_long(g, w[j], &v[j - 1]);
        if (span_is(g, w[0], "STO")) {
            (*known)++;
            if (nw < 6 || !num[2] || !num[3] || !num[4] ||
                (v[2] != 1 && v[2] != 2) || v[3] >= g->size ||
                v[4] >= g->size) {
                bad_line(g, line_at, line, n);
                continue;
            }
            if (!add_move(g, line_at, (int)v[2], (int)v[3], (int)v[4]))
                return false;
        } else if (span_is(g, w[0], "SKI")) {
            (*known)++;
            /* The colour of a pass is the player's whose turn it is: the
             * line's own fields do not say it reliably. */
            int colour = g->handicap >= 2 ? 2 : 1;
            if (g->nmoves)
                colour = 3 - g->moves[g->nmoves - 1].colour;
            if (!add_move(g, line_at, colour, -1, -1))
                return false;
        } else if (span_is(g, w[0], "REM") && nw >= 5 &&
                   span_is(g, w[3], "-1") && span_is(g, w[4], "-1")) {
            /* "REM 0 n -1 -1 ...": a line of the counting after the
             * passes that names no point; it is no move. */
            (*known)++;
        } else if (span_is(g, w[0], "INI")) {
            (*known)++;
            if (nw < 4 || !num[2] || g->handicap >= 0 || g->nmoves) {
                bad_line(g, line_at, line, n);
                continue;
            }
            g->handicap = v[2];
            g->ini_at = line_at;
        } else if (w[0].len && at_of(g, w[0])[0] >= '0' &&
                   at_of(g, w[0])[0] <= '9' && !g->nmoves) {
            /* The lines of numbers before INI ("2 1 0", "233 0 &4"):
             * the game's setup, which nothing else needs. */
            (*known)++;
        } else {
            (*unknown)++;
            bad_line(g, line_at, line, n);
        }
    }
    *at = i;
    return true;
}

/* The review blocks after \GE: \[REFSUSUN=n\] and \[REFEXPLAIN=...\]
 * make a comment on move n; a diagram (\[REFGIBO=...\]) is kept as text
 * in that comment. */
static bool read_reviews(gib *g, size_t i) {
    foreign *f = g->f;
    unsigned long move = 0;
    while (i + 1 < f->len) {
        const char *p = memchr(f->s + i, '\\', f->len - i - 1);
        if (!p)
            break;
        i = (size_t)(p - f->s);
        if (f->s[i + 1] != '[') {
            if (f->len - i >= 3 && memcmp(f->s + i, "\\RS", 3) == 0)
                move = 0;
            i++;
            continue;
        }
        size_t close = find_close(f, i + 2);
        size_t end = close == SIZE_MAX ? f->len : close;
        const char *eq = memchr(f->s + i + 2, '=', end - (i + 2));
        if (!eq) {
            i = end;
            continue;
        }
        span name = {i + 2, (size_t)(eq - (f->s + i + 2))};
        span val = {(size_t)(eq - f->s) + 1, 0};
        val.len = end - val.at;
        long n;
        if (span_is(g, name, "REFSUSUN")) {
            move = span_long(g, val, &n) ? (unsigned long)n : 0;
        } else if (span_is(g, name, "REFEXPLAIN") ||
                   span_is(g, name, "REFGIBO")) {
            span t = trim(g, val);
            if (t.len) {
                if (!grow((void **)&g->notes, &g->capnotes, g->nnotes,
                          sizeof *g->notes))
                    return false;
                g->notes[g->nnotes++] = (gnote){move, t, i};
                if (span_is(g, name, "REFGIBO"))
                    gib_report(g, M_FOREIGN_BAD_VALUE, i,
                               "GIB review diagram REFGIBO", "C",
                               at_of(g, t), t.len);
            }
        }
        i = close == SIZE_MAX ? f->len : close + 2;
    }
    return true;
}

/* --- values -------------------------------------------------------------- */

/* A rank of a name's brackets ("2D", "1급", "3段", "10K", "9p"): its
 * FF[4] form in out, or false. */
static bool rank_text(const char *p, size_t n, char *out, size_t outsz) {
    size_t i = 0;
    while (i < n && is_ws((unsigned char)p[i]))
        i++;
    bool pro = false;
    if (n - i >= 6 && memcmp(p + i, "\xED\x94\x84\xEB\xA1\x9C", 6) == 0) {
        pro = true; /* 프로 */
        i += 6;
    }
    long v = 0;
    size_t d = i;
    while (i < n && p[i] >= '0' && p[i] <= '9' && v < 1000)
        v = v * 10 + (p[i++] - '0');
    if (i == d || v == 0 || v > 99)
        return false;
    while (i < n && p[i] == ' ')
        i++;
    const char *rest = p + i;
    size_t rl = n - i;
    while (rl && is_ws((unsigned char)rest[rl - 1]))
        rl--;
    char kind = 0;
    static const struct {
        const char *s;
        char k;
    } words[] = {{"D", 'd'}, {"d", 'd'}, {"K", 'k'}, {"k", 'k'},
                 {"P", 'p'}, {"p", 'p'},
                 {"\xEB\x8B\xA8", 'd'},  /* 단 */
                 {"\xEA\xB8\x89", 'k'},  /* 급 */
                 {"\xE6\xAE\xB5", 'd'},  /* 段 */
                 {"\xE7\xBA\xA7", 'k'},  /* 级 */
                 {"\xE7\xB4\x9A", 'k'}}; /* 級 */
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
        if (strlen(words[w].s) == rl && memcmp(rest, words[w].s, rl) == 0)
            kind = words[w].k;
    if (!kind || (pro && kind == 'k'))
        return false;
    if (pro)
        kind = 'p';
    snprintf(out, outsz, "%ld%c", v, kind);
    return true;
}

/* A GIB level: 0 is 18k, 17 is 1k, 18 is 1d, 26 is 9d, 27 is 1p. */
static bool rank_level(long level, char *out, size_t outsz) {
    if (level < 0 || level > 35)
        return false;
    if (level >= 27)
        snprintf(out, outsz, "%ldp", level - 26);
    else if (level >= 18)
        snprintf(out, outsz, "%ldd", level - 17);
    else
        snprintf(out, outsz, "%ldk", 18 - level);
    return true;
}

/* Whether the UTF-8 text s[0..n) is an ASCII id stored in two bytes a
 * character and read as UTF-16: every character in the range of CJK
 * ideographs and each of its two bytes, low first, a letter, digit,
 * '_', '-' or '.'.  The id goes to out. */
static bool utf16_nonsense(const char *s, size_t n, buf *out) {
    sgft__buf_clear(out);
    size_t i = 0, chars = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if ((c & 0xF0) != 0xE0 || i + 2 >= n + 0 || i + 3 > n)
            return false;
        unsigned cp = ((c & 0x0Fu) << 12) |
                      (((unsigned char)s[i + 1] & 0x3Fu) << 6) |
                      ((unsigned char)s[i + 2] & 0x3Fu);
        if (cp < 0x3000 || cp > 0x9FFF)
            return false;
        char b[2] = {(char)(cp & 0xFF), (char)(cp >> 8)};
        for (int k = 0; k < 2; k++) {
            char x = b[k];
            bool ok = (x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z') ||
                      (x >= '0' && x <= '9') || x == '_' || x == '-' ||
                      x == '.';
            if (!ok)
                return false;
        }
        sgft__buf_put(out, b, 2);
        i += 3;
        chars++;
    }
    return chars >= 2;
}

/* The date in the first numbers of s ("2020- 9- 5-11- 9-57",
 * "C2020:06:14:01:26", "2012年11月22日 下午 6:3"), and a second date
 * after '~' (a range), as FF[4] writes them; false when s holds no
 * date. */
static bool date_of(const char *s, size_t n, char *out, size_t outsz) {
    long d[2][3] = {{0}};
    int got[2] = {0};
    int part = 0;
    size_t i = 0;
    if (n && (s[0] == 'C' || s[0] == 'c'))
        i = 1;
    while (i < n && part < 2) {
        if (s[i] == '~') {
            if (got[0] < 3)
                return false;
            part = 1;
            i++;
            continue;
        }
        if (s[i] >= '0' && s[i] <= '9') {
            long v = 0;
            int digits = 0;
            while (i < n && s[i] >= '0' && s[i] <= '9') {
                if (v < 100000)
                    v = v * 10 + (s[i] - '0');
                i++;
                digits++;
            }
            if (got[part] < 3)
                d[part][got[part]++] = v;
            (void)digits;
            continue;
        }
        i++;
    }
    if (got[0] < 3 || d[0][0] < 1000 || d[0][0] > 9999 || d[0][1] < 1 ||
        d[0][1] > 12 || d[0][2] < 1 || d[0][2] > 31)
        return false;
    int len = snprintf(out, outsz, "%04ld-%02ld-%02ld", d[0][0], d[0][1],
                       d[0][2]);
    if (len < 0 || (size_t)len >= outsz || got[1] == 0)
        return true;
    /* The second date: a day, a month and day, or a whole date. */
    long y = d[0][0], m = d[0][1], day;
    if (got[1] == 1) {
        day = d[1][0];
    } else if (got[1] == 2) {
        m = d[1][0];
        day = d[1][1];
    } else {
        y = d[1][0];
        m = d[1][1];
        day = d[1][2];
    }
    if (y < 1000 || y > 9999 || m < 1 || m > 12 || day < 1 || day > 31)
        return true;
    if (y != d[0][0])
        snprintf(out + len, outsz - (size_t)len, ",%04ld-%02ld-%02ld", y, m,
                 day);
    else if (m != d[0][1])
        snprintf(out + len, outsz - (size_t)len, ",%02ld-%02ld", m, day);
    else if (day != d[0][2])
        snprintf(out + len, outsz - (size_t)len, ",%02ld", day);
    return true;
}

/* --- the events ---------------------------------------------------------- */

#define TRY(x)                                                              \
    do {                                                                    \
        int st_ = (x);                                                      \
        if (st_)                                                            \
            return st_;                                                     \
    } while (0)

static int prop_span(gib *g, size_t at, const char *id, span v) {
    return sgft__fr_prop_text(g->f, at, id, at_of(g, v), v.len);
}

/* Keeps field fd, not used, in the root's GC, with message 146. */
static void keep_field(gib *g, field *fd, const char *prefix) {
    span v = trim(g, fd->value);
    fd->used = true;
    if (!v.len)
        return;
    sgft__buf_clear(&g->scratch);
    sgft__buf_puts(&g->scratch, "GIB field ");
    if (prefix) {
        sgft__buf_puts(&g->scratch, prefix);
        sgft__buf_putc(&g->scratch, ' ');
    }
    sgft__buf_put(&g->scratch, at_of(g, fd->name), fd->name.len);
    sgft__buf_putc(&g->scratch, '\0');
    if (g->gc.len)
        sgft__buf_putc(&g->gc, '\n');
    sgft__buf_put(&g->gc, at_of(g, fd->name), fd->name.len);
    sgft__buf_putc(&g->gc, '=');
    const char *text = at_of(g, v);
    size_t n = v.len;
    if (g->fix16 && utf16_nonsense(text, n, &g->scratch2) &&
        !g->scratch2.oom) {
        text = g->scratch2.data;
        n = g->scratch2.len;
    }
    sgft__buf_put(&g->gc, text, n);
    if (!g->scratch.oom)
        gib_report(g, M_FOREIGN_KEPT, fd->at, g->scratch.data, "GC", text,
                   n);
}

/* The items of composite field fd that no property holds, kept in GC
 * ("GAMEINFOMAIN GBKIND:2"). */
static void keep_items(gib *g, field *fd, const char *const *mapped) {
    const char *v = at_of(g, fd->value);
    size_t n = fd->value.len, i = 0;
    fd->used = true;
    while (i <= n) {
        size_t b = i;
        while (i < n && v[i] != ',')
            i++;
        span it = trim(g, (span){fd->value.at + b, i - b});
        i++;
        if (!it.len)
            continue;
        const char *p = at_of(g, it);
        size_t kl = 0;
        while (kl < it.len && p[kl] >= 'A' && p[kl] <= 'Z')
            kl++;
        bool known = false;
        for (size_t m = 0; mapped[m]; m++)
            if (strlen(mapped[m]) == kl && memcmp(mapped[m], p, kl) == 0)
                known = true;
        size_t vb = kl < it.len && p[kl] == ':' ? kl + 1 : kl;
        if (known || vb >= it.len)
            continue;
        field sub = {.name = {it.at, kl}, .value = {it.at + vb, it.len - vb},
                     .at = it.at};
        sgft__buf_clear(&g->scratch);
        keep_field(g, &sub, NULL);
        (void)sub;
    }
}

/* The text of a player's name: the id read as UTF-16 is put right. */
static int player(gib *g, size_t at, const char *id, span v, bool fix16) {
    v = trim(g, v);
    if (!v.len)
        return 0;
    if (fix16 && utf16_nonsense(at_of(g, v), v.len, &g->scratch) &&
        !g->scratch.oom)
        return sgft__fr_prop_text(g->f, at, id, g->scratch.data,
                                  g->scratch.len);
    return prop_span(g, at, id, v);
}

/* PB and BR (colour 'B') or PW and WR. */
static int players(gib *g, char colour, bool fix16) {
    bool black = colour == 'B';
    field *name = find_field(g, black ? "GAMEBLACKNAME" : "GAMEWHITENAME");
    field *level = find_field(g, black ? "GAMEBLACKLEVEL" : "GAMEWHITELEVEL");
    field *info = find_field(g, black ? "BUSERINFO" : "WUSERINFO");
    field *tag = find_field(g, "GAMETAG");
    const char *pid = black ? "PB" : "PW", *rid = black ? "BR" : "WR";
    char rank[32] = "";
    size_t rank_at = SIZE_MAX;
    span v;
    if (name) {
        name->used = true;
        v = trim(g, name->value);
        const char *p = at_of(g, v);
        size_t open = v.len;
        if (v.len && p[v.len - 1] == ')')
            for (size_t i = v.len; i-- > 0;)
                if (p[i] == '(') {
                    open = i;
                    break;
                }
        span nm = {v.at, open};
        TRY(player(g, name->at, pid, nm, false));
        if (open < v.len) {
            const char *r = p + open + 1;
            size_t rl = v.len - open - 2;
            if (!rank_text(r, rl, rank, sizeof rank) && rl) {
                TRY(sgft__fr_prop_text(g->f, name->at, rid, r, rl));
                gib_report(g, M_FOREIGN_BAD_VALUE, name->at,
                          black ? "GIB field GAMEBLACKNAME"
                                : "GIB field GAMEWHITENAME",
                          rid, r, rl);
                return 0;
            }
            rank_at = name->at;
        }
    } else if (item_of(g, info, black ? "BID:" : "WID:", &v)) {
        TRY(player(g, info->at, pid, v, fix16));
    } else if (item_of(g, tag, black ? "M:" : "I:", &v)) {
        TRY(player(g, tag->at, pid, v, fix16));
    }
    long lv;
    if (!rank[0]) {
        if (item_of(g, info, black ? "BLV:" : "WLV:", &v) &&
            span_long(g, v, &lv) && rank_level(lv, rank, sizeof rank))
            rank_at = info->at;
        else if (item_of(g, tag, black ? "N:" : "L:", &v) &&
                 span_long(g, v, &lv) && rank_level(lv, rank, sizeof rank))
            rank_at = tag->at;
        else if (level && span_long(g, level->value, &lv) &&
                 rank_level(lv, rank, sizeof rank))
            rank_at = level->at;
    }
    if (level) {
        /* The level is the rank again, as a number or a word. */
        if (span_long(g, level->value, &lv) || rank[0])
            level->used = true;
    }
    if (rank[0])
        TRY(sgft__fr_prop_text(g->f, rank_at, rid, rank, strlen(rank)));
    return 0;
}

/* A number of tenths ("65") as a komi or a margin ("6.5"). */
static void tenths(long v, char *out, size_t outsz) {
    if (v % 10)
        snprintf(out, outsz, "%ld.%ld", v / 10, v % 10);
    else
        snprintf(out, outsz, "%ld", v / 10);
}

/* The first of: item key of the composite field, the old field. */
static bool value_of(gib *g, field *comp, const char *key, const char *old,
                     span *v, size_t *at) {
    if (item_of(g, comp, key, v)) {
        *at = comp->at;
        return true;
    }
    field *fd = find_field(g, old);
    if (fd) {
        fd->used = true;
        *v = fd->value;
        *at = fd->at;
        return true;
    }
    return false;
}

static int root_info(gib *g) {
    foreign *f = g->f;
    field *main_ = find_field(g, "GAMEINFOMAIN");
    field *sub = find_field(g, "GAMEINFOSUB");
    field *tag = find_field(g, "GAMETAG");
    field *tagm = main_ ? main_ : tag;
    span v;
    size_t at;
    long n;
    char text[96];

    /* The players.  The ids of the composite fields are read as UTF-16
     * only when both are nonsense so (one record writes them all so). */
    bool fix16 = false;
    {
        field *bi = find_field(g, "BUSERINFO"), *wi = find_field(g, "WUSERINFO");
        span b, w;
        bool hb = item_of(g, bi, "BID:", &b) || item_of(g, tag, "M:", &b);
        bool hw = item_of(g, wi, "WID:", &w) || item_of(g, tag, "I:", &w);
        if (hb && hw) {
            b = trim(g, b);
            w = trim(g, w);
            fix16 = utf16_nonsense(at_of(g, b), b.len, &g->scratch) &&
                    utf16_nonsense(at_of(g, w), w.len, &g->scratch);
        }
    }
    g->fix16 = fix16;
    TRY(players(g, 'B', fix16));
    TRY(players(g, 'W', fix16));

    /* Komi: GONGJE, else DUM, in tenths of a point. */
    long komi = -1;
    size_t komi_at = 0;
    span gv;
    size_t gat = 0;
    bool has_g = item_of(g, main_, "GONGJE:", &gv) ? (gat = main_->at, true)
                 : (tag && !main_ && item_of(g, tag, "G", &gv))
                     ? (gat = tag->at, true)
                     : false;
    field *og = find_field(g, "GAMEGONGJE");
    if (!has_g && og) {
        gv = og->value;
        gat = og->at;
        has_g = true;
    }
    if (og)
        og->used = true;
    span dv;
    size_t dat = 0;
    bool has_d = item_of(g, main_, "DUM:", &dv) ? (dat = main_->at, true)
                 : (tag && !main_ && item_of(g, tag, "D", &dv))
                     ? (dat = tag->at, true)
                     : false;
    field *od = find_field(g, "GAMEDUM");
    if (!has_d && od) {
        dv = od->value;
        dat = od->at;
        has_d = true;
    }
    if (od)
        od->used = true;
    if (has_g) {
        if (span_long(g, gv, &n)) {
            komi = n;
            komi_at = gat;
        } else {
            /* kept in GC: KM would hold what no real holds */
            span bad = trim(g, gv);
            if (g->gc.len)
                sgft__buf_putc(&g->gc, '\n');
            sgft__buf_puts(&g->gc, "GONGJE=");
            sgft__buf_put(&g->gc, at_of(g, bad), bad.len);
            gib_report(g, M_FOREIGN_BAD_VALUE, gat, "GIB komi GONGJE", "GC",
                       at_of(g, bad), bad.len);
        }
    }
    if (has_d && (komi <= 0) && span_long(g, dv, &n) && n > 0) {
        komi = n;
        komi_at = dat;
    }
    if (komi >= 0) {
        tenths(komi, text, sizeof text);
        TRY(sgft__fr_prop_text(f, komi_at, "KM", text, strlen(text)));
    }

    /* Handicap: the stones come with the moves. */
    if (g->handicap >= 2 && g->handicap <= 9)
        TRY(sgft__fr_prop_fmt(f, g->ini_at, "HA", "%ld", g->handicap));

    /* The result: GRLT, and ZIPSU in tenths of a point. */
    field *ores = find_field(g, "GAMERESULT");
    field *ozip = find_field(g, "GAMEZIPSU");
    if (ozip)
        ozip->used = true;
    span rv;
    size_t rat = 0;
    bool has_r = item_of(g, main_, "GRLT:", &rv) ? (rat = main_->at, true)
                 : (tag && !main_ && item_of(g, tag, "W", &rv))
                     ? (rat = tag->at, true)
                     : false;
    if (has_r && span_long(g, rv, &n)) {
        span zv;
        long z = -1;
        if (item_of(g, main_, "ZIPSU:", &zv) ||
            (tag && !main_ && item_of(g, tag, "Z", &zv)) ||
            (ozip && (zv = ozip->value, true)))
            if (!span_long(g, zv, &z))
                z = -1;
        const char *re = NULL;
        char score[48];
        switch (n) {
        case 0:
        case 1:
            if (z > 0) {
                tenths(z, text, sizeof text);
                snprintf(score, sizeof score, "%c+%s", n ? 'W' : 'B', text);
                re = score;
            } else {
                re = n ? "W+" : "B+";
            }
            break;
        case 3:
            re = "B+R";
            break;
        case 4:
            re = "W+R";
            break;
        case 7:
            re = "B+T";
            break;
        case 8:
            re = "W+T";
            break;
        case 255:
            re = ""; /* no result: the game was not finished */
            break;
        default:
            break;
        }
        if (re && re[0])
            TRY(sgft__fr_prop_text(f, rat, "RE", re, strlen(re)));
        if (re && ores)
            ores->used = true;
        if (!re) {
            /* A code of no known meaning: the code, and the server's
             * words when it wrote them, in GC. */
            snprintf(text, sizeof text, "GRLT=%ld", n);
            if (g->gc.len)
                sgft__buf_putc(&g->gc, '\n');
            sgft__buf_puts(&g->gc, text);
            gib_report(g, M_FOREIGN_BAD_VALUE, rat, "GIB result code GRLT",
                      "GC", text, 0);
        }
    }

    /* The date: GDATE, GAMEDATE, the tag's C. */
    if (value_of(g, sub, "GDATE:", "GAMEDATE", &v, &at) ||
        (item_of(g, tag, "C", &v) && (at = tag->at, true))) {
        field *od2 = find_field(g, "GAMEDATE");
        v = trim(g, v);
        if (date_of(at_of(g, v), v.len, text, sizeof text)) {
            TRY(sgft__fr_prop_text(f, at, "DT", text, strlen(text)));
            if (od2)
                od2->used = true;
        } else if (v.len) {
            /* No date of FF[4]: the text, in GC. */
            if (g->gc.len)
                sgft__buf_putc(&g->gc, '\n');
            sgft__buf_puts(&g->gc, "date=");
            sgft__buf_put(&g->gc, at_of(g, v), v.len);
            gib_report(g, M_FOREIGN_BAD_VALUE, at, "GIB date", "GC",
                       at_of(g, v), v.len);
            if (od2)
                od2->used = true;
        }
    }

    /* The game's name, its place, its commentator. */
    if (value_of(g, sub, "GNAME:", "GAMENAME", &v, &at) &&
        trim(g, v).len)
        TRY(prop_span(g, at, "GN", trim(g, v)));
    if ((v.len = 0, value_of(g, sub, "GPLC:", "GAMEPLACE", &v, &at)) &&
        trim(g, v).len)
        TRY(prop_span(g, at, "PC", trim(g, v)));
    field *lec = find_field(g, "GAMELECNAME");
    if (lec) {
        lec->used = true;
        if (trim(g, lec->value).len)
            TRY(prop_span(g, lec->at, "AN", trim(g, lec->value)));
    }
    find_field(g, "GAMENAME") ? (void)(find_field(g, "GAMENAME")->used = true)
                              : (void)0;
    find_field(g, "GAMEPLACE")
        ? (void)(find_field(g, "GAMEPLACE")->used = true)
        : (void)0;

    /* The time: GTIME is main time, then byo-yomi seconds and periods. */
    span tv;
    if (item_of(g, main_, "GTIME:", &tv)) {
        tv = trim(g, tv);
        const char *p = at_of(g, tv);
        long t[3] = {0};
        int k = 0;
        size_t i = 0;
        bool ok = tv.len > 0;
        while (ok && k < 3 && i < tv.len) {
            if (p[i] < '0' || p[i] > '9') {
                ok = false;
                break;
            }
            while (i < tv.len && p[i] >= '0' && p[i] <= '9' &&
                   t[k] < 100000000L)
                t[k] = t[k] * 10 + (p[i++] - '0');
            k++;
            if (i < tv.len && p[i] == '-')
                i++;
            else
                break;
        }
        if (ok && k == 3 && i == tv.len) {
            TRY(sgft__fr_prop_fmt(f, main_->at, "TM", "%ld", t[0]));
            if (t[2] > 0 && t[1] > 0)
                TRY(sgft__fr_prop_fmt(f, main_->at, "OT", "%ldx%ld byo-yomi",
                                      t[2], t[1]));
            field *ot = find_field(g, "GAMETIME");
            if (ot)
                ot->used = true;
        }
    }

    /* The moves' count is the record's own; the board's size. */
    field *tot = find_field(g, "GAMETOTALNUM");
    if (tot)
        tot->used = true;

    /* The comment. */
    span cv;
    size_t cat;
    if (value_of(g, sub, "GCMT:", "GAMECOMMENT", &cv, &cat) &&
        trim(g, cv).len) {
        cv = trim(g, cv);
        if (g->gc.len)
            sgft__buf_putc(&g->gc, '\n');
        sgft__buf_put(&g->gc, at_of(g, cv), cv.len);
    }

    /* What no property holds. */
    static const char *const main_items[] = {"GRLT", "ZIPSU", "DUM", "GONGJE",
                                             "TCNT", "LINE", "GTIME", NULL};
    static const char *const sub_items[] = {"GNAME", "GDATE", "GPLC", "GCMT",
                                            NULL};
    static const char *const binfo[] = {"BID", "BLV", NULL};
    static const char *const winfo[] = {"WID", "WLV", NULL};
    static const char *const tag_items[] = {"S", "R", "D", "G", "W", "Z",
                                            "C", "I", "L", "M", "N", NULL};
    for (size_t i = 0; i < g->nfields; i++) {
        field *fd = &g->fields[i];
        if (fd->used)
            continue;
        if (fd == main_)
            keep_items(g, fd, main_items);
        else if (fd == sub)
            g->old_style ? (void)(fd->used = true)
                         : keep_items(g, fd, sub_items);
        else if (span_is(g, fd->name, "BUSERINFO"))
            g->old_style ? (void)(fd->used = true) : keep_items(g, fd, binfo);
        else if (span_is(g, fd->name, "WUSERINFO"))
            g->old_style ? (void)(fd->used = true) : keep_items(g, fd, winfo);
        else if (fd == tag)
            (main_ || g->old_style) ? (void)(fd->used = true)
                                    : keep_items(g, fd, tag_items);
        else
            keep_field(g, fd, NULL);
    }
    (void)tagm;
    if (g->gc.oom)
        return f->p->status = SGFT_ENOMEM;
    if (g->gc.len)
        TRY(sgft__fr_prop_text(f, 0, "GC", g->gc.data, g->gc.len));
    return 0;
}

/* Tygem's handicap stones: the corners from the top right, the third
 * at the top left (not the bottom right of other servers), then the
 * sides and the centre. */
static int handicap_stones(gib *g) {
    int n = (int)g->handicap, s = g->size;
    if (n < 2 || n > 9 || s < 7)
        return 0;
    return sgft__fr_handicap(g->f, g->ini_at, n, s);
}

/* The comments of move m (0: the root). */
static int comments(gib *g, unsigned long m, unsigned long last) {
    buf *b = &g->scratch;
    sgft__buf_clear(b);
    size_t at = 0;
    for (size_t i = 0; i < g->nnotes; i++) {
        unsigned long nm = g->notes[i].move > last ? last : g->notes[i].move;
        if (nm != m)
            continue;
        if (b->len)
            sgft__buf_putc(b, '\n');
        else
            at = g->notes[i].at;
        sgft__buf_put(b, at_of(g, g->notes[i].text), g->notes[i].text.len);
    }
    if (b->oom)
        return g->f->p->status = SGFT_ENOMEM;
    return b->len ? sgft__fr_prop_text(g->f, at, "C", b->data, b->len) : 0;
}

static int emit(gib *g) {
    foreign *f = g->f;
    size_t root_at = 0;
    TRY(sgft__fr_node(f, root_at));
    TRY(sgft__fr_prop_text(f, root_at, "GM", "1", 1));
    TRY(sgft__fr_prop_text(f, root_at, "FF", "4", 1));
    TRY(sgft__fr_prop_fmt(f, root_at, "SZ", "%d", g->size));
    TRY(root_info(g));
    TRY(handicap_stones(g));
    unsigned long last = (unsigned long)g->nmoves;
    TRY(comments(g, 0, last));
    for (size_t i = 0; i < g->nmoves; i++) {
        gmove *m = &g->moves[i];
        TRY(sgft__fr_node(f, m->at));
        TRY(sgft__fr_point(f, m->at, m->colour == 1 ? "B" : "W", m->x, m->y,
                           g->size));
        TRY(comments(g, (unsigned long)i + 1, last));
    }
    return 0;
}

/* --- the reader ---------------------------------------------------------- */

static int refuse(gib *g, const char *what) {
    report r = {.detail = what};
    sgft__fr_report(g->f, M_FOREIGN_UNREADABLE, SIZE_MAX, &r);
    return 0;
}

int sgft__read_gib(foreign *f) {
    gib g = {.f = f, .handicap = -1, .size = 19};
    sgft__buf_init(&g.gc);
    sgft__buf_init(&g.scratch);
    sgft__buf_init(&g.scratch2);
    int st = 0;
    size_t i = 0;
    if (f->len >= 3 && memcmp(f->s, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < f->len && is_ws((unsigned char)f->s[i]))
        i++;
    i += 3; /* \HS, as sgft__is_gib found it */
    if (i > f->len)
        i = f->len;
    if (!read_header(&g, &i))
        goto oom;
    g.old_style = find_field(&g, "GAMEBLACKNAME") ||
                  find_field(&g, "GAMEWHITENAME");
    {
        span lv;
        long n;
        field *m = find_field(&g, "GAMEINFOMAIN");
        if (item_of(&g, m, "LINE:", &lv)) {
            if (span_long(&g, lv, &n) && n >= 2 && n <= 52)
                g.size = (int)n;
            else
                gib_report(&g, M_FOREIGN_BAD_VALUE, m->at,
                          "GIB board size LINE", "SZ", "19", 0);
        }
    }
    /* The game section. */
    while (i < f->len && is_ws((unsigned char)f->s[i]))
        i++;
    size_t known = 0, unknown = 0;
    if (f->len - i >= 3 && memcmp(f->s + i, "\\GS", 3) == 0) {
        g.has_gs = true;
        i += 3;
        if (!read_game(&g, &i, &known, &unknown))
            goto oom;
    }
    if (!g.has_gs) {
        st = refuse(&g, i >= f->len
                            ? "Tygem GIB record ends before its moves "
                              "(no \\GS section)"
                            : "Tygem GIB record of a variant not known "
                              "(no \\GS section after the header)");
        goto done;
    }
    if (!known && unknown) {
        st = refuse(&g, "Tygem GIB record of a variant not known (no INI, "
                        "STO or SKI line in its \\GS section)");
        goto done;
    }
    if (!g.has_ge) {
        report r = {.value = "the record ends before \\GE"};
        sgft__fr_report(f, M_FOREIGN_BAD_LINE, f->len, &r);
    } else if (!read_reviews(&g, i)) {
        goto oom;
    }
    if (g.handicap > 9 || (g.handicap >= 2 && g.size < 7)) {
        char t[32];
        snprintf(t, sizeof t, "%ld", g.handicap);
        gib_report(&g, M_FOREIGN_BAD_VALUE, g.ini_at, "GIB handicap of INI",
                  "GC", t, 0);
        if (g.gc.len)
            sgft__buf_putc(&g.gc, '\n');
        sgft__buf_puts(&g.gc, "INI handicap=");
        sgft__buf_puts(&g.gc, t);
        g.handicap = 0;
    }
    st = emit(&g);
    goto done;
oom:
    f->p->status = SGFT_ENOMEM;
    st = SGFT_ENOMEM;
done:
    free(g.fields);
    free(g.moves);
    free(g.notes);
    sgft__buf_free(&g.gc);
    sgft__buf_free(&g.scratch);
    sgft__buf_free(&g.scratch2);
    return st;
}
