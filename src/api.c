/* api.c - public entry points: options, contexts, runs over streams and
 * files.  Files are written through a temporary file in the destination's
 * directory that is renamed into place only when complete. */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

void sgft_options_init(sgft_options *opts) {
    memset(opts, 0, sizeof *opts);
    opts->find_start = SGFT_START_HEURISTIC;
    opts->linebreaks = SGFT_LB_HARD;
    opts->line_width = 76;
    opts->encoding_mode = 1;
}

static int find_prop(const char *id, size_t len) {
    for (int i = 0; i < P__COUNT; i++)
        if (strlen(sgft__props[i].id) == len &&
            memcmp(sgft__props[i].id, id, len) == 0)
            return i;
    return -1;
}

int sgft_options_delete_prop(sgft_options *opts, const char *id) {
    size_t len = strlen(id);
    if (find_prop(id, len) < 0)
        return SGFT_EINVAL;
    size_t used = strlen(opts->delete_props);
    if (used + len + 2 > sizeof opts->delete_props)
        return SGFT_EINVAL;
    if (used)
        opts->delete_props[used++] = ' ';
    memcpy(opts->delete_props + used, id, len + 1);
    return 0;
}

sgft_ctx *sgft_ctx_new(const sgft_options *opts, sgft_diag_fn fn,
                       void *userdata) {
    sgft_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return NULL;
    if (opts)
        ctx->opt = *opts;
    else
        sgft_options_init(&ctx->opt);
    if (ctx->opt.line_width < 20)
        ctx->opt.line_width = 20;
    ctx->diag_fn = fn;
    ctx->diag_data = userdata;
    sgft__prop_index_init(&ctx->pindex);
    sgft__arena_init(&ctx->tree_arena);
    sgft__buf_init(&ctx->msgbuf);
    sgft__buf_init(&ctx->header);
    sgft__buf_init(&ctx->out);
    /* -y: the ids are known (sgft_options_delete_prop checked them). */
    const char *s = ctx->opt.delete_props;
    while (*s) {
        size_t n = strcspn(s, " ");
        int i = find_prop(s, n);
        if (i >= 0)
            ctx->deleted[i] = 1;
        s += n;
        while (*s == ' ')
            s++;
    }
    return ctx;
}

void sgft_ctx_free(sgft_ctx *ctx) {
    if (!ctx)
        return;
    sgft__arena_free(&ctx->tree_arena);
    sgft__buf_free(&ctx->msgbuf);
    sgft__buf_free(&ctx->header);
    sgft__buf_free(&ctx->out);
    free(ctx);
}

void sgft_ctx_set_decider(sgft_ctx *ctx, sgft_decide_fn fn, void *userdata) {
    ctx->decide = fn;
    ctx->decide_data = userdata;
}

const sgft_summary *sgft_ctx_summary(const sgft_ctx *ctx) { return &ctx->sum; }

int sgft_exit_status(const sgft_summary *s) {
    if (s->fatal)
        return 20;
    if (s->errors)
        return 10;
    if (s->warnings)
        return 5;
    return 0;
}

/* Check, then write, one game tree. */
static int tree_done(sgft_ctx *ctx, game_tree *tree) {
    if (ctx->opt.parse_only)
        return 0;
    if (ctx->opt.dump_tree)
        return ctx->write ? sgft__dump_tree(ctx, tree) : 0;
    int st = sgft__check_tree(ctx, tree);
    if (st || !ctx->write)
        return st;
    if (tree->index == 1 && ctx->header.len) {
        sgft__buf_put(&ctx->out, ctx->header.data, ctx->header.len);
        if (ctx->header.data[ctx->header.len - 1] != '\n')
            sgft__buf_putc(&ctx->out, '\n');
    }
    st = sgft__write_tree(ctx, tree);
    if (st)
        return st;
    if (ctx->out.len >= 64 * 1024 || ctx->opt.split)
        return sgft__flush_output(ctx);
    return 0;
}

int sgft_run(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data, sgft_write_fn wr,
             void *wr_data) {
    if (!ctx || !rd)
        return SGFT_EINVAL;
    int st = 0;
    decoder *dec = NULL;
    if (ctx->opt.encoding_mode <= 1) {
        /* -E1: the parser reads UTF-8 from the decoder. */
        dec = sgft__decoder_new(ctx, rd, rd_data, &st);
        if (!dec) {
            if (st == SGFT_ENOMEM)
                sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
            return st;
        }
        rd = sgft__decoder_read;
        rd_data = dec;
    }
    sgft__input_init(&ctx->in, rd, rd_data);
    ctx->write = wr;
    ctx->write_data = wr_data;
    st = sgft__parse(ctx, tree_done);
    if (!st && wr)
        st = sgft__flush_output(ctx);
    if (st == SGFT_ENOMEM)
        sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
    sgft__input_free(&ctx->in);
    sgft__decoder_free(dec);
    ctx->write = NULL;
    return st;
}

/* --- files -------------------------------------------------------------- */

static long fd_read(void *data, char *b, size_t cap) {
    int fd = *(int *)data;
    for (;;) {
        ssize_t n = read(fd, b, cap);
        if (n >= 0 || errno != EINTR)
            return (long)n;
    }
}

static int fd_write(void *data, const char *b, size_t len) {
    int fd = *(int *)data;
    while (len) {
        ssize_t n = write(fd, b, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        b += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Reports a file fault; path is named when it is not the input file that
 * the diagnostic line already names. */
static void report_errno(sgft_ctx *ctx, msg_id code, const char *path,
                         int err) {
    char detail[1200];
    if (path)
        snprintf(detail, sizeof detail, "%s: %s", path, strerror(err));
    else
        snprintf(detail, sizeof detail, "%s", strerror(err));
    report r = {0};
    r.detail = detail;
    sgft__report(ctx, code, false, 0, &r);
}

/* A temporary file next to path: "<dir>/.<name>.XXXXXX". */
static char *temp_name_for(const char *path) {
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    const char *name = path + dirlen;
    size_t n = strlen(path) + 16;
    char *t = malloc(n);
    if (t)
        snprintf(t, n, "%.*s.%s.XXXXXX", (int)dirlen, path, name);
    return t;
}

/* Copies everything from fd (rewound) to standard output. */
static int copy_to_stdout(int fd) {
    char b[65536];
    if (lseek(fd, 0, SEEK_SET) < 0)
        return -1;
    for (;;) {
        ssize_t n = read(fd, b, sizeof b);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            return 0;
        int out = STDOUT_FILENO;
        if (fd_write(&out, b, (size_t)n) < 0)
            return -1;
    }
}

/* An output file: written to a temporary file beside it, renamed into
 * place by out_commit, removed by out_abort. */
typedef struct outfile {
    char *path, *tmp;
    int fd;
} outfile;

static bool out_open(sgft_ctx *ctx, outfile *o, const char *path) {
    o->path = strdup(path);
    o->tmp = temp_name_for(path);
    o->fd = o->tmp && o->path ? mkstemp(o->tmp) : -1;
    if (o->fd < 0) {
        report_errno(ctx, M_CANNOT_OPEN_OUTPUT, path, errno);
        free(o->tmp);
        o->tmp = NULL;
        return false;
    }
    return true;
}

static void out_abort(outfile *o) {
    if (o->fd >= 0)
        close(o->fd);
    if (o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    free(o->path);
    o->tmp = o->path = NULL;
    o->fd = -1;
}

/* The new file gets the mode of the file it replaces, or the usual mode
 * for a new file; one that replaces another is on disk before the rename,
 * so that a crash leaves the old or the new one, never neither. */
static bool out_commit(sgft_ctx *ctx, outfile *o) {
    struct stat sb;
    mode_t mode;
    bool replacing = stat(o->path, &sb) == 0;
    if (replacing) {
        mode = sb.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    int fd = o->fd;
    o->fd = -1;
    if (fchmod(fd, mode) < 0 || (replacing && fsync(fd) < 0) || close(fd) < 0 ||
        rename(o->tmp, o->path) < 0) {
        report_errno(ctx, M_CANNOT_WRITE_OUTPUT, o->path, errno);
        out_abort(o);
        return false;
    }
    free(o->tmp);
    free(o->path);
    o->tmp = o->path = NULL;
    return true;
}

/* -s: one file per game tree, OUTFILE without ".sgf" plus "_001.sgf". */
typedef struct split {
    sgft_ctx *ctx;
    const char *base;
    size_t base_len;
    outfile *files;
    size_t n, cap;
    int failed;
} split;

static int split_write(void *data, const char *b, size_t len) {
    split *sp = data;
    unsigned long index = sp->ctx->sum.trees;
    if (sp->n < index) {
        if (sp->n == sp->cap) {
            size_t cap = sp->cap ? sp->cap * 2 : 16;
            outfile *f = realloc(sp->files, cap * sizeof *f);
            if (!f)
                return -1;
            sp->files = f;
            sp->cap = cap;
        }
        char name[4200];
        snprintf(name, sizeof name, "%.*s_%03lu.sgf", (int)sp->base_len,
                 sp->base, index);
        outfile *o = &sp->files[sp->n++];
        o->fd = -1;
        o->tmp = o->path = NULL;
        if (!out_open(sp->ctx, o, name)) {
            sp->failed = SGFT_EOPEN;
            return -1;
        }
    }
    return fd_write(&sp->files[sp->n - 1].fd, b, len);
}

int sgft_run_file(sgft_ctx *ctx, const char *in_path, const char *out_path) {
    int in = STDIN_FILENO, st = 0;
    outfile out = {NULL, NULL, -1};
    split sp;
    memset(&sp, 0, sizeof sp);
    bool to_stdout = out_path && strcmp(out_path, "-") == 0;
    bool splitting = out_path && ctx->opt.split;
    const char *in_name = strcmp(in_path, "-") == 0 ? "<stdin>" : in_path;

    if (in_name == in_path) {
        in = open(in_path, O_RDONLY);
        if (in < 0) {
            report_errno(ctx, M_CANNOT_OPEN_INPUT, NULL, errno);
            return SGFT_EOPEN;
        }
    }
    sgft_write_fn wfn = NULL;
    void *wdata = NULL;
    if (splitting) {
        sp.ctx = ctx;
        sp.base = out_path;
        sp.base_len = strlen(out_path);
        if (sp.base_len > 4 && strcasecmp(out_path + sp.base_len - 4, ".sgf") == 0)
            sp.base_len -= 4;
        wfn = split_write;
        wdata = &sp;
    } else if (to_stdout) {
        /* Kept aside until it is known whether it may be written. */
        FILE *f = tmpfile();
        out.fd = f ? dup(fileno(f)) : -1;
        if (f)
            fclose(f);
        if (out.fd < 0) {
            report_errno(ctx, M_CANNOT_OPEN_OUTPUT, "<stdout>", errno);
            st = SGFT_EOPEN;
            goto done;
        }
    } else if (out_path && !out_open(ctx, &out, out_path)) {
        st = SGFT_EOPEN;
        goto done;
    }
    if (out.fd >= 0) {
        wfn = fd_write;
        wdata = &out.fd;
    }
    st = sgft_run(ctx, fd_read, &in, wfn, wdata);
    if (st == SGFT_EREAD) {
        report_errno(ctx, M_CANNOT_READ_INPUT, NULL,
                     ctx->in.read_errno ? ctx->in.read_errno : errno);
        goto done;
    }
    if (st == SGFT_EWRITE) {
        if (sp.failed)
            st = sp.failed; /* reported when it happened */
        else
            report_errno(ctx, M_CANNOT_WRITE_OUTPUT,
                         to_stdout ? "<stdout>" : out_path, errno);
        goto done;
    }
    if (st || !wfn || ctx->sum.fatal)
        goto done;
    if (ctx->sum.critical && !ctx->opt.write_critical) {
        sgft__report(ctx, M_NOT_WRITTEN, false, 0, NULL);
        goto done;
    }
    if (to_stdout) {
        if (copy_to_stdout(out.fd) < 0) {
            report_errno(ctx, M_CANNOT_WRITE_OUTPUT, "<stdout>", errno);
            st = SGFT_EWRITE;
            goto done;
        }
    } else if (splitting) {
        for (size_t i = 0; i < sp.n; i++)
            if (!out_commit(ctx, &sp.files[i])) {
                st = SGFT_EWRITE;
                goto done;
            }
    } else if (!out_commit(ctx, &out)) {
        st = SGFT_EWRITE;
        goto done;
    }
    ctx->sum.written = true;
done:
    if (to_stdout) {
        if (out.fd >= 0)
            close(out.fd);
    } else {
        out_abort(&out);
    }
    for (size_t i = 0; i < sp.n; i++)
        out_abort(&sp.files[i]);
    free(sp.files);
    if (in != STDIN_FILENO)
        close(in);
    return st;
}
