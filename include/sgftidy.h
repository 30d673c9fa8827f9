/* sgftidy.h - public interface of libsgftidy, the SGF checker and normalizer.
 *
 * Ownership: everything a sgft_* call hands out (diagnostic records, message
 * texts) is owned by the library and valid until the call that produced it
 * returns; copy what you keep.  Strings passed in are copied.
 *
 * Errors: input faults are reported as diagnostics through the callback and
 * never as return codes.  Only environment faults (I/O, out of memory) make a
 * function return a negative SGFT_E* status.  The library never prints,
 * reads the terminal or exits the process.
 */
#ifndef SGFTIDY_H
#define SGFTIDY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SGFT_VERSION "0.8.0"
/* The same version as numbers, and as one number that grows with each
 * release: (major << 16) | (minor << 8) | patch, so that a program
 * tests "#if SGFT_VERSION_NUMBER >= 0x000900".  The file VERSION of the
 * source is the one truth; a test fails when these disagree with it. */
#define SGFT_VERSION_MAJOR 0
#define SGFT_VERSION_MINOR 8
#define SGFT_VERSION_PATCH 0
#define SGFT_VERSION_NUMBER                                                   \
    ((SGFT_VERSION_MAJOR << 16) | (SGFT_VERSION_MINOR << 8) |                 \
     SGFT_VERSION_PATCH)

/* Status codes returned by the library (0 = success). */
enum {
    SGFT_OK = 0,
    SGFT_ENOMEM = -1, /* out of memory */
    SGFT_EREAD = -2,  /* the input could not be read (errno is kept) */
    SGFT_EWRITE = -3, /* the output could not be written (errno is kept) */
    SGFT_EOPEN = -4,  /* a file could not be opened (errno is kept) */
    SGFT_EINVAL = -5  /* bad argument from the caller */
};

/* A short English text for a status code of the library: "success" for
 * SGFT_OK, "out of memory" for SGFT_ENOMEM, ... and "unknown status" for
 * any other number.  The text is a constant: any thread may call it.
 * The calls that return -1 or NULL with errno set (the printers, the
 * readers) are not described by it: see strerror(errno) for those. */
const char *sgft_strerror(int code);

/* Resolved severity of one diagnostic. */
typedef enum sgft_severity {
    SGFT_INFO = 0,
    SGFT_WARNING = 1,
    SGFT_ERROR = 2,
    SGFT_FATAL = 3
} sgft_severity;

/* One diagnostic.  Lines and columns are 1-based; LF, CR, CR LF and LF CR
 * each end one line; columns count characters (UTF-8 code points).
 * has_pos is false for messages that belong to no place in the file. */
typedef struct sgft_diag {
    int code;               /* stable message number (1-75 as SGFC, 100+) */
    const char *key;        /* stable key, e.g. "ILLEGAL_CHARS" */
    sgft_severity severity; /* after -r / FF[4] policies */
    bool critical;          /* the output may have lost information */
    bool has_pos;
    uint64_t offset; /* byte offset in the text parsed: the input, or
                        with -E1 the input converted to UTF-8 */
    unsigned long line, col;
    const char *text; /* the complete message text */
    /* A value repaired in place (messages 15 and 25): its SGF text as read
     * (fix_old, escapes kept), which starts one character after line:col
     * (at the value's '['), and as written (fix_new).  Both NULL for other
     * messages.  SARIF reports them as fixes. */
    const char *fix_old, *fix_new;
    size_t fix_old_len, fix_new_len;
} sgft_diag;

/* Receives every diagnostic that is not disabled. */
typedef void (*sgft_diag_fn)(const sgft_diag *diag, void *userdata);

/* Reads up to cap bytes into buf; returns the count, 0 at end of input, or
 * -1 on a read error (errno set). */
typedef long (*sgft_read_fn)(void *userdata, char *buf, size_t cap);

/* Writes all len bytes; returns 0, or -1 on error (errno set). */
typedef int (*sgft_write_fn)(void *userdata, const char *buf, size_t len);

/* Where the start of the SGF data is looked for (-b). */
typedef enum sgft_find_start {
    SGFT_START_HEURISTIC = 1, /* '(' followed by ';' or by a property */
    SGFT_START_PAREN_SEMI = 2, /* first "(;" */
    SGFT_START_PAREN = 3       /* first '(' */
} sgft_find_start;

/* How line breaks in Text values are read (-l). */
typedef enum sgft_linebreaks {
    SGFT_LB_HARD = 1,      /* every line break is hard (FF[4]) */
    SGFT_LB_MGT = 2,       /* a line break after a space is soft */
    SGFT_LB_SINGLE = 3,    /* single break = space, two = one hard break */
    SGFT_LB_PARAGRAPH = 4  /* single break = space, blank line kept */
} sgft_linebreaks;

#define SGFT_MAX_MSG 200 /* message numbers are below this */

/* Library options: an opaque object, so that new options never change
 * the layout a program was built against.  A new object holds the
 * defaults (those of SGFC without options); sgft_ctx_new() copies it. */
typedef struct sgft_options sgft_options;

/* NULL when out of memory. */
sgft_options *sgft_options_new(void);
sgft_options *sgft_options_dup(const sgft_options *opts);
void sgft_options_free(sgft_options *opts);

/* The options with a number or yes/no (0 or 1) value; the letter is the
 * command's.  In the library's source each has its line in
 * src/option_list.h (range, default, command-line name and help), which
 * a compile-time check holds to this enum; a new option goes at the
 * end, so that the values of the others never change. */
typedef enum sgft_option {
    SGFT_OPT_FIND_START = 1,  /* -b: an sgft_find_start (default 1) */
    SGFT_OPT_LINEBREAKS,      /* -l: an sgft_linebreaks (default 1) */
    SGFT_OPT_ENCODING_MODE,   /* -E: 1 decode the input (default), 2 decode
                                 text values per tree, 3 no decoding */
    SGFT_OPT_LINE_WIDTH,      /* output line width, >= 20 (default 76) */
    SGFT_OPT_KEEP_HEADER,     /* -k: keep text before the SGF data */
    SGFT_OPT_WRITE_CRITICAL,  /* -c: write even after critical messages */
    SGFT_OPT_NO_WARNINGS,     /* -w: suppress all warnings */
    SGFT_OPT_STRICT,          /* -r: W/r class messages become errors */
    SGFT_OPT_DELETE_UNKNOWN,  /* -u: delete unknown properties */
    SGFT_OPT_DELETE_OBSOLETE, /* -o: delete obsolete properties */
    SGFT_OPT_EXPAND,          /* -e: expand compressed point lists (as
                                 written: a checked tree keeps runs down
                                 one column, "ab:ad", which the writer
                                 writes point by point) */
    SGFT_OPT_PASS_TT,         /* -p: write passes as [tt] where possible */
    SGFT_OPT_DELETE_MOVE_MARKUP, /* -m: delete markup on the move's point */
    SGFT_OPT_SIGNATURE,       /* -g: report each game's signature (102):
                                 0 no, 1 SGFC's form, 2 the same form
                                 for the game turned or mirrored on the
                                 board (the symmetry of its
                                 sgft_fingerprint) */
    SGFT_OPT_FIX_VARIATIONS,  /* -v: sibling-style variations, root moves */
    SGFT_OPT_SPLIT,           /* -s: sgft_run_file writes each game tree to
                                 OUTFILE_001.sgf, OUTFILE_002.sgf ... */
    SGFT_OPT_REVERSE_VARIATIONS, /* -z: reverse the order of variations */
    SGFT_OPT_DELETE_EMPTY_NODES, /* -n: delete empty nodes */
    SGFT_OPT_NO_SOFT_BREAKS,  /* -t: no soft line breaks in texts */
    SGFT_OPT_NODE_BREAKS,     /* -L: end lines at node boundaries */
    SGFT_OPT_DUMP_TREE,       /* write a listing of the parsed content
                                 instead of SGF (for tests) */
    SGFT_OPT_PARSE_ONLY,      /* stop after parsing (syntax messages) */
    SGFT_OPT_STRIP_ANALYSIS,  /* delete the analysis properties of AI
                                 tools (LZ, KT, SBKV ...) and the text
                                 KaTrain marks as its own in C (140,
                                 141) */
    SGFT_OPT_SUPERKO,         /* Go: report a move that repeats a whole-board
                                 position of its line (message 123) */
    SGFT_OPT_FIX_HANDICAP,    /* --fix-handicap: handicap stones given as
                                 moves or later setup become AB in the
                                 root with PL[W] (133) */
    SGFT_OPT_SHORT_RANKS,     /* --short-ranks: BR and WR ranks in words
                                 whose kind the value says become 9p, 5d,
                                 3k (137); off by default */
    SGFT_OPT_STRIP_TIMES      /* --strip-times: delete the clock of the
                                 moves, BL, WL, OB and OW (144) */
} sgft_option;

/* Sets an option; returns 0, or SGFT_EINVAL for an unknown option or a
 * value out of its range (the options are left as they were). */
int sgft_options_set(sgft_options *opts, sgft_option opt, long value);
/* The value of an option (-1 for an unknown one). */
long sgft_options_get(const sgft_options *opts, sgft_option opt);

/* --encoding: the charset the input is read in, whatever CA says (NULL or
 * "" for none).  SGFT_EINVAL when the name cannot be read. */
int sgft_options_set_encoding(sgft_options *opts, const char *name);
/* --default-encoding (-U: "UTF-8"): the charset of game trees without CA,
 * before detection.  SGFT_EINVAL when the name cannot be read. */
int sgft_options_set_default_encoding(sgft_options *opts, const char *name);

/* -dN: message code is not reported (fatal messages always are).
 * SGFT_EINVAL for a number that is no message. */
int sgft_options_disable(sgft_options *opts, int code);

/* -yID: the property id is deleted wherever it occurs.  SGFT_EINVAL when
 * id is not a property the library knows. */
int sgft_options_delete_prop(sgft_options *opts, const char *id);

/* Whether the charset name (as in CA or the options) can be read. */
bool sgft_charset_known(const char *name);

/* What sgft_run_file did with its output. */
typedef enum sgft_output_state {
    SGFT_OUTPUT_NONE = 0,  /* nothing written (none asked, or not allowed) */
    SGFT_OUTPUT_CREATED,   /* a new file */
    SGFT_OUTPUT_CHANGED,   /* an existing file replaced by new content */
    SGFT_OUTPUT_UNCHANGED, /* an existing file had the content already:
                              left untouched (same inode, same times) */
    SGFT_OUTPUT_STREAMED   /* standard output, a device, FIFO or socket */
} sgft_output_state;

/* Counts of the messages of one run. */
typedef struct sgft_summary {
    unsigned long errors, warnings, infos, critical, ignored, fatal;
    unsigned long trees; /* game trees read */
    bool written;        /* output was produced */
    sgft_output_state output; /* with -s: CHANGED or CREATED when any file
                                 was, else UNCHANGED */
} sgft_summary;

typedef struct sgft_ctx sgft_ctx;

/* A context holds the options and the state of one run over one input.
 * Returns NULL when out of memory. */
sgft_ctx *sgft_ctx_new(const sgft_options *opts, sgft_diag_fn fn,
                       void *userdata);
/* Makes ctx as sgft_ctx_new(opts, fn, userdata) makes a new context, for
 * the next run, but for the memory it took (the tree's arena, the board,
 * the checker's and the writer's scratch, the buffers, the converters of
 * charset detection): a batch that runs its files through one context
 * per thread takes that memory from the system once, not once a file.
 * The decider, the progress callback, sgft_ctx_set_regular_only and the
 * outputs are those of a new context again. */
void sgft_ctx_reset(sgft_ctx *ctx, const sgft_options *opts, sgft_diag_fn fn,
                    void *userdata);
void sgft_ctx_free(sgft_ctx *ctx);

/* What to do with a game-info value that cannot be repaired (-i). */
typedef enum sgft_decision {
    SGFT_KEEP,    /* keep it as it is (message 33) */
    SGFT_DELETE,  /* delete it (message 29) */
    SGFT_REPLACE  /* use the value written to answer; it is checked, and
                     the question asked again when it cannot be read */
} sgft_decision;

/* Called for each such value: prop is its identifier, value the text,
 * line its line in the input.  A new value goes to answer (size bytes,
 * NUL-terminated). */
typedef sgft_decision (*sgft_decide_fn)(void *userdata, const char *prop,
                                        const char *value, unsigned long line,
                                        char *answer, size_t size);

/* Makes ctx ask fn instead of keeping unrepairable game-info values. */
void sgft_ctx_set_decider(sgft_ctx *ctx, sgft_decide_fn fn, void *userdata);

/* Checks the SGF data read through rd and, when wr is not NULL, writes the
 * normalized form through wr, one game tree at a time.  The caller decides
 * from the summary whether to keep what was written (a critical message
 * without -c means it should not).  Returns 0 or a negative SGFT_E* status
 * for an environment fault. */
int sgft_run(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data, sgft_write_fn wr,
             void *wr_data);

/* Checks the file in_path ("-" = standard input) and, when out_path is not
 * NULL, writes the result to out_path ("-" = standard output).  A file is
 * written through a temporary file in the same directory that is renamed
 * over out_path only when complete, so out_path may equal in_path and is
 * never left half-written.  Nothing is written when a critical message
 * occurred, unless opts->write_critical; message 34 then says so.  File
 * faults are reported as fatal messages (3, 4, 26, 27) and also returned
 * as SGFT_EOPEN, SGFT_EREAD or SGFT_EWRITE. */
int sgft_run_file(sgft_ctx *ctx, const char *in_path, const char *out_path);
/* sgft_run_file relative to open folders (as a batch's walk found its
 * files): the input is the file in_name of the folder in_dir, never
 * through a symbolic link and only a regular file (else message 3), or
 * with in_dir AT_FDCWD the path in_name as sgft_run_file opens it; the
 * output (none when out_name is NULL) the file out_name of out_dir,
 * which is followed where it is a symbolic link, as by sgft_run_file.
 * Every look and change is relative to those descriptors (which stay
 * the caller's), so that another program that swaps a folder of their
 * paths for a symbolic link meanwhile changes nothing of what is read
 * and written.  in_shown and out_shown name them in messages. */
int sgft_run_file_at(sgft_ctx *ctx, int in_dir, const char *in_name,
                     const char *in_shown, int out_dir, const char *out_name,
                     const char *out_shown);

/* --- Outputs: durability and temporary files -----------------------------
 * An sgft_outputs is made by the caller and handed to the contexts whose
 * sgft_run_file writes files (sgft_ctx_set_outputs): it lists their
 * temporary files, for sgft_outputs_remove_temp_files() in a signal
 * handler, and, in batches, holds the replacements that wait for their
 * group's sync.  A context without one writes each file as promised just
 * the same (atomic, durable), but no signal handler can find its
 * temporary files.  The library holds no state of its own for this and
 * starts no thread: one object for the whole program is the usual way,
 * shared by every thread that writes files. */
typedef struct sgft_outputs sgft_outputs;

/* Batches of files: a file replaced by sgft_run_file is put in place with
 * a group of others, after one sync of the file system for the whole
 * group instead of one per file: it keeps its old content until then.  A
 * group goes in place when it holds enough files or bytes, when it is
 * old enough, and at sgft_outputs_sync.  New files are not synced one by
 * one either: sgft_outputs_sync syncs them.  A group is put in place by a
 * thread in sgft_outputs_work while the caller goes on, or, without one,
 * by the call that hands it over; its rename faults are reported
 * (message 27) to the handler of late faults, or without one on the
 * context of the call that waits for it: the next sgft_run_file that
 * hands a group over or reads one of its files, or sgft_outputs_sync. */
#define SGFT_OUTPUTS_BATCH 1u
/* A new sgft_outputs (flags: 0, or SGFT_OUTPUTS_BATCH); NULL when out of
 * memory. */
sgft_outputs *sgft_outputs_new(unsigned flags);
/* Frees outs, once no context that has it runs any more, sgft_outputs_sync
 * has put everything in place, no thread is in sgft_outputs_work and no
 * signal handler can reach it any more. */
void sgft_outputs_free(sgft_outputs *outs);
/* Makes sgft_run_file and sgft_run_file_at of ctx write through outs
 * (NULL: none; none in a new context, and after sgft_ctx_reset). */
void sgft_ctx_set_outputs(sgft_ctx *ctx, sgft_outputs *outs);

/* The work of a batch that may go on beside it, for threads of the
 * caller's: SGFT_WORK_GROUPS puts the groups handed over in place (one
 * thread is enough: one group at a time is away), SGFT_WORK_CLOSES closes
 * the old files they held open, which frees their blocks, and may wait
 * for the disk to discard them (several threads overlap those waits).
 * sgft_outputs_work returns once sgft_outputs_stop was called and its
 * work is done.  A thread for it is best started with every signal
 * blocked, so that the handlers run in the threads that write files. */
#define SGFT_WORK_GROUPS 1u
#define SGFT_WORK_CLOSES 2u
void sgft_outputs_work(sgft_outputs *outs, unsigned what);
/* Makes the threads in sgft_outputs_work return, their work done; from
 * then on a group goes in place, and an old file is closed, in the call
 * that hands it over. */
void sgft_outputs_stop(sgft_outputs *outs);

/* Receives the fault of a replacement that waited in a group (message 27,
 * fatal: it could not be renamed, or the file changed after it was
 * read, and it keeps what it held), instead of the context of the call
 * that waits for the group: in is the input path that sgft_run_file was
 * given for it, was the summary of that call when the file was handed
 * over (its output SGFT_OUTPUT_CHANGED; with -s, a fault of a later part
 * of the same call is not in it), diag the message, not counted in any
 * context.
 * It is called, under the lock of outs, in the thread of the call that
 * waits (a later sgft_run_file, or sgft_outputs_sync), and must not call
 * the sgft_outputs_* functions or sgft_run_file. */
typedef void (*sgft_late_fault_fn)(const char *in, const sgft_summary *was,
                                   const sgft_diag *diag, void *userdata);
/* Sets (fn not NULL) or removes the handler of those faults. */
void sgft_outputs_on_late_fault(sgft_outputs *outs, sgft_late_fault_fn fn,
                                void *userdata);

/* Puts every replacement of outs still waiting in place, makes every file
 * written in batches since the last call durable (one sync of each file
 * system, then of the folders renamed in) and waits until the old files
 * are closed.  Returns 0, or -1 after reporting a fault through ctx
 * (message 27). */
int sgft_outputs_sync(sgft_outputs *outs, sgft_ctx *ctx);

/* Removes the temporary files of every output being written through outs,
 * in any thread.  Async-signal-safe: meant for the handler of a signal
 * that ends the process (SIGINT, SIGTERM, SIGHUP, SIGPIPE), so that an
 * interrupted run leaves nothing behind.  The files being replaced are
 * untouched: they keep their old content.  Afterwards no output file can
 * be written through outs any more (message 26 or 27).  While the
 * library makes, names, renames or removes a temporary file of outs (a
 * system call or two) it blocks the signals in that thread, so that a
 * handler never runs in the middle of it and misses a file. */
void sgft_outputs_remove_temp_files(sgft_outputs *outs);

/* fn(userdata) is called once, before the library makes the first
 * temporary file of outs that sgft_outputs_remove_temp_files() would have
 * to remove, in the thread that makes it (others that make one meanwhile
 * wait for it; NULL: nothing is called).  A program that installs signal
 * handlers only for that removal installs them there: a run that writes
 * no file (a check, an output found up to date) then pays nothing for
 * them, and one that does has them before its first temporary file
 * exists.  Set it before any output is opened. */
void sgft_outputs_on_first_temp_file(sgft_outputs *outs, void (*fn)(void *),
                                     void *userdata);

/* --- A file of the caller's, written as outputs are -----------------------
 * sgft_output_open opens path ("-": standard output) to write as
 * sgft_run_file writes its output file (see sgftidy(1), FILES): into a
 * temporary file in its folder, listed in ctx's outputs (see
 * sgft_ctx_set_outputs) for sgft_outputs_remove_temp_files(), renamed
 * over path by sgft_output_commit, so that path holds its old content or
 * the whole new one; a symbolic link is followed, a file with several
 * hard links left alone, a file whose content would not change not
 * touched.  In a batch (SGFT_OUTPUTS_BATCH) the rename waits for
 * sgft_outputs_sync.  Faults are reported through ctx's callback, named
 * path: 26 (cannot open), 105 (hard links) or 5 and NULL from the open;
 * 27 and -1 from the commit (a fault of a write too, which returns -1
 * and is reported there).  sgft_output_commit and sgft_output_abort (which
 * removes the temporary file) free o; state (may be NULL) says whether
 * the file was created, changed or left unchanged. */
typedef struct sgft_output sgft_output;
sgft_output *sgft_output_open(sgft_ctx *ctx, const char *path);
int sgft_output_write(sgft_output *o, const char *buf, size_t len);
int sgft_output_commit(sgft_output *o, sgft_output_state *state);
void sgft_output_abort(sgft_output *o);

/* --- Events: the parse without a tree ------------------------------------
 * The syntax as the parser reads it, after its repairs (the syntax
 * messages go to the context's diagnostic callback), with no tree built:
 * memory stays small whatever the size of a game.  Nodes come in document
 * order (each after its parent: a node of depth d belongs to the latest
 * node of depth d - 1); the root has depth 0.  A value is the raw text
 * between '[' and ']' (escapes kept; UTF-8 unless -E2 or -E3), valid
 * during the call.  Any callback may be NULL.  The options that check or
 * write (all but -b, -E, --encoding and --default-encoding) do not
 * apply. */
typedef struct sgft_events {
    void (*tree_begin)(void *userdata, unsigned long index); /* 1-based */
    void (*node)(void *userdata, unsigned long depth);
    void (*property)(void *userdata, const char *id); /* uppercase, "B" */
    void (*value)(void *userdata, const char *raw, size_t len);
    void (*tree_end)(void *userdata);
} sgft_events;

/* Reads everything through rd and calls ev.  Returns 0 or a negative
 * SGFT_E* status for an environment fault. */
int sgft_parse_events(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data,
                      const sgft_events *ev, void *userdata);

/* --- Trees: read one game tree at a time, walk, read, edit, check, write --
 * A reader yields the game trees of its input one at a time, as parsed
 * (syntax repaired, values not yet checked).  A tree, and everything
 * reached from it, is valid until the next sgft_reader_next() or
 * sgft_reader_free() of its reader, unless sgft_reader_detach() makes it
 * the caller's.  A context serves one reader at a time. */
typedef struct sgft_reader sgft_reader;
typedef struct sgft_tree sgft_tree;
typedef struct sgft_node sgft_node;
typedef struct sgft_prop sgft_prop;
typedef struct sgft_value sgft_value;

/* A reader over a read callback, a file ("-" = standard input; message 3
 * when it cannot be opened) or bytes in memory (not copied: they must
 * outlive the reader).  NULL when it cannot be made, with errno saying
 * why: EINVAL for ctx, rd or path NULL (or data NULL with len not 0),
 * ENOMEM when out of memory, the errno of the open of the file (ENOENT,
 * EACCES ...; EISDIR for a folder; EINVAL for a file that is not a
 * regular one under sgft_ctx_set_regular_only), or of a read of the
 * input's start (EIO when the read callback set none), so that
 * strerror(errno) tells "no such file" from "out of memory". */
sgft_reader *sgft_reader_new(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data);
sgft_reader *sgft_reader_open(sgft_ctx *ctx, const char *path);
sgft_reader *sgft_reader_memory(sgft_ctx *ctx, const char *data, size_t len);
/* 1 and the next tree in *tree, 0 at the end (*tree NULL), or a negative
 * SGFT_E* status. */
int sgft_reader_next(sgft_reader *r, sgft_tree **tree);
void sgft_reader_free(sgft_reader *r);

/* Trees the caller owns.  sgft_reader_detach makes the tree the last
 * sgft_reader_next() returned the caller's: it, its nodes and its
 * values survive the next call and the reader's free, in memory of its
 * own (the text it was read from is copied with it), until
 * sgft_tree_free().  NULL when no tree is held (none read yet, the end,
 * or detached already) or out of memory (errno EINVAL or ENOMEM; the
 * tree is then the reader's still).  Check a tree before detaching it:
 * sgft_tree_check refuses a tree the caller owns (SGFT_EINVAL).
 * sgft_tree_new makes a tree from nothing for game (GM, 1 for Go): an
 * empty root, its properties to add (a tree is written as it is built,
 * GM and FF included); NULL with errno EINVAL (ctx NULL, game below 1)
 * or ENOMEM.  Several trees may be held at once.  A tree the caller owns
 * belongs to the context it was read or made with: edit it with that
 * context, free it before that context (sgft_ctx_free frees those left;
 * sgft_ctx_reset keeps them).  sgft_tree_free does nothing for a tree a
 * reader holds (or NULL). */
sgft_tree *sgft_reader_detach(sgft_reader *r);
sgft_tree *sgft_tree_new(sgft_ctx *ctx, int game);
void sgft_tree_free(sgft_tree *tree);

/* Checks tree and repairs it as sgftidy does (the options of the context;
 * messages through its callback).  0 or a negative status. */
int sgft_tree_check(sgft_ctx *ctx, sgft_tree *tree);
/* Writes tree in the normalized form through wr (see sgft_file_write and
 * sgft_buffer_write).  Check it first: the writer expects checked values.
 * 0 or a negative status. */
int sgft_tree_write(sgft_ctx *ctx, sgft_tree *tree, sgft_write_fn wr,
                    void *wr_data);

/* A read callback over bytes in memory: rd_data is an sgft_memory whose
 * pos starts at 0 (the bytes are not copied). */
typedef struct sgft_memory {
    const char *data;
    size_t len, pos;
} sgft_memory;
long sgft_memory_read(void *memory, char *buf, size_t cap);

/* Write callbacks: to a FILE * (wr_data), and to a growing buffer. */
int sgft_file_write(void *file, const char *buf, size_t len);
typedef struct sgft_buffer {
    char *data; /* NUL-terminated; free() it */
    size_t len, cap;
} sgft_buffer;
int sgft_buffer_write(void *buffer, const char *buf, size_t len);

/* Walking.  NULL where there is none. */
sgft_node *sgft_tree_root(sgft_tree *tree);
/* 1-based; 0 for a tree built by sgft_tree_new */
unsigned long sgft_tree_index(const sgft_tree *tree);
/* The offset of the tree's '(' in the text parsed (as sgft_diag.offset
 * counts). */
uint64_t sgft_tree_offset(const sgft_tree *tree);
/* The node of a tree as read (nodes in the order of the text) that holds
 * offset: the last node whose ';' is at or before it; NULL when offset
 * comes before the first node. */
sgft_node *sgft_tree_node_at(sgft_tree *tree, uint64_t offset);
sgft_node *sgft_node_parent(sgft_node *node);
sgft_node *sgft_node_child(sgft_node *node); /* the first child */
sgft_node *sgft_node_next(sgft_node *node);  /* the next sibling */
sgft_prop *sgft_node_props(sgft_node *node); /* the first property */
sgft_prop *sgft_node_find(sgft_node *node, const char *id);
sgft_prop *sgft_prop_next(sgft_prop *prop);
const char *sgft_prop_id(const sgft_prop *prop); /* uppercase: "B", "PW" */
sgft_value *sgft_prop_values(sgft_prop *prop); /* the first value */
sgft_value *sgft_value_next(sgft_value *value);

/* Reading a value.  raw: the SGF text between '[' and ']', escapes kept
 * (not NUL-terminated).  text: the value as text, escapes and soft line
 * breaks resolved (SimpleText rules for simple), in a malloc'd
 * NUL-terminated string (NULL when out of memory).  number, real and
 * point: 0, or SGFT_EINVAL when the value is not one (a point is a Go
 * point: column and row from 0, "aa" = 0, 0). */
const char *sgft_value_raw(sgft_ctx *ctx, const sgft_value *value,
                           size_t *len);
char *sgft_value_text(sgft_ctx *ctx, const sgft_value *value, bool simple);
int sgft_value_number(sgft_ctx *ctx, const sgft_value *value, long *n);
int sgft_value_real(sgft_ctx *ctx, const sgft_value *value, double *r);
int sgft_value_point(sgft_ctx *ctx, const sgft_value *value, int *col,
                     int *row);

/* Editing (the same calls sgftidy's own repairs use).  A new property
 * goes last in its node; text is plain text, escaped as SGF needs.
 * NULL or a negative status when out of memory or id is not a property
 * identifier (an uppercase letter, then uppercase letters and digits,
 * as the reader takes them). */
sgft_prop *sgft_node_add_prop(sgft_ctx *ctx, sgft_node *node, const char *id);
int sgft_prop_add_value(sgft_ctx *ctx, sgft_prop *prop, const char *text);
/* Replaces all values of prop by one. */
int sgft_prop_set_value(sgft_ctx *ctx, sgft_prop *prop, const char *text);
void sgft_node_delete_prop(sgft_node *node, sgft_prop *prop);
/* Deletes value, one of prop's (a property of node); the property goes
 * with its last value (an SGF property has at least one).  0, or
 * SGFT_EINVAL when prop is not node's or value not prop's. */
int sgft_value_delete(sgft_node *node, sgft_prop *prop, sgft_value *value);

/* Editing nodes.  sgft_node_new makes a detached node of tree (in its
 * memory; NULL when out of memory), empty: it is linked into the tree by
 * sgft_node_append_child (the last child of parent),
 * sgft_node_insert_before or sgft_node_insert_after (a sibling of
 * sibling, which is not the root), with the subtree under it.
 * sgft_node_unlink detaches node with its subtree, which stays whole, to
 * be linked again (unlinking a detached node does nothing): a subtree
 * moves by an unlink and a link.  sgft_node_delete deletes node with its
 * subtree (its memory goes with the tree's): none of it is to be used
 * again (the node itself is refused by these calls).  0, or SGFT_EINVAL, the tree unchanged, for a NULL argument, a
 * node to link that is not detached, a place in the node's own subtree
 * (a cycle), or the root to unlink or delete.  The nodes are of one
 * tree: linking a node of another is undefined.  The library's own
 * repairs link and unlink nodes through the same calls. */
sgft_node *sgft_node_new(sgft_tree *tree);
int sgft_node_append_child(sgft_node *parent, sgft_node *node);
int sgft_node_insert_before(sgft_node *sibling, sgft_node *node);
int sgft_node_insert_after(sgft_node *sibling, sgft_node *node);
int sgft_node_unlink(sgft_node *node);
int sgft_node_delete(sgft_node *node);

/* A walk of a tree with no recursion: sgft_iter_next gives each node
 * twice in *node, SGFT_ITER_ENTER before its subtree (in preorder: a
 * node, then its children from the first) and SGFT_ITER_EXIT after it,
 * then 0 at the end (*node NULL).  The walk holds two nodes (no memory
 * for each node).  The tree may be changed during a walk only under the
 * node of the last ENTER: properties of any node, nodes linked or
 * unlinked below it.  sgft_iter_new: NULL with errno EINVAL (tree NULL)
 * or ENOMEM. */
typedef struct sgft_iter sgft_iter;
enum { SGFT_ITER_ENTER = 1, SGFT_ITER_EXIT = 2 };
sgft_iter *sgft_iter_new(sgft_tree *tree);
int sgft_iter_next(sgft_iter *it, sgft_node **node);
void sgft_iter_free(sgft_iter *it);

/* Positions as read: the line and column (from 1, a column counts
 * characters of UTF-8 and a tab as one) and the byte offset (as
 * sgft_diag.offset counts) of a node's ';', a property's identifier and
 * a value's '['.  1 and *out, or 0 and *out all zero for an item a
 * program made (sgft_tree_new, sgft_node_new, sgft_node_add_prop,
 * sgft_prop_add_value, sgft_prop_set_value), or SGFT_EINVAL for a NULL
 * argument.  The item is one of tree (a held or owned one). */
typedef struct sgft_position {
    unsigned long line, col;
    uint64_t offset;
} sgft_position;
int sgft_node_position(const sgft_tree *tree, const sgft_node *node,
                       sgft_position *out);
int sgft_prop_position(const sgft_tree *tree, const sgft_prop *prop,
                       sgft_position *out);
int sgft_value_position(const sgft_tree *tree, const sgft_value *value,
                        sgft_position *out);

/* --- Fingerprints: the same game in another copy --------------------------
 * The moves of a Go game's main line, and the stones set up in its root,
 * in one canonical form (the orientation in which its points, each read
 * column letter then row letter, come first in alphabetical order;
 * sgftidy(1), -g): copies of one game turned or mirrored on the
 * board (8 symmetries; 4 on a rectangular board) or, for a game without
 * setup stones, with the colours swapped, have the same hash; a copy cut
 * short after k moves has the hash prefix[k - 1] of the whole game. */
typedef struct sgft_fingerprint {
    uint64_t hash;         /* of the setup and all the moves */
    unsigned long moves;   /* moves of the main line (passes count) */
    unsigned long setup;   /* stones set up in the root (AB, AW) */
    int cols, rows;        /* the board */
    unsigned transform;    /* the symmetry (0-7) that gives the canonical
                              form; see sgft_transform_name() */
    bool colours_swapped;  /* white moved first (and no setup) */
    uint64_t *prefix;      /* prefix[k]: the hash after move k + 1 */
} sgft_fingerprint;

/* Fills fp for tree (values as parsed or checked; moves that are not
 * points of the board are left out).  Free with sgft_fingerprint_free().
 * 0 or a negative status. */
int sgft_tree_fingerprint(sgft_ctx *ctx, sgft_tree *tree,
                          sgft_fingerprint *fp);
void sgft_fingerprint_free(sgft_fingerprint *fp);
/* The symmetry that turns a game whose fingerprint has transform a into
 * one with transform b, and its name ("turned 90 degrees clockwise"). */
unsigned sgft_transform_between(unsigned a, unsigned b);
const char *sgft_transform_name(unsigned t);

/* --- Boards: the position at a node, as an image ---------------------------
 * The board of a Go game (GM[1], or no GM) at any node, drawn as a
 * standalone SVG document: the root's setup, then every node from the root
 * down to the node, played in turn.  A node's setup (AB, then AW, then AE)
 * comes before its move (its first B, or else its first W).  A move puts
 * its stone on the point, replacing a stone there (the record is what it
 * is), takes off the opponent's chains next to it that have no liberty
 * left, and then its own chain when that has none (a suicide, whether or
 * not the rules of RU allow one, as the checks play it: message 122 says
 * when they do not).  B[] and, on a board of at most 19 by 19, B[tt] are
 * passes; a value that is no point of the board changes nothing.
 *
 * The document: the board, its grid and star points (9, 13 and 19 lines),
 * and a circle for each stone, row by row, with the point and its colour
 * as data attributes, data-point="pd" data-color="b" (or "w"), so that a
 * program reads the position back; the stone of the last move of the
 * path (if it still stands) has class="last" and a small ring on it; the
 * point marked has an element class="mark" data-point="..." (a square
 * around it).  The root element svg has data-cols, data-rows and, when
 * the last move of the path was on a point, data-last="pd".  All lengths
 * are whole numbers: the same tree, node and options give the same bytes.
 * The document refers to nothing outside itself. */
typedef struct sgft_svg_options {
    size_t size;        /* sizeof (sgft_svg_options) as the program was
                           built; sgft_svg_options_init sets it */
    int mark_x, mark_y; /* a point to mark: column and row from 0, as
                           sgft_value_point gives them; -1, -1: none */
    unsigned px;        /* the image's width in pixels; 0: one pixel a
                           unit of its view box (24 a line) */
    unsigned flags;     /* SGFT_SVG_* */
} sgft_svg_options;
/* Members added later to sgft_svg_options have 0 as their default: a
 * larger size than the library knows is taken when the bytes it does not
 * know are zero. */

/* Flags of sgft_svg_options. */
enum {
    SGFT_SVG_COORDS = 1 /* the coordinates' letters (as SGF writes them)
                           along the top and the left side */
};

/* Fills opt with the defaults: no mark, px 0, no flags. */
void sgft_svg_options_init(sgft_svg_options *opt);

/* The position at node of tree (a node of tree, values as parsed or
 * checked) as a standalone SVG document, malloc'd and NUL-terminated: free
 * it with free().  opt NULL: the defaults.  NULL, with errno set, when
 * out of memory (ENOMEM), when the game is not one whose board is known
 * (ENOTSUP: a GM other than 1, or an SZ that is not a size of 1 to 52,
 * or two of them, SZ[19:13]), or for a bad argument (EINVAL: tree or node
 * NULL, node not in tree, opt's size too small or its unknown bytes not
 * zero, an unknown flag, a mark off the board). */
char *sgft_board_svg(const sgft_tree *tree, const sgft_node *node,
                     const sgft_svg_options *opt);

/* The counts so far. */
const sgft_summary *sgft_ctx_summary(const sgft_ctx *ctx);

/* SGFC's exit status for a summary: 0, 5 (warnings), 10 (errors), 20. */
int sgft_exit_status(const sgft_summary *summary);

/* Catalogue look-ups.  sgft_msg_known() tells whether n is a message
 * number; the others return NULL for unknown numbers. */
bool sgft_msg_known(int n);
const char *sgft_msg_key(int n);
const char *sgft_msg_text(int n);

/* Formats a message that is not tied to any input (command-line faults)
 * through the same catalogue and the context's callback.  detail, when not
 * NULL, is appended after the message text. */
void sgft_report(sgft_ctx *ctx, int code, const char *detail);

/* The printed forms of diagnostics. */
typedef enum sgft_format {
    SGFT_FORMAT_TEXT,   /* FILE:LINE:COL: error E15: ... (editors, CI) */
    SGFT_FORMAT_SGFC,   /* SGFC's, after the file name:
                           FILE: Line:1 Col:25 - Error 8 (critical): ... */
    SGFT_FORMAT_JSON,   /* one JSON object per line, always valid UTF-8 */
    SGFT_FORMAT_SARIF,  /* a SARIF 2.1.0 log (a document: see reporters) */
    SGFT_FORMAT_GITHUB, /* GitHub Actions workflow commands:
                           ::error file=F,line=L,col=C,title=...::text */
    SGFT_FORMAT_GITLAB, /* a GitLab Code Quality report (a JSON array) */
    SGFT_FORMAT_CHECKSTYLE, /* a Checkstyle XML report (a document) */
    SGFT_FORMAT_JUNIT   /* a JUnit XML report: a test case per file (a
                           document) */
} sgft_format;

/* The format named name as sgftidy's --format names it ("default",
 * "sgfc", "json", "sarif", "github", "gitlab", "checkstyle", "junit"),
 * or -1. */
int sgft_format_from_name(const char *name);
/* The name of fmt, or NULL for a value that is no format. */
const char *sgft_format_name(sgft_format fmt);

/* Prints one diagnostic of file (NULL: "sgftidy") as one line.  For
 * SARIF and GitLab the line is one result object of their document, for
 * Checkstyle one <error> element, for JUnit one <failure> element, not
 * a document: use a reporter for those.  Returns 0, or -1 when f reports
 * an error. */
int sgft_print_diag(FILE *f, sgft_format fmt, const char *file,
                    const sgft_diag *diag);

/* Prints the status line of file after its run ("FILE: 2 error(s)
 * (critical:1)", "FILE: OK  (unchanged)"); nothing for JSON, SARIF,
 * GitLab and Checkstyle, or after a fatal error.  Returns 0, or -1 when f reports an
 * error. */
int sgft_print_status(FILE *f, sgft_format fmt, const char *file,
                      const sgft_summary *summary);

/* Prints s as a JSON string (quotes and escapes; a byte that is not part
 * of well-formed UTF-8 becomes U+FFFD).  0, or -1 on an error of f. */
int sgft_print_json_string(FILE *f, const char *s);

/* Prints a file name for a line of text: as it is, or, when it holds a
 * control character (a line break, an escape) or starts with '"', in
 * double quotes with C escapes (\", \\, \n, \t, \r, \ooo), so that
 * no name reads as two lines or as another name.  The diagnostics and
 * status lines of the text formats show names so, and the control
 * characters of their texts as escapes.  0, or -1 on an error of f. */
int sgft_print_name(FILE *f, const char *name);

/* --- Reporters: the diagnostics of a whole run, in any format -------------
 * A reporter prints the diagnostics of any number of files to one stream
 * and counts them.  Line formats (text, SGFC, JSON, GitHub) are printed as
 * they come; SARIF, GitLab and Checkstyle are one document per reporter,
 * begun by sgft_reporter_new() and completed by sgft_reporter_close(), so
 * the stream holds a valid document only after the close (Checkstyle's
 * element of a file ends at its sgft_reporter_file()).  Memory does not
 * grow with the number of diagnostics.  Typical use:
 *
 *     sgft_reporter *rep = sgft_reporter_new(stdout, SGFT_FORMAT_SARIF, 0);
 *     for each file:
 *         (diagnostic callback: sgft_reporter_diag(rep, file, diag))
 *         sgft_run_file(ctx, file, NULL);
 *         sgft_reporter_file(rep, file, sgft_ctx_summary(ctx), 0);
 *     sgft_reporter_close(rep);
 */
typedef struct sgft_reporter sgft_reporter;

/* Flags of sgft_reporter_new(). */
enum {
    SGFT_REPORT_COLOR = 1,    /* text and SGFC forms coloured as gcc does
                                 (ANSI escapes), for a terminal */
    SGFT_REPORT_SUMMARY = 2,  /* at the close, a summary of the run: a
                                 line (text, SGFC, GitHub), a record
                                 {"summary":{...}} (JSON), the invocation's
                                 properties (SARIF); none for GitLab
                                 and Checkstyle */
    SGFT_REPORT_NO_STATUS = 4, /* no status lines and no summary line (the
                                  JSON and SARIF summaries stay) */
    SGFT_REPORT_QUIET_OK = 8,  /* no status line for a file that had no
                                  message, is in the normalized form (not
                                  SGFT_FILE_DIFFERENT) and whose output
                                  was neither written nor changed: the
                                  quiet clean batch (the summary stays) */
    SGFT_REPORT_STATISTICS = 16 /* at the close, before the summary, the
                                   count of each message reported, most
                                   frequent first: a line each (text,
                                   SGFC, GitHub), a record
                                   {"statistics":[...]} (JSON); none for
                                   SARIF, GitLab and Checkstyle */
};

/* Flags of sgft_reporter_file(). */
enum {
    SGFT_FILE_DIFFERENT = 1, /* the file is not in the normalized form */
    SGFT_FILE_FAILED = 2,    /* the file fails the run (its worst message
                                at or above the caller's level, as
                                sgftidy's --fail-on): a <failure> in
                                JUnit */
    SGFT_FILE_PASSED = 4     /* the file does not fail the run.  With
                                neither flag, a file fails when it has a
                                warning or worse */
};

/* A reporter writing to f (not closed by the reporter).  NULL when out of
 * memory or fmt is unknown. */
sgft_reporter *sgft_reporter_new(FILE *f, sgft_format fmt, unsigned flags);
/* Reports one diagnostic of file; NULL for the command line itself,
 * which names no file: "sgftidy" in the text and SGFC forms, "file":null
 * in JSON, a toolExecutionNotification of the invocation in SARIF (at
 * the close), a command without file= in GitHub's; GitLab, Checkstyle
 * and JUnit, which have no place for the program's own messages, give
 * it as one of the path "sgftidy".  0, or -1 when f reports an error. */
int sgft_reporter_diag(sgft_reporter *rep, const char *file,
                       const sgft_diag *diag);
/* Ends the diagnostics of file: prints its status line (text, SGFC and
 * GitHub forms; with SGFT_REPORT_QUIET_OK none for a clean file, see
 * there) and counts it for the summary: by its worst message, what
 * happened to its output, and why it was skipped when it was (the message
 * that said so: unreadable, no SGF data, critical, hard links, refused,
 * write failed, fatal). */
int sgft_reporter_file(sgft_reporter *rep, const char *file,
                       const sgft_summary *summary, unsigned flags);
/* Reports a folder of a batch that cannot be read (message 143): prints
 * diag and counts the folder among the folders not read of the summary,
 * not among the files.  0, or -1 when f reports an error. */
int sgft_reporter_folder(sgft_reporter *rep, const char *folder,
                         const sgft_diag *diag);
/* Reports a late fault of file (see sgft_outputs_on_late_fault), whose
 * status was reported before with the summary was: prints diag, and
 * counts file as failed (diag's reason) instead of as it was counted.
 * With was NULL, only prints diag (a second fault of a file corrected
 * already).  0, or -1 when f reports an error. */
int sgft_reporter_late(sgft_reporter *rep, const char *file,
                       const sgft_diag *diag, const sgft_summary *was);
/* Reports a notice of the run itself, of no file (text: "no game
 * records in the paths given"), in the place the format has for one:
 * the line "sgftidy: TEXT" (text and SGFC forms; none with
 * SGFT_REPORT_NO_STATUS), the record {"notice":"TEXT"} (JSON), a
 * toolExecutionNotification of level "note" in the invocation (SARIF,
 * at the close), "::notice::TEXT" (GitHub; none with
 * SGFT_REPORT_NO_STATUS); nothing in GitLab, Checkstyle and JUnit, whose
 * documents stay as they are.  0, or -1 when f reports an error (or rep
 * or text is NULL). */
int sgft_reporter_notice(sgft_reporter *rep, const char *text);
/* Says that the run was cut short (a signal): the notice "interrupted"
 * (see sgft_reporter_notice), and the run counts as failed (SARIF:
 * executionSuccessful false).  The caller then closes rep, which ends
 * the document.  0, or -1 when f reports an error. */
int sgft_reporter_interrupted(sgft_reporter *rep);
/* Names a configuration file of the run for its summary: one the run
 * used (why NULL), or one it did not use, and why.  The summary lists
 * them in the order named: a line each before the summary line (text,
 * SGFC, GitHub), the member configuration_files of the summary object
 * (JSON, SARIF).  0, or -1 when out of memory. */
int sgft_reporter_config(sgft_reporter *rep, const char *path,
                         const char *why);
/* Writes the summary (with SGFT_REPORT_SUMMARY) and the end of the
 * document, and frees rep.  0, or -1 when f reported an error at any
 * time. */
int sgft_reporter_close(sgft_reporter *rep);
/* The symbolic links a batch's walk passed over (never followed): to
 * files named .sgf, and to folders; said in the summary. */
void sgft_reporter_links(sgft_reporter *rep, unsigned long files,
                         unsigned long folders);

/* A page of the run besides the reporter's own output: one HTML document
 * that holds all it shows (style, a small script that sorts and filters
 * its table of files, boards as inline SVG) and refers to nothing
 * outside itself, written to f (not closed) by sgft_reporter_close().
 * It shows the totals of the summary, the count of each message with
 * its explanation (sgft_msg_doc), a table of the files, worst first,
 * and the first 10 messages of each file (the others counted), with
 * the boards handed over by sgft_reporter_board() for at most boards
 * faults of a file, of the files worst files that have any.  Every
 * name and text is escaped (control characters, the characters that
 * turn the direction of text and bytes that are no UTF-8 as \xNN or
 * \uNNNN).  The same run gives the same bytes: the seconds of the run
 * only with SGFT_PAGE_TIME.  Memory grows with the number of files,
 * not with that of messages.  0, or -1 (rep already has a page, or out
 * of memory, or an unknown flag). */
enum {
    SGFT_PAGE_TIME = 1 /* the seconds of the run among the totals */
};
int sgft_reporter_page(sgft_reporter *rep, FILE *f, unsigned boards,
                       unsigned files, unsigned flags);
/* Hands the page of rep (sgft_reporter_page) the board of the fault at
 * offset (sgft_diag.offset) of the file being reported, before its
 * sgft_reporter_file(): an SVG document as sgft_board_svg() gives it,
 * copied; shown with the first message of the file at that offset.
 * Boards past the page's bound are passed over.  0, or -1 (no page,
 * out of memory). */
int sgft_reporter_board(sgft_reporter *rep, uint64_t offset, const char *svg);

/* The long description of message n, as in sgftidy(1): what it means and
 * what sgftidy does about it (plain text, paragraphs separated by an
 * empty line); NULL for an unknown number. */
const char *sgft_msg_doc(int n);
/* A short SGF text that gives message n, or NULL when there is none. */
const char *sgft_msg_example(int n);

/* A progress callback: bytes read from the input so far. */
typedef void (*sgft_progress_fn)(void *userdata, uint64_t bytes_read);
/* Makes sgft_run_file() call fn after each read of its input. */
void sgft_ctx_set_progress(sgft_ctx *ctx, sgft_progress_fn fn,
                           void *userdata);

/* Makes sgft_run_file() and sgft_reader_open() read only regular files
 * (on: true; off in a new context): a path that names anything else (a
 * FIFO, a device, a socket, a folder) is refused with message 3, whose
 * detail says what it is, without a read and without waiting for a
 * FIFO's writer.  For a batch, which a FIFO or /dev/zero named in it
 * would hold up forever; standard input ("-") is read all the same.
 * Off, a FIFO or a device is read as a stream (one INFILE); a folder
 * is refused either way. */
void sgft_ctx_set_regular_only(sgft_ctx *ctx, bool on);
/* Opens path to read, as sgft_run_file() opens its input (a folder is
 * refused; with sgft_ctx_set_regular_only, all but a regular file): a
 * descriptor of the caller's, or -1 after message 3 through ctx (errno
 * is kept).  dir AT_FDCWD: path as it is; else the file path of the
 * folder dir, as sgft_run_file_at() opens it (never through a symbolic
 * link, and only a regular file). */
int sgft_input_open(sgft_ctx *ctx, int dir, const char *path);

/* The run-time version of the library, e.g. "0.2.0"; SGFT_VERSION is the
 * version a program was built against. */
const char *sgft_version(void);

/* The run-time version as SGFT_VERSION_NUMBER gives it, e.g. 0x000800
 * for "0.8.0". */
int sgft_version_number(void);

/* --- Game-info values, typed ---------------------------------------------
 * The values of RE, KM, HA, SZ, BR and WR, and DT, read as the checks read
 * them.  value[0..len) is the value as text (escapes resolved, as
 * sgft_value_text gives it with simple true; no NUL needed); white space
 * around it does not count, but where the checks repair it, in HA and
 * before the number of KM: 1.  Each call returns
 *   0            for a value in the form of FF[4] (SGF-FF4.md 7),
 *   1            for one in a form the checks repair (message 15, or 131
 *                for Chinese, Japanese or Korean words, or 137 for a rank
 *                in words): it is read as the repair reads it, so that
 *                RE[b+r], RE[B+R.] and RE[White wins by resignation] are
 *                read as the checks would write them (B+R, B+R, W+R),
 *   SGFT_EINVAL  for a value the checks cannot read (message 33 for RE,
 *                KM, HA and DT), or value or out NULL: *out is left as
 *                it was,
 *   SGFT_ENOMEM  when out of memory (for the scratch of the repair).
 * They keep no state: any thread may call them at any time. */

typedef enum sgft_winner {
    SGFT_WINNER_UNKNOWN = 0, /* RE[?], or no result */
    SGFT_WINNER_BLACK,
    SGFT_WINNER_WHITE,
    SGFT_WINNER_NONE         /* a draw (RE[0], RE[Draw]) or no game
                                (RE[Void]) */
} sgft_winner;

typedef enum sgft_result_kind {
    SGFT_RESULT_UNKNOWN = 0, /* RE[W+] (a win, how not said), RE[?] */
    SGFT_RESULT_SCORE,       /* RE[B+3.5]: margin holds the score */
    SGFT_RESULT_RESIGN,      /* RE[B+R], RE[B+Resign] */
    SGFT_RESULT_TIME,        /* RE[W+T], RE[W+Time] */
    SGFT_RESULT_FORFEIT,     /* RE[B+F], RE[B+Forfeit] */
    SGFT_RESULT_DRAW,        /* RE[0], RE[Draw] */
    SGFT_RESULT_VOID         /* RE[Void]: no result, or suspended */
} sgft_result_kind;

typedef struct sgft_result {
    sgft_winner winner;
    sgft_result_kind kind;
    bool has_margin; /* a score was given: kind SGFT_RESULT_SCORE */
    double margin;   /* the score, 0 without one (B+0 has one: 0) */
} sgft_result;

/* RE: who won and how. */
int sgft_result_parse(const char *value, size_t len, sgft_result *out);
/* KM: the komi (KM[6.5], and KM[6,5], KM[6 1/2], KM[none]: 1). */
int sgft_komi_parse(const char *value, size_t len, double *out);
/* HA: the handicap, 0 or more (HA[9], and HA[9 stones]: 1); SGFT_EINVAL
 * too for one above INT_MAX. */
int sgft_handicap_parse(const char *value, size_t len, int *out);
/* SZ: the board, SZ[19] (cols and rows 19) or SZ[19:13] (19 columns, 13
 * rows); numbers of 1 to 65535.  SZ[19:19] is read, and returns 1 (a
 * square board is written with one number).  Nothing is said about
 * whether a game can be played on it. */
int sgft_size_parse(const char *value, size_t len, int *cols, int *rows);

typedef enum sgft_rank_kind {
    SGFT_RANK_UNKNOWN = 0, /* no rank read */
    SGFT_RANK_KYU,         /* 3k */
    SGFT_RANK_DAN,         /* 5d, amateur */
    SGFT_RANK_PRO          /* 1p, professional dan */
} sgft_rank_kind;

typedef struct sgft_rank {
    int number;           /* 1 to 99 */
    sgft_rank_kind kind;
    bool uncertain;       /* 5d?: the rank is not sure */
    bool established;     /* 10k*: a rank a server rates */
} sgft_rank;

/* BR, WR: a rank as FF[4] writes it, the number, a unit letter k, d or
 * p and at most one of '?' and '*' ("5d", "3k", "1p", "5d?", "10k*"),
 * or (1) in the words --short-ranks rewrites ("3級", "9 dan pro",
 * "职业九段").  Any other text, as a rank may be (SimpleText), is
 * SGFT_EINVAL. */
int sgft_rank_parse(const char *value, size_t len, sgft_rank *out);

/* One date of DT; month and day 0 when the value does not give them
 * (DT[1996-05]: 1996, 5, 0). */
typedef struct sgft_date {
    int year, month, day;
} sgft_date;

/* Called for each date of a DT list in turn; false stops the list. */
typedef bool (*sgft_date_fn)(void *userdata, const sgft_date *date);

/* DT: the dates of the list, each whole, the shortcuts of FF[4] filled
 * in: "1996-05-06,07,08" is 1996-05-06, 1996-05-07 and 1996-05-08,
 * "1996-12-30,1997-01-02" two dates.  fn (NULL: none) is called for
 * each only when the whole value can be read (a list of any length): a
 * value that returns SGFT_EINVAL calls it for none.  The return value
 * is that of the reading, whether or not fn stopped. */
int sgft_dates_parse(const char *value, size_t len, sgft_date_fn fn,
                     void *userdata);

/* A span of a value in a tree: its SGF text between '[' and ']',
 * escapes kept, not NUL-terminated; data NULL when there is none. */
typedef struct sgft_span {
    const char *data;
    size_t len;
} sgft_span;

/* The game-info of one game tree.  The spans point into the tree: valid
 * while it is. */
typedef struct sgft_game_info {
    size_t size; /* sizeof (sgft_game_info) as the program was built: set
                    it before the call (sgft_tree_game_info keeps it) */
    sgft_span black, white;           /* PB, PW */
    sgft_span black_rank_text, white_rank_text; /* BR, WR */
    sgft_span result_text, komi_text, handicap_text, date_text; /* RE, KM,
                                                                   HA, DT */
    /* The typed values: has_* true when the value is there and reads
     * (the call of this section returns 0 or 1 for it). */
    bool has_black_rank, has_white_rank;
    sgft_rank black_rank, white_rank;
    bool has_result;
    sgft_result result;
    bool has_komi;
    double komi;
    bool has_handicap;
    int handicap;
    bool has_size; /* else cols and rows are 19 */
    int cols, rows;
    bool has_date;
    sgft_date first_date; /* the first date of DT */
    size_t dates;         /* how many dates DT has (0 without DT) */
} sgft_game_info;
/* Members added later to sgft_game_info go at its end: a program built
 * with a smaller size gets the members it knows; a larger size than the
 * library knows gets the rest of its bytes zeroed. */

/* Fills *out for tree (values as parsed or checked): each property from
 * the first node of the main line (the root, then each first child)
 * that has it, SZ from the root only.  Returns 0, SGFT_EINVAL (tree or
 * out NULL, out->size smaller than the first sgft_game_info) or
 * SGFT_ENOMEM. */
int sgft_tree_game_info(const sgft_tree *tree, sgft_game_info *out);

/* The rules of the checks (sgftidy --list-rules), in the order they run.
 * Each has a stable key, a scope (what it looks at) and the numbers of
 * the messages it may raise. */
typedef enum sgft_scope {
    SGFT_SCOPE_VALUE,
    SGFT_SCOPE_PROPERTY,
    SGFT_SCOPE_NODE,
    SGFT_SCOPE_TREE,     /* a game tree as a whole, or its root */
    SGFT_SCOPE_GAMEINFO, /* the game-info nodes of a tree */
    SGFT_SCOPE_COLLECTION /* the game trees of one input together */
} sgft_scope;
size_t sgft_rule_count(void);
/* For rule i (0 to count - 1): its key, e.g. "duplicates", or NULL when
 * there is no rule i; its description in one line; its scope. */
const char *sgft_rule_key(size_t i);
const char *sgft_rule_text(size_t i);
sgft_scope sgft_rule_scope(size_t i);
/* "value", "property", "node", "tree", "game-info", "collection". */
const char *sgft_scope_name(sgft_scope scope);
/* The j-th message number (from 0) that rule i may raise; 0 after the
 * last. */
int sgft_rule_message(size_t i, size_t j);

/* The severity letters used in diagnostics: 'I', 'W', 'E', 'F'. */
char sgft_severity_letter(sgft_severity s);
const char *sgft_severity_name(sgft_severity s);

#ifdef __cplusplus
}
#endif
#endif /* SGFTIDY_H */
