/* board_svg.c - the position of a Go game at any node, drawn as an SVG
 * document (sgft_board_svg, sgftidy.h).
 *
 * The path from the root down to the node is found by its parents, into
 * an array, and played down once on a board of its own: a byte a point,
 * with a stamp a point for the flood fills, which go through an array
 * (no recursion) and so visit each stone of a chain once.  Nothing is
 * shared with the board of the checks (execute.c), which keeps undo
 * logs and reports messages; this one plays the same moves the same way
 * and keeps nothing after the call.
 *
 * The document's lengths are whole numbers of units of its view box (a
 * line every UNIT), printed with integer formats only: no locale, no
 * rounding, the same bytes for the same position. */
#include "internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EMPTY = 0, BLACK = 1, WHITE = 2 };

/* The units of the view box: between two lines, the radius of a stone,
 * the margins around the grid (the left and top one wider with the
 * coordinates' letters). */
enum { UNIT = 24, STONE_R = 11, MARGIN = 24, COORD_MARGIN = 44 };

typedef struct svg_board {
    int cols, rows;
    unsigned char *stones; /* cols * rows, row by row */
    unsigned *stamp;       /* the fill that visited each point last */
    unsigned fill;         /* the current fill's stamp */
    int *chain;            /* the points of the chain filled last */
} svg_board;

void sgft_svg_options_init(sgft_svg_options *opt) {
    memset(opt, 0, sizeof *opt);
    opt->size = sizeof *opt;
    opt->mark_x = opt->mark_y = -1;
}

/* The value's text with escapes resolved, in b (NUL-terminated); false
 * when out of memory. */
static bool value_plain(const sgft_ctx *ctx, const value *v, buf *b) {
    sgft__buf_clear(b);
    if (v->flags & VALF_DECODED)
        sgft__buf_put(b, v->text, v->len);
    else
        sgft__unescape(b, value_bytes(ctx, v), v->len);
    sgft__buf_putc(b, '\0');
    return !b->oom;
}

static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* A number from 1 to 52 at *s, white space around it skipped; 0 when
 * there is none there. */
static int side_at(const char **s) {
    const char *p = *s;
    while (is_space(*p))
        p++;
    int n = 0;
    if (*p < '0' || *p > '9')
        return 0;
    while (*p >= '0' && *p <= '9') {
        n = n * 10 + (*p++ - '0');
        if (n > MAX_BOARD)
            return 0;
    }
    while (is_space(*p))
        p++;
    *s = p;
    return n;
}

/* Whether the root says the game is Go on a board the drawing knows
 * (GM[1] or none; SZ of 1 to 52, or two of them, or none: 19), and which
 * board; false also when out of memory (errno says which). */
static bool go_board(const sgft_ctx *ctx, node *root, int *cols, int *rows) {
    *cols = *rows = 19;
    prop *gm = sgft__prop_find(root, P_GM);
    prop *sz = sgft__prop_find(root, P_SZ);
    buf b;
    sgft__buf_init(&b);
    bool ok = true;
    if (gm && gm->values) {
        ok = value_plain(ctx, gm->values, &b);
        const char *s = b.data;
        ok = ok && side_at(&s) == 1 && !*s;
    }
    if (ok && sz && sz->values) {
        ok = value_plain(ctx, sz->values, &b);
        const char *s = b.data;
        int c = ok ? side_at(&s) : 0, r = c;
        if (c && *s == ':') {
            s++;
            r = side_at(&s);
        }
        ok = ok && c && r && !*s;
        *cols = c;
        *rows = r;
    }
    if (!ok)
        errno = b.oom ? ENOMEM : ENOTSUP;
    sgft__buf_free(&b);
    return ok;
}

/* The options, checked: the caller's, or the defaults; false when they
 * cannot be taken (EINVAL). */
static bool take_options(const sgft_svg_options *opt, int cols, int rows,
                         sgft_svg_options *out) {
    sgft_svg_options_init(out);
    if (!opt)
        return true;
    if (opt->size < sizeof *out)
        return false;
    /* A newer program's members this library does not know: at their
     * defaults (zero), or refused. */
    const unsigned char *more = (const unsigned char *)opt + sizeof *out;
    for (size_t i = 0; i < opt->size - sizeof *out; i++)
        if (more[i])
            return false;
    *out = *opt;
    out->size = sizeof *out;
    if (out->flags & ~(unsigned)SGFT_SVG_COORDS)
        return false;
    if (out->mark_x == -1 && out->mark_y == -1)
        return true;
    return out->mark_x >= 0 && out->mark_y >= 0 && out->mark_x < cols &&
           out->mark_y < rows;
}

/* --- the play ------------------------------------------------------------- */

/* A new fill: its stamp, the stamps cleared when they wrap around. */
static unsigned fill_begin(svg_board *b) {
    if (++b->fill == 0) {
        memset(b->stamp, 0, (size_t)b->cols * (size_t)b->rows *
                                sizeof *b->stamp);
        b->fill = 1;
    }
    return b->fill;
}

/* The chain of the stone at p into b->chain: its number of stones, and
 * in *libs whether it has a liberty. */
static size_t chain_fill(svg_board *b, int p, bool *libs) {
    unsigned f = fill_begin(b);
    unsigned char c = b->stones[p];
    size_t n = 0;
    *libs = false;
    b->chain[n++] = p;
    b->stamp[p] = f;
    /* The points of the chain found so far are the stack of the fill:
     * each is looked around once, in the order found. */
    for (size_t i = 0; i < n; i++) {
        int q = b->chain[i], x = q % b->cols, y = q / b->cols;
        int next[4], k = 0;
        if (x > 0)
            next[k++] = q - 1;
        if (x < b->cols - 1)
            next[k++] = q + 1;
        if (y > 0)
            next[k++] = q - b->cols;
        if (y < b->rows - 1)
            next[k++] = q + b->cols;
        for (int j = 0; j < k; j++) {
            int r = next[j];
            if (b->stones[r] == EMPTY)
                *libs = true;
            else if (b->stones[r] == c && b->stamp[r] != f) {
                b->stamp[r] = f;
                b->chain[n++] = r;
            }
        }
    }
    return n;
}

/* The chain of the stone at p leaves the board when it has no liberty. */
static void take_if_dead(svg_board *b, int p) {
    bool libs;
    size_t n = chain_fill(b, p, &libs);
    if (!libs)
        for (size_t i = 0; i < n; i++)
            b->stones[b->chain[i]] = EMPTY;
}

/* A stone of colour c on (x, y), whatever stood there: the opponent's
 * chains next to it without a liberty go, then its own when it has none. */
static void play(svg_board *b, int x, int y, unsigned char c) {
    int p = y * b->cols + x;
    unsigned char other = c == BLACK ? WHITE : BLACK;
    b->stones[p] = c;
    int next[4], k = 0;
    if (x > 0)
        next[k++] = p - 1;
    if (x < b->cols - 1)
        next[k++] = p + 1;
    if (y > 0)
        next[k++] = p - b->cols;
    if (y < b->rows - 1)
        next[k++] = p + b->cols;
    for (int j = 0; j < k; j++)
        if (b->stones[next[j]] == other)
            take_if_dead(b, next[j]);
    take_if_dead(b, p);
}

/* The point of a move's value: true and (x, y) when it is one of the
 * board; false for a pass and for what is no point of it. */
static bool move_point(const sgft_ctx *ctx, const svg_board *b,
                       const value *v, int *x, int *y) {
    if (!v || !v->len)
        return false;
    const char *s = value_bytes(ctx, v);
    if (sgft__val_point(s, v->len, MAX_BOARD, MAX_BOARD, x, y) == VR_BAD)
        return false;
    if (*x == 19 && *y == 19 && b->cols <= 19 && b->rows <= 19)
        return false; /* [tt]: a pass */
    return *x < b->cols && *y < b->rows;
}

/* The points of a point-list value ("ab", or the rectangle "ab:cd") set
 * to c; a value that is no point of the board is passed over. */
static void setup_value(const sgft_ctx *ctx, svg_board *b, const value *v,
                        unsigned char c) {
    const char *s = value_bytes(ctx, v);
    size_t colon = sgft__compose_split(s, v->len);
    int x1, y1, x2, y2;
    if (sgft__val_point(s, colon, b->cols, b->rows, &x1, &y1) == VR_BAD)
        return;
    x2 = x1;
    y2 = y1;
    if (colon < v->len &&
        sgft__val_point(s + colon + 1, v->len - colon - 1, b->cols, b->rows,
                        &x2, &y2) == VR_BAD)
        return;
    if (x2 < x1) {
        int t = x1;
        x1 = x2;
        x2 = t;
    }
    if (y2 < y1) {
        int t = y1;
        y1 = y2;
        y2 = t;
    }
    for (int y = y1; y <= y2; y++)
        for (int x = x1; x <= x2; x++)
            b->stones[y * b->cols + x] = c;
}

/* Node n played on b: its setup, then its move; *last becomes the move's
 * point and *last_c its colour, or *last -1 after a move that puts no
 * stone (a pass). */
static void play_node(const sgft_ctx *ctx, svg_board *b, const node *n,
                      int *last, unsigned char *last_c) {
    static const prop_id setup[3] = {P_AB, P_AW, P_AE};
    static const unsigned char colour[3] = {BLACK, WHITE, EMPTY};
    prop *move = NULL, *white = NULL;
    for (int i = 0; i < 3; i++)
        for (prop *p = n->props; p; p = p->next)
            if (p->id == setup[i]) {
                for (value *v = p->values; v; v = v->next)
                    setup_value(ctx, b, v, colour[i]);
                break;
            }
    for (prop *p = n->props; p && !move; p = p->next) {
        if (p->id == P_B)
            move = p;
        else if (p->id == P_W && !white)
            white = p;
    }
    unsigned char c = BLACK;
    if (!move) {
        move = white;
        c = WHITE;
    }
    if (!move)
        return;
    int x, y;
    if (!move_point(ctx, b, move->values, &x, &y)) {
        *last = -1;
        return;
    }
    play(b, x, y, c);
    *last = y * b->cols + x;
    *last_c = c;
}

/* --- the drawing ------------------------------------------------------------ */

/* Appends the printf-formatted text (integers only) to out. */
SGFT_PRINTF(2, 3) static void put(buf *out, const char *fmt, ...);
static void put(buf *out, const char *fmt, ...) {
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0 && (size_t)n < sizeof line)
        sgft__buf_put(out, line, (size_t)n);
    else
        out->oom = true; /* no line of the drawing is that long */
}

/* The star points of a square board of 9, 13 or 19 lines: their lines. */
static int star_lines(int side, int at[3]) {
    switch (side) {
    case 9: at[0] = 2, at[1] = 4, at[2] = 6; return 3;
    case 13: at[0] = 3, at[1] = 6, at[2] = 9; return 3;
    case 19: at[0] = 3, at[1] = 9, at[2] = 15; return 3;
    default: return 0;
    }
}

/* The document of b, with the last move at last (-1: none), of colour
 * last_c: its stone is ringed while it stands (not taken, not replaced by
 * setup after it). */
static void draw(const svg_board *b, const sgft_svg_options *opt, int last,
                 unsigned char last_c, buf *out) {
    bool coords = opt->flags & SGFT_SVG_COORDS;
    int lo = coords ? COORD_MARGIN : MARGIN; /* the first line's place */
    int xe = lo + (b->cols - 1) * UNIT, ye = lo + (b->rows - 1) * UNIT;
    int w = xe + MARGIN, h = ye + MARGIN;
    unsigned long long px = opt->px ? opt->px : (unsigned)w;
    unsigned long long py = (px * (unsigned)h + (unsigned)w / 2) / (unsigned)w;
    put(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%llu\" "
             "height=\"%llu\" viewBox=\"0 0 %d %d\" data-cols=\"%d\" "
             "data-rows=\"%d\"",
        px, py ? py : 1, w, h, b->cols, b->rows);
    if (last >= 0)
        put(out, " data-last=\"%c%c\"", sgft__coord_char(last % b->cols),
            sgft__coord_char(last / b->cols));
    put(out, ">\n<rect class=\"board\" width=\"%d\" height=\"%d\" "
             "fill=\"#dcb35c\"/>\n",
        w, h);
    /* The grid, one path: the rows, then the columns. */
    sgft__buf_puts(out, "<path class=\"grid\" d=\"");
    for (int y = 0; y < b->rows; y++)
        put(out, "M%d %dH%d", lo, lo + y * UNIT, xe);
    for (int x = 0; x < b->cols; x++)
        put(out, "M%d %dV%d", lo + x * UNIT, lo, ye);
    sgft__buf_puts(out, "\" fill=\"none\" stroke=\"#000\" "
                        "stroke-width=\"1\"/>\n");
    int stars[3];
    int ns = b->cols == b->rows ? star_lines(b->cols, stars) : 0;
    for (int j = 0; j < ns; j++)
        for (int i = 0; i < ns; i++)
            put(out, "<circle class=\"star\" cx=\"%d\" cy=\"%d\" r=\"3\" "
                     "fill=\"#000\"/>\n",
                lo + stars[i] * UNIT, lo + stars[j] * UNIT);
    if (coords) {
        for (int x = 0; x < b->cols; x++)
            put(out, "<text class=\"coord\" x=\"%d\" y=\"20\" "
                     "font-family=\"sans-serif\" font-size=\"12\" "
                     "text-anchor=\"middle\">%c</text>\n",
                lo + x * UNIT, sgft__coord_char(x));
        for (int y = 0; y < b->rows; y++)
            put(out, "<text class=\"coord\" x=\"18\" y=\"%d\" "
                     "font-family=\"sans-serif\" font-size=\"12\" "
                     "text-anchor=\"middle\">%c</text>\n",
                lo + y * UNIT + 4, sgft__coord_char(y));
    }
    for (int y = 0; y < b->rows; y++)
        for (int x = 0; x < b->cols; x++) {
            int p = y * b->cols + x;
            unsigned char c = b->stones[p];
            if (c == EMPTY)
                continue;
            int cx = lo + x * UNIT, cy = lo + y * UNIT;
            bool ring = p == last && c == last_c;
            put(out, "<circle%s data-point=\"%c%c\" data-color=\"%s\" "
                     "cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\"%s/>\n",
                ring ? " class=\"last\"" : "", sgft__coord_char(x),
                sgft__coord_char(y), c == BLACK ? "b" : "w", cx, cy, STONE_R,
                c == BLACK ? "#000" : "#fff",
                c == BLACK ? "" : " stroke=\"#000\" stroke-width=\"1\"");
            if (ring)
                put(out, "<circle class=\"last-ring\" cx=\"%d\" cy=\"%d\" "
                         "r=\"5\" fill=\"none\" stroke=\"%s\" "
                         "stroke-width=\"2\"/>\n",
                    cx, cy, c == BLACK ? "#fff" : "#000");
        }
    if (opt->mark_x >= 0)
        put(out, "<rect class=\"mark\" data-point=\"%c%c\" x=\"%d\" y=\"%d\" "
                 "width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#d00\" "
                 "stroke-width=\"3\"/>\n",
            sgft__coord_char(opt->mark_x), sgft__coord_char(opt->mark_y),
            lo + opt->mark_x * UNIT - STONE_R - 2,
            lo + opt->mark_y * UNIT - STONE_R - 2, 2 * STONE_R + 4,
            2 * STONE_R + 4);
    sgft__buf_puts(out, "</svg>\n");
}

char *sgft_board_svg(const sgft_tree *tree, const sgft_node *target,
                     const sgft_svg_options *opt) {
    if (!tree || !target || !tree->root || !tree->ctx) {
        errno = EINVAL;
        return NULL;
    }
    const sgft_ctx *ctx = tree->ctx;
    /* The path, from the node up; the node must be one of the tree. */
    size_t depth = 0;
    const node *top = target;
    for (; top->parent; top = top->parent)
        depth++;
    if (top != tree->root) {
        errno = EINVAL;
        return NULL;
    }
    svg_board b = {0};
    sgft_svg_options o;
    if (!go_board(ctx, tree->root, &b.cols, &b.rows))
        return NULL; /* errno set */
    if (!take_options(opt, b.cols, b.rows, &o)) {
        errno = EINVAL;
        return NULL;
    }
    size_t npts = (size_t)b.cols * (size_t)b.rows;
    const node **path = malloc((depth + 1) * sizeof *path);
    b.stones = calloc(npts, 1);
    b.stamp = calloc(npts, sizeof *b.stamp);
    b.chain = malloc(npts * sizeof *b.chain);
    buf out;
    sgft__buf_init(&out);
    char *svg = NULL;
    if (path && b.stones && b.stamp && b.chain) {
        size_t i = depth + 1;
        for (const node *n = target; n; n = n->parent)
            path[--i] = n;
        int last = -1;
        unsigned char last_c = EMPTY;
        for (i = 0; i <= depth; i++)
            play_node(ctx, &b, path[i], &last, &last_c);
        draw(&b, &o, last, last_c, &out);
        if (!out.oom)
            svg = out.data;
    }
    if (!svg) {
        sgft__buf_free(&out);
        errno = ENOMEM;
    }
    free(path);
    free(b.stones);
    free(b.stamp);
    free(b.chain);
    return svg;
}
