/* check_lexer.c - values, escapes, line breaks and positions, NUL bytes,
 * identifiers, the decoding of Text and SimpleText (SGF-FF4.md 2.3, 4.5,
 * 4.6, 14) and the UTF-8 helpers. */
#include "tests.h"

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define T1 "tree 1\nnode 1 parent 0\n"

typedef struct lex_row {
    const char *name;
    const char *in;
    size_t len; /* 0 = strlen(in); set when in has NUL bytes */
    const char *dump;
    const char *diags;
} lex_row;

/* --- values ------------------------------------------------------------- */

/* The dump shows decoded Text values with '\' and ']' escaped, and the
 * raw bytes of other values (escaped the same way). */
static const lex_row value_rows[] = {
    {"spec 14.4: \\] does not end the value", "(;FF[4]C[a\\]b])", 0,
     T1 "  C[a\\]b]\n  FF[4]\n", ""},
    {"spec 14.5: the value ends at the first unescaped ]",
     "(;FF[4]C[a\\\\]b])", 0, T1 "  C[a\\\\]\n  FF[4]\n", "1:14 E8\n"},
    {"\\: in a Text value", "(;C[a\\:b])", 0, T1 "  C[a:b]\n", ""},
    {"spec 14.11: no C-style escapes", "(;C[\\t])", 0, T1 "  C[t]\n", ""},
    {"escaped backslash before an escaped bracket", "(;C[\\\\\\]])", 0,
     T1 "  C[\\\\\\]]\n", ""},
    {"escapes run to the last bracket", "(;C[\\]\\]\\]])", 0,
     T1 "  C[\\]\\]\\]]\n", ""},
    {"empty value", "(;C[])", 0, T1 "  C[]\n", ""},
    {"spec 14.12: LB split at the first unescaped :", "(;LB[aa:x:y])", 0,
     T1 "  LB[aa]:[x:y]\n", ""},
    {"spec 14.12: \\: in the label", "(;LB[aa:x\\:y])", 0,
     T1 "  LB[aa]:[x:y]\n", ""},
    {"spec 14.13: \\: in the first part", "(;AP[a\\:b:1.0])", 0,
     T1 "  AP[a:b]:[1.0]\n", ""},
    {"spec 14.39: unknown property, value with \\] kept raw",
     "(;XY[anything\\]here])", 0, T1 "  XY[anything\\\\\\]here]\n", ""},
    {"values separated by white space", "(;AB[aa] [bb]\n\t[cc])", 0,
     T1 "  AB[aa][bb][cc]\n", ""},
    {"white space before the first value", "(;B \n[aa])", 0,
     T1 "  B[aa]\n", ""},
    {"spec 2.2: B L[30] is B without a value and L[30]", "(;B L[30])", 0,
     T1 "  L[30]\n", "1:3 E20\n"},
    {"value brackets are not structure", "(;C[(;)]N[;B[aa\\]])", 0,
     T1 "  C[(;)]\n  N[;B[aa\\]]\n", ""},
    {"a bracket in a value needs no escape", "(;C[[x])", 0,
     T1 "  C[[x]\n", ""},
    {"end of input after a backslash", "(;C[ab\\", 0, T1 "  C[ab]\n",
     "1:4 E10\n"},
    {"end of input after an escaped bracket", "(;C[ab\\])", 0,
     T1 "  C[ab\\])]\n", "1:4 E10\n"},
    {"multi-byte characters pass through", "(;C[\xc3\xa9t\xc3\xa9]N[\xe2\x82\xac])",
     0, T1 "  C[\xc3\xa9t\xc3\xa9]\n  N[\xe2\x82\xac]\n", ""},
};

START_TEST(test_values) {
    const lex_row *r = &value_rows[_i];
    expect_run(r->name, r->in, r->len, NULL, true, r->dump, r->diags);
}
END_TEST

/* --- line breaks and columns ------------------------------------------ */

/* An illegal '!' after the line breaks shows where line and column are
 * counted; LF, CR, CR LF and LF CR are one line end each. */
static const lex_row line_rows[] = {
    {"LF", "(;C[a]\n!)", 0, T1 "  C[a]\n", "2:1 E8\n"},
    {"CR", "(;C[a]\r!)", 0, T1 "  C[a]\n", "2:1 E8\n"},
    {"CR LF", "(;C[a]\r\n!)", 0, T1 "  C[a]\n", "2:1 E8\n"},
    {"LF CR", "(;C[a]\n\r!)", 0, T1 "  C[a]\n", "2:1 E8\n"},
    {"LF LF", "(;C[a]\n\n!)", 0, T1 "  C[a]\n", "3:1 E8\n"},
    {"CR CR", "(;C[a]\r\r!)", 0, T1 "  C[a]\n", "3:1 E8\n"},
    {"CR LF CR LF", "(;C[a]\r\n\r\n!)", 0, T1 "  C[a]\n", "3:1 E8\n"},
    {"LF CR LF CR", "(;C[a]\n\r\n\r!)", 0, T1 "  C[a]\n", "3:1 E8\n"},
    {"CR LF CR", "(;C[a]\r\n\r!)", 0, T1 "  C[a]\n", "3:1 E8\n"},
    {"LF CR LF", "(;C[a]\n\r\n!)", 0, T1 "  C[a]\n", "3:1 E8\n"},
    {"LF LF CR", "(;C[a]\n\n\r!)", 0, T1 "  C[a]\n", "3:1 E8\n"},
    {"CR CR LF", "(;C[a]\r\r\n!)", 0, T1 "  C[a]\n", "3:1 E8\n"},
    {"columns after the line start", "(;C[a]\r\n   !)", 0, T1 "  C[a]\n",
     "2:4 E8\n"},
    {"line breaks inside values count", "(;C[a\nb\r\nc\rd\n\re]\n!)", 0,
     T1 "  C[a\\nb\\nc\\nd\\ne]\n", "6:1 E8\n"},
    {"line breaks before the data count", "x\ny\r\n\r(;C[a]!)", 0,
     T1 "  C[a]\n", "4:7 E8\n"},
    {"columns count characters, not bytes",
     "(;C[\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e]!)", 0,
     T1 "  C[\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e]\n", "1:9 E8\n"},
    {"four-byte characters are one column",
     "(;C[\xf0\x9d\x84\x9e\xc3\xa9]!)", 0,
     T1 "  C[\xf0\x9d\x84\x9e\xc3\xa9]\n", "1:8 E8\n"},
    {"a junk run starts at its first character", "(;C[a]\n\xc3\xa9!)", 0,
     T1 "  C[a]\n", "2:1 E8\n"},
    {"positions in a later game tree",
     "(;C[a])\r\n(;C[b]\r\n)\n\r(;C[c]\r\r  !)", 0,
     T1 "  C[a]\ntree 2\nnode 1 parent 0\n  C[b]\n"
        "tree 3\nnode 1 parent 0\n  C[c]\n",
     "6:3 E8\n"},
    {"two messages on one line", "(;C[a]!\n;B[aa]?;W[bb]&)", 0,
     T1 "  C[a]\nnode 2 parent 1\n  B[aa]\nnode 3 parent 2\n  W[bb]\n",
     "1:7 E8\n2:7 E8\n2:14 E8\n"},
};

START_TEST(test_line_breaks) {
    const lex_row *r = &line_rows[_i];
    expect_run(r->name, r->in, r->len, NULL, true, r->dump, r->diags);
}
END_TEST

/* Text before the data is released every 64 KiB; a line break next to
 * such a point still ends one line.  Pads of 65533-65536 bytes put the
 * breaks on both sides of offset 65536. */
START_TEST(test_line_breaks_long_header) {
    static const char *const breaks[] = {"\n",   "\r",   "\r\n", "\n\r",
                                         "\n\n", "\r\r", "\r\n\r\n"};
    for (size_t i = 0; i < sizeof breaks / sizeof *breaks; i++) {
        const char *br = breaks[i];
        size_t bl = strlen(br);
        for (size_t pad = 65533; pad <= 65536; pad++) {
            /* Count the line breaks (a break may start at the last byte
             * before the release point, 65535: it must still count). */
            unsigned lines = 1;
            for (size_t j = 0; j < bl; lines++)
                j += j + 1 < bl && br[j + 1] != br[j] ? 2 : 1;
            char *head = str_repeat("x", pad);
            char *in = malloc(pad + bl + 16);
            ck_assert_ptr_nonnull(in);
            snprintf(in, pad + bl + 16, "%s%s(;C[a]!)", head, br);
            char want[32];
            snprintf(want, sizeof want, "%u:7 E8\n", lines);
            expect_run("long header", in, 0, NULL, true, T1 "  C[a]\n", want);
            free(in);
            free(head);
        }
    }
}
END_TEST

/* --- NUL bytes ---------------------------------------------------------- */

static const lex_row nul_rows[] = {
    {"NUL in a Text value", "(;C[a\0b])", 9, T1 "  C[a b]\n", "1:6 W22\n"},
    {"several NULs in one value: one message", "(;C[\0a\0\0b])", 11,
     T1 "  C[ a  b]\n", "1:5 W22\n"},
    {"NULs in two values", "(;C[a\0]\nN[\0b])", 14,
     T1 "  C[a]\n  N[ b]\n", "1:6 W22\n2:3 W22\n"},
    {"NUL in a value of an unknown property", "(;XY[\0])", 8,
     T1 "  XY[ ]\n", "1:6 W22\n"},
    {"NUL at the end of the value", "(;C[ab\0])", 9, T1 "  C[ab]\n",
     "1:7 W22\n"},
};

START_TEST(test_nul_bytes) {
    const lex_row *r = &nul_rows[_i];
    expect_run(r->name, r->in, r->len, NULL, true, r->dump, r->diags);
}
END_TEST

/* A NUL outside values is an illegal character (8). */
START_TEST(test_nul_outside_value) {
    expect_run("NUL outside values", "(;C[a]\0;B[aa])", 14, NULL, true,
               T1 "  C[a]\nnode 2 parent 1\n  B[aa]\n", "1:7 E8\n");
}
END_TEST

/* --- identifiers ---------------------------------------------------------- */

static const lex_row id_rows[] = {
    {"spec 2.7: lowercase letters are dropped",
     "(;AddBlack[aa]thisisaWhitemove[kk]Black[bb])", 0,
     T1 "  AB[aa]\n  B[bb]\n  W[kk]\n", ""},
    {"lowercase letters before the first uppercase", "(;abcDEF[y])", 0,
     T1 "  DEF[y]\n", "1:9 W31\n"},
    {"three letters: 31", "(;FF[4]ABC[x];XYZW[1][2])", 0,
     T1 "  ABC[x]\n  FF[4]\nnode 2 parent 1\n  XYZW[1][2]\n",
     "1:11 W31\n1:19 W31\n"},
    {"lowercase letters alone are junk", "(;C[a]abc;B[aa])", 0,
     T1 "  C[a]\nnode 2 parent 1\n  B[aa]\n", "1:7 E8\n"},
    {"digits after a capital belong to the identifier", "(;C[a]B2[aa])", 0,
     T1 "  B2[aa]\n  C[a]\n", ""},
    {"LizzieYzy's identifiers", "(;LZOP2[x];LZ2[y][z])", 0,
     T1 "  LZOP2[x]\nnode 2 parent 1\n  LZ2[y][z]\n", "1:8 W31\n1:15 W31\n"},
    {"digits between capitals", "(;A1B[x])", 0, T1 "  A1B[x]\n",
     "1:6 W31\n"},
    {"digits before no value", "(;C[a]B23;W[aa])", 0,
     T1 "  C[a]\nnode 2 parent 1\n  W[aa]\n", "1:7 E20\n"},
    {"a digit before the capital is junk", "(;C[a]2B[aa])", 0,
     T1 "  B[aa]\n  C[a]\n", "1:7 E8\n"},
    {"digits after lowercase letters alone are junk", "(;C[a]ab2B[aa])", 0,
     T1 "  B[aa]\n  C[a]\n", "1:7 E8\n"},
    {"lowercase letters among capitals and digits", "(;LzOp2[x])", 0,
     T1 "  LO2[x]\n", "1:8 W31\n"},
};

START_TEST(test_identifiers) {
    const lex_row *r = &id_rows[_i];
    expect_run(r->name, r->in, r->len, NULL, true, r->dump, r->diags);
}
END_TEST

/* Identifiers of 100 or more uppercase letters are deleted with their
 * values (11); 99 letters are kept (31). */
START_TEST(test_identifier_too_long) {
    char *id99 = str_repeat("Z", 99);
    char *id100 = str_repeat("Z", 100);
    char *id150 = str_repeat("Qq", 150); /* 150 uppercase letters */
    char in[1024], dump[1024];

    snprintf(in, sizeof in, "(;FF[4]%s[x]C[z])", id99);
    snprintf(dump, sizeof dump, T1 "  C[z]\n  FF[4]\n  %s[x]\n", id99);
    expect_run("99 letters", in, 0, NULL, true, dump, "1:107 W31\n");

    snprintf(in, sizeof in, "(;FF[4]%s[x][y]C[z])", id100);
    expect_run("100 letters", in, 0, NULL, true, T1 "  C[z]\n  FF[4]\n",
               "1:8 E11\n");

    snprintf(in, sizeof in, "(;FF[4]\n%s [x]\n[y];C[z])", id150);
    expect_run("150 letters, mixed case", in, 0, NULL, true,
               T1 "  FF[4]\nnode 2 parent 1\n  C[z]\n", "2:1 E11\n");

    /* The message gives the count of uppercase letters. */
    result r;
    run_sgf(in, strlen(in), NULL, true, &r);
    ck_assert_str_eq(r.texts, "2:1 E11 property identifier of 150 letters: "
                              "property deleted\n");
    result_free(&r);

    /* Without a value: 20, not 11. */
    snprintf(in, sizeof in, "(;FF[4]%s;C[z])", id100);
    expect_run("100 letters, no value", in, 0, NULL, true,
               T1 "  FF[4]\nnode 2 parent 1\n  C[z]\n", "1:8 E20\n");
    free(id99);
    free(id100);
    free(id150);
}
END_TEST

/* Lowercase letters in an FF[4] identifier are reported by the checker
 * (16) and dropped; an FF[3] tree may have them. */
START_TEST(test_identifier_lowercase_checked) {
    expect_run("FF[4] Black", "(;FF[4]GM[1];Black[aa])", 0, NULL, false,
               "(;FF[4]CA[UTF-8]GM[1];B[aa])\n", "1:14 E16\n");
    expect_run("FF[3] Black", "(;FF[3]GM[1];Black[aa])", 0, NULL, false,
               "(;FF[4]CA[UTF-8]GM[1];B[aa])\n", "");
    result r;
    run_sgf("(;FF[4]GM[1];Black[aa])", 23, NULL, false, &r);
    ck_assert_str_eq(r.texts, "1:14 E16 lowercase letters in property "
                              "identifier 'Black': read as <B>\n");
    result_free(&r);
}
END_TEST

/* --- decoding Text and SimpleText -------------------------------------- */

typedef struct text_row {
    const char *raw;
    bool simple;
    sgft_linebreaks style;
    const char *want;
} text_row;

#define HARD SGFT_LB_HARD
#define MGT SGFT_LB_MGT
#define SINGLE SGFT_LB_SINGLE
#define PARA SGFT_LB_PARAGRAPH

static const text_row text_rows[] = {
    /* Escapes (4.5 rule 1). */
    {"a\\]b", false, HARD, "a]b"},
    {"a\\\\b", false, HARD, "a\\b"},
    {"a\\:b", false, HARD, "a:b"},
    {"\\t\\n\\x", false, HARD, "tnx"},
    {"\\\\\\]", false, HARD, "\\]"},
    {"ab\\", false, HARD, "ab"},
    /* Soft line breaks (rule 2), in every form. */
    {"x\\\ny", false, HARD, "xy"},
    {"x\\\ry", false, HARD, "xy"},
    {"x\\\r\ny", false, HARD, "xy"},
    {"x\\\n\ry", false, HARD, "xy"},
    {"x\\\n\ny", false, HARD, "x\ny"},
    {"x\\\r\n\r\ny", false, HARD, "x\ny"},
    /* Hard line breaks (rules 3, 4). */
    {"x\ny", false, HARD, "x\ny"},
    {"x\ry", false, HARD, "x\ny"},
    {"x\r\ny", false, HARD, "x\ny"},
    {"x\n\ry", false, HARD, "x\ny"},
    {"x\n\ny", false, HARD, "x\n\ny"},
    {"x\r\ry", false, HARD, "x\n\ny"},
    {"x\r\n\r\ny", false, HARD, "x\n\ny"},
    {"x\n\r\n\ry", false, HARD, "x\n\ny"},
    {"x\r\n\ry", false, HARD, "x\n\ny"},
    {"x\n\r\ny", false, HARD, "x\n\ny"},
    /* Other white space (rule 5), also escaped. */
    {"a\tb", false, HARD, "a b"},
    {"a\\\tb", false, HARD, "a b"},
    {"a\vb\fc", false, HARD, "a b c"},
    {"a\\\vb\\\fc", false, HARD, "a b c"},
    {"a\\ b", false, HARD, "a b"},
    /* Trailing white space is removed, leading kept. */
    {"a  ", false, HARD, "a"},
    {"a \n \n\t", false, HARD, "a"},
    {"  a", false, HARD, "  a"},
    {"\n\na", false, HARD, "\n\na"},
    {"   ", false, HARD, ""},
    {"", false, HARD, ""},
    {"a\\ ", false, HARD, "a"},
    /* The example of 4.5. */
    {"Alice: the cut at d4 is stro\\\nng\nBob: agreed :\\)\nCarol: a\\\n"
     "lso see [var\\] B and the \t tab",
     false, HARD,
     "Alice: the cut at d4 is strong\nBob: agreed :)\n"
     "Carol: also see [var] B and the   tab"},
    /* SimpleText (4.6): breaks become spaces, soft ones vanish. */
    {"first\\\nline\nsecond", true, HARD, "firstline second"},
    {"x\ny", true, HARD, "x y"},
    {"x\r\ny", true, HARD, "x y"},
    {"x\n\ry", true, HARD, "x y"},
    {"x\n\ny", true, HARD, "x  y"},
    {"x\ty\\\tz", true, HARD, "x y z"},
    {"x\\\r\ny", true, HARD, "xy"},
    {"x \n", true, HARD, "x"},
    {"x\n\ny", true, SINGLE, "x  y"},
    {"x\ny", true, MGT, "x y"},
    {"a\\:b\\]", true, HARD, "a:b]"},
    /* -l2: a break after a space is soft. */
    {"ab \ncd", false, MGT, "ab cd"},
    {"ab\ncd", false, MGT, "ab\ncd"},
    {"ab \r\ncd", false, MGT, "ab cd"},
    {"ab \n\ncd", false, MGT, "ab \ncd"},
    {"ab\t\ncd", false, MGT, "ab cd"},
    {"\ncd", false, MGT, "\ncd"},
    /* -l3: one break is a space, more are one hard break. */
    {"ab\ncd", false, SINGLE, "ab cd"},
    {"ab\r\ncd", false, SINGLE, "ab cd"},
    {"ab\n\ncd", false, SINGLE, "ab\ncd"},
    {"ab\r\n\r\ncd", false, SINGLE, "ab\ncd"},
    {"ab\n\n\ncd", false, SINGLE, "ab\ncd"},
    {"ab\\\ncd", false, SINGLE, "abcd"},
    /* -l4: one break is a space, a blank line is kept. */
    {"ab\ncd", false, PARA, "ab cd"},
    {"ab\n\ncd", false, PARA, "ab\n\ncd"},
    {"ab\r\n\r\ncd", false, PARA, "ab\n\ncd"},
    {"ab\n\n\ncd", false, PARA, "ab\n\n\ncd"},
    {"ab\\\n\ncd", false, PARA, "ab cd"},
    /* UTF-8 passes through. */
    {"\xe6\x97\xa5\n\xe6\x9c\xac ", false, HARD, "\xe6\x97\xa5\n\xe6\x9c\xac"},
};

START_TEST(test_text_decode) {
    const text_row *t = &text_rows[_i];
    buf b;
    sgft__buf_init(&b);
    sgft__text_decode(&b, t->raw, strlen(t->raw), t->simple, t->style);
    ck_assert(!b.oom);
    ck_assert_msg(b.len == strlen(t->want) &&
                      memcmp(b.data ? b.data : "", t->want, b.len) == 0,
                  "row %d: got [%.*s], want [%s]", _i, (int)b.len,
                  b.data ? b.data : "", t->want);
    if (b.data)
        ck_assert_int_eq(b.data[b.len], '\0');
    sgft__buf_free(&b);
}
END_TEST

/* Decoding appends: what the buffer held is neither changed nor taken as
 * trailing white space of the text. */
START_TEST(test_text_decode_appends) {
    buf b;
    sgft__buf_init(&b);
    sgft__buf_puts(&b, "pre \n");
    sgft__text_decode(&b, " \n ", 3, false, SGFT_LB_HARD);
    ck_assert_uint_eq(b.len, 5);
    ck_assert_str_eq(b.data, "pre \n");
    sgft__text_decode(&b, "x \n", 3, false, SGFT_LB_HARD);
    ck_assert_str_eq(b.data, "pre \nx");
    /* -l2 looks at the text decoded so far, not at the buffer. */
    b.len = 0;
    sgft__buf_puts(&b, "a ");
    sgft__text_decode(&b, "\nb", 2, false, SGFT_LB_MGT);
    ck_assert_str_eq(b.data, "a \nb");
    sgft__buf_free(&b);
}
END_TEST

/* Only the given length is read: the bytes after it do not count. */
START_TEST(test_text_decode_length) {
    buf b;
    sgft__buf_init(&b);
    sgft__text_decode(&b, "ab\\]cd", 4, false, SGFT_LB_HARD);
    ck_assert_str_eq(b.data, "ab]");
    b.len = 0;
    sgft__text_decode(&b, "ab\\\ncd", 3, false, SGFT_LB_HARD);
    ck_assert_str_eq(b.data, "ab");
    b.len = 0;
    sgft__text_decode(&b, "ab\r\ncd", 3, false, SGFT_LB_HARD);
    ck_assert_str_eq(b.data, "ab");
    b.len = 0;
    sgft__text_decode(&b, "a\r\nb", 4, false, SGFT_LB_HARD);
    ck_assert_str_eq(b.data, "a\nb");
    sgft__buf_free(&b);
}
END_TEST

/* The run of bytes a text holds as they are, read eight at a time, ends
 * where a byte by byte reading ends: at each place of each kind of byte
 * (those that end it, and those below ' ' or above 0x7F that do not),
 * from each start, in texts of every length up to 40. */
START_TEST(test_plain_end) {
    static const char kinds[] = {'\\', '\t', '\n', '\v', '\f', '\r',
                                 '\x01', '\x1f', '\x08', '\x0e', ' ', ']',
                                 '\x80', '\xff', '[', '\0'};
    char s[41];
    for (size_t len = 0; len <= 40; len++)
        for (size_t k = 0; k < sizeof kinds; k++)
            for (size_t at = 0; at < len; at++) {
                memset(s, 'x', sizeof s);
                s[at] = kinds[k];
                if (at + 9 < len) /* a second one, a word later */
                    s[at + 9] = kinds[(k + 1) % sizeof kinds];
                for (size_t from = 0; from <= len; from++) {
                    size_t want = from;
                    while (want < len && s[want] != '\\' &&
                           (s[want] < '\t' || s[want] > '\r'))
                        want++;
                    ck_assert_msg(sgft__plain_end(s, from, len) == want,
                                  "len %zu, byte %#x at %zu, from %zu", len,
                                  (unsigned)(unsigned char)kinds[k], at, from);
                }
            }
}
END_TEST

/* The decoding as the writer applies it, from the file to the output,
 * per -l style. */
START_TEST(test_linebreak_styles_end_to_end) {
    static const char in[] = "(;FF[4]GM[1]C[one\ntwo \nthree\n\nfour]"
                             "N[a\nb])";
    static const char *const want[] = {
        "(;FF[4]CA[UTF-8]GM[1]C[one\ntwo \nthree\n\nfour]N[a b])\n",
        "(;FF[4]CA[UTF-8]GM[1]C[one\ntwo three\n\nfour]N[a b])\n",
        "(;FF[4]CA[UTF-8]GM[1]C[one two  three\nfour]N[a b])\n",
        "(;FF[4]CA[UTF-8]GM[1]C[one two  three\n\nfour]N[a b])\n",
    };
    for (int style = 1; style <= 4; style++) {
        sgft_options o = test_options();
        o.linebreaks = (sgft_linebreaks)style;
        expect_run("linebreak style", in, 0, &o, false, want[style - 1], "");
        /* The output is FF[4]: it is read back with the default -l1. */
        expect_fixed_point("linebreak style", want[style - 1], NULL);
    }
}
END_TEST

/* --- UTF-8 -------------------------------------------------------------- */

typedef struct utf8_row {
    const char *s;
    bool valid;
    size_t width;
} utf8_row;

static const utf8_row utf8_rows[] = {
    {"", true, 0},
    {"abc", true, 3},
    {"\xc3\xa9", true, 1},                /* U+00E9 */
    {"\xc2\x80", true, 1},                /* U+0080, smallest 2-byte */
    {"\xdf\xbf", true, 1},                /* U+07FF */
    {"\xe0\xa0\x80", true, 1},            /* U+0800 */
    {"\xe2\x82\xac", true, 1},            /* U+20AC */
    {"\xed\x9f\xbf", true, 1},            /* U+D7FF */
    {"\xee\x80\x80", true, 1},            /* U+E000 */
    {"\xef\xbf\xbf", true, 1},            /* U+FFFF */
    {"\xf0\x90\x80\x80", true, 1},        /* U+10000 */
    {"\xf0\x9d\x84\x9e", true, 1},        /* U+1D11E */
    {"\xf4\x8f\xbf\xbf", true, 1},        /* U+10FFFF */
    {"a\xc3\xa9z\xe6\x97\xa5", true, 4},
    {"\x80", false, 0},                   /* lone continuation byte */
    {"a\xbf", false, 1},
    {"\xc0\x80", false, 1},               /* overlong NUL */
    {"\xc1\xbf", false, 1},               /* overlong */
    {"\xe0\x80\x80", false, 1},           /* overlong 3-byte */
    {"\xe0\x9f\xbf", false, 1},           /* overlong U+07FF */
    {"\xf0\x80\x80\x80", false, 1},       /* overlong 4-byte */
    {"\xf0\x8f\xbf\xbf", false, 1},       /* overlong U+FFFF */
    {"\xed\xa0\x80", false, 1},           /* surrogate U+D800 */
    {"\xed\xbf\xbf", false, 1},           /* surrogate U+DFFF */
    {"\xf4\x90\x80\x80", false, 1},       /* U+110000 */
    {"\xf5\x80\x80\x80", false, 1},
    {"\xff", false, 1},
    {"\xfe\xfe", false, 2},
    {"\xc3", false, 1},                   /* truncated */
    {"\xe2\x82", false, 1},
    {"\xf0\x9d\x84", false, 1},
    {"\xc3\xa9\xc3", false, 2},
    {"\xc3z", false, 2},                  /* continuation missing */
    {"\xe2\x82z", false, 2},
    {"\xe9t\xe9", false, 3},              /* Latin-1 */
};

START_TEST(test_utf8) {
    const utf8_row *u = &utf8_rows[_i];
    size_t len = strlen(u->s);
    ck_assert_msg(sgft__utf8_valid(u->s, len) == u->valid, "row %d", _i);
    ck_assert_msg(sgft__utf8_width(u->s, len) == u->width,
                  "row %d: width %zu", _i, sgft__utf8_width(u->s, len));
}
END_TEST

/* The length bounds the check: a valid prefix of an invalid string. */
START_TEST(test_utf8_length) {
    ck_assert(sgft__utf8_valid("ab\xff", 2));
    ck_assert(!sgft__utf8_valid("ab\xff", 3));
    ck_assert(!sgft__utf8_valid("\xe2\x82\xac", 2));
    ck_assert(sgft__utf8_valid("a\0b", 3));
    ck_assert_uint_eq(sgft__utf8_width("\xe2\x82\xac\xe2\x82\xac", 3), 1);
    ck_assert_uint_eq(sgft__utf8_width("a\0b", 3), 3);
}
END_TEST

/* --- feeding ------------------------------------------------------------ */

static const char mixed_input[] =
    "Mail header\r\n\r\n"
    "(;FF[4]GM[1]SZ[9]PB[Black\\\nPlayer]C[one\\]\r\ntwo\\\\ :three]\n"
    ";B[ee]XY[a\\]b];W[gc]C[caf\xc3\xa9]\n"
    "(;B[cc]!;W[dd])\r(;B[dd] xyz\n;W[cc]BL;\n[aa];W[ab]))\n"
    "(;FF[4]C[second])junk";

/* Every feeding gives the same results as the whole buffer. */
START_TEST(test_feeding_same_results) {
    for (int dump = 0; dump < 2; dump++) {
        result whole, part;
        run_sgf(mixed_input, strlen(mixed_input), NULL, dump, &whole);
        ck_assert_int_eq(whole.status, 0);
        for (int mode = FEED_BYTES; mode <= FEED_VARY; mode++) {
            run_sgf_fed(mixed_input, strlen(mixed_input), NULL, dump,
                        (feed_mode)mode, &part);
            ck_assert_int_eq(part.status, 0);
            ck_assert_str_eq(part.out, whole.out);
            ck_assert_str_eq(part.texts, whole.texts);
            ck_assert_uint_eq(part.sum.errors, whole.sum.errors);
            ck_assert_uint_eq(part.sum.warnings, whole.sum.warnings);
            ck_assert_uint_eq(part.sum.trees, whole.sum.trees);
            result_free(&part);
        }
        result_free(&whole);
    }
}
END_TEST

/* And the results themselves. */
START_TEST(test_feeding_mixed_input) {
    expect_run("mixed input", mixed_input, 0, NULL, true,
               T1 "  C[one\\]\\ntwo\\\\ :three]\n  FF[4]\n  GM[1]\n"
                  "  PB[BlackPlayer]\n  SZ[9]\n"
                  "node 2 parent 1\n  B[ee]\n  XY[a\\\\\\]b]\n"
                  "node 3 parent 2\n  C[caf\xc3\xa9]\n  W[gc]\n"
                  "node 4 parent 3\n  B[cc]\nnode 5 parent 4\n  W[dd]\n"
                  "node 6 parent 3\n  B[dd]\nnode 7 parent 6\n  W[cc]\n"
                  "node 8 parent 7\nnode 9 parent 8\n  W[ab]\n"
                  "tree 2\nnode 1 parent 0\n  C[second]\n  FF[4]\n",
               "7:8 E8\n8:9 E8\n9:7 E20\n10:1 E54\n11:18 E8\n");
}
END_TEST

/* A value longer than the read window, with escapes and NULs where the
 * reads end. */
START_TEST(test_long_value) {
    size_t n = 200000;
    char *in = malloc(n + 16);
    char *want = malloc(n + 64);
    ck_assert(in && want);
    memcpy(in, "(;C[", 4);
    size_t i = 4;
    while (i < n) {
        /* "\]" across offsets 65535/65536 and 131071/131072. */
        if (i == 65535 || i == 131071) {
            in[i++] = '\\';
            in[i++] = ']';
        } else if (i == 98303) {
            in[i++] = '\0';
        } else {
            in[i] = (char)('a' + i % 26);
            i++;
        }
    }
    memcpy(in + i, "])", 2);
    size_t len = i + 2;

    size_t w = 0;
    w += (size_t)sprintf(want, T1 "  C[");
    for (size_t k = 4; k < i; k++) {
        if (in[k] == '\\') {
            want[w++] = '\\';
            want[w++] = ']';
            k++;
        } else {
            want[w++] = in[k] ? in[k] : ' ';
        }
    }
    strcpy(want + w, "]\n");
    char where[32];
    snprintf(where, sizeof where, "1:%d W22\n", 98303 + 1);
    expect_run("long value", in, len, NULL, true, want, where);
    free(in);
    free(want);
}
END_TEST

Suite *lexer_suite(void) {
    Suite *s = suite_create("lexer");
    TCase *tc = tcase_create("values");
    tcase_add_loop_test(tc, test_values, 0,
                        (int)(sizeof value_rows / sizeof *value_rows));
    tcase_add_loop_test(tc, test_nul_bytes, 0,
                        (int)(sizeof nul_rows / sizeof *nul_rows));
    tcase_add_test(tc, test_nul_outside_value);
    suite_add_tcase(s, tc);

    tc = tcase_create("positions");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_line_breaks, 0,
                        (int)(sizeof line_rows / sizeof *line_rows));
    tcase_add_test(tc, test_line_breaks_long_header);
    suite_add_tcase(s, tc);

    tc = tcase_create("identifiers");
    tcase_add_loop_test(tc, test_identifiers, 0,
                        (int)(sizeof id_rows / sizeof *id_rows));
    tcase_add_test(tc, test_identifier_too_long);
    tcase_add_test(tc, test_identifier_lowercase_checked);
    suite_add_tcase(s, tc);

    tc = tcase_create("text");
    tcase_add_loop_test(tc, test_text_decode, 0,
                        (int)(sizeof text_rows / sizeof *text_rows));
    tcase_add_test(tc, test_text_decode_appends);
    tcase_add_test(tc, test_text_decode_length);
    tcase_add_test(tc, test_plain_end);
    tcase_add_test(tc, test_linebreak_styles_end_to_end);
    suite_add_tcase(s, tc);

    tc = tcase_create("utf8");
    tcase_add_loop_test(tc, test_utf8, 0,
                        (int)(sizeof utf8_rows / sizeof *utf8_rows));
    tcase_add_test(tc, test_utf8_length);
    suite_add_tcase(s, tc);

    tc = tcase_create("feeding");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_feeding_same_results);
    tcase_add_test(tc, test_feeding_mixed_input);
    tcase_add_test(tc, test_long_value);
    suite_add_tcase(s, tc);
    return s;
}
