/* board.c - the Go board's life (made, kept for the next game tree,
 * freed) and the set of the positions of its line (--superko); the play
 * on it is execute.c's. */
#include "board.h"

#include <stdlib.h>
#include <string.h>

static void board_destroy(board *b);

/* Gives b the arrays of n points (the two of bytes, then the chains'
 * fields and the two arrays of uint16_t); false when out of memory. */
static bool board_points(board *b, size_t n) {
    if (n <= b->npoints)
        return true;
    size_t bytes = (n * 2 + 7) & ~(size_t)7; /* aligned for the chains */
    char *m = malloc(bytes + n * sizeof(struct chain_pt) +
                     2 * n * sizeof(uint16_t));
    if (!m)
        return false;
    free(b->stones);
    b->npoints = n;
    b->stones = (unsigned char *)m;
    b->skip = b->stones + n;
    b->pt = (struct chain_pt *)(void *)(m + bytes);
    b->scratch = (uint16_t *)(void *)(b->pt + n);
    b->stack = b->scratch + n;
    return true;
}

board *sgft__board_new(sgft_ctx *ctx, int cols, int rows) {
    /* The board of the tree before is used again, with its logs. */
    board *b = ctx->spare_board;
    if (b) {
        ctx->spare_board = NULL;
    } else {
        b = calloc(1, sizeof *b);
        if (!b)
            return NULL;
    }
    size_t n = (size_t)(rows + 2) * (size_t)(cols + 2);
    if (!board_points(b, n)) {
        board_destroy(b);
        return NULL;
    }
    b->ctx = ctx;
    b->cols = cols;
    b->rows = rows;
    b->stride = cols + 2;
    b->dirs[0] = -1;
    b->dirs[1] = 1;
    b->dirs[2] = -b->stride;
    b->dirs[3] = b->stride;
    b->log_room = 4 * (size_t)cols * (size_t)rows + 2;
    b->fast_depth = b->fast_log = 0;
    b->merge_at = 0; /* set by begin_node (execute.c) */
    b->superko = ctx->opt.superko;
    b->hash = 0;
    b->nlog = b->depth = 0;
    sgft__seen_undo(b, 0);
    memset(b->stones, EDGE, n);
    for (int y = 0; y < rows; y++)
        memset(&b->stones[AT(b, 0, y)], EMPTY, (size_t)cols);
    memset(b->skip, 0, n);
    for (size_t i = 0; i < n; i++)
        b->pt[i].head = (uint16_t)i;
    return b;
}

static void board_destroy(board *b) {
    free(b->stones);
    free(b->log);
    free(b->path);
    free(b->set);
    free(b->hlog);
    free(b);
}

void sgft__board_free(board *b) {
    if (!b)
        return;
    sgft_ctx *ctx = b->ctx;
    if (ctx && !ctx->spare_board && !ctx->status) {
        ctx->spare_board = b; /* for the next tree */
        return;
    }
    board_destroy(b);
}

void sgft__board_release(sgft_ctx *ctx) {
    if (ctx->spare_board)
        board_destroy(ctx->spare_board);
    ctx->spare_board = NULL;
}

void sgft__exec_facts_free(exec_facts *f) {
    free(f->no_effect);
    free(f->marks);
    memset(f, 0, sizeof *f);
}

/* --- the positions of the line (--superko) -------------------------------- */

/* Hash 0 marks a free slot; a position whose hash is 0 is stored as 1. */
static uint64_t set_key(uint64_t h) { return h ? h : 1; }

static struct seen *set_find(const board *b, uint64_t h) {
    size_t mask = b->set_cap - 1;
    for (size_t i = (size_t)h & mask;; i = (i + 1) & mask)
        if (b->set[i].hash == h || !b->set[i].hash)
            return &b->set[i];
}

/* Doubles the set; the positions go in again in the order they came, so
 * that taking the last one out is still just freeing its slot. */
static bool set_grow(board *b) {
    size_t cap = b->set_cap ? b->set_cap * 2 : 256;
    struct seen *set = calloc(cap, sizeof *set);
    if (!set)
        return false;
    free(b->set);
    b->set = set;
    b->set_cap = cap;
    for (size_t i = 0; i < b->nhlog; i++)
        *set_find(b, b->hlog[i].hash) = b->hlog[i];
    return true;
}

/* The position after `moves` moves joins the line, unless it is there. */
void sgft__seen_add(board *b, uint64_t h, unsigned moves) {
    h = set_key(h);
    if (b->set_cap && set_find(b, h)->hash)
        return;
    if ((b->set_count + 1) * 2 > b->set_cap && !set_grow(b))
        goto oom;
    if (!sgft__vec_grow(&b->hlog, &b->hlog_cap, b->nhlog + 1,
                        sizeof *b->hlog, 256))
        goto oom;
    struct seen *e = set_find(b, h);
    e->hash = h;
    e->moves = moves;
    b->hlog[b->nhlog++] = *e;
    b->set_count++;
    return;
oom:
    b->ctx->status = SGFT_ENOMEM;
}

/* Linear probing: the last position added is taken out by freeing its
 * slot, since no later one probed past it. */
void sgft__seen_undo(board *b, size_t to) {
    while (b->nhlog > to) {
        set_find(b, b->hlog[--b->nhlog].hash)->hash = 0;
        b->set_count--;
    }
}

const struct seen *sgft__seen_lookup(const board *b, uint64_t h) {
    if (!b->set_cap)
        return NULL;
    const struct seen *e = set_find(b, set_key(h));
    return e->hash ? e : NULL;
}
