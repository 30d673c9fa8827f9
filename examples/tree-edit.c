/* tree-edit.c - the tree API as a whole: a walk with enter and exit
 * events, positions as read, trees kept after their reader is gone,
 * nodes moved and deleted, and a tree built from nothing, each step
 * printed (tests/examples.sh compares the text).  An example of the calls,
 * and their test: only sgftidy.h is used.
 *
 *   cc tree-edit.c $(pkg-config --cflags --libs libsgftidy) -o tree-edit
 *   ./tree-edit
 */
#include <sgftidy.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The name of a node: the raw text of its N, else of its first
 * property's first value, or "-". */
static void put_name(sgft_ctx *ctx, sgft_node *n) {
    sgft_prop *p = sgft_node_find(n, "N");
    if (!p)
        p = sgft_node_props(n);
    size_t len = 1;
    const char *s = p ? sgft_value_raw(ctx, sgft_prop_values(p), &len) : "-";
    fwrite(s, 1, len, stdout);
}

/* The walk of tree in one line: "+a" at the enter of node a, "-a" at
 * its exit. */
static void walk(sgft_ctx *ctx, sgft_tree *tree) {
    sgft_iter *it = sgft_iter_new(tree);
    sgft_node *n;
    int ev;
    const char *sep = "";
    while ((ev = sgft_iter_next(it, &n))) {
        printf("%s%c", sep, ev == SGFT_ITER_ENTER ? '+' : '-');
        put_name(ctx, n);
        sep = " ";
    }
    printf("\n");
    sgft_iter_free(it);
}

/* Writes tree, with a title. */
static void write_tree(sgft_ctx *ctx, const char *title, sgft_tree *tree) {
    sgft_buffer b = {0};
    int st = sgft_tree_write(ctx, tree, sgft_buffer_write, &b);
    printf("%s (%d):\n%s", title, st, b.data ? b.data : "");
    free(b.data);
}

static void print_pos(const char *what, int st, const sgft_position *p) {
    printf("%s: %d, line %lu col %lu offset %llu\n", what, st, p->line,
           p->col, (unsigned long long)p->offset);
}

/* The positions of the second node of tree (the root's first child), of
 * its first property and of that property's first value. */
static void positions(sgft_tree *tree) {
    sgft_node *n = sgft_node_child(sgft_tree_root(tree));
    sgft_prop *p = sgft_node_props(n);
    sgft_position pos;
    print_pos("node", sgft_node_position(tree, n, &pos), &pos);
    print_pos("property", sgft_prop_position(tree, p, &pos), &pos);
    print_pos("value", sgft_value_position(tree, sgft_prop_values(p), &pos),
              &pos);
}

/* Moves, deletes and refusals on the first tree: a(b) and c below r. */
static void edit(sgft_ctx *ctx, sgft_tree *t) {
    sgft_node *r = sgft_tree_root(t), *a = sgft_node_child(r);
    sgft_node *b = sgft_node_child(a), *c = sgft_node_next(a);
    printf("unlink c: %d\n", sgft_node_unlink(c));
    printf("c before a: %d\n", sgft_node_insert_before(a, c));
    walk(ctx, t);
    printf("a linked twice: %d\n", sgft_node_append_child(r, a));
    printf("unlink a: %d\n", sgft_node_unlink(a));
    printf("a below b, its child: %d\n", sgft_node_append_child(b, a));
    printf("a below a: %d\n", sgft_node_append_child(a, a));
    printf("a after c: %d\n", sgft_node_insert_after(c, a));
    printf("a after the root: %d\n", sgft_node_insert_after(r, a));
    printf("delete the root: %d\n", sgft_node_delete(r));
    printf("unlink the root: %d\n", sgft_node_unlink(r));
    walk(ctx, t);
    /* The variation c goes below b: the main line r a b c. */
    printf("unlink c: %d\n", sgft_node_unlink(c));
    printf("c below b: %d\n", sgft_node_append_child(b, c));
    sgft_node *d = sgft_node_new(t);
    sgft_prop *n = sgft_node_add_prop(ctx, d, "N");
    sgft_prop_add_value(ctx, n, "d");
    printf("d after a: %d\n", sgft_node_insert_after(a, d));
    walk(ctx, t);
    printf("delete b: %d\n", sgft_node_delete(b));
    printf("b again: %d %d\n", sgft_node_append_child(r, b),
           sgft_node_delete(b));
    walk(ctx, t);
    sgft_position pos;
    print_pos("new node", sgft_node_position(t, d, &pos), &pos);
    print_pos("new property", sgft_prop_position(t, n, &pos), &pos);
    print_pos("new value",
              sgft_value_position(t, sgft_prop_values(n), &pos), &pos);
}

/* A tree from nothing: Go on a 9x9 board, two moves and a variation. */
static sgft_tree *build(sgft_ctx *ctx) {
    sgft_tree *t = sgft_tree_new(ctx, 1);
    sgft_node *root = sgft_tree_root(t);
    const char *root_props[][2] = {
        {"FF", "4"}, {"GM", "1"}, {"SZ", "9"}, {"PB", "Black [1]"}};
    for (size_t i = 0; i < sizeof root_props / sizeof *root_props; i++)
        sgft_prop_add_value(ctx, sgft_node_add_prop(ctx, root, root_props[i][0]),
                            root_props[i][1]);
    /* AB[cc][gg][ee], then its first value deleted; a C whose only
     * value goes takes the property with it. */
    sgft_prop *ab = sgft_node_add_prop(ctx, root, "AB");
    sgft_prop_add_value(ctx, ab, "cc");
    sgft_prop_add_value(ctx, ab, "gg");
    sgft_prop_add_value(ctx, ab, "ee");
    sgft_prop *c = sgft_node_add_prop(ctx, root, "C");
    sgft_prop_add_value(ctx, c, "gone");
    printf("delete cc: %d\n", sgft_value_delete(root, ab, sgft_prop_values(ab)));
    printf("delete the C: %d\n", sgft_value_delete(root, c, sgft_prop_values(c)));
    printf("C left: %s\n", sgft_node_find(root, "C") ? "yes" : "no");
    printf("delete a value not of AB: %d\n",
           sgft_value_delete(root, ab, sgft_prop_values(c)));
    const char *moves[][2] = {{"B", "dd"}, {"W", "ff"}, {"W", "dc"}};
    sgft_node *n[3];
    for (int i = 0; i < 3; i++) {
        n[i] = sgft_node_new(t);
        sgft_prop_add_value(ctx, sgft_node_add_prop(ctx, n[i], moves[i][0]),
                            moves[i][1]);
    }
    sgft_node_append_child(root, n[0]);
    sgft_node_append_child(n[0], n[1]);
    sgft_node_append_child(n[0], n[2]);
    sgft_position pos;
    print_pos("built root", sgft_node_position(t, root, &pos), &pos);
    return t;
}

static const char collection[] =
    "(;GM[1]FF[4]N[r]\n"
    "(;N[a]\n"
    ";N[b])\n"
    "(;N[c]))\n"
    "(;GM[1]FF[4]SZ[9]\n"
    "  ;B[ee]C[second\n"
    "game];W[cc])\n";

int main(void) {
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    if (!ctx)
        return 1;
    sgft_reader *r = sgft_reader_memory(ctx, collection, strlen(collection));
    sgft_tree *held, *t1, *t2;
    errno = 0;
    sgft_tree *none = sgft_reader_detach(r);
    printf("detach before a tree: %s, %s\n", none ? "tree" : "NULL",
           errno == EINVAL ? "EINVAL" : "?");
    /* The first tree as its reader holds it, then made the caller's. */
    sgft_reader_next(r, &held);
    walk(ctx, held);
    positions(held);
    sgft_tree_check(ctx, held);
    t1 = sgft_reader_detach(r);
    printf("detached: %s, again: %s\n", t1 == held ? "the same tree" : "?",
           sgft_reader_detach(r) ? "tree" : "NULL");
    printf("check an owned tree: %d\n", sgft_tree_check(ctx, t1));
    sgft_reader_next(r, &held);
    sgft_tree_check(ctx, held);
    t2 = sgft_reader_detach(r);
    printf("next: %d\n", sgft_reader_next(r, &held));
    sgft_reader_free(r);
    /* Both trees, after the reader's free. */
    walk(ctx, t1);
    positions(t1);
    positions(t2);
    write_tree(ctx, "first", t1);
    write_tree(ctx, "second", t2);
    edit(ctx, t1);
    write_tree(ctx, "first, edited", t1);
    sgft_tree_free(t1);
    write_tree(ctx, "second, still", t2);

    sgft_tree *built = build(ctx);
    walk(ctx, built);
    write_tree(ctx, "built", built);
    sgft_tree_free(built);

    /* A main line of 200000 nodes, walked. */
    size_t nodes = 200000;
    char *deep = malloc(nodes * 6 + 16);
    size_t len = 0;
    len += (size_t)sprintf(deep, "(;GM[1]");
    for (size_t i = 1; i < nodes; i++)
        len += (size_t)sprintf(deep + len, ";%c[aa]", i % 2 ? 'B' : 'W');
    len += (size_t)sprintf(deep + len, ")");
    r = sgft_reader_memory(ctx, deep, len);
    sgft_reader_next(r, &held);
    sgft_tree *long_line = sgft_reader_detach(r);
    sgft_reader_free(r);
    free(deep);
    sgft_iter *it = sgft_iter_new(long_line);
    sgft_node *n;
    unsigned long enters = 0, exits = 0, depth = 0, deepest = 0;
    for (int ev; (ev = sgft_iter_next(it, &n));) {
        if (ev == SGFT_ITER_ENTER) {
            enters++;
            if (++depth > deepest)
                deepest = depth;
        } else {
            exits++;
            depth--;
        }
    }
    sgft_iter_free(it);
    printf("long line: %lu enters, %lu exits, %lu deep\n", enters, exits,
           deepest);
    /* t2 and the long line are left to the context's free. */
    sgft_ctx_free(ctx);
    return 0;
}
