/* decode.c - charsets: which one a file or game tree is in, and the
 * conversion to UTF-8 (spec 10).
 *
 * -E1 (default): the whole input is decoded before it is parsed, through
 * a reader that wraps the caller's, so that no trail byte of a double-byte
 * charset (0x5C, 0x5D in Shift_JIS, Big5, GBK) can act as '\' or ']'.
 * First match wins: --encoding; a byte-order mark; the CA of the first
 * game tree (from the parser's events over the first 64 KiB);
 * --default-encoding.  Without any, ASCII is handed out as it is until
 * the first other byte; from there the bytes decide, up to LOOKAHEAD of
 * them: UTF-8 when they are valid UTF-8, else detection (detect.c;
 * message 103, and 115 when unsure).  A CA that the bytes contradict
 * gives way to UTF-8 when they are valid UTF-8 (sgft__dec_utf8_instead),
 * else to what detection finds when that decodes cleanly (104).
 * -E2: the skeleton is parsed as bytes; the values of each game tree are
 * converted with that tree's charset (sgft__decode_tree): escapes
 * resolved character by character where the charset is ASCII-compatible,
 * the conversion first where it is not (UTF-16, UTF-32), NUL bytes last.
 * -E3: nothing is converted.
 * UTF-8 input is only validated, never passed through iconv.  Invalid
 * bytes become U+FFFD, one message 71 per run, with their byte offset.
 */
#include "config.h"

#include "decode.h"

#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define HEAD_MAX ((size_t)64 * 1024)
/* How far detection looks from the first non-ASCII byte on. */
#define LOOKAHEAD ((size_t)1024 * 1024)
/* ASCII bytes before the first other one that detection sees with it. */
#define CONTEXT ((size_t)32)
/* Below the usual mmap threshold: small files cost no page mapping. */
#define RAW_CHUNK ((size_t)32 * 1024)

static const char REPLACEMENT[3] = {'\xEF', '\xBF', '\xBD'}; /* U+FFFD */

bool sgft__dec_is_utf8_name(const char *name) { return strcmp(name, "UTF-8") == 0; }

#define iconv_knows sgft__iconv_knows

/* --- converting -------------------------------------------------------- */

/* The end of the run of bytes below 0x80 from i on (i when in[i] is not
 * one), eight bytes at a time. */
static size_t ascii_end(const char *in, size_t i, size_t len) {
    for (uint64_t w; i + 8 <= len; i += 8) {
        memcpy(&w, in + i, 8);
        if (w & UINT64_C(0x8080808080808080))
            break;
    }
    while (i < len && (unsigned char)in[i] < 0x80)
        i++;
    return i;
}

/* In the charsets of DEC_ICONV_ASCII a character that is not ASCII
 * starts with a byte of 0x80 or more, and a byte below 0x80 inside one
 * (a trail byte of GBK, Big5 or UHC; the second or fourth byte of
 * GB18030) ends it or is followed by a byte of 0x80 or more.  So where
 * two bytes below 0x80 follow each other, the second starts a character,
 * and that character is ASCII.  Returns the end of the stretch from i
 * (a byte of 0x80 or more) that the converter must read: the first such
 * second byte, or len. */
static size_t mixed_end(const char *in, size_t i, size_t len) {
    size_t e = i + 1;
    while (e < len && !((unsigned char)in[e - 1] < 0x80 &&
                        (unsigned char)in[e] < 0x80))
        e++;
    return e;
}

/* Converts in[0..len) with cd, appending to out, as far as it goes: sets
 * *err to iconv's errno where it stopped (0 at the end).  With flush, a
 * stretch read to its end is followed by the converter's return to its
 * initial state (what it held back is written).  Returns the count of
 * bytes read. */
static size_t iconv_stretch(iconv_t cd, const char *in, size_t len,
                            bool flush, buf *out, int *err) {
    char *ip = (char *)in;
    size_t il = len;
    for (;;) {
        char tmp[1024];
        char *op = tmp;
        size_t ol = sizeof tmp;
        size_t r = iconv(cd, &ip, &il, &op, &ol);
        int e = r == (size_t)-1 ? errno : 0;
        sgft__buf_put(out, tmp, sizeof tmp - ol);
        if (e == E2BIG)
            continue;
        if (!e && flush) {
            op = tmp;
            ol = sizeof tmp;
            iconv(cd, NULL, NULL, &op, &ol);
            sgft__buf_put(out, tmp, sizeof tmp - ol);
        }
        *err = e;
        return (size_t)(ip - in);
    }
}

/* Converts in[0..len) from charset cs (a normalized name iconv knows) to
 * UTF-8, appending to out; invalid bytes become U+FFFD.  bad[] (when not
 * NULL) gets the offsets of the first byte of each run of invalid bytes,
 * up to *nbad; the count of runs is returned.  final: the input ends here
 * (an incomplete sequence at the end is invalid); otherwise *used says how
 * much was consumed. */
size_t sgft__dec_convert(iconv_t cd, dec_mode mode, const char *in,
                         size_t len, bool final, buf *out, size_t *used,
                         uint64_t *bad, size_t max_bad, bool *carried) {
    size_t runs = 0, i = 0;
    bool in_run = carried && *carried;
    while (i < len) {
        if (mode != DEC_ICONV) {
            /* ASCII goes out as it is, in one run. */
            size_t j = ascii_end(in, i, len);
            if (j > i) {
                sgft__buf_put(out, in + i, j - i);
                i = j;
                in_run = false;
                continue;
            }
        }
        if (mode == DEC_UTF8) {
            /* One character of several bytes. */
            unsigned char c = (unsigned char)in[i];
            size_t n = sgft__utf8_seq_len(c);
            if (n > 1 && i + n > len && !final)
                break; /* wait for the rest of the character */
            if (n > 1 && i + n <= len && sgft__utf8_valid(in + i, n)) {
                sgft__buf_put(out, in + i, n);
                i += n;
                in_run = false;
                continue;
            }
        } else {
            size_t end = mode == DEC_ICONV_ASCII
                             ? sgft__dec_bracket_cut(in, i, mixed_end(in, i, len),
                                                     len, final)
                             : len;
            if (end == i)
                break; /* wait for the bytes after a ']' */
            int err;
            size_t done = iconv_stretch(cd, in + i, end - i, end < len, out,
                                        &err);
            if (done)
                in_run = false;
            i += done;
            if (!err)
                continue;
            /* A character cut by the end of the input waits for the rest
             * of it; one cut by the end of a stretch has none. */
            if (err == EINVAL && !final && end == len)
                break;
        }
        /* One invalid byte: U+FFFD, and a new run when the last was not. */
        if (!in_run) {
            if (bad && runs < max_bad)
                bad[runs] = i;
            runs++;
            sgft__buf_put(out, REPLACEMENT, 3);
        }
        in_run = true;
        i++;
        if (mode != DEC_UTF8)
            iconv(cd, NULL, NULL, NULL, NULL); /* reset the shift state */
    }
    if (used)
        *used = i;
    if (carried)
        *carried = in_run;
    return runs;
}

/* Charsets of one byte a character (ISO-8859, windows-125x, KOI8...),
 * by the names they are read by. */
bool sgft__dec_single_byte(const char *cs) {
    static const char one[][12] = {"US-ASCII",  "ISO-8859-", "ISO8859", "ISO_8859",
                                   "CP125",     "WINDOWS-125", "KOI8",
                                   "IBM8",      "CP8",     "TIS-620",
                                   "LATIN",     "MAC"};
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
        if (strncasecmp(cs, one[i], strlen(one[i])) == 0)
            return true;
    return false;
}

/* Charsets whose characters other than ASCII are made of bytes as
 * mixed_end reads them, and whose converter neither joins a character
 * with the next (iconv puts a letter and the combining mark after it
 * together in windows-1255 and 1258) nor keeps a state from one to the
 * next (ISO-2022, whose escapes are ASCII bytes). */
static bool ascii_kept(const char *cs) {
    static const char multi[][8] = {"GB18030", "GBK",    "GB2312", "CP936",
                                    "EUC-CN",  "BIG5",   "CP950",  "CP949",
                                    "UHC",     "EUC-KR", "EUC-JP", "EUC-TW",
                                    "CP932"};
    for (size_t i = 0; i < sizeof multi / sizeof multi[0]; i++)
        if (strncasecmp(cs, multi[i], strlen(multi[i])) == 0)
            return true;
    size_t n = strlen(cs);
    bool joins = n >= 4 && (strcmp(cs + n - 4, "1255") == 0 ||
                            strcmp(cs + n - 4, "1258") == 0);
    return sgft__dec_single_byte(cs) && !joins;
}

dec_mode sgft__dec_ascii_mode(iconv_t cd, const char *cs) {
    if (!ascii_kept(cs))
        return DEC_ICONV;
    /* And the converter reads each ASCII byte as that character (Shift_JIS
     * is read by some as the yen sign for 5C, Johab as the won sign). */
    char in[128], got[128 * 4];
    for (int c = 0; c < 128; c++)
        in[c] = (char)c;
    char *ip = in, *op = got;
    size_t il = sizeof in, ol = sizeof got;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    iconv(cd, NULL, NULL, NULL, NULL);
    return r != (size_t)-1 && il == 0 && sizeof got - ol == sizeof in &&
                   memcmp(in, got, sizeof in) == 0
               ? DEC_ICONV_ASCII
               : DEC_ICONV;
}

/* Whether UTF-8 head decodes without an invalid byte, without a copy:
 * as sgft__dec_convert reads it, a character that the end cuts waits for
 * the rest unless final. */
static bool utf8_clean(const char *s, size_t len, bool final) {
    if (sgft__utf8_valid(s, len))
        return true;
    if (final)
        return false;
    for (size_t back = 1; back <= 3 && back <= len; back++) {
        unsigned char c = (unsigned char)s[len - back];
        size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        if (c >= 0xC0 && n > back && sgft__utf8_valid(s, len - back))
            return true;
    }
    return false;
}

/* Whether head decodes without an invalid byte in charset cs. */
bool sgft__dec_decodes_cleanly(const char *cs, const char *head, size_t len,
                            bool final) {
    if (sgft__dec_is_utf8_name(cs))
        return utf8_clean(head, len, final);
    iconv_t cd = iconv_open("UTF-8", cs);
    if (cd == (iconv_t)-1)
        return false;
    buf out;
    sgft__buf_init(&out);
    size_t used;
    size_t runs = sgft__dec_convert(cd, sgft__dec_ascii_mode(cd, cs), head,
                                    len, final, &out, &used, NULL, 0, NULL);
    sgft__buf_free(&out);
    iconv_close(cd);
    return runs == 0;
}

/* --- choosing ---------------------------------------------------------------- */

/* Charsets that are not ASCII-compatible: their characters hold bytes
 * of '\\', ']' and NUL that are not those characters. */
bool sgft__dec_is_wide(const char *name) {
    /* prefixes of at most 7 bytes, in the array rather than pointed to */
    static const char wide[][8] = {"UTF-16", "UTF16", "UTF-32", "UTF32",
                                   "UCS-2", "UCS2", "UCS-4", "UCS4",
                                   "UNICODE"};
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++)
        if (strncmp(name, wide[i], strlen(wide[i])) == 0)
            return true;
    return false;
}


/* A file saved again as UTF-8 keeps the CA it had: UTF-8 text under a
 * legacy CA.  UTF-8 read as the declared charset loses its characters,
 * and, where a trail byte may be ASCII (GBK, Big5, Shift_JIS), the ']'
 * that ends a value: valid UTF-8 wins over the CA when the legacy
 * reading is unlikely.  Text in a charset of one byte a character is
 * almost never valid UTF-8 once a byte is above 0x7F (a lead byte must be
 * followed by its count of bytes 0x80-0xBF, which those charsets use for
 * letters only after other letters); not one of the names, events and
 * texts of the charset tests is.  A double-byte charset's character
 * often is one valid UTF-8 character of two bytes (15 % of Chinese given
 * names in GBK), seldom of three: there it takes a character of three or
 * four bytes, as CJK text in UTF-8 has (of 20,000 made-up players' names
 * in GBK, Big5, Shift_JIS, EUC-JP and UHC, none but 0.06 to 0.16 % of
 * single names in GBK and Big5 passed; no pair of names). */
bool sgft__dec_utf8_instead(const char *cs, const char *s, size_t len,
                            bool final) {
    if (sgft__dec_is_utf8_name(cs) || sgft__dec_is_wide(cs))
        return false;
    size_t i = 0;
    while (i < len && (unsigned char)s[i] < 0x80)
        i++;
    if (i == len || !utf8_clean(s + i, len - i, final))
        return false;
    if (sgft__dec_single_byte(cs))
        return true;
    for (size_t k = i; k < len; k++)
        if ((unsigned char)s[k] >= 0xE0)
            return true;
    return !sgft__dec_decodes_cleanly(cs, s + i, len - i, final);
}

void sgft__dec_read_as(sgft_ctx *ctx, const char *ca, const char *how,
                       bool has_pos, uint64_t off) {
    report r = {0};
    r.value = ca;
    r.detail = how;
    sgft__report(ctx, M_CA_MISMATCH, has_pos, off, &r);
}

/* The detail of messages 103 and 104: the charset and how sure. */
void sgft__dec_detected_detail(const detect_result *g, char *out, size_t size) {
    snprintf(out, size, "%s (confidence %d%%)", g->name, g->confidence);
}

/* Message 115 when another charset reads the text almost as well. */
void sgft__dec_report_close(sgft_ctx *ctx, const detect_result *g, bool has_pos,
                         uint64_t off) {
    if (!g->close[0])
        return;
    report r = {0};
    r.value = g->name;
    r.detail = g->close;
    sgft__report(ctx, M_CHARSET_CLOSE, has_pos, off, &r);
}

/* Message 104 for a CA over text in another charset, naming what it is
 * read as: a Latin or double-byte CA over text of another double-byte
 * charset (sgft__detect_mislabelled), or a CA that does not read the text
 * (sgft__dec_other_reads). */
void sgft__dec_mislabelled(sgft_ctx *ctx, const char *ca, const detect_result *g,
                        bool has_pos, uint64_t off) {
    char detail[160], how[96];
    sgft__dec_detected_detail(g, how, sizeof how);
    snprintf(detail, sizeof detail, "read as %s", how);
    sgft__dec_read_as(ctx, ca, detail, has_pos, off);
    sgft__dec_report_close(ctx, g, has_pos, off);
}

/* Gathers the bytes of the values of a tree: what detection should look
 * at (the skeleton is ASCII and says nothing about the charset). */
void sgft__dec_tree_text(sgft_ctx *ctx, node *root, buf *out) {
    for (node *n = root; n; n = sgft__node_next_preorder(n))
        for (prop *p = n->props; p; p = p->next)
            for (value *v = p->values; v; v = v->next) {
                sgft__buf_put(out, value_bytes(ctx, v), v->len);
                sgft__buf_putc(out, '\n');
            }
}

/* UTF-16 without a byte-order mark: its first 8 characters ASCII, each
 * with a NUL byte before it (big-endian) or after it (little-endian), as
 * no text in another charset has them. */
static bool utf16_unmarked(const char *head, size_t len, char *name,
                           size_t size) {
    const unsigned char *u = (const unsigned char *)head;
    if (len < 16)
        return false;
    bool be = true, le = true;
    for (size_t i = 0; i < 8; i++) {
        unsigned char a = u[2 * i], b = u[2 * i + 1];
        be = be && a == 0 && b >= 0x09 && b < 0x7F;
        le = le && b == 0 && a >= 0x09 && a < 0x7F;
    }
    if (!be && !le)
        return false;
    snprintf(name, size, be ? "UTF-16BE" : "UTF-16LE");
    return true;
}

const char *sgft__dec_wide_input(const char *head, size_t len) {
    const unsigned char *u = (const unsigned char *)head;
    if (len >= 4 && u[0] == 0xFF && u[1] == 0xFE && u[2] == 0 && u[3] == 0)
        return "UTF-32LE";
    if (len >= 4 && u[0] == 0 && u[1] == 0 && u[2] == 0xFE && u[3] == 0xFF)
        return "UTF-32BE";
    if (len >= 2 && u[0] == 0xFF && u[1] == 0xFE)
        return "UTF-16LE";
    if (len >= 2 && u[0] == 0xFE && u[1] == 0xFF)
        return "UTF-16BE";
    char name[16];
    if (!utf16_unmarked(head, len, name, sizeof name))
        return NULL;
    return strcmp(name, "UTF-16BE") == 0 ? "UTF-16BE" : "UTF-16LE";
}

/* Picks the charset of the whole input from what declares one (see the
 * top of the file); *skip is the length of a byte-order mark.  Returns
 * false when nothing does: the bytes decide, when the first non-ASCII
 * byte is met (decide_by_bytes). */
static bool choose_declared(sgft_ctx *ctx, const char *head, size_t len,
                            bool final, char *name, size_t size, size_t *skip) {
    const sgft_options *o = &ctx->opt;
    const unsigned char *u = (const unsigned char *)head;
    *skip = 0;
    if (o->encoding[0] && sgft__charset_normalize(o->encoding, strlen(o->encoding), name, size))
        return true;
    if (len >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) {
        *skip = 3;
        snprintf(name, size, "UTF-8");
        return true;
    }
    if (len >= 4 && u[0] == 0xFF && u[1] == 0xFE && u[2] == 0 && u[3] == 0) {
        *skip = 4;
        snprintf(name, size, "UTF-32LE");
        return true;
    }
    if (len >= 4 && u[0] == 0 && u[1] == 0 && u[2] == 0xFE && u[3] == 0xFF) {
        *skip = 4;
        snprintf(name, size, "UTF-32BE");
        return true;
    }
    if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF))) {
        *skip = 2;
        snprintf(name, size, u[0] == 0xFF ? "UTF-16LE" : "UTF-16BE");
        return true;
    }
    if (utf16_unmarked(head, len, name, size)) {
        report r = {0};
        char detail[96];
        snprintf(detail, sizeof detail,
                 "%s (no byte-order mark: a NUL byte beside each ASCII one)",
                 name);
        r.detail = detail;
        sgft__report(ctx, M_CHARSET_DETECTED, false, 0, &r);
        return true;
    }
    char ca[64];
    sgft__dec_sniff_ca(ctx, head, len, ca, sizeof ca);
    ctx->sniffed_ca[0] = '\0';
    if (ca[0]) {
        detect_result g;
        if (!sgft__charset_normalize(ca, strlen(ca), name, size) || !iconv_knows(name)) {
            sgft__copy_str(ctx->sniffed_ca, sizeof ctx->sniffed_ca, ca);
        } else if (sgft__dec_jis_over(name, head, len)) {
            sgft__dec_read_as(ctx, ca, DEC_AS_JIS, false, 0);
            snprintf(name, size, "ISO-2022-JP");
            return true;
        } else if (sgft__dec_utf8_instead(name, head, len, final)) {
            sgft__dec_read_as(ctx, ca, DEC_AS_UTF8, false, 0);
            snprintf(name, size, "UTF-8");
            return true;
        } else if (sgft__dec_mislabel(ctx, ca, name, size, head, len, final, false, 0)) {
            return true;
        } else if (sgft__dec_c1_of_1252(name, head, len)) {
            sgft__dec_read_as(ctx, ca, DEC_AS_1252, false, 0);
            snprintf(name, size, "CP1252");
            return true;
        } else if (sgft__dec_decodes_cleanly(name, head, len, final)) {
            return true;
        } else if (sgft__dec_other_reads(ctx, name, head, len, final, &g)) {
            sgft__dec_mislabelled(ctx, ca, &g, false, 0);
            sgft__copy_str(name, size, g.name);
            return true;
        } else {
            return true; /* as declared; the bad bytes are reported */
        }
    }
    if (o->default_encoding[0] &&
        sgft__charset_normalize(o->default_encoding, strlen(o->default_encoding), name, size))
        return true;
    return false;
}

/* The charset of undeclared input, from s[0..len): the bytes from the
 * first non-ASCII one on, as far as the decoder looks ahead.  UTF-8 when
 * they are valid UTF-8, else what detection finds (message 103, and 115
 * when it is unsure). */
static void decide_by_bytes(sgft_ctx *ctx, const char *s, size_t len,
                            bool final, char *name, size_t size) {
    report r = {0};
    if (sgft__dec_jis_text(s, len)) {
        snprintf(name, size, "ISO-2022-JP");
        r.detail = "ISO-2022-JP (its escape sequences)";
        sgft__report(ctx, M_CHARSET_DETECTED, false, 0, &r);
        return;
    }
    if (sgft__dec_decodes_cleanly("UTF-8", s, len, final)) {
        snprintf(name, size, "UTF-8");
        return;
    }
    char detail[160];
    detect_result g;
    if (sgft__detect_charset(ctx, s, len, final, &g)) {
        sgft__copy_str(name, size, g.name);
        sgft__dec_detected_detail(&g, detail, sizeof detail);
    } else {
        memset(&g, 0, sizeof g);
        snprintf(name, size, "ISO-8859-1");
        snprintf(detail, sizeof detail,
                 "ISO-8859-1, the default of the format (no better guess)");
    }
    r.detail = detail;
    sgft__report(ctx, M_CHARSET_DETECTED, false, 0, &r);
    sgft__dec_report_close(ctx, &g, false, 0);
}

/* Message 72 for a CA that no converter knows, naming the charset used
 * instead. */
static void report_unknown_ca(sgft_ctx *ctx, const char *name) {
    if (ctx->sniffed_ca[0]) {
        report r = {0};
        r.value = ctx->sniffed_ca;
        r.detail = name;
        sgft__report(ctx, M_UNKNOWN_CA, false, 0, &r);
        ctx->sniffed_ca[0] = '\0';
    }
}

/* --- the decoding reader (-E1) ---------------------------------------------- */

struct decoder {
    sgft_ctx *ctx;
    sgft_read_fn read;
    void *read_data;
    char *raw;
    size_t start, end, cap;
    size_t chunk;     /* the least room a read gets (0: the first read) */
    uint64_t raw_off; /* input offset of raw[start] */
    bool eof;
    int err;
    iconv_t cd;
    dec_mode mode;
    buf pending; /* converted bytes not yet handed out */
    size_t pending_pos;
    bool decided; /* until then, ASCII is handed out as it is */
    bool in_bad;  /* the last piece converted ended in invalid bytes */
    size_t clean; /* bytes from raw[start] known to be well-formed UTF-8 */
};

/* Reads raw input until at least want bytes are pending or it ends. */
static bool fill_raw(decoder *d, size_t want) {
    while (!d->eof && d->end - d->start < want) {
        if (d->start > 0) {
            memmove(d->raw, d->raw + d->start, d->end - d->start);
            d->end -= d->start;
            d->start = 0;
        }
        size_t least = d->chunk ? d->chunk : sgft__read_first(d->ctx);
        if (d->cap - d->end < least) {
            size_t cap = d->cap ? d->cap * 2 : least * 2;
            while (cap - d->end < least)
                cap *= 2;
            char *p = realloc(d->raw, cap);
            if (!p) {
                d->err = ENOMEM;
                return false;
            }
            d->raw = p;
            d->cap = cap;
        }
        size_t room = d->cap - d->end;
        long n = d->read(d->read_data, d->raw + d->end, room);
        if (n < 0) {
            d->err = errno;
            return false;
        }
        d->chunk = sgft__read_next(least, (size_t)n == room, RAW_CHUNK);
        if (n == 0)
            d->eof = true;
        d->end += (size_t)n;
    }
    return true;
}

SGFT_COLD static void report_bad(decoder *d, const uint64_t *bad,
                                 size_t runs, size_t max) {
    for (size_t i = 0; i < runs && i < max; i++) {
        char off[32];
        snprintf(off, sizeof off, "%llu",
                 (unsigned long long)(d->raw_off + bad[i]));
        report r = {0};
        r.value = d->ctx->charset;
        r.detail = off;
        sgft__report(d->ctx, M_INVALID_BYTES, false, 0, &r);
    }
    if (runs > max) {
        char more[64];
        snprintf(more, sizeof more, "%zu more runs", runs - max);
        report r = {0};
        r.value = d->ctx->charset;
        r.detail = more;
        sgft__report(d->ctx, M_INVALID_BYTES, false, 0, &r);
    }
}

/* Opens the converter for ctx->charset; false (message 70) when none. */
static bool open_converter(decoder *d) {
    d->mode = DEC_UTF8;
    d->cd = (iconv_t)-1;
    if (sgft__dec_is_utf8_name(d->ctx->charset))
        return true;
    d->cd = iconv_open("UTF-8", d->ctx->charset);
    if (d->cd != (iconv_t)-1) {
        d->mode = sgft__dec_ascii_mode(d->cd, d->ctx->charset);
        return true;
    }
    report r = {0};
    r.detail = d->ctx->charset;
    sgft__report(d->ctx, M_CONVERTER_FAILED, false, 0, &r);
    return false;
}

/* Undecided: hands out the ASCII bytes before the first other one; at
 * that byte, looks ahead and lets the bytes decide.  Returns false on a
 * fault. */
static bool ascii_or_decide(decoder *d) {
    const char *s = d->raw + d->start;
    size_t n = d->end - d->start, k = 0;
    while (k < n && (unsigned char)s[k] < 0x80)
        k++;
    /* An escape sequence of ISO-2022-JP decides too: its text is 7-bit. */
    k = sgft__dec_jis_at(s, k);
    /* The last CONTEXT bytes before the first other one are kept back:
     * detection reads the letters there with it. */
    size_t give = k == n && d->eof ? n : k > CONTEXT ? k - CONTEXT : 0;
    if (give) {
        sgft__buf_put(&d->pending, s, give);
        d->start += give;
        d->raw_off += give;
        return true;
    }
    if (k == n) /* all ASCII so far, too little to give out */
        return fill_raw(d, n + 1);
    if (!fill_raw(d, LOOKAHEAD))
        return false;
    decide_by_bytes(d->ctx, d->raw + d->start, d->end - d->start, d->eof,
                    d->ctx->charset, sizeof d->ctx->charset);
    d->decided = true;
    report_unknown_ca(d->ctx, d->ctx->charset);
    if (!open_converter(d)) {
        d->err = EINVAL;
        return false;
    }
    return true;
}

static long decoder_read(void *data, char *out, size_t cap) {
    decoder *d = data;
    while (d->pending_pos == d->pending.len) {
        d->pending.len = d->pending_pos = 0;
        if (!fill_raw(d, 16)) {
            errno = d->err;
            return -1;
        }
        if (d->start == d->end) {
            if (!d->decided) { /* all ASCII */
                snprintf(d->ctx->charset, sizeof d->ctx->charset, "UTF-8");
                d->decided = true;
                report_unknown_ca(d->ctx, d->ctx->charset);
            }
            return 0;
        }
        if (!d->decided) {
            if (!ascii_or_decide(d)) {
                errno = d->err;
                return -1;
            }
            if (!d->decided)
                continue;
        }
        if (d->mode == DEC_UTF8 && !d->clean) {
            /* Bytes read that are all well-formed UTF-8 (but a character
             * that the end cuts, which more input may complete) go
             * straight to the parser, without a copy into the pending
             * text: what the conversion would give, without a message.
             * Otherwise the conversion reports their invalid bytes at
             * once, before the parser's messages about them. */
            size_t len = d->end - d->start;
            size_t v = sgft__utf8_valid_end(d->raw + d->start, len);
            unsigned char c = v < len ? (unsigned char)d->raw[d->start + v] : 0;
            size_t need = sgft__utf8_seq_len(c);
            if (v == len || (!d->eof && need > 1 && v + need > len))
                d->clean = v;
        }
        if (d->clean) {
            size_t n = d->clean < cap ? d->clean : cap;
            memcpy(out, d->raw + d->start, n);
            d->start += n;
            d->raw_off += n;
            d->clean -= n;
            d->in_bad = false;
            return (long)n;
        }
        enum { MAX_BAD = 64 };
        uint64_t bad[MAX_BAD];
        size_t used = 0;
        size_t runs = sgft__dec_convert(d->cd, d->mode, d->raw + d->start,
                              d->end - d->start, d->eof, &d->pending, &used,
                              bad, MAX_BAD, &d->in_bad);
        if (d->pending.oom) {
            errno = ENOMEM;
            return -1;
        }
        report_bad(d, bad, runs, MAX_BAD);
        d->start += used;
        d->raw_off += used;
        if (!used && !d->eof && !fill_raw(d, d->end - d->start + 1)) {
            errno = d->err;
            return -1;
        }
    }
    size_t n = d->pending.len - d->pending_pos;
    if (n > cap)
        n = cap;
    memcpy(out, d->pending.data + d->pending_pos, n);
    d->pending_pos += n;
    return (long)n;
}

decoder *sgft__decoder_new(sgft_ctx *ctx, sgft_read_fn rd, void *data,
                           int *status) {
    /* The last run's decoder, if the context kept it, with the memory of
     * its converted text. */
    decoder *d = ctx->spare_decoder;
    *status = SGFT_ENOMEM;
    if (d) {
        ctx->spare_decoder = NULL;
        buf pending = d->pending;
        memset(d, 0, sizeof *d);
        d->pending = pending;
        sgft__buf_clear(&d->pending);
    } else if ((d = calloc(1, sizeof *d))) {
        sgft__buf_init(&d->pending);
    } else {
        return NULL;
    }
    d->ctx = ctx;
    d->read = rd;
    d->read_data = data;
    if (!fill_raw(d, HEAD_MAX)) {
        *status = d->err == ENOMEM ? SGFT_ENOMEM : SGFT_EREAD;
        ctx->in.read_errno = d->err;
        sgft__decoder_free(d);
        return NULL;
    }
    size_t skip;
    size_t head = d->end < HEAD_MAX ? d->end : HEAD_MAX;
    ctx->sniffed_ca[0] = '\0';
    d->decided = choose_declared(ctx, d->raw, head, d->eof && head == d->end,
                                 ctx->charset, sizeof ctx->charset, &skip);
    if (d->decided)
        report_unknown_ca(ctx, ctx->charset);
    d->start = skip;
    d->raw_off = skip;
    d->cd = (iconv_t)-1;
    if (d->decided && !open_converter(d)) {
        *status = SGFT_EINVAL;
        sgft__decoder_free(d);
        return NULL;
    }
    *status = 0;
    return d;
}

long sgft__decoder_read(void *data, char *out, size_t cap) {
    return decoder_read(data, out, cap);
}

void sgft__decoder_free(decoder *d) {
    if (!d)
        return;
    if (d->cd != (iconv_t)-1 && d->cd != NULL)
        iconv_close(d->cd);
    /* The raw buffer is not kept for the next run, unlike the input's
     * window: how much the first reads bring decides when a fault of the
     * charset is reported, among the parser's messages, and that must not
     * depend on the file read before.  The rest is kept. */
    free(d->raw);
    d->raw = NULL;
    sgft_ctx *ctx = d->ctx;
    if (!ctx->spare_decoder && !d->pending.oom &&
        d->pending.cap <= SPARE_MAX) {
        ctx->spare_decoder = d;
        return;
    }
    sgft__buf_free(&d->pending);
    free(d);
}

void sgft__decoder_release_spare(sgft_ctx *ctx) {
    if (ctx->spare_decoder) {
        sgft__buf_free(&ctx->spare_decoder->pending);
        free(ctx->spare_decoder);
    }
    ctx->spare_decoder = NULL;
}

