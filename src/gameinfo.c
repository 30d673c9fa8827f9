/* gameinfo.c - checks and repairs the values of the game-info properties
 * DT, RE, KM, TM and HA (SGF-FF4.md section 7).
 *
 * Each function reads the decoded SimpleText value s[0..len), which need
 * not be NUL-terminated, ignores the white space around it, and appends
 * the canonical or repaired value to out; for GI_BAD out is left as it
 * was.  Nothing is allocated but through out, and nothing recurses.
 */
#include "internal.h"

#include <limits.h>
#include <string.h>


#define COUNT(a) (sizeof(a) / sizeof *(a))

/* --- characters and words ------------------------------------------- */

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* ASCII letters, and the bytes of non-ASCII characters (words of other
 * languages, or symbols such as the vulgar fractions). */
static bool is_letter(char c) {
    unsigned char u = (unsigned char)c;
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80;
}

static unsigned char to_lower(char c) {
    unsigned char u = (unsigned char)c;
    return u >= 'A' && u <= 'Z' ? (unsigned char)(u + ('a' - 'A')) : u;
}

/* Removes the white space around s[0..*len). */
static void trim(const char **s, size_t *len) {
    const char *p = *s, *e = *s + *len;
    while (p < e && is_space(*p))
        p++;
    while (e > p && is_space(e[-1]))
        e--;
    *s = p;
    *len = (size_t)(e - p);
}

/* A read position in a value; p never passes end. */
typedef struct cursor {
    const char *p, *end;
} cursor;

static bool at_end(const cursor *c) { return c->p == c->end; }

static void skip_ws(cursor *c) {
    while (c->p < c->end && is_space(*c->p))
        c->p++;
}

static bool peek(const cursor *c, char ch) {
    return c->p < c->end && *c->p == ch;
}

static bool peek_digit_at(const cursor *c, size_t i) {
    return (size_t)(c->end - c->p) > i && is_digit(c->p[i]);
}

static bool eat(cursor *c, char ch) {
    if (!peek(c, ch))
        return false;
    c->p++;
    return true;
}

/* Consumes the word w (lowercase) in any ASCII case, when no letter
 * follows it; a space in w matches a run of white space. */
static bool eat_word(cursor *c, const char *w) {
    const char *p = c->p;
    for (; *w; w++) {
        if (*w == ' ') {
            if (p == c->end || !is_space(*p))
                return false;
            while (p < c->end && is_space(*p))
                p++;
        } else {
            if (p == c->end || to_lower(*p) != (unsigned char)*w)
                return false;
            p++;
        }
    }
    if (p < c->end && is_letter(*p))
        return false;
    c->p = p;
    return true;
}

typedef struct word {
    const char *text;
    int val;
} word;

/* Consumes the first word of t[0..n) found at c; its value, or -1. */
static int eat_word_of(cursor *c, const word *t, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (eat_word(c, t[i].text))
            return t[i].val;
    return -1;
}

/* Consumes a run of at most max digits; its value, or -1 (consuming
 * nothing) when there is no digit or more than max of them.  *nd gets
 * the count. */
static long eat_digits(cursor *c, int max, int *nd) {
    const char *p = c->p;
    long v = 0;
    int n = 0;
    while (p < c->end && is_digit(*p)) {
        if (n == max)
            return -1;
        v = v * 10 + (*p++ - '0');
        n++;
    }
    *nd = n;
    if (!n)
        return -1;
    c->p = p;
    return v;
}

static void put_uint(buf *out, unsigned long long v) {
    char d[24];
    size_t n = 0;
    do {
        d[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        sgft__buf_putc(out, d[--n]);
}

/* v in exactly width digits, with leading zeros. */
static void put_padded(buf *out, int v, int width) {
    char d[8];
    for (int i = width - 1; i >= 0; i--) {
        d[i] = (char)('0' + v % 10);
        v /= 10;
    }
    sgft__buf_put(out, d, (size_t)width);
}

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

static const word reasons[] = {
    {"resignation", 'R'}, {"resigned", 'R'}, {"resign", 'R'},
    {"res", 'R'},         {"r", 'R'},        {"timeout", 'T'},
    {"time", 'T'},        {"t", 'T'},        {"forfeit", 'F'},
    {"forfeited", 'F'},   {"default", 'F'},  {"f", 'F'},
};

/* Verbs after the colour: the value says whether the colour lost. */
static const word win_verbs[] = {
    {"wins", 0}, {"won", 0},  {"win", 0},      {"wint", 0},
    {"gewinnt", 0}, {"loses", 1}, {"lost", 1}, {"lose", 1},
    {"verliest", 1},
};

/* Verbs by which the colour gives the game away, and the reason. */
static const word give_up_verbs[] = {
    {"resigns", 'R'},  {"resigned", 'R'},  {"resign", 'R'},
    {"forfeits", 'F'}, {"forfeited", 'F'}, {"timed out", 'T'},
};

static const char *const re_reasons[] = {"R", "Resign", "T",
                                         "Time", "F", "Forfeit"};

static bool span_is(const char *s, size_t n, const char *w) {
    return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* Writes the canonical form of a valid RE value (SGF-FF4.md 7.2). */
static bool re_valid(const char *s, size_t n, buf *out) {
    if (span_is(s, n, "0") || span_is(s, n, "Draw") ||
        span_is(s, n, "Void") || span_is(s, n, "?")) {
        sgft__buf_put(out, s, n);
        return true;
    }
    if (n < 2 || (s[0] != 'B' && s[0] != 'W') || s[1] != '+')
        return false;
    bool ok = n == 2;
    for (size_t i = 0; i < COUNT(re_reasons) && !ok; i++)
        ok = span_is(s + 2, n - 2, re_reasons[i]);
    if (ok) {
        sgft__buf_put(out, s, n);
        return true;
    }
    amount a;
    if (!strict_real(s + 2, n - 2, false, &a))
        return false;
    sgft__buf_put(out, s, 2);
    put_amount(out, &a);
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

/* RE: the result (SGF-FF4.md 7.2).  Repairs case, draw and void words,
 * scores written with a comma, fractions or a unit, extra signs after
 * "B+", Dutch and German colours, and English sentences ("White wins
 * by resignation", "black resigns": the other colour wins). */
gi_result sgft__gi_result(const char *s, size_t len, buf *out) {
    if (!len)
        return GI_BAD;
    trim(&s, &len);
    if (re_valid(s, len, out))
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
        return GI_FIXED;
    }
    int col = eat_word_of(&c, colours, COUNT(colours));
    if (col < 0)
        return GI_BAD;
    int other = col == 'B' ? 'W' : 'B';
    char reason = 0;
    bool score = false;
    amount a;
    skip_ws(&c);
    if (eat(&c, '+')) {
        /* "W++1.0", "B+-3": the sign of the score is dropped */
        while (skip_ws(&c), eat(&c, '+') || eat(&c, '-'))
            ;
        re_tail(&c, false, &reason, &a, &score);
    } else {
        int v = eat_word_of(&c, give_up_verbs, COUNT(give_up_verbs));
        if (v >= 0) {
            col = other;
            reason = (char)v;
        } else {
            v = eat_word_of(&c, win_verbs, COUNT(win_verbs));
            if (v < 0)
                return GI_BAD;
            if (v)
                col = other;
            skip_ws(&c);
            if (eat_word(&c, "on time"))
                reason = 'T';
            else if (eat_word(&c, "by")) {
                if (!re_tail(&c, true, &reason, &a, &score))
                    return GI_BAD;
            } else
                re_tail(&c, false, &reason, &a, &score);
        }
    }
    skip_ws(&c);
    eat(&c, '.');
    if (!at_end(&c))
        return GI_BAD;
    sgft__buf_putc(out, (char)col);
    sgft__buf_putc(out, '+');
    if (reason)
        sgft__buf_putc(out, reason);
    else if (score)
        put_amount(out, &a);
    return GI_FIXED;
}

/* --- DT -------------------------------------------------------------- */

/* One date of a DT list; m and d are 0 when not given. */
typedef struct date {
    int y, m, d;
} date;

enum { MAX_DATES = 64 };

typedef struct dates {
    date v[MAX_DATES];
    size_t n;
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
 * one-digit months and days, and white space, "and" or "&" with or
 * instead of the commas.  The dates go to l (when not NULL). */
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
 * Dutch and German) month names, two-digit years (19xx) and lists or
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
    dates l;
    if (!iso_list(s, len, true, &l) && !word_dates(s, len, &l))
        return GI_BAD;
    put_dates(out, &l);
    return GI_FIXED;
}
