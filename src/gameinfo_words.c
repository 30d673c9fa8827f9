/* gameinfo_words.c - game-info values written in the words of Chinese,
 * Japanese and Korean records, and ranks spelled out (message 131): HA,
 * RE, DT and TM after the readers of gameinfo.c and gameinfo_date.c found
 * no FF[4] form, and the ranks of BR and WR.
 *
 * Each reader takes the decoded value s[0..len) (UTF-8), ignores the white
 * space around it, and returns GI_WORDS with the conventional form
 * appended to out, or GI_BAD (out as it was) when the value is not one of
 * the forms it knows.  A form is read only where its meaning is certain;
 * the tables are in the man page (GAME-INFO IN WORDS).  Nothing recurses.
 */
#include "gameinfo.h"

/* --- literals and numbers --------------------------------------------- */

/* Consumes the bytes of lit at c. */
static bool eat_lit(cursor *c, const char *lit) {
    size_t n = strlen(lit);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, lit, n) != 0)
        return false;
    c->p += n;
    return true;
}

/* Consumes the first literal of t[0..n) found at c; its value, or -1.
 * A literal that starts another must come after it in t. */
static int eat_lit_of(cursor *c, const word *t, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (eat_lit(c, t[i].text))
            return t[i].val;
    return -1;
}

/* Consumes ASCII or full-width digits (U+FF10..U+FF19), at most max of
 * them; their value, or -1 (nothing consumed). */
static long eat_wide_digits(cursor *c, int max) {
    cursor k = *c;
    long v = 0;
    int n = 0;
    for (;;) {
        int d;
        if (k.p < k.end && is_digit(*k.p)) {
            d = *k.p++ - '0';
        } else if (k.end - k.p >= 3 && (unsigned char)k.p[0] == 0xEF &&
                   (unsigned char)k.p[1] == 0xBC &&
                   (unsigned char)k.p[2] >= 0x90 &&
                   (unsigned char)k.p[2] <= 0x99) {
            d = (unsigned char)k.p[2] - 0x90;
            k.p += 3;
        } else {
            break;
        }
        if (n == max)
            return -1;
        v = v * 10 + d;
        n++;
    }
    if (!n)
        return -1;
    *c = k;
    return v;
}

static const word cjk_digits[] = {
    {"〇", 0}, {"零", 0}, {"一", 1}, {"二", 2}, {"两", 2}, {"兩", 2},
    {"三", 3}, {"四", 4}, {"五", 5}, {"六", 6}, {"七", 7}, {"八", 8},
    {"九", 9},
};

/* A number in Chinese numerals below 100: "九", "十", "十五", "二十一". */
static long eat_cjk_number(cursor *c) {
    cursor k = *c;
    int d = eat_lit_of(&k, cjk_digits, COUNT(cjk_digits));
    long v;
    if (eat_lit(&k, "十")) {
        if (d == 0)
            return -1;
        int u = eat_lit_of(&k, cjk_digits, COUNT(cjk_digits));
        v = (d < 0 ? 1 : d) * 10 + (u > 0 ? u : 0);
        if (u == 0)
            return -1;
    } else if (d >= 0) {
        v = d;
    } else {
        return -1;
    }
    *c = k;
    return v;
}

/* A count: digits (at most max) or Chinese numerals; -1 if none. */
static long eat_count(cursor *c, int max) {
    long v = eat_wide_digits(c, max);
    return v >= 0 ? v : eat_cjk_number(c);
}

/* --- HA ---------------------------------------------------------------- */

/* Even games: no handicap stones, HA[0] as "no handicap" is read. */
static const word even_words[] = {
    {"对子", 0}, {"對子", 0}, {"互先", 0}, {"分先", 0}, {"호선", 0},
};

/* Black without komi: the one-stone handicap of Go terminology. */
static const word no_komi_words[] = {
    {"定先", 1}, {"先番", 1}, {"先", 1}, {"정선", 1},
};

static const word stone_prefixes[] = {
    {"让", 0}, {"讓", 0}, {"置き石", 0}, {"置石", 0},
};

static const word stone_units[] = {
    {"子局", 0}, {"子", 0}, {"石", 0}, {"점", 0},
};

gi_result sgft__gi_words_handicap(const char *s, size_t len, buf *out) {
    trim(&s, &len);
    cursor c = {s, s + len};
    int v = eat_lit_of(&c, even_words, COUNT(even_words));
    if (v < 0)
        v = eat_lit_of(&c, no_komi_words, COUNT(no_komi_words));
    if (v >= 0) {
        skip_ws(&c);
        if (!at_end(&c))
            return GI_BAD;
        put_uint(out, (unsigned)v);
        return GI_WORDS;
    }
    bool prefix = eat_lit_of(&c, stone_prefixes, COUNT(stone_prefixes)) >= 0;
    skip_ws(&c);
    long n = eat_count(&c, 2);
    if (n < 2)
        return GI_BAD; /* "让1子" and "1子" are not stones placed */
    skip_ws(&c);
    bool unit = eat_lit_of(&c, stone_units, COUNT(stone_units)) >= 0;
    skip_ws(&c);
    if (!at_end(&c) || !(prefix || unit))
        return GI_BAD;
    put_uint(out, (unsigned long long)n);
    return GI_WORDS;
}

/* --- RE ---------------------------------------------------------------- */

static const word cjk_colours[] = {
    {"黑方", 'B'}, {"白方", 'W'}, {"黑", 'B'}, {"黒", 'B'},
    {"白", 'W'},   {"흑", 'B'},   {"백", 'W'},
};

/* How the game ended, before the verb: "中盘" (by resignation)... */
static const word cjk_reasons[] = {
    {"中盘", 'R'},     {"中盤", 'R'}, {"中押し", 'R'}, {"中押", 'R'},
    {"불계", 'R'},     {"超时", 'T'}, {"超時", 'T'},   {"時間切れ", 'T'},
    {"時間", 'T'},     {"시간", 'T'}, {"不战", 'F'},   {"不戰", 'F'},
    {"不戦", 'F'},     {"기권", 'F'},
};

/* The verb: 0 the colour won, 1 it lost. */
static const word cjk_verbs[] = {
    {"勝ち", 0}, {"胜", 0}, {"勝", 0}, {"승", 0},
    {"負け", 1}, {"负", 1}, {"負", 1}, {"패", 1},
};

static const word draw_words[] = {
    {"和棋", 0}, {"和局", 0}, {"持碁", 0}, {"ジゴ", 0}, {"무승부", 0}};

static const word void_words[] = {{"无胜负", 0}, {"無勝負", 0}};

/* Units of a score: points (0) or stones of Chinese counting (1), where
 * a stone is two points. */
static const word score_units[] = {
    {"目", 0}, {"点", 0}, {"點", 0}, {"집", 0}, {"子", 1},
};

/* A fraction of a quarter: "1/4", "1/2", "2/4", "3/4", "¼", "½", "¾";
 * the number of quarters, or -1. */
static int eat_quarters(cursor *c) {
    static const word q[] = {
        {"1/4", 1}, {"1/2", 2}, {"2/4", 2}, {"3/4", 3},
        {"\xc2\xbc", 1}, {"\xc2\xbd", 2}, {"\xc2\xbe", 3},
    };
    return eat_lit_of(c, q, COUNT(q));
}

/* A score with its unit, in half points: "3目半" 7, "3.5目", "半目" 1,
 * "3집반", "반집", "1/4子" 1 (a quarter stone is half a point),
 * "2又3/4子" 11, "2子半" 5; -1 if none. */
static long eat_score(cursor *c) {
    cursor k = *c;
    if (eat_lit(&k, "半目") || eat_lit(&k, "반집")) {
        *c = k;
        return 1;
    }
    long quarters; /* of the unit */
    bool frac = false;
    int q = eat_quarters(&k);
    if (q > 0) {
        quarters = q;
        frac = true;
    } else {
        long whole = eat_count(&k, 4);
        if (whole < 0)
            return -1;
        quarters = whole * 4;
        if (eat(&k, '.')) {
            static const word dec[] = {{"25", 1}, {"50", 2}, {"5", 2},
                                       {"75", 3}, {"00", 0}, {"0", 0}};
            int d = eat_lit_of(&k, dec, COUNT(dec));
            if (d < 0 || peek_digit_at(&k, 0))
                return -1;
            quarters += d;
            frac = true;
        } else if (eat_lit(&k, "又")) {
            if ((q = eat_quarters(&k)) < 0)
                return -1;
            quarters += q;
            frac = true;
        } else if ((q = eat_quarters(&k)) > 0) { /* "3¾" */
            quarters += q;
            frac = true;
        }
    }
    int unit = eat_lit_of(&k, score_units, COUNT(score_units));
    if (unit < 0)
        return -1;
    if (!frac && (eat_lit(&k, "半") || eat_lit(&k, "반")))
        quarters += 2;
    long qp = unit ? quarters * 2 : quarters; /* quarter points */
    if (qp % 2 || qp == 0)
        return -1;
    *c = k;
    return qp / 2;
}

gi_result sgft__gi_words_result(const char *s, size_t len, buf *out) {
    return sgft__gi_words_result_read(s, len, out, NULL);
}

gi_result sgft__gi_words_result_read(const char *s, size_t len, buf *out,
                                     sgft_result *r) {
    trim(&s, &len);
    cursor c = {s, s + len};
    const char *name = NULL;
    if (eat_lit_of(&c, draw_words, COUNT(draw_words)) >= 0)
        name = "Draw";
    else if (eat_lit_of(&c, void_words, COUNT(void_words)) >= 0)
        name = "Void";
    if (name) {
        skip_ws(&c);
        if (!at_end(&c))
            return GI_BAD;
        sgft__buf_puts(out, name);
        if (r) {
            memset(r, 0, sizeof *r);
            r->winner = SGFT_WINNER_NONE;
            r->kind = name[0] == 'D' ? SGFT_RESULT_DRAW : SGFT_RESULT_VOID;
        }
        return GI_WORDS;
    }
    int col = eat_lit_of(&c, cjk_colours, COUNT(cjk_colours));
    if (col < 0)
        return GI_BAD;
    skip_ws(&c);
    int reason = -1;
    long score = -1;
    int lost = eat_lit_of(&c, cjk_verbs, COUNT(cjk_verbs));
    if (lost >= 0) { /* Chinese order: 黑胜3目半, 白胜, 黑负 */
        skip_ws(&c);
        if (!at_end(&c) && (score = eat_score(&c)) < 0)
            return GI_BAD;
    } else {
        /* 黑中盘胜, 黒3目半勝ち, 흑 불계승, 백 3.5집승 */
        reason = eat_lit_of(&c, cjk_reasons, COUNT(cjk_reasons));
        if (reason < 0 && (score = eat_score(&c)) < 0)
            return GI_BAD;
        skip_ws(&c);
        if ((lost = eat_lit_of(&c, cjk_verbs, COUNT(cjk_verbs))) < 0)
            return GI_BAD;
    }
    skip_ws(&c);
    if (!at_end(&c))
        return GI_BAD;
    if (lost)
        col = col == 'B' ? 'W' : 'B';
    sgft__buf_putc(out, (char)col);
    sgft__buf_putc(out, '+');
    if (reason > 0) {
        sgft__buf_putc(out, (char)reason);
    } else if (score > 0) {
        put_uint(out, (unsigned long long)(score / 2));
        if (score % 2)
            sgft__buf_puts(out, ".5");
    }
    if (r) {
        memset(r, 0, sizeof *r);
        r->winner = col == 'B' ? SGFT_WINNER_BLACK : SGFT_WINNER_WHITE;
        r->kind = reason == 'R'   ? SGFT_RESULT_RESIGN
                  : reason == 'T' ? SGFT_RESULT_TIME
                  : reason == 'F' ? SGFT_RESULT_FORFEIT
                  : score > 0     ? SGFT_RESULT_SCORE
                                  : SGFT_RESULT_UNKNOWN;
        r->has_margin = reason <= 0 && score > 0;
        r->margin = r->has_margin ? (double)score / 2 : 0;
    }
    return GI_WORDS;
}

/* --- DT ---------------------------------------------------------------- */

/* The Japanese eras since the calendar became Gregorian (1 January
 * Meiji 6 = 1873), with their first and last days.  The name (at most 7
 * bytes) is in the entry, as the words are. */
static const struct era {
    char name[8];
    int first_y, first_m, first_d; /* the first day of year 1 or 6 */
    int base;                      /* the Gregorian year of year 1 */
    int last_y, last_m, last_d;
} eras[] = {
    {"明治", 1873, 1, 1, 1868, 1912, 7, 29},
    {"大正", 1912, 7, 30, 1912, 1926, 12, 24},
    {"昭和", 1926, 12, 25, 1926, 1989, 1, 7},
    {"平成", 1989, 1, 8, 1989, 2019, 4, 30},
    {"令和", 2019, 5, 1, 2019, 9999, 12, 31},
};

static bool leap(long y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int days_in(long y, long m) {
    static const int d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : d[m - 1];
}

/* A day as one number, for comparisons. */
static long ymd(long y, long m, long d) { return (y * 100 + m) * 100 + d; }

gi_result sgft__gi_words_date(const char *s, size_t len, buf *out) {
    trim(&s, &len);
    cursor c = {s, s + len};
    const struct era *era = NULL;
    for (size_t i = 0; i < COUNT(eras) && !era; i++)
        if (eat_lit(&c, eras[i].name))
            era = &eras[i];
    skip_ws(&c);
    long y;
    if (era) {
        y = eat_lit(&c, "元") ? 1 : eat_count(&c, 2);
        if (y < 1)
            return GI_BAD;
        y += era->base - 1;
    } else {
        cursor k = c;
        y = eat_wide_digits(&c, 4);
        if (y < 0 || c.p - k.p < 4)
            return GI_BAD; /* a year of four digits */
    }
    skip_ws(&c);
    bool korean = false;
    if (eat_lit(&c, "년"))
        korean = true;
    else if (!eat_lit(&c, "年"))
        return GI_BAD;
    long m = 0, d = 0;
    skip_ws(&c);
    if (!at_end(&c)) {
        m = eat_count(&c, 2);
        skip_ws(&c);
        if (m < 1 || m > 12 || !eat_lit(&c, korean ? "월" : "月"))
            return GI_BAD;
        skip_ws(&c);
        if (!at_end(&c)) {
            d = eat_count(&c, 2);
            skip_ws(&c);
            if (d < 1 || d > days_in(y, m) ||
                !(korean ? eat_lit(&c, "일")
                         : eat_lit(&c, "日") || eat_lit(&c, "号") ||
                               eat_lit(&c, "號")))
                return GI_BAD;
            skip_ws(&c);
        }
    }
    if (!at_end(&c))
        return GI_BAD;
    if (era) { /* the year, month or day must overlap the era */
        long lo = ymd(y, m ? m : 1, d ? d : 1);
        long hi = ymd(y, m ? m : 12, d ? d : days_in(y, m ? m : 12));
        if (hi < ymd(era->first_y, era->first_m, era->first_d) ||
            lo > ymd(era->last_y, era->last_m, era->last_d))
            return GI_BAD;
    }
    if (y < 1)
        return GI_BAD;
    put_padded(out, (int)y, 4);
    if (m) {
        sgft__buf_putc(out, '-');
        put_padded(out, (int)m, 2);
    }
    if (d) {
        sgft__buf_putc(out, '-');
        put_padded(out, (int)d, 2);
    }
    return GI_WORDS;
}

/* --- TM ---------------------------------------------------------------- */

/* "Each": the time is every player's. */
static const word each_words[] = {
    {"各自", 0}, {"各", 0}, {"双方", 0}, {"雙方", 0}, {"각자", 0}, {"각", 0},
};

/* Units, in seconds: hours, minutes, seconds. */
static const word time_units_cjk[] = {
    {"時間", 3600}, {"小时", 3600}, {"小時", 3600}, {"시간", 3600},
    {"分钟", 60},   {"分鐘", 60},   {"分", 60},     {"분", 60},
    {"秒", 1},      {"초", 1},
};

/* "1時間", "各3小时", "1시간 30분", "90分": the main time, in seconds.
 * Hours, then minutes, then seconds, each at most once; anything after
 * them (byo-yomi: "秒読み30秒") and the value is kept. */
gi_result sgft__gi_words_time(const char *s, size_t len, buf *out) {
    trim(&s, &len);
    cursor c = {s, s + len};
    if (eat_lit_of(&c, each_words, COUNT(each_words)) >= 0)
        skip_ws(&c);
    unsigned long long total = 0;
    int last = 3601; /* the units come largest first */
    int parts = 0;
    while (skip_ws(&c), !at_end(&c)) {
        long n = eat_count(&c, 4);
        if (n < 0)
            return GI_BAD;
        skip_ws(&c);
        int unit = eat_lit_of(&c, time_units_cjk, COUNT(time_units_cjk));
        if (unit <= 0 || unit >= last)
            return GI_BAD;
        last = unit;
        total += (unsigned long long)n * (unsigned)unit;
        parts++;
    }
    if (!parts)
        return GI_BAD;
    put_uint(out, total);
    return GI_WORDS;
}

/* --- BR, WR ------------------------------------------------------------ */

/* Prefixes that say amateur (0) or professional (1). */
static const word rank_kinds[] = {
    {"职业", 1}, {"職業", 1}, {"プロ", 1}, {"프로", 1},
    {"业余", 0}, {"業餘", 0}, {"アマ", 0}, {"아마", 0},
};

/* Units: dan ('d') and kyu ('k'). */
static const word rank_units[] = {
    {"段", 'd'}, {"단", 'd'}, {"级", 'k'}, {"級", 'k'}, {"급", 'k'},
};

static const word ordinals[] = {
    {"st", 0}, {"nd", 0}, {"rd", 0}, {"th", 0}};

static const word pro_words[] = {
    {"professional", 1}, {"pro", 1}, {"amateur", 0}, {"ama", 0}};

static void put_rank(buf *out, long n, int unit, int kind) {
    put_uint(out, (unsigned long long)n);
    sgft__buf_putc(out, (char)(unit == 'd' && kind == 1 ? 'p' : unit));
}

/* "9段", "九段", "初段", "초단", "9단", "3級", "1급", "职业九段": the
 * Chinese, Japanese and Korean forms. */
static gi_result rank_cjk(cursor c, buf *out) {
    int kind = eat_lit_of(&c, rank_kinds, COUNT(rank_kinds));
    skip_ws(&c);
    long n;
    if (eat_lit(&c, "初") || eat_lit(&c, "초"))
        n = 0; /* first dan, read below */
    else if ((n = eat_count(&c, 2)) < 1)
        return GI_BAD;
    skip_ws(&c);
    int unit = eat_lit_of(&c, rank_units, COUNT(rank_units));
    if (unit < 0 || (n == 0 && unit != 'd'))
        return GI_BAD;
    if (n == 0)
        n = 1;
    skip_ws(&c);
    if (!at_end(&c) || (kind == 1 && unit == 'k') || n > 30)
        return GI_BAD;
    if (kind < 0 && unit == 'd')
        return GI_BAD; /* 九段: amateur or professional, the value does
                          not say, and "9d" would read as amateur */
    put_rank(out, n, unit, kind);
    return GI_WORDS;
}

/* "9th dan", "1st kyu", "9 dan pro", "9-dan professional", "5 dan
 * amateur": English words the FF[4] forms ("9d", "9 dan") do not cover. */
static gi_result rank_english(cursor c, buf *out) {
    int nd;
    long n = eat_digits(&c, 2, &nd);
    if (n < 1)
        return GI_BAD;
    bool ord = eat_word_of(&c, ordinals, COUNT(ordinals)) >= 0;
    if (!eat(&c, '-'))
        skip_ws(&c);
    int unit = eat_word(&c, "dan") ? 'd' : eat_word(&c, "kyu") ? 'k' : 0;
    if (!unit)
        return GI_BAD;
    skip_ws(&c);
    int kind = -1;
    if (eat(&c, '(')) {
        skip_ws(&c);
        kind = eat_word_of(&c, pro_words, COUNT(pro_words));
        skip_ws(&c);
        if (kind < 0 || !eat(&c, ')'))
            return GI_BAD;
    } else if (!at_end(&c)) {
        kind = eat_word_of(&c, pro_words, COUNT(pro_words));
    }
    skip_ws(&c);
    if (!at_end(&c) || (kind == 1 && unit == 'k') || (!ord && kind < 0))
        return GI_BAD; /* "9 dan" is an FF[4] form already */
    if (kind < 0 && unit == 'd')
        return GI_BAD; /* "9th dan": of which kind, the value does not say */
    put_rank(out, n, unit, kind);
    return GI_WORDS;
}

gi_result sgft__gi_rank(const char *s, size_t len, buf *out) {
    trim(&s, &len);
    cursor c = {s, s + len};
    if (at_end(&c))
        return GI_BAD;
    /* Each form of rank_cjk has a character beyond ASCII (its unit). */
    bool ascii = true;
    for (size_t i = 0; i < len && ascii; i++)
        ascii = (unsigned char)s[i] < 0x80;
    if (!ascii && rank_cjk(c, out) == GI_WORDS)
        return GI_WORDS;
    return rank_english(c, out);
}
