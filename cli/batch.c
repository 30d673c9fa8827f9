/* batch.c - runs of the command: one input (SGFC's form), or a batch
 * of files and folders; their diagnostics through the library's
 * reporter, their exit status, --list-different and --diff (the
 * normalized form made in memory and compared with the file), and the
 * safety rules of --outdir. */
#include "cli.h"
#include "walk.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- diagnostics ---------------------------------------------------------- */

void print_diag(const sgft_diag *d, void *data) {
    cli *c = data;
    if ((unsigned)d->severity < 4) {
        c->seen[d->severity] = true;
        if (d->critical)
            c->seen_critical[d->severity] = true;
    }
    progress_clear(&c->prog);
    sgft_reporter_diag(c->rep, c->cur_file, d);
}

/* The exit status of the file just run, from the messages it had and
 * --fail-on: 20 fatal, 10 errors, 5 warnings, 2 information messages
 * (only with --fail-on=info), 1 not in the normalized form (different,
 * with --list-different and --diff), else 0. */
int file_status(const cli *c, bool different) {
    if (c->seen[SGFT_FATAL])
        return 20;
    bool crit = c->fail_on == FAIL_CRITICAL;
    if (c->seen[SGFT_ERROR] &&
        (c->fail_on <= FAIL_ERROR || (crit && c->seen_critical[SGFT_ERROR])))
        return 10;
    if (c->seen[SGFT_WARNING] &&
        (c->fail_on <= FAIL_WARNING ||
         (crit && c->seen_critical[SGFT_WARNING])))
        return 5;
    if (c->seen[SGFT_INFO] && c->fail_on == FAIL_INFO)
        return 2;
    return different ? 1 : 0;
}

static void begin_file(cli *c, const char *name) {
    memset(c->seen, 0, sizeof c->seen);
    memset(c->seen_critical, 0, sizeof c->seen_critical);
    c->cur_file = strcmp(name, "-") == 0 ? "<stdin>" : name;
}

/* -i: asks on the terminal, never on standard input, so that a script
 * without a terminal is refused (message 101) instead of blocked. */
static sgft_decision ask_terminal(void *data, const char *prop,
                                  const char *value, unsigned long line,
                                  char *answer, size_t size) {
    cli *c = data;
    fprintf(c->tty, "%s:%lu: %s[%s] is not in the FF[4] format.\n"
                    "  k = keep it, d = delete it, or type a new value: ",
            c->cur_file, line, prop, value);
    fflush(c->tty);
    char line_in[512];
    if (!fgets(line_in, sizeof line_in, c->tty))
        return SGFT_KEEP;
    line_in[strcspn(line_in, "\r\n")] = '\0';
    if (line_in[0] == '\0' || strcmp(line_in, "k") == 0)
        return SGFT_KEEP;
    if (strcmp(line_in, "d") == 0)
        return SGFT_DELETE;
    snprintf(answer, size, "%s", line_in);
    return SGFT_REPLACE;
}


static void on_progress(void *data, uint64_t bytes) {
    progress_update(data, bytes);
}

/* --- --list-different and --diff ----------------------------------------- */

/* The input in memory, read with the progress line kept up to date. */
typedef struct mem_in {
    sgft_memory mem;
    progress *prog;
} mem_in;

static long mem_read(void *data, char *b, size_t cap) {
    mem_in *m = data;
    long n = sgft_memory_read(&m->mem, b, cap);
    progress_update(m->prog, m->mem.pos);
    return n;
}

/* The bytes of path ("-": standard input) in b; 0, or the errno. */
static int slurp(const char *path, sgft_buffer *b) {
    int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_NOCTTY);
    if (fd < 0)
        return errno ? errno : EIO;
    char chunk[65536];
    int err = 0;
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            err = errno;
            break;
        }
        if (n == 0)
            break;
        if (sgft_buffer_write(b, chunk, (size_t)n) < 0) {
            err = ENOMEM;
            break;
        }
    }
    if (fd != STDIN_FILENO)
        close(fd);
    return err;
}

/* Checks in and compares its bytes with the normalized form, which
 * --in-place would write: nothing when a critical message forbids it. */
static bool compare_file(cli *c, sgft_ctx *ctx, const char *in) {
    sgft_buffer inb = {0}, outb = {0};
    int err = slurp(in, &inb);
    bool different = false;
    if (err) {
        sgft_report(ctx, err == EISDIR ? 4 : errno == ENOMEM ? 5 : 3,
                    strerror(err));
        goto end;
    }
    mem_in m = {{inb.data ? inb.data : "", inb.len, 0}, &c->prog};
    if (sgft_run(ctx, mem_read, &m, sgft_buffer_write, &outb) < 0)
        goto end;
    const sgft_summary *s = sgft_ctx_summary(ctx);
    if (s->fatal || (s->critical && !sgft_options_get(c->opt, SGFT_OPT_WRITE_CRITICAL)))
        goto end;
    different = outb.len != inb.len ||
                (inb.len && memcmp(outb.data, inb.data, inb.len) != 0);
    if (different && c->cmp == CMP_LIST)
        printf("%s\n", c->cur_file);
    else if (different)
        print_diff(stdout, c->cur_file, inb.data ? inb.data : "", inb.len,
                   outb.data ? outb.data : "", outb.len, c->colour_out);
    fflush(stdout);
end:
    free(inb.data);
    free(outb.data);
    return different;
}

/* --- one file ------------------------------------------------------------- */

/* Runs one input (writes out when not NULL); returns its exit status. */
static int run_one(cli *c, const char *in, const char *out) {
    begin_file(c, in);
    sgft_summary fault = {0};
    fault.fatal = 1;
    if (config_for(c, in) < 0) {
        sgft_reporter_file(c->rep, c->cur_file, &fault, 0);
        return 20;
    }
    sgft_ctx *ctx = sgft_ctx_new(c->opt, print_diag, c);
    if (!ctx) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    if (c->tty)
        sgft_ctx_set_decider(ctx, ask_terminal, c);
    sgft_ctx_set_progress(ctx, on_progress, &c->prog);
    bool different = false;
    if (c->cmp != CMP_NONE)
        different = compare_file(c, ctx, in);
    else
        sgft_run_file(ctx, in, out);
    progress_clear(&c->prog);
    sgft_reporter_file(c->rep, c->cur_file, sgft_ctx_summary(ctx),
                       different ? SGFT_FILE_DIFFERENT : 0);
    sgft_ctx_free(ctx);
    return file_status(c, different);
}

int run_single(cli *c, const char *in, const char *out) {
    struct stat st;
    progress_start(&c->prog, 1,
                   strcmp(in, "-") != 0 && stat(in, &st) == 0 ? (uint64_t)st.st_size : 0);
    return run_one(c, in, out);
}

/* Reports a fatal message about one file of a batch (the file is not
 * read); returns 20. */
static int file_fault(cli *c, const char *in, int code, const char *detail) {
    begin_file(c, in);
    sgft_ctx *ctx = sgft_ctx_new(c->base, print_diag, c);
    if (ctx) {
        sgft_report(ctx, code, detail);
        sgft_ctx_free(ctx);
    }
    sgft_summary fault = {0};
    fault.fatal = 1;
    sgft_reporter_file(c->rep, c->cur_file, &fault, 0);
    return 20;
}

/* --- --outdir: every output inside DIR, none over an input -------------- */

/* A file by its device and inode. */
typedef struct file_id {
    dev_t dev;
    ino_t ino;
} file_id;

typedef struct id_set {
    file_id *v;
    size_t n, cap;
} id_set;

static int id_cmp(const void *a, const void *b) {
    const file_id *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

static bool id_add(id_set *s, const struct stat *st) {
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        file_id *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return false;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n].dev = st->st_dev;
    s->v[s->n].ino = st->st_ino;
    s->n++;
    return true;
}

static bool id_has(const id_set *s, const struct stat *st, size_t sorted) {
    file_id k = {st->st_dev, st->st_ino};
    if (sorted && bsearch(&k, s->v, sorted, sizeof k, id_cmp))
        return true;
    for (size_t i = sorted; i < s->n; i++)
        if (id_cmp(&k, &s->v[i]) == 0)
            return true;
    return false;
}

/* DIR/PATH with PATH made relative and plain: "/" at the start, "." and
 * empty parts dropped, "name/.." taken back, and a ".." that would climb
 * out of DIR dropped ("../x.sgf" and "/a/x.sgf" become DIR/x.sgf and
 * DIR/a/x.sgf). */
static char *outdir_path(const char *dir, const char *in) {
    size_t dlen = strlen(dir);
    while (dlen > 1 && dir[dlen - 1] == '/')
        dlen--;
    size_t n = dlen + strlen(in) + 2;
    char *out = malloc(n);
    if (!out)
        return NULL;
    memcpy(out, dir, dlen);
    size_t base = dlen, len = dlen;
    const char *p = in;
    while (*p) {
        size_t part = strcspn(p, "/");
        if ((part == 1 && p[0] == '.') || part == 0) {
            /* nothing */
        } else if (part == 2 && p[0] == '.' && p[1] == '.') {
            while (len > base && out[len - 1] != '/')
                len--;
            if (len > base)
                len--; /* the '/' before the part taken back */
        } else {
            out[len++] = '/';
            memcpy(out + len, p, part);
            len += part;
        }
        p += part;
        while (*p == '/')
            p++;
    }
    out[len] = '\0';
    return out;
}

/* Whether path is real_dir or below it (both without "." or ".."). */
static bool inside(const char *real_dir, const char *path) {
    size_t n = strlen(real_dir);
    if (n == 1 && real_dir[0] == '/')
        return true;
    return strncmp(path, real_dir, n) == 0 && (path[n] == '/' || !path[n]);
}

/* Checks an output path of --outdir; returns NULL when it is safe, or
 * why not (in why). */
static const char *outdir_refusal(const char *real_dir, const char *out,
                                  const id_set *inputs, size_t sorted,
                                  const id_set *outputs, char *why,
                                  size_t size) {
    char *slash = strrchr(out, '/');
    *slash = '\0';
    char *parent = realpath(out, NULL);
    *slash = '/';
    if (!parent) {
        snprintf(why, size, "%s: %s", out, strerror(errno));
        return why;
    }
    bool ok = inside(real_dir, parent);
    free(parent);
    if (!ok) {
        snprintf(why, size, "%s: its folder is outside the output folder "
                            "(a symbolic link)", out);
        return why;
    }
    struct stat st;
    if (stat(out, &st) < 0) {
        if (lstat(out, &st) == 0 && S_ISLNK(st.st_mode)) {
            snprintf(why, size, "%s: a symbolic link to a missing file", out);
            return why;
        }
        return NULL; /* a new file */
    }
    char *real = realpath(out, NULL);
    ok = real && inside(real_dir, real);
    free(real);
    if (!ok) {
        snprintf(why, size, "%s: a symbolic link out of the output folder",
                 out);
        return why;
    }
    if (id_has(inputs, &st, sorted)) {
        snprintf(why, size, "%s: it is one of the input files", out);
        return why;
    }
    if (id_has(outputs, &st, 0)) {
        snprintf(why, size, "%s: written already for another input file",
                 out);
        return why;
    }
    return NULL;
}

/* Batch mode: every file of the paths; the worst status wins. */
int run_batch(cli *c) {
    path_list files = {0}, failed = {0};
    id_set inputs = {0}, outputs = {0};
    char *real_dir = NULL;
    int worst = 0;
    if (walk_paths(c->files, (size_t)c->nfiles, c->recursive, &files,
                   &failed) < 0)
        goto oom;
    if (!files.n && !failed.n && !c->quiet)
        fprintf(stderr, "sgftidy: no .sgf files in the paths given%s\n",
                c->recursive ? "" : " (-R takes subfolders too)");
    /* Files synced in groups, not one by one (sgftidy(1), FILES). */
    sgft_outputs_batch(c->mode != B_CHECK);
    if (c->prog.on) {
        uint64_t bytes = 0;
        for (size_t i = 0; i < files.n; i++) {
            struct stat st;
            if (stat(files.v[i], &st) == 0 && S_ISREG(st.st_mode))
                bytes += (uint64_t)st.st_size;
        }
        progress_start(&c->prog, files.n, bytes);
    }
    for (size_t i = 0; i < failed.n; i++) {
        int rc = run_one(c, failed.v[i], NULL); /* reports message 4 */
        worst = rc > worst ? rc : worst;
    }
    if (c->mode == B_OUTDIR && files.n) {
        if (make_parents(c->outdir) < 0 ||
            (mkdir(c->outdir, 0777) < 0 && errno != EEXIST) ||
            !(real_dir = realpath(c->outdir, NULL))) {
            char detail[PATH_MAX + 200];
            snprintf(detail, sizeof detail, "cannot create the folder %s: %s",
                     c->outdir, strerror(errno));
            worst = file_fault(c, "sgftidy", 26, detail);
            goto end;
        }
        for (size_t i = 0; i < files.n; i++) {
            struct stat st;
            if (stat(files.v[i], &st) == 0 && !id_add(&inputs, &st))
                goto oom;
        }
        qsort(inputs.v, inputs.n, sizeof *inputs.v, id_cmp);
    }
    for (size_t i = 0; i < files.n; i++) {
        const char *in = files.v[i];
        char *out = NULL;
        if (c->mode == B_IN_PLACE) {
            out = strdup(in);
        } else if (c->mode == B_OUTDIR) {
            out = outdir_path(c->outdir, in);
            char why[PATH_MAX * 2 + 100];
            const char *refused = NULL;
            int code = 106;
            if (out && make_parents(out) < 0) {
                snprintf(why, sizeof why, "cannot create the folder of %s: %s",
                         out, strerror(errno));
                refused = why;
                code = 26;
            } else if (out) {
                refused = outdir_refusal(real_dir, out, &inputs, inputs.n,
                                         &outputs, why, sizeof why);
            }
            if (refused) {
                int rc = file_fault(c, in, code, refused);
                worst = rc > worst ? rc : worst;
                free(out);
                continue;
            }
        }
        if (c->mode != B_CHECK && !out)
            goto oom;
        int rc = run_one(c, in, out);
        worst = rc > worst ? rc : worst;
        if (c->prog.on) {
            struct stat st;
            progress_file_done(&c->prog, stat(in, &st) == 0 && S_ISREG(st.st_mode)
                                             ? (uint64_t)st.st_size
                                             : 0);
        }
        struct stat st;
        if (c->mode == B_OUTDIR && stat(out, &st) == 0 &&
            !id_add(&outputs, &st)) {
            free(out);
            goto oom;
        }
        free(out);
    }
end:
    if (c->mode != B_CHECK) {
        begin_file(c, "sgftidy");
        sgft_ctx *ctx = sgft_ctx_new(c->base, print_diag, c);
        if (!ctx || sgft_outputs_sync(ctx) < 0) {
            sgft_summary fault = {0};
            fault.fatal = 1;
            sgft_reporter_file(c->rep, c->cur_file, &fault, 0);
            worst = 20;
        }
        sgft_ctx_free(ctx);
        sgft_outputs_batch(false);
    }
    progress_clear(&c->prog);
    paths_free(&files);
    paths_free(&failed);
    free(inputs.v);
    free(outputs.v);
    free(real_dir);
    return worst;
oom:
    fprintf(stderr, "sgftidy: out of memory\n");
    worst = 20;
    goto end;
}

