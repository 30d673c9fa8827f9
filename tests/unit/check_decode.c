/* check_decode.c - the charset stage on its own: names as written in the
 * wild, the scanning of double-byte values whose trail bytes look like
 * '\' or ']', detection of short texts, a declared Latin charset over
 * double-byte text, UTF-8 under a legacy CA, and the decoding reader of
 * -E1 fed byte by byte. */
#include "tests.h"
#include "../../src/decode.h"

#include <stdlib.h>
#include <string.h>

START_TEST(test_charset_names) {
    static const struct {
        const char *written, *iconv, *standard;
    } names[] = {
        {"UTF-8", "UTF-8", NULL},
        {"utf-8", "UTF-8", NULL},
        {"UTF8", "UTF-8", "UTF-8"},
        {"ISO8859_1", "ISO-8859-1", "ISO-8859-1"},
        {"Latin-1", "ISO-8859-1", "ISO-8859-1"},
        {"Latin1", "ISO-8859-1", NULL}, /* a registered alias */
        {"MS_Kanji", "CP932", NULL},
        {"csASCII", "US-ASCII", NULL},
        {"ASCII", "US-ASCII", NULL},     /* an alias of RFC 1345 */
        {"A SCII", "US-ASCII", "US-ASCII"},
        {"SJIS", "CP932", "Shift_JIS"},
        {"Shift_JIS", "CP932", NULL},
        {"x-sjis", "CP932", "Shift_JIS"},
        {"GB2312", "GB18030", NULL},
        {"cp936", "GB18030", NULL}, /* registered */
        {"Big5", "BIG5-HKSCS", NULL},
        /* Blanks at the ends are not part of the name; one inside makes
         * it a spelling to correct, whatever the blank (the writer makes
         * each a space). */
        {" UTF-8\t", "UTF-8", NULL},
        {"UT F-8", "UTF-8", "UTF-8"},
        {"UTF\v-8", "UTF-8", "UTF-8"},
        {"\fShift JIS", "CP932", "Shift_JIS"},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char out[64];
        const char *standard = "unset";
        bool ok = sgft__charset_resolve(names[i].written,
                                        strlen(names[i].written), out,
                                        sizeof out, &standard);
        ck_assert_msg(ok, "%s not resolved", names[i].written);
        ck_assert_str_eq(out, names[i].iconv);
        if (names[i].standard)
            ck_assert_str_eq(standard, names[i].standard);
        else
            ck_assert_ptr_null(standard);
    }
    /* NUL, still in the value with -E2, is a blank like the others. */
    char out[64];
    const char *standard = "unset";
    ck_assert(sgft__charset_resolve("UTF\0-8", 6, out, sizeof out, &standard));
    ck_assert_str_eq(out, "UTF-8");
    ck_assert_str_eq(standard, "UTF-8");
    ck_assert(sgft__charset_resolve("\0UTF-8\0", 7, out, sizeof out,
                                    &standard));
    ck_assert_str_eq(out, "UTF-8");
    ck_assert_ptr_null(standard);
    ck_assert(!sgft__charset_resolve("\0\0", 2, out, sizeof out, &standard));
    ck_assert(!sgft_charset_known("no-such-charset"));
    ck_assert(sgft__charset_ascii_safe("ISO-8859-1"));
    ck_assert(sgft__charset_ascii_safe("UTF-8"));
    ck_assert(!sgft__charset_ascii_safe("CP932"));
    ck_assert(!sgft__charset_ascii_safe("UTF-16LE"));
}
END_TEST

START_TEST(test_value_scan) {
    /* Shift_JIS 表 is 95 5C, 能 is 94 5C: the 5C is not an escape, and
     * the value ends at the real ']'. */
    static const char sjis[] = "\x95\x5c\x94\x5c]rest";
    ck_assert_uint_eq(sgft__value_scan(SCAN_SJIS, sjis, strlen(sjis), true),
                      4);
    /* Big5 許 is B3 5C; an escaped ']' after it stays in the value. */
    static const char big5[] = "\xb3\x5cx\\]y]";
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, big5, strlen(big5), true),
                      6);
    /* A lead byte at the end of what has been read waits for more. */
    static const char cut[] = "ab\xb3";
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, cut, 3, false), 2);
    /* "\x8d\\]": 0x8D 0x5C and the ']' that ends the value, or 0x8D and an
     * escaped 0x5C... told by whether SGF follows the ']', looking at
     * most 64 bytes.  Letters for 64 bytes: not SGF, the value goes on;
     * however much of them has been read (when the 64th is the last read,
     * one more byte is waited for: the end of the input there is SGF). */
    char letters[3 + 65];
    memcpy(letters, "\x8d\\]", 3);
    memset(letters + 3, 'r', 65);
    ck_assert_uint_eq(sgft__value_scan(SCAN_SJIS, letters, 68, false), 68);
    ck_assert_uint_eq(sgft__value_scan(SCAN_SJIS, letters, 67, false), 0);
    ck_assert_uint_eq(sgft__value_scan(SCAN_SJIS, letters, 67, true), 2);
    ck_assert_uint_eq(sgft__value_scan(SCAN_SJIS, letters, 66, false), 0);
}
END_TEST

/* A ']' that a byte of 0x80 or more comes before and SGF after stays a
 * ']', not the trail byte of a double-byte character: "café" in Latin-1
 * under a CA of GBK would take the properties after it into the text.
 * The byte left alone is invalid (U+FFFD, one run at its offset), read
 * whole or in pieces; a ']' that text follows stays a trail byte. */
static size_t convert_in_steps(iconv_t cd, dec_mode mode, const char *in,
                               size_t len, size_t step, buf *out,
                               uint64_t *bad, size_t max_bad);
START_TEST(test_bracket_not_trail) {
    static const char latin[] = "caf\xe9]PB[x]";
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, latin, 11, true), 4);
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, latin, 5, false), 3);
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, latin, 7, false), 3);
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, latin, 8, false), 4);
    /* the end, or text after it ("(", ")", ";", "[" of a sentence), is
     * no proof: Big5 也 (A4 5D) then "(x)" */
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, latin, 5, true), 5);
    static const char text[] = "\x81]x y]";
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, text, 6, true), 5);
    static const char paren[] = "\xa4](x);y]";
    ck_assert_uint_eq(sgft__value_scan(SCAN_DBCS, paren, 8, true), 7);
    iconv_t cd = iconv_open("UTF-8", "GB18030");
    if (cd == (iconv_t)-1)
        return;
    for (size_t step = 1; step <= 12; step++) {
        buf out;
        sgft__buf_init(&out);
        uint64_t bad[8];
        size_t runs = convert_in_steps(cd, DEC_ICONV_ASCII, latin, 11, step,
                                       &out, bad, 8);
        ck_assert_uint_eq(runs, 1);
        ck_assert_uint_eq(bad[0], 3);
        ck_assert_str_eq(out.data, "caf\xef\xbf\xbd]PB[x]");
        sgft__buf_free(&out);
    }
    buf a, b;
    sgft__buf_init(&a);
    sgft__buf_init(&b);
    uint64_t bad_a[4], bad_b[4];
    ck_assert_uint_eq(convert_in_steps(cd, DEC_ICONV, text, 6, 6, &a, bad_a, 4),
                      0);
    ck_assert_uint_eq(
        convert_in_steps(cd, DEC_ICONV_ASCII, text, 6, 6, &b, bad_b, 4), 0);
    ck_assert_str_eq(a.data, b.data);
    ck_assert_uint_eq(a.len, 7); /* one character of three bytes, "x y]" */
    sgft__buf_free(&a);
    sgft__buf_free(&b);
    iconv_close(cd);
}
END_TEST

START_TEST(test_detect_short) {
    static const struct {
        const char *bytes, *charset;
    } texts[] = {
        /* 柯洁 李世石 in GB2312 */
        {"\xbf\xc2\xbd\xe0 \xc0\xee\xca\xc0\xca\xaf", "GB18030"},
        /* 이창호 in EUC-KR */
        {"\xc0\xcc\xc3\xa2\xc8\xa3", "CP949"},
        /* Иванов in windows-1251 */
        {"\xc8\xe2\xe0\xed\xee\xe2", "CP1251"},
        /* Jürgen Müller in ISO-8859-1 */
        {"J\xfcrgen M\xfcller", "ISO-8859-1"},
        /* Latin names whose bytes are other letters in the Latin charset
         * of the other half of Europe: Muñoz, João Gonçalves, Søren Kjær
         * (Muńoz, Joăo, Sřren Kjćr in ISO-8859-2); Dvořák,
         * Łukasz, Ferenc Győri (ISO-8859-2); Ewa Dąbek (windows-1250: Dšbek
         * in ISO-8859-2); Étienne Lœuillet (windows-1252: Lśuillet in
         * windows-1250) */
        {"Mu\xf1oz Fran\xe7ois", "ISO-8859-1"},
        {"Jo\xe3o Gon\xe7" "alves", "ISO-8859-1"},
        {"S\xf8ren Kj\xe6r", "ISO-8859-1"},
        {"Dvo\xf8\xe1k \xa3ukasz", "ISO-8859-2"},
        {"Ferenc Gy\xf5ri", "ISO-8859-2"},
        {"Ewa D\xb9" "bek", "CP1250"},
        {"\xc9tienne L\x9cuillet", "CP1252"},
    };
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    ck_assert_ptr_nonnull(ctx);
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        detect_result r;
        ck_assert(sgft__detect_charset(ctx, texts[i].bytes,
                                       strlen(texts[i].bytes), true, &r));
        ck_assert_str_eq(r.name, texts[i].charset);
        ck_assert_int_ge(r.confidence, 50);
    }
    detect_result r;
    ck_assert(!sgft__detect_charset(ctx, "plain ASCII", 11, true, &r));
    sgft_ctx_free(ctx);
}
END_TEST

/* UTF-8 under a legacy CA: valid UTF-8 wins over a charset of one byte
 * a character with any character above ASCII, over a double-byte one
 * only with a character of three or four bytes. */
START_TEST(test_utf8_instead) {
    static const struct {
        const char *cs, *text;
        bool utf8;
    } rows[] = {
        {"ISO-8859-1", "Ren\xC3\xA9", true},      /* René */
        {"CP1252", "Ren\xE9", false},              /* René in CP1252 */
        {"CP1251", "\xD0\x98\xD0\xB2", true},   /* Ив */
        {"KOI8-R", "plain", false},                 /* nothing above ASCII */
        {"CP932", "\xE4\xBA\x95\xE5\xB1\xB1", true}, /* 井山 */
        {"CP932", "\x88\xE4\x8E\x52", false},   /* 井山 in Shift_JIS */
        {"GB18030", "\xCE\xB0", false},           /* 伟 in GBK: U+03B0 */
        {"GB18030", "caf\xC3\xA9", false},        /* two bytes only */
        {"CP949", "\xEC\x9D\xB4", true},         /* 이 */
        {"CP949", "\xEC\x9D\xB4\xFF", false},   /* an invalid byte */
        {"UTF-8", "\xEC\x9D\xB4", false},        /* declared so already */
        {"UTF-16LE", "\xEC\x9D\xB4", false},     /* not ASCII-compatible */
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        ck_assert_msg(sgft__dec_utf8_instead(rows[i].cs, rows[i].text,
                                             strlen(rows[i].text), true) ==
                          rows[i].utf8,
                      "row %zu", i);
    /* A character that the end of what was read cuts waits for the rest. */
    ck_assert(sgft__dec_utf8_instead("CP932", "ab\xE4\xBA", 4, false));
    ck_assert(!sgft__dec_utf8_instead("CP932", "ab\xE4\xBA", 4, true));
}
END_TEST

START_TEST(test_mislabelled) {
    detect_result r;
    /* 柯洁 李世石 in GB2312 declared as ISO-8859-1 */
    static const char gb[] = "\xbf\xc2\xbd\xe0 \xc0\xee\xca\xc0\xca\xaf";
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    ck_assert_ptr_nonnull(ctx);
    ck_assert(sgft__detect_mislabelled(ctx, gb, strlen(gb), true,
                                       "ISO-8859-1", &r));
    ck_assert_str_eq(r.name, "GB18030");
    /* French in Latin-1 is left alone. */
    static const char fr[] = "Fran\xe7ois L\xe9vy, \xe9t\xe9 \xe0 Paris";
    ck_assert(!sgft__detect_mislabelled(ctx, fr, strlen(fr), true,
                                        "ISO-8859-1", &r));
    sgft_ctx_free(ctx);
}
END_TEST

START_TEST(test_decoder_pieces) {
    /* The -E1 reader: a Shift_JIS file without CA, fed one byte at a
     * time, comes out in UTF-8 exactly as when read whole. */
    static const char in[] = "(;FF[4]GM[1]PB[\x96\x7b\x88\xf6\x96\x56]"
                             "PW[\x8d\x91\x8f\x4f];B[aa])"; /* 国衆 */
    expect_run("shift_jis without CA", in, 0, NULL, false,
               "(;FF[4]CA[UTF-8]GM[1]\nPB[本因坊]\nPW[国衆]\n;B[aa])\n",
               "- I103\n");
}
END_TEST

/* A head declared UTF-8 decodes cleanly when it has no invalid byte; a
 * character cut by the end of a head that the text goes on after waits
 * for its rest, whatever follows its first byte (as the converter reads
 * it), and is invalid at the end of the text. */
START_TEST(test_utf8_clean) {
    static const struct {
        const char *s;
        bool final, clean;
    } cases[] = {
        {"plain ASCII text, longer than eight bytes", true, true},
        {"caf\xc3\xa9 \xe6\xbc\xa2\xe5\xad\x97 \xf0\x9f\x98\x80", true, true},
        {"abcdefgh\xc3", true, false},
        {"abcdefgh\xc3", false, true},
        {"abcdefgh\xe6\xbc", false, true},
        {"abcdefgh\xf0\x9f\x98", false, true},
        {"abcdefgh\xe6" "A", false, true},
        {"abcdefgh\xe6" "A", true, false},
        {"abc\xe6" "Adefghijkl", false, false},
        {"abcdefgh\xff", true, false},
        {"abcdefghijklmnop\x80qrstuvwx", true, false},
        {"abcdefghijklmnop\xc0\xafqrstu", true, false},
        {"\xed\xa0\x80 a surrogate", true, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_msg(sgft__dec_decodes_cleanly("UTF-8", cases[i].s,
                                                strlen(cases[i].s),
                                                cases[i].final) ==
                          cases[i].clean,
                      "case %zu", i);
}
END_TEST

/* The CA of the first root node, as the parser reads it: where the root
 * node ends, what a value holds, what the parser repairs. */
START_TEST(test_sniff_ca_plain) {
    static const struct {
        const char *head, *ca;
    } cases[] = {
        {"(;FF[4]CA[UTF-8]GM[1];B[aa])", "UTF-8"},
        {" \r\n( ;\nFF[4]\n CA [ISO-8859-1]\n;B[aa])", "ISO-8859-1"},
        {"(;FF[4]GM[1]PB[a \\] b];B[aa]CA[UTF-8])", ""},
        {"(;FF[4](;CA[UTF-8]))", ""},      /* in a variation's node */
        {"(;GM[1]()CA[UTF-8])", "UTF-8"},  /* an empty one, skipped */
        {"(;GM[1](\n )CA[GB2312])", "GB2312"},
        {"(;FF[4];CA[UTF-8])", ""},        /* in the second node */
        {"(;FF[4])(;CA[UTF-8])", ""},      /* in the second tree */
        {"()(;CA[UTF-8])", "UTF-8"},       /* an empty tree is none */
        {"(;AB[aa][bb]CA[Shift_JIS][UTF-8])", "Shift_JIS"},
        {"(;CA[]FF[4])", ""},
        {"(;CA[UTF 8])", "UTF 8"},
        {"(;CA[UTF-\\8])", "UTF-8"},       /* an escape */
        {"(;CharSet[UTF-8])", ""},         /* CS, lowercase removed */
        {"(;CaA[UTF-8])", "UTF-8"},        /* CA, lowercase removed */
        {"junk(;CA[UTF-8])", "UTF-8"},     /* text before the tree */
        {"(;PB[x;W[aa]CA[UTF-8])", "UTF-8"}, /* a value holding '[' */
        {"(;FF[4]CA[UTF-8", "UTF-8"},      /* cut in the value */
        {"(;FF[4]", ""},                   /* cut between properties */
        {"(;C1A[UTF-8])", ""},             /* C1A: a private property */
        {"(;LZOP2[x]CA[UTF-8])", "UTF-8"},
        {"", ""},
    };
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    ck_assert_ptr_nonnull(ctx);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char ca[64] = "unset";
        sgft__dec_sniff_ca(ctx, cases[i].head, strlen(cases[i].head), ca,
                           sizeof ca);
        ck_assert_msg(strcmp(ca, cases[i].ca) == 0, "case %zu: [%s]", i, ca);
    }
    /* the sniff leaves the context be */
    ck_assert_uint_eq(sgft_ctx_summary(ctx)->trees, 0);
    sgft_ctx_free(ctx);
}
END_TEST

/* The CA of the first root node of the tree that the reader builds:
 * random heads made of the pieces of root nodes, well and badly formed,
 * cut anywhere; the CA found first is that of the tree built. */
START_TEST(test_sniff_ca_random) {
    static const char *const pieces[] = {
        "(", ";", ")", " ", "\n", "\r\n", "\t", "FF[4]", "GM[1]", "CA[UTF-8]",
        "CA[ISO-8859-1]", "CA [UTF-8]", "CA[]", "CA[ x ]", "ca[UTF-8]", "C",
        "A", "[", "]", "\\", "\\]", "PB[a\\]b]", "PW[x;B[aa]",
        "C[text ;W[bb] more]", "AB[aa][bb]", "[cc]", "B[aa]", "junk",
        "CoPyright[x]", "(;", ";CA[US-ASCII]",
        "()", "( \n)", "()CA[UTF-8]", "\v", "\f",
    };
    const size_t np = sizeof pieces / sizeof pieces[0];
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    ck_assert_ptr_nonnull(ctx);
    unsigned long state = 77;
    size_t found = 0;
    for (int round = 0; round < 3000; round++) {
        char head[512];
        size_t len = 0;
        if (round % 2) /* the usual start */
            len = (size_t)snprintf(head, sizeof head, "(;");
        int n = 1 + (int)(round % 12);
        for (int k = 0; k < n; k++) {
            state = state * 6364136223846793005UL + 1442695040888963407UL;
            const char *p = pieces[(state >> 33) % np];
            size_t pl = strlen(p);
            if (len + pl >= sizeof head)
                break;
            memcpy(head + len, p, pl);
            len += pl;
        }
        state = state * 6364136223846793005UL + 1442695040888963407UL;
        if (round % 3 == 0 && len)
            len = (size_t)((state >> 33) % len); /* cut anywhere */
        char ca[64], built[64] = "";
        sgft__dec_sniff_ca(ctx, head, len, ca, sizeof ca);
        sgft_reader *r = sgft_reader_memory(ctx, head, len);
        ck_assert_ptr_nonnull(r);
        sgft_tree *t;
        if (sgft_reader_next(r, &t) == 1) {
            sgft_prop *p = sgft_node_find(sgft_tree_root(t), "CA");
            if (p) {
                char *v = sgft_value_text(ctx, sgft_prop_values(p), true);
                ck_assert_ptr_nonnull(v);
                snprintf(built, sizeof built, "%s", v);
                free(v);
            }
        }
        sgft_reader_free(r);
        found += ca[0] != '\0';
        ck_assert_msg(strcmp(ca, built) == 0, "round %d: [%s] against [%s]",
                      round, ca, built);
    }
    ck_assert_uint_gt(found, 100);
    sgft_ctx_free(ctx);
}
END_TEST

/* The charsets whose ASCII runs are copied past the converter: those
 * whose characters do not hide ASCII bytes and whose converter reads
 * every ASCII byte as itself; not those that join a letter with the mark
 * after it (windows-1255, 1258), keep a state (ISO-2022-JP), read 5C as
 * a currency sign (Shift_JIS, Johab) or are not ASCII-compatible.  A
 * name the converter does not know here is passed over. */
START_TEST(test_ascii_mode) {
    static const struct {
        const char *cs;
        dec_mode mode;
    } cases[] = {
        {"GB18030", DEC_ICONV_ASCII},    {"BIG5-HKSCS", DEC_ICONV_ASCII},
        {"CP949", DEC_ICONV_ASCII},      {"EUC-JP", DEC_ICONV_ASCII},
        {"CP932", DEC_ICONV_ASCII},      {"ISO-8859-1", DEC_ICONV_ASCII},
        {"CP1252", DEC_ICONV_ASCII},     {"KOI8-R", DEC_ICONV_ASCII},
        {"WINDOWS-1255", DEC_ICONV},     {"CP1258", DEC_ICONV},
        {"ISO-2022-JP", DEC_ICONV},      {"SHIFT_JIS", DEC_ICONV},
        {"JOHAB", DEC_ICONV},            {"UTF-16LE", DEC_ICONV},
        {"IBM864", DEC_ICONV},
    };
    size_t known = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        iconv_t cd = iconv_open("UTF-8", cases[i].cs);
        if (cd == (iconv_t)-1)
            continue;
        known++;
        ck_assert_msg(sgft__dec_ascii_mode(cd, cases[i].cs) == cases[i].mode,
                      "%s", cases[i].cs);
        iconv_close(cd);
    }
    ck_assert_uint_gt(known, 0);
}
END_TEST

/* Converts in with mode, fed in pieces of at most step bytes as the -E1
 * reader feeds it (what a piece leaves unread comes again with the
 * next); returns the count of invalid runs, their offsets in bad. */
static size_t convert_in_steps(iconv_t cd, dec_mode mode, const char *in,
                               size_t len, size_t step, buf *out,
                               uint64_t *bad, size_t max_bad) {
    size_t start = 0, runs = 0;
    bool in_run = false;
    while (start < len) {
        size_t end = start + step < len ? start + step : len;
        size_t used = 0;
        uint64_t b[64];
        size_t r = sgft__dec_convert(cd, mode, in + start, end - start,
                                     end == len, out, &used, b, 64, &in_run);
        for (size_t k = 0; k < r && k < 64; k++)
            if (runs + k < max_bad)
                bad[runs + k] = start + b[k];
        runs += r;
        if (!used && end < len)
            step++; /* a character longer than the piece */
        start += used;
    }
    return runs;
}

/* Random bytes of every kind (ASCII letters and digits, the trail bytes
 * below 0x80 of GBK, Big5 and UHC, the digits inside GB18030's
 * characters, lead bytes, bytes no charset takes) give the same UTF-8
 * and the same invalid runs whether the ASCII runs are copied or all
 * bytes go through the converter; and in pieces, the same as whole. */
START_TEST(test_ascii_copied_same) {
    static const char *const names[] = {"GB18030", "BIG5-HKSCS", "CP949",
                                        "EUC-JP", "CP932", "EUC-TW",
                                        "CP1252", "KOI8-R"};
    static const unsigned char alphabet[] = {
        0x30, 0x31, 0x39, 0x41, 0x5a, 0x61, 0x62, 0x5c, 0x7e, 0x40,
        0x81, 0x82, 0x84, 0x88, 0x8e, 0x8f, 0x90, 0xa1, 0xa3, 0xb0,
        0xc8, 0xe0, 0xfe, 0xff, 0x80, 0x0a, 0x20, 0x3a, 0x5d};
    unsigned long state = 5;
    size_t tried = 0;
    for (size_t c = 0; c < sizeof names / sizeof names[0]; c++) {
        iconv_t cd = iconv_open("UTF-8", names[c]);
        if (cd == (iconv_t)-1)
            continue;
        ck_assert_int_eq(sgft__dec_ascii_mode(cd, names[c]), DEC_ICONV_ASCII);
        for (int round = 0; round < 400; round++) {
            char in[200];
            state = state * 6364136223846793005UL + 1442695040888963407UL;
            size_t len = 1 + (state >> 33) % sizeof in;
            for (size_t k = 0; k < len; k++) {
                state = state * 6364136223846793005UL + 1442695040888963407UL;
                in[k] = (char)alphabet[(state >> 33) % sizeof alphabet];
            }
            /* whole, then in pieces of 1 to 23 bytes */
            buf a, b, p;
            sgft__buf_init(&a);
            sgft__buf_init(&b);
            sgft__buf_init(&p);
            uint64_t bad_a[256], bad_b[256];
            size_t ra = convert_in_steps(cd, DEC_ICONV, in, len, len, &a,
                                         bad_a, 256);
            size_t rb = convert_in_steps(cd, DEC_ICONV_ASCII, in, len, len,
                                         &b, bad_b, 256);
            /* (but where a ']' follows a byte of 0x80 or more: the ASCII
             * mode may end a stretch there, test_bracket_not_trail) */
            bool cut = false;
            for (size_t k = 1; k < len; k++)
                cut = cut || (in[k] == ']' && (unsigned char)in[k - 1] >= 0x80);
            ck_assert_msg(cut || (ra == rb && a.len == b.len &&
                                  memcmp(a.data, b.data, a.len) == 0),
                          "%s, round %d", names[c], round);
            for (size_t k = 0; !cut && k < ra && k < 256; k++)
                ck_assert_msg(bad_a[k] == bad_b[k], "%s, round %d, run %zu",
                              names[c], round, k);
            /* In pieces: the same text and the same runs (a run cut by
             * the end of a piece goes on in the next). */
            uint64_t bad_p[256];
            size_t rp = convert_in_steps(cd, DEC_ICONV_ASCII, in, len,
                                         1 + (size_t)round % 23, &p, bad_p,
                                         256);
            ck_assert_msg(b.len == p.len && memcmp(b.data, p.data, b.len) == 0,
                          "%s, round %d, in pieces", names[c], round);
            ck_assert_msg(rp == rb, "%s, round %d: %zu runs in pieces, %zu whole",
                          names[c], round, rp, rb);
            for (size_t k = 0; k < rb && k < 256; k++)
                ck_assert_msg(bad_p[k] == bad_b[k], "%s, round %d, run %zu in pieces",
                              names[c], round, k);
            sgft__buf_free(&a);
            sgft__buf_free(&b);
            sgft__buf_free(&p);
            tried++;
        }
        iconv_close(cd);
    }
    ck_assert_uint_gt(tried, 0);
}
END_TEST

Suite *decode_suite(void) {
    Suite *s = suite_create("decode");
    TCase *tc = tcase_create("decode");
    tcase_add_test(tc, test_charset_names);
    tcase_add_test(tc, test_value_scan);
    tcase_add_test(tc, test_detect_short);
    tcase_add_test(tc, test_utf8_instead);
    tcase_add_test(tc, test_mislabelled);
    tcase_add_test(tc, test_decoder_pieces);
    tcase_add_test(tc, test_utf8_clean);
    tcase_add_test(tc, test_sniff_ca_plain);
    tcase_add_test(tc, test_sniff_ca_random);
    tcase_add_test(tc, test_ascii_mode);
    tcase_add_test(tc, test_ascii_copied_same);
    tcase_add_test(tc, test_bracket_not_trail);
    suite_add_tcase(s, tc);
    return s;
}
