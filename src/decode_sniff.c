/* decode_sniff.c - the CA of the first game tree, read from the head of
 * the raw input before it is decoded (decode.c, -E1).  A consumer of the
 * parser's events (parse.h) on a parser of its own, over a copy of the
 * head: the parser says nothing (no report sink), keeps no text before
 * the data and stops at the end of the first root node; the context is
 * only read (its options and property index).  It calls the parser, the
 * input and the text of values. */
#include "config.h"

#include "decode.h"
#include "parse.h"

#include <string.h>

/* What the parser's events tell about the first game tree: the first
 * value of the first CA in its root node. */
typedef struct ca_sniff {
    unsigned long nodes; /* nodes of the first tree so far */
    bool in_ca;
    char *out;
    size_t size;
} ca_sniff;

/* Each returns 1 (the parser stops) once the CA is found or cannot be. */
static int sniff_tree_begin(void *data, const event *ev) {
    (void)data, (void)ev;
    return 0;
}

static int sniff_node(void *data, const event *ev) {
    ca_sniff *s = data;
    s->in_ca = false;
    /* a second node: the root node is over, nothing more to find (a
     * move is no CA) */
    s->nodes += ev->moves ? ev->moves : 1;
    return s->nodes > 1;
}

static int sniff_prop(void *data, const event *ev) {
    ca_sniff *s = data;
    /* the id first: a known property is named by the table */
    s->in_ca = s->nodes == 1 &&
               (ev->id == P_CA ||
                (ev->id == P_UNKNOWN && strcmp(ev->name, "CA") == 0));
    return 0;
}

static int sniff_value(void *data, const event *ev) {
    ca_sniff *s = data;
    if (!s->in_ca)
        return 0;
    buf b;
    sgft__buf_init(&b);
    sgft__text_decode(&b, ev->raw, ev->len, true, SGFT_LB_HARD);
    sgft__copy_str(s->out, s->size, b.data ? b.data : "");
    sgft__buf_free(&b);
    s->in_ca = false; /* (the values after it are not looked at) */
    s->nodes = 2;     /* nor the properties */
    return 1;
}

static int sniff_tree_end(void *data, const event *ev) {
    (void)data;
    return ev->nodes; /* the first tree is over (an empty one is none) */
}

void sgft__dec_sniff_ca(sgft_ctx *ctx, const char *head, size_t len,
                        char *out, size_t size) {
    ca_sniff s = {0};
    s.out = out;
    s.size = size;
    out[0] = '\0';
    input in;
    if (!sgft__input_memory(&in, head, len))
        return; /* no CA found: the run that follows says out of memory */
    const event_sink sink = {sniff_tree_begin, sniff_node, sniff_prop,
                             sniff_value, sniff_tree_end};
    parser p;
    sgft__parser_init(&p, ctx, &in, &sink, &s);
    p.report_fn = NULL;
    p.header = NULL;
    sgft__parser_run(&p);
    sgft__parser_fini(&p);
    sgft__input_free(&in);
}
