/* charset_names.c - the names of charsets as CA and the options spell
 * them: the standard spellings, their aliases, the converter that reads
 * each, and message 116 for a CA spelt otherwise.  Detection (detect.c)
 * decides what a text is in when no name says it. */
#include "config.h"

#include "internal.h"

#include <iconv.h>
#include <string.h>

/* --- names ------------------------------------------------------------- */

/* The spellings a CA should use (the preferred MIME names of the IANA
 * registry) and the converter that reads each.  Names are compared
 * without regard to case; a name that matches one of these once '-', '_'
 * and spaces are ignored (ISO8859_1, UTF8, Shift-JIS) is resolved to it
 * with a warning.  GB2312 and GBK are read as GB18030, Big5 as
 * Big5-HKSCS, EUC-KR as CP949 and Shift_JIS as CP932: supersets that
 * read the same bytes, and more of the files found in the wild (glibc's
 * own SHIFT_JIS also reads 0x5C as a yen sign, and '\' would be lost).
 *
 * A name has at most 15 bytes. */
static const struct canon {
    char name[16], iconv[16];
} canon[] = {
    {"UTF-8", "UTF-8"},           {"US-ASCII", "US-ASCII"},
    {"UTF-16", "UTF-16"},         {"UTF-16LE", "UTF-16LE"},
    {"UTF-16BE", "UTF-16BE"},     {"UTF-32", "UTF-32"},
    {"UTF-32LE", "UTF-32LE"},     {"UTF-32BE", "UTF-32BE"},
    {"GB18030", "GB18030"},       {"GBK", "GB18030"},
    {"GB2312", "GB18030"},        {"Big5", "BIG5-HKSCS"},
    {"Big5-HKSCS", "BIG5-HKSCS"}, {"Shift_JIS", "CP932"},
    {"EUC-JP", "EUC-JP"},         {"ISO-2022-JP", "ISO-2022-JP"},
    {"EUC-KR", "CP949"},          {"KOI8-R", "KOI8-R"},
    {"KOI8-U", "KOI8-U"},         {"windows-1250", "CP1250"},
    {"windows-1251", "CP1251"},   {"windows-1252", "CP1252"},
    {"windows-1253", "CP1253"},   {"windows-1254", "CP1254"},
    {"windows-1257", "CP1257"},   {"ISO-8859-1", "ISO-8859-1"},
    {"ISO-8859-2", "ISO-8859-2"}, {"ISO-8859-5", "ISO-8859-5"},
    {"ISO-8859-7", "ISO-8859-7"}, {"ISO-8859-9", "ISO-8859-9"},
    {"ISO-8859-15", "ISO-8859-15"}, {"TIS-620", "TIS-620"},
};

/* Other names of these charsets, and the standard name each means (each
 * at most 23 bytes).  The names the IANA registry, or RFC 1345 before it,
 * lists as aliases (registered: latin1, MS_Kanji, CP936, ASCII...) are as
 * good as the standard name in a CA (the format takes the names and
 * aliases of RFC 1345 and its successors): read as written.
 * The others, seen in CA values, are spellings to correct (116), as is a
 * registered alias written loosely (LATIN-1). */
static const struct alias {
    char name[24], use[16];
    bool registered;
} aliases[] = {
    /* US-ASCII */
    {"ANSI_X3.4-1968", "US-ASCII", true}, {"ANSI_X3.4-1986", "US-ASCII", true},
    {"ISO_646.irv:1991", "US-ASCII", true}, {"ISO646-US", "US-ASCII", true},
    {"iso-ir-6", "US-ASCII", true},       {"us", "US-ASCII", true},
    {"IBM367", "US-ASCII", true},         {"cp367", "US-ASCII", true},
    {"csASCII", "US-ASCII", true},        {"ASCII", "US-ASCII", true},
    /* ISO-8859-x */
    {"ISO_8859-1:1987", "ISO-8859-1", true}, {"ISO_8859-1", "ISO-8859-1", true},
    {"iso-ir-100", "ISO-8859-1", true},   {"latin1", "ISO-8859-1", true},
    {"l1", "ISO-8859-1", true},           {"IBM819", "ISO-8859-1", true},
    {"CP819", "ISO-8859-1", true},        {"csISOLatin1", "ISO-8859-1", true},
    {"ISO_8859-2:1987", "ISO-8859-2", true}, {"ISO_8859-2", "ISO-8859-2", true},
    {"iso-ir-101", "ISO-8859-2", true},   {"latin2", "ISO-8859-2", true},
    {"l2", "ISO-8859-2", true},           {"csISOLatin2", "ISO-8859-2", true},
    {"ISO_8859-5:1988", "ISO-8859-5", true}, {"ISO_8859-5", "ISO-8859-5", true},
    {"iso-ir-144", "ISO-8859-5", true},   {"cyrillic", "ISO-8859-5", true},
    {"csISOLatinCyrillic", "ISO-8859-5", true},
    {"ISO_8859-7:1987", "ISO-8859-7", true}, {"ISO_8859-7", "ISO-8859-7", true},
    {"iso-ir-126", "ISO-8859-7", true},   {"ELOT_928", "ISO-8859-7", true},
    {"ECMA-118", "ISO-8859-7", true},     {"greek", "ISO-8859-7", true},
    {"greek8", "ISO-8859-7", true},       {"csISOLatinGreek", "ISO-8859-7", true},
    {"ISO_8859-9:1989", "ISO-8859-9", true}, {"ISO_8859-9", "ISO-8859-9", true},
    {"iso-ir-148", "ISO-8859-9", true},   {"latin5", "ISO-8859-9", true},
    {"l5", "ISO-8859-9", true},           {"csISOLatin5", "ISO-8859-9", true},
    {"ISO_8859-15", "ISO-8859-15", true}, {"Latin-9", "ISO-8859-15", true},
    {"csISO885915", "ISO-8859-15", true},
    /* Chinese */
    {"csGB2312", "GB2312", true},         {"GB_2312-80", "GB2312", true},
    {"EUC-CN", "GB2312", false},          {"EUCCN", "GB2312", false},
    {"CP936", "GBK", true},               {"MS936", "GBK", true},
    {"windows-936", "GBK", true},         {"csGBK", "GBK", true},
    {"X-GBK", "GBK", false},              {"csGB18030", "GB18030", true},
    {"csBig5", "Big5", true},             {"CP950", "Big5", false},
    {"CN-BIG5", "Big5", false},           {"X-X-BIG5", "Big5", false},
    {"csBig5HKSCS", "Big5-HKSCS", true},  {"BIG5HKSCS", "Big5-HKSCS", false},
    /* Japanese */
    {"MS_Kanji", "Shift_JIS", true},      {"csShiftJIS", "Shift_JIS", true},
    {"Windows-31J", "Shift_JIS", true},   {"csWindows31J", "Shift_JIS", true},
    {"SJIS", "Shift_JIS", false},         {"X-SJIS", "Shift_JIS", false},
    {"CP932", "Shift_JIS", false},        {"MS932", "Shift_JIS", false},
    {"csEUCPkdFmtJapanese", "EUC-JP", true}, {"X-EUC-JP", "EUC-JP", false},
    {"UJIS", "EUC-JP", false},            {"csISO2022JP", "ISO-2022-JP", true},
    /* Korean */
    {"csEUCKR", "EUC-KR", true},          {"KS_C_5601-1987", "EUC-KR", true},
    {"KS_C_5601-1989", "EUC-KR", true},   {"KSC_5601", "EUC-KR", true},
    {"iso-ir-149", "EUC-KR", true},       {"korean", "EUC-KR", true},
    {"csKSC56011987", "EUC-KR", true},    {"KS_C_5601", "EUC-KR", false},
    {"KSC5601", "EUC-KR", false},         {"CP949", "EUC-KR", false},
    {"UHC", "EUC-KR", false},             {"MS949", "EUC-KR", false},
    {"WINDOWS-949", "EUC-KR", false},
    /* Cyrillic, windows */
    {"csKOI8R", "KOI8-R", true},          {"csKOI8U", "KOI8-U", true},
    {"CP866", "IBM866", true},            {"866", "IBM866", true},
    {"csIBM866", "IBM866", true},         {"X-CP1251", "windows-1251", false},
    {"cswindows1250", "windows-1250", true}, {"CP1250", "windows-1250", false},
    {"WIN1250", "windows-1250", false},
    {"cswindows1251", "windows-1251", true}, {"CP1251", "windows-1251", false},
    {"WIN1251", "windows-1251", false},
    {"cswindows1252", "windows-1252", true}, {"CP1252", "windows-1252", false},
    {"WIN1252", "windows-1252", false},
    /* Unicode */
    {"csUTF8", "UTF-8", true},
    {"csUTF16", "UTF-16", true},          {"csUTF16LE", "UTF-16LE", true},
    {"csUTF16BE", "UTF-16BE", true},      {"csUTF32", "UTF-32", true},
    {"csUTF32LE", "UTF-32LE", true},      {"csUTF32BE", "UTF-32BE", true},
    {"csTIS620", "TIS-620", true},
};

static int upper_ascii(int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }

/* Compares a and b ignoring case, and '-', '_' and spaces when loose. */
static bool same_name(const char *a, const char *b, bool loose) {
    for (;;) {
        if (loose) {
            while (*a == '-' || *a == '_' || *a == ' ')
                a++;
            while (*b == '-' || *b == '_' || *b == ' ')
                b++;
        }
        if (!*a || !*b)
            return !*a && !*b;
        if (upper_ascii((unsigned char)*a) != upper_ascii((unsigned char)*b))
            return false;
        a++, b++;
    }
}

static const struct canon *find_canon(const char *name, bool loose) {
    for (size_t i = 0; i < sizeof canon / sizeof canon[0]; i++)
        if (same_name(name, canon[i].name, loose))
            return &canon[i];
    return NULL;
}

/* White space as a simple text has it, and NUL: the writer turns each of
 * these into a space, and the name must resolve the same when read again.
 * (NUL is still in the value with -E2, which replaces it only on output;
 * the other modes have replaced it already.) */
static bool name_blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f' || c == '\0';
}

/* The characters of a charset's name in s: a blank inside the name is left
 * out, and makes it a spelling to correct (UT F-8), as '-' or '_' left out
 * or added do; so does a character that no charset's name holds (UTF-;8):
 * *inner tells.  False when nothing is left or the name is too long. */
static bool name_chars(const char *s, size_t len, char *name, size_t size,
                       size_t *n, bool *inner) {
    *n = 0;
    *inner = false;
    while (len && name_blank(s[len - 1]))
        len--;
    while (len && name_blank(*s))
        s++, len--;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (name_blank(c) ||
            !((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
              (c >= 'a' && c <= 'z') || strchr("-_.:+()", c))) {
            *inner = true;
            continue;
        }
        if (*n + 1 >= size)
            return false;
        name[(*n)++] = c;
    }
    name[*n] = '\0';
    return *n > 0;
}

bool sgft__charset_resolve(const char *s, size_t len, char *out, size_t size,
                           const char **standard) {
    char name[64];
    size_t n = 0;
    *standard = NULL;
    bool inner;
    if (!name_chars(s, len, name, sizeof name, &n, &inner))
        return false;
    const struct canon *c = inner ? NULL : find_canon(name, false);
    if (c) {
        sgft__copy_str(out, size, c->iconv);
        return true;
    }
    /* A registered alias as written: read as it says, no correction. */
    for (size_t i = 0; !inner && i < sizeof aliases / sizeof aliases[0]; i++)
        if (aliases[i].registered && same_name(name, aliases[i].name, false)) {
            c = find_canon(aliases[i].use, false);
            sgft__copy_str(out, size, c ? c->iconv : aliases[i].use);
            return true;
        }
    c = find_canon(name, true);
    for (size_t i = 0; !c && i < sizeof aliases / sizeof aliases[0]; i++)
        if (same_name(name, aliases[i].name, true)) {
            c = find_canon(aliases[i].use, false);
            if (!c) { /* a standard name outside the table: iconv's own */
                *standard = aliases[i].use;
                sgft__copy_str(out, size, aliases[i].use);
                return true;
            }
        }
    if (c) {
        *standard = c->name;
        sgft__copy_str(out, size, c->iconv);
        return true;
    }
    for (size_t i = 0; i < n; i++)
        name[i] = (char)upper_ascii((unsigned char)name[i]);
    sgft__copy_str(out, size, name);
    return n < size;
}

bool sgft__charset_normalize(const char *s, size_t len, char *out,
                             size_t size) {
    const char *standard;
    return sgft__charset_resolve(s, len, out, size, &standard);
}

bool sgft__iconv_knows(const char *name) {
    if (strcmp(name, "UTF-8") == 0)
        return true;
    iconv_t cd = iconv_open("UTF-8", name);
    if (cd == (iconv_t)-1)
        return false;
    iconv_close(cd);
    return true;
}

bool sgft_charset_known(const char *name) {
    char n[64];
    return sgft__charset_normalize(name, strlen(name), n, sizeof n) &&
           sgft__iconv_knows(n);
}

bool sgft__charset_ascii_safe(const char *name) {
    /* names of at most 11 bytes */
    static const char unsafe[][12] = {"CP932", "BIG5-HKSCS", "BIG5", "CP950",
                                      "GB18030", "GBK", "SHIFT_JIS",
                                      "SJIS", "UTF-16", "UTF-16LE",
                                      "UTF-16BE", "UTF-32", "UTF-32LE",
                                      "UTF-32BE", "ISO-2022-JP"};
    for (size_t i = 0; i < sizeof unsafe / sizeof unsafe[0]; i++)
        if (same_name(name, unsafe[i], false))
            return false;
    return true;
}

void sgft__check_ca_spelling(sgft_ctx *ctx, game_tree *tree) {
    prop *ca = sgft__prop_find(tree->root, P_CA);
    if (!ca || !ca->values)
        return;
    buf b;
    sgft__buf_init(&b);
    sgft__text_decode(&b, value_bytes(ctx, ca->values), ca->values->len, true,
                      SGFT_LB_HARD);
    char name[64];
    const char *standard = NULL;
    if (b.data && sgft__charset_resolve(b.data, b.len, name, sizeof name,
                                        &standard) &&
        standard) {
        report r = {0};
        r.value = b.data;
        r.value_len = b.len; /* the whole of it: it may hold NUL (-E2) */
        r.detail = standard;
        /* A name of its charset in common use (UTF8, SJIS, CP1252, Latin-1)
         * is read without doubt: information (117).  One with a blank or
         * a character no charset's name holds is a fault of the file
         * (116). */
        char tmp[64];
        size_t n;
        bool inner = true;
        name_chars(b.data, b.len, tmp, sizeof tmp, &n, &inner);
        sgft__report(ctx, inner ? M_CA_SPELLING : M_CA_ALIAS, true, ca->off,
                     &r);
    }
    sgft__buf_free(&b);
}
