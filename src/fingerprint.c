/* fingerprint.c - what a Go game is, whatever copy of it: the moves of
 * its main line (and the stones set up before them) brought to one
 * canonical form, so that copies of one game turned or mirrored on the
 * board, with the colours swapped, or cut short, have the same form or a
 * prefix of it.
 *
 * The canonical form: of the 8 symmetries of the board (4 of a
 * rectangular one), the one under which the setup stones (sorted) and
 * then the moves read first in lexicographic order, each point compared
 * as SGF writes it: its column letter first, then its row letter, in the
 * order of the coordinates (a to z, then A to Z: for boards up to 26
 * lines, alphabetical order), a pass before every point, and at one
 * point a black setup stone before a white one (sgftidy(1), -g).  Since
 * the order is lexicographic, the form of the first k moves of a game
 * is the first k moves of the form of the game: a truncated copy
 * hashes, move for move, like the start of the whole.  Colours count relative to the first
 * player when there is no setup (a colour-swapped copy of an even game
 * is the same game); with setup stones they are absolute. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* One move or setup stone: the point (col, row), or a pass, and the
 * colour (0 black or first player, 1 white or second). */
typedef struct fmove {
    int col, row; /* -1, -1: a pass */
    int colour;
} fmove;

/* The symmetry t (0-7) of point (c, r) on a cols x rows board: bit 0
 * mirrors left-right, bit 1 top-bottom, bit 2 swaps the axes (square
 * boards only). */
static void transform(unsigned t, int cols, int rows, int c, int r, int *oc,
                      int *orow) {
    if (c < 0) {
        *oc = *orow = -1;
        return;
    }
    if (t & 1)
        c = cols - 1 - c;
    if (t & 2)
        r = rows - 1 - r;
    if (t & 4) {
        int x = c;
        c = r;
        r = x;
    }
    *oc = c;
    *orow = r;
}

void sgft__transform_point(unsigned t, int cols, int rows, int c, int r,
                           int *oc, int *orow) {
    transform(t, cols, rows, c, r, oc, orow);
}

/* A move as one number: the order of the canonical form, that of the
 * point's SGF letters (column, then row), then the colour. */
static long code_of(unsigned t, int cols, int rows, const fmove *m) {
    int c, r;
    transform(t, cols, rows, m->col, m->row, &c, &r);
    long pt = c < 0 ? 0 : 1 + (long)c * 64 + r;
    return pt * 2 + m->colour;
}

static int code_cmp(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static uint64_t mix(uint64_t h, uint64_t x) {
    h ^= x + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdu;
    return h ^ (h >> 33);
}

typedef struct fvec {
    fmove *v;
    size_t n, cap;
} fvec;

static bool fvec_push(fvec *a, fmove m) {
    if (!sgft__vec_grow(&a->v, &a->cap, a->n + 1, sizeof *a->v, 256))
        return false;
    a->v[a->n++] = m;
    return true;
}

/* The point of value v as column and row; false when it is none (a pass
 * is col -1). */
static bool read_point(sgft_ctx *ctx, const value *v, int cols, int rows,
                       fmove *m) {
    const char *s = value_bytes(ctx, v);
    if (v->len == 0 || (v->len == 2 && s[0] == 't' && s[1] == 't' &&
                        cols <= 19 && rows <= 19)) {
        m->col = m->row = -1;
        return true;
    }
    if (v->len != 2)
        return false;
    int c = sgft__point_coord(s[0]), r = sgft__point_coord(s[1]);
    if (c < 0 || r < 0 || c >= cols || r >= rows)
        return false;
    m->col = c;
    m->row = r;
    return true;
}

/* The board size of the tree: SZ of the root, 19 by default. */
static void board_size(sgft_ctx *ctx, game_tree *t, int *cols, int *rows) {
    *cols = *rows = 19;
    prop *sz = sgft__prop_find(t->root, P_SZ);
    if (!sz || !sz->values)
        return;
    buf b;
    sgft__buf_init(&b);
    sgft__unescape(&b, value_bytes(ctx, sz->values), sz->values->len);
    if (b.data) {
        char *end;
        long c = strtol(b.data, &end, 10), r = c;
        if (*end == ':')
            r = strtol(end + 1, &end, 10);
        if (c >= 1 && c <= 52 && r >= 1 && r <= 52) {
            *cols = (int)c;
            *rows = (int)r;
        }
    }
    sgft__buf_free(&b);
}

int sgft_tree_fingerprint(sgft_ctx *ctx, sgft_tree *tree,
                          sgft_fingerprint *fp) {
    memset(fp, 0, sizeof *fp);
    if (!ctx || !tree || !tree->root)
        return SGFT_EINVAL;
    int cols, rows;
    board_size(ctx, tree, &cols, &rows);
    fp->cols = cols;
    fp->rows = rows;
    fvec setup = {0}, moves = {0};
    int st = 0;
    /* Setup stones of the root (handicap), and the main line's moves. */
    static const prop_id stones[2] = {P_AB, P_AW};
    for (int colour = 0; colour < 2; colour++) {
        prop *p = sgft__prop_find(tree->root, stones[colour]);
        for (value *v = p ? p->values : NULL; v && !st; v = v->next) {
            fmove m = {0, 0, colour};
            if (read_point(ctx, v, cols, rows, &m) && m.col >= 0 &&
                !fvec_push(&setup, m))
                st = SGFT_ENOMEM;
        }
    }
    int first = -1;
    for (node *n = tree->root; n && !st; n = n->child) {
        for (prop *p = n->props; p && !st; p = p->next) {
            if ((p->id != P_B && p->id != P_W) || !p->values)
                continue;
            fmove m;
            m.colour = p->id == P_W;
            if (!read_point(ctx, p->values, cols, rows, &m))
                continue;
            if (first < 0)
                first = m.colour;
            if (!setup.n) /* colours relative to the first player */
                m.colour ^= first;
            if (!fvec_push(&moves, m))
                st = SGFT_ENOMEM;
        }
    }
    unsigned count = cols == rows ? 8 : 4;
    long *keys = setup.n ? malloc(setup.n * sizeof *keys) : NULL;
    long *best = setup.n ? malloc(setup.n * sizeof *best) : NULL;
    fp->prefix = moves.n ? malloc(moves.n * sizeof *fp->prefix) : NULL;
    if (st || (setup.n && (!keys || !best)) || (moves.n && !fp->prefix)) {
        st = SGFT_ENOMEM;
        goto done;
    }
    /* The candidates: the symmetries still tied for first. */
    bool cand[8];
    for (unsigned t = 0; t < 8; t++)
        cand[t] = t < count;
    if (setup.n) {
        bool have = false;
        for (unsigned t = 0; t < count; t++) {
            for (size_t i = 0; i < setup.n; i++)
                keys[i] = code_of(t, cols, rows, &setup.v[i]);
            qsort(keys, setup.n, sizeof *keys, code_cmp);
            int c = -1;
            if (have) {
                c = 0;
                for (size_t i = 0; i < setup.n && !c; i++)
                    c = keys[i] < best[i] ? -1 : keys[i] > best[i];
            }
            if (c < 0) {
                for (unsigned u = 0; u < t; u++)
                    cand[u] = false;
                memcpy(best, keys, setup.n * sizeof *keys);
                have = true;
            } else if (c > 0) {
                cand[t] = false;
            }
        }
    }
    uint64_t h = mix(0x5347465450u, (uint64_t)cols * 64 + (uint64_t)rows);
    for (size_t i = 0; setup.n && i < setup.n; i++)
        h = mix(h, (uint64_t)best[i] + 1);
    h = mix(h, setup.n);
    for (size_t i = 0; i < moves.n; i++) {
        long low = -1;
        for (unsigned t = 0; t < count; t++) {
            if (!cand[t])
                continue;
            long c = code_of(t, cols, rows, &moves.v[i]);
            if (low < 0 || c < low)
                low = c;
        }
        for (unsigned t = 0; t < count; t++)
            if (cand[t] && code_of(t, cols, rows, &moves.v[i]) != low)
                cand[t] = false;
        h = mix(h, (uint64_t)low + 7);
        fp->prefix[i] = h;
    }
    fp->hash = moves.n ? fp->prefix[moves.n - 1] : h;
    fp->moves = (unsigned long)moves.n;
    fp->setup = (unsigned long)setup.n;
    for (unsigned t = 0; t < count; t++)
        if (cand[t]) {
            fp->transform = t;
            break;
        }
    fp->colours_swapped = !setup.n && first == 1;
done:
    free(keys);
    free(best);
    free(setup.v);
    free(moves.v);
    if (st) {
        free(fp->prefix);
        fp->prefix = NULL;
    }
    return st;
}

void sgft_fingerprint_free(sgft_fingerprint *fp) {
    if (fp) {
        free(fp->prefix);
        fp->prefix = NULL;
    }
}

unsigned sgft_transform_between(unsigned a, unsigned b) {
    /* The symmetry r with b = a after r, found on two points that tell
     * all eight apart. */
    for (unsigned r = 0; r < 8; r++) {
        bool same = true;
        static const int pts[2][2] = {{1, 0}, {3, 2}};
        for (int k = 0; k < 2 && same; k++) {
            int c1, r1, c2, r2, c3, r3;
            transform(b, 9, 9, pts[k][0], pts[k][1], &c1, &r1);
            transform(r, 9, 9, pts[k][0], pts[k][1], &c2, &r2);
            transform(a, 9, 9, c2, r2, &c3, &r3);
            same = c1 == c3 && r1 == r3;
        }
        if (same)
            return r;
    }
    return 0;
}

const char *sgft_transform_name(unsigned t) {
    /* at most 31 bytes each */
    static const char names[8][32] = {
        "as written",
        "mirrored left to right",
        "mirrored top to bottom",
        "turned 180 degrees",
        "mirrored on the diagonal",
        "turned 90 degrees anticlockwise",
        "turned 90 degrees clockwise",
        "mirrored on the other diagonal"};
    return names[t & 7];
}
