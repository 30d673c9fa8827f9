/* parse_outside.c - the parser's text outside the game trees: where the
 * SGF data starts (-b, the header kept with -k, message 6), the illegal
 * characters between and after the trees (8), read in bounded memory, and
 * between an identifier and its values, and white space; and the reading
 * ahead that the parser needs.  Part of the parser's stage (parse.h): it
 * calls the input and the parser's report sink only. */
#include "parse.h"

#include <errno.h>
#include <string.h>

/* Makes pos + k readable if the input has that much; returns the byte
 * there or EOF_CH. */
int sgft__peek_at(parser *p, uint64_t k) {
    input *in = p->in;
    while (p->pos + k >= in->win + in->len) {
        long n = sgft__input_fill(in);
        if (n < 0) {
            if (!p->status)
                p->status = in->read_errno == ENOMEM ? SGFT_ENOMEM
                                                             : SGFT_EREAD;
            return EOF_CH;
        }
        if (n == 0)
            return EOF_CH;
    }
    return (unsigned char)*in_ptr(in, p->pos + k);
}

/* --- illegal characters ------------------------------------------------ */

void sgft__junk_add(parser *p, int c) {
    if (!p->junk) {
        p->junk = true;
        p->junk_off = p->pos;
        p->junk_len = 0;
        p->junk_ws = 0;
        p->junk_pos_known = false;
    }
    /* White space inside a run belongs to it; at its end it does not. */
    for (; p->junk_ws; p->junk_ws--)
        if (p->junk_len < JUNK_KEEP)
            p->junk_text[p->junk_len++] = ' ';
    if (p->junk_len < JUNK_KEEP)
        p->junk_text[p->junk_len++] = c ? (char)c : ' '; /* NUL shown as ' ' */
    else if (p->junk_len == JUNK_KEEP) {
        memcpy(p->junk_text + p->junk_len, "...", 3);
        p->junk_len += 3;
    }
}

void sgft__junk_flush(parser *p) {
    if (!p->junk)
        return;
    p->junk_text[p->junk_len] = '\0';
    report r = {0};
    r.detail = p->junk_text;
    r.pos_known = p->junk_pos_known;
    r.line = p->junk_line;
    r.col = p->junk_col;
    report_at(p, M_ILLEGAL_CHARS, p->junk_off, &r);
    p->junk = false;
}

/* Between game trees nothing read needs to stay: the input is released
 * every 64 KiB, so that text after or between the trees is scanned in
 * bounded memory (a pending run of junk keeps only its place). */
void sgft__release_between_trees(parser *p) {
    if (p->depth || p->pos - p->in->base.off < 64 * 1024)
        return;
    if (p->junk && !p->junk_pos_known) {
        sgft__input_position(p->in, p->junk_off, &p->junk_line,
                             &p->junk_col);
        p->junk_pos_known = true;
    }
    sgft__input_release(p->in, p->pos);
}

/* Skips white space; a pending junk run remembers how much it saw. */
void sgft__skip_ws(parser *p) {
    int c;
    while ((c = peek(p)) != EOF_CH && is_ws(c)) {
        if (p->junk)
            p->junk_ws++;
        p->pos++;
        if ((p->pos & 0xFFFF) == 0)
            sgft__release_between_trees(p);
    }
}

/* Byte at the first non-white-space position from pos + k, and its
 * distance in *at. */
int sgft__peek_nonws(parser *p, uint64_t k, uint64_t *at) {
    input *in = p->in;
    int c;
    for (;; k++) {
        /* In the window: no call for each byte. */
        c = p->pos + k < in->win + in->len
                ? (unsigned char)*in_ptr(in, p->pos + k)
                : sgft__peek_at(p, k);
        if (c == EOF_CH || !is_ws(c))
            break;
    }
    *at = k;
    return c;
}

/* What may stand between an identifier and its value as illegal
 * characters: no letter, white space, bracket, parenthesis or ';'. */
static bool id_junk(int c) {
    return c != EOF_CH && !is_ws(c) && !is_upper(c) && !is_lower(c) &&
           c != '[' && c != ';' && c != '(' && c != ')';
}

/* Characters between an identifier and its value (B:[jl]; digits after
 * the capitals are the identifier's own, see identifier() in parse.c).
 * Illegal characters (8, as SGFC has it); the values after them stay
 * with the identifier. */
void sgft__skip_id_junk(parser *p) {
    for (;;) {
        uint64_t ws;
        int c = sgft__peek_nonws(p, 0, &ws);
        if (!id_junk(c))
            break;
        p->pos += ws;
        do {
            sgft__junk_add(p, c);
            p->pos++;
        } while (id_junk(c = peek(p)));
    }
    sgft__junk_flush(p);
}

/* --- the start of the data ------------------------------------------- */

/* Does the text at pos + k look like a property: letters (at least one
 * uppercase; digits after it), white space, '['? */
static bool looks_like_prop(parser *p, uint64_t k) {
    int c;
    bool upper = false;
    while ((c = sgft__peek_at(p, k)) != EOF_CH && is_id_char(c, upper)) {
        upper |= is_upper(c);
        k++;
    }
    uint64_t at;
    return upper && sgft__peek_nonws(p, k, &at) == '[';
}

/* Does the '(' at pos start a game tree whose ';' a few illegal
 * characters precede, "(x;FF[4]..." or "(G;M[1]..." (one character of a
 * record moved): up to 16 of them (no bracket, parenthesis or ';'), then
 * ';' and a property? */
static bool junk_then_node(parser *p) {
    for (uint64_t k = 1; k <= 16; k++) {
        int c = sgft__peek_at(p, k);
        if (c == ';') {
            uint64_t at;
            return is_upper(sgft__peek_nonws(p, k + 1, &at)) &&
                   looks_like_prop(p, at);
        }
        if (c == EOF_CH || c == '(' || c == ')' || c == '[' || c == ']')
            return false;
    }
    return false;
}

/* Skips the text before the first game tree (-b); keeps it with -k.
 * Returns false when no SGF data was found. */
bool sgft__find_start(parser *p) {
    const sgft_ctx *ctx = p->ctx;
    bool warned = false;
    for (;;) {
        int c = peek(p);
        if (c == EOF_CH)
            return false;
        if (c == '(') {
            uint64_t at;
            int c2 = sgft__peek_nonws(p, 1, &at);
            switch (ctx->opt.find_start) {
            case SGFT_START_PAREN: return true;
            case SGFT_START_PAREN_SEMI:
                if (c2 == ';')
                    return true;
                break;
            case SGFT_START_HEURISTIC:
                if (c2 == ';' || (is_upper(c2) && looks_like_prop(p, at)) ||
                    junk_then_node(p))
                    return true;
                break;
            }
        } else if (c == '[' && !warned && is_lower(sgft__peek_at(p, 1)) &&
                   is_lower(sgft__peek_at(p, 2)) && sgft__peek_at(p, 3) == ']') {
            /* Something like a point value before the data (6). */
            char seen[5];
            memcpy(seen, in_ptr(p->in, p->pos), 4);
            seen[4] = '\0';
            report r = {0};
            r.detail = seen;
            report_at(p, M_SGF_IN_HEADER, p->pos, &r);
            warned = true;
        }
        if (p->header)
            sgft__buf_putc(p->header, (char)c);
        p->pos++;
        if ((p->pos & 0xFFFF) == 0)
            sgft__input_release(p->in, p->pos);
    }
}

