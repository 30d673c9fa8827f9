/* board.c - the Go board's life (made, kept for the next game tree,
 * freed), the upkeep of its undo log (forgotten, merged, snapshots) and
 * the set of the positions of its line (--superko); the play on it is
 * execute.c's. */
#include "board.h"

#include <stdlib.h>
#include <string.h>

static void board_destroy(board *b);

/* Gives b the arrays of n points (the two of bytes, then the chains'
 * fields, the two arrays of uint16_t and last the chains' fields of an
 * empty board); false when out of memory. */
static bool board_points(board *b, size_t n) {
    if (n <= b->npoints)
        return true;
    size_t bytes = (n * 2 + 7) & ~(size_t)7; /* aligned for the chains */
    char *m = malloc(bytes + 2 * n * sizeof(struct chain_pt) +
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
    b->pt_fresh = (struct chain_pt *)(void *)(b->stack + n);
    b->fresh_made = false;
    return true;
}

/* The chains' fields of an empty board of n points: each its own head. */
static void empty_chains(struct chain_pt *pt, size_t n) {
    memset(pt, 0, n * sizeof *pt);
    for (size_t i = 0; i < n; i++)
        pt[i].head = (uint16_t)i;
}

board *sgft__board_new(sgft_ctx *ctx, int cols, int rows) {
    /* The board of the tree before is used again, with its logs. */
    board *b = ctx->spare_board;
    bool reused = b && b->npoints;
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
    b->nsnaps = 0;
    b->snap_bytes = (n + 3) / 4;
    b->snap_min = b->snap_bytes / sizeof *b->log;
    b->superko = ctx->opt.superko;
    b->hash = 0;
    b->nlog = b->depth = 0;
    sgft__seen_undo(b, 0);
    memset(b->stones, EDGE, n);
    for (int y = 0; y < rows; y++)
        memset(&b->stones[AT(b, 0, y)], EMPTY, (size_t)cols);
    memset(b->skip, 0, n);
    /* A board's first tree sets its chains' fields one by one; the next
     * ones copy them from pt_fresh (board sizes differ, heads not), made
     * then: a process that checks one game never writes it. */
    if (!reused) {
        empty_chains(b->pt, n);
    } else {
        if (!b->fresh_made)
            empty_chains(b->pt_fresh, b->npoints);
        b->fresh_made = true;
        memcpy(b->pt, b->pt_fresh, n * sizeof *b->pt);
    }
    return b;
}

static void board_destroy(board *b) {
    free(b->stones);
    free(b->log);
    free(b->path);
    free(b->set);
    free(b->hlog);
    free(b->snaps);
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

/* --- the upkeep of the undo log ------------------------------------------ */

/* The walk will not come back above the node after the last step: only
 * that step is kept (the state of the line: ko, moves, rules), and the
 * undo log starts again.  The positions of the line (--superko) stay, and
 * so does the log of their insertions, which the set is made again from
 * when it grows. */
void sgft__forget_above(board *b) {
    b->path[0] = b->path[b->depth - 1];
    b->path[0].log = 0;
    b->path[0].merged = false;
    b->path[0].snap = 0;
    b->depth = 1;
    b->nlog = 0;
    b->nsnaps = 0;
    b->merge_at = FORGET_LOG;
}

/* A variation is left to come back to above the node after the last
 * step, and the undo log is long.  The nodes from the deepest such
 * variation's point down to the last one will only be undone together
 * (the walk comes back to that point, or to one above it; any new
 * variation to come back to starts below them): their changes are merged,
 * each point's first one kept (the point as it was before them), so that
 * the log holds at most one change for each point of the board, however
 * long the line.  The steps of those nodes become one (merged: undone at
 * once), followed by the last step, whose state the next node takes. */
void sgft__merge_block(board *b) {
    /* The block starts at the deepest step whose node has a sibling still
     * to be walked (the walk comes back to the step before it), or after
     * the first step, which is never undone. */
    size_t top = b->depth - 1, first = top;
    while (first > 1 && !b->path[first].n->next)
        first--;
    if (first >= top) {
        b->merge_at = b->nlog + b->nlog / 2 + FORGET_LOG;
        return;
    }
    bool snapped = false;
    for (size_t i = first; i <= top; i++)
        snapped |= b->path[i].snap != 0;
    size_t start = b->path[first].log, kept = start;
    if (!snapped) {
        for (size_t i = start; i < b->nlog; i++) {
            int at = b->log[i].at;
            if (!b->skip[at]) {
                b->skip[at] = 1;
                b->log[kept++] = b->log[i];
            }
        }
        for (size_t i = start; i < kept; i++)
            b->skip[b->log[i].at] = 0;
        b->nlog = kept;
    }
    /* With a snapshot among them, or more changes than one takes room
     * for, the position before them becomes one. */
    if ((snapped || kept - start > b->snap_min) && !sgft__snap_push(b, first))
        return;
    kept = b->nlog;
    b->path[first].merged = true;
    b->path[first + 1] = b->path[top];
    b->path[first + 1].log = kept;
    b->path[first + 1].snap = 0;
    b->depth = first + 2;
    /* The next merge when the log has grown by half again. */
    b->merge_at = kept + kept / 2 + FORGET_LOG;
}

/* --- snapshots ------------------------------------------------------------ */

static void snap_put(unsigned char *s, size_t at, unsigned char c) {
    unsigned shift = (unsigned)(at & 3) * 2;
    unsigned keep = s[at >> 2] & ~(3u << shift);
    s[at >> 2] = (unsigned char)(keep | (unsigned)c << shift);
}

bool sgft__snap_push(board *b, size_t s) {
    size_t bytes = b->snap_bytes;
    if (!sgft__vec_grow(&b->snaps, &b->snaps_cap, b->nsnaps + bytes, 1,
                        4096)) {
        b->ctx->status = SGFT_ENOMEM;
        return false;
    }
    /* Made at the end of the snapshots, from the first one of the steps
     * from s on, or else from the board, with the changes of the steps
     * before that one undone. */
    unsigned char *out = b->snaps + b->nsnaps;
    size_t lo = s;
    while (lo < b->depth && !b->path[lo].snap)
        lo++;
    size_t end = b->nlog, at = b->nsnaps;
    if (lo < b->depth) {
        at = b->path[lo].snap - 1;
        end = b->path[lo].log;
        memcpy(out, b->snaps + at, bytes);
    } else {
        memset(out, 0, bytes);
        size_t n = (size_t)b->stride * (size_t)(b->rows + 2);
        for (size_t p = 0; p < n; p++)
            snap_put(out, p, b->stones[p]);
    }
    for (size_t i = end; i-- > b->path[s].log;)
        snap_put(out, b->log[i].at, b->log[i].old);
    /* The snapshots of the steps from s on give way to it. */
    if (at != b->nsnaps)
        memmove(b->snaps + at, out, bytes);
    b->nsnaps = at + bytes;
    b->path[s].snap = at + 1;
    for (size_t i = s + 1; i < b->depth; i++)
        b->path[i].snap = 0;
    b->nlog = b->path[s].log;
    return true;
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
