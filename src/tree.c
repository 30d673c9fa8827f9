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
    value *v = sgft__arena_alloc(&ctx->tree_arena, sizeof *v);
    if (!v || !(v->text = sgft__arena_strndup(&ctx->tree_arena, text, len)))
        return NULL;
    v->next = NULL;
    v->off = off;
    v->len = len;
    v->flags = 0;
    if (p->last_value)
        p->last_value->next = v;
    else
        p->values = v;
    p->last_value = v;
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
    if (to->last_value)
        to->last_value->next = from->values;
    else
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
