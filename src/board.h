/* board.h - the Go board of execute.c, shared with board.c: its points
 * and chains, the path of the walk with its undo logs, and the set of
 * the positions of the line (--superko).  Private to those two files. */
#ifndef SGFT_BOARD_H
#define SGFT_BOARD_H

#include "internal.h"

/* The points with a frame of edge points around them, row by row, a row
 * as long as the board's (stride = cols + 2, so that a board of 19 lines
 * fits in a few kilobytes): the neighbours of a point are at -1, +1,
 * -stride and +stride, never out of the array. */
#define AT(b, x, y) (((y) + 1) * (b)->stride + (x) + 1)
#define NO_POINT 0 /* a frame point: never a stone, nor a ko point */

enum { EMPTY = 0, BLACK = 1, WHITE = 2, EDGE = 3 };

/* One node of the path: where its changes start in the undo logs, and
 * the state of the line after it. */
struct step {
    node *n;
    size_t log, hlog;   /* undo log and hash log sizes before the node */
    uint16_t ko_stone;  /* the stone that just took a basic ko ... */
    uint16_t ko_point;  /* ... the point it emptied (or NO_POINT) */
    unsigned moves;     /* moves (B, W, passes too) from the root */
    bool suicide_ok;    /* the rules (RU) allow suicide */
    bool merged;        /* stands for several nodes whose changes were
                           merged (sgft__merge_block): undone at once */
    size_t snap;        /* 1 + the offset in the board's snapshots of the
                           position before the node, whose changes then
                           are not in the undo log (sgft__snap_push); 0:
                           none */
};

/* A position seen on the line: its hash and the number of moves then. */
struct seen {
    uint64_t hash;
    unsigned moves;
};

struct board {
    sgft_ctx *ctx;
    int cols, rows;
    int stride;      /* cols + 2 */
    int dirs[4];     /* -1, 1, -stride, stride */
    size_t log_room; /* what one node may add to the undo log */
    bool superko;  /* --superko: keep the hashes of the positions */
    uint64_t hash; /* Zobrist hash of the position (with superko) */
    /* undo log, and the path's nodes with their log positions */
    struct undo { uint16_t at; uint8_t old; } *log;
    size_t nlog, log_cap;
    struct step *path;
    size_t depth, path_cap;
    /* sgft__execute_plain takes its short way while depth < fast_depth
     * and nlog <= fast_log: there is room for the node in both arrays and
     * the path is not long enough to forget, nor the log to merge (both 0
     * on a new board; set by begin_node in execute.c) */
    size_t fast_depth, fast_log;
    size_t merge_at; /* the log's length that calls for sgft__merge_block */
    /* Snapshots of positions, two bits a point (stones' values), in the
     * order of their steps on the path: a node whose changes would take
     * more room in the undo log than a snapshot (snap_min changes) keeps
     * the position before it as one instead, so that the undo logs of a
     * line every node of which has a variation to come back to grow with
     * at most a snapshot for each node, however much each one changes. */
    unsigned char *snaps;
    size_t nsnaps, snaps_cap;
    size_t snap_bytes; /* of one snapshot */
    size_t snap_min;   /* the changes of a node that call for one */
    /* the positions of the line: an open-addressing set (hash 0 marks a
     * free slot) and the insertions in order, undone last first */
    struct seen *set;
    size_t set_cap, set_count;
    struct seen *hlog;
    size_t nhlog, hlog_cap;
    /* The arrays of the points, in one allocation sized for the board
     * (npoints, kept for a next tree whose board is no larger). */
    size_t npoints;
    unsigned char *stones; /* EMPTY, BLACK, WHITE or EDGE */
    unsigned char *skip;   /* setup without effect */
    /* chains: meaningful where a stone stands; head is the point itself
     * where none stands, so that the counts of the chains next to a
     * point change without a test of what stands there (the count of an
     * empty or frame point is read by no one).  The four fields of a
     * point side by side: a move reads and writes them together. */
    struct chain_pt {
        uint16_t head; /* the chain's first stone, its name */
        uint16_t next; /* the next stone of the chain, circular */
        uint16_t size, libs; /* at the head: stones and pseudo-liberties */
    } *pt, *pt_fresh; /* pt_fresh: pt on an empty board (each its head) */
    bool fresh_made;    /* pt_fresh is made (at the board's second tree) */
    uint16_t *scratch, *stack; /* chain rebuild */
};

/* How deep the path, and how long the undo log, may grow before the steps
 * that will not be undone are forgotten (sgft__forget_above). */
enum { FORGET_DEPTH = 1024, FORGET_LOG = 1 << 16 };

/* board.c: the upkeep of the undo log as the walk goes down (execute.c's
 * begin_node calls them): the steps above the last are forgotten, when
 * the walk will not come back to them; the nodes below the deepest
 * variation left to come back to are merged into one step. */
void sgft__forget_above(board *b);
void sgft__merge_block(board *b);

/* Two bits a point in a snapshot. */
static inline unsigned char sgft__snap_get(const unsigned char *s, size_t at) {
    return (unsigned char)((s[at >> 2] >> ((at & 3) * 2)) & 3);
}

/* board.c: the position before step s of the path (the nodes from s to
 * the last undone) becomes a snapshot of step s, the last one kept: the
 * undo log ends where s's changes began; false when out of memory. */
bool sgft__snap_push(board *b, size_t s);

/* board.c: the positions of the line (--superko).  A position joins the
 * line after `moves` moves, unless it is there; the last ones added are
 * taken out down to `to` (the hash log's size); lookup gives the entry of
 * a position seen, or NULL. */
void sgft__seen_add(board *b, uint64_t h, unsigned moves);
void sgft__seen_undo(board *b, size_t to);
const struct seen *sgft__seen_lookup(const board *b, uint64_t h);

#endif
