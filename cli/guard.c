/* guard.c - SGFC's form INFILE OUTFILE writes OUTFILE over whatever it
 * held; "sgftidy *.sgf" in a folder of two games would replace the second
 * game by the first.  An OUTFILE that exists and holds SGF game trees is
 * written over only when it is an earlier output of INFILE (or with
 * --overwrite); otherwise the run is refused with message 111.
 *
 * An earlier output of INFILE: each game tree of OUTFILE (it may hold
 * fewer) is the game of the tree at its place in INFILE, as read or
 * as this run would write it (repaired with the run's options):
 *
 * - the same game-info that names the game: PB, PW, DT, EV, RO and GN
 *   (absent counts as empty), and
 * - the same stones: those Black plays or sets up, and White sets up,
 *   before White's first move, as a set (handicap stones given as moves
 *   or as AB: --fix-handicap changes one into the other), then the moves
 *   of the main line in order.  OUTFILE's moves may stop short of
 *   INFILE's (INFILE went on since) when that game-info is not all
 *   empty.  The main line of INFILE may also be read along the last
 *   variation at each node (-z reverses the variations).
 *
 * Comments, markup, variations and every other property do not count,
 * so an earlier output with a comment added is still one. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* What names a game, in this order in a key. */
static const char info_ids[][3] = {"PB", "PW", "DT", "EV", "RO", "GN"};

/* One line of a game tree, read for comparison: entries are written as
 * their length (the bytes of a size_t) and their bytes, so that a key
 * that is a byte prefix of another is also a prefix entry by entry. */
typedef struct key {
    sgft_buffer info;    /* the game-info above, each "ID" + entry */
    bool info_empty;     /* ... none of it given */
    sgft_buffer opening; /* the stones before White's first move, sorted */
    sgft_buffer moves;   /* then the moves, in order */
    bool oom;
} key;

static void key_free(key *k) {
    free(k->info.data);
    free(k->opening.data);
    free(k->moves.data);
    memset(k, 0, sizeof *k);
}

static void put(key *k, sgft_buffer *b, const char *s, size_t n) {
    if (sgft_buffer_write(b, (const char *)&n, sizeof n) < 0 ||
        (n && sgft_buffer_write(b, s, n) < 0))
        k->oom = true;
}

/* The stones before White's first move, sorted once all are in. */
typedef struct stone {
    char colour;
    const char *pt; /* in text (set once text is complete) */
    size_t off, len;
} stone;

typedef struct stones {
    sgft_buffer text; /* the points, one after the other */
    stone *v;
    size_t n, cap;
} stones;

static void stone_add(key *k, stones *s, char colour, const char *pt,
                      size_t n) {
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        stone *v = realloc(s->v, cap * sizeof *v);
        if (!v) {
            k->oom = true;
            return;
        }
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = (stone){colour, NULL, s->text.len, n};
    if (n && sgft_buffer_write(&s->text, pt, n) < 0)
        k->oom = true;
}

static int stone_cmp(const void *a, const void *b) {
    const stone *x = a, *y = b;
    if (x->colour != y->colour)
        return x->colour < y->colour ? -1 : 1;
    int c = memcmp(x->pt, y->pt, x->len < y->len ? x->len : y->len);
    if (c)
        return c;
    return x->len < y->len ? -1 : x->len > y->len;
}

/* The column or row of a point letter, or -1. */
static int coord(char c) {
    if (c >= 'a' && c <= 'z')
        return c - 'a';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 26;
    return -1;
}

static char letter(int n) { return (char)(n < 26 ? 'a' + n : 'A' + n - 26); }

/* The game (GM, 1 when absent) and the board (SZ, 19 when absent). */
static void root_facts(sgft_ctx *ctx, sgft_node *root, long *gm, long *cols,
                       long *rows) {
    *gm = 1;
    *cols = *rows = 19;
    sgft_prop *p = sgft_node_find(root, "GM");
    sgft_value *v = p ? sgft_prop_values(p) : NULL;
    long n;
    if (v && sgft_value_number(ctx, v, &n) == 0)
        *gm = n;
    p = sgft_node_find(root, "SZ");
    v = p ? sgft_prop_values(p) : NULL;
    size_t len = 0;
    const char *s = v ? sgft_value_raw(ctx, v, &len) : NULL;
    if (s && len && len < 16) {
        char t[16];
        memcpy(t, s, len);
        t[len] = '\0';
        char *end;
        long c = strtol(t, &end, 10), r = c;
        if (*end == ':')
            r = strtol(end + 1, &end, 10);
        if (!*end && c > 0 && r > 0) {
            *cols = c;
            *rows = r;
        }
    }
}

/* A move's value as compared: a Go pass ([] or [tt] on a board up to
 * 19x19) is empty, whichever way it is written (-p). */
static const char *move_text(sgft_ctx *ctx, sgft_value *v, bool go,
                             bool tt_pass, size_t *n) {
    const char *s = sgft_value_raw(ctx, v, n);
    if (go && *n == 2 && tt_pass && s[0] == 't' && s[1] == 't')
        *n = 0;
    return s;
}

/* The stones of a setup value: a Go point list "ab:cd" (a rectangle)
 * stands for each of its points, as -e writes it. */
static void setup_value(sgft_ctx *ctx, key *k, stones *s, char colour,
                        sgft_value *v, bool go) {
    size_t n = 0;
    const char *t = sgft_value_raw(ctx, v, &n);
    if (go && n == 5 && t[2] == ':' && coord(t[0]) >= 0 &&
        coord(t[1]) >= 0 && coord(t[3]) >= 0 && coord(t[4]) >= 0) {
        int c1 = coord(t[0]), r1 = coord(t[1]), c2 = coord(t[3]),
            r2 = coord(t[4]);
        if (c1 > c2) {
            int x = c1;
            c1 = c2;
            c2 = x;
        }
        if (r1 > r2) {
            int x = r1;
            r1 = r2;
            r2 = x;
        }
        for (int c = c1; c <= c2; c++)
            for (int r = r1; r <= r2; r++) {
                char pt[2] = {letter(c), letter(r)};
                stone_add(k, s, colour, pt, 2);
            }
        return;
    }
    stone_add(k, s, colour, t, n);
}

/* The key of tree along its main line, or (last) along the last
 * variation at each node.  A loop over the line's nodes: no recursion. */
static void tree_key(sgft_ctx *ctx, sgft_tree *tree, bool last, key *k) {
    memset(k, 0, sizeof *k);
    sgft_node *root = sgft_tree_root(tree);
    long gm, cols, rows;
    root_facts(ctx, root, &gm, &cols, &rows);
    bool go = gm == 1, tt_pass = cols <= 19 && rows <= 19;
    bool found[sizeof info_ids / sizeof *info_ids] = {false};
    char *texts[sizeof info_ids / sizeof *info_ids] = {NULL};
    stones open = {{0}, NULL, 0, 0};
    bool white_moved = false;
    for (sgft_node *n = root; n && !k->oom;) {
        for (sgft_prop *p = sgft_node_props(n); p && !k->oom;
             p = sgft_prop_next(p)) {
            const char *id = sgft_prop_id(p);
            sgft_value *v = sgft_prop_values(p);
            if (!v || (id[1] && id[2]))
                continue; /* no property of the key */
            for (size_t i = 0; id[1] && i < sizeof info_ids / sizeof *info_ids;
                 i++)
                if (!found[i] && id[0] == info_ids[i][0] &&
                    id[1] == info_ids[i][1]) {
                    found[i] = true;
                    if (!(texts[i] = sgft_value_text(ctx, v, true)))
                        k->oom = true;
                }
            bool b = id[0] == 'B' && !id[1], w = id[0] == 'W' && !id[1];
            if (b || w) {
                size_t len = 0;
                const char *t = move_text(ctx, v, go, tt_pass, &len);
                white_moved = white_moved || w;
                if (white_moved) {
                    put(k, &k->moves, w ? "W" : "B", 1);
                    put(k, &k->moves, t, len);
                } else {
                    stone_add(k, &open, 'B', t, len);
                }
            } else if (!white_moved && id[0] == 'A' &&
                       (id[1] == 'B' || id[1] == 'W')) {
                for (; v; v = sgft_value_next(v))
                    setup_value(ctx, k, &open, id[1], v, go);
            }
        }
        sgft_node *c = sgft_node_child(n);
        if (last)
            for (sgft_node *s = c ? sgft_node_next(c) : NULL; s;
                 s = sgft_node_next(s))
                c = s;
        n = c;
    }
    k->info_empty = true;
    for (size_t i = 0; i < sizeof info_ids / sizeof *info_ids; i++) {
        const char *t = texts[i] ? texts[i] : "";
        if (*t)
            k->info_empty = false;
        put(k, &k->info, info_ids[i], 2);
        put(k, &k->info, t, strlen(t));
        free(texts[i]);
    }
    if (open.n && !k->oom) {
        for (size_t i = 0; i < open.n; i++)
            open.v[i].pt =
                open.text.data ? open.text.data + open.v[i].off : "";
        qsort(open.v, open.n, sizeof *open.v, stone_cmp);
        for (size_t i = 0; i < open.n; i++) {
            put(k, &k->opening, &open.v[i].colour, 1);
            put(k, &k->opening, open.v[i].pt, open.v[i].len);
        }
    }
    free(open.text.data);
    free(open.v);
}

static bool same_buffer(const sgft_buffer *a, const sgft_buffer *b) {
    return a->len == b->len &&
           (!a->len || memcmp(a->data, b->data, a->len) == 0);
}

/* Whether out (a tree of OUTFILE) is the game of in (INFILE's, as it
 * would be written), or its start. */
static bool key_match(const key *in, const key *out) {
    if (!same_buffer(&in->info, &out->info) ||
        !same_buffer(&in->opening, &out->opening))
        return false;
    if (same_buffer(&in->moves, &out->moves))
        return true;
    return !in->info_empty && out->moves.len < in->moves.len &&
           (!out->moves.len ||
            memcmp(in->moves.data, out->moves.data, out->moves.len) == 0);
}

/* 1 when the trees hold one game, 0 when not, -1 when out of memory. */
static int same_game(sgft_ctx *cin, sgft_tree *tin, sgft_ctx *cout,
                     sgft_tree *tout) {
    key kin, klast = {0}, kout;
    tree_key(cin, tin, false, &kin);
    tree_key(cout, tout, false, &kout);
    int r = kin.oom || kout.oom ? -1 : key_match(&kin, &kout);
    if (r == 0) {
        /* The main line as -z would make it the first. */
        tree_key(cin, tin, true, &klast);
        r = klast.oom ? -1 : key_match(&klast, &kout);
    }
    key_free(&kin);
    key_free(&klast);
    key_free(&kout);
    return r;
}

/* The parts (up to a NULL) joined, malloc'd; NULL when out of memory. */
static char *joined(const char *first, ...) {
    va_list ap;
    size_t n = 1;
    va_start(ap, first);
    for (const char *p = first; p; p = va_arg(ap, const char *))
        n += strlen(p);
    va_end(ap);
    char *s = malloc(n);
    if (!s)
        return NULL;
    s[0] = '\0';
    va_start(ap, first);
    for (const char *p = first; p; p = va_arg(ap, const char *))
        strcat(s, p);
    va_end(ap);
    return s;
}

/* OUTFILE cannot be read to tell what it holds: message 106. */
static int unreadable(const char *in, const char *out, const char *why,
                      char **detail) {
    *detail = joined(out, ": it cannot be read to tell whether it is an "
                          "earlier output of ", in, " (", why,
                     "); --overwrite replaces it", (char *)NULL);
    return *detail ? 106 : 5;
}

/* The diagnostics of OUTFILE's reading: only whether one was fatal. */
static void note_out_fatal(const sgft_diag *d, void *data) {
    if (d->severity == SGFT_FATAL)
        *(bool *)data = true;
}

/* What a file the run would write is: none (or not to be looked at),
 * the input itself or a stream (written as today), or a regular file
 * whose content counts. */
typedef enum target { T_NONE, T_SKIP, T_FILE } target;

static target target_of(const char *in, const char *path) {
    struct stat os, is;
    if (stat(path, &os) != 0)
        return T_NONE;
    if (!S_ISREG(os.st_mode))
        return T_SKIP;
    if (stat(in, &is) == 0 && is.st_dev == os.st_dev &&
        is.st_ino == os.st_ino)
        return T_SKIP;
    return T_FILE;
}

/* -s: the name of the file of game tree k, as sgft_run_file makes it. */
static char *split_name(const char *out, unsigned long k) {
    size_t n = strlen(out);
    if (n > 4 && strcasecmp(out + n - 4, ".sgf") == 0)
        n -= 4;
    char *s = malloc(n + 32);
    if (s)
        snprintf(s, n + 32, "%.*s_%03lu.sgf", (int)n, out, k);
    return s;
}

/* The state of a guard's reading: INFILE, one game tree after the
 * other, as read or as the run will write it (checked with its
 * options). */
typedef struct guard {
    const sgft_options *opt;
    const char *in;
    bool checked;   /* INFILE's trees as the run would write them */
    sgft_ctx *cin;
    sgft_reader *rin;
    bool in_failed; /* INFILE cannot be read, or had a fatal message
                       (no SGF data): the run reports it, writes nothing */
    bool in_end;    /* ... or has no more game trees */
} guard;

/* The diagnostics of INFILE's reading: only whether one was fatal. */
static void note_fatal(const sgft_diag *d, void *data) {
    guard *g = data;
    if (d->severity == SGFT_FATAL)
        g->in_failed = true;
}

/* INFILE's next game tree (checked when g->checked): 1, 0 at its end
 * (or when it cannot be read), or -1 when out of memory. */
static int next_in(guard *g, sgft_tree **t) {
    if (g->in_end)
        return 0;
    if (!g->rin && !(g->rin = sgft_reader_open(g->cin, g->in))) {
        g->in_failed = g->in_end = true;
        return 0;
    }
    int s = sgft_reader_next(g->rin, t);
    if (s == 1 && g->checked && sgft_tree_check(g->cin, *t) == SGFT_ENOMEM)
        return -1;
    if (s == SGFT_ENOMEM)
        return -1;
    if (s < 0)
        g->in_failed = true;
    if (s <= 0)
        g->in_end = true;
    return s < 0 ? 0 : s;
}

/* Compares the file path with the next game trees of INFILE: all of
 * them, or (one) the next one (-s: the file of one game tree).  0 when
 * path is an earlier output of them, else the message that refuses it. */
static int compare_file(guard *g, const char *path, bool one,
                        char **detail) {
    int code = 0;
    bool out_fatal = false;
    unsigned long trees = 0; /* of the file, read */
    sgft_ctx *cout = sgft_ctx_new(g->opt, note_out_fatal, &out_fatal);
    sgft_reader *rout = NULL;
    sgft_tree *tin = NULL;
    if (!cout)
        return 5;
    /* target_of found a regular file: a FIFO put there since is not
     * waited for (it cannot be read to tell: 106). */
    sgft_ctx_set_regular_only(cout, true);
    errno = 0;
    if (!(rout = sgft_reader_open(cout, path))) {
        code = errno == ENOMEM ? 5 : unreadable(g->in, path,
                                                strerror(errno ? errno : EIO),
                                                detail);
        goto end;
    }
    /* -s: the tree of the file is read from INFILE whatever the file
     * holds, to keep INFILE's trees in step with the files. */
    int si = one ? next_in(g, &tin) : 1;
    if (si < 0) {
        code = 5;
        goto end;
    }
    if (one && si == 0)
        goto end; /* no game tree for this file: -s does not write it */
    for (unsigned long k = 0;; k++) {
        sgft_tree *tout;
        int s = sgft_reader_next(rout, &tout);
        if (s == 0)
            break; /* every game of the file agreed (or it holds none) */
        if (s < 0) {
            code = s == SGFT_ENOMEM ? 5
                                    : unreadable(g->in, path, strerror(EIO),
                                                 detail);
            break;
        }
        trees++;
        if (one && k > 0) {
            code = 111; /* more than the one game of the file */
            break;
        }
        if (!one && (si = next_in(g, &tin)) < 0) {
            code = 5;
            break;
        }
        if (si == 0 && g->in_failed)
            break; /* the run reports the fault, and writes nothing */
        if (si == 0) {
            code = 111; /* the file holds more games */
            break;
        }
        int same = same_game(g->cin, tin, cout, tout);
        if (same <= 0) {
            code = same < 0 ? 5 : 111;
            break;
        }
    }
    /* A fatal message in the file after a game tree (-E1: trees in
     * different charsets): the rest of it was not compared. */
    if (!code && out_fatal && trees)
        code = unreadable(g->in, path, "a fatal message while reading it",
                          detail);
end:
    sgft_reader_free(rout);
    sgft_ctx_free(cout);
    if (code == 111 && g->in_failed)
        code = 0; /* a fatal message of INFILE: the run writes nothing */
    if (code == 111 &&
        !(*detail = joined(path, " left as it is (sgftidy --check ", g->in,
                           " ", path, " checks both files; --overwrite "
                                      "replaces it)", (char *)NULL)))
        code = 5;
    return code;
}

/* One look at the files the run would write, with INFILE's game trees
 * as read (checked false) or as the run would write them. */
static int guard_pass(const sgft_options *opt, const char *in,
                      const char *out, bool split, bool checked,
                      char **detail) {
    guard g = {opt, in, checked, NULL, NULL, false, false};
    int code = 0;
    /* OUTFILE, or with -s the files of the game trees from _001 on, as
     * long as they exist. */
    for (unsigned long k = 1; !code; k++) {
        char *path = split ? split_name(out, k) : NULL;
        if (split && !path) {
            code = 5;
            break;
        }
        target t = target_of(in, split ? path : out);
        if (t != T_NONE && !g.cin &&
            (g.cin = sgft_ctx_new(opt, note_fatal, &g)))
            sgft_ctx_set_regular_only(g.cin, true); /* see guard_outfile */
        if (t != T_NONE && !g.cin)
            code = 5;
        else if (t == T_FILE)
            code = compare_file(&g, split ? path : out, split, detail);
        else if (t == T_SKIP && split) {
            sgft_tree *tin;
            if (next_in(&g, &tin) < 0)
                code = 5;
        }
        free(path);
        if (!split || t == T_NONE || g.in_end)
            break;
    }
    sgft_reader_free(g.rin);
    sgft_ctx_free(g.cin);
    return code;
}

int guard_outfile(const sgft_options *opt, const char *in, const char *out,
                  bool split, char **detail) {
    *detail = NULL;
    if (strcmp(in, "-") == 0 || strcmp(out, "-") == 0)
        return 0; /* standard input is read once; standard output */
    /* So is an INFILE that is a FIFO or a device (sgftidy <(cmd) OUT):
     * read here, it would be read no more by the run, or never end.  One
     * swapped in after this look is not read either (the readers take
     * regular files only): it fails as a fatal message of INFILE, and
     * the run, which reads it, decides. */
    struct stat is;
    if (stat(in, &is) == 0 && !S_ISREG(is.st_mode))
        return 0;
    /* INFILE as read first: a parse without the checks, and enough for
     * an output of the options that leave the stones and the game-info
     * as they are.  Then as the run would write it. */
    int code = guard_pass(opt, in, out, split, false, detail);
    if (code == 111) {
        free(*detail);
        *detail = NULL;
        code = guard_pass(opt, in, out, split, true, detail);
    }
    return code;
}
