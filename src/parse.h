/* parse.h - what the two files of the parser share: parse.c (game trees,
 * nodes, properties and values) and parse_outside.c (the text outside
 * the trees: the start of the data, illegal characters, white space). */
#ifndef SGFT_PARSE_H
#define SGFT_PARSE_H

#include "internal.h"

#define EOF_CH (-1)
#define JUNK_KEEP 64   /* characters of a junk run kept for the message */
#define ID_MAX_LEN 100 /* identifiers this long are dropped (message 11) */

typedef struct frame {
    node *parent; /* node the variation hangs from; NULL for a game tree */
    node *last;   /* last node of the variation's sequence so far */
    long pdepth, ldepth; /* their depths (-1: none), for events */
    bool has_last;  /* the sequence has a node */
    bool had_child; /* a sub-variation was closed after the sequence */
    uint64_t off;   /* offset of its '(' */
} frame;

typedef struct parser {
    sgft_ctx *ctx;
    input *in;
    uint64_t pos; /* absolute offset of the next byte */
    frame *stack;
    size_t depth, cap;
    game_tree tree;
    tree_done_fn done;
    int status;
    /* '(' ignored in the current tree (21): their ')' are taken silently
     * when they arrive after the tree's end */
    size_t ignored_parens;
    /* a run of illegal characters, reported as one message */
    bool junk;
    uint64_t junk_off;
    char junk_text[JUNK_KEEP + 4];
    size_t junk_len;
    size_t junk_ws; /* white space seen after the run, not yet added */
    bool junk_pos_known; /* its place is counted (its input released) */
    unsigned long junk_line, junk_col;
    bool eof_in_value; /* the input ended in a property (10 said it) */
    /* The property of the current node that only illegal characters
     * (8) have followed since its last value: a '[' after them starts
     * another of its values, as SGFC reads AB[aa]x[bb].  NULL after
     * anything else (a node, a tree's bracket, another identifier). */
    prop *last_prop;
    bool has_root;     /* the current game tree has a node */
    /* -E2: how values are scanned (decode.c), from the CA of the root
     * once the first one is read (ca_due: in the root, none read yet) */
    int scan;
    bool ca_due;
    /* Events instead of a tree (sgft_parse_events): no node is built;
     * the property being read is a scratch record. */
    const sgft_events *ev;
    void *ev_data;
    const bool *ev_stop; /* the events have seen enough: stop reading */
    prop scratch;
    char scratch_name[ID_MAX_LEN + 1];
    /* Pulled one tree at a time (the reader): a tree handed out is
     * released when the next one is asked for. */
    bool pull, ready, started, finished;
} parser;

static inline bool is_ws(int c) {
    /* ' ', '\t', '\n', '\v', '\f', '\r' (EOF_CH is no white space). */
    return (unsigned)c <= ' ' &&
           ((UINT64_C(1) << c) & (UINT64_C(1) << ' ' | UINT64_C(0x3E00)));
}
static inline bool is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static inline bool is_lower(int c) { return c >= 'a' && c <= 'z'; }
static inline bool is_digit(int c) { return c >= '0' && c <= '9'; }
/* A character of a property identifier: a letter, or a digit once a
 * capital has been read (LZ2, LZOP2); see identifier() in parse.c. */
static inline bool is_id_char(int c, bool after_capital) {
    return is_upper(c) || is_lower(c) || (after_capital && is_digit(c));
}

/* Makes pos + k readable if the input has that much; returns the byte
 * there or EOF_CH. */
int sgft__peek_at(parser *p, uint64_t k);

static inline int peek(parser *p) {
    input *in = p->in;
    if (p->pos < in->win + in->len)
        return (unsigned char)*in_ptr(in, p->pos);
    return sgft__peek_at(p, 0);
}

static inline void report_at(parser *p, msg_id code, uint64_t off,
                             const report *r) {
    sgft__report(p->ctx, code, true, off, r);
}

static inline void oom(parser *p) {
    if (!p->status)
        p->status = SGFT_ENOMEM;
}

/* parse_outside.c */
void sgft__junk_add(parser *p, int c);
void sgft__junk_flush(parser *p);
/* Between game trees, releases the input read every 64 KiB. */
void sgft__release_between_trees(parser *p);
void sgft__skip_ws(parser *p);
/* Skips the illegal characters (8) between an identifier and its first
 * value (Hive's P0[...], B:[jl]): the values after them stay with it. */
void sgft__skip_id_junk(parser *p);
int sgft__peek_nonws(parser *p, uint64_t k, uint64_t *at);
/* Skips the text before the first game tree (-b), keeping it with -k;
 * false when no SGF data was found. */
bool sgft__find_start(parser *p);

#endif
