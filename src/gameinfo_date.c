/* gameinfo_date.c - checks and repairs the DT value (SGF-FF4.md 7.1),
 * the way gameinfo.c does the other game-info values: the decoded value
 * is read, its canonical or repaired form appended to out. */
#include "gameinfo.h"

/* --- DT -------------------------------------------------------------- */

/* One date of a DT list; m and d are 0 when not given. */
typedef struct date {
    int y, m, d;
} date;

enum { MAX_DATES = 64 };

typedef struct dates {
    date v[MAX_DATES];
    size_t n;
    /* Set: each date is handed to emit instead of kept (any number of
     * them), until it returns false (stopped). */
    sgft_date_fn emit;
    void *userdata;
    bool stopped;
} dates;

/* The kinds of DT items (SGF-FF4.md 7.1). */
enum { DK_NONE, DK_Y, DK_YM, DK_YMD, DK_MD, DK_M, DK_D };

static bool is_leap(int y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Days of month m (1-12) of year y, Gregorian. */
static int month_days(int y, int m) {
    static const unsigned char days[12] = {31, 28, 31, 30, 31, 30,
                                           31, 31, 30, 31, 30, 31};
    return m == 2 && is_leap(y) ? 29 : days[m - 1];
}

static bool add_date(dates *l, int y, int m, int d) {
    if (!l)
        return true;
    if (l->emit) {
        sgft_date x = {y, m, d};
        if (!l->stopped && !l->emit(l->userdata, &x))
            l->stopped = true;
        return true;
    }
    if (l->n == MAX_DATES)
        return false;
    l->v[l->n].y = y;
    l->v[l->n].m = m;
    l->v[l->n].d = d;
    l->n++;
    return true;
}

/* Reads a DT list in the FF[4] form: items separated by ',', a shortcut
 * allowed only after the kinds the table of 7.1 gives.  relaxed takes
 * one-digit months and days, a '-' that nothing follows, and white
 * space, "and" or "&" with or instead of the commas.  The dates go to l (when not NULL). */
static bool iso_list(const char *s, size_t n, bool relaxed, dates *l) {
    cursor c = {s, s + n};
    int kind = DK_NONE, y = 0, m = 0, d = 0;
    int minw = relaxed ? 1 : 2;
    if (l)
        l->n = 0;
    for (;;) {
        long g[3];
        int w[3], k = 0;
        for (;;) {
            g[k] = eat_digits(&c, 4, &w[k]);
            if (g[k] < 0)
                return false;
            k++;
            if (k == 3 || !peek(&c, '-') || !peek_digit_at(&c, 1))
                break;
            c.p++;
        }
        int first = 0;
        if (w[0] == 4) {
            y = (int)g[0];
            kind = k == 1 ? DK_Y : k == 2 ? DK_YM : DK_YMD;
            first = 1;
        } else if (k == 2) {
            if (kind == DK_NONE || kind == DK_Y)
                return false;
            kind = DK_MD;
        } else if (k == 1) {
            if (kind == DK_YM || kind == DK_M)
                kind = DK_M;
            else if (kind == DK_YMD || kind == DK_MD || kind == DK_D)
                kind = DK_D;
            else
                return false;
        } else {
            return false;
        }
        for (int i = first; i < k; i++)
            if (w[i] < minw || w[i] > 2)
                return false;
        switch (kind) {
        case DK_Y:
            m = 0;
            break;
        case DK_YM:
        case DK_M:
            m = (int)g[k - 1];
            break;
        case DK_YMD:
        case DK_MD:
            m = (int)g[k - 2];
            d = (int)g[k - 1];
            break;
        default: /* DK_D */
            d = (int)g[0];
            break;
        }
        if (kind != DK_Y && (m < 1 || m > 12))
            return false;
        bool day = kind == DK_YMD || kind == DK_MD || kind == DK_D;
        if (day && (d < 1 || d > month_days(y, m)))
            return false;
        if (!add_date(l, y, m, day ? d : 0))
            return false;
        if (relaxed && peek(&c, '-') && !peek_digit_at(&c, 1))
            c.p++; /* a '-' with nothing after it: 1968-08- */
        if (at_end(&c))
            return true;
        if (!relaxed) {
            if (!eat(&c, ',') || at_end(&c))
                return false;
            continue;
        }
        skip_ws(&c);
        if (eat(&c, ','))
            skip_ws(&c);
        if (eat_word(&c, "and") || eat(&c, '&'))
            skip_ws(&c);
        if (at_end(&c))
            return false;
    }
}

/* Writes the dates of l in the FF[4] form, with the shortcuts the
 * specification recommends (SGF-FF4.md 7.1). */
static void put_dates(buf *out, const dates *l) {
    int kind = DK_NONE, y = 0, m = 0;
    for (size_t i = 0; i < l->n; i++) {
        const date *x = &l->v[i];
        if (i)
            sgft__buf_putc(out, ',');
        bool same_y = i && x->y == y;
        if (x->d) {
            if (same_y && x->m == m &&
                (kind == DK_YMD || kind == DK_MD || kind == DK_D)) {
                kind = DK_D;
            } else if (same_y && kind != DK_Y) {
                put_padded(out, x->m, 2);
                sgft__buf_putc(out, '-');
                kind = DK_MD;
            } else {
                put_padded(out, x->y, 4);
                sgft__buf_putc(out, '-');
                put_padded(out, x->m, 2);
                sgft__buf_putc(out, '-');
                kind = DK_YMD;
            }
            put_padded(out, x->d, 2);
        } else if (x->m) {
            if (same_y && (kind == DK_YM || kind == DK_M)) {
                kind = DK_M;
            } else {
                put_padded(out, x->y, 4);
                sgft__buf_putc(out, '-');
                kind = DK_YM;
            }
            put_padded(out, x->m, 2);
        } else {
            put_padded(out, x->y, 4);
            kind = DK_Y;
        }
        y = x->y;
        m = x->m;
    }
}

/* Tokens of a date written in words ("12th and 13th march 94"); the
 * separators come last. */
enum { T_NUM, T_ORD, T_MONTH, T_DATE, T_AND, T_RANGE, T_COMMA };

typedef struct token {
    int kind;
    int val, nd; /* value and digit count of T_NUM, T_ORD, T_MONTH */
    date dt;     /* T_DATE */
} token;

enum { MAX_TOKENS = 64 };

static const word month_words[] = {
    {"january", 1},   {"jan", 1},      {"januari", 1},    {"januar", 1},
    {"february", 2},  {"feb", 2},      {"februari", 2},   {"februar", 2},
    {"march", 3},     {"mar", 3},      {"maart", 3},      {"mrt", 3},
    {"maerz", 3},     {"m\xc3\xa4rz", 3}, {"mrz", 3},     {"april", 4},
    {"apr", 4},       {"may", 5},      {"mei", 5},        {"mai", 5},
    {"june", 6},      {"jun", 6},      {"juni", 6},       {"july", 7},
    {"jul", 7},       {"juli", 7},     {"august", 8},     {"aug", 8},
    {"augustus", 8},  {"september", 9}, {"sept", 9},      {"sep", 9},
    {"october", 10},  {"oct", 10},     {"oktober", 10},   {"okt", 10},
    {"november", 11}, {"nov", 11},     {"december", 12},  {"dec", 12},
    {"dezember", 12}, {"dez", 12},
};

static const word and_words[] = {{"and", 0}, {"en", 0}, {"und", 0}};

static const word range_words[] = {
    {"to", 0},   {"till", 0},    {"until", 0}, {"through", 0},
    {"thru", 0}, {"tot", 0},     {"bis", 0},
};

/* Words that add nothing to a date: weekdays, "the 5th of March". */
static const word filler_words[] = {
    {"the", 0},      {"of", 0},       {"monday", 0},   {"tuesday", 0},
    {"wednesday", 0}, {"thursday", 0}, {"friday", 0},  {"saturday", 0},
    {"sunday", 0},   {"mon", 0},      {"tue", 0},      {"tues", 0},
    {"wed", 0},      {"thu", 0},      {"thur", 0},     {"thurs", 0},
    {"fri", 0},      {"sat", 0},      {"sun", 0},
};

static const word ordinal_suffixes[] = {
    {"st", 0}, {"nd", 0}, {"rd", 0}, {"th", 0}};

/* A date of numbers joined by one separator, with the 4-digit year first
 * or last: "1996/05/16", "16.05.1996", "2000-7-19", "05-1997".  Month and
 * day are told apart by a part above 12 (or by being equal); with '-' and
 * the year first the order is ISO's. */
static bool numeric_date(const long *g, const int *w, int k, char sep,
                         date *dt) {
    int yi = w[0] == 4 ? 0 : k - 1;
    for (int i = 0; i < k; i++)
        if (i != yi && (w[i] < 1 || w[i] > 2))
            return false;
    int a = (int)g[yi == 0 ? 1 : 0], b = k == 3 ? (int)g[yi == 0 ? 2 : 1] : 0;
    dt->y = (int)g[yi];
    dt->d = 0;
    if (k == 2) {
        dt->m = a;
    } else if ((sep == '-' && yi == 0) || a == b || (b > 12 && a <= 12)) {
        dt->m = a;
        dt->d = b;
    } else if (a > 12 && b <= 12) {
        dt->m = b;
        dt->d = a;
    } else {
        return false; /* "1996/05/06": which is the month? */
    }
    if (dt->m < 1 || dt->m > 12)
        return false;
    return k == 2 || (dt->d >= 1 && dt->d <= month_days(dt->y, dt->m));
}

static token *new_token(token *t, size_t *nt, int kind) {
    if (*nt == MAX_TOKENS)
        return NULL;
    token *k = &t[(*nt)++];
    memset(k, 0, sizeof *k);
    k->kind = kind;
    return k;
}

/* Splits a date written in words into tokens; false on anything that is
 * not part of a date. */
static bool date_tokens(const char *s, size_t n, token *t, size_t *nt) {
    cursor c = {s, s + n};
    *nt = 0;
    for (;;) {
        skip_ws(&c);
        if (at_end(&c))
            return true;
        char ch = *c.p;
        token *k;
        if (is_digit(ch)) {
            long g[3];
            int w[3], nk = 0;
            char sep = 0;
            for (;;) {
                g[nk] = eat_digits(&c, 4, &w[nk]);
                if (g[nk] < 0)
                    return false;
                nk++;
                if (c.end - c.p < 2 || !is_digit(c.p[1]) ||
                    (*c.p != '-' && *c.p != '/' && *c.p != '.'))
                    break;
                if (nk == 3 || (sep && *c.p != sep))
                    return false;
                sep = *c.p++;
            }
            if (nk == 1) {
                bool ord = false;
                if (w[0] <= 2) {
                    if (eat_word_of(&c, ordinal_suffixes,
                                    COUNT(ordinal_suffixes)) >= 0) {
                        ord = true;
                    } else if (peek(&c, '.') &&
                               (c.p + 1 == c.end || is_space(c.p[1]))) {
                        c.p++; /* "5. März" */
                        ord = true;
                    }
                }
                if (!(k = new_token(t, nt, ord ? T_ORD : T_NUM)))
                    return false;
                k->val = (int)g[0];
                k->nd = w[0];
                continue;
            }
            int years = 0;
            for (int i = 0; i < nk; i++)
                years += w[i] == 4;
            if (years == 0 && nk == 3 && w[0] <= 2 && w[1] <= 2 &&
                w[2] == 2 && g[2] > 31) {
                /* "13/5/95": a last part of two digits that is no day is
                 * a year of the 1900s (2032 is not yet) */
                g[2] += 1900;
                w[2] = 4;
                years = 1;
            }
            if (years == 1 && (w[0] == 4 || w[nk - 1] == 4)) {
                if (!(k = new_token(t, nt, T_DATE)) ||
                    !numeric_date(g, w, nk, sep, &k->dt))
                    return false;
                continue;
            }
            if (sep != '-')
                return false;
            for (int i = 0; i < nk; i++) { /* "5-7", "1996-1998" */
                if (i && !new_token(t, nt, T_RANGE))
                    return false;
                if (!(k = new_token(t, nt, T_NUM)))
                    return false;
                k->val = (int)g[i];
                k->nd = w[i];
            }
            continue;
        }
        if ((ch == '-' || ch == '/' || ch == '.') && c.p > s &&
            is_digit(c.p[-1])) {
            /* "5-Mar-1997": the separators join the parts of one date */
            cursor m = c;
            m.p++;
            int mo = eat_word_of(&m, month_words, COUNT(month_words));
            if (mo > 0 && peek(&m, ch) && peek_digit_at(&m, 1)) {
                if (!(k = new_token(t, nt, T_MONTH)))
                    return false;
                k->val = mo;
                c.p = m.p + 1;
                continue;
            }
        }
        if (ch == ',' || ch == '&' || ch == '-') {
            c.p++;
            if (!new_token(t, nt, ch == ',' ? T_COMMA
                                  : ch == '&' ? T_AND
                                              : T_RANGE))
                return false;
            continue;
        }
        if (c.end - c.p >= 3 && (unsigned char)c.p[0] == 0xE2 &&
            (unsigned char)c.p[1] == 0x80 &&
            ((unsigned char)c.p[2] == 0x93 || (unsigned char)c.p[2] == 0x94)) {
            c.p += 3; /* en or em dash */
            if (!new_token(t, nt, T_RANGE))
                return false;
            continue;
        }
        int mo = eat_word_of(&c, month_words, COUNT(month_words));
        if (mo > 0) {
            eat(&c, '.'); /* "Mar." */
            if (!(k = new_token(t, nt, T_MONTH)))
                return false;
            k->val = mo;
        } else if (eat_word_of(&c, and_words, COUNT(and_words)) >= 0) {
            if (!new_token(t, nt, T_AND))
                return false;
        } else if (eat_word_of(&c, range_words, COUNT(range_words)) >= 0) {
            if (!new_token(t, nt, T_RANGE))
                return false;
        } else if (eat_word_of(&c, filler_words, COUNT(filler_words)) >= 0) {
            eat(&c, '.'); /* "Sun., March 5" */
            skip_ws(&c);
            eat(&c, ',');
        } else {
            return false;
        }
    }
}

/* A date of the words form, its parts filled in later; range: a range
 * runs from it to the next one. */
typedef struct expr {
    int y, m, d;
    bool range;
} expr;

static bool push_expr(expr *e, size_t *ne, expr *cur, bool *has) {
    if (*has) {
        if (*ne == MAX_DATES)
            return false;
        e[(*ne)++] = *cur;
    }
    memset(cur, 0, sizeof *cur);
    *has = false;
    return true;
}

/* Groups tokens into dates: a part whose slot is taken starts the next
 * date, as do "and" and ranges; a comma only separates.  A number of one
 * or two digits is a day, or a year when it follows a month. */
static bool date_exprs(const token *t, size_t nt, expr *e, size_t *ne) {
    expr cur;
    bool has = false, anchor = false;
    memset(&cur, 0, sizeof cur);
    *ne = 0;
    for (size_t i = 0; i < nt; i++) {
        const token *k = &t[i];
        int slot = 0; /* 1 year, 2 month, 3 day */
        int v = k->val;
        switch (k->kind) {
        case T_DATE:
            anchor = true;
            if (!push_expr(e, ne, &cur, &has))
                return false;
            cur.y = k->dt.y;
            cur.m = k->dt.m;
            cur.d = k->dt.d;
            has = true;
            continue;
        case T_MONTH:
            anchor = true;
            slot = 2;
            break;
        case T_ORD:
            slot = 3;
            break;
        case T_NUM:
            if (k->nd == 4) {
                anchor = true;
                slot = 1;
            } else if (k->nd > 2) {
                return false;
            } else if (cur.m && !cur.y && (cur.d || v > 31)) {
                /* "March 94", "12 March 94": a two-digit year, of the
                 * 1900s, after the month */
                if (k->nd != 2)
                    return false;
                v += 1900;
                slot = 1;
            } else {
                slot = 3;
            }
            break;
        case T_COMMA: /* between two parts only */
            if (i == 0 || i + 1 == nt || t[i - 1].kind >= T_AND ||
                t[i + 1].kind >= T_AND)
                return false;
            continue;
        default: /* T_AND, T_RANGE */
            if (!has)
                return false;
            cur.range = k->kind == T_RANGE;
            if (!push_expr(e, ne, &cur, &has))
                return false;
            continue;
        }
        int *f = slot == 1 ? &cur.y : slot == 2 ? &cur.m : &cur.d;
        if (slot == 3 && (v < 1 || v > 31)) /* "32 March" */
            return false;
        if (*f && !push_expr(e, ne, &cur, &has))
            return false;
        *f = v;
        has = true;
    }
    if (!has || !anchor)
        return false;
    return push_expr(e, ne, &cur, &has);
}

/* The value of field f (0 year, 1 month) of the nearest later date that
 * has it, else of the nearest earlier one; 0 when none has. */
static int borrow(const expr *e, size_t n, size_t i, int f) {
    for (size_t j = i + 1; j < n; j++)
        if (f ? e[j].m : e[j].y)
            return f ? e[j].m : e[j].y;
    for (size_t j = i; j-- > 0;)
        if (f ? e[j].m : e[j].y)
            return f ? e[j].m : e[j].y;
    return 0;
}

static int precision(const expr *x) { return x->d ? 3 : x->m ? 2 : 1; }

static int compare(const expr *a, const expr *b) {
    if (a->y != b->y)
        return a->y < b->y ? -1 : 1;
    if (a->m != b->m)
        return a->m < b->m ? -1 : 1;
    return a->d < b->d ? -1 : a->d > b->d;
}

/* The next year, month or day, as precise as x. */
static void next_date(expr *x) {
    switch (precision(x)) {
    case 3:
        if (++x->d <= month_days(x->y, x->m))
            return;
        x->d = 1;
        /* fall through */
    case 2:
        if (++x->m <= 12)
            return;
        x->m = 1;
        /* fall through */
    default:
        x->y++;
    }
}

/* Reads a date written in words or with other separators: "5 March
 * 1997", "March 5, 1997", "12th and 13th march 94", "1996/05/16",
 * "March 5-7, 1997".  A missing year or month is taken from the nearest
 * later date that has one, else from the nearest earlier; ranges are
 * listed day by day (month by month, year by year). */
static bool word_dates(const char *s, size_t n, dates *l) {
    token t[MAX_TOKENS];
    expr e[MAX_DATES];
    size_t nt, ne;
    if (!date_tokens(s, n, t, &nt) || !date_exprs(t, nt, e, &ne))
        return false;
    for (size_t i = 0; i < ne; i++) {
        if (!e[i].y && !(e[i].y = borrow(e, ne, i, 0)))
            return false;
        if (e[i].d && !e[i].m && !(e[i].m = borrow(e, ne, i, 1)))
            return false;
        if (e[i].d && e[i].d > month_days(e[i].y, e[i].m))
            return false;
    }
    l->n = 0;
    for (size_t i = 0; i < ne; i++) {
        if (!add_date(l, e[i].y, e[i].m, e[i].d))
            return false;
        if (!e[i].range)
            continue;
        if (i + 1 == ne || e[i + 1].range ||
            precision(&e[i]) != precision(&e[i + 1]) ||
            compare(&e[i], &e[i + 1]) >= 0)
            return false;
        expr x = e[i];
        for (next_date(&x); compare(&x, &e[i + 1]) < 0; next_date(&x))
            if (!add_date(l, x.y, x.m, x.d))
                return false;
    }
    return true;
}

/* DT: a list of dates (SGF-FF4.md 7.1).  Repairs one-digit months and
 * days, other separators when the order is clear, English (and some
 * Dutch and German) month names, two-digit years (19xx: in words, alone,
 * or after day and month when above 31: 13/5/95) and lists or
 * ranges written with spaces, "and" or "to"; the repaired list uses the
 * recommended shortcuts.  Invalid calendar dates are not repaired. */
gi_result sgft__gi_date(const char *s, size_t len, buf *out) {
    if (!len)
        return GI_BAD;
    trim(&s, &len);
    if (!len)
        return GI_BAD;
    if (iso_list(s, len, false, NULL)) {
        sgft__buf_put(out, s, len);
        return GI_OK;
    }
    if (len == 2 && is_digit(s[0]) && is_digit(s[1])) { /* "97" */
        sgft__buf_puts(out, "19");
        sgft__buf_put(out, s, len);
        return GI_FIXED;
    }
    dates l = {.n = 0}; /* emit NULL: kept */
    if (!iso_list(s, len, true, &l) && !word_dates(s, len, &l))
        return GI_BAD;
    put_dates(out, &l);
    return GI_FIXED;
}

int sgft_dates_parse(const char *s, size_t len, sgft_date_fn fn,
                     void *userdata) {
    if (!s)
        return SGFT_EINVAL;
    buf b;
    sgft__buf_init(&b);
    gi_result r = sgft__gi_date(s, len, &b);
    if (r == GI_BAD) {
        b.len = 0;
        r = sgft__gi_words_date(s, len, &b);
    }
    /* The dates of the canonical form, which the FF[4] reading takes,
     * handed on as they are read: a list of any length. */
    dates l = {.n = 0, .emit = fn, .userdata = userdata, .stopped = !fn};
    bool ok = r != GI_BAD && !b.oom && iso_list(b.data, b.len, false, &l);
    bool oom = b.oom;
    sgft__buf_free(&b);
    if (oom)
        return SGFT_ENOMEM;
    if (!ok)
        return SGFT_EINVAL;
    return r == GI_OK ? 0 : 1;
}
