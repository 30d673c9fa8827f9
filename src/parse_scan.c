/* parse_scan.c - the scanning of value bytes that the parser and the
 * decoding share, below both: the form in which -E2 scans the values of a
 * tree (bytes, or the double-byte characters of Shift_JIS, Big5 and GBK,
 * whose trail bytes can look like '\\' or ']'), where a stretch of such
 * text must be cut at a ']' (decode.c), and the NUL bytes of a value.
 * It calls only the leaves: charset names, text decoding, buffers. */
#include "config.h"

#include "decode.h"

#include <string.h>

/* -E2 reads the skeleton as bytes, but the values of a tree in Shift_JIS,
 * Big5 or GBK are scanned in characters (sgft__value_scan): a trail byte
 * 0x5C or 0x5D of a double-byte character is neither '\\' nor ']'.  The
 * parser asks which form holds for the current tree (sgft__scan_form) at
 * its start and once the first value of the root's CA is complete. */

/* The form of the values of charset name (normalized): SCAN_BYTES when no
 * trail byte is in the ASCII range of '\\' and ']'.  A name has at most 15
 * bytes. */
static int form_of(const char *name) {
    static const struct {
        char name[16];
        int form;
    } forms[] = {
        {"CP932", SCAN_SJIS},       {"SHIFT_JIS", SCAN_SJIS},
        {"SJIS", SCAN_SJIS},        {"SHIFT_JISX0213", SCAN_SJIS},
        {"GB18030", SCAN_DBCS},     {"GBK", SCAN_DBCS},
        {"CP936", SCAN_DBCS},       {"BIG5-HKSCS", SCAN_DBCS},
        {"BIG5", SCAN_DBCS},        {"CP950", SCAN_DBCS},
        {"BIG5HKSCS", SCAN_DBCS},   {"JOHAB", SCAN_DBCS},
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (strcmp(name, forms[i].name) == 0)
            return forms[i].form;
    return SCAN_BYTES;
}

int sgft__scan_form(const sgft_ctx *ctx, const char *ca, size_t len,
                    int current) {
    const sgft_options *o = &ctx->opt;
    char name[64];
    if (ctx->mode != 2)
        return SCAN_BYTES;
    if (o->encoding[0])
        return sgft__charset_normalize(o->encoding, strlen(o->encoding), name,
                                       sizeof name)
                   ? form_of(name)
                   : SCAN_BYTES;
    if (ca) {
        /* A name no converter knows leaves the form as it was. */
        buf b;
        sgft__buf_init(&b);
        sgft__text_decode(&b, ca, len, true, SGFT_LB_HARD);
        bool known = b.data &&
                     sgft__charset_normalize(b.data, b.len, name, sizeof name) &&
                     sgft__iconv_knows(name);
        sgft__buf_free(&b);
        return known ? form_of(name) : current;
    }
    if (o->default_encoding[0] &&
        sgft__charset_normalize(o->default_encoding, strlen(o->default_encoding),
                                name, sizeof name))
        return form_of(name);
    return SCAN_BYTES;
}

/* Whether c leads a double-byte character of form f. */
static bool lead_byte(int f, unsigned char c) {
    if (f == SCAN_SJIS)
        return (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC);
    return c >= 0x81 && c <= 0xFE;
}

/* What follows a ']' at s[0..len) looks like SGF: white space up to
 * ';', '(', ')', '[', a property identifier, or the end.  Looks at most
 * LOOK bytes; returns -1 when it needs more than len of them. */
#define LOOK 64
static int syntax_follows(const char *s, size_t len, bool final) {
    size_t k = 0;
    while (k < len && k < LOOK &&
           (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
        k++;
    size_t id = k;
    while (k < len && k < LOOK &&
           ((s[k] >= 'A' && s[k] <= 'Z') || (s[k] >= 'a' && s[k] <= 'z')))
        k++;
    if (k > id)
        while (k < len && k < LOOK &&
               (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
            k++;
    if (k == len && !final)
        return -1; /* (at LOOK too: one byte more tells the end from more) */
    if (k == len || k >= LOOK)
        return k == len || id == k; /* the end, or only white space */
    char c = s[k];
    if (k > id)
        return c == '[';
    return c == ';' || c == '(' || c == ')' || c == '[';
}

/* The white space from k on (at most up to LOOK). */
static size_t skip_blank(const char *s, size_t k, size_t len) {
    while (k < len && k < LOOK &&
           (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
        k++;
    return k;
}
/* Whether SGF follows a ']' at s[0..len) for sure, as text in a CJK
 * charset hardly goes on after a character whose second byte is 0x5D:
 * white space, then a property ("]PB["), a node with one (";B[") or a
 * tree ("(;", ")(;").  Not the end of s: the values of a tree (-E2) are
 * checked as one text.  -1 when len bytes cannot tell. */
#define RAN_OUT(k) ((k) >= LOOK || final ? 0 : -1)
static int sgf_for_sure(const char *s, size_t len, bool final) {
    size_t k = skip_blank(s, 0, len);
    if (k == len || k >= LOOK)
        return RAN_OUT(k);
    if (s[k] == ')') { /* the end of a tree, before the next */
        k = skip_blank(s, k + 1, len);
        if (k == len || k >= LOOK)
            return RAN_OUT(k);
        if (s[k] != '(')
            return 0;
    }
    if (s[k] == '(') {
        k = skip_blank(s, k + 1, len);
        if (k == len || k >= LOOK)
            return RAN_OUT(k);
        return s[k] == ';';
    }
    if (s[k] == ';') {
        k = skip_blank(s, k + 1, len);
        if (k == len || k >= LOOK)
            return RAN_OUT(k);
    }
    if (s[k] < 'A' || s[k] > 'Z')
        return 0;
    while (k < len && k < LOOK &&
           ((s[k] >= 'A' && s[k] <= 'Z') || (s[k] >= '0' && s[k] <= '9')))
        k++; /* a capital first (above), digits after it: LZ2 */
    k = skip_blank(s, k, len);
    if (k == len || k >= LOOK)
        return RAN_OUT(k);
    return s[k] == '[';
}
#undef RAN_OUT

/* The length of the unit of a value at s[0..len) in form f: a character,
 * an escape with its character, or a double-byte character whose second
 * byte a program that escapes bytes wrote escaped ("\x95\\\\" for
 * 0x95 0x5C, "\x95\\]" for 0x95 0x5D).  The last is told from the
 * character ending in '\\' that ends the value ("\x95\\" then ']')
 * by what follows the ']': SGF, or more text.  0 when the unit needs more
 * than len bytes. */
static size_t unit_len(int f, const char *s, size_t len, bool final) {
    const unsigned char *u = (const unsigned char *)s;
    size_t n = 1;
    if (u[0] == '\\') {
        if (len < 2)
            return final ? len : 0;
        if (!lead_byte(f, u[1]))
            return 2;
        s++, u++, len--, n++;
    }
    if (!lead_byte(f, u[0]))
        return n;
    if (len < 2)
        return final ? n : 0;
    if (u[1] < 0x40)
        return n; /* not a trail byte: the lead stands alone */
    if (u[1] == ']' && n == 1) {
        /* A ']' that SGF follows ends the value: the byte before it is
         * no lead but a character of another charset ("café]PB[" read
         * as GBK would take PB into the text); the decoding finds it
         * invalid and says so. */
        int syn = sgf_for_sure(s + 2, len - 2, final);
        if (syn < 0)
            return 0;
        if (syn)
            return 1;
    }
    if (u[1] != '\\' || n > 1)
        return n + 1;
    if (len < 3)
        return final ? 2 : 0;
    if (u[2] == '\\')
        return 3;
    if (u[2] != ']')
        return 2;
    int syn = syntax_follows(s + 3, len - 3, final);
    if (syn < 0)
        return 0;
    return syn ? 2 : 3;
}

/* Text of a single-byte charset under a CA of GBK or Big5 ("café]PB[...]")
 * would lose the ']' to the character it makes with the byte before it,
 * and the properties after it to the text: the ']' stays one, and that
 * byte, left alone, is read as an invalid one (U+FFFD, and a message). */
size_t sgft__dec_bracket_cut(const char *in, size_t i, size_t end, size_t len,
                             bool final) {
    for (size_t j = i + 1; j < end; j++) {
        if (in[j] != ']' || (unsigned char)in[j - 1] < 0x80)
            continue;
        int syn = sgf_for_sure(in + j + 1, len - j - 1, final);
        if (syn) /* (i: the byte before may be a trail byte; the stretch
                  * is read again from its start, a character's) */
            return syn > 0 ? j : i;
    }
    return end;
}

size_t sgft__value_scan(int form, const char *s, size_t len, bool final) {
    size_t i = 0;
    while (i < len && s[i] != ']') {
        size_t n = unit_len(form, s + i, len - i, final);
        if (!n)
            break;
        i += n;
    }
    return i < len ? i : len;
}
size_t sgft__nul_to_space(bool kept, prop_id id, char *v, size_t len) {
    char *nul = memchr(v, '\0', len);
    if (!nul)
        return len;
    /* Reported for text (and unknown) values; in other values the space
     * is removed by the value's check. */
    value_type vt = id != P_UNKNOWN ? (value_type)sgft__props[id].vt : VT_TEXT;
    size_t first = kept && (vt == VT_TEXT || vt == VT_SIMPLETEXT ||
                            vt == VT_APP || vt == VT_LABEL || vt == VT_FIGURE)
                       ? (size_t)(nul - v)
                       : len;
    for (; nul; nul = memchr(nul, '\0', len - (size_t)(nul - v)))
        *nul = ' ';
    return first;
}
