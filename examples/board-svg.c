/* board-svg.c - writes the position at the last node of the main line of
 * the first game of a file as an SVG image: an example of
 * sgft_board_svg.
 *
 *   cc board-svg.c $(pkg-config --cflags --libs libsgftidy) -o board-svg
 *   ./board-svg game.sgf >board.svg
 */
#include <sgftidy.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.sgf\n", argv[0]);
        return 2;
    }
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_reader *r = ctx ? sgft_reader_open(ctx, argv[1]) : NULL;
    if (!r) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]);
        return 1;
    }
    sgft_tree *tree;
    int rc = 1;
    if (sgft_reader_next(r, &tree) == 1) {
        /* Checked first: the values the board is played from repaired. */
        sgft_tree_check(ctx, tree);
        /* The main line: the first child, all the way down. */
        sgft_node *n = sgft_tree_root(tree);
        while (sgft_node_child(n))
            n = sgft_node_child(n);
        sgft_svg_options opt;
        sgft_svg_options_init(&opt);
        opt.flags = SGFT_SVG_COORDS;
        char *svg = sgft_board_svg(tree, n, &opt);
        if (svg) {
            rc = fputs(svg, stdout) == EOF || fflush(stdout) ? 1 : 0;
            free(svg);
        } else {
            fprintf(stderr, "%s: %s: no board: %s\n", argv[0], argv[1],
                    strerror(errno));
        }
    } else {
        fprintf(stderr, "%s: %s: no game\n", argv[0], argv[1]);
    }
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
    return rc;
}
