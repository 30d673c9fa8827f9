/* parse.c - the SGF syntax, with recovery.
 *
 * Reads the input through the window of input.c and builds one game tree
 * at a time in the context's arena (or, for the event API, calls the
 * events instead); each complete tree goes to the tree_done callback or
 * out of the reader, then its memory and input bytes are released.  The
 * text outside the trees is read by parse_outside.c.
 * Every syntax fault is reported once, with the message number SGFC uses,
 * at the offset where the recovery was decided.  Nesting is kept in an
 * explicit stack: no recursion, whatever the depth of the variations.
 */
#include "parse.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the stack of open variations -------------------------------------- */

static frame *top(parser *p) { return &p->stack[p->depth - 1]; }

static bool push(parser *p, node *parent, long pdepth, uint64_t off) {
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
    p->stack[p->depth].parent = parent;
    p->stack[p->depth].last = NULL;
    p->stack[p->depth].pdepth = pdepth;
    p->stack[p->depth].ldepth = -1;
    p->stack[p->depth].has_last = false;
    p->stack[p->depth].had_child = false;
    p->stack[p->depth].off = off;
    p->depth++;
    return true;
}

/* Adds a node to the sequence of the innermost variation; false when out
 * of memory. */
static bool add_node(parser *p, uint64_t off) {
    frame *f = top(p);
    if (f->had_child) {
        /* Node after the sub-variations: a '(' is missing (66). */
        report_at(p, M_NODE_AFTER_VARIATION, off, NULL);
        if (!push(p, f->last, f->ldepth, off))
            return false;
        f = top(p);
    }
    if (p->ev) {
        long depth = (f->has_last ? f->ldepth : f->pdepth) + 1;
        if (!p->has_root && p->ev->tree_begin)
            p->ev->tree_begin(p->ev_data, p->tree.index);
        if (p->ev->node)
            p->ev->node(p->ev_data, (unsigned long)depth);
        f->ldepth = depth;
    } else {
        node *parent = f->has_last ? f->last : f->parent;
        node *n = sgft__node_new(p->ctx, parent, off);
        if (!n) {
            oom(p);
            return false;
        }
        if (!parent)
            p->tree.root = n;
        f->last = n;
    }
    p->ca_due = !p->has_root;
    p->has_root = true;
    f->has_last = true;
    return true;
}

/* Makes sure there is a current node for a property: a missing ';' is
 * assumed (36 at the start of a game tree, 67 in a variation) and a
 * missing '(' too (66).  The node is top(p)->last; false when out of
 * memory. */
static bool node_for_prop(parser *p, uint64_t off) {
    frame *f = top(p);
    if (f->has_last && !f->had_child)
        return true;
    if (!f->has_last && !f->had_child) {
        if (p->depth == 1 && !p->has_root) /* at the '(', as SGFC */
            report_at(p, M_MISSING_SEMICOLON, p->tree.off, NULL);
        else
            report_at(p, M_PAREN_NO_SEMICOLON, off, NULL);
    }
    return add_node(p, off);
}

/* --- game trees -------------------------------------------------------- */

static void tree_begin(parser *p, uint64_t off) {
    p->tree.root = NULL;
    p->has_root = false;
    p->tree.off = off;
    p->tree.index = (unsigned)p->ctx->sum.trees + 1;
    p->tree.ff = 1;
    p->tree.gm = 1;
    p->ctx->tree = &p->tree;
    p->scan = sgft__scan_form(p->ctx, NULL, 0, 0);
}

/* Frees the memory and the input of the tree just read. */
static void release_tree(parser *p) {
    p->ctx->tree = NULL;
    sgft__arena_reset(&p->ctx->tree_arena);
    sgft__input_release(p->in, p->pos);
}

/* Hands a finished tree on (to the callback, to the events, or out of
 * the reader) and releases it. */
static void tree_end(parser *p) {
    sgft__junk_flush(p);
    if (p->has_root) {
        p->ctx->sum.trees++;
        if (p->ev) {
            if (p->ev->tree_end)
                p->ev->tree_end(p->ev_data);
        } else if (p->pull) {
            p->ready = true; /* released by the next sgft__parser_next */
            return;
        } else {
            int st = p->done(p->ctx, &p->tree);
            if (st && !p->status)
                p->status = st;
        }
    }
    release_tree(p);
}

static void open_paren(parser *p) {
    uint64_t off = p->pos;
    uint64_t at;
    int c2 = sgft__peek_nonws(p, 1, &at);
    sgft__junk_flush(p);
    if (p->depth == 0) {
        p->ignored_parens = 0;
        tree_begin(p, off);
        if (!push(p, NULL, -1, off))
            return;
        /* Illegal characters before the ';' (8 for them): 36 first, at
         * the '(', as SGFC. */
        if (c2 != ';' && c2 != '(' && c2 != ')' && c2 != '[' && c2 != EOF_CH &&
            !is_upper(c2))
            report_at(p, M_MISSING_SEMICOLON, off, NULL);
    } else {
        frame *f = top(p);
        if (!f->has_last) {
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
        if (!push(p, f->last, f->ldepth, off))
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
    if (!f->has_last)
        report_at(p, M_EMPTY_VARIATION, f->off, NULL);
    p->depth--;
    p->pos++;
    if (p->depth == 0)
        tree_end(p);
}

/* --- properties and values --------------------------------------------- */

/* Message 108 when the text v[0..len) of pr looks like nodes swallowed
 * by a missing ']' (salvage.c says where). */
static void swallowed_nodes(parser *p, prop *pr, uint64_t start,
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

/* Adds the value start..start+len of the input to pr (none: dropped). */
static inline void add_value(parser *p, prop *pr, uint64_t start,
                             size_t len) {
    if (!pr)
        return;
    if (p->ev) {
        if (p->ev->value)
            p->ev->value(p->ev_data, in_ptr(p->in, start), len);
    } else if (!sgft__value_add(p->ctx, pr, start, len)) {
        oom(p);
    }
}

/* Whether the ']' at i (absolute) belongs to the text of pr, as
 * salvage.c decides from the bytes after it (110).  *from..i is the part
 * of the text not counted yet in *open, its '[' left open. */
enum { BRACKET_LOOK = 4096 };
static bool bracket_in_text(parser *p, prop *pr, uint64_t *from,
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

/* Reads the value at pos ('['); returns false at the end of the input.
 * When p_ is not NULL the value is added to it. */
static bool read_value(parser *p, prop *pr) {
    input *in = p->in;
    uint64_t start = ++p->pos; /* after '[' */
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
                if (p->ctx->opt.encoding_mode != 2) /* as below */
                    sgft__nul_to_space(p->ctx, pr, v, len, start);
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
                if (nul && p->ctx->opt.encoding_mode != 2 &&
                    memchr(v, '\0', cut))
                    sgft__nul_to_space(p->ctx, pr, v, cut, start);
                add_value(p, pr, start, cut);
                p->pos = start + cut;
                return false;
            }
        }
    }
    /* With -E2 a NUL may belong to a character of the tree's charset
     * (UTF-16): it is looked at when the value is decoded. */
    if (nul && p->ctx->opt.encoding_mode != 2)
        sgft__nul_to_space(p->ctx, pr, v, len, start);
    add_value(p, pr, start, len);
    if (pr && pr->id == P_CA && p->ca_due) {
        /* From here on the tree's values are read in its charset. */
        p->scan = sgft__scan_form(p->ctx, v, len, p->scan);
        p->ca_due = false;
    }
    p->pos = i + 1;
    return true;
}

void sgft__nul_to_space(sgft_ctx *ctx, const prop *pr, char *v, size_t len,
                        uint64_t off) {
    char *nul = memchr(v, '\0', len);
    if (!nul)
        return;
    /* Reported for text (and unknown) values; in other values the space
     * is removed by the value's check. */
    value_type vt = pr && pr->id != P_UNKNOWN ? (value_type)sgft__props[pr->id].vt
                                              : VT_TEXT;
    if (pr && (vt == VT_TEXT || vt == VT_SIMPLETEXT || vt == VT_APP ||
               vt == VT_LABEL || vt == VT_FIGURE))
        sgft__report(ctx, M_NUL_BYTE, true, off + (uint64_t)(nul - v), NULL);
    for (; nul; nul = memchr(nul, '\0', len - (size_t)(nul - v)))
        *nul = ' ';
}

/* Reads '[' values while they follow (white space between them). */
static void read_values(parser *p, prop *pr) {
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
static void identifier(parser *p) {
    uint64_t off = p->pos;
    prop *last = p->last_prop;
    p->last_prop = NULL;
    char name[ID_MAX_LEN + 1];
    size_t upper = 0, total = 0;
    int c;
    while ((c = peek(p)) != EOF_CH && is_id_char(c, upper)) {
        if (!is_lower(c)) {
            if (upper < ID_MAX_LEN)
                name[upper] = (char)c;
            upper++;
        }
        total++;
        p->pos++;
    }
    if (upper == 0) {
        /* Lowercase letters not attached to an identifier are junk (8). */
        uint64_t end = p->pos;
        p->pos = off;
        for (; p->pos < end; p->pos++)
            sgft__junk_add(p, peek(p));
        p->last_prop = last;
        return;
    }
    sgft__junk_flush(p);
    uint64_t id_end = p->pos;
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
        return;
    }
    p->pos += at;
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
    prop_id id = sgft__prop_lookup(&p->ctx->pindex, name, upper);
    prop *pr;
    if (p->ev) {
        pr = &p->scratch;
        memset(pr, 0, sizeof *pr);
        pr->id = id;
        pr->off = off;
        memcpy(p->scratch_name, name, upper + 1);
        pr->name = id != P_UNKNOWN ? sgft__props[id].id : p->scratch_name;
        if (p->ev->property)
            p->ev->property(p->ev_data, pr->name);
    } else {
        pr = sgft__prop_add(p->ctx, top(p)->last, id, name, upper, off);
        if (!pr) {
            oom(p);
            return;
        }
    }
    if (upper != total && !p->ev) {
        pr->flags |= PROPF_LOWERCASE;
        pr->raw_name = sgft__arena_strndup(&p->ctx->tree_arena,
                                           in_ptr(p->in, off),
                                           (size_t)(id_end - off));
        if (!pr->raw_name)
            oom(p);
    }
    if (upper > 2) {
        report r = {0};
        r.prop = pr->name;
        report_at(p, M_ID_LONGER_THAN_TWO, bracket, &r); /* as SGFC */
    }
    read_values(p, pr);
    p->last_prop = pr;
}

/* --- the main loop ----------------------------------------------------- */

/* Whether s (8 bytes readable) starts the node of most records, ";B[pd]"
 * or ";W[pd]" (two lowercase letters), with ';', '(' or ')' next (or
 * after one line break). */
static inline bool is_plain_move(const char *s) {
    if (s[0] != ';' || (s[1] != 'B' && s[1] != 'W') || s[2] != '[' ||
        !is_lower(s[3]) || !is_lower(s[4]) || s[5] != ']')
        return false;
    char next = s[6] == '\n' ? s[7] : s[6];
    return next == ';' || next == '(' || next == ')';
}

/* The node of most records (is_plain_move) read in one step, and the
 * nodes of that form that follow it in the same sequence.  The bytes
 * hold no fault of syntax, so what is built is what the general path
 * (add_node, identifier, read_values) builds from them.  Returns false
 * for any other bytes: they take the general path. */
static bool plain_move_node(parser *p) {
    input *in = p->in;
    uint64_t avail = in->win + in->len - p->pos;
    if (p->ev || p->scan || avail < 8)
        return false;
    const char *s = in_ptr(in, p->pos);
    if (!is_plain_move(s))
        return false;
    uint64_t off = p->pos;
    sgft__junk_flush(p);
    if (!add_node(p, off))
        return true;
    if (!sgft__prop_add_one(p->ctx, top(p)->last, s[1] == 'B' ? P_B : P_W,
                            off + 1, off + 3, 2)) {
        oom(p);
        return true;
    }
    /* The nodes after it: children of one another, in one allocation
     * each, a line break between two of them skipped. */
    frame *f = top(p);
    node *last = f->last;
    const char *end = in->data + in->len;
    s += 6;
    off += 6;
    for (;;) {
        const char *t = s[0] == '\n' ? s + 1 : s;
        if (end - t < 8 || !is_plain_move(t))
            break;
        off += (uint64_t)(t - s);
        node *n = sgft__node_new_one(p->ctx, last, off,
                                     t[1] == 'B' ? P_B : P_W, off + 3, 2);
        if (!n) {
            oom(p);
            break;
        }
        last = n;
        s = t + 6;
        off += 6;
    }
    f->last = last;
    p->pos = off;
    return true;
}

/* Reads on until a game tree was handed out (pull) or the input ends.
 * Returns 1 when a tree is ready, 0 at the end, or a negative status. */
static int run(parser *p) {
    if (p->ready) {
        p->ready = false;
        release_tree(p);
    }
    if (p->finished || p->status)
        return p->status;
    if (!p->started) {
        p->started = true;
        if (!sgft__find_start(p)) {
            p->finished = true;
            if (!p->status)
                sgft__report(p->ctx, M_NO_SGF_DATA, false, 0, NULL);
            return p->status;
        }
        sgft__input_release(p->in, p->pos);
    }
    int c;
    while (!p->status && !p->ready && !(p->ev_stop && *p->ev_stop) &&
           (c = peek(p)) != EOF_CH) {
        if (is_ws(c)) {
            sgft__skip_ws(p);
            continue;
        }
        if (c == '(') {
            p->last_prop = NULL;
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
            p->last_prop = NULL;
            close_paren(p);
        } else if (c == ';') {
            p->last_prop = NULL;
            if (plain_move_node(p))
                continue;
            sgft__junk_flush(p);
            add_node(p, p->pos);
            p->pos++;
        } else if (c == '[' && p->last_prop) {
            /* More values of the property before the illegal characters
             * (8), as SGFC has them. */
            sgft__junk_flush(p);
            read_values(p, p->last_prop);
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
    if (p->ready)
        return 1;
    if (p->status)
        return p->status;
    sgft__junk_flush(p);
    p->finished = true;
    if (p->depth > 0) {
        /* End of input inside a game tree (9): close it.  After an end
         * inside a property, 10 has said so already (as SGFC). */
        if (!p->eof_in_value)
            report_at(p, M_MISSING_PAREN, p->pos, NULL);
        p->depth = 0;
        tree_end(p);
        if (p->ready)
            return 1;
    }
    return p->status;
}

parser *sgft__parser_new(sgft_ctx *ctx, tree_done_fn done,
                         const sgft_events *ev, void *ev_data) {
    /* The last run's parser, if the context kept it, with its stack. */
    parser *p = ctx->spare_parser;
    if (p) {
        ctx->spare_parser = NULL;
        frame *stack = p->stack;
        size_t cap = p->cap;
        memset(p, 0, sizeof *p);
        p->stack = stack;
        p->cap = cap;
    } else if (!(p = calloc(1, sizeof *p))) {
        return NULL;
    }
    p->ctx = ctx;
    p->in = &ctx->in;
    p->done = done;
    p->ev = ev;
    p->ev_data = ev_data;
    p->pull = !done && !ev;
    return p;
}

int sgft__parser_next(parser *p, game_tree **tree) {
    int st = run(p);
    *tree = st == 1 ? &p->tree : NULL;
    return st;
}

void sgft__parser_free(parser *p) {
    if (!p)
        return;
    if (p->ready)
        release_tree(p);
    sgft_ctx *ctx = p->ctx;
    if (!ctx->spare_parser && p->cap * sizeof *p->stack <= SPARE_MAX) {
        ctx->spare_parser = p;
        return;
    }
    free(p->stack);
    free(p);
}

void sgft__parser_release_spare(sgft_ctx *ctx) {
    if (ctx->spare_parser) {
        free(ctx->spare_parser->stack);
        free(ctx->spare_parser);
    }
    ctx->spare_parser = NULL;
}

int sgft__parse(sgft_ctx *ctx, tree_done_fn done) {
    parser *p = sgft__parser_new(ctx, done, NULL, NULL);
    if (!p)
        return SGFT_ENOMEM;
    int st = run(p);
    sgft__parser_free(p);
    return st;
}

int sgft__parse_events(sgft_ctx *ctx, const sgft_events *ev, void *ev_data,
                       const bool *stop) {
    parser *p = sgft__parser_new(ctx, NULL, ev, ev_data);
    if (!p)
        return SGFT_ENOMEM;
    p->ev_stop = stop;
    int st = run(p);
    sgft__parser_free(p);
    return st;
}
