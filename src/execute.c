/* execute.c - the Go board, replayed along the walk of a game tree (spec
 * 8.4): setup stones, moves and captures.
 *
 * The board follows the path from the root to the node being checked; an
 * undo log brings it back to a branch point when the walk goes to another
 * variation, so each node is played once.  It reports what it finds
 * about the position (39 setup without effect, 58 move on an occupied
 * point, 121 ko retaken at once, 122 suicide, 123 a whole-board position
 * repeated, with --superko) and hands back facts (exec_facts: the setup
 * points to delete, which points of M are on stones, whether the move
 * captured) for the repairs of fix.c and the rules after it.  It changes
 * nothing in the tree and calls no rule.  Point lists are canonical when
 * it runs.
 *
 * The stones form chains, each a circular list with its size and its
 * pseudo-liberties (the number of stone-empty point pairs next to each
 * other: zero exactly when the chain has no liberty).  A stone placed
 * joins the chains next to it (the smaller one relabelled), a chain
 * captured gives its points back to the chains around it; only taking a
 * single stone out of a chain (a move on an occupied point, AE, the undo
 * of a move) rebuilds that one chain.  So a move costs time in proportion
 * to the chains it touches, never a scan of the board.
 *
 * Along the path each node keeps what the next move needs: the basic ko
 * (the point a move may not retake at once), whether the rules (RU) allow
 * suicide, the number of moves so far and, with --superko, which Zobrist
 * hashes of whole-board positions the line has seen (a hash set whose
 * insertions are undone last-in first-out with the path).
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The points with a frame of edge points around them: the neighbours of
 * a point are at -1, +1, -STRIDE and +STRIDE, never out of the array. */
#define STRIDE (MAX_BOARD + 2)
#define NPOINTS (STRIDE * STRIDE)
#define AT(x, y) (((y) + 1) * STRIDE + (x) + 1)
#define NO_POINT 0 /* a frame point: never a stone, nor a ko point */

enum { EMPTY = 0, BLACK = 1, WHITE = 2, EDGE = 3 };

static const int dirs[4] = {-1, 1, -STRIDE, STRIDE};

/* One node of the path: where its changes start in the undo logs, and
 * the state of the line after it. */
struct step {
    node *n;
    size_t log, hlog;   /* undo log and hash log sizes before the node */
    uint16_t ko_stone;  /* the stone that just took a basic ko ... */
    uint16_t ko_point;  /* ... the point it emptied (or NO_POINT) */
    unsigned moves;     /* moves (B, W, passes too) from the root */
    bool suicide_ok;    /* the rules (RU) allow suicide */
};

/* A position seen on the line: its hash and the number of moves then. */
struct seen {
    uint64_t hash;
    unsigned moves;
};

struct board {
    sgft_ctx *ctx;
    int cols, rows;
    bool superko;  /* --superko: keep the hashes of the positions */
    uint64_t hash; /* Zobrist hash of the position (with superko) */
    /* undo log, and the path's nodes with their log positions */
    struct undo { uint16_t at; uint8_t old; } *log;
    size_t nlog, log_cap;
    struct step *path;
    size_t depth, path_cap;
    /* the positions of the line: an open-addressing set (hash 0 marks a
     * free slot) and the insertions in order, undone last first */
    struct seen *set;
    size_t set_cap, set_count;
    struct seen *hlog;
    size_t nhlog, hlog_cap;
    unsigned char stones[NPOINTS]; /* EMPTY, BLACK, WHITE or EDGE */
    unsigned char skip[NPOINTS];   /* setup without effect */
    /* chains: meaningful where a stone stands */
    uint16_t head[NPOINTS]; /* the chain's first stone, its name */
    uint16_t next[NPOINTS]; /* the next stone of the chain, circular */
    uint16_t size[NPOINTS], libs[NPOINTS]; /* at the head: stones and
                                              pseudo-liberties */
    uint16_t scratch[NPOINTS], stack[NPOINTS]; /* chain rebuild */
};

board *sgft__board_new(sgft_ctx *ctx, int cols, int rows) {
    board *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    memset(b, 0, offsetof(board, stones));
    memset(b->stones, EDGE, sizeof b->stones);
    for (int y = 0; y < rows; y++)
        memset(&b->stones[AT(0, y)], EMPTY, (size_t)cols);
    memset(b->skip, 0, sizeof b->skip);
    memset(b->head, 0, sizeof b->head); /* read where no stone stands */
    b->ctx = ctx;
    b->cols = cols;
    b->rows = rows;
    b->superko = ctx->opt.superko;
    return b;
}

void sgft__board_free(board *b) {
    if (!b)
        return;
    free(b->log);
    free(b->path);
    free(b->set);
    free(b->hlog);
    free(b);
}

void sgft__exec_facts_free(exec_facts *f) {
    free(f->no_effect);
    free(f->marks);
    memset(f, 0, sizeof *f);
}

/* --- the stones and their chains ----------------------------------------- */

/* The Zobrist key of a stone: a fixed 64-bit mix of point and colour
 * (the splitmix64 finalizer, a bijection: no two keys are equal). */
static uint64_t zobrist(int at, unsigned char c) {
    uint64_t z = (uint64_t)at * 2 + c + UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static inline bool is_stone(unsigned char c) { return c == BLACK || c == WHITE; }

/* Chain a joins chain h (both heads); the smaller one is relabelled.
 * Returns the head of the whole. */
static int chain_join(board *b, int h, int a) {
    if (b->size[a] > b->size[h]) {
        int t = h;
        h = a;
        a = t;
    }
    int s = a;
    do {
        b->head[s] = (uint16_t)h;
        s = b->next[s];
    } while (s != a);
    uint16_t t = b->next[h];
    b->next[h] = b->next[a];
    b->next[a] = t;
    b->size[h] = (uint16_t)(b->size[h] + b->size[a]);
    b->libs[h] = (uint16_t)(b->libs[h] + b->libs[a]);
    return h;
}

/* The head of the chain at q, where a stone s stands, or else the frame
 * point `none` (whose counts no one reads).  So the counts of the chains
 * next to a point change without a branch on what stands there: such
 * branches go either way at random in a game, and a wrong guess costs
 * more than the count.  Each side of a point has its own `none`, so that
 * the four counts do not wait for one another. */
static inline int head_or(const board *b, int q, unsigned char s, int none) {
    int m = -(int)((unsigned)(s - 1) < 2u);
    return (b->head[q] & m) | (none & ~m);
}

/* A stone of colour c on the empty point at: a chain of its own, then
 * joined with its neighbours of the same colour.  Each empty neighbour is
 * a liberty of it, each stone next to it a liberty less for its chain. */
static void stone_put(board *b, int at, unsigned char c) {
    const unsigned char *st = b->stones;
    unsigned char s0 = st[at - 1], s1 = st[at + 1], s2 = st[at - STRIDE],
                  s3 = st[at + STRIDE];
    b->stones[at] = c;
    b->head[at] = (uint16_t)at;
    b->next[at] = (uint16_t)at;
    b->size[at] = 1;
    b->libs[at] = (uint16_t)((s0 == EMPTY) + (s1 == EMPTY) + (s2 == EMPTY) +
                             (s3 == EMPTY));
    b->libs[head_or(b, at - 1, s0, 0)]--;
    b->libs[head_or(b, at + 1, s1, 1)]--;
    b->libs[head_or(b, at - STRIDE, s2, 2)]--;
    b->libs[head_or(b, at + STRIDE, s3, 3)]--;
    unsigned same = (unsigned)(s0 == c) | (unsigned)(s1 == c) << 1 |
                    (unsigned)(s2 == c) << 2 | (unsigned)(s3 == c) << 3;
    if (same) {
        int h = at;
        for (int i = 0; i < 4; i++) {
            if (!(same >> i & 1))
                continue;
            int qh = b->head[at + dirs[i]];
            if (qh != h)
                h = chain_join(b, h, qh);
        }
    }
    if (b->superko)
        b->hash ^= zobrist(at, c);
}

/* The stone at `at` taken out of its chain; what is left of the chain is
 * built again, as one chain or several. */
static void stone_take(board *b, int at) {
    unsigned char c = b->stones[at];
    size_t n = 0;
    for (int s = b->next[at]; s != at; s = b->next[s])
        b->scratch[n++] = (uint16_t)s;
    b->stones[at] = EMPTY;
    if (b->superko)
        b->hash ^= zobrist(at, c);
    for (int i = 0; i < 4; i++) {
        int q = at + dirs[i];
        if (is_stone(b->stones[q]) && b->stones[q] != c)
            b->libs[b->head[q]]++;
    }
    for (size_t i = 0; i < n; i++)
        b->head[b->scratch[i]] = 0; /* not yet in a chain */
    for (size_t i = 0; i < n; i++) {
        int h = b->scratch[i];
        if (b->head[h])
            continue;
        b->head[h] = (uint16_t)h;
        b->next[h] = (uint16_t)h;
        b->size[h] = 1;
        unsigned libs = 0;
        size_t top = 0;
        b->stack[top++] = (uint16_t)h;
        while (top) {
            int p = b->stack[--top];
            for (int d = 0; d < 4; d++) {
                int q = p + dirs[d];
                if (b->stones[q] == EMPTY) {
                    libs++;
                } else if (b->stones[q] == c && !b->head[q]) {
                    b->head[q] = (uint16_t)h;
                    b->next[q] = b->next[h];
                    b->next[h] = (uint16_t)q;
                    b->size[h]++;
                    b->stack[top++] = (uint16_t)q;
                }
            }
        }
        b->libs[h] = (uint16_t)libs;
    }
}

/* The point at becomes c, whatever it was (setup, and the undo). */
static void point_set(board *b, int at, unsigned char c) {
    if (b->stones[at] == c)
        return;
    if (b->stones[at] != EMPTY)
        stone_take(b, at);
    if (c != EMPTY)
        stone_put(b, at, c);
}

/* Room in the undo log for everything one node can change: each of AB,
 * AW and AE the whole board, and a move (its point twice when it was
 * taken, and at most the board in stones captured or lost). */
static bool log_reserve(board *b) {
    size_t need = b->nlog + 4 * (size_t)b->cols * (size_t)b->rows + 2;
    if (sgft__vec_grow(&b->log, &b->log_cap, need, sizeof *b->log, 1024))
        return true;
    b->ctx->status = SGFT_ENOMEM;
    return false;
}

static inline void log_change(board *b, int at) {
    b->log[b->nlog].at = (uint16_t)at;
    b->log[b->nlog].old = b->stones[at];
    b->nlog++;
}

/* The whole chain of head h leaves the board (a capture, or suicide);
 * the chains around it get their liberties.  Returns its size. */
static unsigned chain_remove(board *b, int h) {
    unsigned n = b->size[h];
    int s = h;
    do {
        log_change(b, s);
        if (b->superko)
            b->hash ^= zobrist(s, b->stones[s]);
        b->stones[s] = EMPTY;
        s = b->next[s];
    } while (s != h);
    do {
        for (int i = 0; i < 4; i++) {
            int q = s + dirs[i];
            if (is_stone(b->stones[q]))
                b->libs[b->head[q]]++;
        }
        s = b->next[s];
    } while (s != h);
    return n;
}

/* The chain at q, of colour other, is captured when it has no liberty;
 * returns the number of stones removed, and sets *last to q then. */
static inline unsigned capture(board *b, int q, unsigned char other,
                               int *last) {
    if (b->stones[q] != other || b->libs[b->head[q]])
        return 0;
    *last = q;
    return chain_remove(b, b->head[q]);
}

/* Whether a chain of colour other next to at has no liberty left: one
 * test without a branch per neighbour, since most moves capture nothing. */
static inline bool may_capture(const board *b, int at, unsigned char other) {
    const unsigned char *st = b->stones;
    unsigned char s0 = st[at - 1], s1 = st[at + 1], s2 = st[at - STRIDE],
                  s3 = st[at + STRIDE];
    return ((s0 == other) & (b->libs[head_or(b, at - 1, s0, 0)] == 0)) |
           ((s1 == other) & (b->libs[head_or(b, at + 1, s1, 1)] == 0)) |
           ((s2 == other) & (b->libs[head_or(b, at - STRIDE, s2, 2)] == 0)) |
           ((s3 == other) &
            (b->libs[head_or(b, at + STRIDE, s3, 3)] == 0));
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
static void set_add(board *b, uint64_t h, unsigned moves) {
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
static void set_undo(board *b, size_t to) {
    while (b->nhlog > to) {
        set_find(b, b->hlog[--b->nhlog].hash)->hash = 0;
        b->set_count--;
    }
}

static const struct seen *set_lookup(const board *b, uint64_t h) {
    if (!b->set_cap)
        return NULL;
    const struct seen *e = set_find(b, set_key(h));
    return e->hash ? e : NULL;
}

/* --- setup, moves, marks ------------------------------------------------------ */

static uint64_t value_pos(const value *v) { return v->off ? v->off - 1 : 0; }

/* The properties of a node that the replay reads, found in one pass. */
struct node_props {
    prop *move;      /* B, or W when there is no B */
    prop *setup[3];  /* AB, AW, AE */
    prop *m, *ko, *ru;
    unsigned char colour; /* of the move */
    bool any_setup;       /* any of AB, AW, AE */
};

static void find_props(node *n, struct node_props *np) {
    prop *w = NULL;
    memset(np, 0, sizeof *np);
    for (prop *p = n->props; p; p = p->next) {
        switch (p->id) {
        case P_B: if (!np->move) np->move = p; break;
        case P_W: if (!w) w = p; break;
        case P_AB: if (!np->setup[0]) np->setup[0] = p; break;
        case P_AW: if (!np->setup[1]) np->setup[1] = p; break;
        case P_AE: if (!np->setup[2]) np->setup[2] = p; break;
        case P_M: if (!np->m) np->m = p; break;
        case P_KO: if (!np->ko) np->ko = p; break;
        case P_RU: if (!np->ru) np->ru = p; break;
        default: break;
        }
    }
    np->any_setup = np->setup[0] || np->setup[1] || np->setup[2];
    np->colour = BLACK;
    if (!np->move && w) {
        np->move = w;
        np->colour = WHITE;
    }
}

/* Setup: AB, AW, AE change the board; a point where they change nothing
 * is a fact (and message 39, once per value, as 13.5 says). */
static void execute_setup(board *b, const struct node_props *np,
                          exec_facts *f) {
    static const unsigned char colour[3] = {BLACK, WHITE, EMPTY};
    for (int i = 0; i < 3; i++) {
        prop *p = np->setup[i];
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
                    if (b->stones[AT(x, y)] != colour[i])
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
                    b->skip[AT(x, y)] = 1;
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
                    int at = AT(x, y);
                    if (!b->skip[at]) {
                        log_change(b, at);
                        point_set(b, at, colour[i]);
                    }
                }
        }
        for (size_t j = first; j < f->n_no_effect; j++)
            b->skip[AT(f->no_effect[j].x, f->no_effect[j].y)] = 0;
    }
}

/* Message code about the move value v at s, with detail. */
static void report_move(board *b, msg_id code, const value *v, const char *s,
                        const char *detail) {
    report r = {0};
    r.value = s;
    r.value_len = 2;
    r.detail = detail;
    sgft__report(b->ctx, code, true, value_pos(v), &r);
}

/* A move: the stone is placed whatever was there (58 when the point was
 * taken), opposing chains without liberties are captured, then its own
 * chain when it has none (suicide, 122 unless the rules allow it).  A
 * move that takes back at once the single stone that has just taken a
 * single stone on the same point restores the position before (a basic
 * ko, 121); with --superko a move that makes a position the line has had
 * before is 123.  KO[] in the node says the move is meant: none of the
 * three is reported.  Whatever is reported, the move is played. */
static void execute_move(board *b, const struct node_props *np,
                         exec_facts *f, struct step *st) {
    prop *p = np->move;
    unsigned char c = np->colour;
    if (!p)
        return;
    st->moves++;
    uint16_t ko_stone = st->ko_stone, ko_point = st->ko_point;
    st->ko_stone = st->ko_point = NO_POINT;
    if (!p->values || p->values->len != 2)
        return; /* a pass */
    const char *s = value_bytes(b->ctx, p->values);
    int x = sgft__point_coord(s[0]), y = sgft__point_coord(s[1]);
    if (x < 0 || y < 0 || x >= b->cols || y >= b->rows)
        return; /* [tt] written with -p */
    int at = AT(x, y);
    bool occupied = b->stones[at] != EMPTY;
    if (occupied) {
        report_move(b, M_OCCUPIED_POINT, p->values, s, NULL);
        log_change(b, at);
        stone_take(b, at);
    }
    log_change(b, at);
    stone_put(b, at, c);
    unsigned char other = c == BLACK ? WHITE : BLACK;
    int last = NO_POINT; /* a stone captured */
    unsigned captured = 0;
    if (may_capture(b, at, other)) {
        captured = capture(b, at - 1, other, &last);
        captured += capture(b, at + 1, other, &last);
        captured += capture(b, at - STRIDE, other, &last);
        captured += capture(b, at + STRIDE, other, &last);
    }
    if (captured)
        f->captured = true;
    bool meant = np->ko != NULL;
    bool reported = false;
    if (captured == 1 && at == ko_point && last == ko_stone && !meant) {
        report_move(b, M_KO_RETAKEN, p->values, s, NULL);
        reported = true;
    }
    if (!b->libs[b->head[at]]) {
        unsigned lost = chain_remove(b, b->head[at]);
        if (!st->suicide_ok && !meant) {
            char detail[48];
            if (lost == 1)
                snprintf(detail, sizeof detail, "its stone");
            else
                snprintf(detail, sizeof detail, "its chain of %u stones",
                         lost);
            report_move(b, M_SUICIDE, p->values, s, detail);
            reported = true;
        }
    } else if (captured == 1 && !occupied) {
        st->ko_stone = (uint16_t)at;
        st->ko_point = (uint16_t)last;
    }
    if (b->superko && !reported && !meant) {
        const struct seen *e = set_lookup(b, b->hash);
        if (e) {
            char detail[64];
            if (e->moves)
                snprintf(detail, sizeof detail, "the position after move %u",
                         e->moves);
            else
                snprintf(detail, sizeof detail,
                         "the position before the first move");
            report_move(b, M_SUPERKO, p->values, s, detail);
        }
    }
}

/* M (FF[1] mark): which of its points hold a stone after the move. */
static void execute_marks(board *b, prop *m, exec_facts *f) {
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
                mk->stone = b->stones[AT(x, y)] != EMPTY;
                mk->off = v->off;
            }
    }
}

/* Whether RU allows suicide; the parent's answer when the node has none. */
static bool suicide_ok(board *b, const prop *ru, bool parent) {
    if (!ru || !ru->values)
        return parent;
    return sgft__go_suicide_allowed(value_bytes(b->ctx, ru->values),
                                    ru->values->len);
}

void sgft__execute_node(board *b, node *n, exec_facts *f, bool plain) {
    f->n_no_effect = f->n_marks = 0;
    f->captured = false;
    /* Back to the position before n: undo the nodes of the path that are
     * not n's ancestors. */
    while (b->depth && b->path[b->depth - 1].n != n->parent) {
        const struct step *back = &b->path[--b->depth];
        while (b->nlog > back->log) {
            b->nlog--;
            point_set(b, b->log[b->nlog].at, b->log[b->nlog].old);
        }
        if (b->superko)
            set_undo(b, back->hlog);
    }
    if (!sgft__vec_grow(&b->path, &b->path_cap, b->depth + 1,
                        sizeof *b->path, 256)) {
        b->ctx->status = SGFT_ENOMEM;
        return;
    }
    if (!log_reserve(b))
        return;
    struct node_props np;
    if (plain) {
        /* One B or W and nothing else: no setup, mark, KO or RU. */
        np.move = n->props;
        np.colour = n->props->id == P_B ? BLACK : WHITE;
        np.m = np.ko = np.ru = NULL;
        np.any_setup = false; /* np.setup is not read */
    } else {
        find_props(n, &np);
    }
    struct step *st = &b->path[b->depth];
    if (b->depth)
        *st = b->path[b->depth - 1];
    else
        memset(st, 0, sizeof *st);
    st->n = n;
    st->log = b->nlog;
    st->hlog = b->nhlog;
    if (np.ru)
        st->suicide_ok = suicide_ok(b, np.ru, st->suicide_ok);
    b->depth++;
    if (np.any_setup) {
        execute_setup(b, &np, f);
        if (b->nlog != st->log) /* the board changed: no ko to retake */
            st->ko_stone = st->ko_point = NO_POINT;
    }
    execute_move(b, &np, f, st);
    execute_marks(b, np.m, f);
    if (b->superko)
        set_add(b, b->hash, st->moves);
}
