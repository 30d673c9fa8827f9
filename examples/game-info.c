/* game-info.c - prints, for each game of a collection, its players, who
 * won and how, the margin, the komi and the first date: an example of
 * the typed game-info (sgft_tree_game_info).
 *
 *   cc game-info.c $(pkg-config --cflags --libs libsgftidy) -o game-info
 *   ./game-info games.sgf
 */
#include <sgftidy.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *const winners[] = {"unknown", "black", "white", "none"};
static const char *const kinds[] = {"unknown", "score",   "resign", "time",
                                    "forfeit", "draw",    "void"};

/* A player's name as written in the file (escapes kept), or "?". */
static void print_name(const char *what, sgft_span name) {
    if (name.data)
        printf("%s \"%.*s\"", what, (int)name.len, name.data);
    else
        printf("%s ?", what);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.sgf\n", argv[0]);
        return 2;
    }
    /* Messages of the parse are not wanted here: no callback. */
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    if (!ctx) {
        fprintf(stderr, "%s: %s\n", argv[0], sgft_strerror(SGFT_ENOMEM));
        return 1;
    }
    sgft_reader *r = sgft_reader_open(ctx, argv[1]);
    if (!r) {
        /* errno says why: no such file, a folder, out of memory ... */
        fprintf(stderr, "%s: %s: %s\n", argv[0], argv[1], strerror(errno));
        sgft_ctx_free(ctx);
        return 1;
    }
    sgft_tree *tree;
    int st;
    while ((st = sgft_reader_next(r, &tree)) == 1) {
        /* The values as written: the typed readers read the forms the
         * checks would repair (RE[b+r]) as they would write them. */
        sgft_game_info g;
        g.size = sizeof g;
        st = sgft_tree_game_info(tree, &g);
        if (st < 0)
            break;
        printf("game %lu: ", sgft_tree_index(tree));
        print_name("black", g.black);
        print_name(", white", g.white);
        if (g.has_result)
            printf("; winner %s, %s", winners[g.result.winner],
                   kinds[g.result.kind]);
        else
            printf("; no result");
        if (g.result.has_margin)
            printf(", margin %g", g.result.margin);
        if (g.has_komi)
            printf("; komi %g", g.komi);
        else
            printf("; no komi");
        if (g.has_date)
            printf("; first date %04d-%02d-%02d\n", g.first_date.year,
                   g.first_date.month, g.first_date.day);
        else
            printf("; no date\n");
    }
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
    if (st < 0) {
        fprintf(stderr, "%s: %s: %s\n", argv[0], argv[1], sgft_strerror(st));
        return 1;
    }
    return 0;
}
