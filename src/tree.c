/* tree.c - nodes, properties and values of one game tree, all allocated in
 * the context's tree arena; unlinking is enough to delete.  The trees
 * are built by tree_build.c from the parser's events; here are the walks,
 * the public tree API and the edit API that the rules change them with.
 * It calls only what is below it: the arena, the property table and the
 * text of values. */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

node *sgft__node_new(sgft_ctx *ctx, node *parent, uint64_t off) {
    node *n = sgft__arena_alloc(&ctx->tree_arena, sizeof *n);
    if (!n)
        return NULL;
    memset(n, 0, sizeof *n);
    n->off = off;
    n->parent = parent;
    if (parent) {
        if (parent->last_child)
            parent->last_child->next = n;
        else
            parent->child = n;
        parent->last_child = n;
    }
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
    return raw_of(ctx, (value *)v, len);
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
    return sgft__prop_add(ctx, n, pid, id, len, off);
}

int sgft_prop_add_value(sgft_ctx *ctx, sgft_prop *p, const char *text) {
    buf b;
    sgft__buf_init(&b);
    sgft__escape(&b, text, strlen(text), false);
    uint64_t off = p->last_value ? p->last_value->off : p->off;
    value *v = b.oom ? NULL
                     : sgft__value_append(ctx, p, b.data ? b.data : "",
                                          b.len, off);
    sgft__buf_free(&b);
    return v ? 0 : SGFT_ENOMEM;
}

int sgft_prop_set_value(sgft_ctx *ctx, sgft_prop *p, const char *text) {
    p->values = p->last_value = NULL;
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
}
