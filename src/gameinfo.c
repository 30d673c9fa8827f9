/* gameinfo.c - checks and repairs the values of the game-info properties
 * RE, KM, TM and HA (SGF-FF4.md section 7); DT is in gameinfo_date.c.
 *
 * Each function reads the decoded SimpleText value s[0..len), which need
 * not be NUL-terminated, ignores the white space around it, and appends
 * the canonical or repaired value to out; for GI_BAD out is left as it
 * was.  Nothing is allocated but through out, and nothing recurses.
 */
#include "gameinfo.h"

/* --- numbers (KM, TM, the score of RE) ------------------------------ */

/* A number read from a value.  Its digits stay in the input where they
 * were written; repaired parts (number words, fractions) are held here. */
typedef struct amount {
    bool neg;
    const char *ip;    /* integer digits in the input, or NULL: iv */
    size_t ilen;
    unsigned iv;
    const char *fp;    /* fraction digits in the input, or NULL: fd */
    size_t flen;
    char fd[8];
    size_t fdn;
} amount;

static const word number_words[] = {
    {"zero", 0},      {"one", 1},        {"two", 2},       {"three", 3},
    {"four", 4},      {"five", 5},       {"six", 6},       {"seven", 7},
    {"eight", 8},     {"nine", 9},       {"ten", 10},      {"eleven", 11},
    {"twelve", 12},   {"thirteen", 13},  {"fourteen", 14}, {"fifteen", 15},
    {"sixteen", 16},  {"seventeen", 17}, {"eighteen", 18}, {"nineteen", 19},
    {"twenty", 20},
};

static void set_frac(amount *a, const char *digits) {
    a->fp = NULL;
    a->fdn = strlen(digits);
    memcpy(a->fd, digits, a->fdn);
}

/* A proper fraction "n/d" whose decimal expansion ends within 8 digits
 * ("1/2", "3/4"; not "1/3" or "3/2"); its digits go to a->fd. */
static bool eat_fraction(cursor *c, amount *a) {
    cursor k = *c;
    int nn, nd;
    long n = eat_digits(&k, 4, &nn);
    if (n < 0 || !eat(&k, '/'))
        return false;
    long d = eat_digits(&k, 5, &nd);
    if (d < 0 || n == 0 || n >= d)
        return false;
    size_t i = 0;
    long r = n;
    while (r && i < sizeof a->fd) {
        r *= 10;
        a->fd[i++] = (char)('0' + r / d);
        r %= d;
    }
    if (r)
        return false;
    a->fp = NULL;
    a->fdn = i;
    *c = k;
    return true;
}

/* The UTF-8 vulgar fractions one quarter, one half and three quarters. */
static bool eat_vulgar(cursor *c, amount *a) {
    if (c->end - c->p < 2 || (unsigned char)c->p[0] != 0xC2)
        return false;
    switch ((unsigned char)c->p[1]) {
    case 0xBC:
        set_frac(a, "25");
        break;
    case 0xBD:
        set_frac(a, "5");
        break;
    case 0xBE:
        set_frac(a, "75");
        break;
    default:
        return false;
    }
    c->p += 2;
    return true;
}

/* After a whole number: " 1/2", "1/2", "½", " and a half". */
static void eat_frac_after(cursor *c, amount *a) {
    cursor k = *c;
    skip_ws(&k);
    if (eat_fraction(&k, a) || eat_vulgar(&k, a) ||
        eat_word(&k, "and a half") || eat_word(&k, "and half")) {
        if (!a->fdn)
            set_frac(a, "5");
        *c = k;
    }
}

/* A number as people write it: "6.5", "6,5", ".5", "6.", "5 1/2", "5½",
 * "1/2", "half", "five", "five and a half" (sign: may start with + or -).
 * The caller has tried the FF[4] Real first. */
static bool eat_amount(cursor *c, amount *a, bool sign) {
    cursor k = *c;
    memset(a, 0, sizeof *a);
    if (sign) {
        if (eat(&k, '-'))
            a->neg = true;
        else
            eat(&k, '+');
    }
    if (eat_fraction(&k, a) || eat_vulgar(&k, a)) {
        *c = k;
        return true;
    }
    const char *ip = k.p;
    while (k.p < k.end && is_digit(*k.p))
        k.p++;
    size_t il = (size_t)(k.p - ip);
    bool sep = peek(&k, '.') || peek(&k, ',');
    if (il || (sep && peek_digit_at(&k, 1))) {
        a->ip = ip;
        a->ilen = il;
        if (sep) { /* '.' or a decimal comma */
            k.p++;
            a->fp = k.p;
            while (k.p < k.end && is_digit(*k.p))
                k.p++;
            a->flen = (size_t)(k.p - a->fp);
        } else {
            eat_frac_after(&k, a);
        }
        *c = k;
        return true;
    }
    if (eat_word(&k, "half") || eat_word(&k, "a half")) {
        set_frac(a, "5");
    } else {
        int v = eat_word_of(&k, number_words, COUNT(number_words));
        if (v < 0)
            return false;
        a->iv = (unsigned)v;
        eat_frac_after(&k, a);
    }
    *c = k;
    return true;
}

/* A Real as FF[4] writes it: optional sign (when sign), digits, and
 * optionally '.' and digits; the whole of s[0..n). */
static bool strict_real(const char *s, size_t n, bool sign, amount *a) {
    cursor c = {s, s + n};
    memset(a, 0, sizeof *a);
    if (sign) {
        if (eat(&c, '-'))
            a->neg = true;
        else
            eat(&c, '+');
    }
    a->ip = c.p;
    while (c.p < c.end && is_digit(*c.p))
        c.p++;
    a->ilen = (size_t)(c.p - a->ip);
    if (!a->ilen)
        return false;
    if (eat(&c, '.')) {
        a->fp = c.p;
        while (c.p < c.end && is_digit(*c.p))
            c.p++;
        a->flen = (size_t)(c.p - a->fp);
        if (!a->flen)
            return false;
    }
    return at_end(&c);
}

/* Writes a as a canonical Real: no '+', no leading zeros, no trailing
 * fractional zeros, no '.' without digits, no "-0". */
static void put_amount(buf *out, const amount *a) {
    const char *ip = a->ip, *fp = a->fp ? a->fp : a->fd;
    size_t il = a->ilen, fl = a->fp ? a->flen : a->fdn;
    if (ip)
        while (il && *ip == '0') {
            ip++;
            il--;
        }
    while (fl && fp[fl - 1] == '0')
        fl--;
    bool zero = (ip ? il == 0 : a->iv == 0) && fl == 0;
    if (a->neg && !zero)
        sgft__buf_putc(out, '-');
    if (!ip)
        put_uint(out, a->iv);
    else if (il)
        sgft__buf_put(out, ip, il);
    else
        sgft__buf_putc(out, '0');
    if (fl) {
        sgft__buf_putc(out, '.');
        sgft__buf_put(out, fp, fl);
    }
}

double sgft__gi_real(const char *s, size_t n) {
    size_t i = 0;
    bool neg = n && s[0] == '-';
    if (neg)
        i++;
    double v = 0, scale = 1;
    bool frac = false;
    for (; i < n; i++) {
        if (s[i] == '.') {
            frac = true;
            continue;
        }
        v = v * 10 + (s[i] - '0');
        if (frac)
            scale *= 10;
    }
    v /= scale;
    return neg ? -v : v;
}

static const word point_words[] = {
    {"points", 0}, {"point", 0}, {"pts", 0},  {"pt", 0},
    {"pnts", 0},   {"pnt", 0},   {"moku", 0},
};

/* An optional unit after a score or komi: "points", "pts", "a point". */
static void eat_points(cursor *c) {
    cursor k = *c;
    skip_ws(&k);
    if (eat_word(&k, "a"))
        skip_ws(&k);
    if (eat_word_of(&k, point_words, COUNT(point_words)) >= 0)
        *c = k;
}

bool sgft__unspace(buf *a, bool real) {
    size_t n = 0, last = 0;
    bool any = false;
    for (size_t i = 0; i < a->len; i++) {
        char c = a->data[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
            c == '\f') {
            any = true;
            continue;
        }
        a->data[n++] = c;
        last = i + 1;
    }
    bool inner = n < last;
    a->len = n;
    if (a->data)
        a->data[n] = '\0';
    return real ? inner : any;
}

gi_result sgft__gi_number(gi_fn fn, bool real, buf *a, buf *out) {
    size_t was = a->len;
    gi_result r = fn(a->data, a->len, out);
    if (r == GI_FIXED)
        return r;
    bool spaced = sgft__unspace(a, real);
    if (r == GI_OK && spaced)
        return GI_FIXED;
    if (r == GI_BAD && a->len < was) {
        out->len = 0;
        r = fn(a->data, a->len, out);
        if (r == GI_OK)
            r = GI_FIXED;
    }
    return r;
}

/* --- KM -------------------------------------------------------------- */

static const word no_komi[] = {{"no komi", 0}, {"none", 0}, {"no", 0}};

/* KM: a Real (SGF-FF4.md 7.3).  Repairs decimal commas, missing digits
 * around '.', fractions, number words, "none" and a "points" unit. */
gi_result sgft__gi_komi(const char *s, size_t len, buf *out) {
    if (!len)
        return GI_BAD;
    trim(&s, &len);
    amount a;
    if (strict_real(s, len, true, &a)) {
        put_amount(out, &a);
        return GI_OK;
    }
    cursor c = {s, s + len};
    if (eat_word_of(&c, no_komi, COUNT(no_komi)) >= 0) {
        if (!at_end(&c))
            return GI_BAD;
        sgft__buf_putc(out, '0');
        return GI_FIXED;
    }
    if (eat_word(&c, "komi")) {
        skip_ws(&c);
        if (eat(&c, ':') || eat(&c, '='))
            skip_ws(&c);
    }
    if (!eat_amount(&c, &a, true))
        return GI_BAD;
    eat_points(&c);
    skip_ws(&c);
    if (eat_word(&c, "komi"))
        skip_ws(&c);
    if (!at_end(&c))
        return GI_BAD;
    put_amount(out, &a);
    return GI_FIXED;
}

/* --- TM -------------------------------------------------------------- */

static const word time_units[] = {
    {"hours", 3600},   {"hour", 3600},    {"hrs", 3600},      {"hr", 3600},
    {"h", 3600},       {"uur", 3600},     {"stunden", 3600},  {"stunde", 3600},
    {"minutes", 60},   {"minute", 60},    {"mins", 60},       {"min", 60},
    {"mn", 60},        {"m", 60},         {"minuten", 60},    {"seconds", 1},
    {"second", 1},     {"secs", 1},       {"sec", 1},         {"s", 1},
    {"seconden", 1},   {"sekunden", 1},   {"sekunde", 1},
};

static const word per_player[] = {
    {"each", 0}, {"per player", 0}, {"per side", 0}, {"per person", 0}};

/* a in millionths, when it has at most 9 integer digits and 6 fraction
 * digits (leading and trailing zeros aside). */
static bool amount_micro(const amount *a, unsigned long long *v) {
    unsigned long long i = a->iv;
    if (a->ip) {
        const char *p = a->ip;
        size_t n = a->ilen;
        while (n && *p == '0') {
            p++;
            n--;
        }
        if (n > 9)
            return false;
        i = 0;
        for (size_t k = 0; k < n; k++)
            i = i * 10 + (unsigned)(p[k] - '0');
    }
    const char *fp = a->fp ? a->fp : a->fd;
    size_t fl = a->fp ? a->flen : a->fdn;
    while (fl && fp[fl - 1] == '0')
        fl--;
    if (fl > 6)
        return false;
    unsigned long long f = 0;
    for (size_t k = 0; k < 6; k++)
        f = f * 10 + (k < fl ? (unsigned)(fp[k] - '0') : 0);
    *v = i * 1000000u + f;
    return true;
}

/* TM: a Real number of seconds (SGF-FF4.md 7.3).  Repairs units ("90m",
 * "1.5 hours", "1h30m", "1 hour 30 min": the parts are summed), number
 * words, "none", and the Real repairs of KM.  Values with ':', '/', '+'
 * or ';' describe overtime or a clock and are kept. */
gi_result sgft__gi_time(const char *s, size_t len, buf *out) {
    if (!len)
        return GI_BAD;
    trim(&s, &len);
    amount a;
    if (strict_real(s, len, true, &a)) {
        bool zero = true;
        for (size_t i = 0; i < len; i++)
            if (s[i] >= '1' && s[i] <= '9')
                zero = false;
        if (a.neg && !zero)
            return GI_BAD; /* a negative time limit means nothing */
        put_amount(out, &a);
        return GI_OK;
    }
    for (size_t i = 0; i < len; i++)
        if (s[i] == ':' || s[i] == '/' || s[i] == '+' || s[i] == ';')
            return GI_BAD;
    cursor c = {s, s + len};
    if (eat_word(&c, "none")) {
        if (!at_end(&c))
            return GI_BAD;
        sgft__buf_putc(out, '0');
        return GI_FIXED;
    }
    unsigned long long total = 0;
    int last = 0; /* unit of the previous part: 3600, 60, 1; 0 = none */
    int parts = 0;
    while (skip_ws(&c), !at_end(&c)) {
        if (parts) {
            if (eat(&c, ',') || eat_word(&c, "and"))
                skip_ws(&c);
            if (eat_word_of(&c, per_player, COUNT(per_player)) >= 0) {
                skip_ws(&c);
                if (!at_end(&c))
                    return GI_BAD;
                break;
            }
        }
        bool article = eat_word(&c, "an") || eat_word(&c, "a");
        if (article) { /* "an hour" */
            memset(&a, 0, sizeof a);
            a.iv = 1;
        } else if (!eat_amount(&c, &a, false)) {
            return GI_BAD;
        }
        skip_ws(&c);
        cursor k = c;
        if (eat_word(&k, "an") || eat_word(&k, "a")) /* "half an hour" */
            skip_ws(&k);
        int unit = eat_word_of(&k, time_units, COUNT(time_units));
        if (unit > 0) {
            c = k;
            eat(&c, '.');
        } else if (article) {
            return GI_BAD;
        } else if (!parts) {
            /* a lone number is seconds: "5,5", ".5" */
            if (!at_end(&c))
                return GI_BAD;
            unit = 1;
        } else {
            /* "1h30", "5m30": the next smaller unit, at the end */
            if (last == 1 || !at_end(&c))
                return GI_BAD;
            unit = last / 60;
        }
        if (last && unit >= last)
            return GI_BAD;
        if (unit == 1 && !parts) { /* seconds alone: no arithmetic */
            skip_ws(&c);
            if (eat_word_of(&c, per_player, COUNT(per_player)) >= 0)
                skip_ws(&c);
            if (!at_end(&c))
                return GI_BAD;
            put_amount(out, &a);
            return GI_FIXED;
        }
        unsigned long long v;
        if (!amount_micro(&a, &v))
            return GI_BAD;
        v *= (unsigned)unit; /* < 10^15 * 3600 */
        if (total > ULLONG_MAX - v)
            return GI_BAD;
        total += v;
        last = unit;
        parts++;
    }
    if (!parts)
        return GI_BAD;
    put_uint(out, total / 1000000u);
    unsigned long long f = total % 1000000u;
    if (f) {
        char d[6];
        for (int i = 5; i >= 0; i--) {
            d[i] = (char)('0' + f % 10);
            f /= 10;
        }
        size_t n = 6;
        while (d[n - 1] == '0')
            n--;
        sgft__buf_putc(out, '.');
        sgft__buf_put(out, d, n);
    }
    return GI_FIXED;
}

/* --- HA -------------------------------------------------------------- */

static const word no_handicap[] = {
    {"no handicap", 0}, {"no stones", 0}, {"none", 0}, {"no", 0}};

static const word stone_words[] = {
    {"stones", 0}, {"stone", 0}, {"stenen", 0}, {"steine", 0}};

/* Whether the digits d[0..n) make a number that fits in a long. */
static bool fits_long(const char *d, size_t n) {
    unsigned long v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned long dig = (unsigned long)(d[i] - '0');
        if (v > ((unsigned long)LONG_MAX - dig) / 10)
            return false;
        v = v * 10 + dig;
    }
    return true;
}

/* The digits d[0..n) without leading zeros. */
static void put_count(buf *out, const char *d, size_t n) {
    while (n > 1 && *d == '0') {
        d++;
        n--;
    }
    sgft__buf_put(out, d, n);
}

/* HA: a Number (SGF-FF4.md 7.3), not negative, within a long.  Repairs
 * "9 stones", number words, "none"/"no" and a fraction of zeros ("9.0"). */
gi_result sgft__gi_handicap(const char *s, size_t len, buf *out) {
    if (!len)
        return GI_BAD;
    trim(&s, &len);
    cursor c = {s, s + len};
    bool neg = eat(&c, '-');
    bool plus = !neg && eat(&c, '+');
    const char *d = c.p;
    while (c.p < c.end && is_digit(*c.p))
        c.p++;
    size_t dn = (size_t)(c.p - d);
    if (dn && at_end(&c)) {
        if (!fits_long(d, dn))
            return GI_BAD;
        size_t nz = 0;
        while (nz < dn && d[nz] == '0')
            nz++;
        if (neg && nz < dn)
            return GI_BAD;
        put_count(out, d, dn);
        return GI_OK;
    }
    if (neg)
        return GI_BAD;
    if (dn) {
        if (eat(&c, '.')) {
            if (!peek(&c, '0'))
                return GI_BAD;
            while (eat(&c, '0'))
                ;
        }
        if (!fits_long(d, dn))
            return GI_BAD;
    } else {
        if (plus)
            return GI_BAD;
        int v = eat_word_of(&c, no_handicap, COUNT(no_handicap));
        if (v >= 0) {
            skip_ws(&c);
            if (!at_end(&c))
                return GI_BAD;
            sgft__buf_putc(out, '0');
            return GI_FIXED;
        }
        v = eat_word_of(&c, number_words, COUNT(number_words));
        if (v < 0)
            return GI_BAD;
        skip_ws(&c);
        eat_word_of(&c, stone_words, COUNT(stone_words));
        skip_ws(&c);
        if (!at_end(&c))
            return GI_BAD;
        put_uint(out, (unsigned)v);
        return GI_FIXED;
    }
    skip_ws(&c);
    eat_word_of(&c, stone_words, COUNT(stone_words));
    skip_ws(&c);
    if (!at_end(&c))
        return GI_BAD;
    put_count(out, d, dn);
    return GI_FIXED;
}

/* --- RE -------------------------------------------------------------- */

static const word draw_words[] = {
    {"draw", 0}, {"jigo", 0}, {"tie", 0}, {"remise", 0}};

static const word colours[] = {
    {"b", 'B'},       {"w", 'W'},     {"black", 'B'},   {"white", 'W'},
    {"zwart", 'B'},   {"wit", 'W'},   {"schwarz", 'B'}, {"weiss", 'W'},
    {"wei\xc3\x9f", 'W'},
};

/* How a game was won, after "B+" or "wins by"; a phrase that starts
 * with another comes before it ("time over" before "time"). */
static const word reasons[] = {
    {"resignation", 'R'}, {"resigned", 'R'},  {"resign", 'R'},
    {"res", 'R'},         {"r", 'R'},         {"timeout", 'T'},
    {"time over", 'T'},   {"timeover", 'T'},  {"time out", 'T'},
    {"time-out", 'T'},    {"time forfeit", 'T'}, {"on time", 'T'},
    {"time", 'T'},        {"t", 'T'},         {"forfeit", 'F'},
    {"forfeited", 'F'},   {"default", 'F'},   {"f", 'F'},
};

/* Verbs after the colour: the value says whether the colour lost. */
static const word win_verbs[] = {
    {"wins", 0}, {"won", 0},  {"win", 0},      {"wint", 0},
    {"gewinnt", 0}, {"loses", 1}, {"lost", 1}, {"lose", 1},
    {"verliest", 1},
};

/* Verbs by which the colour gives the game away, and the reason. */
static const word give_up_verbs[] = {
    {"resigns", 'R'},         {"resigned", 'R'},       {"resign", 'R'},
    {"forfeits", 'F'},        {"forfeited", 'F'},      {"timed out", 'T'},
    {"times out", 'T'},       {"ran out of time", 'T'},
};

/* at most 7 bytes each, in the array rather than pointed to */
static const char re_reasons[][8] = {"R", "Resign", "T",
                                     "Time", "F", "Forfeit"};

static bool span_is(const char *s, size_t n, const char *w) {
    return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* Sets *r (when r is not NULL) for a game won by col ('B' or 'W'): by
 * reason ('R', 'T', 'F'; 0: none said), or by the score written to out
 * from at on (score). */
static void re_won(sgft_result *r, int col, char reason, bool score,
                   const buf *out, size_t at) {
    if (!r)
        return;
    memset(r, 0, sizeof *r);
    r->winner = col == 'B' ? SGFT_WINNER_BLACK : SGFT_WINNER_WHITE;
    r->kind = reason == 'R'   ? SGFT_RESULT_RESIGN
              : reason == 'T' ? SGFT_RESULT_TIME
              : reason == 'F' ? SGFT_RESULT_FORFEIT
              : score         ? SGFT_RESULT_SCORE
                              : SGFT_RESULT_UNKNOWN;
    if (score && out->data) {
        r->has_margin = true;
        r->margin = sgft__gi_real(out->data + at, out->len - at);
    }
}

/* Sets *r (when not NULL) for a result named name: "0" or "Draw",
 * "Void", "?". */
static void re_named(sgft_result *r, const char *name) {
    if (!r)
        return;
    memset(r, 0, sizeof *r);
    if (name[0] == '?') {
        r->winner = SGFT_WINNER_UNKNOWN;
        r->kind = SGFT_RESULT_UNKNOWN;
    } else {
        r->winner = SGFT_WINNER_NONE;
        r->kind = name[0] == 'V' ? SGFT_RESULT_VOID : SGFT_RESULT_DRAW;
    }
}

/* Writes the canonical form of a valid RE value (SGF-FF4.md 7.2). */
static bool re_valid(const char *s, size_t n, buf *out, sgft_result *r) {
    if (span_is(s, n, "0") || span_is(s, n, "Draw") ||
        span_is(s, n, "Void") || span_is(s, n, "?")) {
        sgft__buf_put(out, s, n);
        re_named(r, n == 1 && s[0] == '0' ? "Draw" : s);
        return true;
    }
    if (n < 2 || (s[0] != 'B' && s[0] != 'W') || s[1] != '+')
        return false;
    bool ok = n == 2;
    for (size_t i = 0; i < COUNT(re_reasons) && !ok; i++)
        ok = span_is(s + 2, n - 2, re_reasons[i]);
    if (ok) {
        sgft__buf_put(out, s, n);
        re_won(r, s[0], n == 2 ? 0 : s[2], false, out, 0);
        return true;
    }
    amount a;
    if (!strict_real(s + 2, n - 2, false, &a))
        return false;
    sgft__buf_put(out, s, 2);
    size_t at = out->len;
    put_amount(out, &a);
    re_won(r, s[0], 0, true, out, at);
    return true;
}

/* What follows "B+" or "wins by": a reason or a score (with a unit), or
 * nothing unless need. */
static bool re_tail(cursor *c, bool need, char *reason, amount *a,
                    bool *score) {
    skip_ws(c);
    int r = eat_word_of(c, reasons, COUNT(reasons));
    if (r >= 0) {
        *reason = (char)r;
        return true;
    }
    if (eat_amount(c, a, false)) {
        *score = true;
        eat_points(c);
        return true;
    }
    return !need;
}

/* One statement of who won ("B+R", "White wins by 3.5", "Black
 * resigns"): the winner, and the reason or the score if it says one. */
typedef struct re_clause {
    int col;
    char reason;
    bool score;
    amount a;
} re_clause;

/* Reads one statement at c; false (c anywhere) when there is none. */
static bool re_clause_read(cursor *c, re_clause *r) {
    memset(r, 0, sizeof *r);
    int col = eat_word_of(c, colours, COUNT(colours));
    if (col < 0)
        return false;
    int other = col == 'B' ? 'W' : 'B';
    skip_ws(c);
    if (eat(c, '+')) {
        /* "W++1.0", "B+-3": the sign of the score is dropped */
        while (skip_ws(c), eat(c, '+') || eat(c, '-'))
            ;
        re_tail(c, false, &r->reason, &r->a, &r->score);
    } else {
        int v = eat_word_of(c, give_up_verbs, COUNT(give_up_verbs));
        if (v >= 0) {
            col = other; /* the one who resigns loses */
            r->reason = (char)v;
        } else {
            v = eat_word_of(c, win_verbs, COUNT(win_verbs));
            if (v < 0)
                return false;
            if (v)
                col = other;
            skip_ws(c);
            if (eat_word(c, "by")) {
                if (!re_tail(c, true, &r->reason, &r->a, &r->score))
                    return false;
            } else {
                re_tail(c, false, &r->reason, &r->a, &r->score);
            }
        }
    }
    r->col = col;
    return true;
}

/* RE: the result (SGF-FF4.md 7.2).  Repairs case, draw and void words,
 * scores written with a comma, fractions or a unit, extra signs after
 * "B+", reasons in words ("W+Time Over"), Dutch and German colours, and
 * English sentences ("White wins by resignation", "black resigns": the
 * other colour wins).  Several sentences ("Black resigns. White wins.")
 * are read when they say the same: one winner, and at most one reason or
 * one score; any other text and the value is kept. */
gi_result sgft__gi_result(const char *s, size_t len, buf *out) {
    return sgft__gi_result_read(s, len, out, NULL);
}

gi_result sgft__gi_result_read(const char *s, size_t len, buf *out,
                               sgft_result *r) {
    if (!len)
        return GI_BAD;
    trim(&s, &len);
    if (re_valid(s, len, out, r))
        return GI_OK;
    cursor c = {s, s + len};
    const char *name = NULL;
    if (eat_word_of(&c, draw_words, COUNT(draw_words)) >= 0)
        name = "Draw";
    else if (eat_word(&c, "void") || eat_word(&c, "no result"))
        name = "Void";
    else if (eat_word(&c, "unknown"))
        name = "?";
    if (name) {
        eat(&c, '.');
        if (!at_end(&c))
            return GI_BAD;
        sgft__buf_puts(out, name);
        re_named(r, name);
        return GI_FIXED;
    }
    re_clause res, more;
    if (!re_clause_read(&c, &res))
        return GI_BAD;
    for (;;) {
        skip_ws(&c);
        bool sep = false;
        while (eat(&c, '.') || eat(&c, '!') || eat(&c, ',') || eat(&c, ';')) {
            sep = true;
            skip_ws(&c);
        }
        if (at_end(&c))
            break;
        if (!sep || !re_clause_read(&c, &more) || more.col != res.col)
            return GI_BAD;
        if (more.reason && res.reason && more.reason != res.reason)
            return GI_BAD;
        if (more.score && (res.score || res.reason))
            return GI_BAD;
        if (more.reason && res.score)
            return GI_BAD;
        if (more.reason)
            res.reason = more.reason;
        if (more.score) {
            res.score = true;
            res.a = more.a;
        }
    }
    sgft__buf_putc(out, (char)res.col);
    sgft__buf_putc(out, '+');
    size_t at = out->len;
    if (res.reason)
        sgft__buf_putc(out, res.reason);
    else if (res.score)
        put_amount(out, &res.a);
    re_won(r, res.col, res.reason, !res.reason && res.score, out, at);
    return GI_FIXED;
}
