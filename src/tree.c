/* tree.c - nodes, properties and values of one game tree, all allocated in
 * the context's tree arena (or, for a tree the caller owns, in the tree's
 * own); unlinking is enough to delete.  The trees are built by
 * tree_build.c from the parser's events; here are the walks, the public
 * tree API and the edit API that the rules and the programs change them
 * with.  It calls only what is below it: the arena, the input's lines,
 * the property table and the text of values. */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static game_tree *owner_of(sgft_ctx *ctx, const void *p);

node *sgft__node_new(sgft_ctx *ctx, node *parent, uint64_t off) {
    node *n = sgft__arena_alloc(&ctx->tree_arena, sizeof *n);
    if (!n)
        return NULL;
    memset(n, 0, sizeof *n);
    n->off = off;
    if (parent)
        sgft__node_link_child(n, parent);
    return n;
}

prop *sgft__prop_add(sgft_ctx *ctx, node *n, prop_id id, const char *name,
                     size_t name_len, uint64_t off) {
    prop *p = sgft__arena_alloc(&ctx->tree_arena, sizeof *p);
    if (!p)
        return NULL;
    memset(p, 0, sizeof *p);
    p->id = id;
    p->off = off;
    if (id != P_UNKNOWN) {
        p->name = sgft__props[id].id;
    } else {
        p->name = sgft__arena_strndup(&ctx->tree_arena, name, name_len);
        if (!p->name)
            return NULL;
    }
    if (n->last_prop)
        n->last_prop->next = p;
    else
        n->props = p;
    n->last_prop = p;
    return p;
}

value *sgft__value_add(sgft_ctx *ctx, prop *p, uint64_t off, size_t len) {
    value *v = sgft__arena_alloc(&ctx->tree_arena, sizeof *v);
    if (!v)
        return NULL;
    v->next = NULL;
    v->off = off;
    v->len = len;
    v->text = NULL;
    v->flags = 0;
    if (p->last_value)
        p->last_value->next = v;
    else
        p->values = v;
    p->last_value = v;
    return v;
}

void sgft__prop_unlink(node *n, prop *p) {
    prop *prev = NULL;
    for (prop *q = n->props; q; prev = q, q = q->next) {
        if (q != p)
            continue;
        if (prev)
            prev->next = q->next;
        else
            n->props = q->next;
        if (n->last_prop == q)
            n->last_prop = prev;
        q->next = NULL;
        return;
    }
}

prop *sgft__prop_find(node *n, prop_id id) {
    for (prop *p = n->props; p; p = p->next)
        if (p->id == id)
            return p;
    return NULL;
}

bool sgft__prop_set_text(sgft_ctx *ctx, prop *p, const char *text,
                         size_t len) {
    value *v = sgft__arena_alloc(&ctx->tree_arena, sizeof *v);
    char *t = sgft__arena_strndup(&ctx->tree_arena, text, len);
    if (!v || !t)
        return false;
    v->next = NULL;
    v->off = p->values ? p->values->off : p->off;
    v->len = len;
    v->text = t;
    v->flags = VALF_DECODED;
    p->values = p->last_value = v;
    return true;
}

uint64_t sgft__root_prop_pos(const game_tree *tree, prop_id id) {
    node *root = tree->root;
    prop *p = sgft__prop_find(root, id);
    if (p)
        return p->off;
    uint64_t off = root->off;
    for (p = root->props; p; p = p->next)
        if (p == root->props || p->off < off)
            off = p->off;
    return off;
}

node *sgft__node_next_preorder(node *n) {
    if (n->child)
        return n->child;
    while (n) {
        if (n->next)
            return n->next;
        n = n->parent;
    }
    return NULL;
}

/* --- the public tree API (sgftidy.h) -------------------------------------- */

sgft_node *sgft_tree_root(sgft_tree *tree) { return tree ? tree->root : NULL; }
unsigned long sgft_tree_index(const sgft_tree *tree) { return tree->index; }
uint64_t sgft_tree_offset(const sgft_tree *tree) { return tree->off; }

sgft_node *sgft_tree_node_at(sgft_tree *tree, uint64_t offset) {
    node *at = NULL;
    for (node *n = tree ? tree->root : NULL; n && n->off <= offset;
         n = sgft__node_next_preorder(n))
        at = n;
    return at;
}
sgft_node *sgft_node_parent(sgft_node *n) { return n->parent; }
sgft_node *sgft_node_child(sgft_node *n) { return n->child; }
sgft_node *sgft_node_next(sgft_node *n) { return n->next; }
sgft_prop *sgft_node_props(sgft_node *n) { return n->props; }
sgft_prop *sgft_prop_next(sgft_prop *p) { return p->next; }
const char *sgft_prop_id(const sgft_prop *p) { return p->name; }
sgft_value *sgft_prop_values(sgft_prop *p) { return p->values; }
sgft_value *sgft_value_next(sgft_value *v) { return v->next; }

sgft_prop *sgft_node_find(sgft_node *n, const char *id) {
    for (prop *p = n->props; p; p = p->next)
        if (strcmp(p->name, id) == 0)
            return p;
    return NULL;
}

/* A value in SGF syntax in the arena (a decoded one escaped again, once). */
static const char *raw_of(sgft_ctx *ctx, value *v, size_t *len) {
    if (v->flags & VALF_DECODED) {
        buf b;
        sgft__buf_init(&b);
        sgft__escape(&b, v->text, v->len, false);
        char *t = b.oom ? NULL
                        : sgft__arena_strndup(&ctx->tree_arena,
                                              b.data ? b.data : "", b.len);
        size_t n = b.len;
        sgft__buf_free(&b);
        if (!t)
            return NULL;
        v->text = t;
        v->len = n;
        v->flags &= ~(unsigned)VALF_DECODED;
    }
    *len = v->len;
    return value_bytes(ctx, v);
}

const char *sgft_value_raw(sgft_ctx *ctx, const sgft_value *v, size_t *len) {
    game_tree *t = v->flags & VALF_DECODED ? owner_of(ctx, v) : NULL;
    sgft__tree_swap(ctx, t);
    const char *raw = raw_of(ctx, (value *)v, len);
    sgft__tree_swap(ctx, t);
    return raw;
}

char *sgft_value_text(sgft_ctx *ctx, const sgft_value *v, bool simple) {
    buf b;
    sgft__buf_init(&b);
    if (v->flags & VALF_DECODED)
        sgft__buf_put(&b, v->text, v->len);
    else
        sgft__text_decode(&b, value_bytes(ctx, v), v->len, simple,
                          ctx->opt.linebreaks);
    if (b.oom) {
        sgft__buf_free(&b);
        return NULL;
    }
    if (!b.data)
        return calloc(1, 1);
    return b.data; /* the buffer is malloc'd and NUL-terminated */
}

/* The value's text with escapes resolved, in b (cleared first). */
static bool plain(sgft_ctx *ctx, const value *v, buf *b) {
    b->len = 0;
    if (v->flags & VALF_DECODED)
        sgft__buf_put(b, v->text, v->len);
    else
        sgft__unescape(b, value_bytes(ctx, v), v->len);
    return !b->oom;
}

int sgft_value_number(sgft_ctx *ctx, const sgft_value *v, long *n) {
    buf a, out;
    sgft__buf_init(&a);
    sgft__buf_init(&out);
    int st = SGFT_EINVAL;
    if (plain(ctx, v, &a) &&
        sgft__val_number(a.data ? a.data : "", a.len, &out) == VR_OK &&
        out.data) {
        char *end;
        errno = 0;
        long x = strtol(out.data, &end, 10);
        if (!errno && !*end) {
            *n = x;
            st = 0;
        }
    }
    sgft__buf_free(&a);
    sgft__buf_free(&out);
    return st;
}

int sgft_value_real(sgft_ctx *ctx, const sgft_value *v, double *r) {
    buf a, out;
    sgft__buf_init(&a);
    sgft__buf_init(&out);
    int st = SGFT_EINVAL;
    if (plain(ctx, v, &a) &&
        sgft__val_real(a.data ? a.data : "", a.len, &out) == VR_OK &&
        out.data) {
        *r = strtod(out.data, NULL);
        st = 0;
    }
    sgft__buf_free(&a);
    sgft__buf_free(&out);
    return st;
}

int sgft_value_point(sgft_ctx *ctx, const sgft_value *v, int *col, int *row) {
    buf a;
    sgft__buf_init(&a);
    int st = SGFT_EINVAL;
    if (plain(ctx, v, &a) && a.len == 2) {
        int x = sgft__point_coord(a.data[0]), y = sgft__point_coord(a.data[1]);
        if (x >= 0 && y >= 0) {
            *col = x;
            *row = y;
            st = 0;
        }
    }
    sgft__buf_free(&a);
    return st;
}

/* The public edits allocate in the arena of the tree of the item they
 * change: an owned tree's for the time of the call. */
sgft_prop *sgft_node_add_prop(sgft_ctx *ctx, sgft_node *n, const char *id) {
    size_t len = id ? strlen(id) : 0;
    if (!len)
        return NULL;
    for (size_t i = 0; i < len; i++)
        if ((id[i] < 'A' || id[i] > 'Z') &&
            (i == 0 || id[i] < '0' || id[i] > '9'))
            return NULL;
    prop_id pid = sgft__prop_lookup(&ctx->pindex, id, len);
    /* Set at the end of the node: no offset in the input. */
    uint64_t off = n->last_prop ? n->last_prop->off : n->off;
    game_tree *t = owner_of(ctx, n);
    sgft__tree_swap(ctx, t);
    prop *p = sgft__prop_add(ctx, n, pid, id, len, off);
    sgft__tree_swap(ctx, t);
    if (p)
        p->flags |= PROPF_NEW;
    return p;
}

/* sgft_prop_add_value in the context's arena. */
static int add_value(sgft_ctx *ctx, sgft_prop *p, const char *text) {
    buf b;
    sgft__buf_init(&b);
    sgft__escape(&b, text, strlen(text), false);
    uint64_t off = p->last_value ? p->last_value->off : p->off;
    value *v = b.oom ? NULL
                     : sgft__value_append(ctx, p, b.data ? b.data : "",
                                          b.len, off);
    sgft__buf_free(&b);
    if (v)
        v->flags |= VALF_NEW;
    return v ? 0 : SGFT_ENOMEM;
}

int sgft_prop_add_value(sgft_ctx *ctx, sgft_prop *p, const char *text) {
    game_tree *t = owner_of(ctx, p);
    sgft__tree_swap(ctx, t);
    int st = add_value(ctx, p, text);
    sgft__tree_swap(ctx, t);
    return st;
}

int sgft_prop_set_value(sgft_ctx *ctx, sgft_prop *p, const char *text) {
    sgft__prop_clear_values(p);
    return sgft_prop_add_value(ctx, p, text);
}

void sgft_node_delete_prop(sgft_node *n, sgft_prop *p) {
    sgft__prop_unlink(n, p);
}

/* --- the edit API (fix.c makes these changes for the rules) ------------ */

bool sgft__value_set(sgft_ctx *ctx, value *v, const char *text, size_t len) {
    char *t = sgft__arena_strndup(&ctx->tree_arena, text, len);
    if (!t)
        return false;
    v->text = t;
    v->len = len;
    v->flags = 0;
    return true;
}

value *sgft__value_append(sgft_ctx *ctx, prop *p, const char *text,
                          size_t len, uint64_t off) {
    char *t = sgft__arena_strndup(&ctx->tree_arena, text, len);
    value *v = t ? sgft__value_add(ctx, p, off, len) : NULL;
    if (v)
        v->text = t;
    return v;
}

void sgft__value_unlink(prop *p, value *prev, value *v) {
    if (prev)
        prev->next = v->next;
    else
        p->values = v->next;
    if (p->last_value == v)
        p->last_value = prev;
}

void sgft__value_keep_only(prop *p, value *v) {
    v->next = NULL;
    p->values = p->last_value = v;
}

void sgft__prop_clear_values(prop *p) { p->values = p->last_value = NULL; }

void sgft__prop_move_values(prop *to, prop *from) {
    if (!from->values)
        return;
    if (to->last_value) {
        to->last_value->next = from->values;
        from->values->flags |= VALF_JOINED;
    } else
        to->values = from->values;
    to->last_value = from->last_value;
    from->values = from->last_value = NULL;
}

void sgft__prop_rename(prop *p, prop_id id) {
    p->id = id;
    p->name = sgft__props[id].id;
}

void sgft__prop_link(node *n, prop *p) {
    p->next = NULL;
    if (n->last_prop)
        n->last_prop->next = p;
    else
        n->props = p;
    n->last_prop = p;
}

void sgft__prop_unlink_flagged(node *n, unsigned flag) {
    prop *head = NULL, *tail = NULL, *next;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        p->next = NULL;
        if (p->flags & flag)
            continue;
        if (tail)
            tail->next = p;
        else
            head = p;
        tail = p;
    }
    n->props = head;
    n->last_prop = tail;
}

node *sgft__node_insert_child(sgft_ctx *ctx, node *n) {
    node *m = sgft__arena_alloc(&ctx->tree_arena, sizeof *m);
    if (!m)
        return NULL;
    memset(m, 0, sizeof *m);
    m->off = n->off;
    m->parent = n;
    m->child = n->child;
    m->last_child = n->last_child;
    for (node *c = m->child; c; c = c->next)
        c->parent = m;
    n->child = n->last_child = m;
    return m;
}

void sgft__node_move_props(node *to, node *from) {
    for (prop *p = from->props, *next; p; p = next) {
        next = p->next;
        sgft__prop_link(to, p);
    }
    from->props = from->last_prop = NULL;
}

node *sgft__node_detach_later_children(node *n) {
    node *first = n->child;
    if (!first)
        return NULL;
    node *rest = first->next;
    first->next = NULL;
    n->last_child = first;
    return rest;
}

void sgft__node_link_after(node *v, node *after) {
    node *parent = after->parent;
    v->parent = parent;
    v->next = after->next;
    after->next = v;
    if (parent->last_child == after)
        parent->last_child = v;
    v->flags &= ~NODEF_LOOSE;
}

void sgft__node_link_before(node *v, node *before) {
    node *parent = before->parent;
    node **at = &parent->child;
    while (*at != before)
        at = &(*at)->next;
    v->parent = parent;
    v->next = before;
    *at = v;
    v->flags &= ~NODEF_LOOSE;
}

void sgft__node_link_child(node *v, node *parent) {
    v->parent = parent;
    v->next = NULL;
    if (parent->last_child)
        parent->last_child->next = v;
    else
        parent->child = v;
    parent->last_child = v;
    v->flags &= ~NODEF_LOOSE;
}

void sgft__node_unlink(node *n) {
    node *parent = n->parent, *prev = NULL;
    node **at = &parent->child;
    while (*at != n) {
        prev = *at;
        at = &prev->next;
    }
    *at = n->next;
    if (parent->last_child == n)
        parent->last_child = prev;
    n->parent = n->next = NULL;
    n->flags |= NODEF_LOOSE;
}

void sgft__node_splice_out(node *n, node *prev) {
    node *parent = n->parent;
    node *first = n->child, *last = n->last_child;
    for (node *c = first; c; c = c->next)
        c->parent = parent;
    if (!first) {
        first = n->next;
        if (parent->last_child == n)
            parent->last_child = prev;
    } else {
        last->next = n->next;
        if (parent->last_child == n)
            parent->last_child = last;
    }
    if (prev)
        prev->next = first;
    else
        parent->child = first;
}

void sgft__node_reverse_children(node *n) {
    node *rev = NULL;
    n->last_child = n->child;
    for (node *c = n->child, *next; c; c = next) {
        next = c->next;
        c->next = rev;
        rev = c;
    }
    n->child = rev;
}

void sgft__node_take_children(node *to, node *from) {
    to->child = from->child;
    to->last_child = from->last_child;
    for (node *c = from->child; c; c = c->next)
        c->parent = to;
}

/* --- the trees the caller owns ------------------------------------------ */

void sgft__tree_swap(sgft_ctx *ctx, game_tree *t) {
    if (!t || !t->own)
        return;
    arena a = ctx->tree_arena;
    ctx->tree_arena = t->own->mem;
    t->own->mem = a;
}

/* The owned tree of ctx whose arena holds p, or NULL (the context's). */
static game_tree *owner_of(sgft_ctx *ctx, const void *p) {
    for (game_tree *t = ctx->owned; t; t = t->own->next)
        if (sgft__arena_holds(&t->own->mem, p))
            return t;
    return NULL;
}

/* An owned tree and what it owns, in one allocation, in ctx's list. */
struct owned_tree {
    game_tree t;
    struct tree_own own;
};

static void owned_link(sgft_ctx *ctx, game_tree *t);

static game_tree *owned_new(sgft_ctx *ctx) {
    struct owned_tree *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    sgft__arena_init(&o->own.mem);
    owned_link(ctx, &o->t);
    return &o->t;
}

static void owned_free(game_tree *t) {
    struct tree_own *o = t->own;
    if (o->prev)
        o->prev->own->next = o->next;
    else
        t->ctx->owned = o->next;
    if (o->next)
        o->next->own->prev = o->prev;
    sgft__arena_free(&o->mem);
    free(o->text.marks);
    free(t); /* the struct owned_tree */
}

void sgft__trees_free(sgft_ctx *ctx) {
    while (ctx->owned)
        owned_free(ctx->owned);
}

/* The end of the text of the tree: after the last byte an item of it
 * holds (its last ']' at most one byte beyond). */
static uint64_t text_end(const sgft_ctx *ctx, const game_tree *t) {
    uint64_t end = t->off + 1;
    for (node *n = t->root; n; n = sgft__node_next_preorder(n)) {
        if (n->off + 1 > end)
            end = n->off + 1;
        for (prop *p = n->props; p; p = p->next)
            for (value *v = p->values; v; v = v->next)
                if (v->off + v->len + 1 > end)
                    end = v->off + v->len + 1;
    }
    uint64_t have = ctx->in.win + ctx->in.len;
    return end < have ? end : have;
}

game_tree *sgft__tree_alloc(void) {
    struct owned_tree *o = calloc(1, sizeof *o);
    return o ? &o->t : NULL;
}

void sgft__tree_dealloc(game_tree *t) { free(t); /* the struct owned_tree */ }

/* Puts t, with its own, first in the list of ctx's owned trees. */
static void owned_link(sgft_ctx *ctx, game_tree *t) {
    struct owned_tree *o = (struct owned_tree *)t;
    t->own = &o->own;
    t->ctx = ctx;
    o->own.prev = NULL;
    o->own.next = ctx->owned;
    if (ctx->owned)
        ctx->owned->own->prev = t;
    ctx->owned = t;
}

game_tree *sgft__tree_own(sgft_ctx *ctx, game_tree *held) {
    struct tree_own *own = &((struct owned_tree *)held)->own;
    const input *in = &ctx->in;
    uint64_t from = held->off < in->base.off ? in->base.off : held->off;
    uint64_t end = text_end(ctx, held);
    size_t len = end > from ? (size_t)(end - from) : 0;
    /* The copy goes to the context's arena, with the tree, before the
     * arena changes hands. */
    char *text = sgft__arena_strndup(&ctx->tree_arena, in_ptr(in, from), len);
    if (!text)
        return NULL;
    *own = (struct tree_own){0};
    own->text.data = text;
    own->text.len = len;
    own->text.win = from;
    own->text.eof = true;
    own->text.borrowed = true;
    sgft__input_position(&ctx->in, from, &own->text.base.line,
                         &own->text.base.col);
    own->text.base.off = from;
    own->text.far = own->text.cur = own->text.base;
    for (node *n = held->root; n; n = sgft__node_next_preorder(n))
        for (prop *p = n->props; p; p = p->next)
            for (value *v = p->values; v; v = v->next)
                if (!v->text)
                    v->text = text + (size_t)(v->off - from);
    /* The blocks in use go with the tree; the spare stays. */
    own->mem = ctx->tree_arena;
    own->mem.spare = NULL;
    arena_block *spare = ctx->tree_arena.spare;
    sgft__arena_init(&ctx->tree_arena);
    ctx->tree_arena.spare = spare;
    owned_link(ctx, held);
    return held;
}

/* The position of off in the text of tree t (as sgft__input_position). */
static int position(const game_tree *t, uint64_t off, sgft_position *out) {
    input *in = t->own ? &t->own->text : &t->ctx->in;
    if (t->own && !in->data)
        return 0;
    out->offset = off;
    sgft__input_position(in, off, &out->line, &out->col);
    return 1;
}

/* --- the public API of owned trees, walks and edits of nodes ------------- */

sgft_tree *sgft_tree_new(sgft_ctx *ctx, int gm) {
    if (!ctx || gm < 1) {
        errno = EINVAL;
        return NULL;
    }
    game_tree *t = owned_new(ctx);
    if (!t) {
        errno = ENOMEM;
        return NULL;
    }
    t->ff = 4;
    t->gm = gm;
    t->root = sgft_node_new(t);
    if (!t->root) {
        owned_free(t);
        errno = ENOMEM;
        return NULL;
    }
    t->root->flags &= ~NODEF_LOOSE;
    return t;
}

void sgft_tree_free(sgft_tree *t) {
    if (t && t->own)
        owned_free(t);
}

sgft_node *sgft_node_new(sgft_tree *t) {
    if (!t)
        return NULL;
    arena *a = t->own ? &t->own->mem : &t->ctx->tree_arena;
    node *n = sgft__arena_alloc(a, sizeof *n);
    if (!n)
        return NULL;
    memset(n, 0, sizeof *n);
    n->flags = NODEF_NEW | NODEF_LOOSE;
    return n;
}

/* Whether node v may be linked with place as its parent: v is detached
 * and place is not in v's subtree. */
static bool may_link(const node *v, const node *place) {
    if (!v || !place || !(v->flags & NODEF_LOOSE))
        return false;
    for (const node *a = place; a; a = a->parent)
        if (a == v)
            return false;
    return true;
}

/* A node a program made takes the offset of the place it is linked at,
 * for the messages of a check (its position stays none). */
static void place_new(node *n, const node *at) {
    if ((n->flags & NODEF_NEW) && !n->off)
        n->off = at->off;
}

int sgft_node_append_child(sgft_node *parent, sgft_node *n) {
    if (!may_link(n, parent))
        return SGFT_EINVAL;
    place_new(n, parent);
    sgft__node_link_child(n, parent);
    return 0;
}

int sgft_node_insert_before(sgft_node *sibling, sgft_node *n) {
    if (!sibling || !sibling->parent || !may_link(n, sibling->parent))
        return SGFT_EINVAL;
    place_new(n, sibling);
    sgft__node_link_before(n, sibling);
    return 0;
}

int sgft_node_insert_after(sgft_node *sibling, sgft_node *n) {
    if (!sibling || !sibling->parent || !may_link(n, sibling->parent))
        return SGFT_EINVAL;
    place_new(n, sibling);
    sgft__node_link_after(n, sibling);
    return 0;
}

int sgft_node_unlink(sgft_node *n) {
    if (!n || (!n->parent && !(n->flags & NODEF_LOOSE)))
        return SGFT_EINVAL; /* a root */
    if (n->parent)
        sgft__node_unlink(n);
    return 0;
}

int sgft_node_delete(sgft_node *n) {
    /* Unlinked, the subtree is out of reach: its memory goes with the
     * tree's.  Neither detached nor linked, the node is refused by the
     * calls that link, unlink or delete (as a root is). */
    int st = sgft_node_unlink(n);
    if (!st)
        n->flags &= ~NODEF_LOOSE;
    return st;
}

int sgft_value_delete(sgft_node *n, sgft_prop *p, sgft_value *v) {
    if (!n || !p || !v)
        return SGFT_EINVAL;
    prop *q = n->props;
    while (q && q != p)
        q = q->next;
    value *prev = NULL, *w = q ? p->values : NULL;
    for (; w && w != v; w = w->next)
        prev = w;
    if (!w)
        return SGFT_EINVAL;
    sgft__value_unlink(p, prev, v);
    v->next = NULL;
    if (!p->values)
        sgft__prop_unlink(n, p);
    return 0;
}

int sgft_node_position(const sgft_tree *t, const sgft_node *n,
                       sgft_position *out) {
    if (!t || !n || !out)
        return SGFT_EINVAL;
    *out = (sgft_position){0};
    return n->flags & NODEF_NEW ? 0 : position(t, n->off, out);
}

int sgft_prop_position(const sgft_tree *t, const sgft_prop *p,
                       sgft_position *out) {
    if (!t || !p || !out)
        return SGFT_EINVAL;
    *out = (sgft_position){0};
    return p->flags & PROPF_NEW ? 0 : position(t, p->off, out);
}

int sgft_value_position(const sgft_tree *t, const sgft_value *v,
                        sgft_position *out) {
    if (!t || !v || !out)
        return SGFT_EINVAL;
    *out = (sgft_position){0};
    return v->flags & VALF_NEW || !v->off ? 0 : position(t, v->off - 1, out);
}

/* The walk: the node of the last event and that event. */
struct sgft_iter {
    node *root, *cur;
    int last; /* 0 before the first event, SGFT_ITER_ENTER or _EXIT */
};

sgft_iter *sgft_iter_new(sgft_tree *t) {
    if (!t || !t->root) {
        errno = EINVAL;
        return NULL;
    }
    sgft_iter *it = malloc(sizeof *it);
    if (!it) {
        errno = ENOMEM;
        return NULL;
    }
    *it = (sgft_iter){.root = t->root, .cur = NULL, .last = 0};
    return it;
}

int sgft_iter_next(sgft_iter *it, sgft_node **out) {
    node *n = it->cur;
    if (!it->last) {
        n = it->root;
        it->last = SGFT_ITER_ENTER;
    } else if (it->last == SGFT_ITER_ENTER) {
        if (n->child) {
            n = n->child;
        } else {
            it->last = SGFT_ITER_EXIT;
        }
    } else if (!n || n == it->root) {
        n = NULL; /* the end */
    } else if (n->next) {
        n = n->next;
        it->last = SGFT_ITER_ENTER;
    } else {
        n = n->parent;
    }
    it->cur = n;
    if (out)
        *out = n;
    return n ? it->last : 0;
}

void sgft_iter_free(sgft_iter *it) { free(it); }
