/* nocomments.c - deletes every comment (C) of a file and writes the file
 * in the normalized form to standard output: an example of the edit API.
 *
 *   cc nocomments.c $(pkg-config --cflags --libs libsgftidy) -o nocomments
 *   ./nocomments game.sgf > clean.sgf
 */
#include <sgftidy.h>

#include <stdio.h>

/* The next node in document order (no recursion: games can be deep). */
static sgft_node *next_node(sgft_node *n) {
    if (sgft_node_child(n))
        return sgft_node_child(n);
    for (; n; n = sgft_node_parent(n))
        if (sgft_node_next(n))
            return sgft_node_next(n);
    return NULL;
}

static void print_diag(const sgft_diag *d, void *file) {
    sgft_print_diag(stderr, SGFT_FORMAT_TEXT, file, d);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.sgf\n", argv[0]);
        return 2;
    }
    sgft_options *opts = sgft_options_new();
    /* Unknown properties are kept without a word. */
    if (!opts || sgft_options_disable(opts, 35) != 0)
        return 1;
    sgft_ctx *ctx = sgft_ctx_new(opts, print_diag, argv[1]);
    sgft_options_free(opts); /* the context has its own copy */
    sgft_reader *r = ctx ? sgft_reader_open(ctx, argv[1]) : NULL;
    if (!r)
        return 1;
    sgft_tree *tree;
    int st = 0;
    unsigned long deleted = 0;
    while (!st && sgft_reader_next(r, &tree) == 1) {
        st = sgft_tree_check(ctx, tree);
        for (sgft_node *n = sgft_tree_root(tree); n && !st; n = next_node(n)) {
            sgft_prop *c;
            while ((c = sgft_node_find(n, "C"))) {
                sgft_node_delete_prop(n, c);
                deleted++;
            }
            /* A note of what was done, in the root of each game. */
            if (!sgft_node_parent(n)) {
                sgft_prop *gc = sgft_node_add_prop(ctx, n, "GC");
                st = gc ? sgft_prop_set_value(ctx, gc, "comments removed")
                        : -1;
            }
        }
        if (!st)
            st = sgft_tree_write(ctx, tree, sgft_file_write, stdout);
    }
    fprintf(stderr, "%lu comment(s) deleted\n", deleted);
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
    return st == 0 ? 0 : 1;
}
