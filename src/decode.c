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
 * gives way to what detection finds when that decodes cleanly (104).
 * -E2: the skeleton is parsed as bytes; the values of each game tree are
 * converted with that tree's charset (sgft__decode_tree): escapes
 * resolved character by character where the charset is ASCII-compatible,
 * the conversion first where it is not (UTF-16, UTF-32), NUL bytes last.
 * -E3: nothing is converted.
 * UTF-8 input is only validated, never passed through iconv.  Invalid
 * bytes become U+FFFD, one message 71 per run, with their byte offset.
 */
#include "config.h"

#include "internal.h"

#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEAD_MAX ((size_t)64 * 1024)
/* How far detection looks from the first non-ASCII byte on. */
#define LOOKAHEAD ((size_t)1024 * 1024)
/* ASCII bytes before the first other one that detection sees with it. */
#define CONTEXT ((size_t)32)
/* Below the usual mmap threshold: small files cost no page mapping. */
#define RAW_CHUNK ((size_t)32 * 1024)

static const char REPLACEMENT[3] = {'\xEF', '\xBF', '\xBD'}; /* U+FFFD */

static bool is_utf8_name(const char *name) { return strcmp(name, "UTF-8") == 0; }

#define iconv_knows sgft__iconv_knows

/* --- converting -------------------------------------------------------- */

/* Converts in[0..len) from charset cs (a normalized name iconv knows) to
 * UTF-8, appending to out; invalid bytes become U+FFFD.  bad[] (when not
 * NULL) gets the offsets of the first byte of each run of invalid bytes,
 * up to *nbad; the count of runs is returned.  final: the input ends here
 * (an incomplete sequence at the end is invalid); otherwise *used says how
 * much was consumed. */
static size_t convert(iconv_t cd, bool utf8, const char *in, size_t len,
                      bool final, buf *out, size_t *used, uint64_t *bad,
                      size_t max_bad) {
    size_t runs = 0, i = 0;
    bool in_run = false;
    while (i < len) {
        if (utf8) {
            /* Copy the longest valid stretch, then look at one character. */
            size_t j = i;
            while (j < len && (unsigned char)in[j] < 0x80)
                j++;
            if (j > i) {
                sgft__buf_put(out, in + i, j - i);
                i = j;
                in_run = false;
                continue;
            }
            unsigned char c = (unsigned char)in[i];
            size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            if (n > 1 && i + n > len && !final)
                break; /* wait for the rest of the character */
            if (n > 1 && i + n <= len && sgft__utf8_valid(in + i, n)) {
                sgft__buf_put(out, in + i, n);
                i += n;
                in_run = false;
                continue;
            }
        } else {
            char *ip = (char *)(in + i);
            size_t il = len - i;
            char tmp[4096];
            char *op = tmp;
            size_t ol = sizeof tmp;
            size_t r = iconv(cd, &ip, &il, &op, &ol);
            int err = r == (size_t)-1 ? errno : 0;
            sgft__buf_put(out, tmp, sizeof tmp - ol);
            size_t done = (size_t)(ip - (in + i));
            if (done)
                in_run = false;
            i += done;
            if (!err || err == E2BIG)
                continue;
            if (err == EINVAL && !final)
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
        if (!utf8)
            iconv(cd, NULL, NULL, NULL, NULL); /* reset the shift state */
    }
    if (used)
        *used = i;
    return runs;
}

/* Whether head decodes without an invalid byte in charset cs. */
static bool decodes_cleanly(const char *cs, const char *head, size_t len,
                            bool final) {
    bool utf8 = is_utf8_name(cs);
    iconv_t cd = utf8 ? (iconv_t)-1 : iconv_open("UTF-8", cs);
    if (!utf8 && cd == (iconv_t)-1)
        return false;
    buf out;
    sgft__buf_init(&out);
    size_t used;
    size_t runs = convert(cd, utf8, head, len, final, &out, &used, NULL, 0);
    sgft__buf_free(&out);
    if (!utf8)
        iconv_close(cd);
    return runs == 0;
}

/* --- choosing ---------------------------------------------------------------- */

/* Whether a text declared UTF-8 is UTF-8 with a few bad bytes rather than
 * another charset: at least as many valid multi-byte characters as runs
 * of invalid bytes. */
static bool mostly_utf8(const char *cs, const char *s, size_t len) {
    if (!is_utf8_name(cs))
        return false;
    size_t good = 0, bad = 0;
    bool in_bad = false;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            i++;
            in_bad = false;
            continue;
        }
        size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (n > 1 && i + n <= len && sgft__utf8_valid(s + i, n)) {
            good++;
            i += n;
            in_bad = false;
            continue;
        }
        bad += !in_bad;
        in_bad = true;
        i++;
    }
    return good >= bad;
}

/* The detail of messages 103 and 104: the charset and how sure. */
static void detected_detail(const detect_result *g, char *out, size_t size) {
    snprintf(out, size, "%s (confidence %d%%)", g->name, g->confidence);
}

/* Message 115 when another charset reads the text almost as well. */
static void report_close(sgft_ctx *ctx, const detect_result *g, bool has_pos,
                         uint64_t off) {
    if (!g->close[0])
        return;
    report r = {0};
    r.value = g->name;
    r.detail = g->close;
    sgft__report(ctx, M_CHARSET_CLOSE, has_pos, off, &r);
}

/* Message 104 for a CA[ISO-8859-1] or CA[windows-1252] over double-byte
 * text (sgft__detect_mislabelled), naming what it is read as. */
static void mislabelled(sgft_ctx *ctx, const char *ca, const detect_result *g,
                        bool has_pos, uint64_t off) {
    char detail[160], how[96];
    detected_detail(g, how, sizeof how);
    snprintf(detail, sizeof detail, "read as %s", how);
    report r = {0};
    r.value = ca;
    r.detail = detail;
    sgft__report(ctx, M_CA_MISMATCH, has_pos, off, &r);
    report_close(ctx, g, has_pos, off);
}

/* Gathers the bytes of the values of a tree: what detection should look
 * at (the skeleton is ASCII and says nothing about the charset). */
static void tree_text(sgft_ctx *ctx, node *root, buf *out) {
    for (node *n = root; n; n = sgft__node_next_preorder(n))
        for (prop *p = n->props; p; p = p->next)
            for (value *v = p->values; v; v = v->next) {
                sgft__buf_put(out, value_bytes(ctx, v), v->len);
                sgft__buf_putc(out, '\n');
            }
}

/* What the parser's events tell about the first game tree: the first
 * value of the first CA in its root node. */
typedef struct ca_sniff {
    unsigned long tree;  /* index of the first tree, 0 before it */
    unsigned long nodes; /* nodes of that tree so far */
    bool in_ca, found, past; /* past: the first tree has ended */
    char *out;
    size_t size;
} ca_sniff;

static void sniff_tree_begin(void *data, unsigned long index) {
    ca_sniff *s = data;
    if (!s->tree)
        s->tree = index;
}

static void sniff_node(void *data, unsigned long depth) {
    ca_sniff *s = data;
    (void)depth;
    s->nodes++;
}

static void sniff_property(void *data, const char *id) {
    ca_sniff *s = data;
    s->in_ca = !s->past && !s->found && s->nodes == 1 && strcmp(id, "CA") == 0;
}

static void sniff_value(void *data, const char *raw, size_t len) {
    ca_sniff *s = data;
    if (!s->in_ca)
        return;
    buf b;
    sgft__buf_init(&b);
    sgft__text_decode(&b, raw, len, true, SGFT_LB_HARD);
    snprintf(s->out, s->size, "%s", b.data ? b.data : "");
    sgft__buf_free(&b);
    s->in_ca = false;
    s->found = true;
}

static void sniff_tree_end(void *data) {
    ca_sniff *s = data;
    s->past = true;
    s->in_ca = false;
}

typedef struct mem_reader {
    const char *s;
    size_t len, pos;
} mem_reader;

static long mem_read(void *data, char *b, size_t cap) {
    mem_reader *m = data;
    size_t n = m->len - m->pos < cap ? m->len - m->pos : cap;
    memcpy(b, m->s + m->pos, n);
    m->pos += n;
    return (long)n;
}

/* The CA of the first game tree in head, as written ("" when none): the
 * parser's events over head, with the context's own input, before the
 * run reads it.  What the parser leaves in the context is put back: its
 * messages are not reported (nor counted), the text before the data (-k)
 * is read again by the real parse. */
static void sniff_ca(sgft_ctx *ctx, const char *head, size_t len, char *out,
                     size_t size) {
    static const sgft_events ev = {sniff_tree_begin, sniff_node,
                                   sniff_property, sniff_value,
                                   sniff_tree_end};
    ca_sniff s = {0};
    s.out = out;
    s.size = size;
    out[0] = '\0';
    sgft_summary sum = ctx->sum;
    sgft_diag_fn fn = ctx->diag_fn;
    size_t header = ctx->header.len;
    ctx->diag_fn = NULL;
    mem_reader m = {head, len, 0};
    sgft__input_init(&ctx->in, mem_read, &m);
    sgft__parse_events(ctx, &ev, &s);
    sgft__input_free(&ctx->in);
    ctx->diag_fn = fn;
    ctx->sum = sum;
    ctx->tree = NULL;
    ctx->header.len = header;
    if (ctx->header.data)
        ctx->header.data[header] = '\0';
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
    char ca[64];
    sniff_ca(ctx, head, len, ca, sizeof ca);
    ctx->sniffed_ca[0] = '\0';
    if (ca[0]) {
        report r = {0};
        r.value = ca;
        detect_result g;
        if (!sgft__charset_normalize(ca, strlen(ca), name, size) || !iconv_knows(name)) {
            snprintf(ctx->sniffed_ca, sizeof ctx->sniffed_ca, "%s", ca);
        } else if (sgft__detect_mislabelled(head, len, final, name, &g)) {
            mislabelled(ctx, ca, &g, false, 0);
            snprintf(name, size, "%s", g.name);
            return true;
        } else if (decodes_cleanly(name, head, len, final) ||
                   mostly_utf8(name, head, len)) {
            return true;
        } else if (sgft__detect_charset(head, len, final, &g) &&
                   strcmp(g.name, name) != 0 &&
                   decodes_cleanly(g.name, head, len, final)) {
            char detail[160], how[96];
            detected_detail(&g, how, sizeof how);
            snprintf(detail, sizeof detail, "read as %s", how);
            r.detail = detail;
            sgft__report(ctx, M_CA_MISMATCH, false, 0, &r);
            report_close(ctx, &g, false, 0);
            snprintf(name, size, "%s", g.name);
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
    if (decodes_cleanly("UTF-8", s, len, final)) {
        snprintf(name, size, "UTF-8");
        return;
    }
    report r = {0};
    char detail[160];
    detect_result g;
    if (sgft__detect_charset(s, len, final, &g)) {
        snprintf(name, size, "%s", g.name);
        detected_detail(&g, detail, sizeof detail);
    } else {
        memset(&g, 0, sizeof g);
        snprintf(name, size, "ISO-8859-1");
        snprintf(detail, sizeof detail,
                 "ISO-8859-1, the default of the format (no better guess)");
    }
    r.detail = detail;
    sgft__report(ctx, M_CHARSET_DETECTED, false, 0, &r);
    report_close(ctx, &g, false, 0);
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
    uint64_t raw_off; /* input offset of raw[start] */
    bool eof;
    int err;
    iconv_t cd;
    bool utf8;
    buf pending; /* converted bytes not yet handed out */
    size_t pending_pos;
    bool decided; /* until then, ASCII is handed out as it is */
};

/* Reads raw input until at least want bytes are pending or it ends. */
static bool fill_raw(decoder *d, size_t want) {
    while (!d->eof && d->end - d->start < want) {
        if (d->start > 0) {
            memmove(d->raw, d->raw + d->start, d->end - d->start);
            d->end -= d->start;
            d->start = 0;
        }
        if (d->cap - d->end < RAW_CHUNK) {
            size_t cap = d->cap ? d->cap * 2 : RAW_CHUNK * 2;
            char *p = realloc(d->raw, cap);
            if (!p) {
                d->err = ENOMEM;
                return false;
            }
            d->raw = p;
            d->cap = cap;
        }
        long n = d->read(d->read_data, d->raw + d->end, d->cap - d->end);
        if (n < 0) {
            d->err = errno;
            return false;
        }
        if (n == 0)
            d->eof = true;
        d->end += (size_t)n;
    }
    return true;
}

static void report_bad(decoder *d, const uint64_t *bad, size_t runs,
                       size_t max) {
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
    d->utf8 = is_utf8_name(d->ctx->charset);
    d->cd = (iconv_t)-1;
    if (d->utf8)
        return true;
    d->cd = iconv_open("UTF-8", d->ctx->charset);
    if (d->cd != (iconv_t)-1)
        return true;
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
        enum { MAX_BAD = 64 };
        uint64_t bad[MAX_BAD];
        size_t used = 0;
        size_t runs = convert(d->cd, d->utf8, d->raw + d->start,
                              d->end - d->start, d->eof, &d->pending, &used,
                              bad, MAX_BAD);
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
    decoder *d = calloc(1, sizeof *d);
    *status = SGFT_ENOMEM;
    if (!d)
        return NULL;
    d->ctx = ctx;
    d->read = rd;
    d->read_data = data;
    sgft__buf_init(&d->pending);
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
    free(d->raw);
    sgft__buf_free(&d->pending);
    free(d);
}

/* --- per game tree (-E2) ------------------------------------------------- */

/* -E2 reads the skeleton as bytes, but the values of a tree in Shift_JIS,
 * Big5 or GBK are scanned in characters (sgft__value_scan): a trail byte
 * 0x5C or 0x5D of a double-byte character is neither '\\' nor ']'.  The
 * parser asks which form holds for the current tree (sgft__scan_form) at
 * its start and once the first value of the root's CA is complete. */

/* The form of the values of charset name (normalized): SCAN_BYTES when no
 * trail byte is in the ASCII range of '\\' and ']'. */
static int form_of(const char *name) {
    static const struct {
        const char *name;
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
    if (o->encoding_mode != 2)
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
                     iconv_knows(name);
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
    if (k == len && !final && k < LOOK)
        return -1;
    if (k == len || k >= LOOK)
        return k == len || id == k; /* the end, or only white space */
    char c = s[k];
    if (k > id)
        return c == '[';
    return c == ';' || c == '(' || c == ')' || c == '[';
}

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


/* Charsets that are not ASCII-compatible: their characters hold bytes
 * of '\\', ']' and NUL that are not those characters. */
static bool is_wide(const char *name) {
    static const char *const wide[] = {"UTF-16", "UTF16", "UTF-32", "UTF32",
                                       "UCS-2", "UCS2", "UCS-4", "UCS4",
                                       "UNICODE"};
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++)
        if (strncmp(name, wide[i], strlen(wide[i])) == 0)
            return true;
    return false;
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
        runs += convert(cd, utf8, part[k].data ? part[k].data : "", part[k].len,
                        true, &text, NULL, bad + (runs < max_bad ? runs : max_bad),
                        runs < max_bad ? max_bad - runs : 0);
        if (k)
            sgft__buf_putc(out, ':');
        sgft__escape(out, text.data ? text.data : "", text.len, split);
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
        if (!sgft__charset_normalize(declared, b.len, name, sizeof name) || !iconv_knows(name)) {
            snprintf(ctx->sniffed_ca, sizeof ctx->sniffed_ca, "%s", declared);
            name[0] = '\0';
        } else if (strcmp(name, "ISO-8859-1") == 0 || strcmp(name, "CP1252") == 0) {
            /* A Latin CA over double-byte text (104). */
            buf text;
            sgft__buf_init(&text);
            tree_text(ctx, root, &text);
            detect_result g;
            if (sgft__detect_mislabelled(text.data ? text.data : "", text.len,
                                         true, name, &g)) {
                mislabelled(ctx, declared, &g, true, ca->off);
                snprintf(name, sizeof name, "%s", g.name);
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
        tree_text(ctx, root, &text);
        if (decodes_cleanly("UTF-8", text.data ? text.data : "", text.len, true)) {
            snprintf(name, sizeof name, "UTF-8");
        } else {
            char detail[160];
            detect_result g;
            if (sgft__detect_charset(text.data, text.len, true, &g)) {
                snprintf(name, sizeof name, "%s", g.name);
                detected_detail(&g, detail, sizeof detail);
            } else {
                memset(&g, 0, sizeof g);
                snprintf(name, sizeof name, "ISO-8859-1");
                snprintf(detail, sizeof detail, "ISO-8859-1 (no better guess)");
            }
            report r = {0};
            r.detail = detail;
            sgft__report(ctx, M_CHARSET_DETECTED, true, root->off, &r);
            report_close(ctx, &g, true, root->off);
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
    snprintf(ctx->charset, sizeof ctx->charset, "%s", name);
    bool utf8 = is_utf8_name(name);
    bool wide = is_wide(name);
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
                if (ascii && (!nul || !wide)) {
                    /* Nothing to convert; a NUL is a NUL (22). */
                    if (nul && !v->text)
                        sgft__nul_to_space(ctx, p, (char *)s, v->len, v->off);
                    continue;
                }
                enum { MAX_BAD = 16 };
                uint64_t bad[MAX_BAD];
                size_t runs;
                out.len = 0;
                if (wide) {
                    /* Not ASCII-compatible: the escapes are characters of
                     * the charset too, read after the conversion. */
                    runs = convert(cd, utf8, s, v->len, true, &out, NULL, bad,
                                   MAX_BAD);
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
                    sgft__nul_to_space(ctx, p, t, out.len,
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
