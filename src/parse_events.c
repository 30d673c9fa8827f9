/* parse_events.c - the event API (sgft_parse_events): a consumer of the
 * parser's events beside tree.c, which hands them to the caller's
 * callbacks instead of building trees.  A tree is begun at its first
 * node, and a tree without one is no tree (as the trees built are
 * counted).  It calls the parser only. */
#include "parse.h"

typedef struct to_user {
    sgft_ctx *ctx;
    const sgft_events *ev;
    void *data;
    bool begun; /* the current tree has had a node */
} to_user;

static int user_tree_begin(void *data, const event *ev) {
    to_user *u = data;
    (void)ev;
    u->begun = false;
    return 0;
}

static int user_node(void *data, const event *ev) {
    to_user *u = data;
    const sgft_events *cb = u->ev;
    if (!u->begun && cb->tree_begin)
        cb->tree_begin(u->data, u->ctx->sum.trees + 1);
    u->begun = true;
    if (!ev->moves) {
        if (cb->node)
            cb->node(u->data, ev->depth);
        return 0;
    }
    /* a run of moves: each is a node, a property and a value */
    for (size_t i = 0; i < ev->moves; i++) {
        const move_node *m = &ev->move[i];
        if (cb->node)
            cb->node(u->data, ev->depth + i);
        if (cb->property)
            cb->property(u->data, sgft__props[m->id].id);
        if (cb->value)
            cb->value(u->data, ev->raw + (m->off - ev->off) + 3, 2);
    }
    return 0;
}

static int user_prop(void *data, const event *ev) {
    to_user *u = data;
    if (u->ev->property)
        u->ev->property(u->data, ev->name);
    return 0;
}

static int user_value(void *data, const event *ev) {
    to_user *u = data;
    if (u->ev->value)
        u->ev->value(u->data, ev->raw, ev->len);
    return 0;
}

static int user_tree_end(void *data, const event *ev) {
    to_user *u = data;
    if (ev->nodes) {
        u->ctx->sum.trees++;
        if (u->ev->tree_end)
            u->ev->tree_end(u->data);
    }
    return 0;
}

int sgft__parse_events(sgft_ctx *ctx, const sgft_events *ev, void *ev_data) {
    to_user u = {ctx, ev, ev_data, false};
    const event_sink sink = {user_tree_begin, user_node, user_prop,
                             user_value, user_tree_end};
    parser *p = sgft__parser_new(ctx, &sink, &u);
    if (!p)
        return SGFT_ENOMEM;
    int st = sgft__parser_run(p);
    sgft__parser_free(p, ctx);
    return st;
}
