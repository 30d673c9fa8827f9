/* detect_lang.c - what the charset detection (detect.c) knows of the
 * languages of its candidates: their frequent characters, and what their
 * letters and words look like. */
#include "detect.h"

/* The classes of the Chinese, Japanese and Korean characters: how
 * frequent each is in names and text of its language (detect_freq.h tells
 * where they come from). */
#include "detect_freq.h"

/* The table of classes of lg and the code points it covers; NULL when
 * lg has none. */
static const unsigned char *class_table(lang lg, uint32_t *first,
                                        uint32_t *last) {
    *first = 0x4E00, *last = 0x9FFF; /* the unified Han */
    switch (lg) {
    case L_ZH_HANS: return freq_zh_hans;
    case L_ZH_HANT: return freq_zh_hant;
    case L_JA: return freq_ja;
    case L_KO: *first = 0xAC00, *last = 0xD7A3; return freq_ko; /* Hangul */
    default: return NULL;
    }
}

bool sgft__cjk_classed(lang lg, uint32_t c) {
    uint32_t first, last;
    return class_table(lg, &first, &last) && c >= first && c <= last;
}

int sgft__cjk_class(lang lg, uint32_t c) {
    uint32_t first, last;
    const unsigned char *t = class_table(lg, &first, &last);
    if (!t || c < first || c > last)
        return 0;
    c -= first;
    return t[c / 4] >> (2 * (c % 4)) & 3;
}

/* Cyrillic: letter frequencies of Russian, three tiers. */
static const char ru_common[] = "оеаинтсрвлкмдпу";
static const char ru_middle[] = "яыьгзбчйхжшюі";
/* In the order of detect.c's enum lang: Chinese (simplified, then
 * traditional), Japanese, Korean, Russian; the Latin candidates are
 * judged by the languages of the next section. */
const char *const sgft__lang_tables[L__COUNT][2] = {
    {NULL, NULL}, {NULL, NULL}, {NULL, NULL}, {NULL, NULL},
    {ru_common, ru_middle}, {NULL, NULL}, {NULL, NULL},
};

/* --- what letters look like ---------------------------------------------- */

/* Where code point c is among the characters of the UTF-8 text t (just
 * after it; NULL when it is not there):
 * its encoding is looked for in t (UTF-8 is self-synchronizing: a whole
 * character never matches inside another).  No table is built, so a
 * detection costs nothing before its first non-ASCII character. */
static const char *set_find(const char *t, uint32_t c) {
    char u[4];
    size_t n;
    if (!t || !c)
        return NULL;
    if (c < 0x80) {
        u[0] = (char)c, n = 1;
    } else if (c < 0x800) {
        u[0] = (char)(0xC0 | c >> 6), u[1] = (char)(0x80 | (c & 0x3F)), n = 2;
    } else if (c < 0x10000) {
        u[0] = (char)(0xE0 | c >> 12), u[1] = (char)(0x80 | (c >> 6 & 0x3F));
        u[2] = (char)(0x80 | (c & 0x3F)), n = 3;
    } else {
        return NULL;
    }
    for (const char *p = strchr(t, u[0]); p; p = strchr(p + 1, u[0]))
        if (strncmp(p, u, n) == 0)
            return p + n;
    return NULL;
}

bool sgft__set_has(const char *t, uint32_t c) { return set_find(t, c) != NULL; }

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


/* The signs that numbers carry in Western text: the degree sign and the
 * ordinal indicators after a digit or after N for "number" (N° 1, 30°,
 * nº 3, 1ª), and the vulgar fractions after a digit or standing apart
 * (6½, ½ point).  Touching a letter otherwise, they are what a
 * wrong reading gives. */
static bool numeral_sign(uint32_t c, uint32_t prev, uint32_t next) {
    bool digit = prev >= '0' && prev <= '9';
    if (c == 0xB0 || c == 0xBA || c == 0xAA)
        return (digit || prev == 'N' || prev == 'n') && !sgft__is_letter(next);
    if (c == 0xBC || c == 0xBD || c == 0xBE)
        return (digit || !sgft__is_letter(prev)) && !sgft__is_letter(next);
    return false;
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
        if (numeral_sign(c, prev, next))
            return 0.5;
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
        s = 0; /* Latin letters: weighed a word at a time (sgft__latin_word) */
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

/* The plain letter of an accented letter of ISO-8859-1 (À-ÿ), in
 * small; other letters in small.  A list of letters puts the accented
 * forms of one letter side by side (Ìí Òó). */
static uint32_t base_letter(uint32_t c) {
    /* the plain letter of each code point from U+00E0 on, '.' for none */
    static const char plain[] = "aaaaaa.ceeeeiiii.nooooo.ouuuuy.y";
    c = to_lower(c);
    return c >= 0xE0 && c <= 0xFF && plain[c - 0xE0] != '.'
               ? (uint32_t)plain[c - 0xE0]
               : c;
}

/* A capital alone, or one letter in capital and small, with one accent
 * or two (Ää, Дд, Ìí): how a list of letters (a test of the charset, an
 * alphabet) writes them, not a word of the language.  (A small letter
 * alone may be a word: à, è, ó.) */
static bool listed_letter(const uint32_t *w, size_t n) {
    if (n == 1)
        return is_upper(w[0]);
    return n == 2 && is_upper(w[0]) && !is_upper(w[1]) &&
           base_letter(w[0]) == base_letter(w[1]);
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
    /* Two accented letters alone are no word either, but one letter in
     * both cases is how a list of letters shows it (Ää Öö Üü Ìí) */
    if (latin && n == 2 && wide == 2 && letters == 2 && !listed_letter(w, n))
        pen -= 3;
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
    static const char pairs[][3] = {"cz", "rz", "sz", "cs", "zs", "gy"};
    for (size_t i = 0; i + 1 < n; i++)
        for (size_t j = 0; j < sizeof pairs / sizeof pairs[0]; j++)
            if (to_lower(w[i]) == (uint32_t)pairs[j][0] &&
                to_lower(w[i + 1]) == (uint32_t)pairs[j][1])
                return 2.0;
    return 0;
}


/* --- Latin words and the languages that write them ----------------------- */

/* The bytes 0xA0-0xFF are other letters in ISO-8859-1 and ISO-8859-2
 * (0xF1 n with tilde or n with acute, 0xE8 e with grave or c with caron,
 * 0xF8 o with stroke or r with caron, 0xF5 o with tilde or o with double
 * acute...), and so are a few bytes of windows-1252 and windows-1250.
 * Names are written in one language each, by its spelling rules: the
 * reading whose words are spelt as some language of its charset spells
 * them is the right one.  A word is judged in each language of the
 * candidate's group that has all its accented letters (a word with
 * letters of two languages, such as n with caron beside o with
 * diaeresis, fits none), by how common those letters are there, by where
 * they stand (the rules below) and by the plain letters the language
 * does without; the best language gives the word's score.  The words of
 * a phrase (a name, a sentence) are of one language: a phrase that needs
 * two loses a little (LATIN_TWO_LANGS).
 *
 * The letters and rules are those of each language's standard spelling
 * as its grammars and dictionaries describe it (French, Spanish, Catalan,
 * Portuguese, Italian, German, Dutch, Danish and Norwegian, Swedish,
 * Finnish, Icelandic; Czech, Slovak, Polish, Hungarian,
 * Slovenian, Croatian and Serbian in Latin letters, Romanian with the
 * cedilla of ISO-8859-2), written for this program.  Left out: Estonian,
 * whose letters are in neither charset, and Faroese, whose words would
 * look like Czech ones read in ISO-8859-1 (o with stroke beside a, i, o,
 * u and y with acute) and which few records hold. */
enum {
    FR = 1 << 0, ES = 1 << 1, CA = 1 << 2, PT = 1 << 3, IT = 1 << 4,
    DE = 1 << 5, NL = 1 << 6, DA = 1 << 7, SV = 1 << 8, IS = 1 << 9,
    FI = 1 << 10, CS = 1 << 11, SK = 1 << 12, PL = 1 << 13, HU = 1 << 14,
    SL = 1 << 15, HR = 1 << 16, RO = 1 << 17,
};
#define WEST (1u << L_WEST)
#define CENTRAL (1u << L_CENTRAL)

/* Each language: the charsets' groups it is written in (German in both:
 * ISO-8859-2 has its letters), its accented letters (lower case) in two
 * tiers by their share of its text and names (first those above about
 * two letters in a thousand), and the plain letters its own words do
 * not use (k and w in the Romance languages, w in Danish and Norwegian,
 * v in Polish, q, w and x in the other Slavic languages and
 * Hungarian...).  Each set has at most 23 bytes of UTF-8 (the longest,
 * French rare letters, has 22), the plain letters at most 7. */
static const struct latin_lang {
    unsigned id, groups;
    char common[24], rare[24], foreign[8];
} latin_langs[] SGFT_RARE_DATA = {
    {FR, WEST, "éèàçê", "âîïôûùëüÿœæ", "kw"},
    {ES, WEST, "áéíóúñ", "ü", "kw"}, /* with Galician and Basque */
    {CA, WEST, "àèéíòóúç", "ïü", "kw"},
    {PT, WEST, "ãçéáóíõêâú", "ôàü", "kwy"},
    {IT, WEST, "àèéìòù", "íóúî", "jkwxy"},
    {DE, WEST | CENTRAL, "äöüß", "", ""},
    {NL, WEST, "ëéï", "öüáó", ""},
    {DA, WEST, "øåæ", "é", "qwx"}, /* Danish, Norwegian */
    {SV, WEST, "åäö", "éü", ""},
    {FI, WEST, "äö", "åšž", "bcfqwxz"}, /* š, ž in loanwords */
    {IS, WEST, "áíóúðþæö", "éý", "cqwz"},
    {CS, CENTRAL, "áéíýčěřšžů", "óúďňť", "qwx"},
    {SK, CENTRAL, "áéíóúýčšž", "äďľňôťĺŕ", "qwx"},
    {PL, CENTRAL, "ąćęłóśż", "ńź", "qvx"},
    {HU, CENTRAL, "áéóöő", "íúüű", "qwx"},
    {SL, CENTRAL, "čšž", "ćđ", "qwxy"},
    {HR, CENTRAL, "čćšž", "đ", "qwxy"},
    {RO, CENTRAL, "ăâîşţ", "", "kqwy"},
};

/* Where letters stand.  In the languages langs, each of letters has on
 * side '<' (the letter before it), '>' (the one after) or '~' (either
 * side) one of allowed: letters (a letter followed by '.': that letter
 * ending the word), or V a vowel, C a consonant, ^ the start of the word,
 * $ its end, E (after it) consonants and then an e or the end; '!' first:
 * none of them.  As in latin_langs the strings are in the entries:
 * letters at most 31 bytes (the last rule's have 28), allowed at most 10
 * (the longest has 8). */
static const struct latin_rule {
    char letters[32];
    unsigned langs;
    char side;
    char allowed[11];
} latin_rules[] SGFT_RARE_DATA = {
    /* Western */
    {"ñ", ES, '>', "V"},             /* Muñoz, Peña, Íñigo */
    {"ç", FR | PT, '>', "aouãõ"},    /* c before a, o, u: François, Gonçalves */
    {"ç", CA, '>', "aou$"},          /* Marçal, Lluç */
    {"ß", DE, '<', "V"},             /* after a vowel: Weiß, Großmann */
    {"ïë", FR | NL | CA, '<', "V"},  /* a vowel after a vowel: Anaïs, Daniël */
    {"è", FR, '>', "E"},             /* before a mute e: Lefèvre, Agnès */
    {"èàò", CA, '>', "C$"},          /* Mercè, Fàbregas */
    {"àèìòù", IT, '>', "$"},         /* ending a word: Niccolò, Cantù */
    {"à", FR | PT, '>', "$s."},      /* déjà, voilà; à, às */
    {"ù", FR, '<', "o"},             /* où */
    {"ê", FR, '>', "C"},             /* forêt, Crêpin */
    {"ê", PT, '>', "C$"},            /* Estêvão, você */
    {"û", FR, '>', "trlcmne$"},      /* sûr, brûlé, flûte, dû, jeûne */
    {"œ", FR, '>', "Vd"},            /* cœur, Œdipe */
    {"ã", PT, '>', "oe$s."},         /* Magalhães, Simão, irmã, irmãs */
    {"õ", PT, '>', "e"},             /* Simões */
    {"øåæ", FR | DA | SV | FI | IS, '<', "C^"}, /* never after a vowel */
    {"ø", DA, '>', "Cyea$"},         /* Løken, Øyvind, Bøe, Støa */
    {"ð", IS, '<', "!^"},            /* Guðrún; no word starts with it */
    {"þ", IS, '<', "^"},             /* only first: Þórður */
    /* Central European */
    {"ě", CS, '<', "bpvfmdtn"},      /* ně, dě, tě, bě, pě, vě, fě, mě */
    {"ů", CS, '<', "C"},             /* Tůma, domů; never first */
    {"ř", CS, '~', "V"},             /* Dvořák, Přemysl */
    {"čšžř", CS | SK, '>', "!yý"},   /* i, never y, after them */
    {"ďťň", CS | SK, '~', "V"},       /* Ďurica, Šťastný, Kaňka, loď */
    {"ńśźć", PL, '>', "C$"},         /* before a vowel: ni, si, zi, ci */
    {"ąę", PL, '<', "Ci"},           /* Dąbek, Kępa, się; never first */
    {"ä", SK, '<', "bpmv"},          /* after a labial: Mäsiar, päť */
    {"ô", SK, '<', "C"},             /* kôň, Hôrka */
    {"ĺŕ", SK, '<', "C"},            /* syllabic, between consonants: Vŕba */
    {"ĺŕ", SK, '>', "C$"},
    {"ă", RO, '>', "Ciu$"},          /* Bălan, Frunză, băiat, rău */
    /* an accented consonant has a vowel, an r (Urška, Perštejn) or the
     * word's edge beside it (Drożdż) */
    {"čšžřďťňśźżćđşţ", CS | SK | PL | SL | HR | RO, '~', "V^$r"},
};

/* What a word's score loses for each broken rule, for a plain letter
 * its language does not use, and when no language has all its letters. */
#define LATIN_RULE -3.0
#define LATIN_FOREIGN -2.5
#define LATIN_MIXED -3.0

/* Whether the neighbour of w[j] on one side (d -1 or +1) is one of
 * allowed (see latin_rules). */
static bool neighbour_in(const uint32_t *w, size_t n, size_t j, int d,
                         const char *allowed) {
    bool neg = *allowed == '!';
    allowed += neg;
    bool edge = d < 0 ? j == 0 : j + 1 == n;
    bool in;
    if (edge) {
        in = strchr(allowed, d < 0 ? '^' : '$') != NULL;
    } else {
        uint32_t c = to_lower(w[d < 0 ? j - 1 : j + 1]);
        const char *at = set_find(allowed, c);
        in = (at && (*at != '.' || (d > 0 && j + 2 == n))) ||
             (is_latin(c) && strchr(allowed, is_vowel(c) ? 'V' : 'C'));
    }
    if (!in && d > 0 && strchr(allowed, 'E')) {
        size_t k = j + 1;
        while (k < n && is_latin(w[k]) && !is_vowel(w[k]))
            k++;
        in = k > j + 1 && (k == n || to_lower(w[k]) == 'e');
    }
    return in != neg;
}

static bool rule_holds(const struct latin_rule *r, const uint32_t *w,
                       size_t n, size_t j) {
    switch (r->side) {
    case '<': return neighbour_in(w, n, j, -1, r->allowed);
    case '>': return neighbour_in(w, n, j, +1, r->allowed);
    default:
        return neighbour_in(w, n, j, -1, r->allowed) ||
               neighbour_in(w, n, j, +1, r->allowed);
    }
}

_Static_assert(sizeof latin_langs / sizeof latin_langs[0] == LATIN_LANGS,
               "LATIN_LANGS counts the languages");

/* What a phrase loses when its words are of two languages. */
#define LATIN_TWO_LANGS -2.0

void sgft__latin_word(latin_phrase *p, lang lg, const uint32_t *w, size_t n) {
    const unsigned group = 1u << lg;
    const size_t nrules = sizeof latin_rules / sizeof latin_rules[0];
    double s[LATIN_LANGS] = {0};
    unsigned fits = 0, foreign = 0; /* languages, by their bits */
    for (size_t l = 0; l < LATIN_LANGS; l++)
        if (latin_langs[l].groups & group)
            fits |= latin_langs[l].id;
    /* Letters of two languages, or of none: each counts as a rare letter
     * of its group, or hardly at all. */
    double mixed = LATIN_MIXED;
    /* A letter listed alone or in its two cases stands in no word: where
     * letters stand says nothing of it. */
    bool listed = listed_letter(w, n);
    for (size_t j = 0; j < n; j++) {
        uint32_t c = to_lower(w[j]);
        if (c < 0x80) {
            for (size_t l = 0; l < LATIN_LANGS; l++)
                if (strchr(latin_langs[l].foreign, (int)c))
                    foreign |= latin_langs[l].id;
            continue;
        }
        if (!is_latin(c))
            continue; /* symbols: sgft__score_single */
        unsigned has = 0;
        for (size_t l = 0; l < LATIN_LANGS; l++) {
            const struct latin_lang *L = &latin_langs[l];
            if (!(L->groups & group))
                continue;
            if (sgft__set_has(L->common, c))
                s[l] += 1.5, has |= L->id;
            else if (sgft__set_has(L->rare, c))
                s[l] += 0.8, has |= L->id;
        }
        mixed += has ? 0.8 : 0.1;
        fits &= has;
        for (size_t k = 0; k < nrules && !listed; k++) {
            const struct latin_rule *r = &latin_rules[k];
            if (!(r->langs & fits) || !sgft__set_has(r->letters, c) ||
                rule_holds(r, w, n, j))
                continue;
            for (size_t l = 0; l < LATIN_LANGS; l++)
                if (r->langs & latin_langs[l].id)
                    s[l] += LATIN_RULE;
        }
    }
    double best = mixed;
    bool fits_one = false;
    for (size_t l = 0; l < LATIN_LANGS; l++) {
        unsigned id = latin_langs[l].id;
        if (foreign & id)
            s[l] += LATIN_FOREIGN;
        p->sum[l] += s[l];
        p->out[l] |= !(fits & id);
        if ((fits & id) && (!fits_one || s[l] > best))
            best = s[l];
        fits_one |= (fits & id) != 0;
    }
    p->best += best;
    p->words++;
}

double sgft__latin_phrase_end(latin_phrase *p) {
    double s = p->best + (p->words > 1 ? LATIN_TWO_LANGS : 0);
    for (size_t l = 0; l < LATIN_LANGS; l++)
        if (!p->out[l] && p->sum[l] > s)
            s = p->sum[l];
    memset(p, 0, sizeof *p);
    return s;
}
