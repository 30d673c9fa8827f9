/* check.c - the rules that apply to a whole game tree.
 *
 * Reads the root properties (FF, GM, CA), normalizes them for FF[4]
 * output, and checks every property of every node against the catalogue:
 * unknown properties (35, deleted with -u), properties deleted on request
 * (-y, 29) and lowercase letters in FF[4] identifiers (16).  The walk is
 * iterative; the tree may be of any depth.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The number at the start of a raw value (leading white space skipped), or
 * def when there is none. */
static long leading_number(const char *s, size_t len, long def) {
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
                       s[i] == '\r'))
        i++;
    if (i == len || s[i] < '0' || s[i] > '9')
        return def;
    long n = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
        if (n > 100000000)
            return def;
        n = n * 10 + (s[i] - '0');
    }
    return n;
}

static long prop_number(sgft_ctx *ctx, prop *p, long def) {
    if (!p || !p->values)
        return def;
    return leading_number(value_bytes(ctx, p->values), p->values->len, def);
}

/* Whether a CA value names UTF-8 (any case, with or without the dash). */
static bool names_utf8(const char *s, size_t len) {
    char t[8];
    size_t n = 0;
    for (size_t i = 0; i < len && n < sizeof t; i++) {
        char c = s[i];
        if (c == '-' || c == '_' || c == ' ')
            continue;
        t[n++] = (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
    }
    return n == 4 && memcmp(t, "UTF8", 4) == 0;
}

static bool tree_is_utf8(sgft_ctx *ctx, node *root) {
    for (node *n = root; n; n = sgft__node_next_preorder(n))
        for (prop *p = n->props; p; p = p->next)
            for (value *v = p->values; v; v = v->next)
                if (!sgft__utf8_valid(value_bytes(ctx, v), v->len))
                    return false;
    return true;
}

/* Sets root property id to text, adding the property when it is absent. */
static bool set_root(sgft_ctx *ctx, node *root, prop_id id, const char *text) {
    prop *p = sgft__prop_find(root, id);
    if (!p) {
        p = sgft__prop_add(ctx, root, id, NULL, 0, root->off);
        if (!p)
            return false;
    }
    return sgft__prop_set_text(ctx, p, text, strlen(text));
}

/* Writes FF[4], GM and (when the text is UTF-8) CA[UTF-8] into the root. */
static int normalize_root(sgft_ctx *ctx, game_tree *tree) {
    node *root = tree->root;
    prop *ca = sgft__prop_find(root, P_CA);
    bool utf8 = ca && ca->values &&
                names_utf8(value_bytes(ctx, ca->values), ca->values->len);
    if (!ca)
        utf8 = tree_is_utf8(ctx, root);
    if (!set_root(ctx, root, P_FF, "4"))
        return SGFT_ENOMEM;
    if (utf8 && !set_root(ctx, root, P_CA, "UTF-8"))
        return SGFT_ENOMEM;
    if (!sgft__prop_find(root, P_GM)) {
        char gm[24];
        snprintf(gm, sizeof gm, "%d", tree->gm);
        if (!set_root(ctx, root, P_GM, gm))
            return SGFT_ENOMEM;
    }
    return 0;
}

static void check_props(sgft_ctx *ctx, game_tree *tree, node *n) {
    prop *next;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        report r = {0};
        r.prop = p->name;
        if (p->id != P_UNKNOWN && ctx->deleted[p->id]) {
            sgft__report(ctx, M_PROP_DELETED, true, p->off, &r);
            sgft__prop_unlink(n, p);
            continue;
        }
        if ((p->flags & PROPF_LOWERCASE) && tree->ff >= 4) {
            r.old = p->raw_name;
            sgft__report(ctx, M_LOWERCASE_ID, true, p->off, &r);
        }
        if (p->id == P_UNKNOWN) {
            r.detail = ctx->opt.delete_unknown ? "deleted" : "kept";
            sgft__report(ctx, M_UNKNOWN_PROP, true, p->off, &r);
            if (ctx->opt.delete_unknown)
                sgft__prop_unlink(n, p);
        }
    }
}

int sgft__check_tree(sgft_ctx *ctx, game_tree *tree) {
    node *root = tree->root;
    tree->ff = (int)prop_number(ctx, sgft__prop_find(root, P_FF), 1);
    tree->gm = (int)prop_number(ctx, sgft__prop_find(root, P_GM), 1);
    for (node *n = root; n; n = sgft__node_next_preorder(n))
        check_props(ctx, tree, n);
    if (ctx->opt.delete_empty_nodes)
        sgft__fix_delete_empty_nodes(ctx, tree);
    if (ctx->opt.reverse_variations)
        sgft__fix_reverse_variations(ctx, tree);
    return normalize_root(ctx, tree);
}
