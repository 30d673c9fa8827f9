/* tree.c - nodes, properties and values of one game tree, all allocated in
 * the context's tree arena; unlinking is enough to delete. */
#include "internal.h"

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
