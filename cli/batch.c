/* batch.c - runs of the command: one input (SGFC's form), or a batch
 * of files and folders; their diagnostics through the library's
 * reporter, their exit status, --list-different and --diff (the
 * normalized form made in memory and compared with the file), and the
 * claims that keep the files of a batch's jobs apart (the safety rules
 * of --outdir's paths are outdir.c's). */
#include "config.h"

#include "cli.h"
#include "outdir.h"
#include "walk.h"
#include "../src/hook.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#if defined HAVE_MALLOPT && defined HAVE_MALLOC_H
#include <malloc.h>
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- diagnostics ---------------------------------------------------------- */

/* fatal() of main.c: a diagnostic of the command itself. */
void print_diag(const sgft_diag *d, void *data) {
    cli *c = data;
    progress_clear(&c->prog);
    sgft_reporter_diag(c->rep, c->cur_file, d);
}

/* --- one file ------------------------------------------------------------- */

const char *stdin_shown(const cli *c) {
    return c->stdin_name ? c->stdin_name : "<stdin>";
}

/* One input: from the choice of its options to its report.  A deferred
 * job (--jobs) runs in a worker thread and keeps what it would print
 * (its diagnostics, its standard output) until its turn comes. */
typedef struct job {
    cli *c;
    const char *in;
    char *out;           /* the output path, or NULL */
    char *out_real;      /* --outdir: its real path, or NULL */
    char *out_from;      /* --outdir: outdir_written_from(in, out_real) */
    const char *shown;   /* the name in diagnostics */
    /* A file of a folder walked: read in the folder in_dir (a descriptor
     * of the job's, or -1: by its path) under in_name; written in out_dir
     * (or -1: by its path) under out_name. */
    int in_dir, out_dir;
    const char *in_name, *out_name;
    const sgft_options *opt;
    fail_level fail_on;
    config_file *cfg;    /* the configuration file met, or NULL */
    bool seen[4], seen_critical[4]; /* its messages, by severity */
    bool deferred;
    bool named;          /* a path named to --check, not yet asked what it
                            is: see job_diag */
    bool folder;         /* ... and it is a folder */
    bool oom;
    bool fixed;          /* no run: status says how it ended */
    int status;
    bool different;      /* --list-different, --diff */
    sgft_summary sum;
    diag_log log;        /* deferred: the diagnostics */
    char *text;          /* deferred: the standard output */
    size_t text_len;
    uint64_t cur;        /* bytes read so far (progress) */
    _Atomic uint64_t *reading; /* deferred: the batch's bytes in reading */
    bool has_out_stat;   /* --outdir: the output, looked at in its folder */
    struct stat out_stat;
    /* --report: the offsets of the first faults at a place (warnings and
     * worse), the input as read before the run (when the run may
     * replace it), and the boards of the faults for the page (malloc'd
     * SVG documents, or NULL). */
    uint64_t faults[REPORT_BOARDS_MAX];
    size_t nfaults;
    sgft_buffer before;
    char *boards[REPORT_BOARDS_MAX];
} job;

/* A path named to --check is run as a file without asking first what
 * it is (run_batch): a folder is found when it fails as one, by its
 * read (4, "Is a directory"), its opening (3, when it cannot be read)
 * or its configuration file (120, that of the folder above it).  Then
 * the fault is not the file's: the job says nothing, and hands the
 * folder back to be walked. */
static void job_diag(const sgft_diag *d, void *data) {
    job *j = data;
    if (j->folder)
        return;
    if (j->named && (d->code == 3 || d->code == 4 || d->code == 120)) {
        struct stat st;
        j->named = false;
        if (stat(j->in, &st) == 0 && S_ISDIR(st.st_mode)) {
            j->folder = true;
            return;
        }
    }
    if (j->c->page_path && d->has_pos && d->severity >= SGFT_WARNING &&
        j->nfaults < j->c->page_boards) {
        bool known = false;
        for (size_t i = 0; i < j->nfaults && !known; i++)
            known = j->faults[i] == d->offset;
        if (!known)
            j->faults[j->nfaults++] = d->offset;
    }
    if ((unsigned)d->severity < 4) {
        j->seen[d->severity] = true;
        if (d->critical)
            j->seen_critical[d->severity] = true;
    }
    if (j->deferred) {
        log_diag(&j->log, d);
        return;
    }
    progress_clear(&j->c->prog);
    sgft_reporter_diag(j->c->rep, j->shown, d);
}

/* The thread of the batch that prints (it runs files too, see jobs.c). */
static pthread_t printing_thread;

static void job_progress(void *data, uint64_t bytes) {
    job *j = data;
    if (j->deferred) {
        if (j->reading)
            atomic_fetch_add(j->reading, bytes - j->cur);
        j->cur = bytes;
        if (j->reading && j->c->prog.on &&
            pthread_equal(pthread_self(), printing_thread))
            progress_update(&j->c->prog, atomic_load(j->reading));
    } else {
        progress_update(&j->c->prog, bytes);
    }
}

/* The exit status of the file run, from the messages it had and
 * --fail-on: 20 fatal, 10 errors, 5 warnings, 2 information messages
 * (only with --fail-on=info), 1 not in the normalized form (different,
 * with --list-different and --diff), else 0. */
static int job_status(const job *j) {
    if (j->seen[SGFT_FATAL])
        return 20;
    bool crit = j->fail_on == FAIL_CRITICAL;
    if (j->seen[SGFT_ERROR] &&
        (j->fail_on <= FAIL_ERROR || (crit && j->seen_critical[SGFT_ERROR])))
        return 10;
    if (j->seen[SGFT_WARNING] &&
        (j->fail_on <= FAIL_WARNING ||
         (crit && j->seen_critical[SGFT_WARNING])))
        return 5;
    if (j->seen[SGFT_INFO] && j->fail_on == FAIL_INFO)
        return 2;
    return j->different ? 1 : 0;
}

static void job_begin(job *j, cli *c, const char *in, bool deferred) {
    memset(j, 0, sizeof *j);
    j->c = c;
    j->in = in;
    j->deferred = deferred;
    j->shown = strcmp(in, "-") == 0 ? stdin_shown(c) : in;
    j->in_dir = j->out_dir = -1;
}

/* The last part of path. */
static const char *base_of(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Ends a job without a run: a fatal message about the file (it is not
 * read), through a context with the command line's options. */
static void job_fault(job *j, int code, const char *detail) {
    sgft_ctx *ctx = sgft_ctx_new(j->c->base, job_diag, j);
    if (ctx) {
        sgft_report(ctx, code, detail);
        sgft_ctx_free(ctx);
    }
    memset(&j->sum, 0, sizeof j->sum);
    j->sum.fatal = 1;
    j->fixed = true;
    j->status = 20;
}

/* Chooses the options of the job's file; false after a fault of its
 * configuration file (then the job has ended). */
static bool job_config(job *j) {
    cli *c = j->c;
    const char *shown = j->shown;
    j->shown = j->in; /* a fault is reported under the path as given */
    /* Standard input named by --stdin-filename: the configuration of
     * the folder of its name. */
    int st = config_for(c,
                        strcmp(j->in, "-") == 0 && c->stdin_name
                            ? c->stdin_name
                            : j->in,
                        job_diag, j);
    j->cfg = c->cur_config;
    if (st < 0) {
        memset(&j->sum, 0, sizeof j->sum);
        j->sum.fatal = 1;
        j->fixed = true;
        j->status = 20;
        return false;
    }
    j->shown = shown;
    j->opt = c->opt;
    j->fail_on = c->fail_on;
    return true;
}

/* -i: asks on the terminal, never on standard input, so that a script
 * without a terminal is refused (message 101) instead of blocked. */
static sgft_decision ask_terminal(void *data, const char *prop,
                                  const char *value, unsigned long line,
                                  char *answer, size_t size) {
    job *j = data;
    FILE *tty = j->c->tty;
    sgft_print_name(tty, j->shown);
    fprintf(tty, ":%lu: %s[%s] is not in the FF[4] format.\n"
                 "  k = keep it, d = delete it, or type a new value: ",
            line, prop, value);
    fflush(tty);
    char line_in[512];
    if (!fgets(line_in, sizeof line_in, tty))
        return SGFT_KEEP;
    line_in[strcspn(line_in, "\r\n")] = '\0';
    if (line_in[0] == '\0' || strcmp(line_in, "k") == 0)
        return SGFT_KEEP;
    if (strcmp(line_in, "d") == 0)
        return SGFT_DELETE;
    snprintf(answer, size, "%s", line_in);
    return SGFT_REPLACE;
}

/* --- --list-different and --diff ----------------------------------------- */

/* The input in memory, read with the progress line kept up to date. */
typedef struct mem_in {
    sgft_memory mem;
    job *j;
} mem_in;

static long mem_read(void *data, char *b, size_t cap) {
    mem_in *m = data;
    long n = sgft_memory_read(&m->mem, b, cap);
    job_progress(m->j, m->mem.pos);
    return n;
}

int slurp_fd(int fd, sgft_buffer *b) {
    char chunk[65536];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return 0;
        if (sgft_buffer_write(b, chunk, (size_t)n) < 0)
            return ENOMEM;
    }
}

/* The bytes of path ("-": standard input; dir >= 0: the file name of
 * the folder dir, never through a link) in b, opened as the library
 * opens an input (by the rules of ctx: in a batch, a regular file
 * only); false after a fault, reported through ctx. */
static bool slurp(sgft_ctx *ctx, const char *path, int dir, const char *name,
                  sgft_buffer *b) {
    int fd = dir >= 0 ? sgft_input_open(ctx, dir, name)
             : strcmp(path, "-") == 0 ? STDIN_FILENO
                                      : sgft_input_open(ctx, AT_FDCWD, path);
    if (fd < 0)
        return false; /* message 3 */
    int err = slurp_fd(fd, b);
    if (fd != STDIN_FILENO)
        close(fd);
    if (err == ENOMEM)
        sgft_report(ctx, 5, NULL);
    else if (err)
        sgft_report(ctx, 4, strerror(err));
    return !err;
}

/* Checks the job's input and compares its bytes with the normalized
 * form, which --in-place would write: nothing when a critical message
 * forbids it.  The path or the diff goes to out. */
static bool compare_file(job *j, sgft_ctx *ctx, FILE *out) {
    sgft_buffer inb = {0}, outb = {0};
    bool different = false;
    if (!slurp(ctx, j->in, j->in_dir, j->in_name, &inb))
        goto end;
    mem_in m = {{inb.data ? inb.data : "", inb.len, 0}, j};
    if (sgft_run(ctx, mem_read, &m, sgft_buffer_write, &outb) < 0)
        goto end;
    const sgft_summary *s = sgft_ctx_summary(ctx);
    if (s->fatal || (s->critical && !sgft_options_get(j->opt, SGFT_OPT_WRITE_CRITICAL)))
        goto end;
    different = outb.len != inb.len ||
                (inb.len && memcmp(outb.data, inb.data, inb.len) != 0);
    if (different && j->c->cmp == CMP_LIST) {
        sgft_print_name(out, j->shown);
        fputc('\n', out);
    }
    else if (different)
        print_diff(out, j->shown, inb.data ? inb.data : "", inb.len,
                   outb.data ? outb.data : "", outb.len, j->c->colour_out);
    fflush(out);
end:
    free(inb.data);
    free(outb.data);
    return different;
}

/* --- the boards of the page --------------------------------------------- */

static void no_diag(const sgft_diag *d, void *data) {
    (void)d;
    (void)data;
}

/* The job's input in b, read as the run reads it (a batch: a regular
 * file only); false when it cannot be (the run has said why, or will).
 * Standard input is read once, by the run: no boards. */
static bool read_again(job *j, sgft_buffer *b) {
    if (strcmp(j->in, "-") == 0)
        return false;
    sgft_ctx *ctx = sgft_ctx_new(j->opt, no_diag, NULL);
    if (!ctx)
        return false;
    if (j->c->mode != B_NONE)
        sgft_ctx_set_regular_only(ctx, true);
    int fd = j->in_dir >= 0 ? sgft_input_open(ctx, j->in_dir, j->in_name)
                            : sgft_input_open(ctx, AT_FDCWD, j->in);
    sgft_ctx_free(ctx);
    if (fd < 0)
        return false;
    int err = slurp_fd(fd, b);
    close(fd);
    return !err;
}

/* The board of node of tree with the point of its move (B or W)
 * marked; NULL when there is none (not Go, out of memory) or it is
 * empty (a fault before the first stone: the board says nothing). */
static char *board_of(sgft_ctx *ctx, sgft_tree *tree, sgft_node *node) {
    sgft_svg_options o;
    sgft_svg_options_init(&o);
    sgft_prop *mv = sgft_node_find(node, "B");
    if (!mv)
        mv = sgft_node_find(node, "W");
    sgft_value *v = mv ? sgft_prop_values(mv) : NULL;
    int x, y;
    if (v && sgft_value_point(ctx, v, &x, &y) == 0 && x >= 0 && y >= 0) {
        o.mark_x = x;
        o.mark_y = y;
    }
    char *svg = sgft_board_svg(tree, node, &o);
    if (!svg && errno == EINVAL) {
        /* the move is off the board (a pass as [tt]): no mark */
        sgft_svg_options_init(&o);
        svg = sgft_board_svg(tree, node, &o);
    }
    if (svg && !strstr(svg, " data-color=")) {
        free(svg);
        svg = NULL;
    }
    return svg;
}

/* The boards of the job's faults: its input (as read before the run, or
 * read again) parsed as the run parsed it, each fault's node the last
 * one whose ';' comes before it, in the last tree that begins before
 * it (a later tree draws the board of a fault again). */
static void job_boards(job *j) {
    sgft_buffer b = j->before;
    j->before = (sgft_buffer){0};
    if (!b.data && !read_again(j, &b)) {
        free(b.data);
        return;
    }
    sgft_ctx *ctx = sgft_ctx_new(j->opt, no_diag, NULL);
    sgft_reader *rd = ctx ? sgft_reader_memory(ctx, b.data ? b.data : "",
                                               b.len)
                          : NULL;
    sgft_tree *tree;
    while (rd && sgft_reader_next(rd, &tree) > 0) {
        uint64_t at = sgft_tree_offset(tree);
        for (size_t i = 0; i < j->nfaults; i++) {
            if (j->faults[i] < at)
                continue;
            sgft_node *n = sgft_tree_node_at(tree, j->faults[i]);
            free(j->boards[i]);
            j->boards[i] = n ? board_of(ctx, tree, n) : NULL;
        }
    }
    sgft_reader_free(rd);
    sgft_ctx_free(ctx);
    free(b.data);
}

/* --- one file ------------------------------------------------------------- */

/* Runs the job's input (writes j->out when not NULL); safe in a worker
 * thread when the job is deferred.  kept (NULL: none) holds the
 * thread's context from job to job: the memory a file needs is then
 * taken from the system once a thread, not once a file. */
static void job_run(job *j, void **kept) {
    cli *c = j->c;
    SGFT_HOOK("job", j->in);
    sgft_ctx *ctx = kept ? *kept : NULL;
    if (ctx)
        sgft_ctx_reset(ctx, j->opt, job_diag, j);
    else if (!(ctx = sgft_ctx_new(j->opt, job_diag, j))) {
        j->oom = true;
        return;
    }
    if (kept)
        *kept = ctx;
    sgft_ctx_set_outputs(ctx, c->outs);
    if (c->tty)
        sgft_ctx_set_decider(ctx, ask_terminal, j);
    /* A batch never waits on a FIFO or a device named in it. */
    if (c->mode != B_NONE)
        sgft_ctx_set_regular_only(ctx, true);
    /* Without a progress line, nothing counts the bytes read (the
     * count of a deferred job is shared by the threads). */
    if (c->prog.on)
        sgft_ctx_set_progress(ctx, job_progress, j);
    /* The boards of the page: the input as it was, before the run
     * replaces it. */
    bool boards = c->page_path && c->page_boards;
    if (boards && (j->out || c->mode == B_IN_PLACE) &&
        !read_again(j, &j->before)) {
        free(j->before.data);
        j->before = (sgft_buffer){0};
    }
    if (c->cmp != CMP_NONE) {
        FILE *out = stdout;
        if (j->deferred && !(out = open_memstream(&j->text, &j->text_len))) {
            j->oom = true;
            if (!kept)
                sgft_ctx_free(ctx);
            return;
        }
        j->different = compare_file(j, ctx, out);
        if (out != stdout && fclose(out) != 0)
            j->oom = true;
    } else if (j->in_dir >= 0 || j->out_dir >= 0) {
        sgft_run_file_at(ctx, j->in_dir >= 0 ? j->in_dir : AT_FDCWD,
                         j->in_dir >= 0 ? j->in_name : j->in, j->shown,
                         j->out_dir, j->out_dir >= 0 ? j->out_name : NULL,
                         j->out);
    } else {
        sgft_run_file(ctx, j->in, j->out);
    }
    /* After the run: a path named to --check may turn out a folder. */
    const char *refused = config_refusal(j->cfg);
    if (refused && !j->folder)
        sgft_report(ctx, 142, refused);
    j->sum = *sgft_ctx_summary(ctx);
    if (!kept)
        sgft_ctx_free(ctx);
    if (boards && j->nfaults && !j->folder)
        job_boards(j);
    free(j->before.data);
    j->before = (sgft_buffer){0};
}

/* Prints what the job kept back and its status line; returns its exit
 * status. */
static int job_report(job *j) {
    cli *c = j->c;
    progress_clear(&c->prog);
    if (j->deferred) {
        log_replay(&j->log, c->rep, j->shown);
        if (j->log.failed)
            j->oom = true;
        if (j->text_len) {
            fwrite(j->text, 1, j->text_len, stdout);
            fflush(stdout);
        }
        log_free(&j->log);
        free(j->text);
        j->text = NULL;
    }
    if (j->oom) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    config_note(c, j->cfg);
    for (size_t i = 0; i < j->nfaults; i++) {
        if (j->boards[i])
            sgft_reporter_board(c->rep, j->faults[i], j->boards[i]);
        free(j->boards[i]);
        j->boards[i] = NULL;
    }
    int st = j->fixed ? j->status : job_status(j);
    /* Fails the run by --fail-on (JUnit's <failure>): 1 says only that
     * it is not in the normalized form. */
    sgft_reporter_file(c->rep, j->shown, &j->sum,
                       (j->different ? SGFT_FILE_DIFFERENT : 0) |
                           (st > 1 ? SGFT_FILE_FAILED : SGFT_FILE_PASSED));
    return st;
}

int run_single(cli *c, const char *in, const char *out) {
    struct stat st;
    progress_start(&c->prog, 1,
                   c->prog.on && strcmp(in, "-") != 0 && stat(in, &st) == 0
                       ? (uint64_t)st.st_size
                       : 0);
    job j;
    job_begin(&j, c, in, false);
    j.out = (char *)out;
    if (!job_config(&j))
        return job_report(&j);
    /* SGFC's INFILE OUTFILE: an OUTFILE that holds other games is not
     * written over without --overwrite (guard.c). */
    char *why = NULL;
    int refused =
        out && !c->overwrite
            ? guard_outfile(j.opt, in, out,
                            sgft_options_get(j.opt, SGFT_OPT_SPLIT) != 0, &why)
            : 0;
    if (refused)
        job_fault(&j, refused, why);
    else
        job_run(&j, NULL);
    free(why);
    return job_report(&j);
}

/* --- the batch ------------------------------------------------------------ */

/* What a file of the batch holds from its preparation to its report,
 * that a later file must not use meanwhile: with --outdir the file it
 * writes, by its real path and by device and inode when it exists; with
 * --in-place the file it reads and replaces.  A later file that would
 * use the same waits until the earlier one is reported, and so meets it
 * as one job would: written already, or with its new content. */
typedef struct claim {
    size_t item;
    char *path; /* or NULL */
    bool has_id;
    file_id id;
} claim;

typedef struct batch_run {
    cli *c;
    path_list *list;       /* the paths of the items */
    bool count;            /* files of the progress line */
    bool named;            /* the paths named to --check (see job_diag) */
    path_list *folders;    /* ... those of them that are folders */
    size_t files_named;    /* ... those that are not */
    bool deferred;         /* several jobs: reports wait for their turn */
    bool stop;             /* out of memory: the rest is skipped */
    int worst;
    id_set inputs, outputs; /* --outdir */
    /* --outdir: the real paths of the outputs written (a replacement
     * waiting in its group has the old file's inode until its rename). */
    name_set out_names;
    /* ... each with the input file it was written for ("DEV:INO PATH"):
     * an input named twice finds its output, not another's */
    name_set out_from;
    char *real_dir;
    /* --outdir: the folder of the last output, made, and its real path;
     * the next output in the same folder (the usual case: the files of
     * a folder come together) is not made or resolved again.  Only the
     * batch's own outputs change the output folder meanwhile, and a
     * file renamed into place never replaces a folder or a link to
     * one. */
    char *last_folder, *last_real;
    path_list made; /* the folders made, removed at the end when empty */
    walk_tree tree;   /* the folders walked */
    bool walked;      /* the items are the files of the walk */
    /* --outdir: DIR, opened once; the folders made in it (relative to
     * it); the last output's folder (relative) and its descriptor */
    int out_fd;
    path_list made_in;
    int last_fd;
    claim *claims;
    size_t nclaims, claims_cap;
    _Atomic uint64_t reading; /* bytes read of the files being run */
    pool *pool;               /* the jobs */
} batch_run;

static bool claimed(const batch_run *b, const char *path,
                    const struct stat *st) {
    for (size_t k = 0; k < b->nclaims; k++) {
        const claim *m = &b->claims[k];
        if (path && m->path && strcmp(path, m->path) == 0)
            return true;
        if (st && m->has_id && m->id.dev == st->st_dev &&
            m->id.ino == st->st_ino)
            return true;
    }
    return false;
}

/* Adds a claim of item (path is taken over); false when out of memory. */
static bool claim_add(batch_run *b, size_t item, char *path,
                      const struct stat *st) {
    if (b->nclaims == b->claims_cap) {
        size_t cap = b->claims_cap ? b->claims_cap * 2 : 16;
        claim *v = realloc(b->claims, cap * sizeof *v);
        if (!v) {
            free(path);
            return false;
        }
        b->claims = v;
        b->claims_cap = cap;
    }
    claim *m = &b->claims[b->nclaims++];
    m->item = item;
    m->path = path;
    m->has_id = st != NULL;
    if (st) {
        m->id.dev = st->st_dev;
        m->id.ino = st->st_ino;
    }
    return true;
}

static void claims_release(batch_run *b, size_t item) {
    for (size_t k = 0; k < b->nclaims;) {
        if (b->claims[k].item == item) {
            free(b->claims[k].path);
            b->claims[k] = b->claims[--b->nclaims];
        } else {
            k++;
        }
    }
}

/* parent + "/" + the last part of out. */
static char *join_base(const char *parent, const char *out) {
    const char *base = strrchr(out, '/') + 1;
    size_t a = strlen(parent), n = a + strlen(base) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s%s%s", parent,
                 a && parent[a - 1] == '/' ? "" : "/", base);
    return p;
}

/* The folder of out in DIR (made when missing, with its parents: each
 * from its parent's descriptor, never through a symbolic link), from the
 * batch's memory when it is the last output's folder: a descriptor (the
 * job's), with its real path in *real (the batch's); -1 with errno set
 * (ELOOP: the folder, or one on its way, is a link: *link is the length
 * of out up to it), or *made false when it could not be made. */
static int outdir_folder(batch_run *b, const char *out, const char **real,
                         bool *made, size_t *link) {
    size_t dlen = strlen(b->c->outdir);
    while (dlen > 1 && b->c->outdir[dlen - 1] == '/')
        dlen--;
    const char *rel = out + dlen + (out[dlen] == '/');
    const char *slash = strrchr(out, '/');
    size_t rlen = slash && slash >= rel ? (size_t)(slash - rel) : 0;
    *made = true;
    if (b->last_folder && strlen(b->last_folder) == rlen &&
        strncmp(b->last_folder, rel, rlen) == 0) {
        *real = b->last_real;
        return fcntl(b->last_fd, F_DUPFD, 0);
    }
    free(b->last_folder);
    free(b->last_real);
    b->last_folder = b->last_real = NULL;
    if (b->last_fd >= 0)
        close(b->last_fd);
    b->last_fd = -1;
    char *r = strndup(rel, rlen);
    if (!r)
        return -1;
    size_t at = 0;
    int fd = open_below(b->out_fd, r, &b->made_in, &at);
    int e = errno;
    if (fd < 0) {
        free(r);
        *made = e == ELOOP;
        *link = (size_t)(rel - out) + at;
        errno = e;
        return -1;
    }
    size_t n = strlen(b->real_dir) + rlen + 2;
    b->last_real = malloc(n);
    if (!b->last_real) {
        free(r);
        close(fd);
        errno = ENOMEM;
        return -1;
    }
    snprintf(b->last_real, n, "%s%s%s",
             strcmp(b->real_dir, "/") == 0 && rlen ? "" : b->real_dir,
             rlen ? "/" : "", r);
    b->last_folder = r;
    b->last_fd = fd;
    *real = b->last_real;
    return fcntl(fd, F_DUPFD, 0);
}

/* --outdir: the output of item i, checked; POOL_RUN, or POOL_READY after
 * a fault (the job has ended), or POOL_AFTER_EARLIER. */
static pool_step prepare_outdir(batch_run *b, size_t i, job *j) {
    char *out = outdir_path(b->c->outdir, j->in);
    if (!out)
        return b->stop = true, POOL_READY;
    outdir_sgf_name(out);
    char why[PATH_MAX * 2 + 100];
    out_facts f;
    memset(&f, 0, sizeof f);
    bool made;
    size_t link = 0;
    int dir = outdir_folder(b, out, &f.parent, &made, &link);
    f.parent_err = errno;
    if (!made) {
        snprintf(why, sizeof why, "cannot create the folder of %s: %s", out,
                 strerror(f.parent_err));
        job_fault(j, 26, why);
        free(out);
        return POOL_READY;
    }
    if (dir < 0 && f.parent_err == ELOOP) {
        /* Nothing is made through it. */
        snprintf(why, sizeof why,
                 "%s: its folder %.*s is a symbolic link, which is never "
                 "followed under the output folder",
                 out, (int)link, out);
        job_fault(j, 106, why);
        free(out);
        return POOL_READY;
    }
    if (dir < 0)
        f.parent = NULL;
    if (dir >= 0 && fstatat(dir, base_of(out), &f.st, AT_SYMLINK_NOFOLLOW) == 0) {
        f.link = S_ISLNK(f.st.st_mode);
        f.exists = !f.link || stat(out, &f.st) == 0;
    }
    char *key = NULL;
    if (f.parent)
        key = f.link ? realpath(out, NULL) : join_base(f.parent, out);
    char *from = key ? outdir_written_from(j->in, key) : NULL;
    bool again = from && name_has(&b->out_from, from);
    const char *refused = outdir_refusal(b->real_dir, out, &f, &b->inputs,
                                         b->inputs.n,
                                         again ? NULL : &b->outputs, why,
                                         sizeof why);
    if (!refused && key && !again && name_has(&b->out_names, key)) {
        snprintf(why, sizeof why, "%s: written already for another input file",
                 out);
        refused = why;
    }
    /* A link may lead where an earlier output is being written: it is
     * followed once those are done. */
    if (b->nclaims && (f.link || claimed(b, key, f.exists ? &f.st : NULL))) {
        free(from);
        free(key);
        free(out);
        if (dir >= 0)
            close(dir);
        return POOL_AFTER_EARLIER;
    }
    if (refused) {
        job_fault(j, 106, refused);
        free(from);
        free(key);
        free(out);
        if (dir >= 0)
            close(dir);
        return POOL_READY;
    }
    if (b->deferred && !claim_add(b, i, key, f.exists ? &f.st : NULL)) {
        free(from);
        free(out);
        if (dir >= 0)
            close(dir);
        return b->stop = true, POOL_READY;
    }
    j->out_dir = dir;
    j->out_name = base_of(out);
    j->out_real = key && b->deferred ? strdup(key) : key;
    j->out_from = from;
    j->out = out;
    return POOL_RUN;
}

static pool_step prepare(batch_run *b, size_t i, job *j);

/* A job that waits for an earlier one is prepared again later: it
 * keeps no descriptor meanwhile. */
static pool_step batch_prepare(void *arg, size_t i, void *slot) {
    job *j = slot;
    pool_step r = prepare(arg, i, j);
    if (r == POOL_AFTER_EARLIER) {
        if (j->out_dir >= 0 && j->out_dir != j->in_dir)
            close(j->out_dir);
        if (j->in_dir >= 0)
            close(j->in_dir);
        j->in_dir = j->out_dir = -1;
    }
    return r;
}

static pool_step prepare(batch_run *b, size_t i, job *j) {
    cli *c = b->c;
    cli_check_interrupt(c); /* between two files */
    job_begin(j, c, b->list->v[i], b->deferred);
    j->named = b->named;
    j->reading = c->prog.on ? &b->reading : NULL;
    if (b->stop)
        return POOL_READY;
    if (b->walked && b->tree.folder_of[i] != WALK_NONE) {
        /* A file of a folder walked: its folder opened again from the
         * folder given, as walked, and the file read and written in it. */
        int why;
        size_t where;
        j->in_dir = walk_open(&b->tree, b->tree.folder_of[i], &why, &where);
        j->in_name = base_of(j->in);
        if (j->in_dir < 0) {
            const char *dpath = b->tree.v[where].path;
            char *msg = NULL;
            size_t n = strlen(dpath) + 200;
            if ((msg = malloc(n))) {
                if (why == WALK_LINK)
                    snprintf(msg, n, "the folder %s was replaced by a symbolic "
                                     "link after it was walked: not read",
                             dpath);
                else if (why == WALK_OTHER)
                    snprintf(msg, n, "the folder %s is not the one walked "
                                     "(it was replaced after the walk): not "
                                     "read", dpath);
                else
                    snprintf(msg, n, "the folder %s: %s", dpath, strerror(why));
            }
            job_fault(j, 3, msg ? msg : dpath);
            free(msg);
            return POOL_READY;
        }
    }
    if (b->count && c->mode == B_IN_PLACE) {
        /* Only jobs side by side claim their files. */
        struct stat st;
        bool exists = b->deferred &&
                      (j->in_dir >= 0
                           ? fstatat(j->in_dir, j->in_name, &st, 0)
                           : stat(j->in, &st)) == 0;
        j->out_dir = j->in_dir;
        j->out_name = j->in_name;
        if (exists && claimed(b, NULL, &st))
            return POOL_AFTER_EARLIER;
        if (!(j->out = strdup(j->in)) ||
            (b->deferred && exists && !claim_add(b, i, NULL, &st)))
            return b->stop = true, POOL_READY;
    } else if (b->count && c->mode == B_OUTDIR && strcmp(j->in, "-") == 0) {
        /* Standard input has no path to take under DIR: as with
         * --in-place, its normalized form goes to standard output. */
        if (!(j->out = strdup("-")))
            return b->stop = true, POOL_READY;
    } else if (b->count && c->mode == B_OUTDIR) {
        pool_step r = prepare_outdir(b, i, j);
        if (r != POOL_RUN)
            return r;
    }
    return job_config(j) ? POOL_RUN : POOL_READY;
}

static void batch_work(void *arg, size_t i, void *slot, void **local) {
    (void)arg;
    (void)i;
    job_run(slot, local);
}

static void drop_context(void *ctx) { sgft_ctx_free(ctx); }

static void batch_finish(void *arg, size_t i, void *slot) {
    batch_run *b = arg;
    job *j = slot;
    cli *c = b->c;
    if (j->out_dir >= 0 && j->out_dir != j->in_dir && c->mode == B_OUTDIR &&
        j->out && j->out_name) {
        struct stat st;
        if (fstatat(j->out_dir, j->out_name, &st, 0) == 0)
            j->out_stat = st, j->has_out_stat = true;
    }
    if (j->out_dir >= 0 && j->out_dir != j->in_dir)
        close(j->out_dir);
    if (j->in_dir >= 0)
        close(j->in_dir);
    j->in_dir = j->out_dir = -1;
    if (b->stop && !j->fixed && !j->opt) {
        free(j->out); /* skipped */
        free(j->out_real);
        claims_release(b, i);
        return;
    }
    if (j->folder) {
        log_free(&j->log);
        free(j->text);
        if (paths_push(b->folders, (char *)j->in) < 0)
            b->stop = true;
        return;
    }
    b->files_named += b->named;
    int rc = job_report(j);
    b->worst = rc > b->worst ? rc : b->worst;
    cli_check_interrupt(c); /* the file is reported: the next is not */
    if (j->reading)
        atomic_fetch_sub(j->reading, j->cur);
    struct stat st;
    if (b->count && c->prog.on)
        progress_file_done(&c->prog, stat(j->in, &st) == 0 && S_ISREG(st.st_mode)
                                         ? (uint64_t)st.st_size
                                         : 0);
    if (c->mode == B_OUTDIR && j->out &&
        (j->has_out_stat ? (st = j->out_stat, 0) : stat(j->out, &st)) == 0) {
        /* The sets take the names (and free those they have). */
        char *from = j->out_from;
        j->out_from = NULL;
        bool ok = id_add(&b->outputs, &st);
        ok = (from ? name_add(&b->out_from, from) : true) && ok;
        ok = (j->out_real ? name_add(&b->out_names, j->out_real) : true) && ok;
        if (!ok)
            b->stop = true;
        j->out_real = NULL;
    }
    claims_release(b, i);
    free(j->out_real);
    free(j->out_from);
    free(j->out);
}

static void batch_idle(void *arg) {
    batch_run *b = arg;
    progress_update(&b->c->prog, atomic_load(&b->reading));
}

/* The diagnostic of a folder that cannot be read: counted as a folder
 * by the reporter, not as a file. */
static void folder_diag(const sgft_diag *d, void *data) {
    cli *c = data;
    progress_clear(&c->prog);
    sgft_reporter_folder(c->rep, c->cur_file, d);
}

int report_unread_folder(cli *c, const char *path) {
    /* The walk found it a folder and could not open it: asked again for
     * the reason (it may differ from the walk's, should the folder have
     * changed meanwhile; then this is the one that holds). */
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOCTTY | O_NONBLOCK);
    int e = fd < 0 ? errno : 0;
    if (fd >= 0)
        close(fd);
    char detail[300];
    size_t len = strlen(path);
    if (e == ENAMETOOLONG && len >= PATH_MAX)
        snprintf(detail, sizeof detail,
                 "its path of %zu bytes is longer than the system allows "
                 "(PATH_MAX, %d bytes): %s; its files are not checked",
                 len, PATH_MAX, strerror(e));
    else
        snprintf(detail, sizeof detail, "%s; its files are not checked",
                 e ? strerror(e) : "it could not be listed");
    const char *was = c->cur_file;
    c->cur_file = path;
    sgft_ctx *ctx = sgft_ctx_new(c->base, folder_diag, c);
    if (ctx)
        sgft_report(ctx, 143, detail);
    else
        fprintf(stderr, "sgftidy: out of memory\n");
    sgft_ctx_free(ctx);
    c->cur_file = was;
    return 20;
}

/* In a batch, the memory a file freed stays with the process for the
 * next one: by default the C library gives the top of the heap back to
 * the system after nearly every file, and takes it again for the next, a
 * system call and fresh zeroed pages each time.  The heap also grows by
 * a megabyte at a time (pages cost nothing until they are used).  One
 * file needs neither. */
void keep_freed_memory(void) {
#if defined HAVE_MALLOPT && defined HAVE_MALLOC_H && defined M_TRIM_THRESHOLD
    (void)mallopt(M_TRIM_THRESHOLD, 8 << 20);
#endif
#if defined HAVE_MALLOPT && defined HAVE_MALLOC_H && defined M_TOP_PAD
    (void)mallopt(M_TOP_PAD, 1 << 20);
#endif
}

/* Batch mode: every file of the paths; the worst status wins. */
/* --output-file and --report may not be a file the walk found either
 * (main.c looks at the paths named): only those of the report's name
 * are looked at. */
static void report_not_walked(cli *c, const path_list *files) {
    const char *opts[] = {"--output-file", "--report"};
    const char *paths[] = {c->report_path, c->page_path};
    for (int k = 0; k < 2; k++) {
        const char *r = paths[k];
        struct stat rs, fs;
        if (!r || strcmp(r, "-") == 0 || stat(r, &rs) != 0)
            continue;
        const char *base = strrchr(r, '/') ? strrchr(r, '/') + 1 : r;
        for (size_t i = 0; i < files->n; i++) {
            const char *f = files->v[i];
            const char *fb = strrchr(f, '/') ? strrchr(f, '/') + 1 : f;
            if (strcmp(fb, base) == 0 && stat(f, &fs) == 0 &&
                fs.st_dev == rs.st_dev && fs.st_ino == rs.st_ino)
                cli_refuse_report(c, opts[k], r, f);
        }
    }
}

int run_batch(cli *c) {
    path_list files = {0}, failed = {0}, folders = {0};
    batch_run b;
    memset(&b, 0, sizeof b);
    durable dur = {0};
    keep_freed_memory();
    printing_thread = pthread_self();
    b.c = c;
    b.out_fd = b.last_fd = -1;
    /* Standard input and questions on the terminal are for one job.
     * The workers start now, before the paths are listed (where they are). */
    unsigned jobs = c->jobs ? c->jobs : 1;
    bool stdin_named = false;
    for (size_t i = 0; i < c->nfiles; i++)
        if (strcmp(c->files[i], "-") == 0)
            stdin_named = true;
    if (stdin_named || c->tty)
        jobs = 1;
    if (!(b.pool = pool_new(jobs)))
        goto oom;
    /* Files synced in groups, not one by one (sgftidy(1), FILES): their
     * groups put in place, and the old files closed, by threads of their
     * own. */
    if (c->mode != B_CHECK) {
        late_start(c);
        durable_start(&dur, c->outs);
    }
    pool_ops ops = {&b, batch_prepare, batch_work, batch_finish,
                    c->prog.on ? batch_idle : NULL, drop_context};
    /* --check runs the paths named as files at once, in parallel: what
     * each one is, is not asked of the file system beforehand, one path
     * after the other, while the workers wait.  Those that turn out to
     * be folders (see job_diag) are walked afterwards, which is where
     * their files come anyway.  A progress line, which counts the files
     * and their bytes first, and the other modes, which decide on their
     * outputs, list every path first. */
    b.tree.exts = c->exts                 ? c->exts
                  : c->mode == B_IN_PLACE ? IN_PLACE_EXTS
                                          : RECORD_EXTS;
    b.tree.excludes = c->excludes;
    b.tree.nexcludes = c->nexcludes;
    if (c->mode == B_CHECK && !c->prog.on && !stdin_named) {
        path_list named = {c->files, c->nfiles, c->nfiles, NULL};
        b.named = true;
        b.folders = &folders;
        b.list = &named;
        b.count = true;
        b.deferred = jobs > 1 && named.n > 1;
        if (pool_run(b.pool, named.n, sizeof(job), &ops) < 0 || b.stop)
            goto oom;
        b.named = false;
        b.count = false;
        if (walk_paths(folders.v, folders.n, c->recursive, NULL, 0, &files,
                       &failed, &b.tree) < 0)
            goto oom;
    } else {
        /* --outdir inside a folder walked: its outputs are not inputs,
         * nor are those of a folder given, which may be inside it too
         * (--outdir=in -R in writes in/in). */
        struct stat *od = NULL;
        size_t nod = 0;
        if (c->mode == B_OUTDIR && c->recursive &&
            !(od = outdir_skips(c->outdir, c->files, (size_t)c->nfiles, &nod)))
            goto oom;
        int w = walk_paths(c->files, (size_t)c->nfiles, c->recursive, od, nod,
                           &files, &failed, &b.tree);
        free(od);
        if (w < 0)
            goto oom;
    }
    SGFT_HOOK("walked", c->nfiles ? c->files[0] : "");
    cli_check_interrupt(c);
    report_not_walked(c, &files);
    sgft_reporter_links(c->rep, b.tree.link_files, b.tree.link_folders);
    if (!b.files_named && !files.n && !failed.n) {
        /* A notice of the report (a line of text, unless -q; a record
         * or a notification of the machine formats, whose document stays
         * whole). */
        char note[300];
        snprintf(note, sizeof note, "no game records (%s) in the paths given%s",
                 b.tree.exts, c->recursive ? "" : " (-R takes subfolders too)");
        sgft_reporter_notice(c->rep, note);
    }
    if (c->prog.on) {
        uint64_t bytes = 0;
        for (size_t i = 0; i < files.n; i++) {
            struct stat st;
            if (stat(files.v[i], &st) == 0 && S_ISREG(st.st_mode))
                bytes += (uint64_t)st.st_size;
        }
        progress_start(&c->prog, files.n, bytes);
    }
    /* The folders that cannot be read: message 143, each counted as a
     * folder, not as a file. */
    for (size_t i = 0; i < failed.n; i++)
        b.worst = report_unread_folder(c, failed.v[i]);
    /* DIR is made for a file to write into it (standard input's goes to
     * standard output). */
    bool into_dir = false;
    for (size_t i = 0; c->mode == B_OUTDIR && i < files.n && !into_dir; i++)
        into_dir = strcmp(files.v[i], "-") != 0;
    if (into_dir) {
        if (make_parents(c->outdir, &b.made) < 0 || make_folder(c->outdir, &b.made) < 0 ||
            !(b.real_dir = realpath(c->outdir, NULL)) ||
            (b.out_fd = open(c->outdir, O_RDONLY | O_DIRECTORY | O_NOCTTY)) < 0) {
            char detail[PATH_MAX + 200];
            snprintf(detail, sizeof detail, "cannot create the folder %s: %s",
                     c->outdir, strerror(errno));
            job j;
            job_begin(&j, c, "sgftidy", false);
            job_fault(&j, 26, detail);
            b.worst = job_report(&j);
            goto end;
        }
        for (size_t i = 0; i < files.n; i++) {
            struct stat st;
            if (stat(files.v[i], &st) == 0 && !id_add(&b.inputs, &st))
                goto oom;
        }
        id_sort(&b.inputs);
    }
    b.deferred = jobs > 1 && files.n > 1;
    b.list = &files;
    b.count = true;
    b.walked = true;
    if (pool_run(b.pool, files.n, sizeof(job), &ops) < 0 || b.stop)
        goto oom;
end:
    cli_check_interrupt(c);
    if (c->mode != B_CHECK) {
        c->cur_file = "sgftidy";
        sgft_ctx *ctx = sgft_ctx_new(c->base, print_diag, c);
        if (!ctx || sgft_outputs_sync(c->outs, ctx) < 0) {
            sgft_summary fault = {0};
            fault.fatal = 1;
            sgft_reporter_file(c->rep, c->cur_file, &fault, 0);
            b.worst = 20;
        }
        sgft_ctx_free(ctx);
        /* Every file's status line is out: the faults of those that
         * waited in a group (none may be held back any more). */
        int late = late_report(c);
        b.worst = late > b.worst ? late : b.worst;
        late_stop(c);
        durable_stop(&dur);
    }
    progress_clear(&c->prog);
    pool_free(b.pool);
    paths_free(&files);
    paths_free(&failed);
    paths_free(&folders);
    if (b.last_fd >= 0)
        close(b.last_fd);
    remove_empty_folders_at(b.out_fd, &b.made_in);
    paths_free(&b.made_in);
    if (b.out_fd >= 0)
        close(b.out_fd);
    walk_free(&b.tree);
    remove_empty_folders(&b.made);
    paths_free(&b.made);
    free(b.inputs.v);
    free(b.outputs.v);
    name_free(&b.out_names);
    name_free(&b.out_from);
    free(b.real_dir);
    free(b.last_folder);
    free(b.last_real);
    for (size_t k = 0; k < b.nclaims; k++)
        free(b.claims[k].path);
    free(b.claims);
    return b.worst;
oom:
    fprintf(stderr, "sgftidy: out of memory\n");
    b.worst = 20;
    goto end;
}
