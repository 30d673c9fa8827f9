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

#define SGFT_VERSION "0.1.0"

/* Status codes returned by the library (0 = success). */
enum {
    SGFT_OK = 0,
    SGFT_ENOMEM = -1, /* out of memory */
    SGFT_EREAD = -2,  /* the input could not be read (errno is kept) */
    SGFT_EWRITE = -3, /* the output could not be written (errno is kept) */
    SGFT_EOPEN = -4,  /* a file could not be opened (errno is kept) */
    SGFT_EINVAL = -5  /* bad argument from the caller */
};

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
 * command's. */
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
    SGFT_OPT_EXPAND,          /* -e: expand compressed point lists */
    SGFT_OPT_PASS_TT,         /* -p: write passes as [tt] where possible */
    SGFT_OPT_DELETE_MOVE_MARKUP, /* -m: delete markup on the move's point */
    SGFT_OPT_SIGNATURE,       /* -g: report each game's signature (102) */
    SGFT_OPT_FIX_VARIATIONS,  /* -v: sibling-style variations, root moves */
    SGFT_OPT_SPLIT,           /* -s: sgft_run_file writes each game tree to
                                 OUTFILE_001.sgf, OUTFILE_002.sgf ... */
    SGFT_OPT_REVERSE_VARIATIONS, /* -z: reverse the order of variations */
    SGFT_OPT_DELETE_EMPTY_NODES, /* -n: delete empty nodes */
    SGFT_OPT_NO_SOFT_BREAKS,  /* -t: no soft line breaks in texts */
    SGFT_OPT_NODE_BREAKS,     /* -L: end lines at node boundaries */
    SGFT_OPT_DUMP_TREE,       /* write a listing of the parsed content
                                 instead of SGF (for tests) */
    SGFT_OPT_PARSE_ONLY       /* stop after parsing (syntax messages) */
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

/* Removes the temporary files of every output being written by this
 * process.  Async-signal-safe: meant for the handler of a signal that
 * ends the process (SIGINT, SIGTERM, SIGHUP, SIGPIPE), so that an
 * interrupted run leaves nothing behind.  The files being replaced are
 * untouched: they keep their old content. */
void sgft_remove_temp_files(void);

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
    SGFT_FORMAT_TEXT, /* FILE:LINE:COL: error E15: ... (editors, CI) */
    SGFT_FORMAT_SGFC, /* SGFC's: Line:1 Col:25 - Error 8 (critical): ... */
    SGFT_FORMAT_JSON  /* one JSON object per line, always valid UTF-8 */
} sgft_format;

/* Prints one diagnostic of file (NULL: "sgftidy") as one line.  Returns
 * 0, or -1 when f reports an error. */
int sgft_print_diag(FILE *f, sgft_format fmt, const char *file,
                    const sgft_diag *diag);

/* Prints the status line of file after its run ("FILE: 2 error(s)
 * (critical:1)", "FILE: OK  (unchanged)"); nothing for JSON or after a
 * fatal error.  Returns 0, or -1 when f reports an error. */
int sgft_print_status(FILE *f, sgft_format fmt, const char *file,
                      const sgft_summary *summary);

/* The run-time version of the library, e.g. "0.2.0"; SGFT_VERSION is the
 * version a program was built against. */
const char *sgft_version(void);

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
