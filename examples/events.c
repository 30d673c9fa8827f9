/* events.c - prints one line per property, indented by the depth of its
 * node, with no tree built: an example of the event API.
 *
 *   cc events.c $(pkg-config --cflags --libs libsgftidy) -o events
 *   ./events game.sgf
 */
#include <sgftidy.h>

#include <stdio.h>

typedef struct state {
    unsigned long depth; /* of the current node */
    int values;          /* of the current property */
} state;

static void tree_begin(void *data, unsigned long index) {
    (void)data;
    printf("game %lu", index);
}

static void node(void *data, unsigned long depth) {
    ((state *)data)->depth = depth;
}

static void property(void *data, const char *id) {
    state *s = data;
    s->values = 0;
    printf("\n%*s%s", (int)(2 * s->depth + 2), "", id);
}

static void value(void *data, const char *raw, size_t len) {
    ((state *)data)->values++;
    printf("[%.*s]", (int)len, raw);
}

static void tree_end(void *data) {
    (void)data;
    printf("\n");
}

static long read_file(void *data, char *buf, size_t cap) {
    size_t n = fread(buf, 1, cap, data);
    return n == 0 && ferror((FILE *)data) ? -1 : (long)n;
}

int main(int argc, char **argv) {
    FILE *f = argc == 2 ? fopen(argv[1], "rb") : NULL;
    if (!f) {
        fprintf(stderr, "usage: %s FILE.sgf\n", argv[0]);
        return 2;
    }
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    const sgft_events ev = {tree_begin, node, property, value, tree_end};
    state s = {0, 0};
    int st = ctx ? sgft_parse_events(ctx, read_file, f, &ev, &s) : -1;
    sgft_ctx_free(ctx);
    fclose(f);
    return st == 0 ? 0 : 1;
}
