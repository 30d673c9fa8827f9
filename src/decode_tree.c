/* decode_tree.c - -E2: the text values of each game tree read in the
 * charset of that tree (its CA, --encoding, --default-encoding or
 * detection), after the tree was built.  A stage after the parser: it
 * reads a finished tree (tree.c) and calls the decoding (decode.c,
 * decode_evidence.c) and the scanning of values (parse_scan.c), never the
 * parser or the rules. */
#include "config.h"

#include "decode.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The NUL bytes of v[0..len), a value of p at off, become spaces;
 * message 22 at the first for a text. */
static void nul_to_space(sgft_ctx *ctx, const prop *p, char *v, size_t len,
                         uint64_t off) {
    size_t k = sgft__nul_to_space(true, p->id, v, len);
    if (k < len)
        sgft__report(ctx, M_NUL_BYTE, true, off + k, NULL);
}

/* Whether a value of p is split at its first unescaped ':'. */
static bool composed(const prop *p) {
    if (p->id == P_UNKNOWN)
        return false;
    const prop_info *pi = &sgft__props[p->id];
    switch (pi->vt) {
    case VT_SIZE: case VT_APP: case VT_LABEL: case VT_ARROW: case VT_FIGURE:
        return true;
    case VT_POINT: case VT_STONE:
        return pi->flags & (PF_LIST | PF_ELIST);
    default:
        return false;
    }
}

/* Length of the character of charset cd at s[0..len) (1 to 4), 0 when
 * the bytes are not one. */
static size_t char_len(iconv_t cd, const char *s, size_t len) {
    for (size_t n = 1; n <= 4 && n <= len; n++) {
        char tmp[32];
        char *ip = (char *)s, *op = tmp;
        size_t il = n, ol = sizeof tmp;
        iconv(cd, NULL, NULL, NULL, NULL);
        size_t r = iconv(cd, &ip, &il, &op, &ol);
        if (r != (size_t)-1 && il == 0)
            return n;
        if (r == (size_t)-1 && errno != EINVAL)
            return 0;
    }
    return 0;
}

/* Resolves the escapes of a raw value of an ASCII-compatible charset
 * character by character, into part[0] and, at the first unescaped ':'
 * when split, part[1]; returns the number of parts.  The lexer took
 * every '\\' byte for an escape; a double-byte character (Big5, GBK,
 * Shift_JIS) may end in that byte.  Written as it is, the character is
 * kept; written escaped by a program that escapes bytes ("\\\\" or
 * "\\]" after its first byte), it is the character ending in the second
 * byte (as SGFC reads it with -E2). */
static int unescape_chars(iconv_t cd, bool utf8, const char *raw, size_t len,
                          bool split, buf part[2]) {
    int k = 0;
    size_t i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)raw[i];
        if (c >= 0x80 && !utf8) {
            size_t n = char_len(cd, raw + i, len - i);
            if (n >= 2 && raw[i + n - 1] == '\\') {
                sgft__buf_put(&part[k], raw + i, n - 1);
                if (i + n < len && (raw[i + n] == '\\' || raw[i + n] == ']')) {
                    sgft__buf_putc(&part[k], raw[i + n]);
                    i += n + 1;
                } else {
                    sgft__buf_putc(&part[k], '\\');
                    i += n;
                }
                continue;
            }
            n = n ? n : 1;
            sgft__buf_put(&part[k], raw + i, n);
            i += n;
            continue;
        }
        if (c == ':' && split && k == 0) {
            k = 1;
            i++;
            continue;
        }
        if (c != '\\') {
            sgft__buf_putc(&part[k], (char)c);
            i++;
            continue;
        }
        if (i + 1 >= len)
            break; /* a lone '\\' at the end: dropped */
        if (!utf8 && (unsigned char)raw[i + 1] >= 0x80) {
            /* an escaped double-byte character: all of it */
            size_t n = char_len(cd, raw + i + 1, len - i - 1);
            n = n ? n : 1;
            sgft__buf_put(&part[k], raw + i + 1, n);
            i += 1 + n;
            continue;
        }
        if (raw[i + 1] == '\n' || raw[i + 1] == '\r') {
            /* soft line break: both removed (LF CR and CR LF are one) */
            i += 2;
            if (i < len && (raw[i] == '\n' || raw[i] == '\r') && raw[i] != raw[i - 1])
                i++;
            continue;
        }
        sgft__buf_putc(&part[k], raw[i + 1]);
        i += 2;
    }
    return k + 1;
}

/* Converts a raw value of an ASCII-compatible charset to UTF-8 SGF text
 * in out: the escapes resolved (unescape_chars), the text converted and
 * escaped again in UTF-8, each part of a composed value on its own.
 * Returns the count of invalid byte runs (their offsets in bad[], in the
 * unescaped text). */
static size_t convert_value(iconv_t cd, bool utf8, const prop *p,
                            const char *raw, size_t len, buf *out,
                            uint64_t *bad, size_t max_bad) {
    bool split = composed(p);
    buf part[2], text;
    sgft__buf_init(&part[0]);
    sgft__buf_init(&part[1]);
    sgft__buf_init(&text);
    int parts = unescape_chars(cd, utf8, raw, len, split, part);
    size_t runs = 0;
    for (int k = 0; k < parts; k++) {
        text.len = 0;
        runs += sgft__dec_convert(cd, utf8 ? DEC_UTF8 : DEC_ICONV, part[k].data ? part[k].data : "", part[k].len,
                        true, &text, NULL, bad + (runs < max_bad ? runs : max_bad),
                        runs < max_bad ? max_bad - runs : 0, NULL);
        if (k)
            sgft__buf_putc(out, ':');
        sgft__escape_kept(out, text.data ? text.data : "", text.len, split);
    }
    out->oom |= text.oom || part[0].oom || part[1].oom;
    sgft__buf_free(&part[0]);
    sgft__buf_free(&part[1]);
    sgft__buf_free(&text);
    if (!utf8)
        iconv(cd, NULL, NULL, NULL, NULL);
    return runs;
}

int sgft__decode_tree(sgft_ctx *ctx, game_tree *tree) {
    node *root = tree->root;
    char name[64] = "";
    prop *ca = sgft__prop_find(root, P_CA);
    ctx->sniffed_ca[0] = '\0';
    if (ctx->opt.encoding[0]) {
        sgft__charset_normalize(ctx->opt.encoding, strlen(ctx->opt.encoding), name, sizeof name);
    } else if (ca && ca->values) {
        buf b;
        sgft__buf_init(&b);
        sgft__text_decode(&b, value_bytes(ctx, ca->values), ca->values->len,
                          true, SGFT_LB_HARD);
        const char *declared = b.data ? b.data : "";
        if (!sgft__charset_normalize(declared, b.len, name, sizeof name) || !sgft__iconv_knows(name)) {
            sgft__copy_str(ctx->sniffed_ca, sizeof ctx->sniffed_ca, declared);
            name[0] = '\0';
        } else if (!sgft__dec_is_wide(name)) {
            /* ISO-2022-JP or UTF-8 under another CA, a Latin CA over
             * double-byte text or windows-1252, a CA that does not read
             * the text where another one does (104). */
            buf text;
            sgft__buf_init(&text);
            sgft__dec_tree_text(ctx, root, &text);
            const char *t = text.data ? text.data : "";
            detect_result g;
            if (sgft__dec_jis_over(name, t, text.len)) {
                sgft__dec_read_as(ctx, declared, DEC_AS_JIS, true, ca->off);
                snprintf(name, sizeof name, "ISO-2022-JP");
            } else if (sgft__dec_utf8_instead(name, t, text.len, true)) {
                sgft__dec_read_as(ctx, declared, DEC_AS_UTF8, true, ca->off);
                snprintf(name, sizeof name, "UTF-8");
            } else if (sgft__dec_mislabel(ctx, declared, name, sizeof name, t,
                                          text.len, true, true, ca->off)) {
                /* name is what the text is read as */
            } else if (sgft__dec_c1_of_1252(name, t, text.len)) {
                sgft__dec_read_as(ctx, declared, DEC_AS_1252, true, ca->off);
                snprintf(name, sizeof name, "CP1252");
            } else if (!sgft__dec_decodes_cleanly(name, t, text.len, true) &&
                       sgft__dec_other_reads(ctx, name, t, text.len, true, &g)) {
                sgft__dec_mislabelled(ctx, declared, &g, true, ca->off);
                sgft__copy_str(name, sizeof name, g.name);
            }
            sgft__buf_free(&text);
        }
        sgft__buf_free(&b);
    }
    if (!name[0] && ctx->opt.default_encoding[0])
        sgft__charset_normalize(ctx->opt.default_encoding, strlen(ctx->opt.default_encoding),
                  name, sizeof name);
    if (!name[0]) {
        buf text;
        sgft__buf_init(&text);
        sgft__dec_tree_text(ctx, root, &text);
        if (sgft__dec_jis_text(text.data ? text.data : "", text.len)) {
            snprintf(name, sizeof name, "ISO-2022-JP");
            report r = {0};
            r.detail = "ISO-2022-JP (its escape sequences)";
            sgft__report(ctx, M_CHARSET_DETECTED, true, root->off, &r);
        } else if (sgft__dec_decodes_cleanly("UTF-8", text.data ? text.data : "", text.len, true)) {
            snprintf(name, sizeof name, "UTF-8");
        } else {
            char detail[160];
            detect_result g;
            if (sgft__detect_charset(ctx, text.data, text.len, true, &g)) {
                sgft__copy_str(name, sizeof name, g.name);
                sgft__dec_detected_detail(&g, detail, sizeof detail);
            } else {
                memset(&g, 0, sizeof g);
                snprintf(name, sizeof name, "ISO-8859-1");
                snprintf(detail, sizeof detail, "ISO-8859-1 (no better guess)");
            }
            report r = {0};
            r.detail = detail;
            sgft__report(ctx, M_CHARSET_DETECTED, true, root->off, &r);
            sgft__dec_report_close(ctx, &g, true, root->off);
        }
        sgft__buf_free(&text);
    }
    if (ctx->sniffed_ca[0]) {
        report r = {0};
        r.value = ctx->sniffed_ca;
        r.detail = name;
        sgft__report(ctx, M_UNKNOWN_CA, true, ca->off, &r);
    }
    /* 74 for each tree in another charset than the tree before it, at
     * its CA (as SGFC); ctx->charset follows the trees. */
    if (tree->index > 1 && strcmp(ctx->charset, name) != 0)
        sgft__report(ctx, M_MIXED_ENCODINGS, true,
                     sgft__root_prop_pos(tree, P_CA), NULL);
    sgft__copy_str(ctx->charset, sizeof ctx->charset, name);
    bool utf8 = sgft__dec_is_utf8_name(name);
    bool wide = sgft__dec_is_wide(name);
    /* ISO-2022-JP and the like: the bytes of a character are ASCII
     * bytes, and a value that is all ASCII may hold characters. */
    bool stateful = sgft__dec_is_stateful(name);
    iconv_t cd = utf8 ? (iconv_t)-1 : iconv_open("UTF-8", name);
    if (!utf8 && cd == (iconv_t)-1)
        return 0;
    buf out;
    sgft__buf_init(&out);
    int st = 0;
    for (node *n = root; n && !st; n = sgft__node_next_preorder(n))
        for (prop *p = n->props; p && !st; p = p->next)
            for (value *v = p->values; v && !st; v = v->next) {
                const char *s = value_bytes(ctx, v);
                bool ascii = true, nul = false;
                for (size_t i = 0; i < v->len; i++) {
                    ascii &= (unsigned char)s[i] < 0x80;
                    nul |= s[i] == '\0';
                }
                if (ascii && (!nul || !wide) &&
                    !(stateful && memchr(s, '\x1B', v->len))) {
                    /* Nothing to convert; a NUL is a NUL (22). */
                    if (nul && !v->text)
                        nul_to_space(ctx, p, (char *)s, v->len, v->off);
                    continue;
                }
                enum { MAX_BAD = 16 };
                uint64_t bad[MAX_BAD];
                size_t runs;
                out.len = 0;
                if (wide || stateful) {
                    /* Not ASCII-compatible: the escapes are characters of
                     * the charset too, read after the conversion; each
                     * value starts in the initial state. */
                    iconv(cd, NULL, NULL, NULL, NULL);
                    runs = sgft__dec_convert(cd, utf8 ? DEC_UTF8 : DEC_ICONV, s, v->len, true, &out, NULL, bad,
                                   MAX_BAD, NULL);
                } else {
                    runs = convert_value(cd, utf8, p, s, v->len, &out, bad,
                                         MAX_BAD);
                }
                for (size_t i = 0; i < runs && i < MAX_BAD; i++) {
                    char off[32];
                    snprintf(off, sizeof off, "%llu",
                             (unsigned long long)(v->off + bad[i]));
                    report r = {0};
                    r.value = name;
                    r.detail = off;
                    sgft__report(ctx, M_INVALID_BYTES, false, 0, &r);
                }
                char *t = sgft__arena_strndup(&ctx->tree_arena,
                                              out.data ? out.data : "", out.len);
                if (!t || out.oom) {
                    st = SGFT_ENOMEM;
                    break;
                }
                /* A NUL of the converted text is where it was in the
                 * input when the text before it came through unchanged;
                 * otherwise 22 names the value's start (the base is set
                 * back so that the first NUL lands there). */
                const char *z = memchr(t, '\0', out.len);
                size_t k = z ? (size_t)(z - t) : 0;
                if (z)
                    nul_to_space(ctx, p, t, out.len,
                                 k <= v->len && memcmp(t, s, k) == 0
                                     ? v->off
                                     : v->off - (uint64_t)k);
                v->text = t;
                v->len = out.len;
                v->flags = 0;
            }
    sgft__buf_free(&out);
    if (!utf8)
        iconv_close(cd);
    return st;
}
