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
 *
 * The board's structure is in board.h; its life (made, kept for the next
 * tree, freed), the upkeep of the undo log (steps forgotten or merged,
 * the positions kept as snapshots) and the set of positions are in
 * board.c.
 */
#include "board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (b->pt[a].size > b->pt[h].size) {
        int t = h;
        h = a;
        a = t;
    }
    int s = a;
    do {
        b->pt[s].head = (uint16_t)h;
        s = b->pt[s].next;
    } while (s != a);
    uint16_t t = b->pt[h].next;
    b->pt[h].next = b->pt[a].next;
    b->pt[a].next = t;
    b->pt[h].size = (uint16_t)(b->pt[h].size + b->pt[a].size);
    b->pt[h].libs = (uint16_t)(b->pt[h].libs + b->pt[a].libs);
    return h;
}

/* A stone of colour c on the empty point at: a chain of its own, then
 * joined with its neighbours of the same colour.  Each empty neighbour is
 * a liberty of it, each stone next to it a liberty less for its chain.
 * Returns the sides (bit i: at + dirs[i]) where a chain of the other
 * colour has no liberty left: those a move captures. */
static unsigned stone_put(board *b, int at, unsigned char c) {
    unsigned char *st = b->stones;
    struct chain_pt *pt = b->pt;
    int up = at - b->stride, down = at + b->stride;
    unsigned char s0 = st[at - 1], s1 = st[at + 1], s2 = st[up], s3 = st[down];
    /* The counts of the neighbours' chains (or of the points themselves,
     * where no stone stands: no one reads those), before the stone's own
     * is set. */
    int h0 = pt[at - 1].head, h1 = pt[at + 1].head, h2 = pt[up].head,
        h3 = pt[down].head;
    pt[h0].libs--;
    pt[h1].libs--;
    pt[h2].libs--;
    pt[h3].libs--;
    st[at] = c;
    struct chain_pt *me = &pt[at];
    me->head = (uint16_t)at;
    me->next = (uint16_t)at;
    me->size = 1;
    me->libs = (uint16_t)((s0 == EMPTY) + (s1 == EMPTY) + (s2 == EMPTY) +
                          (s3 == EMPTY));
    /* Tested without a branch per side: most stones capture nothing. */
    unsigned char o = c ^ (BLACK ^ WHITE);
    unsigned dead = (unsigned)((s0 == o) & (pt[h0].libs == 0)) |
                    (unsigned)((s1 == o) & (pt[h1].libs == 0)) << 1 |
                    (unsigned)((s2 == o) & (pt[h2].libs == 0)) << 2 |
                    (unsigned)((s3 == o) & (pt[h3].libs == 0)) << 3;
    unsigned same = (unsigned)(s0 == c) | (unsigned)(s1 == c) << 1 |
                    (unsigned)(s2 == c) << 2 | (unsigned)(s3 == c) << 3;
    if (same) {
        /* The lowest side of the mask first.  The stone joins the chain
         * there (most stones join one chain).  Each side's head is read
         * from the board when its turn comes, since a join may have
         * relabelled it (not from h0..h3: a copy of those in an array
         * on the stack, read back by index, stalls the load). */
        static const unsigned char lowest[16] = {0, 0, 1, 0, 2, 0, 1, 0,
                                                 3, 0, 1, 0, 2, 0, 1, 0};
        int h = pt[at + b->dirs[lowest[same]]].head;
        same &= same - 1;
        me->head = (uint16_t)h;
        me->next = pt[h].next;
        pt[h].next = (uint16_t)at;
        pt[h].size++;
        pt[h].libs = (uint16_t)(pt[h].libs + me->libs);
        while (same) {
            int qh = pt[at + b->dirs[lowest[same]]].head;
            same &= same - 1;
            if (qh != h)
                h = chain_join(b, h, qh);
        }
    }
    if (b->superko)
        b->hash ^= zobrist(at, c);
    return dead;
}

/* The chain of the stone h (of colour c) built from its stones whose head
 * is 0 (not yet in a chain), with h its head: members, size, liberties. */
static void chain_build(board *b, int h, unsigned char c) {
    b->pt[h].head = (uint16_t)h;
    b->pt[h].next = (uint16_t)h;
    b->pt[h].size = 1;
    unsigned libs = 0;
    size_t top = 0;
    b->stack[top++] = (uint16_t)h;
    while (top) {
        int p = b->stack[--top];
        for (int d = 0; d < 4; d++) {
            int q = p + b->dirs[d];
            if (b->stones[q] == EMPTY) {
                libs++;
            } else if (b->stones[q] == c && !b->pt[q].head) {
                b->pt[q].head = (uint16_t)h;
                b->pt[q].next = b->pt[h].next;
                b->pt[h].next = (uint16_t)q;
                b->pt[h].size++;
                b->stack[top++] = (uint16_t)q;
            }
        }
    }
    b->pt[h].libs = (uint16_t)libs;
}

/* The stone at `at` taken out of its chain; what is left of the chain is
 * built again, as one chain or several. */
static void stone_take(board *b, int at) {
    unsigned char c = b->stones[at];
    size_t n = 0;
    for (int s = b->pt[at].next; s != at; s = b->pt[s].next)
        b->scratch[n++] = (uint16_t)s;
    b->stones[at] = EMPTY;
    b->pt[at].head = (uint16_t)at;
    if (b->superko)
        b->hash ^= zobrist(at, c);
    for (int i = 0; i < 4; i++) {
        int q = at + b->dirs[i];
        if (is_stone(b->stones[q]) && b->stones[q] != c)
            b->pt[b->pt[q].head].libs++;
    }
    for (size_t i = 0; i < n; i++)
        b->pt[b->scratch[i]].head = 0; /* not yet in a chain */
    for (size_t i = 0; i < n; i++) {
        int h = b->scratch[i];
        if (!b->pt[h].head)
            chain_build(b, h, c);
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

/* --- many points at once ---------------------------------------------------
 * Taking the stones of a big chain off one by one builds what is left of
 * it again each time: the square of its size (a 52x52 board emptied by
 * one AE, or left again at the end of a variation, costs millions of
 * steps).  When the stones to take off are in chains that large, the
 * points change without their chains (point_raw), and then all chains
 * are built again at once (chains_rebuild): the size of the board. */

/* What taking the stone at `at` off one by one costs: its chain's size. */
static inline size_t take_cost(const board *b, int at) {
    return is_stone(b->stones[at]) ? b->pt[b->pt[at].head].size : 0;
}

/* Whether changes costing cost are better made at once. */
static inline bool at_once(const board *b, size_t cost) {
    return cost > (size_t)(b->cols + 2) * (size_t)(b->rows + 2);
}

static void point_raw(board *b, int at, unsigned char c) {
    unsigned char old = b->stones[at];
    if (old == c)
        return;
    if (b->superko) {
        if (old != EMPTY)
            b->hash ^= zobrist(at, old);
        if (c != EMPTY)
            b->hash ^= zobrist(at, c);
    }
    b->stones[at] = c;
}

/* Every chain of the board built again from its stones. */
SGFT_COLD static void chains_rebuild(board *b) {
    int n = b->stride * (b->rows + 2);
    for (int at = 0; at < n; at++)
        b->pt[at].head = is_stone(b->stones[at]) ? 0 : (uint16_t)at;
    for (int h = 0; h < n; h++) {
        unsigned char c = b->stones[h];
        if (is_stone(c) && !b->pt[h].head)
            chain_build(b, h, c);
    }
}

/* Room in the undo log for everything one node can change: each of AB,
 * AW and AE the whole board, and a move (its point twice when it was
 * taken, and at most the board in stones captured or lost). */
static bool log_reserve(board *b) {
    size_t need = b->nlog + b->log_room;
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
    unsigned n = b->pt[h].size;
    int s = h;
    do {
        log_change(b, s);
        if (b->superko)
            b->hash ^= zobrist(s, b->stones[s]);
        b->stones[s] = EMPTY;
        b->pt[s].head = (uint16_t)s;
        s = b->pt[s].next;
    } while (s != h);
    do {
        for (int i = 0; i < 4; i++) {
            int q = s + b->dirs[i];
            if (is_stone(b->stones[q]))
                b->pt[b->pt[q].head].libs++;
        }
        s = b->pt[s].next;
    } while (s != h);
    return n;
}

/* The chain at q, of colour other, is captured when it has no liberty;
 * returns the number of stones removed, and sets *last to q then. */
static inline unsigned capture(board *b, int q, unsigned char other,
                               int *last) {
    if (b->stones[q] != other || b->pt[b->pt[q].head].libs)
        return 0;
    *last = q;
    return chain_remove(b, b->pt[q].head);
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

/* By the position of the value, then column by column. */
static int by_offset(const void *a, const void *b) {
    const struct exec_point *x = a, *y = b;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    if (x->x != y->x)
        return x->x < y->x ? -1 : 1;
    return (x->y > y->y) - (x->y < y->y);
}

/* Message 39 for the n points of p that change nothing: once per value
 * of the input (the list comes point by point, each point with the
 * position of the value it came from), at the value, with its first such
 * point, in the order of the input, as SGFC gives it. */
static void report_no_effect(board *b, const prop *p, struct exec_point *e,
                             size_t n) {
    qsort(e, n, sizeof *e, by_offset);
    for (size_t j = 0; j < n; j++) {
        if (j > 0 && e[j].off == e[j - 1].off)
            continue;
        char pt[3] = {sgft__coord_char(e[j].x), sgft__coord_char(e[j].y), 0};
        report r = {0};
        r.prop = p->name;
        r.value = pt;
        sgft__report(b->ctx, M_SETUP_NO_EFFECT, true, e[j].off, &r);
    }
}

/* Setup: AB, AW, AE change the board; a point where they change nothing
 * is a fact (and message 39, once per value, as 13.5 says).  Out of line:
 * the moves around it are the common path. */
SGFT_NOINLINE static void execute_setup(board *b,
                                        const struct node_props *np,
                                        exec_facts *f) {
    static const unsigned char colour[3] = {BLACK, WHITE, EMPTY};
    for (int i = 0; i < 3; i++) {
        prop *p = np->setup[i];
        if (!p)
            continue;
        size_t first = f->n_no_effect;
        size_t cost = 0; /* of the changes one by one (take_cost) */
        for (value *v = p->values; v; v = v->next) {
            int x1, y1, x2, y2;
            if (!sgft__value_rect(b->ctx, v, &x1, &y1, &x2, &y2))
                continue;
            for (int x = x1; x <= x2; x++)
                for (int y = y1; y <= y2; y++) {
                    if (b->stones[AT(b, x, y)] != colour[i]) {
                        cost += take_cost(b, AT(b, x, y));
                        continue;
                    }
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
                    e->off = value_pos(v);
                    b->skip[AT(b, x, y)] = 1;
                }
        }
        if (f->n_no_effect > first)
            report_no_effect(b, p, f->no_effect + first,
                             f->n_no_effect - first);
        /* Then the points with an effect change the board: one by one,
         * or at once when they take stones off big chains. */
        bool bulk = at_once(b, cost);
        for (value *v = p->values; v; v = v->next) {
            int x1, y1, x2, y2;
            if (!sgft__value_rect(b->ctx, v, &x1, &y1, &x2, &y2))
                continue;
            for (int x = x1; x <= x2; x++)
                for (int y = y1; y <= y2; y++) {
                    int at = AT(b, x, y);
                    if (!b->skip[at]) {
                        log_change(b, at);
                        if (bulk)
                            point_raw(b, at, colour[i]);
                        else
                            point_set(b, at, colour[i]);
                    }
                }
        }
        if (bulk)
            chains_rebuild(b);
        for (size_t j = first; j < f->n_no_effect; j++)
            b->skip[AT(b, f->no_effect[j].x, f->no_effect[j].y)] = 0;
    }
}

/* Message code about the move value v at s, with detail. */
/* A message about the move whose value has the bytes s, at pos. */
SGFT_COLD static void report_move(board *b, msg_id code, uint64_t pos,
                                  const char *s, const char *detail) {
    report r = {0};
    r.value = s;
    r.value_len = 2;
    r.detail = detail;
    sgft__report(b->ctx, code, true, pos, &r);
}

/* A move: the stone is placed whatever was there (58 when the point was
 * taken), opposing chains without liberties are captured, then its own
 * chain when it has none (suicide, 122 unless the rules allow it).  A
 * move that takes back at once the single stone that has just taken a
 * single stone on the same point restores the position before (a basic
 * ko, 121); with --superko a move that makes a position the line has had
 * before is 123.  KO[] in the node says the move is meant (meant): none
 * of the three is reported.  Whatever is reported, the move is played.
 * at is the point of the value v, whose bytes are s; st the node's step,
 * its move counted and its ko cleared, ko_stone and ko_point those of the
 * line before. */
static void after_put(board *b, struct step *st, int at, unsigned char c,
                      unsigned dead, bool occupied, bool meant,
                      const value *v, const char *s, exec_facts *f,
                      uint16_t ko_stone, uint16_t ko_point) {
    int last = NO_POINT; /* a stone captured */
    unsigned captured = 0;
    if (dead) {
        unsigned char other = c ^ (BLACK ^ WHITE);
        for (int i = 0; i < 4; i++)
            if (dead >> i & 1)
                captured += capture(b, at + b->dirs[i], other, &last);
        f->captured = captured != 0;
    }
    bool reported = false;
    if (captured == 1 && at == ko_point && last == ko_stone && !meant) {
        report_move(b, M_KO_RETAKEN, value_pos(v), s, NULL);
        reported = true;
    }
    if (!b->pt[b->pt[at].head].libs) {
        unsigned lost = chain_remove(b, b->pt[at].head);
        if (!st->suicide_ok && !meant) {
            char detail[48];
            if (lost == 1)
                snprintf(detail, sizeof detail, "its stone");
            else
                snprintf(detail, sizeof detail, "its chain of %u stones",
                         lost);
            report_move(b, M_SUICIDE, value_pos(v), s, detail);
            reported = true;
        }
    } else if (captured == 1 && !occupied) {
        st->ko_stone = (uint16_t)at;
        st->ko_point = (uint16_t)last;
    }
    if (b->superko && !reported && !meant) {
        const struct seen *e = sgft__seen_lookup(b, b->hash);
        if (e) {
            char detail[64];
            if (e->moves)
                snprintf(detail, sizeof detail, "the position after move %u",
                         e->moves);
            else
                snprintf(detail, sizeof detail,
                         "the position before the first move");
            report_move(b, M_SUPERKO, value_pos(v), s, detail);
        }
    }
}

/* The move of property p (its value's bytes s) on point at.  58, a
 * stone already there, is given at the property, as SGFC gives it; the
 * other messages of the move at its value. */
static void play(board *b, struct step *st, int at, unsigned char c,
                 bool meant, const prop *p, const char *s, exec_facts *f,
                 uint16_t ko_stone, uint16_t ko_point) {
    const value *v = p->values;
    bool occupied = b->stones[at] != EMPTY;
    if (occupied) {
        report_move(b, M_OCCUPIED_POINT, p->off, s, NULL);
        log_change(b, at);
        stone_take(b, at);
    }
    log_change(b, at);
    unsigned dead = stone_put(b, at, c);
    after_put(b, st, at, c, dead, occupied, meant, v, s, f, ko_stone,
              ko_point);
}

/* The move of a node (B, or W), if any: counted, and played unless it is
 * a pass (or [tt] kept with -p). */
static void execute_move(board *b, const struct node_props *np,
                         exec_facts *f, struct step *st) {
    prop *p = np->move;
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
    play(b, st, AT(b, x, y), np->colour, np->ko != NULL, p, s, f,
         ko_stone, ko_point);
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
                mk->stone = b->stones[AT(b, x, y)] != EMPTY;
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

/* Back to the position before n: the nodes of the path that are not n's
 * ancestors are undone. */
SGFT_NOINLINE static void undo_to_parent(board *b, const node *n) {
    size_t d = b->depth;
    while (d && b->path[d - 1].n != n->parent)
        d--;
    if (d == b->depth)
        return;
    /* The first snapshot of the steps undone, if any, gives the position
     * before its step at once (the chains are built again after); the
     * changes of the steps above it follow. */
    size_t s = d;
    while (s < b->depth && !b->path[s].snap)
        s++;
    bool bulk = s < b->depth;
    if (bulk) {
        const unsigned char *p = b->snaps + b->path[s].snap - 1;
        int n_pts = b->stride * (b->rows + 2);
        for (int at = 0; at < n_pts; at++) {
            unsigned char c = sgft__snap_get(p, (size_t)at);
            if (c != b->stones[at])
                point_raw(b, at, c);
        }
        b->nsnaps = b->path[s].snap - 1;
        b->nlog = b->path[s].log;
        if (b->superko)
            sgft__seen_undo(b, b->path[s].hlog);
        b->depth = s;
    } else {
        /* What taking off the chains the board shows costs, and besides
         * each change one, and the stones the undo takes off that the
         * board does not show (put on and taken off again on the way
         * back: a line that fills and empties the board ends on an empty
         * one) each the size of a chain of them all. */
        size_t cost = b->nlog - b->path[d].log, hidden = 0;
        for (size_t i = b->path[d].log; i < b->nlog; i++) {
            int at = b->log[i].at;
            cost += take_cost(b, at);
            hidden += b->log[i].old == EMPTY && b->stones[at] == EMPTY;
        }
        bulk = at_once(b, cost) || at_once(b, hidden * hidden);
        for (size_t i = d; i < b->depth && !bulk; i++)
            bulk = b->path[i].merged;
    }
    while (b->depth > d) {
        const struct step *back = &b->path[--b->depth];
        while (b->nlog > back->log) {
            b->nlog--;
            if (bulk)
                point_raw(b, b->log[b->nlog].at, b->log[b->nlog].old);
            else
                point_set(b, b->log[b->nlog].at, b->log[b->nlog].old);
        }
        if (b->superko)
            sgft__seen_undo(b, back->hlog);
    }
    if (bulk)
        chains_rebuild(b);
}

/* Whether sgft__forget_above is due before n: the walk stays below n's
 * parent (no sibling of n, none pending above), which the path ends with,
 * and the path or the log is long. */
static inline bool forget_due(const board *b, const node *n, size_t pending) {
    return (b->depth > FORGET_DEPTH || b->nlog > FORGET_LOG) && !pending &&
           !n->next && b->path[b->depth - 1].n == n->parent;
}

static inline size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

/* The step of n on the path, the line's state copied from its parent's;
 * NULL when out of memory. */
static struct step *begin_node(board *b, node *n, exec_facts *f,
                               size_t pending) {
    f->n_no_effect = f->n_marks = 0;
    f->captured = f->setup = false;
    if (b->depth && b->path[b->depth - 1].n != n->parent)
        undo_to_parent(b, n);
    else if (forget_due(b, n, pending))
        sgft__forget_above(b);
    else if (b->nlog > b->merge_at && b->depth > 1)
        sgft__merge_block(b);
    if (!sgft__vec_grow(&b->path, &b->path_cap, b->depth + 1,
                        sizeof *b->path, 32) ||
        !log_reserve(b)) {
        b->ctx->status = SGFT_ENOMEM;
        return NULL;
    }
    if (b->merge_at < FORGET_LOG)
        b->merge_at = FORGET_LOG;
    b->fast_depth = min_size(b->path_cap, FORGET_DEPTH + 1);
    b->fast_log = min_size(b->log_cap - b->log_room, b->merge_at);
    struct step *st = &b->path[b->depth];
    if (b->depth)
        *st = b->path[b->depth - 1];
    else
        memset(st, 0, sizeof *st);
    st->merged = false;
    st->snap = 0;
    st->n = n;
    st->log = b->nlog;
    st->hlog = b->nhlog;
    b->depth++;
    return st;
}

bool sgft__setup_changes(board *b, node *n, const prop *p) {
    if (b->depth && b->path[b->depth - 1].n != n->parent)
        undo_to_parent(b, n);
    unsigned char c = p->id == P_AB ? BLACK : p->id == P_AW ? WHITE : EMPTY;
    for (const value *v = p->values; v; v = v->next) {
        int x1, y1, x2, y2;
        if (!sgft__value_rect(b->ctx, v, &x1, &y1, &x2, &y2))
            return true; /* not a point the replay reads: not its call */
        for (int x = x1; x <= x2; x++)
            for (int y = y1; y <= y2; y++)
                if (b->stones[AT(b, x, y)] != c)
                    return true;
    }
    return false;
}

/* A node that changed more points than a snapshot takes room for keeps
 * the position before it as one (but the first step, never undone). */
static inline void snap_if_large(board *b, const struct step *st) {
    if (b->nlog - st->log > b->snap_min && b->depth > 1)
        sgft__snap_push(b, b->depth - 1);
}

void sgft__execute_node(board *b, node *n, exec_facts *f, size_t pending) {
    struct step *st = begin_node(b, n, f, pending);
    if (!st)
        return;
    struct node_props np;
    find_props(n, &np);
    if (np.ru)
        st->suicide_ok = suicide_ok(b, np.ru, st->suicide_ok);
    if (np.any_setup) {
        f->setup = true;
        execute_setup(b, &np, f);
        if (b->nlog != st->log) /* the board changed: no ko to retake */
            st->ko_stone = st->ko_point = NO_POINT;
    }
    execute_move(b, &np, f, st);
    execute_marks(b, np.m, f);
    if (b->superko)
        sgft__seen_add(b, b->hash, st->moves);
    snap_if_large(b, st);
}

/* The common move of a game, in the fewest steps: the line goes on from
 * the node before, an empty point, no superko; the rest as play(). */
void sgft__execute_plain(board *b, node *n, int x, int y, exec_facts *f,
                         size_t pending) {
    size_t d = b->depth;
    struct step *st;
    if (d && b->path[d - 1].n == n->parent && d < b->fast_depth &&
        b->nlog <= b->fast_log) {
        f->n_no_effect = f->n_marks = 0;
        f->captured = f->setup = false;
        st = &b->path[d];
        *st = st[-1];
        st->merged = false;
        st->snap = 0;
        st->n = n;
        st->log = b->nlog;
        st->hlog = b->nhlog;
        b->depth = d + 1;
    } else if (!(st = begin_node(b, n, f, pending))) {
        return;
    }
    st->moves++;
    uint16_t ko_stone = st->ko_stone, ko_point = st->ko_point;
    st->ko_stone = st->ko_point = NO_POINT;
    const value *v = n->props->values;
    unsigned char c = n->props->id == P_B ? BLACK : WHITE;
    int at = AT(b, x, y);
    if (b->stones[at] != EMPTY || b->superko) {
        play(b, st, at, c, false, n->props, value_bytes(b->ctx, v), f,
             ko_stone, ko_point);
        if (b->superko)
            sgft__seen_add(b, b->hash, st->moves);
        snap_if_large(b, st);
        return;
    }
    b->log[b->nlog].at = (uint16_t)at;
    b->log[b->nlog].old = EMPTY;
    b->nlog++;
    unsigned dead = stone_put(b, at, c);
    if (dead || !b->pt[b->pt[at].head].libs) {
        after_put(b, st, at, c, dead, false, false, v, value_bytes(b->ctx, v),
                  f, ko_stone, ko_point);
        snap_if_large(b, st);
    }
}
