/* parse.h - the parser: the first stage of reading, which makes events of
 * the SGF syntax of an input (parse.c: game trees, nodes, properties and
 * values; parse_outside.c: the text outside the trees, white space and
 * the reading ahead), and the interface of its consumers: tree.c builds
 * game trees of the events, parse_events.c hands them to the callbacks
 * of the event API, decode_sniff.c looks for a CA in them.
 *
 * A parser reads one input window (input.c), reports its syntax faults
 * to its own sink and pushes each event to its consumer, which may ask
 * it to pause (the reader: one tree at a time; the CA: found).  It calls
 * only what is below it: the input, the scanning of values
 * (parse_scan.c), the signs of a missing ']' (salvage.c), the property
 * table and the reports. */
#ifndef SGFT_PARSE_H
#define SGFT_PARSE_H

#include "internal.h"

#define EOF_CH (-1)
#define JUNK_KEEP 64   /* characters of a junk run kept for the message */
#define ID_MAX_LEN 100 /* identifiers this long are dropped (message 11) */

/* --- the events ------------------------------------------------------ */

/* What an event says.  The kinds (the functions of an event_sink):
 * tree_begin, a game tree's '(' at off; node, a node at off (its ';', or
 * where one is assumed) at depth (the root 0): a child of the last node
 * of depth - 1; prop, a property of the last node, its identifier at
 * off; value, a value of the last property, len bytes at off (the byte
 * after its '['), raw and own: of a value no other member is set (the
 * most frequent event, made without clearing the rest); tree_end, the end of
 * the tree, with nodes or none. */
typedef struct event {
    uint64_t off;
    unsigned long depth; /* node */
    prop_id id;          /* prop */
    /* prop: the identifier as kept, capitals and digits, NUL-ended (the
     * table's name for a known one) */
    const char *name;
    /* prop: lowercase letters were removed, and raw holds the identifier
     * as written, len bytes; value: the value's bytes.  Valid during the
     * call only. */
    bool lowercase;
    const char *raw;
    size_t len;
    bool nodes; /* tree_end */
    int format; /* tree_begin: the format of the record (foreign.h), 0 for
                 * SGF */
    /* value: raw is text of its own, in SGF syntax, made by a reader of
     * another format (foreign.h), not a span of the input at off (the
     * place it was read from): the consumer copies it */
    bool own;
    /* node: when moves is not 0, a run of that many nodes of one move
     * each, move[0..moves), the first at off and depth, each a child of
     * the one before: the nodes of most records in one event.  raw is
     * then their bytes, from the first ';'.  No prop or value events
     * follow for them. */
    size_t moves;
    const struct move_node *move;
} event;

/* A node of one move, ";B[pd]": its ';' at off, the property id (P_B or
 * P_W) at off + 1, its value of two bytes at off + 3. */
typedef struct move_node {
    uint64_t off;
    prop_id id;
} move_node;
enum { MOVE_RUN = 64 }; /* the most moves in one event (a run goes on in
                         * the next) */

/* A consumer of events: returns 0 to go on, 1 to pause the parser (it
 * returns from sgft__parser_run once the event is complete), or a
 * negative status, which ends the parse.  A function for each kind: the
 * call of each place of the parser goes to one place (no dispatch on
 * the kind in the hot path).  Built by the consumer where it lives (not
 * a static table: internal.h). */
typedef int (*event_fn)(void *data, const event *ev);
typedef struct event_sink {
    event_fn tree_begin, node, prop, value, tree_end;
} event_sink;

/* Where a parser's messages go: NULL for a parser that says nothing. */
typedef void (*parse_report_fn)(void *data, msg_id code, bool has_pos,
                                uint64_t off, const report *r);

/* --- the parser ------------------------------------------------------ */

typedef struct frame {
    long pdepth; /* depth of the node the variation hangs from (-1: none) */
    long ldepth; /* depth of the last node of its sequence (-1: none) */
    bool had_child; /* a sub-variation was closed after the sequence */
    uint64_t off;   /* offset of its '(' */
} frame;

/* The property whose values are being read, as the parser knows it. */
typedef struct parse_prop {
    prop_id id;
    const char *name; /* for messages */
} parse_prop;

typedef struct parser {
    const sgft_ctx *ctx; /* its options and property index */
    input *in;
    uint64_t pos; /* absolute offset of the next byte */
    frame *stack;
    size_t depth, cap;
    const event_sink *sink;
    void *sink_data;
    parse_report_fn report_fn;
    void *report_data;
    buf *header; /* the text before the data (-k), or NULL */
    int status;
    bool paused;      /* the consumer asked for a pause */
    bool release_due; /* the input of the tree handed out is released
                       * when the parser goes on */
    bool started, finished;
    uint64_t tree_off; /* '(' of the current game tree */
    /* '(' ignored in the current tree (21): their ')' are taken silently
     * when they arrive after the tree's end */
    size_t ignored_parens;
    /* a run of illegal characters, reported as one message */
    bool junk;
    uint64_t junk_off;
    size_t junk_len;
    size_t junk_ws; /* white space seen after the run, not yet added */
    bool junk_pos_known; /* its place is counted (its input released) */
    unsigned long junk_line, junk_col;
    bool eof_in_value; /* the input ended in a property (10 said it) */
    /* The property of the current node that only illegal characters
     * (8) have followed since its last value: a '[' after them starts
     * another of its values, as SGFC reads AB[aa]x[bb].  Not set after
     * anything else (a node, a tree's bracket, another identifier). */
    bool has_last_prop;
    parse_prop last_prop;
    bool has_root;     /* the current game tree has a node */
    /* -E2: how values are scanned (parse_scan.c), from the CA of the root
     * once the first one is read (ca_due: in the root, none read yet) */
    int scan;
    bool ca_due;
    /* The buffers, last: each is written before it is read, and a
     * parser is set up (cleared) for every file, twice with the CA
     * sniff, so only the members before them are cleared. */
    char junk_text[JUNK_KEEP + 4]; /* of the junk run (junk_len) */
    char name[ID_MAX_LEN + 1]; /* of the last unknown property */
    move_node moves[MOVE_RUN]; /* the run of moves being sent */
} parser;

/* Sets p up to read in (ctx: the options, the property index) and push
 * its events to sink (data; sink must outlive the parse).  Its messages go to ctx's report and the text
 * before the data to ctx's header with -k: a consumer that wants neither
 * sets report_fn or header to NULL. */
void sgft__parser_init(parser *p, sgft_ctx *ctx, input *in,
                       const event_sink *sink, void *data);
/* The same over ctx's input, on the heap: the one the context kept, if
 * any, with its stack. */
parser *sgft__parser_new(sgft_ctx *ctx, const event_sink *sink,
                         void *data);
/* Reads on until the consumer pauses the parser (1), the input ends
 * (0) or a fault (a negative status).  Called again after a pause, it
 * goes on; the input of a tree ended before the pause is released then. */
int sgft__parser_run(parser *p);
void sgft__parser_fini(parser *p);
void sgft__parser_free(parser *p, sgft_ctx *ctx);

/* --- what parse.c and parse_outside.c share ---------------------------- */

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
    if (p->report_fn)
        p->report_fn(p->report_data, code, true, off, r);
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
/* Skips the text before the first game tree (-b), keeping it in header
 * if there is one; false when no SGF data was found. */
bool sgft__find_start(parser *p);

#endif
