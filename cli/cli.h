/* cli.h - what the files of the command share: the options as parsed,
 * and the calls between main.c (options), batch.c (runs and batches),
 * config.c (configuration files), diff.c (--diff) and progress.c. */
#ifndef SGFT_CLI_H
#define SGFT_CLI_H

#include "sgftidy.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

typedef enum batch { B_NONE, B_CHECK, B_IN_PLACE, B_OUTDIR, B_DUPLICATES } batch;
typedef enum compare { CMP_NONE, CMP_LIST, CMP_DIFF } compare;
/* --fail-on: the lowest level that makes the exit status non-zero. */
typedef enum fail_level { FAIL_INFO, FAIL_WARNING, FAIL_ERROR, FAIL_CRITICAL } fail_level;

/* The progress line on standard error (progress.c). */
typedef struct progress {
    bool on;                /* standard error is a terminal, no -q */
    double delay;           /* seconds before the first line */
    struct timespec start, last;
    unsigned long files, done;
    uint64_t bytes, bytes_done, cur; /* cur: of the file being read */
    bool shown;             /* a line is on the screen */
} progress;

void progress_start(progress *p, unsigned long files, uint64_t bytes);
/* The file being read has cur bytes read. */
void progress_update(progress *p, uint64_t cur);
void progress_file_done(progress *p, uint64_t size);
/* Takes the line off the screen (before other output). */
void progress_clear(progress *p);

/* The configuration file of a folder, and a configuration file with the
 * options it gives (config.c). */
typedef struct config config;
typedef struct config_file config_file;

/* A command-line option as given, to be applied again over the options
 * of a configuration file. */
typedef struct given_opt {
    int id;
    const char *arg;
    const char *spelled;
} given_opt;

/* The endings of the names of the game records taken from folders,
 * unless --extensions names others: SGF and the formats the library
 * reads besides; --in-place takes SGF only (the others cannot be
 * rewritten in their place). */
/* --report-boards: at most this many boards a file. */
#define REPORT_BOARDS_MAX 100

#define RECORD_EXTS "sgf,gib,ngf,ugf,ugi"
#define IN_PLACE_EXTS "sgf"

typedef struct cli {
    sgft_options *opt;  /* the options in force (the file's) */
    sgft_options *base; /* the command line's, over the defaults */
    sgft_format fmt;
    bool quiet;
    bool interactive;
    FILE *tty; /* -i: the terminal */
    batch mode;
    compare cmp;
    bool recursive;
    const char *exts; /* --extensions, or NULL: the default of the mode */
    const char **excludes; /* --exclude's patterns */
    size_t nexcludes;
    bool show_ok;     /* --show-ok */
    bool statistics;  /* --statistics */
    const char *stdin_name; /* --stdin-filename, or NULL */
    unsigned jobs; /* --jobs: worker threads of a batch (1: none) */
    const char *outdir;
    char **files; /* the paths: argv's and --files-from's */
    char *files_text; /* --files-from's text, which has its paths */
    size_t nfiles, files_cap;
    const char *files_from;
    const char *explain; /* --explain's argument */
    bool null_sep;
    bool no_config;
    bool overwrite; /* --overwrite */
    int colour;  /* --color: 0 auto, 1 always, 2 never */
    bool colour_err, colour_out; /* resolved for stderr, stdout (--diff) */
    fail_level fail_on, base_fail_on;
    const char *cur_file; /* name shown in diagnostics */
    sgft_reporter *rep;
    /* --output-file: the file of the report (NULL: standard error; "-":
     * standard output), and the unnamed temporary file that holds it
     * until the report is closed. */
    const char *report_path;
    FILE *report_held;
    /* --report: the file of the page (NULL: none), the unnamed temporary
     * file that holds it until the report is closed, --report-boards,
     * --report-files and --report-time. */
    const char *page_path;
    FILE *page_held;
    unsigned page_boards, page_files;
    bool page_boards_set, page_files_set, page_time;
    sgft_outputs *outs; /* the files written: their durability, their
                           temporary files for the signal handlers */
    progress prog;
    /* The messages of the file being run, by severity (I, W, E, F). */
    bool seen[4], seen_critical[4];
    given_opt *given; /* the options to apply over a configuration */
    size_t ngiven;
    config *configs;  /* the folders looked up so far */
    config_file *config_files; /* the configuration files met so far */
    config_file *cur_config; /* that of the file of config_for() */
    config *last_config; /* that of the folder last_dir (as written) */
    char *last_dir;
} cli;

/* main.c */
/* Applies option id with argument arg; fatal on a bad one.  In a
 * configuration file (in_config), options that are not about checking
 * a file are refused. */
void cli_fatal(cli *c, int code, const char *detail);
/* --output-file or --report (opt, its file path) names the file f of
 * the run: fatal message 101, on standard error (neither the report's
 * file nor the page is written). */
_Noreturn void cli_refuse_report(cli *c, const char *opt, const char *path,
                                 const char *f);
/* Closes the report and writes the file of --output-file; 0, or 20. */
int cli_report_close(cli *c);
/* A signal came in a batch (signals_defer): the report says that the
 * run was interrupted and is closed, and the signal ends the run; else
 * nothing. */
void cli_check_interrupt(cli *c);
int cli_apply_named(cli *c, const char *name, const char *arg,
                    bool in_config, char *why, size_t why_size);
void cli_apply_given(cli *c);

/* batch.c */
/* The name standard input has in messages: --stdin-filename's, or
 * "<stdin>". */
const char *stdin_shown(const cli *c);
int run_single(cli *c, const char *in, const char *out);
/* Sets how the C library keeps and takes heap memory (batch.c). */
void keep_freed_memory(void);
int run_batch(cli *c);
/* Reports the folder path, which a batch's walk could not read (message
 * 143, counted as a folder not read); returns its exit status, 20. */
int report_unread_folder(cli *c, const char *path);
/* Appends the bytes of fd, up to its end, to b; 0, or the errno. */
int slurp_fd(int fd, sgft_buffer *b);
void print_diag(const sgft_diag *d, void *data);

/* guard.c: whether the run INFILE OUTFILE (in, out; split: -s, the
 * files out_001.sgf, ...) may write with the options opt: 0 when each
 * file it would replace holds no SGF game trees (none there, empty, no
 * SGF data, a stream, standard output), is in itself, or is an earlier
 * output of in (see guard.c); else the fatal message that refuses the
 * run: 111 (another record), 106 (the file cannot be read) or 5 (out of
 * memory), with its detail in *detail (malloc'd, or NULL). */
int guard_outfile(const sgft_options *opt, const char *in, const char *out,
                  bool split, char **detail);

/* jobs.c: the jobs of a batch.  pool_new starts jobs - 1 worker threads
 * (fewer if the system refuses more; none for one job), which wait for
 * the items of pool_run; pool_free ends them.  NULL when out of memory.
 *
 * pool_run: a batch of n items run by the pool's jobs (p NULL: by this
 * thread alone, as with one job).  prepare
 * (main thread, items in order) sets up item i in slot (slot_size
 * bytes, zeroed) and says whether it has work: POOL_RUN, POOL_READY
 * (nothing to run: only to finish), or POOL_AFTER_EARLIER (it depends
 * on items not finished yet: asked again once they are, and then it
 * must not say so again).  work runs in a worker thread, given the
 * thread's local pointer (NULL at first, kept from item to item, and
 * dropped when the thread ends, the main thread's at pool_free); finish (main
 * thread, in the order of the items) reports the item.  idle, when not
 * NULL, is called by the main thread about five times a second while
 * it waits.  With one job every item is prepared, run and finished in
 * turn, in this thread.  0, or -1 when out of memory. */
typedef enum pool_step { POOL_RUN, POOL_READY, POOL_AFTER_EARLIER } pool_step;
typedef struct pool_ops {
    void *arg;
    pool_step (*prepare)(void *arg, size_t i, void *slot);
    void (*work)(void *arg, size_t i, void *slot, void **local);
    void (*finish)(void *arg, size_t i, void *slot);
    void (*idle)(void *arg);
    void (*drop)(void *local); /* NULL: nothing to drop */
} pool_ops;
typedef struct pool pool;
pool *pool_new(unsigned jobs);
int pool_run(pool *p, size_t n, size_t slot_size, const pool_ops *ops);
void pool_free(pool *p);
/* --jobs=0: the number of processors online. */
unsigned jobs_default(void);

/* config.c: chooses the options for the file path (c->opt, c->fail_on):
 * those of the configuration file found from its folder up, over which
 * the command line's apply; c->cur_config is that file (NULL: none).  0,
 * or -1 after reporting the configuration file's fault (message 120, or
 * 5) through fn.  A file refused (see config.c) gives 0 and the command
 * line's options. */
int config_for(cli *c, const char *path, sgft_diag_fn fn, void *data);
/* The detail of message 142 for a configuration file that was refused,
 * or NULL (f NULL, or the file is not refused). */
const char *config_refusal(const config_file *f);
/* Names f (NULL: nothing) to the reporter for the summary, the first
 * time: used, or not used and why.  Main thread. */
void config_note(cli *c, config_file *f);
void config_free(cli *c);

/* main.c: prints the words of text on standard output from column col
 * (after what the caller printed on the line), wrapped at width, every
 * line indented to indent; "\n" starts a new paragraph (an empty line
 * between).  Ends the last line. */
void cli_wrap(const char *text, int col, int indent, int width);

/* explain.c: --explain=N; returns the exit status. */
int explain(cli *c, const char *which);

/* diff.c: prints a unified diff of a (the file as it is) and b (as it
 * would be written), both named name. */
void print_diff(FILE *f, const char *name, const char *a, size_t alen,
                const char *b, size_t blen, bool colour);

/* late.c: the faults of replacements that waited in a group (see
 * sgft_outputs_on_late_fault).  late_start makes c->outs hand them
 * over, late_stop ends that; late_report (main thread, once every
 * status line is out) reports those kept under their files' names, and
 * returns 20 when there were any (else 0). */
void late_start(cli *c);
void late_stop(cli *c);
int late_report(cli *c);

/* durable.c: the threads that put a batch's groups of replacements in
 * place and close the old files while the batch goes on
 * (sgft_outputs_work); durable_stop ends them, once sgft_outputs_sync
 * is done. */
typedef struct durable {
    sgft_outputs *outs;
    pthread_t threads[5];
    unsigned started;
} durable;
void durable_start(durable *d, sgft_outputs *outs);
void durable_stop(durable *d);

/* signals.c: the signals that end the run (SIGINT, SIGTERM, SIGHUP,
 * SIGPIPE, SIGQUIT) remove the temporary files of outs first.  now: the
 * handlers are installed at once (a batch, whose threads make files at
 * any time); else just before the first temporary file of outs is made.
 * A file-size limit is a write fault, not the end of the run.
 * signals_forget: outs is about to be freed, the handlers no longer see
 * it. */
void signals_guard(sgft_outputs *outs, bool now);
void signals_forget(void);
/* signals_defer(true): SIGINT and SIGTERM (the first of them) only mark
 * the run to end, for a batch that looks between its files:
 * signals_stopped gives the signal that came (0: none), signals_resume
 * lets it take its usual course (nothing when none came). */
void signals_defer(bool on);
int signals_stopped(void);
void signals_resume(void);

/* diag_log.c: the diagnostics of a file whose report waits for its turn
 * (--jobs): in memory, moved to an anonymous temporary file when they
 * grow large. */
typedef struct diag_log {
    sgft_buffer mem;
    FILE *file;
    bool failed; /* out of memory, or the temporary file failed */
} diag_log;
void log_diag(diag_log *l, const sgft_diag *d);
/* Prints the diagnostics kept, as those of file, through rep. */
void log_replay(diag_log *l, sgft_reporter *rep, const char *file);
void log_free(diag_log *l);

#endif
