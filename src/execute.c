/* execute.c - the Go board, replayed along the walk of a game tree (spec
 * 8.4): setup stones, moves and captures.
 *
 * The board follows the path from the root to the node being checked; an
 * undo log brings it back to a branch point when the walk goes to another
 * variation, so each node is played once.  It reports what it finds
 * about the position (39 setup without effect, 58 move on an occupied
 * point) and hands back facts (exec_facts: the setup points to delete,
 * which points of M are on stones, whether the move captured) for the
 * repairs of fix.c and the rules after it.  It changes nothing in the
 * tree and calls no rule.  Point lists are canonical when it runs.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct board {
    sgft_ctx *ctx;
    int cols, rows;
    /* undo log, and the path's nodes with their log positions */
    struct undo { uint16_t at; uint8_t old; } *log;
    size_t nlog, log_cap;
    struct step { node *n; size_t log; } *path;
    size_t depth, path_cap;
    unsigned mark_gen;
    unsigned char stones[MAX_BOARD * MAX_BOARD]; /* 0 empty, 1 B, 2 W */
    unsigned char skip[MAX_BOARD * MAX_BOARD];   /* setup without effect */
    unsigned marks[MAX_BOARD * MAX_BOARD];      /* flood fill visits */
    uint16_t fill[MAX_BOARD * MAX_BOARD];       /* flood fill stack */
};

board *sgft__board_new(sgft_ctx *ctx, int cols, int rows) {
    board *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    memset(b, 0, offsetof(board, stones));
    memset(b->stones, 0, sizeof b->stones);
    memset(b->skip, 0, sizeof b->skip);
    memset(b->marks, 0, sizeof b->marks);
    b->ctx = ctx;
    b->cols = cols;
    b->rows = rows;
    return b;
}

void sgft__board_free(board *b) {
    if (!b)
        return;
    free(b->log);
    free(b->path);
    free(b);
}

void sgft__exec_facts_free(exec_facts *f) {
    free(f->no_effect);
    free(f->marks);
    memset(f, 0, sizeof *f);
}

static bool board_set(board *b, int at, unsigned char c) {
    if (b->stones[at] == c)
        return true;
    if (!sgft__vec_grow(&b->log, &b->log_cap, b->nlog + 1, sizeof *b->log,
                        1024)) {
        b->ctx->status = SGFT_ENOMEM;
        return false;
    }
    b->log[b->nlog].at = (uint16_t)at;
    b->log[b->nlog].old = b->stones[at];
    b->nlog++;
    b->stones[at] = c;
    return true;
}

/* Removes the group at `at` when it has no liberty; returns the number of
 * stones removed.  Iterative flood fill. */
static size_t capture(board *b, int at) {
    unsigned char c = b->stones[at];
    if (!c)
        return 0;
    unsigned gen = ++b->mark_gen;
    size_t top = 0, count = 0, stones = 0;
    b->fill[top++] = (uint16_t)at;
    b->marks[at] = gen;
    while (count < top) {
        int p = b->fill[count++];
        int x = p % MAX_BOARD, y = p / MAX_BOARD;
        int nb[4] = {x > 0 ? p - 1 : -1, x + 1 < b->cols ? p + 1 : -1,
                     y > 0 ? p - MAX_BOARD : -1,
                     y + 1 < b->rows ? p + MAX_BOARD : -1};
        for (int i = 0; i < 4; i++) {
            int q = nb[i];
            if (q < 0)
                continue;
            if (!b->stones[q])
                return 0; /* a liberty */
            if (b->stones[q] == c && b->marks[q] != gen) {
                b->marks[q] = gen;
                b->fill[top++] = (uint16_t)q;
            }
        }
    }
    for (size_t i = 0; i < top; i++, stones++)
        board_set(b, b->fill[i], 0);
    return stones;
}

static uint64_t value_pos(const value *v) { return v->off ? v->off - 1 : 0; }

/* Setup: AB, AW, AE change the board; a point where they change nothing
 * is a fact (and message 39, once per value, as 13.5 says). */
static void execute_setup(board *b, node *n, exec_facts *f) {
    static const prop_id ids[3] = {P_AB, P_AW, P_AE};
    static const unsigned char colour[3] = {1, 2, 0};
    for (int i = 0; i < 3; i++) {
        prop *p = sgft__prop_find(n, ids[i]);
        if (!p)
            continue;
        size_t first = f->n_no_effect;
        for (value *v = p->values; v; v = v->next) {
            int x1, y1, x2, y2;
            if (!sgft__value_rect(b->ctx, v, &x1, &y1, &x2, &y2))
                continue;
            bool reported = false;
            for (int x = x1; x <= x2; x++)
                for (int y = y1; y <= y2; y++) {
                    if (b->stones[y * MAX_BOARD + x] != colour[i])
                        continue;
                    if (!sgft__vec_grow(&f->no_effect, &f->no_effect_cap,
                                        f->n_no_effect + 1,
                                        sizeof *f->no_effect, 16)) {
                        b->ctx->status = SGFT_ENOMEM;
                        return;
                    }
                    struct exec_point *e = &f->no_effect[f->n_no_effect++];
                    e->prop = (unsigned char)i;
                    e->x = (unsigned char)x;
                    e->y = (unsigned char)y;
                    b->skip[y * MAX_BOARD + x] = 1;
                    if (reported)
                        continue;
                    reported = true;
                    char pt[3] = {sgft__coord_char(x), sgft__coord_char(y), 0};
                    report r = {0};
                    r.prop = p->name;
                    r.value = pt;
                    sgft__report(b->ctx, M_SETUP_NO_EFFECT, true,
                                 value_pos(v), &r);
                }
        }
        /* Then the points with an effect change the board. */
        for (value *v = p->values; v; v = v->next) {
            int x1, y1, x2, y2;
            if (!sgft__value_rect(b->ctx, v, &x1, &y1, &x2, &y2))
                continue;
            for (int x = x1; x <= x2; x++)
                for (int y = y1; y <= y2; y++) {
                    int at = y * MAX_BOARD + x;
                    if (!b->skip[at])
                        board_set(b, at, colour[i]);
                }
        }
        for (size_t j = first; j < f->n_no_effect; j++)
            b->skip[f->no_effect[j].y * MAX_BOARD + f->no_effect[j].x] = 0;
    }
}

/* A move: the stone is placed whatever was there (58 when the point was
 * taken), opposing groups without liberties are captured, then a group of
 * its own without liberties (suicide). */
static void execute_move(board *b, node *n, exec_facts *f) {
    prop *p = sgft__prop_find(n, P_B);
    unsigned char c = 1;
    if (!p) {
        p = sgft__prop_find(n, P_W);
        c = 2;
    }
    if (!p || !p->values || p->values->len != 2)
        return; /* none, or a pass */
    const char *s = value_bytes(b->ctx, p->values);
    int x = sgft__point_coord(s[0]), y = sgft__point_coord(s[1]);
    if (x < 0 || y < 0 || x >= b->cols || y >= b->rows)
        return; /* [tt] written with -p */
    int at = y * MAX_BOARD + x;
    if (b->stones[at]) {
        report r = {0};
        r.value = s;
        r.value_len = 2;
        sgft__report(b->ctx, M_OCCUPIED_POINT, true, value_pos(p->values), &r);
    }
    board_set(b, at, c);
    int nb[4] = {x > 0 ? at - 1 : -1, x + 1 < b->cols ? at + 1 : -1,
                 y > 0 ? at - MAX_BOARD : -1,
                 y + 1 < b->rows ? at + MAX_BOARD : -1};
    for (int i = 0; i < 4; i++)
        if (nb[i] >= 0 && b->stones[nb[i]] && b->stones[nb[i]] != c)
            if (capture(b, nb[i]))
                f->captured = true;
    bool liberty = false; /* next to an empty point: no suicide */
    for (int i = 0; i < 4 && !liberty; i++)
        liberty = nb[i] >= 0 && !b->stones[nb[i]];
    if (!liberty)
        capture(b, at);
}

/* M (FF[1] mark): which of its points hold a stone after the move. */
static void execute_marks(board *b, node *n, exec_facts *f) {
    prop *m = sgft__prop_find(n, P_M);
    if (!m)
        return;
    for (value *v = m->values; v; v = v->next) {
        int x1, y1, x2, y2;
        if (!sgft__value_rect(b->ctx, v, &x1, &y1, &x2, &y2))
            continue;
        for (int x = x1; x <= x2; x++)
            for (int y = y1; y <= y2; y++) {
                if (!sgft__vec_grow(&f->marks, &f->marks_cap, f->n_marks + 1,
                                    sizeof *f->marks, 16)) {
                    b->ctx->status = SGFT_ENOMEM;
                    return;
                }
                struct exec_mark *mk = &f->marks[f->n_marks++];
                mk->x = (unsigned char)x;
                mk->y = (unsigned char)y;
                mk->stone = b->stones[y * MAX_BOARD + x] != 0;
                mk->off = v->off;
            }
    }
}

void sgft__execute_node(board *b, node *n, exec_facts *f) {
    f->n_no_effect = f->n_marks = 0;
    f->captured = false;
    /* Back to the position before n: undo the nodes of the path that are
     * not n's ancestors. */
    while (b->depth && b->path[b->depth - 1].n != n->parent) {
        size_t to = b->path[--b->depth].log;
        while (b->nlog > to) {
            b->nlog--;
            b->stones[b->log[b->nlog].at] = b->log[b->nlog].old;
        }
    }
    if (!sgft__vec_grow(&b->path, &b->path_cap, b->depth + 1,
                        sizeof *b->path, 256)) {
        b->ctx->status = SGFT_ENOMEM;
        return;
    }
    b->path[b->depth].n = n;
    b->path[b->depth].log = b->nlog;
    b->depth++;
    execute_setup(b, n, f);
    execute_move(b, n, f);
    execute_marks(b, n, f);
}
