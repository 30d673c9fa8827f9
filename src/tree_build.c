/* tree_build.c - the stage after the parser: builds each game tree from
 * the parser's events (it consumes them; the parser knows nothing of
 * nodes), in the context's tree arena, and hands it to the run
 * (sgft__parse, a callback for each tree) or out of the reader (one tree
 * at a time: the parser pauses at the end of each).  It calls the parser
 * and the nodes of tree.c. */
#include "parse.h"

#include <stdlib.h>
#include <string.h>

/* A node with room for its first property and that property's first
 * value: the node of most records (one move) in one allocation. */
struct prop_one {
    prop p;
    value v;
};
struct node_one {
    node n;
    struct prop_one one;
};

struct tree_reader {
    sgft_ctx *ctx;
    parser *parser;
    event_sink sink;
    tree_done_fn done; /* NULL: the trees are handed out one at a time */
    game_tree *tree;         /* the tree being built (sgft__tree_alloc) */
    node *cur;               /* the last node */
    unsigned long cur_depth; /* its depth */
    prop *pr;                /* the last property */
    struct prop_one *room;   /* the room of cur for a property, or NULL */
    value *value_room;       /* the room of pr for a value, or NULL */
    bool held;               /* a tree is out and not yet released */
};

/* Frees the memory of the tree just read (its input is the parser's). */
static void release(tree_reader *r) {
    r->held = false;
    sgft__arena_reset(&r->ctx->tree_arena);
}

/* The node o, just made, is the first of a run of moves (parse.h): its
 * move, then the nodes after it with theirs, in one allocation each. */
static int add_moves(tree_reader *r, struct node_one *o, const event *ev) {
    node *n = &o->n;
    for (size_t i = 0;;) {
        const move_node *m = &ev->move[i];
        struct prop_one *one = &o->one;
        one->v = (value){.off = m->off + 3, .len = 2};
        one->p = (prop){.id = m->id, .name = sgft__props[m->id].id,
                        .off = m->off + 1, .values = &one->v,
                        .last_value = &one->v};
        n->props = n->last_prop = &one->p;
        if (++i == ev->moves)
            break;
        o = sgft__arena_alloc(&r->ctx->tree_arena, sizeof *o);
        if (!o)
            return SGFT_ENOMEM;
        o->n = (node){.parent = n, .off = ev->move[i].off};
        n->child = n->last_child = &o->n;
        n = &o->n;
    }
    r->cur = n;
    r->cur_depth = ev->depth + ev->moves - 1;
    r->pr = n->props;
    r->room = NULL;
    r->value_room = NULL;
    return 0;
}

static int tree_node(void *data, const event *ev) {
    tree_reader *r = data;
    /* The parent is the node of depth - 1 on the way to the last node:
     * the last node itself in a sequence, an earlier one after the end
     * of a variation (each node is passed over at most once). */
    node *parent = NULL;
    if (ev->depth) {
        parent = r->cur;
        for (unsigned long d = r->cur_depth + 1; d > ev->depth; d--)
            parent = parent->parent;
    }
    struct node_one *o = sgft__arena_alloc(&r->ctx->tree_arena, sizeof *o);
    if (!o)
        return SGFT_ENOMEM;
    o->n = (node){.parent = parent, .off = ev->off};
    if (!parent)
        r->tree->root = &o->n;
    else if (parent->last_child)
        parent->last_child->next = &o->n;
    else
        parent->child = &o->n;
    if (parent)
        parent->last_child = &o->n;
    r->cur = &o->n;
    r->cur_depth = ev->depth;
    r->room = &o->one;
    return ev->moves ? add_moves(r, o, ev) : 0;
}

static int tree_prop(void *data, const event *ev) {
    tree_reader *r = data;
    arena *a = &r->ctx->tree_arena;
    struct prop_one *o = r->room;
    r->room = NULL;
    if (!o && !(o = sgft__arena_alloc(a, sizeof *o)))
        return SGFT_ENOMEM;
    prop *p = &o->p;
    *p = (prop){.id = ev->id, .off = ev->off};
    if (ev->id != P_UNKNOWN)
        p->name = sgft__props[ev->id].id;
    else if (!(p->name = sgft__arena_strndup(a, ev->name, strlen(ev->name))))
        return SGFT_ENOMEM;
    node *n = r->cur;
    if (n->last_prop)
        n->last_prop->next = p;
    else
        n->props = p;
    n->last_prop = p;
    r->pr = p;
    r->value_room = &o->v;
    if (ev->lowercase) {
        p->flags |= PROPF_LOWERCASE;
        if (!(p->raw_name = sgft__arena_strndup(a, ev->raw, ev->len)))
            return SGFT_ENOMEM;
    }
    return 0;
}

/* v, filled in, becomes the last value of the last property. */
static inline void link_value(tree_reader *r, value *v) {
    prop *p = r->pr;
    if (p->last_value)
        p->last_value->next = v;
    else
        p->values = v;
    p->last_value = v;
}

/* A value of its own text (a reader of another format's). */
static int own_value(tree_reader *r, const event *ev) {
    const char *text = sgft__arena_strndup(&r->ctx->tree_arena, ev->raw,
                                           ev->len);
    if (!text)
        return SGFT_ENOMEM;
    value *v = r->value_room;
    r->value_room = NULL;
    if (!v && !(v = sgft__arena_alloc(&r->ctx->tree_arena, sizeof *v)))
        return SGFT_ENOMEM;
    *v = (value){.off = ev->off, .len = ev->len, .text = text};
    link_value(r, v);
    return 0;
}

static int tree_value(void *data, const event *ev) {
    tree_reader *r = data;
    if (ev->own)
        return own_value(r, ev);
    value *v = r->value_room;
    if (!v)
        return sgft__value_add(r->ctx, r->pr, ev->off, ev->len) ? 0
                                                                : SGFT_ENOMEM;
    r->value_room = NULL;
    *v = (value){.off = ev->off, .len = ev->len};
    link_value(r, v);
    return 0;
}

static int tree_begin(void *data, const event *ev) {
    tree_reader *r = data;
    sgft_ctx *ctx = r->ctx;
    ctx->format = ev->format;
    if (!r->tree && !(r->tree = sgft__tree_alloc()))
        return SGFT_ENOMEM;
    *r->tree = (game_tree){.off = ev->off,
                          .index = (unsigned)ctx->sum.trees + 1,
                          .ff = 1, .gm = 1, .ctx = ctx};
    r->cur = NULL;
    r->pr = NULL;
    r->room = NULL;
    r->value_room = NULL;
    return 0;
}

/* The tree is handed on: to done, or out of the reader (a pause). */
static int tree_end(void *data, const event *ev) {
    tree_reader *r = data;
    if (!ev->nodes) {
        release(r);
        return 0;
    }
    r->ctx->sum.trees++;
    if (!r->done) {
        r->held = true; /* released by the next call */
        return 1;
    }
    int st = r->done(r->ctx, r->tree);
    release(r);
    return st;
}

/* The consumer of the parser's events that builds the trees. */
static void sink_init(event_sink *s) {
    *s = (event_sink){tree_begin, tree_node, tree_prop, tree_value, tree_end};
}

int sgft__parse(sgft_ctx *ctx, tree_done_fn done) {
    tree_reader r = {.ctx = ctx, .done = done};
    sink_init(&r.sink);
    r.parser = sgft__parser_new(ctx, &r.sink, &r);
    if (!r.parser)
        return SGFT_ENOMEM;
    int st = sgft__parser_run(r.parser);
    sgft__parser_free(r.parser, ctx);
    sgft__tree_dealloc(r.tree);
    return st;
}

tree_reader *sgft__tree_reader_new(sgft_ctx *ctx) {
    tree_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->ctx = ctx;
    sink_init(&r->sink);
    r->parser = sgft__parser_new(ctx, &r->sink, r);
    if (!r->parser) {
        free(r);
        return NULL;
    }
    return r;
}

int sgft__tree_reader_next(tree_reader *r, game_tree **tree) {
    if (r->held)
        release(r);
    int st = sgft__parser_run(r->parser);
    *tree = st == 1 ? r->tree : NULL;
    return st;
}

int sgft__tree_reader_detach(tree_reader *r, game_tree **tree) {
    *tree = NULL;
    if (!r->held)
        return SGFT_EINVAL;
    if (!(*tree = sgft__tree_own(r->ctx, r->tree)))
        return SGFT_ENOMEM;
    r->held = false; /* nothing to release: the arena is the tree's */
    r->tree = NULL;  /* the next tree in a new one */
    return 0;
}

void sgft__tree_reader_free(tree_reader *r) {
    if (!r)
        return;
    if (r->held)
        release(r);
    sgft__parser_free(r->parser, r->ctx);
    sgft__tree_dealloc(r->tree);
    free(r);
}
