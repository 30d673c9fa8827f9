/* detect.c - which charset a text is in: detection for text that declares
 * none, and the check of a declared charset that the text contradicts
 * (the names of charsets are charset_names.c's).
 *
 * Detection is built for what game records hold: a few short names, an
 * event, perhaps comments.  Each candidate charset that real archives use
 * must decode the text strictly (iconv, no invalid byte); those that do
 * are scored by how plausible the decoded characters are in the language
 * the charset is written in, and uchardet's guess adds a small vote.
 * The scores are sums over the non-ASCII characters, each a rough log
 * ratio "this character in this language" against "a character chosen at
 * random"; the tables behind them are small and described where they are.
 */
#include "config.h"

#include "detect.h"

#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- candidates --------------------------------------------------------- */

typedef enum form { F_SINGLE, F_GB, F_BIG5, F_SJIS, F_EUCJP, F_UHC } form;

/* The candidates, each with the language it is written in and a small
 * prior: how often archives use it, which decides between readings that
 * are equally plausible. */
static const struct cand {
    char name[12]; /* as iconv knows it; at most 11 bytes */
    form form;
    lang lang;
    double prior;
} cands[] = {
    {"GB18030", F_GB, L_ZH_HANS, 1.0},
    {"BIG5-HKSCS", F_BIG5, L_ZH_HANT, 0.6},
    {"CP932", F_SJIS, L_JA, 0.8},
    {"EUC-JP", F_EUCJP, L_JA, 0.2},
    {"CP949", F_UHC, L_KO, 0.7},
    {"CP1251", F_SINGLE, L_RU, 0.6},
    {"KOI8-R", F_SINGLE, L_RU, 0.0},
    {"ISO-8859-1", F_SINGLE, L_WEST, 2.0},
    {"CP1252", F_SINGLE, L_WEST, 1.9},
    {"ISO-8859-2", F_SINGLE, L_CENTRAL, 0.3},
    {"CP1250", F_SINGLE, L_CENTRAL, 0.2},
};
enum { NCANDS = sizeof cands / sizeof cands[0] };

/* At most this many non-ASCII characters are scored per candidate: enough
 * evidence for any file, and a bound on the time a large one takes. */
#define SCORE_MAX 20000

/* KS X 1001's composition of a Hangul syllable that is not among its
 * 2350 in eight bytes: the filler (A4D4), then an initial consonant, a
 * vowel and a final consonant, each a jamo of row A4 or the filler for
 * none.  Only Korean text holds one, and it reads as a syllable: its
 * weight is that of four plausible characters. */
#define UHC_COMPOSED 8.8
static bool uhc_composed(const unsigned char *s, size_t len) {
    if (len < 8 || s[0] != 0xA4 || s[1] != 0xD4)
        return false;
    for (int j = 2; j < 8; j += 2)
        if (s[j] != 0xA4 || s[j + 1] < 0xA1 || s[j + 1] > 0xD4)
            return false;
    bool lead = s[3] <= 0xBE || s[3] == 0xD4, vowel = s[5] >= 0xBF;
    bool tail = s[7] <= 0xBE || s[7] == 0xD4;
    return lead && vowel && tail && !(s[3] == 0xD4 && s[5] == 0xD4);
}

/* The length of the character at s[0..len) in a multi-byte form; 0 when
 * the byte cannot start one, and more than len when it is cut off. */
static size_t char_len(form f, const unsigned char *s, size_t len) {
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    switch (f) {
    case F_GB:
        if (c == 0x80 || c == 0xFF)
            return 0;
        if (len >= 2 && s[1] >= 0x30 && s[1] <= 0x39)
            return 4;
        return 2;
    case F_BIG5:
    case F_UHC:
        return c >= 0x81 && c <= 0xFE ? 2 : 0;
    case F_SJIS:
        if (c >= 0xA1 && c <= 0xDF)
            return 1;
        return (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC) ? 2 : 0;
    case F_EUCJP:
        if (c == 0x8E)
            return 2;
        if (c == 0x8F)
            return 3;
        return c >= 0xA1 && c <= 0xFE ? 2 : 0;
    default:
        return 1;
    }
}

/* How likely the character with bytes s[0..n) is, from its place in the
 * charset alone: roughly the log of the share of text each area of the
 * charset holds, per character of the area, against a character picked
 * at random (a character of an area of 3000 that holds most text is near
 * 0.5).  Each standard puts the characters in use first: GB2312 level 1
 * (3755 Hanzi, rows B0-D7), Big5 "frequent" (5401, A440-C67E), JIS X
 * 0208 level 1 (2965 Kanji) and the kana, KS X 1001 Hangul (2350
 * syllables, rows B0-C8: the smallest set, so each syllable weighs most).
 * Second levels follow at -2; the areas that encoders added later (GBK's
 * and CP949's extensions, HKSCS, user-defined rows, vendor rows) and the
 * rows of other scripts (Greek, Cyrillic, box drawing) hold almost no
 * text of a game record. */
static double tier(form f, const unsigned char *s, size_t n) {
    unsigned l = s[0], t = n > 1 ? s[1] : 0;
    switch (f) {
    case F_GB:
        if (n == 4)
            return -7;
        if (t < 0x80)
            return -6.5; /* GBK/3, GBK/4 with an ASCII trail byte */
        if (t < 0xA1 || l < 0xA1)
            return -5; /* GBK's additions */
        if (l >= 0xB0 && l <= 0xD7)
            return 0.5;
        if (l >= 0xD8 && l <= 0xF7)
            return -2;
        if (l == 0xA1 || l == 0xA3)
            return 0; /* punctuation, full-width letters */
        if (l >= 0xAA && l <= 0xAF)
            return -6; /* user-defined */
        if (l >= 0xF8)
            return -6;
        return l == 0xA2 ? -1 : -4; /* kana, Greek, Cyrillic, boxes */
    case F_BIG5:
        if (l >= 0xA4 && (l < 0xC6 || (l == 0xC6 && t <= 0x7E)))
            return 0.15;
        if (l >= 0xC9 && l <= 0xF9)
            return -2;
        if (l == 0xA1)
            return 0;
        if (l == 0xA2)
            return -1;
        return l == 0xA3 ? -3 : -5; /* HKSCS and the ETEN rows */
    case F_SJIS:
        if (n == 1)
            return -3; /* half-width katakana */
        if (l == 0x81)
            return 0;
        if (l == 0x82)
            return t >= 0x9F ? 2 : 0; /* hiragana; full-width letters */
        if (l == 0x83)
            return t <= 0x96 ? 2 : -4; /* katakana; Greek */
        if ((l > 0x88 || (l == 0x88 && t >= 0x9F)) &&
            (l < 0x98 || (l == 0x98 && t <= 0x72)))
            return 0.25;
        if (l >= 0x98 && l <= 0xEA)
            return -2;
        return -5; /* vendor rows, user-defined */
    case F_EUCJP:
        if (n == 3)
            return -6;
        if (l == 0x8E)
            return -3;
        if (l == 0xA1 || l == 0xA3)
            return 0;
        if (l == 0xA4 || l == 0xA5)
            return 2;
        if (l >= 0xB0 && l <= 0xCF)
            return 0.25;
        if (l >= 0xD0 && l <= 0xF4)
            return -2;
        return l == 0xA2 ? -1 : -4;
    case F_UHC:
        if (l < 0xA1 || t < 0xA1)
            return -5; /* CP949's additions */
        if (l >= 0xB0 && l <= 0xC8)
            return 0.9; /* Hangul */
        if (l >= 0xCA && l <= 0xFD)
            return -1.5; /* Hanja */
        if (l == 0xA1 || l == 0xA3)
            return 0;
        return l == 0xA2 ? -1 : l == 0xA4 ? -3 : -4;
    default:
        return 0;
    }
}

/* What a character adds by its class (sgft__cjk_class): a frequent
 * character of names or text is what real records hold, and the rest of
 * a first level is what a wrong reading gives, characters picked as if
 * at random (the names of a country draw on a few hundred characters of
 * the thousands of its first level).  The layout of the charset decides
 * for the characters outside the classes (kana, symbols, second levels,
 * extensions). */
static double cjk_score(const struct cand *c, const unsigned char *s, size_t n,
                        uint32_t cp) {
    static const double by_class[4] = {0, -0.8, 1.0, 2.2};
    double t = tier(c->form, s, n);
    int k = sgft__cjk_class(c->lang, cp);
    if (k)
        return (t > 0 ? t : 0) + by_class[k];
    /* a first-level Han character (or Hangul syllable) of no class */
    if (t > 0 && sgft__cjk_classed(c->lang, cp))
        return c->lang == L_KO ? -0.6 : -1.5;
    return t;
}

/* One candidate's reading of the text, kept while it is scored. */
typedef struct reading {
    bool ok;
    double score;
    uint64_t hash; /* of the decoded text: equal readings are not rivals */
    size_t chars;  /* non-ASCII characters scored */
    bool high;     /* bytes 0x80-0x9F were used (single-byte forms) */
    size_t glued;  /* characters next to a Latin letter or ending in one */
    size_t latin, cyrillic; /* letters: ASCII ones, Cyrillic ones */
    double kana_score;      /* what the kana added (double-byte forms) */
    size_t kana;
} reading;

/* Decodes one character with cd to its code point; false when invalid. */
static bool decode_one(iconv_t cd, const unsigned char *s, size_t n,
                       uint32_t *cp) {
    char *ip = (char *)s, out[16], *op = out;
    size_t il = n, ol = sizeof out;
    iconv(cd, NULL, NULL, NULL, NULL);
    if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || il || op == out)
        return false;
    const unsigned char *u = (const unsigned char *)out;
    *cp = (uint32_t)u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16 |
          (uint32_t)u[3] << 24;
    return true;
}

/* The converters of the candidates and uchardet, for the detections of
 * one context (ctx->detector): opened when its first text that is not
 * ASCII is read (an ASCII text reads alike in every candidate, and the
 * modules of iconv take a tenth of a millisecond to load), closed with
 * the context, so that a context that runs a batch's
 * files opens them once.  to8 is never used here: held open, it keeps
 * the iconv modules behind it loaded, which iconv unloads once no
 * converter uses them, and the decoder would load each of them again
 * for every file. */
struct detector {
    iconv_t to32[NCANDS]; /* each candidate to UTF-32LE; (iconv_t)-1: none */
    iconv_t to8[NCANDS];
    bool opened;          /* to32 and to8 are */
    ucd_api *ucd;         /* NULL: not loaded (ucd_tried: it cannot be) */
    bool ucd_tried;
};

static void detector_open(detector *d) {
    d->opened = false;
    d->ucd = NULL;
    d->ucd_tried = false;
}

static void converters_open(detector *d) {
    if (d->opened)
        return;
    d->opened = true;
    for (int k = 0; k < NCANDS; k++) {
        d->to32[k] = iconv_open("UTF-32LE", cands[k].name);
        d->to8[k] = iconv_open("UTF-8", cands[k].name);
    }
}

static void detector_close(detector *d) {
    for (int k = 0; d->opened && k < NCANDS; k++) {
        if (d->to32[k] != (iconv_t)-1)
            iconv_close(d->to32[k]);
        if (d->to8[k] != (iconv_t)-1)
            iconv_close(d->to8[k]);
    }
    sgft__uchardet_unload(d->ucd);
}

void sgft__detector_free(detector *d) {
    if (d) {
        detector_close(d);
        free(d);
    }
}

/* The detector of ctx, opened at its first use; NULL when out of memory
 * (then the caller opens one of its own for the call). */
static detector *detector_of(sgft_ctx *ctx) {
    if (!ctx->detector && (ctx->detector = malloc(sizeof *ctx->detector)))
        detector_open(ctx->detector);
    return ctx->detector;
}

/* Scores the reading of s[0..len) in candidate k. */
static void read_as(detector *det, int k, const char *s, size_t len,
                    bool final, reading *r) {
    const struct cand *c = &cands[k];
    memset(r, 0, sizeof *r);
    converters_open(det);
    iconv_t cd = det->to32[k];
    if (cd == (iconv_t)-1)
        return;
    r->ok = true;
    r->hash = 1469598103934665603u;
    const unsigned char *u = (const unsigned char *)s;
    uint32_t table[128];
    bool valid[128];
    if (c->form == F_SINGLE)
        for (int b = 0; b < 128; b++) {
            unsigned char byte = (unsigned char)(0x80 + b);
            valid[b] = decode_one(cd, &byte, 1, &table[b]);
        }
    /* Single-byte text is scored a word at a time (letters and the
     * characters between them), to see case, scripts and clusters. */
    enum { WORD = 64 };
    uint32_t word[WORD + 2];
    size_t wn = 0;
    bool word_wide = false;
    uint32_t prev2 = 0;
    bool prev_letter = false; /* the character before is an ASCII letter */
    latin_phrase phrase;
    memset(&phrase, 0, sizeof phrase);
    bool latin = c->lang == L_WEST || c->lang == L_CENTRAL;
    for (size_t i = 0; i < len && r->ok;) {
        if (c->form == F_UHC && uhc_composed(u + i, len - i)) {
            for (int j = 0; j < 8; j++)
                r->hash = (r->hash ^ u[i + j]) * 1099511628211u;
            if (r->chars < SCORE_MAX) {
                r->score += UHC_COMPOSED;
                r->chars++;
            }
            prev_letter = false;
            i += 8;
            continue;
        }
        size_t n = char_len(c->form, u + i, len - i);
        if (n == 0) {
            r->ok = false;
            break;
        }
        if (n > len - i) {
            if (final)
                r->ok = false;
            break;
        }
        uint32_t cp;
        if (u[i] < 0x80) {
            cp = u[i];
        } else if (c->form == F_SINGLE) {
            if (!valid[u[i] - 0x80]) {
                r->ok = false;
                break;
            }
            cp = table[u[i] - 0x80];
            r->high |= u[i] < 0xA0;
        } else if (!decode_one(cd, u + i, n, &cp)) {
            r->ok = false;
            break;
        }
        r->hash = (r->hash ^ cp) * 1099511628211u;
        bool was_letter = prev_letter;
        prev_letter = cp < 0x80 && sgft__ascii_letter(cp);
        r->latin += prev_letter;
        r->cyrillic += sgft__is_cyrillic(cp);
        if (c->form == F_SINGLE) {
            bool letter = sgft__is_letter(cp) || (cp >= 0x80 && !sgft__is_letter(cp) &&
                                            cp != 0xA0 && !sgft__is_quote(cp));
            if (letter && wn < WORD) {
                word[wn++] = cp;
                word_wide |= cp >= 0x80;
            }
            if ((!letter || wn == WORD || i + n >= len) && wn) {
                /* the word is complete: score its non-ASCII characters */
                if (word_wide && r->chars < SCORE_MAX) {
                    for (size_t j = 0; j < wn; j++) {
                        if (word[j] < 0x80)
                            continue;
                        uint32_t p = j ? word[j - 1] : prev2;
                        uint32_t x = j + 1 < wn ? word[j + 1] : letter ? 0 : cp;
                        r->score += sgft__score_single(c->lang, word[j], p, x);
                        r->chars++;
                    }
                    r->score += sgft__clusters(word, wn);
                    r->score += sgft__shape(word, wn, c->lang != L_RU);
                    /* A Russian value (name, event, comment) starts with
                     * a capital: a lower-case letter right after '[' is
                     * the trail byte of a double-byte character. */
                    if (prev2 == '[' && sgft__is_cyrillic(word[0]) &&
                        sgft__is_lower_letter(word[0]))
                        r->score -= 2.5;
                    if (latin)
                        sgft__latin_word(&phrase, c->lang, word, wn);
                    if (c->lang == L_CENTRAL)
                        r->score += sgft__digraphs(word, wn);
                }
                wn = 0;
                word_wide = false;
            }
            if (!letter)
                prev2 = cp;
            if (latin && !letter && cp != ' ' && cp != '-' && cp != '\'' &&
                cp != 0x2019)
                r->score += sgft__latin_phrase_end(&phrase);
            if (!letter && cp >= 0x80 && r->chars < SCORE_MAX) {
                r->score += sgft__score_single(c->lang, cp, prev2, 0);
                r->chars++;
            }
        } else if (cp >= 0x80 && r->chars < SCORE_MAX) {
            double t = cjk_score(c, u + i, n, cp);
            /* glued to a Latin letter: Latin text misread; but a Latin
             * letter of the charset there is a letter of the word, and
             * GB2312's pinyin letters (row A8) and GB18030's other
             * Latin letters (four bytes) are how Chinese text writes
             * pinyin with its tones and Western names (Kē Jié, héhé) */
            bool own_letter = sgft__is_letter(cp) && !sgft__is_cyrillic(cp);
            bool glued = was_letter ||
                         (i + n < len && sgft__ascii_letter(u[i + n]));
            if (own_letter && glued) {
                if (c->form == F_GB)
                    t = n == 4 ? -1 : 0;
                glued = false;
            }
            /* a half-width katakana alone among ASCII is a Latin-1
             * symbol or capital misread ("N° 1" is not "Nｰ 1"): the
             * half-width kana of old Japanese text come in words */
            if (!glued && c->form == F_SJIS && n == 1)
                glued = (i == 0 || u[i - 1] < 0x80) &&
                        (i + 1 >= len || u[i + 1] < 0x80);
            if (glued)
                t -= 3;
            r->glued += glued || (n == 2 && sgft__ascii_letter(u[i + 1]));
            if (cp >= 0x3041 && cp <= 0x30F6) {
                r->kana_score += t;
                r->kana++;
            }
            r->score += t;
            r->chars++;
        }
        i += n;
    }
    if (latin)
        r->score += sgft__latin_phrase_end(&phrase);
    /* A few characters that all lean on Latin letters are Latin text with
     * some accented letters or symbols: "s\xA4h\xA4n" is not "s士孓". */
    if (r->ok && c->form != F_SINGLE && r->chars <= 3 && r->glued == r->chars)
        r->score -= 10;
    /* So are a word's worth of Cyrillic letters in a text of Latin ones:
     * "illegal byte sequence: \xF6\xFC\xE4" is not "... ЖЭД". */
    if (r->ok && r->cyrillic && r->cyrillic <= 3 && r->latin >= 20)
        r->score -= 10;
    if (r->ok)
        r->score += c->prior;
}

/* The strength of uchardet's vote. */
#define UCHARDET_VOTE 1.0
/* Readings closer than this are reported as a doubt (message 115). */
#define CLOSE 1.5
/* Of two charsets that read a text alike, the more common is named
 * unless its score is this much lower. */
#define SAME_TEXT 10.0

/* Reads s[0..len) in every candidate, uchardet's vote added; false when
 * the text is ASCII. */
static bool is_ascii(const char *s, size_t len) {
    size_t i = 0;
    while (i < len && (unsigned char)s[i] < 0x80)
        i++;
    return i == len;
}

static bool read_all(detector *det, const char *s, size_t len, bool final,
                     reading r[NCANDS]) {
    if (is_ascii(s, len))
        return false; /* every candidate reads it alike */
    /* uchardet (and through it the C++ runtime) is loaded only when a
     * text first needs detection. */
    if (!det->ucd && !det->ucd_tried) {
        det->ucd = sgft__uchardet_load();
        det->ucd_tried = true;
    }
    char voted[64];
    sgft__uchardet_guess(det->ucd, s, len, voted, sizeof voted);
    for (int k = 0; k < NCANDS; k++) {
        read_as(det, k, s, len, final, &r[k]);
        if (r[k].ok && voted[0] && strcmp(voted, cands[k].name) == 0)
            r[k].score += UCHARDET_VOTE;
    }
    return true;
}

/* e to the power -x, for x >= 0: x = n ln 2 + r with 0 <= r < ln 2, e^-r
 * by its series (twenty terms: far below a double's precision there),
 * halved n times.  Written here so that the program needs no libm, whose
 * loading would cost every process for one call. */
static double exp_minus(double x) {
    if (x > 700)
        return 0;
    const double ln2 = 0.693147180559945309417232121458;
    int n = (int)(x / ln2);
    double r = x - n * ln2, term = 1, sum = 1;
    for (int i = 1; i < 20; i++) {
        term *= -r / i;
        sum += term;
    }
    while (n-- > 0)
        sum *= 0.5;
    return sum;
}

/* Fills res with candidate best, its confidence from the gap to the best
 * other reading, and that one when it is close. */
static void result(const reading r[NCANDS], int best, detect_result *res) {
    int second = -1;
    for (int k = 0; k < NCANDS; k++)
        if (r[k].ok && k != best && r[k].hash != r[best].hash &&
            (second < 0 || r[k].score > r[second].score))
            second = k;
    sgft__copy_str(res->name, sizeof res->name, cands[best].name);
    double gap = second < 0 ? 20 : r[best].score - r[second].score;
    double e = gap >= 0 ? exp_minus(gap) : 1 / exp_minus(-gap);
    res->confidence = (int)(100.0 / (1.0 + e)); /* positive: the floor */
    if (res->confidence > 99)
        res->confidence = 99;
    if (second >= 0 && gap < CLOSE)
        sgft__copy_str(res->close, sizeof res->close, cands[second].name);
}

static bool detect_charset(detector *det, const char *s, size_t len,
                           bool final, detect_result *res);
static bool detect_mislabelled(detector *det, const char *s, size_t len,
                               bool final, const char *declared,
                               detect_result *res);

/* ctx's detector; or, when it cannot get one (out of memory), own,
 * opened for the one call (the caller closes it). */
static detector *detector_for(sgft_ctx *ctx, detector *own) {
    detector *det = detector_of(ctx);
    if (!det)
        detector_open(det = own);
    return det;
}

bool sgft__detect_charset(sgft_ctx *ctx, const char *s, size_t len,
                          bool final, detect_result *res) {
    detector own, *det = detector_for(ctx, &own);
    bool got = detect_charset(det, s, len, final, res);
    if (det == &own)
        detector_close(&own);
    return got;
}

bool sgft__detect_mislabelled(sgft_ctx *ctx, const char *s, size_t len,
                              bool final, const char *declared,
                              detect_result *res) {
    detector own, *det = detector_for(ctx, &own);
    bool got = detect_mislabelled(det, s, len, final, declared, res);
    if (det == &own)
        detector_close(&own);
    return got;
}

static bool detect_charset(detector *det, const char *s, size_t len,
                           bool final, detect_result *res) {
    memset(res, 0, sizeof *res);
    reading r[NCANDS];
    if (!read_all(det, s, len, final, r))
        return false;
    int best = -1;
    for (int k = 0; k < NCANDS; k++) {
        /* windows-1252 only when bytes 0x80-0x9F are used: ISO-8859-1
         * reads the same text otherwise */
        if (!r[k].high && strcmp(cands[k].name, "CP1252") == 0)
            r[k].ok = false;
        if (r[k].ok && (best < 0 || r[k].score > r[best].score))
            best = k;
    }
    if (best < 0)
        return false;
    /* Charsets that read the text alike are one reading: the more common
     * one is named (a Czech name in windows-1252 is not windows-1250),
     * unless it finds the text far less plausible (kana read in GB18030,
     * whose rows for them are the same as EUC-JP's, are Japanese).  The
     * reading weighs what its best candidate found. */
    double won = r[best].score;
    for (int k = 0; k < NCANDS; k++)
        if (r[k].ok && r[k].hash == r[best].hash &&
            cands[k].prior > cands[best].prior && r[k].score > won - SAME_TEXT)
            best = k;
    r[best].score = won;
    result(r, best, res);
    return true;
}

/* How much better than the declared reading another one must read, and
 * how bad the declared one must be (per non-ASCII character): real text
 * scores above 0 a character in its charset (generated records of
 * Chinese, Japanese and Korean names and comments in theirs: 0.25 at the
 * lowest), double-byte text read one byte at a time or in another
 * double-byte charset far below it. */
#define MISLABEL_GAP 8.0
#define MISLABEL_POOR 0.0
/* A Cyrillic CA over the other Cyrillic charset: the declared reading
 * scores at most this share of the other's; above FINE a character, it
 * is not doubted (Russian names in their charset score 1.0 to 2, in the
 * other one at most 0.75). */
#define MISLABEL_CYRILLIC 0.5
#define MISLABEL_CYRILLIC_FINE 1.0
/* What a reading of one byte a character that replaces a CA scores at
 * least, per character (Russian names in their charset: about 1.5). */
#define MISLABEL_GOOD 0.5

/* Whether the bytes of s[0..len) above 0x7F are pairs of EUC-KR whose
 * first bytes are mostly those of KS X 1001's Hangul (B0-C8; its Hanja
 * follow from CA on, its symbols come before): Chinese text in GB2312 or
 * Big5 also holds bytes of the rows after C8, but for a few characters. */
static bool hangul_bytes(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    size_t hangul = 0, other = 0;
    for (size_t i = 0; i < len; i++) {
        if (u[i] < 0x80)
            continue;
        if (u[i] < 0xA1 || u[i] == 0xFF || i + 1 == len || u[i + 1] < 0xA1 ||
            u[i + 1] == 0xFF)
            return false;
        if (u[i] >= 0xB0 && u[i] <= 0xC8)
            hangul++;
        else if (u[i] > 0xC8)
            other++;
        i++;
    }
    return hangul && other * 8 <= hangul;
}

/* Whether each run of bytes above 0x7F in s[0..len) stands apart from
 * ASCII letters (apart_over). */
static bool high_bytes_apart(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    bool any = false;
    for (size_t i = 0; i < len; i++) {
        if (u[i] < 0x80)
            continue;
        if (i && sgft__ascii_letter(u[i - 1]))
            return false;
        while (i < len && u[i] >= 0x80)
            i++;
        if (i < len && sgft__ascii_letter(u[i]))
            return false;
        any = true;
    }
    return any;
}

/* Korean text under the CA of another double-byte charset: KS X 1001
 * puts its Hangul on rows that are first-level Hanzi in GB2312 and Big5
 * and first-level Kanji in EUC-JP, so the declared reading is as
 * plausible as a Chinese or Japanese name picked at random (이세돌 read as
 * 捞技倒), not implausible.  But Hangul syllables frequent in names and
 * text are what a Korean reading gives, and text of another charset read
 * as Hangul gives syllables picked at random: a Hangul reading of
 * HANGUL_GOOD a character or more, HANGUL_LEAD a character above the
 * declared one, and HANGUL_GAP in all, is Korean.  (Chinese and Japanese
 * names and records read as Hangul score 1.8 a character at most, and
 * never above their own charset; Korean ones 2.35 or more in 95 in 100.) */
#define HANGUL_GOOD 2.0
#define HANGUL_LEAD 0.8
#define HANGUL_GAP 4.0
static bool hangul_over(const reading *d, const reading *b, int best) {
    if (cands[best].form != F_UHC || !b->chars)
        return false;
    double per_b = b->score / (double)b->chars;
    double per_d = d->score / (double)d->chars;
    return per_b >= HANGUL_GOOD && per_b - per_d >= HANGUL_LEAD &&
           b->score - d->score >= HANGUL_GAP;
}

/* Double-byte text under a Latin CA, each character apart from the Latin
 * letters (a name of one character, PW[白], is two bytes of no word in
 * Latin-1: °×): Western text puts its accented letters in words, beside
 * plain letters (no name, event or comment of the Western lists of the
 * tests has a reading in a double-byte charset without one), but for
 * lists of letters (Ää Öö), which read as characters picked at random.
 * When each character is one frequent in names or text (APART_GOOD a
 * character, the charset's prior aside), the text is in that charset,
 * however plausible the Latin reading of so few letters (天 is Ìì). */
#define APART_GOOD 2.0
static bool apart_over(const reading *b, int dk, int bk) {
    if (cands[dk].form != F_SINGLE || cands[bk].form == F_SINGLE ||
        (cands[dk].lang != L_WEST && cands[dk].lang != L_CENTRAL) ||
        !b->chars || b->glued)
        return false;
    return b->score - cands[bk].prior >= APART_GOOD * (double)b->chars;
}

static bool detect_mislabelled(detector *det, const char *s, size_t len,
                               bool final, const char *declared,
                               detect_result *res) {
    memset(res, 0, sizeof *res);
    int d = -1;
    for (int k = 0; k < NCANDS; k++)
        if (strcmp(cands[k].name, declared) == 0)
            d = k;
    if (d < 0 || is_ascii(s, len))
        return false;
    /* The declared reading alone first: most texts read well in it.  The
     * two Cyrillic charsets put each other's letters on other letters,
     * mostly of the other case: such a reading is still Cyrillic, poor
     * rather than nonsense. */
    bool cyrillic = cands[d].lang == L_RU;
    reading r[NCANDS];
    read_as(det, d, s, len, final, &r[d]);
    double fine = cyrillic ? MISLABEL_CYRILLIC_FINE : MISLABEL_POOR;
    bool doubt = r[d].ok && r[d].chars &&
                 (r[d].score <= fine * (double)r[d].chars ||
                  (cands[d].form != F_SINGLE && cands[d].form != F_UHC &&
                   hangul_bytes(s, len)) ||
                  (cands[d].form == F_SINGLE && cands[d].lang != L_RU &&
                   high_bytes_apart(s, len)));
    if (!doubt || !read_all(det, s, len, final, r) || !r[d].ok)
        return false;
    int best = -1, wide = -1; /* the best reading; the best double-byte one */
    for (int k = 0; k < NCANDS; k++) {
        /* windows-1252 only when bytes 0x80-0x9F are used, as without CA */
        if (k != d && !r[k].high && strcmp(cands[k].name, "CP1252") == 0)
            r[k].ok = false;
        if (r[k].ok && (best < 0 || r[k].score > r[best].score))
            best = k;
        if (r[k].ok && cands[k].form != F_SINGLE &&
            (wide < 0 || r[k].score > r[wide].score))
            wide = k;
    }
    if (!r[d].chars)
        return false;
    if (wide >= 0 && wide != d &&
        (hangul_over(&r[d], &r[wide], wide) || apart_over(&r[wide], d, wide))) {
        result(r, wide, res);
        return true;
    }
    if (best == d || r[best].score - r[d].score < MISLABEL_GAP)
        return false;
    /* GB2312 and EUC-JP put the kana on the same bytes: between the two,
     * the kana of a text say that it is Japanese, but not in which of
     * them it is written (a Chinese server's record of a player with a
     * name in kana, PW[でぇもん]BR[9段]).  Its Han characters decide: where
     * they read better in the declared charset, the CA stands (段 is in
     * every Go record, 粁, its reading in EUC-JP, in none). */
    if ((cands[d].form == F_GB && cands[best].form == F_EUCJP) ||
        (cands[d].form == F_EUCJP && cands[best].form == F_GB)) {
        if (r[d].score - r[d].kana_score >= r[best].score - r[best].kana_score)
            return false;
    }
    /* A charset of one byte a character reads any bytes: it replaces the
     * CA only where it reads the text well (not a file of several
     * charsets, which no reading fits), and never for the other charset
     * of its letters (ISO-8859-1 and windows-1252, ISO-8859-2 and
     * windows-1250: the bytes 0x80-0x9F decide, sgft__dec_c1_of_1252). */
    if (cands[best].form == F_SINGLE &&
        (r[best].score < MISLABEL_GOOD * (double)r[best].chars ||
         (!cyrillic && cands[best].lang == cands[d].lang)))
        return false;
    if (cyrillic && cands[best].lang == L_RU) {
        if (r[d].score > MISLABEL_CYRILLIC * r[best].score)
            return false;
    } else if (r[d].score > MISLABEL_POOR * (double)r[d].chars) {
        return false;
    }
    result(r, best, res);
    return true;
}
