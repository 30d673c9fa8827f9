/* detect_lang.c - what the charset detection (detect.c) knows of the
 * languages of its candidates: their frequent characters, and what their
 * letters and words look like. */
#include "detect.h"

/* The classes of the Chinese, Japanese and Korean characters: how
 * frequent each is in names and text of its language (detect_freq.h tells
 * where they come from). */
#include "detect_freq.h"

int sgft__cjk_class(lang lg, uint32_t c) {
    const unsigned char *t;
    uint32_t first, last;
    switch (lg) {
    case L_ZH_HANS: t = freq_zh_hans, first = 0x4E00, last = 0x9FFF; break;
    case L_ZH_HANT: t = freq_zh_hant, first = 0x4E00, last = 0x9FFF; break;
    case L_JA: t = freq_ja, first = 0x4E00, last = 0x9FFF; break;
    case L_KO: t = freq_ko, first = 0xAC00, last = 0xD7A3; break;
    default: return 0;
    }
    if (c < first || c > last)
        return 0;
    c -= first;
    return t[c / 4] >> (2 * (c % 4)) & 3;
}

/* Cyrillic: letter frequencies of Russian, three tiers. */
static const char ru_common[] = "оеаинтсрвлкмдпу";
static const char ru_middle[] = "яыьгзбчйхжшюі";
/* Latin: the accented letters of the languages of ISO-8859-1 (Western
 * Europe) and ISO-8859-2 (Central Europe), most frequent first. */
static const char west_common[] = "éüöäáóíñçèàúßã";
static const char west_middle[] = "êôâîõøåæëïûùòìœýÿ";
static const char central_common[] = "áéíóúýčřšžěůłąęśżćńöüőő";
static const char central_middle[] = "ťďňľźăşţűĺŕôäđâîç";

/* In the order of detect.c's enum lang: Chinese (simplified, then
 * traditional), Japanese, Korean, Russian, Western and Central European. */
const char *const sgft__lang_tables[L__COUNT][2] = {
    {NULL, NULL},      {NULL, NULL},     {NULL, NULL}, {NULL, NULL},
    {ru_common, ru_middle}, {west_common, west_middle},
    {central_common, central_middle},
};

/* --- what letters look like ---------------------------------------------- */

/* Whether code point c is one of the characters of the UTF-8 text t:
 * its encoding is looked for in t (UTF-8 is self-synchronizing: a whole
 * character never matches inside another).  No table is built, so a
 * detection costs nothing before its first non-ASCII character. */
bool sgft__set_has(const char *t, uint32_t c) {
    char u[4];
    size_t n;
    if (!t)
        return false;
    if (c < 0x80) {
        u[0] = (char)c, n = 1;
    } else if (c < 0x800) {
        u[0] = (char)(0xC0 | c >> 6), u[1] = (char)(0x80 | (c & 0x3F)), n = 2;
    } else if (c < 0x10000) {
        u[0] = (char)(0xE0 | c >> 12), u[1] = (char)(0x80 | (c >> 6 & 0x3F));
        u[2] = (char)(0x80 | (c & 0x3F)), n = 3;
    } else {
        return false;
    }
    for (const char *p = strchr(t, u[0]); p; p = strchr(p + 1, u[0]))
        if (strncmp(p, u, n) == 0)
            return true;
    return false;
}

bool sgft__ascii_letter(unsigned c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Latin and Cyrillic letters as the single-byte scorer sees them. */
bool sgft__is_cyrillic(uint32_t c) { return c >= 0x400 && c <= 0x4FF; }
static bool is_latin(uint32_t c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7);
}
bool sgft__is_letter(uint32_t c) {
    return is_latin(c) || sgft__is_cyrillic(c);
}
static bool is_upper(uint32_t c) {
    if (c < 0x80)
        return c >= 'A' && c <= 'Z';
    if (c >= 0xC0 && c <= 0xDE)
        return c != 0xD7;
    if (c >= 0x100 && c <= 0x137)
        return c % 2 == 0;
    if (c >= 0x139 && c <= 0x148)
        return c % 2 == 1;
    if (c >= 0x14A && c <= 0x177)
        return c % 2 == 0;
    if (c == 0x178)
        return true;
    if (c >= 0x179 && c <= 0x17E)
        return c % 2 == 1;
    if (c >= 0x400 && c <= 0x42F)
        return true;
    if (c >= 0x460 && c <= 0x4FF)
        return c % 2 == 0;
    return false;
}
bool sgft__is_lower_letter(uint32_t c) {
    return sgft__is_letter(c) && !is_upper(c);
}
static uint32_t to_lower(uint32_t c) {
    if (!is_upper(c))
        return c;
    if (c < 0x80 || (c >= 0xC0 && c <= 0xDE) || (c >= 0x410 && c <= 0x42F))
        return c + 32;
    if (c >= 0x400 && c <= 0x40F)
        return c + 80;
    if (c == 0x178)
        return 0xFF;
    return c + 1;
}
static bool is_vowel(uint32_t c) {
    c = to_lower(c);
    if (c >= 0x430 && c <= 0x45F) /* а е и о у ы э ю я ё є і ї */
        return c == 0x430 || c == 0x435 || c == 0x438 || c == 0x43E ||
                c == 0x443 || c == 0x44B || c == 0x44D || c == 0x44E ||
                c == 0x44F || c == 0x451 || c == 0x454 || c == 0x456 ||
                c == 0x457;
    if (c < 0x80)
        return strchr("aeiouy", (int)c) != NULL;
    return (c >= 0xE0 && c <= 0xE6) || (c >= 0xE8 && c <= 0xEF) ||
           (c >= 0xF2 && c <= 0xF6) || (c >= 0xF8 && c <= 0xFD) ||
           c == 0xFF || (c >= 0x101 && c <= 0x105) ||
           (c >= 0x113 && c <= 0x11B) || (c >= 0x129 && c <= 0x131) ||
           (c >= 0x14D && c <= 0x153) || (c >= 0x169 && c <= 0x173);
}
bool sgft__is_quote(uint32_t c) {
    return c == 0xAB || c == 0xBB || (c >= 0x2018 && c <= 0x201E) ||
           c == 0x2039 || c == 0x203A;
}


/* Scores one letter, symbol or other character of a single-byte reading
 * in its context (prev and next are code points, 0 at the ends). */
double sgft__score_single(lang lg, uint32_t c, uint32_t prev,
                           uint32_t next) {
    if (c >= 0x80 && c < 0xA0)
        return -10; /* C1 control */
    if (c == 0xA0)
        return 0;
    if (!sgft__is_letter(c)) {
        if (sgft__is_quote(c))
            return -0.5;
        bool touching = sgft__is_letter(prev) || sgft__is_letter(next);
        return touching ? -4 : -1;
    }
    double s;
    uint32_t low = to_lower(c);
    bool cyr = sgft__is_cyrillic(c);
    if (lg == L_RU) {
        if (!cyr)
            return -4;
        s = sgft__set_has(sgft__lang_tables[lg][0], low) ? 1.5
            : sgft__set_has(sgft__lang_tables[lg][1], low) ? 1.0
            : (low >= 0x430 && low <= 0x44F) || low == 0x451 ? 0.5
            : low == 0x454 || low == 0x456 || low == 0x457 || low == 0x45E
                ? 0.1  /* є і ї ў: Ukrainian and Belarusian */
                : -1;  /* Serbian, Macedonian */
    } else {
        if (cyr)
            return -4;
        s = sgft__set_has(sgft__lang_tables[lg][0], low) ? 1.5
            : sgft__set_has(sgft__lang_tables[lg][1], low) ? 0.8
                                           : 0.1;
    }
    /* Where the accented letters of Western languages stand: ì, ò and ù
     * end Italian words, ñ comes before a vowel, õ before e or s, and è,
     * ø, æ and å seldom stand before a vowel: their Central European
     * twins (ě, ň, ů, ń, ő, č, ř, ć, ĺ) do. */
    if (lg == L_WEST) {
        uint32_t nx = to_lower(next);
        bool vnext = is_latin(next) && is_vowel(next) && nx != 'y';
        switch (low) {
        case 0xEC: case 0xF2: case 0xF9: /* ì ò ù */
            if (sgft__is_letter(next))
                s -= 1.5;
            /* fall through */
        case 0xE8: case 0xF8: case 0xE6: case 0xE5: /* è ø æ å */
            if (vnext || (low == 0xE6 && is_latin(prev) && is_vowel(prev)))
                s -= 2.5;
            break;
        case 0xF1: /* ñ */
            if (!vnext)
                s -= 2.5;
            break;
        case 0x153: /* œ */
            if (!vnext && nx != 'd' && nx != 's')
                s -= 2.5;
            break;
        case 0xF5: /* õ */
            if (nx != 'e' && nx != 's')
                s -= 2;
            break;
        }
    }
    /* Mixed scripts and mixed case inside a word. */
    if (prev && sgft__is_letter(prev) && sgft__is_cyrillic(prev) != cyr)
        s -= 3;
    if (next && sgft__is_letter(next) && sgft__is_cyrillic(next) != cyr)
        s -= 3;
    if (is_upper(c) && sgft__is_letter(prev) && !is_upper(prev))
        s -= 3;
    if (!is_upper(c) && is_upper(prev) && sgft__is_letter(next) && is_upper(next))
        s -= 1.5;
    return s;
}

/* Consonant and vowel runs that a non-ASCII letter makes: a Latin or
 * Cyrillic word with five consonants in a row, or four vowels, is a
 * wrong reading. */
double sgft__clusters(const uint32_t *w, size_t n) {
    double pen = 0;
    size_t run = 0;
    bool vowel = false, wide = false;
    for (size_t i = 0; i <= n; i++) {
        bool end = i == n || !sgft__is_letter(w[i]);
        bool v = !end && is_vowel(w[i]);
        if (end || v != vowel || run == 0) {
            if (wide && run >= (vowel ? 3 : 4))
                pen -= 2.0 * (double)(run - (vowel ? 2 : 3));
            run = 0;
            wide = false;
        }
        if (end)
            continue;
        vowel = v;
        run++;
        wide |= w[i] >= 0x80;
    }
    return pen;
}

/* The shape of a word: Latin words hold a few accented letters among
 * plain ones (three in a row are rare even in Polish or Czech, a word
 * of accented letters only rarer still), and a word of any script is in
 * lower case, capitalized or in capitals, not in a mix.  Double-byte
 * text read one byte at a time gives words of accented letters and
 * capitals in the middle of words. */
double sgft__shape(const uint32_t *w, size_t n, bool latin) {
    double pen = 0;
    size_t run = 0, letters = 0, wide = 0, upper = 0, changes = 0, vowels = 0;
    for (size_t i = 0; i <= n; i++) {
        bool l = i < n && sgft__is_letter(w[i]);
        if (l && w[i] >= 0x80) {
            run++;
        } else {
            if (latin && run >= 3)
                pen -= 2.0 * (double)(run - 2);
            run = 0;
        }
        if (!l)
            continue;
        letters++;
        wide += w[i] >= 0x80;
        upper += is_upper(w[i]);
        vowels += is_vowel(w[i]);
        if (i > 1 && sgft__is_letter(w[i - 1]) && is_upper(w[i]) != is_upper(w[i - 1]))
            changes++;
    }
    if (latin && letters >= 3 && wide == letters)
        pen -= 2;
    if (letters >= 3 && !vowels)
        pen -= 3; /* no vowel: not a word */
    if (!latin && letters >= 3 && upper == letters)
        pen -= 1.0 * (double)letters; /* names are capitalized, not in capitals */
    /* Capitalized: one change after the first letter; more is a mix */
    if (changes > 0 && upper != letters && !(changes == 1 && is_upper(w[0]) && upper == 1))
        pen -= 2;
    return pen;
}

/* The digraphs of Polish and Hungarian spelling (cz, rz, sz, cs, zs, gy)
 * in a word with an accented letter speak for a Central European reading. */
double sgft__digraphs(const uint32_t *w, size_t n) {
    static const char *const pairs[] = {"cz", "rz", "sz", "cs", "zs", "gy"};
    for (size_t i = 0; i + 1 < n; i++)
        for (size_t j = 0; j < sizeof pairs / sizeof pairs[0]; j++)
            if (to_lower(w[i]) == (uint32_t)pairs[j][0] &&
                to_lower(w[i + 1]) == (uint32_t)pairs[j][1])
                return 2.0;
    return 0;
}

