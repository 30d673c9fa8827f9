/* parse.c - the SGF syntax, with recovery: the first stage of reading.
 *
 * Reads the input through the window of input.c and pushes events (a
 * tree begins, a node, a property, a value, the tree ends) to its
 * consumer (parse.h), which builds trees of them (tree_build.c), hands
 * them to the event API (parse_events.c) or looks for a CA
 * (decode_sniff.c).  One grammar: the nodes of one move that most
 * records are made of are only read in one step (read_node).
 * The input of a tree is released once the tree has ended and the
 * consumer lets the parser go on.  The text outside the trees is read by
 * parse_outside.c.  Every syntax fault is reported once, with the message
 * number SGFC uses, at the offset where the recovery was decided.
 * Nesting is kept in an explicit stack of depths: no recursion, whatever
 * the depth of the variations.  It calls the input, the scanning of
 * values (parse_scan.c), salvage.c, the property table and its report
 * sink; nothing that consumes its events. */
#include "foreign.h"
#include "prop_long.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Pushes ev to the consumer's fn; false once the parse has failed. */
static inline bool emit(parser *p, event_fn fn, const event *ev) {
    int st = fn(p->sink_data, ev);
    if (st < 0) {
        if (!p->status)
            p->status = st;
        return false;
    }
    if (st > 0)
        p->paused = true;
    return !p->status;
}

/* --- the stack of open variations -------------------------------------- */

static frame *top(parser *p) { return &p->stack[p->depth - 1]; }

static bool has_last(const frame *f) { return f->ldepth >= 0; }

static bool push(parser *p, long pdepth, uint64_t off) {
    if (p->depth == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 8;
        frame *s = realloc(p->stack, cap * sizeof *s);
        if (!s) {
            oom(p);
            return false;
        }
        p->stack = s;
        p->cap = cap;
    }
    p->stack[p->depth].pdepth = pdepth;
    p->stack[p->depth].ldepth = -1;
    p->stack[p->depth].had_child = false;
    p->stack[p->depth].off = off;
    p->depth++;
    return true;
}

/* Adds the node ev (its offset, and its moves if it is a run of them) to
 * the sequence of the innermost variation; false when the parse failed. */
static bool add_node(parser *p, event *ev) {
    uint64_t off = ev->off;
    frame *f = top(p);
    if (f->had_child) {
        /* Node after the sub-variations: a '(' is missing (66). */
        report_at(p, M_NODE_AFTER_VARIATION, off, NULL);
        if (!push(p, f->ldepth, off))
            return false;
        f = top(p);
    }
    long depth = (has_last(f) ? f->ldepth : f->pdepth) + 1;
    f->ldepth = depth;
    p->ca_due = !p->has_root;
    p->has_root = true;
    ev->depth = (unsigned long)depth;
    return emit(p, p->sink->node, ev);
}

/* Makes sure there is a current node for a property: a missing ';' is
 * assumed (36 at the start of a game tree, 67 in a variation) and a
 * missing '(' too (66).  False when the parse failed. */
static bool assume_node(parser *p, uint64_t off) {
    frame *f = top(p);
    if (!has_last(f) && !f->had_child) {
        if (p->depth == 1 && !p->has_root) /* at the '(', as SGFC */
            report_at(p, M_MISSING_SEMICOLON, p->tree_off, NULL);
        else
            report_at(p, M_PAREN_NO_SEMICOLON, off, NULL);
    }
    event ev = {.off = off};
    return add_node(p, &ev);
}

/* The property of almost every identifier has its node: that case is
 * decided where the identifier is read, the rest by assume_node. */
static inline bool node_for_prop(parser *p, uint64_t off) {
    const frame *f = top(p);
    if (has_last(f) && !f->had_child)
        return true;
    return assume_node(p, off);
}

/* --- game trees -------------------------------------------------------- */

static void tree_begin(parser *p, uint64_t off) {
    p->has_root = false;
    p->tree_off = off;
    p->scan = sgft__scan_form(p->ctx, NULL, 0, 0);
    event ev = {.off = off};
    emit(p, p->sink->tree_begin, &ev);
}

/* The tree has ended: the consumer is told, and its input is released
 * now or, when the consumer keeps the tree (a pause), once it lets the
 * parser go on. */
static void tree_end(parser *p) {
    sgft__junk_flush(p);
    event ev = {.off = p->pos, .nodes = p->has_root};
    emit(p, p->sink->tree_end, &ev);
    if (p->paused)
        p->release_due = true;
    else
        sgft__input_release(p->in, p->pos);
}

static void open_paren(parser *p) {
    uint64_t off = p->pos;
    uint64_t at;
    int c2 = sgft__peek_nonws(p, 1, &at);
    sgft__junk_flush(p);
    if (p->depth == 0) {
        p->ignored_parens = 0;
        tree_begin(p, off);
        if (!push(p, -1, off))
            return;
        /* Illegal characters before the ';' (8 for them): 36 first, at
         * the '(', as SGFC. */
        if (c2 != ';' && c2 != '(' && c2 != ')' && c2 != '[' && c2 != EOF_CH &&
            !is_upper(c2))
            report_at(p, M_MISSING_SEMICOLON, off, NULL);
    } else {
        frame *f = top(p);
        if (!has_last(f)) {
            /* '(' where the first node should start (21). */
            report_at(p, M_PAREN_NOT_NODE, off, NULL);
            p->ignored_parens++;
            p->pos++;
            return;
        }
        if (c2 == ')') {
            report_at(p, M_EMPTY_VARIATION, off, NULL);
            p->pos += at + 1;
            return;
        }
        f->had_child = true;
        if (!push(p, f->ldepth, off))
            return;
    }
    p->pos++;
    if (is_upper(c2)) {
        /* Property right after '(': ';' assumed (36 or 67). */
        p->pos += at - 1;
        node_for_prop(p, p->pos);
    }
}

static void close_paren(parser *p) {
    sgft__junk_flush(p);
    frame *f = top(p);
    if (!has_last(f))
        report_at(p, M_EMPTY_VARIATION, f->off, NULL);
    p->depth--;
    p->pos++;
    if (p->depth == 0)
        tree_end(p);
}

/* --- properties and values --------------------------------------------- */

/* Message 108 when the text v[0..len) of pr looks like nodes swallowed
 * by a missing ']' (salvage.c says where). */
static void swallowed_nodes(parser *p, const parse_prop *pr, uint64_t start,
                            const char *v, size_t len) {
    size_t k = sgft__swallowed_nodes(v, len);
    if (k == len)
        return;
    report r = {0};
    char seen[24];
    size_t n = len - k < 16 ? len - k : 16;
    memcpy(seen, v + k, n);
    seen[n] = '\0';
    for (size_t q = 0; q < n; q++)
        if (seen[q] == '\n' || seen[q] == '\r' || !seen[q])
            seen[q] = ' ';
    r.prop = pr->name;
    r.detail = seen;
    report_at(p, M_TEXT_HOLDS_NODES, start + k, &r);
}

/* The value start..start+len of the input, of pr (none: dropped). */
static inline void add_value(parser *p, const parse_prop *pr, uint64_t start,
                             size_t len) {
    if (!pr)
        return;
    /* only what a value says is set (parse.h): the event of every
     * value is not cleared first */
    event ev;
    ev.off = start;
    ev.raw = in_ptr(p->in, start);
    ev.len = len;
    ev.own = false;
    emit(p, p->sink->value, &ev);
}

/* The NUL bytes of the value v[0..len) at start become spaces (22). */
static void nul_to_space(parser *p, const parse_prop *pr, char *v,
                         size_t len, uint64_t start) {
    size_t k = sgft__nul_to_space(pr != NULL, pr ? pr->id : P_UNKNOWN, v, len);
    if (k < len)
        report_at(p, M_NUL_BYTE, start + k, NULL);
}

/* Whether the ']' at i (absolute) belongs to the text of pr, as
 * salvage.c decides from the bytes after it (110).  *from..i is the part
 * of the text not counted yet in *open, its '[' left open. */
enum { BRACKET_LOOK = 4096 };
static bool bracket_in_text(parser *p, const parse_prop *pr, uint64_t *from,
                            long *open, uint64_t i) {
    input *in = p->in;
    const char *s = in_ptr(in, *from);
    size_t n = (size_t)(i - *from);
    if (*open == 0 && !memchr(s, '[', n))
        return false; /* the common text: no bracket at all */
    *open += sgft__text_brackets(s, n);
    *from = i;
    if (*open <= 0)
        return false;
    sgft__peek_at(p, i + 1 + BRACKET_LOOK - p->pos); /* fills the window */
    uint64_t end = in->win + in->len;
    size_t alen = (size_t)(end - (i + 1));
    if (alen > BRACKET_LOOK)
        alen = BRACKET_LOOK;
    if (!sgft__bracket_in_text(*open, in_ptr(in, i + 1), alen))
        return false;
    --*open;
    *from = i + 1;
    report r = {0};
    r.prop = pr->name;
    report_at(p, M_BRACKET_IN_TEXT, i, &r);
    return true;
}

/* The value start..start+len, ended by its ']', is read: it goes to the
 * consumer, and the CA of the root sets how the values after it are
 * scanned. */
static void value_read(parser *p, const parse_prop *pr, uint64_t start,
                       size_t len) {
    add_value(p, pr, start, len);
    if (pr && pr->id == P_CA && p->ca_due) {
        /* From here on the tree's values are read in its charset. */
        p->scan = sgft__scan_form(p->ctx, in_ptr(p->in, start), len, p->scan);
        p->ca_due = false;
    }
    p->pos = start + len + 1;
}

enum { SHORT_VALUE = 48 }; /* the bytes a value is first looked at */

/* The bytes of s[0..n) before the first ']', '\\', '[' or NUL (n if
 * none).  Eight at a time where the byte order is known: a root node's
 * values (names, dates, a server's address) are longer than a move, and
 * every file's root is read twice (the CA is looked for first). */
static inline size_t short_span(const char *s, size_t n) {
    size_t k = 0;
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t ones = UINT64_C(0x0101010101010101);
    const uint64_t highs = UINT64_C(0x8080808080808080);
    for (; n - k >= 8; k += 8) {
        uint64_t w;
        memcpy(&w, s + k, 8);
        /* a byte of w equal to c is a zero byte of w ^ c: the lowest
         * one found is exact (a borrow only marks bytes above it) */
        uint64_t a = w ^ (ones * ']'), b = w ^ (ones * '\\'),
                 c = w ^ (ones * '[');
        uint64_t hit = ((a - ones) & ~a) | ((b - ones) & ~b) |
                       ((c - ones) & ~c) | ((w - ones) & ~w);
        hit &= highs;
        if (hit)
            return k + (size_t)__builtin_ctzll(hit) / 8;
    }
#endif
    while (k < n && s[k] != ']' && s[k] != '\\' && s[k] != '[' && s[k])
        k++;
    return k;
}

/* Reads the value at pos ('['); returns false at the end of the input
 * or where the value was cut (107).  A value of pr (NULL: dropped). */
static bool read_value(parser *p, const parse_prop *pr) {
    input *in = p->in;
    uint64_t start = ++p->pos; /* after '[' */
    if (!p->scan) {
        /* A short value without escape, '[' or NUL, the value of most
         * properties (a point, a name, a number): what the loop and the
         * looks below find in it, at once, before its type is looked
         * up.  Any other goes on below. */
        const char *s = in_ptr(in, start);
        size_t avail = (size_t)(in->win + in->len - start);
        size_t n = avail < SHORT_VALUE ? avail : SHORT_VALUE;
        size_t k = short_span(s, n);
        if (k < n && s[k] == ']') {
            value_read(p, pr, start, k);
            return true;
        }
    }
    uint64_t i = start;
    uint64_t counted = start; /* a text's '[' are counted up to here */
    long open_brackets = 0;
    value_type vt = pr && pr->id != P_UNKNOWN
                        ? (value_type)sgft__props[pr->id].vt
                        : VT_NONE;
    bool text = vt == VT_TEXT || vt == VT_SIMPLETEXT;
    /* a type that holds no '[': its value ends at one that follows an
     * identifier (107), which the search of the ']' stops at */
    bool cuttable = pr && pr->id != P_UNKNOWN && !text && vt != VT_APP &&
                    vt != VT_LABEL && vt != VT_FIGURE;
    for (;;) {
        uint64_t end = in->win + in->len;
        if (i >= end) {
            if (sgft__peek_at(p, i - p->pos) == EOF_CH) {
                /* End of input inside the value (10): keep what was read. */
                report r = {0};
                r.detail = "inside a value";
                report_at(p, M_UNEXPECTED_EOF, start - 1, &r);
                p->eof_in_value = true;
                end = in->win + in->len;
                /* A '\' that escapes nothing is dropped: it would escape
                 * the ']' that closes the value when written. */
                size_t len = (size_t)(end - start) - (i > end ? 1 : 0);
                char *v = in->data + (size_t)(start - in->win);
                if (p->ctx->mode != 2) /* as below */
                    nul_to_space(p, pr, v, len, start);
                add_value(p, pr, start, len);
                p->pos = end;
                return false;
            }
            continue;
        }
        const char *s = in_ptr(in, i);
        size_t avail = (size_t)(end - i);
        if (p->scan) {
            /* Double-byte characters stepped over (-E2); one that the
             * window cuts waits for more input. */
            size_t k = sgft__value_scan(p->scan, s, avail,
                                        in->eof || in->error);
            i += k;
            if (k < avail && s[k] == ']')
                break;
            if (k < avail)
                sgft__peek_at(p, end - p->pos);
            continue;
        }
        /* Most values are short: their end is looked for byte by byte
         * first, memchr only for a long one. */
        const char *rb, *bs = NULL;
        size_t span, q = 0, lim = avail < 16 ? avail : 16;
        if (cuttable) {
            /* Not a long value of its own: one that ran on past a missing
             * ']' into SGF ends at the first '[' of what follows, not at
             * a ']' that may be far (or a ']' each time, quadratic).  Every
             * byte is looked at for it, whatever the pieces the input
             * comes in. */
            while (q < avail && s[q] != ']' && s[q] != '\\' && s[q] != '[')
                q++;
            if (q < avail && s[q] == '[') {
                size_t upto = (size_t)(i - start) + q + 1;
                i += q + 1;
                if (sgft__value_end(in_ptr(in, start), upto) < upto)
                    break; /* cut below, the rest read again */
                continue;
            }
            rb = q < avail && s[q] == ']' ? s + q : NULL;
            bs = q < avail && s[q] == '\\' ? s + q : NULL;
            span = q;
        } else {
            while (q < lim && s[q] != ']' && s[q] != '\\')
                q++;
            if (q < lim) {
                rb = s[q] == ']' ? s + q : NULL;
                bs = rb ? NULL : s + q;
                span = q;
            } else {
                rb = memchr(s, ']', avail);
                span = rb ? (size_t)(rb - s) : avail;
                bs = memchr(s, '\\', span);
            }
        }
        if (bs) {
            i += (uint64_t)(bs - s) + 2; /* skip the escaped character */
            continue;
        }
        if (!rb) {
            i = end;
            continue;
        }
        i += span;
        if (!text || !bracket_in_text(p, pr, &counted, &open_brackets, i))
            break;
        i++;
    }
    size_t len = (size_t)(i - start);
    char *v = in->data + (size_t)(start - in->win);
    /* '[' and NUL are looked for only when a byte is as low as '[':
     * never in a move of lowercase letters, the most common value. */
    bool open = false, nul = false, low = len > 8;
    for (size_t k = 0; k < len && !low; k++)
        low = (unsigned char)v[k] <= '[';
    if (low) {
        open = memchr(v, '[', len) != NULL;
        nul = memchr(v, '\0', len) != NULL;
    }
    if (open && pr && pr->id != P_UNKNOWN) {
        if (vt == VT_TEXT || vt == VT_SIMPLETEXT)
            swallowed_nodes(p, pr, start, v, len);
        else if (vt != VT_APP && vt != VT_LABEL && vt != VT_FIGURE) {
            size_t cut = sgft__value_end(v, len);
            if (cut < len) {
                /* The value ran into SGF (107): it ends where its own
                 * syntax ends, and the rest is read again. */
                report r = {0};
                r.prop = pr->name;
                /* An empty part shows as nothing (a length of 0 would
                 * have the slot read up to a NUL the input has not). */
                r.value = cut ? v : "";
                r.value_len = cut;
                char rest[24];
                size_t from = cut;
                while (from < len && is_ws(v[from]))
                    from++;
                /* The rest up to the next ']' (the value was read only
                 * as far as a '[' in it): from the input. */
                size_t n = 0;
                bool more = false, esc = false;
                for (uint64_t at = start + from;; at++) {
                    int c = sgft__peek_at(p, at - p->pos);
                    if (c == EOF_CH || (c == ']' && !esc))
                        break;
                    if (n == 16) {
                        more = true;
                        break;
                    }
                    esc = c == '\\' && !esc;
                    rest[n++] = c == '\n' || c == '\r' || !c ? ' ' : (char)c;
                }
                strcpy(rest + n, more ? "..." : "");
                v = in->data + (size_t)(start - in->win); /* it may move */
                r.value = cut ? v : "";
                r.detail = rest;
                report_at(p, M_VALUE_CUT, start + cut, &r);
                /* The NUL bytes of the part kept, as in any value (the
                 * rest is read again). */
                if (nul && p->ctx->mode != 2 &&
                    memchr(v, '\0', cut))
                    nul_to_space(p, pr, v, cut, start);
                add_value(p, pr, start, cut);
                p->pos = start + cut;
                return false;
            }
        }
    }
    /* With -E2 a NUL may belong to a character of the tree's charset
     * (UTF-16): it is looked at when the value is decoded. */
    if (nul && p->ctx->mode != 2)
        nul_to_space(p, pr, v, len, start);
    value_read(p, pr, start, len);
    return true;
}

/* Reads '[' values while they follow (white space between them). */
static void read_values(parser *p, const parse_prop *pr) {
    for (;;) {
        if (!read_value(p, pr))
            return;
        uint64_t at;
        int c = sgft__peek_nonws(p, 0, &at);
        if (c != '[')
            return;
        p->pos += at;
    }
}

/* A run of letters at pos, and the digits among them after the first
 * capital: "LZ2", "LZOP2" (LizzieYzy's second engine) are one private
 * property each, kept as written, where FF[4]'s PropIdent has capitals
 * only and SGFC reads the letters and deletes the digits (8).  Lowercase
 * letters are removed as SGFC does; digits before any capital are
 * illegal characters.  upper counts the characters kept: capitals and
 * digits. */
/* Reads the letters of an identifier at pos (see identifier()) and what
 * follows them up to the '[' of its first value, into name (upper
 * characters kept of total read).  False when no value follows (the
 * message is said) or the letters are junk. */
static bool read_identifier(parser *p, char *name, size_t *upper_,
                            size_t *total_) {
    uint64_t off = p->pos;
    size_t upper = 0, total = 0;
    int c;
    input *in = p->in;
    const char *s = in_ptr(in, off);
    if (in->win + in->len - off >= 3 && is_upper(s[0]) &&
        (s[1] == '[' || (is_upper(s[1]) && s[2] == '['))) {
        /* The identifier of most properties, "B[" or "PB[": what the
         * loop and the skips below find in it, taken at once. */
        *upper_ = *total_ = s[1] == '[' ? 1 : 2;
        /* both bytes, whatever the length: the second of "B[" is
         * overwritten by the NUL that ends the name (no call of memcpy
         * for one or two bytes) */
        name[0] = s[0];
        name[1] = s[1];
        p->pos += *upper_;
        sgft__junk_flush(p);
        return true;
    }
    while ((c = peek(p)) != EOF_CH && is_id_char(c, upper)) {
        if (!is_lower(c)) {
            if (upper < ID_MAX_LEN)
                name[upper] = (char)c;
            upper++;
        }
        total++;
        p->pos++;
    }
    *upper_ = upper;
    *total_ = total;
    if (upper == 0) {
        /* Lowercase letters not attached to an identifier are junk (8). */
        uint64_t end = p->pos;
        p->pos = off;
        for (; p->pos < end; p->pos++)
            sgft__junk_add(p, peek(p));
        return false;
    }
    sgft__junk_flush(p);
    uint64_t at;
    sgft__skip_id_junk(p);
    c = sgft__peek_nonws(p, 0, &at);
    if (c != '[') {
        report r = {0};
        char shown[ID_MAX_LEN + 4];
        size_t n = upper < ID_MAX_LEN ? upper : ID_MAX_LEN;
        memcpy(shown, name, n);
        shown[n] = '\0';
        r.prop = shown;
        if (c == EOF_CH) {
            r.detail = "after a property identifier";
            report_at(p, M_UNEXPECTED_EOF, off, &r);
            p->eof_in_value = true;
        } else {
            report_at(p, M_NO_VALUE, off, &r);
        }
        return false;
    }
    p->pos += at;
    return true;
}

/* The property of an identifier of total letters at off that had
 * lowercase letters, when it is the long name of an old program whose
 * capitals are not its identifier ("Komi" is KM, prop_long.c).  Out of
 * the way of the common path: the identifiers of today have none. */
static SGFT_COLD SGFT_NOINLINE prop_id long_name(parser *p, uint64_t off,
                                                 size_t total) {
    return sgft__prop_long(in_ptr(p->in, off), total);
}

static void identifier(parser *p) {
    uint64_t off = p->pos;
    bool had_last = p->has_last_prop;
    p->has_last_prop = false;
    char name[ID_MAX_LEN + 1];
    size_t upper, total;
    if (!read_identifier(p, name, &upper, &total)) {
        if (!upper) /* junk: the values after it are still the last's */
            p->has_last_prop = had_last;
        return;
    }
    uint64_t bracket = p->pos; /* of the first value */
    if (upper >= ID_MAX_LEN) {
        report r = {0};
        char count[24];
        snprintf(count, sizeof count, "%zu", upper);
        r.detail = count;
        report_at(p, M_ID_TOO_LONG, off, &r);
        read_values(p, NULL);
        return;
    }
    name[upper] = '\0';
    if (p->depth == 0)
        return; /* cannot happen: letters outside trees are junk */
    if (!node_for_prop(p, off))
        return;
    prop_id id = upper != total ? long_name(p, off, total) : P_UNKNOWN;
    if (id == P_UNKNOWN)
        id = sgft__prop_lookup(&p->ctx->pindex, name, upper);
    if (id == P_UNKNOWN)
        memcpy(p->name, name, upper + 1);
    parse_prop *pr = &p->last_prop;
    pr->id = id;
    pr->name = id != P_UNKNOWN ? sgft__props[id].id : p->name;
    event ev = {.off = off, .id = id, .name = pr->name,
                .lowercase = upper != total, .raw = in_ptr(p->in, off),
                .len = total};
    if (!emit(p, p->sink->prop, &ev))
        return;
    if (upper > 2) {
        report r = {0};
        r.prop = pr->name;
        report_at(p, M_ID_LONGER_THAN_TWO, bracket, &r); /* as SGFC */
    }
    read_values(p, pr);
    p->has_last_prop = true;
}

/* --- the main loop ----------------------------------------------------- */

/* Whether s (8 bytes readable) starts the node of most records, ";B[pd]"
 * or ";W[pd]" (two lowercase letters), with ';', '(' or ')' next (or
 * after one line break). */
static inline bool is_move(const char *s) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* ";B[", "]" at 5: the four fixed bytes in one comparison a colour */
    uint64_t w;
    memcpy(&w, s, 8);
    const uint64_t fixed = (uint64_t)';' | (uint64_t)'[' << 16 |
                           (uint64_t)']' << 40;
    uint64_t f = w & UINT64_C(0x0000FF0000FFFFFF);
    if (f != (fixed | (uint64_t)'B' << 8) && f != (fixed | (uint64_t)'W' << 8))
        return false;
    if (!is_lower(s[3]) || !is_lower(s[4]))
        return false;
#else
    if (s[0] != ';' || (s[1] != 'B' && s[1] != 'W') || s[2] != '[' ||
        !is_lower(s[3]) || !is_lower(s[4]) || s[5] != ']')
        return false;
#endif
    char next = s[6] == '\n' ? s[7] : s[6];
    return next == ';' || next == '(' || next == ')';
}

/* The node at pos (its ';').  The node of most records (is_move) is
 * read at once, with the nodes of that form after it: their bytes hold
 * nothing that the general path would report or repair, and they go out
 * as one node event that says what the events of each node, property
 * and value would (parse.h).  Any other node is made here and its
 * properties are left to the general path (identifier, read_values). */
static void read_node(parser *p) {
    input *in = p->in;
    uint64_t off = p->pos;
    const char *s = in_ptr(in, off);
    const char *end = in->data + in->len;
    if (p->scan || end - s < 8 || !is_move(s)) {
        event ev = {.off = off};
        add_node(p, &ev);
        p->pos++;
        return;
    }
    event ev = {.off = off, .raw = s, .move = p->moves};
    bool root = !p->has_root;
    /* counted in a local, the position set once: ev and p are seen by
     * the consumer, so their members would be stored for each move */
    size_t k = 0;
    move_node *moves = p->moves;
    for (;;) {
        moves[k].off = off;
        moves[k].id = s[1] == 'B' ? P_B : P_W;
        k++;
        /* the next node, a line break before it skipped */
        size_t t = s[6] == '\n' ? 7 : 6;
        if (k == MOVE_RUN || end - s < (ptrdiff_t)t + 8 || !is_move(s + t))
            break;
        s += t;
        off += t;
    }
    p->pos = off + 6;
    ev.moves = k;
    prop_id last = p->moves[ev.moves - 1].id;
    p->last_prop.id = last;
    p->last_prop.name = sgft__props[last].id;
    if (!add_node(p, &ev))
        return;
    /* the nodes after the first, each a child of the one before */
    top(p)->ldepth += (long)ev.moves - 1;
    p->ca_due = root && ev.moves == 1;
    p->has_last_prop = true;
}

/* The format of the input: a record of another format goes to its
 * reader (foreign.h) instead of the parser.  An input that starts with a
 * game tree is SGF, known without reading further. */
#define FORMAT_HEAD 4096
static rec_format format_at_start(parser *p) {
    uint64_t k = 0;
    if (sgft__peek_at(p, 0) == 0xEF && sgft__peek_at(p, 1) == 0xBB &&
        sgft__peek_at(p, 2) == 0xBF)
        k = 3;
    int c;
    while (is_ws(c = sgft__peek_at(p, k)))
        k++;
    if (c == '(' || c == EOF_CH)
        return FMT_SGF;
    sgft__peek_at(p, FORMAT_HEAD - 1);
    input *in = p->in;
    size_t avail = (size_t)(in->win + in->len - p->pos);
    return sgft__format_of(in_ptr(in, p->pos), avail);
}

int sgft__parser_run(parser *p) {
    p->paused = false;
    if (p->release_due) {
        p->release_due = false;
        sgft__input_release(p->in, p->pos);
    }
    if (p->finished || p->status)
        return p->status;
    if (!p->started) {
        p->started = true;
        rec_format fmt = format_at_start(p);
        if (fmt != FMT_SGF) {
            p->finished = true;
            return sgft__foreign_run(p, fmt);
        }
        if (!sgft__find_start(p)) {
            p->finished = true;
            if (!p->status && p->report_fn)
                p->report_fn(p->report_data, M_NO_SGF_DATA, false, 0, NULL);
            return p->status;
        }
        sgft__input_release(p->in, p->pos);
    }
    int c;
    while (!p->status && !p->paused && (c = peek(p)) != EOF_CH) {
        if (is_ws(c)) {
            sgft__skip_ws(p);
            continue;
        }
        if (c == '(') {
            p->has_last_prop = false;
            open_paren(p);
            continue;
        }
        if (p->depth == 0 && c == ')' && p->ignored_parens) {
            /* The ')' of a '(' ignored inside the tree (21). */
            p->ignored_parens--;
            p->pos++;
            continue;
        }
        if (p->depth == 0) {
            /* Outside game trees everything else is junk (8).  Once the
             * message has all the text it shows, the run is skipped up
             * to the next '('. */
            if (p->junk && p->junk_len > JUNK_KEEP && !p->ignored_parens) {
                input *in = p->in;
                const char *s = in_ptr(in, p->pos);
                size_t avail = (size_t)(in->win + in->len - p->pos);
                const char *q = memchr(s, '(', avail);
                p->pos += q ? (uint64_t)(q - s) : avail;
            } else {
                sgft__junk_add(p, c);
                p->pos++;
            }
            sgft__release_between_trees(p);
            continue;
        }
        if (c == ')') {
            p->has_last_prop = false;
            close_paren(p);
        } else if (c == ';') {
            p->has_last_prop = false;
            sgft__junk_flush(p);
            read_node(p);
        } else if (c == '[' && p->has_last_prop) {
            /* More values of the property before the illegal characters
             * (8), as SGFC has them. */
            sgft__junk_flush(p);
            read_values(p, &p->last_prop);
        } else if (c == '[') {
            /* Values without identifier (54): dropped. */
            sgft__junk_flush(p);
            report_at(p, M_VALUES_WITHOUT_ID, p->pos, NULL);
            read_values(p, NULL);
        } else if (is_upper(c) || is_lower(c)) {
            identifier(p);
        } else {
            sgft__junk_add(p, c);
            p->pos++;
        }
    }
    if (p->status)
        return p->status;
    if (p->paused)
        return 1;
    sgft__junk_flush(p);
    p->finished = true;
    if (p->depth > 0) {
        /* End of input inside a game tree (9): close it.  After an end
         * inside a property, 10 has said so already (as SGFC). */
        if (!p->eof_in_value)
            report_at(p, M_MISSING_PAREN, p->pos, NULL);
        p->depth = 0;
        tree_end(p);
        if (p->status)
            return p->status;
        if (p->paused)
            return 1;
    }
    return p->status;
}

/* The report sink of a parser that speaks: the context's. */
static void report_ctx(void *ctx, msg_id code, bool has_pos, uint64_t off,
                       const report *r) {
    sgft__report(ctx, code, has_pos, off, r);
}

void sgft__parser_init(parser *p, sgft_ctx *ctx, input *in,
                       const event_sink *sink, void *data) {
    memset(p, 0, offsetof(parser, junk_text)); /* (parse.h) */
    p->ctx = ctx;
    p->in = in;
    p->sink = sink;
    p->sink_data = data;
    p->report_fn = report_ctx;
    p->report_data = ctx;
    p->header = ctx->opt.keep_header ? &ctx->header : NULL;
}

parser *sgft__parser_new(sgft_ctx *ctx, const event_sink *sink,
                         void *data) {
    /* The last run's parser, if the context kept it, with its stack. */
    parser *p = ctx->spare_parser;
    frame *stack = NULL;
    size_t cap = 0;
    if (p) {
        ctx->spare_parser = NULL;
        stack = p->stack;
        cap = p->cap;
    } else if (!(p = malloc(sizeof *p))) {
        return NULL;
    }
    sgft__parser_init(p, ctx, &ctx->in, sink, data);
    p->stack = stack;
    p->cap = cap;
    return p;
}

void sgft__parser_fini(parser *p) {
    if (p->release_due)
        sgft__input_release(p->in, p->pos);
    free(p->stack);
    p->stack = NULL;
    p->cap = 0;
}

void sgft__parser_free(parser *p, sgft_ctx *ctx) {
    if (!p)
        return;
    if (p->release_due) {
        p->release_due = false;
        sgft__input_release(p->in, p->pos);
    }
    if (!ctx->spare_parser && p->cap * sizeof *p->stack <= SPARE_MAX) {
        ctx->spare_parser = p;
        return;
    }
    sgft__parser_fini(p);
    free(p);
}

void sgft__parser_release_spare(sgft_ctx *ctx) {
    if (ctx->spare_parser) {
        sgft__parser_fini(ctx->spare_parser);
        free(ctx->spare_parser);
    }
    ctx->spare_parser = NULL;
}
