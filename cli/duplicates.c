/* duplicates.c - --duplicates: the game trees of all the files given
 * that are one game, in groups.  Two games are one when their
 * fingerprints (sgft_tree_fingerprint) agree: the same moves up to the
 * symmetries of the board and, without setup stones, a swap of colours;
 * or when one is the start of the other (a truncated copy).
 *
 * Two passes over the files, in memory linear in the number of games: the
 * first keeps one record per game (its hash and length, where it is) in
 * a hash table; the second looks up every prefix of every game among the
 * lengths that some game has, and joins what it finds (union-find). */
#include "duplicates.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Games shorter than this are never grouped: a handful of moves is an
 * opening, not a game. */
#define MIN_MOVES 10
/* A truncated copy must keep at least this many moves. */
#define MIN_PREFIX 30

typedef struct game {
    uint64_t hash;
    unsigned long moves, tree;
    size_t file;    /* index into the file list */
    size_t parent;  /* union-find */
    size_t next;    /* hash chain, SIZE_MAX at its end */
    unsigned transform;
    bool swapped;
    int cols, rows;
} game;

typedef struct table {
    game *g;
    size_t n, cap;
    size_t *head; /* buckets: first game of each chain */
    size_t nbuckets;
    unsigned char *lengths; /* lengths[k]: some game has k moves */
    unsigned long max_len;
} table;

static size_t find(game *g, size_t i) {
    while (g[i].parent != i) {
        g[i].parent = g[g[i].parent].parent; /* path halving */
        i = g[i].parent;
    }
    return i;
}

static void unite(game *g, size_t a, size_t b) {
    a = find(g, a);
    b = find(g, b);
    if (a == b)
        return;
    if (a < b) /* the earliest game stands for the group */
        g[b].parent = a;
    else
        g[a].parent = b;
}

static size_t bucket(const table *t, uint64_t hash, unsigned long moves) {
    uint64_t h = hash ^ (moves * 0x9e3779b97f4a7c15u);
    return (size_t)(h % t->nbuckets);
}

static bool grow(table *t) {
    size_t cap = t->cap ? t->cap * 2 : 1024;
    game *g = realloc(t->g, cap * sizeof *g);
    if (!g)
        return false;
    t->g = g;
    t->cap = cap;
    return true;
}

static bool add_length(table *t, unsigned long len) {
    if (!t->lengths || len > t->max_len) {
        size_t old = t->lengths ? t->max_len + 1 : 0;
        unsigned char *l = realloc(t->lengths, len + 1);
        if (!l)
            return false;
        memset(l + old, 0, len + 1 - old);
        t->lengths = l;
        t->max_len = len;
    }
    t->lengths[len] = 1;
    return true;
}

static bool rehash(table *t) {
    size_t nb = t->nbuckets ? t->nbuckets * 2 : 4096;
    size_t *head = malloc(nb * sizeof *head);
    if (!head)
        return false;
    for (size_t i = 0; i < nb; i++)
        head[i] = SIZE_MAX;
    free(t->head);
    t->head = head;
    t->nbuckets = nb;
    for (size_t i = 0; i < t->n; i++) {
        size_t b = bucket(t, t->g[i].hash, t->g[i].moves);
        t->g[i].next = head[b];
        head[b] = i;
    }
    return true;
}

typedef enum pass { PASS_COLLECT, PASS_PREFIXES } pass;

/* Why a file cannot be opened: the text of its message (3). */
typedef struct open_fault {
    char text[512];
} open_fault;

static void note_open_fault(const sgft_diag *d, void *data) {
    open_fault *o = data;
    if (d->severity == SGFT_FATAL && !o->text[0])
        snprintf(o->text, sizeof o->text, "%s", d->text);
}

/* One pass over every game of every file.  Only a regular file is read:
 * a FIFO or a device among them would never end. */
static int walk_games(const dup_files *files, table *t, pass which,
                      size_t *next_game) {
    /* One context for every file: the memory a file needs is taken from
     * the system once. */
    open_fault why = {""};
    sgft_ctx *ctx = sgft_ctx_new(NULL, note_open_fault, &why);
    if (!ctx)
        return -1;
    for (size_t f = 0; f < files->n; f++) {
        why.text[0] = '\0';
        sgft_ctx_reset(ctx, NULL, note_open_fault, &why);
        sgft_ctx_set_regular_only(ctx, true);
        sgft_reader *r = sgft_reader_open(ctx, files->v[f]);
        if (!r) {
            if (which == PASS_COLLECT) {
                fputs("sgftidy: ", stderr);
                sgft_print_name(stderr, files->v[f]);
                fputs(": cannot be read, left out", stderr);
                /* the text of a message, no control character in it */
                fprintf(stderr, "%s%s\n", why.text[0] ? ": " : "", why.text);
            }
            continue;
        }
        sgft_tree *tree;
        while (sgft_reader_next(r, &tree) == 1) {
            sgft_fingerprint fp;
            if (sgft_tree_fingerprint(ctx, tree, &fp) != 0) {
                sgft_reader_free(r);
                sgft_ctx_free(ctx);
                return -1;
            }
            if (fp.moves >= MIN_MOVES) {
                if (which == PASS_COLLECT) {
                    if ((t->n == t->cap && !grow(t)) ||
                        !add_length(t, fp.moves)) {
                        sgft_fingerprint_free(&fp);
                        sgft_reader_free(r);
                        sgft_ctx_free(ctx);
                        return -1;
                    }
                    game *g = &t->g[t->n];
                    g->hash = fp.hash;
                    g->moves = fp.moves;
                    g->tree = sgft_tree_index(tree);
                    g->file = f;
                    g->parent = t->n;
                    g->transform = fp.transform;
                    g->swapped = fp.colours_swapped;
                    g->cols = fp.cols;
                    g->rows = fp.rows;
                    t->n++;
                } else {
                    size_t self = (*next_game)++;
                    /* Every shorter game that is this one's start. */
                    unsigned long top = fp.moves - 1;
                    if (top > t->max_len)
                        top = t->max_len;
                    /* One game of each fingerprint will do: those of one
                     * fingerprint are one group already. */
                    for (unsigned long k = MIN_PREFIX; k <= top; k++) {
                        if (!t->lengths[k])
                            continue;
                        uint64_t h = fp.prefix[k - 1];
                        for (size_t i = t->head[bucket(t, h, k)];
                             i != SIZE_MAX; i = t->g[i].next)
                            if (t->g[i].hash == h && t->g[i].moves == k) {
                                unite(t->g, i, self);
                                break;
                            }
                    }
                }
            }
            sgft_fingerprint_free(&fp);
        }
        sgft_reader_free(r);
    }
    sgft_ctx_free(ctx);
    return 0;
}

/* How member m relates to the first game of its group, l. */
static void describe(FILE *out, bool json, const game *l, const game *m,
                     const dup_files *files) {
    unsigned rel = sgft_transform_between(m->transform, l->transform);
    bool swapped = l->swapped != m->swapped;
    if (json) {
        fputs("{\"file\":", out);
        sgft_print_json_string(out, files->v[m->file]);
        fprintf(out, ",\"game\":%lu,\"moves\":%lu,\"transform\":", m->tree,
                m->moves);
        sgft_print_json_string(out, sgft_transform_name(rel));
        fprintf(out, ",\"colours_swapped\":%s}", swapped ? "true" : "false");
        return;
    }
    fputs("  ", out);
    sgft_print_name(out, files->v[m->file]);
    fprintf(out, " game %lu: %lu moves", m->tree, m->moves);
    if (m != l) {
        if (m->moves < l->moves)
            fprintf(out, " (the first %lu)", m->moves);
        if (rel)
            fprintf(out, ", %s", sgft_transform_name(rel));
        if (swapped)
            fputs(", colours swapped", out);
    }
    fputc('\n', out);
}

int run_duplicates(const dup_files *files, bool json, FILE *out) {
    table t;
    memset(&t, 0, sizeof t);
    size_t seen = 0;
    int rc = 0;
    if (walk_games(files, &t, PASS_COLLECT, NULL) < 0)
        goto oom;
    while (t.nbuckets < t.n * 2 + 1)
        if (!rehash(&t))
            goto oom;
    /* The same fingerprint: one game.  Each game joins the next one of
     * its fingerprint down its chain, and the groups follow (every pair
     * would cost the square of the copies). */
    for (size_t i = 0; i < t.n; i++)
        for (size_t j = t.g[i].next; j != SIZE_MAX; j = t.g[j].next)
            if (t.g[j].hash == t.g[i].hash && t.g[j].moves == t.g[i].moves) {
                unite(t.g, i, j);
                break;
            }
    if (walk_games(files, &t, PASS_PREFIXES, &seen) < 0)
        goto oom;
    /* Groups in the order of their first game; within a group the
     * longest game first (the others are copies or starts of it), then
     * the others in the order of the files. */
    size_t *first = malloc((t.n ? t.n : 1) * sizeof *first);
    size_t *next = malloc((t.n ? t.n : 1) * sizeof *next);
    size_t *count = calloc(t.n ? t.n : 1, sizeof *count);
    size_t *lead = malloc((t.n ? t.n : 1) * sizeof *lead);
    if (!first || !next || !count || !lead) {
        free(first);
        free(next);
        free(count);
        free(lead);
        goto oom;
    }
    for (size_t i = t.n; i-- > 0;) { /* lists in file order */
        size_t r = find(t.g, i);
        next[i] = count[r] ? first[r] : SIZE_MAX;
        first[r] = i;
        if (!count[r] || t.g[i].moves >= t.g[lead[r]].moves)
            lead[r] = i;
        count[r]++;
    }
    unsigned long groups = 0;
    for (size_t r = 0; r < t.n; r++) {
        if (t.g[r].parent != r || count[r] < 2)
            continue;
        groups++;
        const game *l = &t.g[lead[r]];
        if (json)
            fprintf(out, "{\"group\":%lu,\"games\":[", groups);
        else
            fprintf(out, "group %lu: %zu copies of one game\n", groups,
                    count[r]);
        describe(out, json, l, l, files);
        for (size_t i = first[r]; i != SIZE_MAX; i = next[i]) {
            if (i == lead[r])
                continue;
            if (json)
                fputc(',', out);
            describe(out, json, l, &t.g[i], files);
        }
        if (json)
            fputs("]}\n", out);
    }
    if (!json)
        fprintf(stderr, "sgftidy: %zu games, %lu group(s) of copies\n", t.n,
                groups);
    rc = groups ? 5 : 0;
    free(first);
    free(next);
    free(count);
    free(lead);
    goto end;
oom:
    fprintf(stderr, "sgftidy: out of memory\n");
    rc = 20;
end:
    free(t.g);
    free(t.head);
    free(t.lengths);
    return rc;
}
