/* internal.h - types and functions shared by the files of the library.
 *
 * Nothing here is installed.  Functions shared between library files are
 * named sgft__<module>_<verb>; only sgft_[a-z]* names are exported.
 *
 * Constant tables hold their strings, not pointers to them: in a
 * position-independent program each pointer is relocated, and the page
 * that holds it copied, every time a program starts.  A short string is
 * a char array of the entry, whose size is a limit stated beside it
 * (tests/strings.sh fails on a string that fills its array, which C
 * accepts without its NUL); long ones, generated from lists, are the
 * members of one struct, found by their offsets in it.
 */
#ifndef SGFT_INTERNAL_H
#define SGFT_INTERNAL_H

#include "sgftidy.h"
#include "compiler.h"
#include "mem.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------------
 * Property catalogue (prop_list.h).
 */
typedef enum value_type {
    VT_NONE,
    VT_NUMBER,
    VT_REAL,
    VT_DOUBLE,
    VT_COLOR,
    VT_SIMPLETEXT,
    VT_TEXT,
    VT_POINT,
    VT_MOVE,
    VT_STONE,
    VT_SIZE,   /* number, or number ':' number */
    VT_APP,    /* simpletext ':' simpletext */
    VT_LABEL,  /* point ':' simpletext */
    VT_ARROW,  /* point ':' point */
    VT_FIGURE  /* none, or number ':' simpletext */
} value_type;

typedef enum prop_kind {
    PK_NONE,
    PK_ROOT,
    PK_GAMEINFO,
    PK_SETUP,
    PK_MOVE
} prop_kind;

enum {
    FF_NONE = 0,
    FF_1 = 1,
    FF_2 = 2,
    FF_3 = 4,
    FF_4 = 8,
    FF_12 = FF_1 | FF_2,
    FF_123 = FF_1 | FF_2 | FF_3,
    FF_34 = FF_3 | FF_4,
    FF_1234 = FF_1 | FF_2 | FF_3 | FF_4
};

enum {
    PF_LIST = 1,        /* list of values */
    PF_ELIST = 2,       /* list, or one empty value */
    PF_INHERIT = 4,     /* inherit attribute */
    PF_GO = 8,          /* defined for Go (GM[1]) only */
    PF_E4 = 16,         /* format messages follow the E4 policy */
    PF_NEEDS_MOVE = 32, /* only in a node with a move (43) */
    PF_CONVERTED = 64   /* obsolete, converted (not deleted by -o) */
};

/* Groups of properties (prop_list.h): the point-list groups, whose points
 * are unique among their members (38), in the order they are checked;
 * then the annotations that exclude each other (41, 42). */
typedef enum prop_group {
    G_NONE,
    G_SETUP,     /* AB AW AE */
    G_MARKUP,    /* MA TR CR SQ SL */
    G_TERRITORY, /* TB TW */
    G_DD,
    G_VW,
    G_RG,
    G_M,
    G_SC,
    G_SE,
    G_POSITION_ANN, /* GB GW DM UC (the first group that is no list) */
    G_MOVE_ANN      /* BM TE DO IT */
} prop_group;

/* gameinfo.c: the game-info values DT, RE, KM, TM and HA (spec 7).  Each
 * reads a decoded value and appends to out the canonical or repaired one;
 * for GI_BAD out is left as it was. */
typedef enum gi_result {
    GI_OK,    /* valid as it is; out holds its canonical form (silent) */
    GI_FIXED, /* repaired; out holds the new value (message 15) */
    GI_BAD,   /* cannot be repaired: keep it unchanged (message 33) */
    GI_WORDS  /* written in words (gameinfo_words.c); out holds the
                 conventional form (message 131) */
} gi_result;
typedef gi_result (*gi_fn)(const char *s, size_t len, buf *out);
gi_result sgft__gi_date(const char *s, size_t len, buf *out);     /* DT */
gi_result sgft__gi_result(const char *s, size_t len, buf *out);   /* RE */
gi_result sgft__gi_komi(const char *s, size_t len, buf *out);     /* KM */
gi_result sgft__gi_time(const char *s, size_t len, buf *out);     /* TM */
gi_result sgft__gi_handicap(const char *s, size_t len, buf *out); /* HA */
/* RE as sgft__gi_result, and what it says in *r (when not NULL; set
 * unless GI_BAD): the one reading of a result, for the checks and for
 * sgft_result_parse. */
gi_result sgft__gi_result_read(const char *s, size_t len, buf *out,
                               sgft_result *r);
/* White space in a number is no part of it (spec 2.2: a repairing tool
 * takes it out; 14\n0 is 140): a without it.  Returns whether the value
 * changed where SGFC reports it (15): anywhere in a Number, before the
 * last character in a Real (a blank after a Real goes silently). */
bool sgft__unspace(buf *a, bool real);
/* HA or KM (fn; real for a Real) as the checks read them: fn on the
 * decoded value a, and, when that does not repair it, on a without its
 * white space (sgft__unspace: a is left so unless GI_BAD); the words the
 * values may hold ("9 stones", "no komi") are read as written.  A value
 * whose white space SGFC reports is GI_FIXED. */
gi_result sgft__gi_number(gi_fn fn, bool real, buf *a, buf *out);
/* The value of a Real in the canonical form put_amount writes
 * ("-12.5", "0"), s[0..n). */
double sgft__gi_real(const char *s, size_t n);
/* gameinfo_words.c: HA, RE, DT and TM in Chinese, Japanese or Korean words,
 * and the ranks of BR and WR: GI_WORDS or GI_BAD. */
gi_result sgft__gi_words_handicap(const char *s, size_t len, buf *out);
gi_result sgft__gi_words_result(const char *s, size_t len, buf *out);
gi_result sgft__gi_words_result_read(const char *s, size_t len, buf *out,
                                     sgft_result *r);
gi_result sgft__gi_words_date(const char *s, size_t len, buf *out);
gi_result sgft__gi_words_time(const char *s, size_t len, buf *out);
gi_result sgft__gi_rank(const char *s, size_t len, buf *out);

typedef enum prop_id {
#define PROP(id, vt, kind, ff, flags, group, repair) P_##id,
#include "prop_list.h"
#undef PROP
    P__COUNT,
    P_UNKNOWN = P__COUNT
} prop_id;

typedef struct prop_info {
    char id[3];
    unsigned char vt;    /* value_type */
    unsigned char kind;  /* prop_kind */
    unsigned char ff;    /* FF_* mask */
    unsigned char flags; /* PF_* */
    unsigned char group; /* prop_group */
    gi_fn repair;        /* game-info repairer (prop_list.h), or NULL */
} prop_info;

extern const prop_info sgft__props[P__COUNT];

/* Index from a one- or two-letter identifier to its prop_id. */
typedef struct prop_index {
    unsigned char slot[26 * 27];
} prop_index;

void sgft__prop_index_init(prop_index *ix);
/* id is uppercase letters only; returns P_UNKNOWN for unknown ids. */
prop_id sgft__prop_lookup(const prop_index *ix, const char *id, size_t len);

/* ---------------------------------------------------------------------
 * Message catalogue (msg_list.h).
 */
typedef enum msg_class {
    C_INFO,
    C_WARN,
    C_WR,
    C_ERROR,
    C_E4,
    C_FATAL
} msg_class;

typedef enum msg_id {
#define MSG(num, key, cls, crit, text) M_##key = num,
#include "msg_list.h"
#undef MSG
} msg_id;

/* The slots of one report; any may be NULL. */
typedef struct report {
    const char *prop;   /* %p */
    const char *value;  /* %v */
    size_t value_len;   /* 0 = strlen(value) */
    const char *old;    /* %o */
    size_t old_len;     /* 0 = strlen(old) */
    const char *detail; /* %d */
    bool as_error;      /* raise a warning class to an error */
    bool e4;            /* resolve as class E4 (game-info formats) */
    int ff;             /* class E4: FF of the tree the message is about;
                           0 (no tree) counts as FF[4] */
    bool pos_known;     /* line and col below, counted before the input
                           at off was released */
    unsigned long line, col;
} report;

/* ---------------------------------------------------------------------
 * The tree of one game: nodes, properties and values in one arena.
 * A value is a span of the input buffer (raw bytes between '[' and ']',
 * escapes kept) until something replaces it with text of its own.
 */
enum {
    VALF_DECODED = 1, /* text holds the decoded value, not SGF syntax */
    VALF_RUN = 2,     /* "ab:ad", points of one column that the writer
                         writes one by one (-e): one value, not one per
                         point, while the tree is held */
    VALF_MADE = 4,    /* written by the point list repair (fix.c), in the
                         FF[4] form: no fault of the input when read again */
    VALF_JOINED = 8,  /* the first value of a duplicate property joined to
                         the first one's (sgft__prop_move_values) */
    VALF_NEW = 16     /* made by a program (the public edit calls): no
                         position as read */
};

typedef struct sgft_value {
    struct sgft_value *next;
    uint64_t off;     /* offset of the first byte after '[' */
    size_t len;       /* length of the raw bytes or of text */
    const char *text; /* NULL: raw span of the input; else own bytes */
    unsigned flags;   /* VALF_* */
} value;

enum {
    PROPF_LOWERCASE = 1, /* identifier had lowercase letters */
    PROPF_CHECKED = 2,   /* checked already (moved by a node split) */
    PROPF_DROP = 4,      /* merged into an earlier duplicate (check.c) */
    PROPF_JOIN = 8,      /* texts of duplicates to be joined (check.c) */
    PROPF_ADDED = 16,    /* made by a repair (fix.c), in FF[4] form */
    PROPF_MERGE_LATER = 32, /* rectangles left apart for the replay (fix.c) */
    PROPF_NEW = 64       /* made by a program: no position as read */
};

typedef struct sgft_prop {
    struct sgft_prop *next;
    prop_id id;
    unsigned flags;
    const char *name; /* identifier, uppercase letters only */
    const char *raw_name; /* as written, when PROPF_LOWERCASE */
    uint64_t off;     /* offset of the identifier */
    value *values, *last_value;
} prop;

typedef struct sgft_node {
    struct sgft_node *parent, *child, *last_child, *next;
    prop *props, *last_prop;
    uint64_t off;   /* offset of the ';' (or where it was assumed) */
    unsigned flags; /* for the checks (check.c), and NODEF_NEW, NODEF_LOOSE */
} node;

/* The flags of a node that are no check's (the checks' are in rules.h,
 * from the lowest bit up). */
#define NODEF_NEW (1u << 30)   /* made by a program: no position as read */
#define NODEF_LOOSE (1u << 31) /* in no tree: made or unlinked, not linked */

typedef struct sgft_tree {
    node *root;
    uint64_t off;   /* offset of the '(' */
    unsigned index; /* 1-based number of the tree in the file */
    int ff;         /* FF of the tree (1 when absent) */
    int gm;         /* GM of the tree (1 when absent) */
    sgft_ctx *ctx;  /* the context whose input holds its raw values */
    struct tree_own *own; /* a tree the caller owns (sgft_reader_detach,
                             sgft_tree_new), or NULL: a reader's */
} game_tree;

/* ---------------------------------------------------------------------
 * Input: a buffer over the source that keeps the bytes from a mark on,
 * so that spans of the current game tree stay valid; absolute offsets
 * translate to pointers with in_ptr().  Line numbers are counted lazily.
 */
typedef struct input {
    sgft_read_fn read;
    void *read_data;
    char *data;
    size_t len, cap;
    size_t chunk; /* the next read's size (the first: sgft__read_first) */
    uint64_t win; /* absolute offset of data[0] */
    bool eof, error;
    bool borrowed; /* data is the caller's (sgft__input_memory) */
    int read_errno;
    /* Line accounting.  A text_pos is a place with its line and column;
     * base is where the retained bytes start (nothing before it is kept),
     * far the furthest place counted, cur the last one asked for, and
     * marks[] places every MARK_STEP bytes between base and far, so that
     * any place is found by counting at most that far. */
    struct text_pos {
        uint64_t off;
        unsigned long line, col;
        unsigned char prev; /* CR or LF just before, unpaired; else 0 */
        unsigned char need; /* UTF-8 continuation bytes still due */
    } base, far, cur;
    struct text_pos *marks;
    size_t nmarks, marks_cap;
} input;

/* What a tree the caller owns has of its own (tree.c): its arena, the
 * text it was read from (for the positions of its items; empty for a
 * tree built from nothing), and its place in the list of the owned trees
 * of its context, which frees those left. */
struct tree_own {
    arena mem;
    input text;
    game_tree *prev, *next;
};

/* ---------------------------------------------------------------------
 * The context of one run.
 */
/* The options (opaque in the public header; api.c sets them): a member
 * for each library option of option_list.h, then those that are no
 * number. */
struct sgft_options {
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    type field;
#define COMMAND(...)
#include "option_list.h"
#undef OPTION
#undef COMMAND
    char encoding[64];          /* --encoding, or "" */
    char default_encoding[64];  /* --default-encoding, or "" */
    unsigned char disabled[SGFT_MAX_MSG]; /* -dN: nonzero = silenced */
    unsigned char deleted[P__COUNT + 1];  /* -yID: nonzero = deleted */
};

/* Fills opts with the defaults. */
void sgft__options_defaults(sgft_options *opts);

struct sgft_ctx {
    sgft_options opt;
    sgft_diag_fn diag_fn;
    void *diag_data;
    sgft_decide_fn decide; /* -i */
    void *decide_data;
    sgft_summary sum;
    const char *in_path;  /* sgft_run_file's input, during the call */
    uint64_t size_hint;   /* ... its size, when a regular file; else 0 */
    input in;
    sgft_write_fn write;
    void *write_data;
    int status;           /* first environment fault, or 0 */
    int prev_ff, prev_gm; /* of the tree before (messages 45, 53) */
    bool said_ff, said_gm;
    char charset[64];     /* -E1: the input's; -E2: the last tree's */
    char first_ca[64];    /* CA of the first tree, normalized */
    char sniffed_ca[64];  /* CA found while choosing the charset */
    sgft_progress_fn progress; /* sgft_run_file's reads */
    void *progress_data;
    bool regular_only;    /* sgft_ctx_set_regular_only */
    sgft_outputs *outputs; /* sgft_ctx_set_outputs, or NULL */
    /* -E2, -E3: the first bytes of the input, read to see whether it is
     * UTF-16 or UTF-32, then handed to the parser (api.c) */
    struct input_peek {
        sgft_read_fn read;
        void *read_data;
        char head[16];
        size_t len, pos;
        int err; /* of a read that failed after them, or 0 */
    } peek;
    /* The -E mode of the input being read: the option's, or 1 for a
     * UTF-16 or UTF-32 input that -E2 and -E3 cannot read (message 109;
     * api.c).  The stages read this, never opt.encoding_mode. */
    int mode;
    /* The format of the record being read (foreign.h: rec_format, 0 for
     * SGF), from the begin of its tree (tree_build.c). */
    int format;
    /* The memory a context keeps for the next run when it is reset
     * (sgft_ctx_reset): the members SGFT_CTX_KEPT names, wherever they
     * stand in the struct; every other member starts again as zero. */
    prop_index pindex;
    arena tree_arena;
    game_tree *owned; /* the trees the caller owns (tree.c), in a list */
    buf msgbuf;           /* formatted message text */
    buf header;           /* text before the first tree, with -k */
    buf out;              /* output buffer */
    /* the input's window, the parser (with its stack) and the decoder
     * (without its raw buffer) of the last run, each no larger than
     * SPARE_MAX (input.c, parse.c, decode.c): a batch's thread reads its
     * files into the same ones */
    char *spare_window;
    size_t spare_window_cap;
    struct parser *spare_parser;
    struct decoder *spare_decoder;
    struct board *spare_board; /* the board of the last tree (board.c) */
    struct checker *spare_checker; /* the checker of the last tree (rules.c) */
    struct detector *detector; /* charset detection's converters (detect.c) */
    /* the writer's scratch, kept from tree to tree (write.c) */
    struct write_scratch {
        buf render, text;
        struct sgft_prop **sorted;
        void *seg;
        size_t cap;
        struct sgft_node **open;
        size_t open_cap;
    } wscratch;
};
/* The members of sgft_ctx that a reset keeps (api.c), a new one added
 * here with the code that empties it in sgft_ctx_reset. */
#define SGFT_CTX_KEPT(X)                                                      \
    X(pindex) X(tree_arena) X(msgbuf) X(header) X(out) X(spare_window)        \
    X(spare_window_cap) X(spare_parser) X(spare_decoder) X(spare_board)       \
    X(spare_checker) X(detector) X(wscratch) X(owned)

/* file.c: output files (see the comment at its top). */
typedef struct outfile outfile;
/* In batches: a file about to be read that waits in the group of
 * replacements puts the group in place first (it is read new). */
void sgft__outputs_before_read(sgft_ctx *ctx, int dir, const char *name);
/* Opens path ("-": standard output) to write; 26, 105 or 5 and NULL if not.
 * A symbolic link is followed: its final target is written, in its
 * folder, opened once. */
outfile *sgft__out_open(sgft_ctx *ctx, const char *path);
/* Opens the file name of the folder dir (a descriptor, which stays the
 * caller's) to write, as sgft__out_open: every later look and change is
 * relative to that folder.  shown names it in messages. */
outfile *sgft__out_open_at(sgft_ctx *ctx, int dir, const char *name,
                           const char *shown);
/* An sgft_write_fn over an outfile. */
int sgft__out_write(void *o, const char *b, size_t len);
/* The content is complete; the file is not yet in place.  -1 on failure
 * (reported by sgft__out_commit). */
int sgft__out_finish(outfile *o);
/* Puts the output in place (rename, or copy into the stream) and frees
 * o; reports 27 and returns -1 on failure. */
int sgft__out_commit(outfile *o, sgft_output_state *state);
/* Frees o and removes its temporary file. */
void sgft__out_abort(outfile *o);


/* diag.c: reports message code at absolute input offset off (has_pos),
 * formatting the catalogue text with the slots of r. */
SGFT_COLD void sgft__report(sgft_ctx *ctx, msg_id code, bool has_pos,
                            uint64_t off, const report *r);

/* input.c */
#define SPARE_MAX ((size_t)1 << 20) /* the most a context keeps for later */
/* The reads of a file (input.c, decode.c): the first gets READ_FIRST
 * bytes (a page or so), or all of a smaller file of known size; the size
 * doubles while the reads come back full, up to max. */
#define READ_FIRST ((size_t)2 * 1024)
static inline size_t sgft__read_first(const sgft_ctx *ctx) {
    uint64_t n = ctx->size_hint;
    return n && n < READ_FIRST ? (size_t)(n | 63) + 1 : READ_FIRST;
}
static inline size_t sgft__read_next(size_t size, bool full, size_t max) {
    return full && size < max ? size * 2 : size;
}
/* Sets up ctx->in over rd, in the window the last run kept, if any. */
void sgft__input_start(sgft_ctx *ctx, sgft_read_fn rd, void *data);
/* Ends ctx->in; its window is kept for the next run when small enough. */
void sgft__input_stop(sgft_ctx *ctx);
/* Frees what the context keeps (ctx_destroy). */
void sgft__input_release_spare(sgft_ctx *ctx);
/* Sets up in over s[0..len), read already (a window of its own, not
 * the context's); false when out of memory.  The window is s itself
 * when it holds no NUL byte: nothing else is written into a window that
 * is never filled (the parser turns a NUL of a value into a space, 22),
 * and a copy of a whole head for each file costs more than the look for
 * a NUL.  s must then outlive in.  sgft__input_free frees it. */
bool sgft__input_memory(input *in, const char *s, size_t len);
void sgft__input_free(input *in);
/* Reads more bytes; returns the count read, 0 at end, <0 on fault. */
long sgft__input_fill(input *in);
/* Releases the bytes before absolute offset off (counting their lines). */
void sgft__input_release(input *in, uint64_t off);
/* Line and column (1-based) of absolute offset off (at least base.off). */
void sgft__input_position(input *in, uint64_t off, unsigned long *line,
                          unsigned long *col);

static inline const char *in_ptr(const input *in, uint64_t off) {
    return in->data + (size_t)(off - in->win);
}

/* The bytes of a value: its own text or the raw input span. */
static inline const char *value_bytes(const sgft_ctx *ctx, const value *v) {
    return v->text ? v->text : in_ptr(&ctx->in, v->off);
}

/* salvage.c: the signs of a missing ']' (107, 108).  sgft__value_end
 * returns where a value of a type that holds no '[' ends when it ran on
 * into SGF ("W[dp;B[pp]" ends after "dp"), or len when it did not;
 * sgft__swallowed_nodes the place of ";XY[" in a text that has no "\]"
 * after it, or len. */
size_t sgft__value_end(const char *v, size_t len);
size_t sgft__swallowed_nodes(const char *v, size_t len);
/* Whether a ']' belongs to the text before it, a[0..alen) being the
 * bytes after that ']': the text has '[' left open (open > 0), what
 * follows does not read as SGF, and runs on to another ']' with no '['
 * before it ("C[bret [15k]: hello]").  sgft__text_brackets counts the
 * '[' of v[0..len) less its ']' (escaped ones not). */
long sgft__text_brackets(const char *v, size_t len);
bool sgft__bracket_in_text(long open, const char *a, size_t alen);

/* The stages of reading (parse.h has the parser's own interface): the
 * parser (parse.c) makes events of the input, which tree_build.c builds
 * game trees of and parse_events.c hands to the callbacks of the event
 * API.  sgft__parse reads the whole input, calling tree_done for each
 * game tree built (tree_build.c).  Returns 0, or a negative status for an
 * environment fault. */
typedef int (*tree_done_fn)(sgft_ctx *ctx, game_tree *tree);
int sgft__parse(sgft_ctx *ctx, tree_done_fn done);
/* The same reading, calling ev instead of building trees
 * (parse_events.c). */
int sgft__parse_events(sgft_ctx *ctx, const sgft_events *ev, void *ev_data);
/* The trees one at a time (tree_build.c): sgft__tree_reader_next
 * returns 1 and the tree (valid until the next call), 0 at the end, or a
 * negative status. */
typedef struct tree_reader tree_reader;
tree_reader *sgft__tree_reader_new(sgft_ctx *ctx);
int sgft__tree_reader_next(tree_reader *r, game_tree **tree);
void sgft__tree_reader_free(tree_reader *r);
/* The tree held out of r made the caller's (sgft__tree_own) in *tree:
 * 0, SGFT_EINVAL when none is held, or SGFT_ENOMEM (*tree NULL). */
int sgft__tree_reader_detach(tree_reader *r, game_tree **tree);
/* Frees the parser the context keeps (ctx_destroy; parse.c). */
void sgft__parser_release_spare(sgft_ctx *ctx);
/* parse_scan.c: replaces the NUL bytes of v[0..len) by spaces; returns
 * the place of the first when message 22 is due for it (a value kept of
 * a text type or of an unknown property id), else len. */
size_t sgft__nul_to_space(bool kept, prop_id id, char *v, size_t len);

/* tree.c: building and walking trees (in ctx->tree_arena; NULL: no memory). */
node *sgft__node_new(sgft_ctx *ctx, node *parent, uint64_t off);
prop *sgft__prop_add(sgft_ctx *ctx, node *n, prop_id id, const char *name,
                     size_t name_len, uint64_t off);
value *sgft__value_add(sgft_ctx *ctx, prop *p, uint64_t off, size_t len);
void sgft__prop_unlink(node *n, prop *p);
prop *sgft__prop_find(node *n, prop_id id);
/* props.c: qsort order of prop pointers: by identifier, then as read. */
int sgft__prop_name_cmp(const void *a, const void *b);
/* Replaces the values of p by one value holding a copy of the decoded
 * text (flag VALF_DECODED). */
bool sgft__prop_set_text(sgft_ctx *ctx, prop *p, const char *text,
                         size_t len);
/* Next node in pre-order (children first), without recursion. */
node *sgft__node_next_preorder(node *n);
/* Offset for a message about root property id of a tree: the property,
 * or the root's first property, or the root. */
uint64_t sgft__root_prop_pos(const game_tree *tree, prop_id id);

/* tree.c, the edit API: every change to a tree after parsing goes through
 * these calls (fix.c makes them for the rules).  Text is in SGF syntax
 * (escaped) unless said otherwise; NULL or false means out of memory. */
/* Replaces the bytes of v by a copy of text. */
bool sgft__value_set(sgft_ctx *ctx, value *v, const char *text, size_t len);
/* Appends a new value holding a copy of text to p. */
value *sgft__value_append(sgft_ctx *ctx, prop *p, const char *text,
                          size_t len, uint64_t off);
/* Unlinks v from p (prev is the value before v, or NULL). */
void sgft__value_unlink(prop *p, value *prev, value *v);
/* Makes v (one of p's values) p's only value. */
void sgft__value_keep_only(prop *p, value *v);
/* Unlinks all values of p. */
void sgft__prop_clear_values(prop *p);
/* Moves the values of from to the end of to's. */
void sgft__prop_move_values(prop *to, prop *from);
/* Gives p another identifier (a known property). */
void sgft__prop_rename(prop *p, prop_id id);
/* Links p, unlinked, at the end of n's properties. */
void sgft__prop_link(node *n, prop *p);
/* Unlinks every property of n that has flag set in its flags. */
void sgft__prop_unlink_flagged(node *n, unsigned flag);
/* A new, empty, only child of n that takes over n's children. */
node *sgft__node_insert_child(sgft_ctx *ctx, node *n);
/* Moves all properties of from to the end of to's. */
void sgft__node_move_props(node *to, node *from);
/* Unlinks the children of n after the first and returns them as a list
 * (linked by next, each keeping its subtree). */
node *sgft__node_detach_later_children(node *n);
/* Links v, detached, (with its subtree) as the next sibling of after. */
void sgft__node_link_after(node *v, node *after);
/* Links v, detached, (with its subtree) as the sibling before before. */
void sgft__node_link_before(node *v, node *before);
/* Links v, detached, (with its subtree) as the last child of parent. */
void sgft__node_link_child(node *v, node *parent);
/* Unlinks n, with its subtree, from its parent (n is no root): it is
 * detached, ready to be linked again. */
void sgft__node_unlink(node *n);
/* Replaces n, in its parent's list of children, by n's own children;
 * prev is n's previous sibling (NULL: n is the first child). */
void sgft__node_splice_out(node *n, node *prev);
/* Reverses the order of the children of n. */
void sgft__node_reverse_children(node *n);
/* Hands the children of from to to, in place of to's own: the nodes from
 * to's old children down to from drop out of the tree (from is below
 * to). */
void sgft__node_take_children(node *to, node *from);

/* tree.c, the trees the caller owns: each has an arena of its own.  The
 * calls that change a tree allocate in ctx->tree_arena, so that a call on
 * an owned tree swaps its arena with the context's for its time
 * (sgft__tree_swap twice).  sgft__tree_own makes an owned tree of the
 * tree a reader holds (its memory is ctx->tree_arena's, its values spans
 * of ctx->in), in place: the arena's blocks go to the tree, with a copy
 * of its text; NULL when out of memory (the tree is then the reader's
 * still). */
void sgft__tree_swap(sgft_ctx *ctx, game_tree *t);
game_tree *sgft__tree_own(sgft_ctx *ctx, game_tree *held);
/* The memory of a tree a reader builds, with room for what an owned one
 * has (sgft__tree_own makes it the caller's in place); sgft__tree_dealloc
 * frees it (NULL: nothing), not what it holds. */
game_tree *sgft__tree_alloc(void);
void sgft__tree_dealloc(game_tree *t);
/* Frees the owned trees of ctx left (sgft_ctx_free). */
void sgft__trees_free(sgft_ctx *ctx);

/* games.c: what differs between games (GM): coordinates, board sizes and
 * which checks apply.  Go (GM[1]) is the one game whose point lists are
 * read on a grid and whose moves are played on a board; the other games
 * whose points the FF[4] game pages define have their points, moves and
 * board size checked value by value; the rest are read with defaults. */
#define MAX_BOARD 52 /* the largest Go board side (spec 8.1) */
typedef enum point_syntax {
    PS_NONE,       /* not defined: values kept as written (19) */
    PS_GO,         /* two letters a-z A-Z, column then row (spec 8.1) */
    PS_LETTER_ROW, /* one column letter, then the row number (LOA) */
    PS_LETTERS_ROW,/* column letters a..z, aa..az..., then the row (Hex) */
    PS_BACKGAMMON  /* one lowercase letter a-z, no board size */
} point_syntax;
typedef enum move_syntax {
    MS_NONE,        /* not checked */
    MS_GO,          /* a point, or a pass: [] or [tt] (spec 8.3) */
    MS_POINT,       /* a point, or a special word (Hex) */
    MS_FROM_TO,     /* from '-' or ':' to, comment marks (LOA) */
    MS_FROM_TO_COLON, /* from ':' to, neither on the edge (Gess) */
    MS_AMAZONS,     /* from, to and arrow, concatenated */
    MS_BACKGAMMON   /* dice and from/to pairs, or a cube action */
} move_syntax;
/* One game of the table (games.c); its strings are in the entry (see the
 * top of this file). */
typedef struct game {
    int gm;           /* GM number, 0 for the defaults of the others */
    char name[16];    /* at most 15 bytes; empty for the others */
    int default_size; /* SZ when the root has none */
    int max_cols;     /* largest side (50 or 125 beyond), 0 for no limit */
    int max_rows;
    bool points;      /* Go's point lists, labels and moves are checked */
    bool replay;      /* the moves are played on a board (execute.c) */
    bool go_props;    /* the properties marked PF_GO belong to it */
    point_syntax pts; /* how a point is written */
    move_syntax moves;
    bool empty_pass;  /* an empty move is a pass (kept as written) */
    /* Special moves (lowercase): at most 6 words of at most 11 bytes; an
     * empty one ends a shorter list. */
    char words[6][12];
} game;
const game *sgft__game(int gm);
/* Whether a known property is defined in game g. */
static inline bool sgft__prop_in_game(prop_id id, const game *g) {
    return !(sgft__props[id].flags & PF_GO) || g->go_props;
}
/* A Go point on a cols x rows board. */
typedef enum vresult { VR_OK, VR_FIXED, VR_BAD } vresult;
vresult sgft__val_point(const char *s, size_t len, int cols, int rows,
                        int *x, int *y);
/* The first two letters of a value with more, as SGFC reads a point
 * ("qfW" is qf): VR_FIXED, or VR_BAD. */
vresult sgft__val_point_cut(const char *s, size_t len, int cols, int rows,
                            int *x, int *y);
int sgft__point_coord(char c);
/* fingerprint.c: the symmetry t (0-7, as sgft_fingerprint.transform) of
 * point (c, r) on a cols x rows board. */
void sgft__transform_point(unsigned t, int cols, int rows, int c, int r,
                           int *oc, int *orow);
char sgft__coord_char(int v);
/* A point of game g (not Go's grid) on a cols x rows board, its canonical
 * form appended to out: VR_OK (out may still differ from s: case), VR_FIXED
 * (white space removed), VR_BAD.  x and y get the column and row from 0. */
vresult sgft__game_point(const game *g, const char *s, size_t len, int cols,
                         int rows, buf *out, int *x, int *y);
/* A move of game g (moves != MS_GO), as sgft__game_point. */
vresult sgft__game_move(const game *g, const char *s, size_t len, int cols,
                        int rows, buf *out);
/* The points of a canonical point-list value ("xy" or "xy:xy"). */
bool sgft__value_rect(const sgft_ctx *ctx, const value *v, int *x1, int *y1,
                      int *x2, int *y2);
/* Whether the rule set named by an RU value allows suicide (NZ, Ing/GOE,
 * Tromp-Taylor, in their usual spellings). */
bool sgft__go_suicide_allowed(const char *s, size_t len);

/* execute.c: the Go board, replayed along the walk of a tree.  It reports
 * what the moves and setup do (39, 58, 121-123) and hands back facts; it changes
 * nothing in the tree and calls no rule. */
typedef struct board board;
/* A board for a new tree: the context's spare one when it has one. */
board *sgft__board_new(sgft_ctx *ctx, int cols, int rows);
/* The board is done with: kept as the context's spare (or freed). */
void sgft__board_free(board *b);
/* Frees the context's spare board. */
void sgft__board_release(sgft_ctx *ctx);
/* What the node did, for the repairs and the rules after it. */
typedef struct exec_facts {
    /* setup points that changed nothing (39): prop 0 AB, 1 AW, 2 AE */
    struct exec_point {
        unsigned char prop, x, y;
        uint64_t off; /* the position of the value it came from */
    } *no_effect;
    size_t n_no_effect, no_effect_cap;
    /* the points of M in order, each on a stone (TR) or not (MA) */
    struct exec_mark { unsigned char x, y; bool stone; uint64_t off; } *marks;
    size_t n_marks, marks_cap;
    bool captured; /* the move captured stones */
    bool setup;    /* the node holds AB, AW or AE */
} exec_facts;
/* Brings the board to the position after n (n's parent was executed
 * last, or one of n's ancestors); facts are reset and filled.  pending:
 * how many siblings of nodes above n the walk has still to come back to;
 * with none, and no sibling of n, the board may forget how to undo the
 * nodes before n, so that a long line holds the memory of one node, not
 * of all. */
void sgft__execute_node(board *b, node *n, exec_facts *f, size_t pending);
/* The same for a node that holds one B or W and nothing else, its value
 * the point (x, y) on the board, as the caller has seen. */
void sgft__execute_plain(board *b, node *n, int x, int y, exec_facts *f,
                         size_t pending);
void sgft__exec_facts_free(exec_facts *f);
/* Whether setup property p of n (AB, AW, AE) changes the board from the
 * position before n, which the board goes back to (a rule's question). */
bool sgft__setup_changes(board *b, node *n, const prop *p);

/* rules.c: the rule engine, which checks and repairs one tree in place.
 * The checker is the state of its work on the tree (rules.h); the
 * pipeline (pipeline.c) calls the stages in turn: the charset rules, then
 * (after -E2 converted the values) the rest. */
typedef struct checker checker;
/* A checker of tree, read in -E mode; NULL when out of memory. */
checker *sgft__checker_new(sgft_ctx *ctx, game_tree *tree, int mode);
/* The charset rules (PH_CHARSET), before -E2 converts the values. */
void sgft__check_charset(checker *k);
/* The root rules, the walk of the nodes with the replay and its repairs,
 * and the tree rules; a fault of the environment sets ctx->status. */
void sgft__check_nodes(checker *k);
/* The checker is done with (kept as the context's spare, or freed);
 * SGFT_ENOMEM when its scratch ran out of memory, else 0. */
int sgft__checker_end(checker *k);
/* Frees the context's spare checker. */
void sgft__checker_release(sgft_ctx *ctx);

/* pipeline.c: the work on one game tree, stage by stage (see there).
 * sgft__pipeline_check converts, checks and repairs the tree and readies
 * its root for output; sgft__pipeline_tree (the parser's tree_done of
 * sgft_run) does that and writes it. */
int sgft__pipeline_check(sgft_ctx *ctx, game_tree *tree);
int sgft__pipeline_tree(sgft_ctx *ctx, game_tree *tree);

/* value.c: text values. */
/* Decodes raw Text/SimpleText bytes (escapes, line breaks, white space)
 * into out, per the -l style; simple folds line breaks into spaces. */
void sgft__text_decode(buf *out, const char *raw, size_t len, bool simple,
                       sgft_linebreaks style);
/* The end of the run from i of bytes that a text holds as they are: not
 * '\\', nor a line break or white space other than ' '. */
size_t sgft__plain_end(const char *s, size_t i, size_t len);
/* Appends raw bytes with their escapes resolved and soft line breaks
 * removed; nothing else changes (white space stays as it is). */
void sgft__unescape(buf *out, const char *raw, size_t len);
/* Number of characters (UTF-8 code points) in s[0..len). */
size_t sgft__utf8_width(const char *s, size_t len);
/* The length of the UTF-8 character byte c starts (1: ASCII, or none). */
static inline size_t sgft__utf8_seq_len(unsigned char c) {
    return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}
/* Number of UTF-8 continuation bytes in s[0..len). */
size_t sgft__utf8_continuations(const char *s, size_t len);
/* The decimal digits of v into s (at least 21 bytes; not ended): their
 * number.  For the numbers written often, without the printf machinery. */
size_t sgft__ulong_digits(char *s, unsigned long v);

/* Whether c is escaped when written: '\\', ']', and ':' in a composed
 * value's parts. */
static inline bool sgft__needs_escape(char c, bool colon) {
    return c == '\\' || c == ']' || (colon && c == ':');
}
/* Appends decoded text s to b in SGF syntax (see sgft__needs_escape). */
void sgft__escape(buf *b, const char *s, size_t len, bool colon);
/* The same, and '[' too: for values of a type that holds no '[' kept as
 * they are (the points of games that are not checked). */
void sgft__escape_kept(buf *b, const char *s, size_t len, bool colon);
/* Position of the first unescaped ':' of a raw composed value, or len. */
size_t sgft__compose_split(const char *raw, size_t len);
/* Whether s[0..len) is well-formed UTF-8; the length of its longest
 * prefix that is (no character cut at its end). */
bool sgft__utf8_valid(const char *s, size_t len);
size_t sgft__utf8_valid_end(const char *s, size_t len);

/* Results of the value parsers (value.c, games.c): VR_OK (valid; out
 * holds the canonical form, written silently), VR_FIXED (repaired: message
 * 15), VR_BAD (cannot be read: message 14). */
vresult sgft__val_number(const char *s, size_t len, buf *out);
vresult sgft__val_real(const char *s, size_t len, buf *out);
/* A time left (BL, WL) written as a clock, H:MM:SS or M:SS (fractions of
 * a second kept): the seconds as a Real, VR_FIXED; else VR_BAD. */
vresult sgft__val_clock(const char *s, size_t len, buf *out);
vresult sgft__val_double(const char *s, size_t len, buf *out);
vresult sgft__val_color(const char *s, size_t len, buf *out);
/* The decoded text of a value (its own decoded text, or the raw bytes
 * decoded per style; simple folds line breaks into spaces) into out,
 * which is emptied first. */
void sgft__value_text(const sgft_ctx *ctx, buf *out, const value *v,
                      bool simple, sgft_linebreaks style);

/* decode.c: charsets.  A decoder is a reader that converts the input to
 * UTF-8 (-E1); sgft__decode_tree converts the values of one tree (-E2). */
typedef struct decoder decoder;
decoder *sgft__decoder_new(sgft_ctx *ctx, sgft_read_fn rd, void *data,
                           int *status);
long sgft__decoder_read(void *data, char *out, size_t cap);
void sgft__decoder_free(decoder *d);
/* The charset of input that starts with head[0..len) when it is UTF-16 or
 * UTF-32 (a byte-order mark, or a NUL beside each of the first 8 ASCII
 * characters: len >= 16 to tell), else NULL. */
const char *sgft__dec_wide_input(const char *head, size_t len);
/* Frees the decoder the context keeps (ctx_destroy). */
void sgft__decoder_release_spare(sgft_ctx *ctx);
int sgft__decode_tree(sgft_ctx *ctx, game_tree *tree);
/* parse_scan.c, -E2: how the raw values of the current tree are scanned.  SCAN_BYTES:
 * a byte is a character ('\\' escapes, ']' ends the value); otherwise
 * the double-byte characters of Shift_JIS (SCAN_SJIS) or of Big5 and GBK
 * (SCAN_DBCS) are stepped over as a whole. */
enum { SCAN_BYTES, SCAN_SJIS, SCAN_DBCS };
/* The form from --encoding; else from the CA value ca[0..len) (raw; NULL
 * at the start of a tree), current when no converter knows that name;
 * else from --default-encoding.  SCAN_BYTES except with -E2. */
int sgft__scan_form(const sgft_ctx *ctx, const char *ca, size_t len,
                    int current);
/* Scans the raw bytes s[0..len) of a value in form (not SCAN_BYTES):
 * returns the offset of the ']' that ends the value, or of the first
 * character or escape that needs more than len bytes (len when none;
 * final: nothing follows s[len - 1], cut units end there). */
size_t sgft__value_scan(int form, const char *s, size_t len, bool final);

/* detect.c: charset names and detection. */
/* The iconv name of a charset name (case, white space, aliases). */
bool sgft__charset_normalize(const char *s, size_t len, char *out,
                             size_t size);
/* The same; *standard is set to the standard spelling when the name is
 * another one (ISO8859_1, x-sjis), else NULL. */
bool sgft__charset_resolve(const char *s, size_t len, char *out, size_t size,
                           const char **standard);
bool sgft__iconv_knows(const char *name);
/* Whether ASCII bytes always mean ASCII characters in the charset (no
 * trail byte in the ASCII range, no UTF-16). */
bool sgft__charset_ascii_safe(const char *name);
typedef struct detect_result {
    char name[32];  /* the charset chosen (an iconv name) */
    int confidence; /* percent */
    char close[32]; /* a charset that reads the text almost as well, or "" */
} detect_result;
/* The charset of s[0..len), which declares none; false when the text is
 * ASCII.  final: the text ends there (else a cut character is fine).
 * The converters and uchardet it uses are ctx's (ctx->detector), opened
 * at its first detection. */
bool sgft__detect_charset(sgft_ctx *ctx, const char *s, size_t len,
                          bool final, detect_result *res);
/* Whether s[0..len), valid in the charset declared (ISO-8859-1, CP1252
 * or a double-byte one), is double-byte text of another charset: the
 * declared reading is implausible, a double-byte one clearly better.
 * res then names that one. */
bool sgft__detect_mislabelled(sgft_ctx *ctx, const char *s, size_t len,
                              bool final, const char *declared,
                              detect_result *res);
/* Closes a context's detector (NULL: none). */
void sgft__detector_free(struct detector *d);
/* Message 116 when the CA of tree is not spelled as the standard name. */
void sgft__check_ca_spelling(sgft_ctx *ctx, game_tree *tree);

/* The output is passed on through ctx->write once this much is ready,
 * between trees and inside a tree. */
#define SGFT_FLUSH_AT ((size_t)64 * 1024)
/* write.c: writes one tree in the normalized form to ctx->out, passing
 * it on through ctx->write (when set) at each SGFT_FLUSH_AT bytes. */
int sgft__write_tree(sgft_ctx *ctx, game_tree *tree);
void sgft__write_release(sgft_ctx *ctx); /* frees the writer's scratch */
int sgft__flush_output(sgft_ctx *ctx);   /* the buffer to ctx->write */
/* dump.c: a plain listing of the tree's content, for tests. */
int sgft__dump_tree(sgft_ctx *ctx, game_tree *tree);

/* diag.c: class (msg_class), critical flag of message n (unknown: -1, false) */
int sgft__msg_class(int n);
bool sgft__msg_critical(int n);

/* The printed forms of diagnostics: format.h and report.h. */

#endif /* SGFT_INTERNAL_H */
