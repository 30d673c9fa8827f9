/* fix.c - transformations of the tree structure: reversing the order of
 * variations (-z) and deleting empty nodes (-n).  Both walk the tree
 * without recursion and only relink nodes of the tree arena. */
#include "internal.h"

/* The node after n's whole subtree in pre-order. */
static node *after_subtree(node *n) {
    while (n) {
        if (n->next)
            return n->next;
        n = n->parent;
    }
    return NULL;
}

/* -z: reverses the children of every node; a node with more than 100
 * variations keeps its order (64), as SGFC does. */
void sgft__fix_reverse_variations(sgft_ctx *ctx, game_tree *tree) {
    for (node *n = tree->root; n; n = sgft__node_next_preorder(n)) {
        if (!n->child || !n->child->next)
            continue;
        size_t count = 0;
        for (node *c = n->child; c; c = c->next)
            count++;
        if (count > 100) {
            sgft__report(ctx, M_TOO_MANY_VARIATIONS, true, n->off, NULL);
            continue;
        }
        node *rev = NULL;
        n->last_child = n->child;
        for (node *c = n->child, *next; c; c = next) {
            next = c->next;
            c->next = rev;
            rev = c;
        }
        n->child = rev;
    }
}

/* Replaces n, in its parent's list of children, by n's own children. */
static void splice_out(node *n) {
    node *parent = n->parent;
    node *prev = NULL;
    for (node *c = parent->child; c != n; c = c->next)
        prev = c;
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

/* -n: deletes nodes without properties (55), except the root and a node
 * that has siblings and more than one child (deleting it would merge its
 * variations into its siblings'). */
void sgft__fix_delete_empty_nodes(sgft_ctx *ctx, game_tree *tree) {
    node *n = tree->root ? sgft__node_next_preorder(tree->root) : NULL;
    while (n) {
        bool siblings = n->parent->child != n || n->next;
        bool branches = n->child && n->child->next;
        if (n->props || (siblings && branches)) {
            n = sgft__node_next_preorder(n);
            continue;
        }
        node *next = n->child ? n->child : after_subtree(n);
        sgft__report(ctx, M_EMPTY_NODE_DELETED, true, n->off, NULL);
        splice_out(n);
        n = next;
    }
}
