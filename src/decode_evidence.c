/* decode_evidence.c - what the bytes of a text say about the charset
 * declared for it (decode.c for -E1, decode_tree.c for -E2): UTF-8 with
 * a few bad bytes, or another charset under CA[UTF-8]; a CA whose
 * reading is implausible where another one reads well; the escape
 * sequences of ISO-2022-JP, a 7-bit charset that no byte above 0x7F
 * betrays; the bytes 0x80-0x9F, control codes in ISO-8859-1 and
 * letters, quotes and the euro sign in windows-1252. */
#include "config.h"

#include "decode.h"

#include <string.h>
#include <strings.h>

/* How much of a text declared UTF-8 but not valid UTF-8 is UTF-8, by
 * its bytes above 0x7F: 2 most (at least three times as many of them in
 * valid characters as not: UTF-8 with a few bad bytes), 1 as many at
 * least, else 0.
 * In another charset's text most are not: a character of GBK, Big5,
 * EUC-JP or UHC is by chance a valid UTF-8 character of two bytes in
 * about one case of seven (聂卫平 in GB2312, c4 f4 ce c0 c6 bd, holds one:
 * c6 bd), and a character of one byte above 0x7F almost never is. */
static int utf8_share(const char *s, size_t len) {
    size_t good = 0, bad = 0;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t n = sgft__utf8_seq_len(c);
        if (n > 1 && i + n <= len && sgft__utf8_valid(s + i, n)) {
            good += n;
            i += n;
        } else {
            bad++;
            i++;
        }
    }
    return good >= 3 * bad ? 2 : good >= bad ? 1 : 0;
}

bool sgft__dec_other_reads(sgft_ctx *ctx, const char *cs, const char *s,
                           size_t len, bool final, detect_result *g) {
    int share = sgft__dec_is_utf8_name(cs) ? utf8_share(s, len) : 0;
    if (share == 2 || !sgft__detect_charset(ctx, s, len, final, g) ||
        strcmp(g->name, cs) == 0 ||
        !sgft__dec_decodes_cleanly(g->name, s, len, final))
        return false;
    /* Valid UTF-8 characters of several bytes are seldom in the text of
     * a charset of one byte a character, and never as many as the other
     * bytes above 0x7F (Фёдор in windows-1251, d4 b8 e4 ee f0, holds one:
     * d4 b8). */
    return !(share == 1 && sgft__dec_single_byte(g->name));
}

/* ISO-2022-JP designates its double-byte sets by ESC $ @, ESC $ B
 * (JIS X 0208) and ESC $ ( D (JIS X 0212); its text is 7-bit. */
static bool jis_designation(const char *s, size_t n) {
    return n >= 3 && s[0] == '\x1B' && s[1] == '$' &&
           (s[2] == '@' || s[2] == 'B' ||
            (n >= 4 && s[2] == '(' && s[3] == 'D'));
}

size_t sgft__dec_jis_at(const char *s, size_t len) {
    for (const char *p = s; (p = memchr(p, '\x1B', len - (size_t)(p - s)));
         p++)
        if (jis_designation(p, len - (size_t)(p - s)))
            return (size_t)(p - s);
    return len;
}

bool sgft__dec_jis_text(const char *s, size_t len) {
    if (sgft__dec_jis_at(s, len) == len)
        return false;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

/* Not under CA[UTF-8]: 7-bit text is UTF-8 too, and the output of a
 * text read otherwise, which keeps such escapes as they were, must read
 * the same again. */
bool sgft__dec_jis_over(const char *cs, const char *s, size_t len) {
    return !sgft__dec_is_stateful(cs) && !sgft__dec_is_utf8_name(cs) &&
           sgft__dec_jis_text(s, len);
}

bool sgft__dec_is_stateful(const char *name) {
    return strncasecmp(name, "ISO-2022-", 9) == 0 ||
           strncasecmp(name, "HZ", 2) == 0 ||
           strncasecmp(name, "UTF-7", 5) == 0;
}

/* windows-1252 has a character at each byte 0x80-0x9F but 81, 8D, 8F, 90
 * and 9D. */
bool sgft__dec_c1_of_1252(const char *cs, const char *s, size_t len) {
    if (strcasecmp(cs, "ISO-8859-1") != 0)
        return false;
    bool any = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80 && c <= 0x9F) {
            if (c == 0x81 || c == 0x8D || c == 0x8F || c == 0x90 || c == 0x9D)
                return false;
            any = true;
        }
    }
    return any;
}

bool sgft__dec_mislabel(sgft_ctx *ctx, const char *ca, char *name,
                        size_t size, const char *s, size_t len, bool final,
                        bool has_pos, uint64_t off) {
    detect_result g;
    if (!sgft__detect_mislabelled(ctx, s, len, final, name, &g))
        return false;
    /* UTF-8 of two bytes a character (accented Latin letters) is valid
     * text in GBK or Shift_JIS too, and passes sgft__dec_utf8_instead:
     * once that reading proves implausible, it is UTF-8, not a third
     * charset. */
    if (sgft__dec_decodes_cleanly("UTF-8", s, len, final)) {
        sgft__dec_read_as(ctx, ca, DEC_AS_UTF8, has_pos, off);
        snprintf(name, size, "UTF-8");
    } else {
        sgft__dec_mislabelled(ctx, ca, &g, has_pos, off);
        sgft__copy_str(name, size, g.name);
    }
    return true;
}
