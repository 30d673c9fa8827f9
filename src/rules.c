/* rules.c - the rule engine: runs the rules of rule_list.h over one game
 * tree, and the table of the rules.
 *
 * The work on a tree, one pass over its nodes, in two stages of the
 * pipeline (pipeline.c), which converts the values with -E2 between them:
 *   1. the charset rules (PH_CHARSET: sgft__check_charset);
 *   2. (sgft__check_nodes) the root rules (PH_ROOT): FF, GM and SZ decide
 *      how the rest of the tree is read;
 *   3. every node in pre-order, without recursion (the tree may be of any
 *      depth): the node rules PH_NODE_FIRST; the property rules of each
 *      property (PH_PROPERTY); PH_NODE_AGAIN; the rules of each property
 *      whose values are checked (PH_VALUES) and of each of its values
 *      (PH_VALUE); PH_NODE; for games with a board (Go), the replay of
 *      the node (execute.c) and the repairs it asks for (fix.c); PH_BOARD;
 *   4. the tree rules (PH_TREE).
 * Within a phase the rules run in the order of rule_list.h.  The calls of
 * each phase are generated from the list, so a phase costs only the calls
 * of its own rules.  A node split by a rule hands the moved properties to
 * the new node, which the walk reaches next; they are marked checked and
 * not checked twice.
 */
#include "rules.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* --- the phases, generated from rule_list.h ------------------------------ */

static void run_charset(checker *k) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if ((phases) & PH_CHARSET)                  \
        fn(k, k->tree->root, NULL, NULL);
#include "rule_list.h"
#undef RULE
}

static void run_root(checker *k) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if ((phases) & PH_ROOT)                     \
        fn(k, k->tree->root, NULL, NULL);
#include "rule_list.h"
#undef RULE
}

static void run_node_first(checker *k, node *n) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if ((phases) & PH_NODE_FIRST)               \
        fn(k, n, NULL, NULL);
#include "rule_list.h"
#undef RULE
}

static void run_property(checker *k, node *n, prop *p) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if (((phases) & PH_PROPERTY) && !fn(k, n, p, NULL)) \
        return;
#include "rule_list.h"
#undef RULE
}

static void run_node_again(checker *k, node *n) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if ((phases) & PH_NODE_AGAIN)               \
        fn(k, n, NULL, NULL);
#include "rule_list.h"
#undef RULE
}

static void run_values(checker *k, node *n, prop *p) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if ((phases) & PH_VALUES)                   \
        fn(k, n, p, NULL);
#include "rule_list.h"
#undef RULE
}

static bool run_value(checker *k, node *n, prop *p, value *v) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if (((phases) & PH_VALUE) && !fn(k, n, p, v)) \
        return false;
#include "rule_list.h"
#undef RULE
    return true;
}

static void run_node(checker *k, node *n) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if ((phases) & PH_NODE)                     \
        fn(k, n, NULL, NULL);
#include "rule_list.h"
#undef RULE
}

static void run_board(checker *k, node *n) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if ((phases) & PH_BOARD)                    \
        fn(k, n, NULL, NULL);
#include "rule_list.h"
#undef RULE
}

static void run_tree(checker *k) {
#define RULE(key, scope, phases, plain, fn, text, ...) \
    if ((phases) & PH_TREE)                     \
        fn(k, k->tree->root, NULL, NULL);
#include "rule_list.h"
#undef RULE
}

/* --- the walk -------------------------------------------------------------- */

static void check_props(checker *k, node *n);

/* --- plain moves, as rule_list.h declares them ------------------------- */

/* Whether n is a plain move (rule_list.h): the common node of a Go game,
 * one B or W, not in the root, as written in FF[4] (uppercase, not moved
 * by a split), with one value of two letters on the board, of an id that
 * k->plain_ids lets be plain in this tree.  Every rule that is called at
 * the nodes before the replay says in rule_list.h what it does on such a
 * node: SKIP (nothing: there is no second property to merge or to split
 * off, the identifier is known in every FF version, and the value is what
 * check_move of rules_value.c keeps as it is), RUN or ON_PLAIN.  The walk
 * calls those (run_plain) and goes on to the replay. */
static bool plain_move(const checker *k, const node *n, int *x, int *y) {
    const prop *p = n->props;
    if (!p || p->next || p->flags || !n->parent)
        return false;
    unsigned bit = p->id == P_B ? 1 : p->id == P_W ? 2 : 0;
    if (!(k->plain_ids & bit))
        return false;
    const value *v = p->values;
    if (!v || v->next || v->len != 2)
        return false;
    const char *s = value_bytes(k->ctx, v);
    *x = sgft__point_coord(s[0]);
    *y = sgft__point_coord(s[1]);
    /* (on the board, so not [tt], a pass beyond it up to 19x19) */
    return (unsigned)*x < (unsigned)k->cols && (unsigned)*y < (unsigned)k->rows;
}

/* The words of the plain column of rule_list.h, as kinds (PL_*, rules.h)
 * and as the set of B (1) and W (2) a rule leaves alone in tree k. */
#define PK_NA PL_NA
#define PK_SKIP PL_SKIP
#define PK_SKIP_WHEN(f) PL_SKIP
#define PK_RUN PL_RUN
#define PK_ON_PLAIN(f) PL_ON_PLAIN
#define PM_NA 3u
#define PM_SKIP 3u
#define PM_SKIP_WHEN(f) f(k)
#define PM_RUN 3u
#define PM_ON_PLAIN(f) 3u
/* ... and the call at a plain move n of a rule that says ON_PLAIN */
#define PP_NA
#define PP_SKIP
#define PP_SKIP_WHEN(f)
#define PP_RUN
#define PP_ON_PLAIN(f) f(k, n);

/* The phases of the nodes before the replay, which a plain move skips. */
#define PH_BEFORE_REPLAY                                                      \
    (PH_NODE_FIRST | PH_PROPERTY | PH_NODE_AGAIN | PH_VALUES | PH_VALUE |     \
     PH_NODE)

/* Each rule says what it does at a plain move exactly when it is called
 * before the replay; a rule that runs there is a node rule (a property or
 * value rule that must see plain moves says SKIP_WHEN, and the moves it
 * would see are walked in full). */
#define RULE(key, scope, phases, plain, fn, text, ...)                        \
    _Static_assert((PK_##plain == PL_NA) == !((phases) & PH_BEFORE_REPLAY),   \
                   #key ": plain is NA exactly when no phase is before the "  \
                   "replay");                                                 \
    _Static_assert((PK_##plain != PL_RUN && PK_##plain != PL_ON_PLAIN) ||     \
                       !((phases) & (PH_PROPERTY | PH_VALUES | PH_VALUE)),    \
                   #key ": only a node rule runs at a plain move");
#include "rule_list.h"
#undef RULE

/* Which of B and W may be plain moves in this tree: those every rule
 * leaves alone; none in a game without points, nor when every node is to
 * be walked in full. */
static unsigned plain_ids(const checker *k) {
    if (!k->game->points || k->walk_all)
        return 0;
    unsigned ids = 3;
#define RULE(key, scope, phases, plain, fn, text, ...) ids &= PM_##plain;
#include "rule_list.h"
#undef RULE
    return ids;
}

/* The rules that act at plain move n (RUN, ON_PLAIN), phase by phase. */
static void run_plain(checker *k, node *n) {
#define RULE(key, scope, phases, plain, fn, text, ...)                        \
    if ((phases) & PH_NODE_FIRST) {                                           \
        if (PK_##plain == PL_RUN)                                             \
            fn(k, n, NULL, NULL);                                             \
        PP_##plain                                                            \
    }
#include "rule_list.h"
#undef RULE
#define RULE(key, scope, phases, plain, fn, text, ...)                        \
    if ((phases) & PH_NODE_AGAIN) {                                           \
        if (PK_##plain == PL_RUN)                                             \
            fn(k, n, NULL, NULL);                                             \
        PP_##plain                                                            \
    }
#include "rule_list.h"
#undef RULE
#define RULE(key, scope, phases, plain, fn, text, ...)                        \
    if ((phases) & PH_NODE) {                                                 \
        if (PK_##plain == PL_RUN)                                             \
            fn(k, n, NULL, NULL);                                             \
        PP_##plain                                                            \
    }
#include "rule_list.h"
#undef RULE
}

/* --- the walk, continued -------------------------------------------------- */

static void check_node(checker *k, node *n) {
    int x, y;
    bool plain = plain_move(k, n, &x, &y);
    if (plain) {
        n->props->flags |= PROPF_CHECKED;
        run_plain(k, n);
    } else {
        check_props(k, n);
    }
    if (k->board) {
        if (plain)
            sgft__execute_plain(k->board, n, x, y, &k->facts, k->nlater);
        else
            sgft__execute_node(k->board, n, &k->facts, k->nlater);
        if (k->facts.captured)
            n->flags |= NODEF_CAPTURED;
        point_scratch *s;
        if ((k->facts.setup || k->facts.n_marks) && /* else nothing to fix */
            (s = sgft__point_scratch(k)))
            sgft__fix_after_board(k->ctx, n, &k->facts, s->grid, s->origin,
                                  k->cols, k->rows);
    }
    run_board(k, n);
}

/* The rules of n before the replay, phase by phase. */
static void check_props(checker *k, node *n) {
    run_node_first(k, n);
    prop *next;
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        if (!(p->flags & PROPF_CHECKED))
            run_property(k, n, p);
    }
    run_node_again(k, n);
    for (prop *p = n->props; p; p = next) {
        next = p->next;
        if (p->flags & PROPF_CHECKED)
            continue; /* moved here by a split of its node */
        p->flags |= PROPF_CHECKED;
        if (!sgft__values_checked(k, p))
            continue;
        run_values(k, n, p);
        value *prev = NULL, *vnext;
        for (value *v = p->values; v; v = vnext) {
            vnext = v->next;
            if (run_value(k, n, p, v))
                prev = v;
            else
                sgft__fix_delete_value(p, prev, v);
        }
        if (!p->values)
            sgft__fix_delete_prop(n, p);
    }
    run_node(k, n);
}

/* Every node in pre-order.  The siblings still to be walked wait on a
 * stack, so that the end of a line goes on from the last one without
 * climbing back through the nodes of the line.  A rule may give the node
 * it checks new children (a split), never new siblings. */
static void walk(checker *k, node *n) {
    sgft_ctx *ctx = k->ctx;
    k->nlater = 0;
    while (n && !ctx->status) {
        check_node(k, n);
        if (n->next) {
            if (!sgft__vec_grow(&k->later, &k->later_cap, k->nlater + 1,
                                sizeof *k->later, 16)) {
                ctx->status = SGFT_ENOMEM;
                return;
            }
            k->later[k->nlater++] = n->next;
        }
        if (n->child)
            n = n->child;
        else
            n = k->nlater ? k->later[--k->nlater] : NULL;
    }
}

/* A checker for tree: the context's spare one when it has one, with the
 * memory it keeps from tree to tree (its scratch buffers and fact lists,
 * emptied); every other member starts cleared. */
checker *sgft__checker_new(sgft_ctx *ctx, game_tree *tree, int mode) {
    checker *k = ctx->spare_checker;
    ctx->spare_checker = NULL;
    if (!k) {
        k = malloc(sizeof *k);
        if (!k)
            return NULL;
        sgft__buf_init(&k->a);
        sgft__buf_init(&k->b);
        sgft__buf_init(&k->num);
        sgft__buf_init(&k->num_in);
        memset(&k->facts, 0, sizeof k->facts);
        k->later = NULL;
        k->later_cap = 0;
        k->pts = NULL;
        k->nset = 0;
    }
    *k = (checker){.ctx = ctx,
                   .tree = tree,
                   .mode = mode,
                   .game = sgft__game(1),
                   /* kept */
                   .a = k->a,
                   .b = k->b,
                   .num = k->num,
                   .num_in = k->num_in,
                   .facts = k->facts,
                   .later = k->later,
                   .later_cap = k->later_cap,
                   .pts = k->pts,
                   .nset = k->nset};
    sgft__buf_clear(&k->a);
    sgft__buf_clear(&k->b);
    sgft__buf_clear(&k->num);
    sgft__buf_clear(&k->num_in);
    return k;
}

static void checker_destroy(checker *k) {
    sgft__buf_free(&k->a);
    sgft__buf_free(&k->b);
    sgft__buf_free(&k->num);
    sgft__buf_free(&k->num_in);
    sgft__exec_facts_free(&k->facts);
    free(k->later);
    free(k->pts);
    free(k);
}

void sgft__checker_release(sgft_ctx *ctx) {
    if (ctx->spare_checker)
        checker_destroy(ctx->spare_checker);
    ctx->spare_checker = NULL;
}

void sgft__check_charset(checker *k) { run_charset(k); }

void sgft__check_nodes(checker *k) {
    sgft_ctx *ctx = k->ctx;
    run_root(k); /* sets the game and the board size */
    k->plain_ids = plain_ids(k);
    if (k->game->replay &&
        !(k->board = sgft__board_new(ctx, k->cols, k->rows)))
        ctx->status = SGFT_ENOMEM;
    walk(k, k->tree->root);
    run_tree(k);
}

int sgft__checker_end(checker *k) {
    sgft_ctx *ctx = k->ctx;
    bool oom = k->a.oom || k->b.oom || k->num.oom || k->num_in.oom;
    sgft__board_free(k->board);
    k->board = NULL;
    if (oom || ctx->status)
        checker_destroy(k);
    else
        ctx->spare_checker = k; /* for the next tree */
    return oom ? SGFT_ENOMEM : 0;
}

/* --- the rule table (public) ------------------------------------------------ */

typedef struct rule_row {
    const char *key, *text;
    const short *msgs; /* ends with 0 */
    sgft_scope scope;
} rule_row;

static const rule_row rule_rows[] = {
#define RULE(key, scope, phases, plain, fn, text, ...)                        \
    {#key, text, (const short[]){__VA_ARGS__, 0}, scope},
#include "rule_list.h"
#undef RULE
};

size_t sgft_rule_count(void) { return sizeof rule_rows / sizeof rule_rows[0]; }

const char *sgft_rule_key(size_t i) {
    return i < sgft_rule_count() ? rule_rows[i].key : NULL;
}

const char *sgft_rule_text(size_t i) {
    return i < sgft_rule_count() ? rule_rows[i].text : NULL;
}

sgft_scope sgft_rule_scope(size_t i) {
    return i < sgft_rule_count() ? rule_rows[i].scope : SGFT_SCOPE_TREE;
}

const char *sgft_scope_name(sgft_scope scope) {
    switch (scope) {
    case SGFT_SCOPE_VALUE: return "value";
    case SGFT_SCOPE_PROPERTY: return "property";
    case SGFT_SCOPE_NODE: return "node";
    case SGFT_SCOPE_TREE: return "tree";
    case SGFT_SCOPE_GAMEINFO: return "game-info";
    case SGFT_SCOPE_COLLECTION: return "collection";
    }
    return "?";
}

int sgft_rule_message(size_t i, size_t j) {
    if (i >= sgft_rule_count())
        return 0;
    const short *m = rule_rows[i].msgs;
    for (size_t n = 0; n < j; n++)
        if (!m[n])
            return 0;
    return m[j];
}
