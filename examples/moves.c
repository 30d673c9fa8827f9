/* moves.c - prints, for each game of a collection, the number of moves
 * of its main line and its result: an example of the tree API.
 *
 *   cc moves.c $(pkg-config --cflags --libs libsgftidy) -o moves
 *   ./moves games.sgf
 */
#include <sgftidy.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.sgf\n", argv[0]);
        return 2;
    }
    /* Messages of the check are not wanted here: no callback. */
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_reader *r = ctx ? sgft_reader_open(ctx, argv[1]) : NULL;
    if (!r) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
        return 1;
    }
    sgft_tree *tree;
    while (sgft_reader_next(r, &tree) == 1) {
        /* Checked first: values come out repaired (RE[B+resign] as B+R). */
        sgft_tree_check(ctx, tree);
        unsigned long moves = 0;
        char *result = NULL;
        sgft_node *root = sgft_tree_root(tree);
        sgft_prop *re = sgft_node_find(root, "RE");
        if (re && sgft_prop_values(re))
            result = sgft_value_text(ctx, sgft_prop_values(re), true);
        /* The main line: the first child, all the way down. */
        for (sgft_node *n = root; n; n = sgft_node_child(n))
            if (sgft_node_find(n, "B") || sgft_node_find(n, "W"))
                moves++;
        printf("game %lu: %lu moves, result %s\n", sgft_tree_index(tree),
               moves, result ? result : "unknown");
        free(result);
    }
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
    return 0;
}
