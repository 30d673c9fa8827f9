/* api.c - public entry points: options, contexts, runs over streams and
 * files.  Files are written through a temporary file in the destination's
 * directory that is renamed into place only when complete. */
/* openat, fstatat, AT_FDCWD, O_NOFOLLOW, strndup: POSIX.1-2008. */
#define _XOPEN_SOURCE 700

#include "internal.h"
#include "file.h"
#include "hook.h"
#include "foreign.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

const char *sgft_version(void) { return SGFT_VERSION; }

int sgft_version_number(void) { return SGFT_VERSION_NUMBER; }

const char *sgft_strerror(int code) {
    switch (code) {
    case SGFT_OK:
        return "success";
    case SGFT_ENOMEM:
        return "out of memory";
    case SGFT_EREAD:
        return "the input could not be read";
    case SGFT_EWRITE:
        return "the output could not be written";
    case SGFT_EOPEN:
        return "a file could not be opened";
    case SGFT_EINVAL:
        return "invalid argument";
    default:
        return "unknown status";
    }
}

/* The library's options are the OPTION lines of option_list.h; the
 * command's own (COMMAND) are not the library's business. */
#define COMMAND(...)

/* The list and the public enum agree: each line names a value of
 * sgft_option (else this does not compile), no two name the same one
 * (the switches below would have two equal cases), each value lies in
 * 1..number of lines (so they are those values, in any order), and
 * every value of the enum has its line (-Wswitch names one that has
 * none in the switches of sgft_options_set and sgft_options_get, which
 * have no default).  Each default lies in its range. */
enum {
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    OPTION_LINE_##id,
#include "option_list.h"
#undef OPTION
    OPTION__COUNT
};
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    _Static_assert((int)SGFT_OPT_##id >= 1 &&                                  \
                       (int)SGFT_OPT_##id <= (int)OPTION__COUNT,              \
                   "SGFT_OPT_" #id " is a value of the list");               \
    _Static_assert((def) >= (lo) && (def) <= (hi),                            \
                   "the default of SGFT_OPT_" #id " is in its range");
#include "option_list.h"
#undef OPTION

void sgft__options_defaults(sgft_options *opts) {
    memset(opts, 0, sizeof *opts);
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    opts->field = (def);
#include "option_list.h"
#undef OPTION
}

sgft_options *sgft_options_new(void) {
    sgft_options *o = malloc(sizeof *o);
    if (o)
        sgft__options_defaults(o);
    return o;
}

sgft_options *sgft_options_dup(const sgft_options *opts) {
    sgft_options *o = malloc(sizeof *o);
    if (o)
        *o = *opts;
    return o;
}

void sgft_options_free(sgft_options *opts) { free(opts); }

/* An enum value without its line is an error, not a warning, where the
 * compiler can say so. */
#ifdef __GNUC__
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
#endif
int sgft_options_set(sgft_options *o, sgft_option opt, long v) {
    if (!o)
        return SGFT_EINVAL;
    switch (opt) {
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    case SGFT_OPT_##id:                                                       \
        if (v < (lo) || v > (hi))                                             \
            return SGFT_EINVAL;                                               \
        o->field = (type)v;                                                   \
        return 0;
#include "option_list.h"
#undef OPTION
    }
    return SGFT_EINVAL; /* no option of the list */
}

long sgft_options_get(const sgft_options *o, sgft_option opt) {
    switch (opt) {
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    case SGFT_OPT_##id: return (long)o->field;
#include "option_list.h"
#undef OPTION
    }
    return -1; /* no option of the list */
}
#ifdef __GNUC__
#pragma GCC diagnostic pop
#endif
#undef COMMAND

static int set_charset(char *to, size_t size, const char *name) {
    if (!name || !*name) {
        to[0] = '\0';
        return 0;
    }
    if (strlen(name) >= size || !sgft_charset_known(name))
        return SGFT_EINVAL;
    memcpy(to, name, strlen(name) + 1);
    return 0;
}

int sgft_options_set_encoding(sgft_options *o, const char *name) {
    return set_charset(o->encoding, sizeof o->encoding, name);
}

int sgft_options_set_default_encoding(sgft_options *o, const char *name) {
    return set_charset(o->default_encoding, sizeof o->default_encoding, name);
}

int sgft_options_disable(sgft_options *o, int code) {
    if (!sgft_msg_known(code))
        return SGFT_EINVAL;
    o->disabled[code] = 1;
    return 0;
}

static int find_prop(const char *id, size_t len) {
    for (int i = 0; i < P__COUNT; i++)
        if (strlen(sgft__props[i].id) == len &&
            memcmp(sgft__props[i].id, id, len) == 0)
            return i;
    return -1;
}

int sgft_options_delete_prop(sgft_options *o, const char *id) {
    int i = id ? find_prop(id, strlen(id)) : -1;
    if (i < 0)
        return SGFT_EINVAL;
    o->deleted[i] = 1;
    return 0;
}

/* The memory a context takes for a run (the tree's arena, the board and
 * its logs, the checker's and the writer's scratch, the output buffer)
 * stays with it for the next: sgft_ctx_reset makes it ready for another
 * file, so that a batch that runs its files through one context takes
 * that memory from the system once, not once a file. */
static void ctx_release(sgft_ctx *ctx) {
    sgft__input_release_spare(ctx);
    sgft__decoder_release_spare(ctx);
    sgft__parser_release_spare(ctx);
    sgft__board_release(ctx);
    sgft__checker_release(ctx);
    sgft__write_release(ctx);
    sgft__detector_free(ctx->detector);
    sgft__arena_free(&ctx->tree_arena);
    sgft__buf_free(&ctx->msgbuf);
    sgft__buf_free(&ctx->header);
    sgft__buf_free(&ctx->out);
}

/* The memory of a context as a new one has it. */
static void ctx_init_memory(sgft_ctx *ctx) {
    sgft__prop_index_init(&ctx->pindex);
    sgft__arena_init(&ctx->tree_arena);
    sgft__buf_init(&ctx->msgbuf);
    sgft__buf_init(&ctx->header);
    sgft__buf_init(&ctx->out);
}

/* The run's settings, over what a new context holds. */
static void ctx_settings(sgft_ctx *ctx, const sgft_options *opts,
                         sgft_diag_fn fn, void *userdata) {
    if (opts)
        ctx->opt = *opts;
    else
        sgft__options_defaults(&ctx->opt);
    if (ctx->opt.line_width < 20)
        ctx->opt.line_width = 20;
    ctx->diag_fn = fn;
    ctx->diag_data = userdata;
    ctx->mode = ctx->opt.encoding_mode;
}

sgft_ctx *sgft_ctx_new(const sgft_options *opts, sgft_diag_fn fn,
                       void *userdata) {
    sgft_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return NULL;
    ctx_init_memory(ctx);
    ctx_settings(ctx, opts, fn, userdata);
    return ctx;
}

void sgft_ctx_reset(sgft_ctx *ctx, const sgft_options *opts, sgft_diag_fn fn,
                    void *userdata) {
    /* After a fault the memory may be in any state: it goes, and comes
     * again as for a new context. */
    if (ctx->status || ctx->msgbuf.oom || ctx->header.oom || ctx->out.oom) {
        game_tree *owned = ctx->owned; /* the caller's */
        ctx->owned = NULL;
        ctx_release(ctx);
        memset(ctx, 0, sizeof *ctx);
        ctx_init_memory(ctx);
        ctx->owned = owned;
    } else {
        /* Named one by one (SGFT_CTX_KEPT), not by where they stand. */
        const sgft_ctx kept = *ctx;
        *ctx = (sgft_ctx){0};
#define KEEP(member) ctx->member = kept.member;
        SGFT_CTX_KEPT(KEEP)
#undef KEEP
        sgft__arena_reset(&ctx->tree_arena);
        sgft__buf_clear(&ctx->msgbuf);
        sgft__buf_clear(&ctx->header);
        sgft__buf_clear(&ctx->out);
    }
    ctx_settings(ctx, opts, fn, userdata);
}

void sgft_ctx_free(sgft_ctx *ctx) {
    if (!ctx)
        return;
    sgft__trees_free(ctx);
    ctx_release(ctx);
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

/* Reports a file fault of the input (the diagnostic line names it). */
static void report_errno(sgft_ctx *ctx, msg_id code, int err) {
    report r = {0};
    r.detail = strerror(err);
    sgft__report(ctx, code, false, 0, &r);
}

/* What a file that is not a regular file is, for a message. */
static const char *file_kind(mode_t mode) {
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

/* Refuses the input (message 3) for being what mode says it is. */
static void report_kind(sgft_ctx *ctx, mode_t mode) {
    char detail[200];
    if (S_ISDIR(mode))
        snprintf(detail, sizeof detail,
                 "it is a folder, not a file (a folder is not read; "
                 "named to --check, --in-place or --outdir it is walked, "
                 "with -R also inside a folder walked)");
    else
        snprintf(detail, sizeof detail,
                 "it is %s, not a regular file (a batch reads regular "
                 "files only)",
                 file_kind(mode));
    report r = {0};
    r.detail = detail;
    sgft__report(ctx, M_CANNOT_OPEN_INPUT, false, 0, &r);
}

/* Opens the input path (not "-"), with what it is in *st, or reports
 * why not (message 3) and returns -1.  A folder is refused.  With
 * regular_only, so is anything else that is not a regular file, before
 * a byte is read: the open does not wait for a FIFO's writer
 * (O_NONBLOCK, cleared once the descriptor is known to be a regular
 * file's), and what is refused is what the descriptor is, not what the
 * path named a moment before. */
static int open_input(sgft_ctx *ctx, int dir, const char *path,
                      const char *shown, bool walked, struct stat *st) {
    SGFT_HOOK("input-open", shown);
    bool regular = ctx->regular_only || walked;
    int fd = openat(dir, path,
                    O_RDONLY | O_NOCTTY | (regular ? O_NONBLOCK : 0) |
                        (walked ? O_NOFOLLOW : 0));
    if (fd < 0) {
        int e = errno;
        /* A socket cannot be opened at all (ENXIO): said as what it is. */
        if (e == ENXIO && fstatat(dir, path, st, 0) == 0 &&
            S_ISSOCK(st->st_mode)) {
            report_kind(ctx, st->st_mode);
        } else if (walked && (e == ELOOP || e == EMLINK) &&
                   fstatat(dir, path, st, AT_SYMLINK_NOFOLLOW) == 0 &&
                   S_ISLNK(st->st_mode)) {
            report r = {0};
            r.detail = "it was replaced by a symbolic link after its folder "
                       "was walked: not read";
            sgft__report(ctx, M_CANNOT_OPEN_INPUT, false, 0, &r);
        } else {
            report_errno(ctx, M_CANNOT_OPEN_INPUT, e);
        }
        errno = e;
        return -1;
    }
    if (fstat(fd, st) < 0) {
        int e = errno;
        report_errno(ctx, M_CANNOT_OPEN_INPUT, e);
        close(fd);
        errno = e;
        return -1;
    }
    if (S_ISDIR(st->st_mode) || (regular && !S_ISREG(st->st_mode))) {
        report_kind(ctx, st->st_mode);
        close(fd);
        errno = S_ISDIR(st->st_mode) ? EISDIR : EINVAL;
        return -1;
    }
    int fl = regular ? fcntl(fd, F_GETFL) : 0;
    if (regular && (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)) {
        int e = errno;
        report_errno(ctx, M_CANNOT_OPEN_INPUT, e);
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

void sgft_ctx_set_regular_only(sgft_ctx *ctx, bool on) {
    ctx->regular_only = on;
}

int sgft_input_open(sgft_ctx *ctx, int dir, const char *path) {
    struct stat st;
    if (!ctx || !path) {
        errno = EINVAL;
        return -1;
    }
    return open_input(ctx, dir, path, path, dir != AT_FDCWD, &st);
}

/* The reader of -E2 and -E3: the bytes peek_begin read, then the rest. */
static long peek_read(void *data, char *out, size_t cap) {
    struct input_peek *pk = data;
    if (pk->pos < pk->len) {
        size_t n = pk->len - pk->pos;
        if (n > cap)
            n = cap;
        memcpy(out, pk->head + pk->pos, n);
        pk->pos += n;
        return (long)n;
    }
    if (pk->err) {
        errno = pk->err;
        return -1;
    }
    return pk->read(pk->read_data, out, cap);
}

/* -E2 and -E3 read the structure of the file as bytes, which UTF-16 and
 * UTF-32 do not write it in: such input (a byte-order mark, or a NUL
 * beside each ASCII character) is read as with -E1, with message 109.
 * The first bytes are read here to see; peek_read hands them on. */
static void peek_begin(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data) {
    struct input_peek *pk = &ctx->peek;
    pk->read = rd;
    pk->read_data = rd_data;
    pk->len = pk->pos = 0;
    pk->err = 0;
    while (pk->len < sizeof pk->head) {
        long n = rd(rd_data, pk->head + pk->len, sizeof pk->head - pk->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            pk->err = errno ? errno : EIO;
        if (n <= 0)
            break;
        pk->len += (size_t)n;
    }
    const char *wide = sgft__dec_wide_input(pk->head, pk->len);
    if (!wide)
        return;
    char detail[120];
    snprintf(detail, sizeof detail, "%s, which -E%d cannot read", wide,
             ctx->opt.encoding_mode);
    report r = {0};
    r.detail = detail;
    sgft__report(ctx, M_WIDE_INPUT, false, 0, &r);
    ctx->mode = 1; /* this input only: the options stay as they are */
}

/* Sets up the input of ctx over rd: through the decoder with -E1 (the
 * parser reads UTF-8 from it).  Returns 0 or a negative status. */
static int input_begin(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data,
                       decoder **dec) {
    int st = 0;
    *dec = NULL;
    ctx->mode = ctx->opt.encoding_mode;
    ctx->format = 0;
    if (ctx->mode > 1) {
        peek_begin(ctx, rd, rd_data);
        rd = peek_read;
        rd_data = &ctx->peek;
    }
    if (ctx->mode <= 1) {
        *dec = sgft__decoder_new(ctx, rd, rd_data, &st);
        if (!*dec) {
            if (st == SGFT_ENOMEM)
                sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
            return st ? st : SGFT_ENOMEM;
        }
        rd = sgft__decoder_read;
        rd_data = *dec;
    }
    sgft__input_start(ctx, rd, rd_data);
    return 0;
}

static void input_end(sgft_ctx *ctx, decoder *dec) {
    sgft__input_stop(ctx);
    sgft__decoder_free(dec);
}

int sgft_run(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data, sgft_write_fn wr,
             void *wr_data) {
    if (!ctx || !rd)
        return SGFT_EINVAL;
    decoder *dec;
    int st = input_begin(ctx, rd, rd_data, &dec);
    if (st)
        return st;
    ctx->write = wr;
    ctx->write_data = wr_data;
    st = sgft__parse(ctx, sgft__pipeline_tree);
    if (!st && wr)
        st = sgft__flush_output(ctx);
    if (st == SGFT_ENOMEM)
        sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
    input_end(ctx, dec);
    ctx->write = NULL;
    return st;
}

int sgft_parse_events(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data,
                      const sgft_events *ev, void *userdata) {
    if (!ctx || !rd || !ev)
        return SGFT_EINVAL;
    decoder *dec;
    int st = input_begin(ctx, rd, rd_data, &dec);
    if (st)
        return st;
    st = sgft__parse_events(ctx, ev, userdata);
    if (st == SGFT_ENOMEM)
        sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
    input_end(ctx, dec);
    return st;
}

/* --- the reader --------------------------------------------------------- */

struct sgft_reader {
    sgft_ctx *ctx;
    tree_reader *trees;
    decoder *dec;
    int fd;            /* sgft_reader_open: the file, or -1 */
    sgft_memory mem;   /* sgft_reader_memory: the bytes */
};

static long reader_fd_read(void *data, char *b, size_t cap) {
    sgft_reader *r = data;
    for (;;) {
        ssize_t n = read(r->fd, b, cap);
        if (n >= 0 || errno != EINTR)
            return (long)n;
    }
}

long sgft_memory_read(void *memory, char *b, size_t cap) {
    sgft_memory *m = memory;
    size_t n = m->len - m->pos;
    if (n > cap)
        n = cap;
    memcpy(b, m->data + m->pos, n);
    m->pos += n;
    return (long)n;
}

/* Makes the reader r (NULL: out of memory) read through rd.  NULL with
 * errno set (ENOMEM, or the fault of a read of the input's start: its
 * errno, or EIO) when it cannot. */
static sgft_reader *reader_make(sgft_ctx *ctx, sgft_reader *r,
                                sgft_read_fn rd, void *rd_data) {
    if (!r) {
        errno = ENOMEM;
        return NULL;
    }
    r->ctx = ctx;
    int st = input_begin(ctx, rd, rd_data, &r->dec);
    if (st) {
        free(r);
        errno = st != SGFT_EREAD    ? ENOMEM
                : ctx->in.read_errno ? ctx->in.read_errno
                                     : EIO;
        return NULL;
    }
    r->trees = sgft__tree_reader_new(ctx);
    if (!r->trees) {
        input_end(ctx, r->dec);
        free(r);
        errno = ENOMEM;
        return NULL;
    }
    return r;
}

sgft_reader *sgft_reader_new(sgft_ctx *ctx, sgft_read_fn rd, void *rd_data) {
    if (!ctx || !rd) {
        errno = EINVAL;
        return NULL;
    }
    sgft_reader *r = calloc(1, sizeof *r);
    if (r)
        r->fd = -1;
    return reader_make(ctx, r, rd, rd_data);
}

sgft_reader *sgft_reader_memory(sgft_ctx *ctx, const char *data, size_t len) {
    if (!ctx || (!data && len)) {
        errno = EINVAL;
        return NULL;
    }
    sgft_reader *r = calloc(1, sizeof *r);
    if (!r) {
        errno = ENOMEM;
        return NULL;
    }
    r->fd = -1;
    r->mem.data = data;
    r->mem.len = len;
    return reader_make(ctx, r, sgft_memory_read, &r->mem);
}

sgft_reader *sgft_reader_open(sgft_ctx *ctx, const char *path) {
    if (!ctx || !path) {
        errno = EINVAL;
        return NULL;
    }
    sgft_reader *r = calloc(1, sizeof *r);
    if (!r) {
        errno = ENOMEM;
        return NULL;
    }
    bool std = strcmp(path, "-") == 0;
    struct stat st;
    r->fd = std ? dup(STDIN_FILENO) : open_input(ctx, AT_FDCWD, path, path, false, &st);
    if (r->fd < 0) {
        int e = errno; /* kept across the message and free() */
        if (std)
            report_errno(ctx, M_CANNOT_OPEN_INPUT, e);
        free(r);
        errno = e;
        return NULL;
    }
    int fd = r->fd;
    r = reader_make(ctx, r, reader_fd_read, r);
    if (!r) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return r;
}

int sgft_reader_next(sgft_reader *r, sgft_tree **tree) {
    *tree = NULL;
    int st = sgft__tree_reader_next(r->trees, tree);
    if (st == SGFT_EREAD)
        report_errno(r->ctx, M_CANNOT_READ_INPUT,
                     r->ctx->in.read_errno ? r->ctx->in.read_errno : EIO);
    else if (st == SGFT_ENOMEM)
        sgft__report(r->ctx, M_OUT_OF_MEMORY, false, 0, NULL);
    return st;
}

void sgft_reader_free(sgft_reader *r) {
    if (!r)
        return;
    sgft__tree_reader_free(r->trees);
    input_end(r->ctx, r->dec);
    if (r->fd >= 0)
        close(r->fd);
    free(r);
}

sgft_tree *sgft_reader_detach(sgft_reader *r) {
    game_tree *t = NULL;
    int st = r ? sgft__tree_reader_detach(r->trees, &t) : SGFT_EINVAL;
    if (st)
        errno = st == SGFT_ENOMEM ? ENOMEM : EINVAL;
    return t;
}

int sgft_tree_check(sgft_ctx *ctx, sgft_tree *tree) {
    /* The messages about a tree owned would count lines in a text no
     * longer read. */
    if (!ctx || !tree || tree->own)
        return SGFT_EINVAL;
    return sgft__pipeline_check(ctx, tree);
}

int sgft_tree_write(sgft_ctx *ctx, sgft_tree *tree, sgft_write_fn wr,
                    void *wr_data) {
    if (!ctx || !tree || !wr)
        return SGFT_EINVAL;
    sgft_write_fn old = ctx->write;
    void *old_data = ctx->write_data;
    /* Output of a run under way stays where it is. */
    int st = old ? sgft__flush_output(ctx) : 0;
    ctx->write = wr;
    ctx->write_data = wr_data;
    if (!st) {
        sgft__tree_swap(ctx, tree);
        st = sgft__write_tree(ctx, tree);
        sgft__tree_swap(ctx, tree);
    }
    if (!st)
        st = sgft__flush_output(ctx);
    ctx->write = old;
    ctx->write_data = old_data;
    return st;
}

int sgft_file_write(void *file, const char *b, size_t len) {
    return fwrite(b, 1, len, file) == len ? 0 : -1;
}

int sgft_buffer_write(void *buffer, const char *b, size_t len) {
    sgft_buffer *bu = buffer;
    if (bu->cap - bu->len <= len) {
        size_t cap = bu->cap ? bu->cap : 256;
        while (cap - bu->len <= len) {
            if (cap > SIZE_MAX / 2) {
                errno = ENOMEM;
                return -1;
            }
            cap *= 2;
        }
        char *d = realloc(bu->data, cap);
        if (!d)
            return -1;
        bu->data = d;
        bu->cap = cap;
    }
    memcpy(bu->data + bu->len, b, len);
    bu->len += len;
    bu->data[bu->len] = '\0';
    return 0;
}

/* --- files -------------------------------------------------------------- */

/* The input of sgft_run_file: a descriptor, and the bytes read so far
 * for the progress callback. */
typedef struct fd_input {
    int fd;
    sgft_ctx *ctx;
    uint64_t done;
} fd_input;

static long fd_read(void *data, char *b, size_t cap) {
    fd_input *in = data;
    for (;;) {
        ssize_t n = read(in->fd, b, cap);
        if (n > 0 && in->ctx->progress) {
            in->done += (uint64_t)n;
            in->ctx->progress(in->ctx->progress_data, in->done);
        }
        if (n >= 0 || errno != EINTR)
            return (long)n;
    }
}

void sgft_ctx_set_progress(sgft_ctx *ctx, sgft_progress_fn fn,
                           void *userdata) {
    ctx->progress = fn;
    ctx->progress_data = userdata;
}



/* -s: one file per game tree, OUTFILE without ".sgf" plus "_001.sgf".
 * A file is finished when the next one starts, so that no descriptor is
 * held per game tree; all are put in place at the end. */
typedef struct split {
    sgft_ctx *ctx;
    const char *base;
    size_t base_len;
    outfile **files;
    size_t n, cap;
    int failed;
    out_dir *dir; /* the folder of them all, opened once */
} split;

/* A fault of file i of a split: reported through its commit (27). */
static int split_fault(split *sp, size_t i, int status) {
    sgft_output_state ignored;
    if (sp->files[i])
        sgft__out_commit(sp->files[i], &ignored);
    sp->files[i] = NULL;
    sp->failed = status;
    return -1;
}

static int split_write(void *data, const char *b, size_t len) {
    split *sp = data;
    unsigned long index = sp->ctx->sum.trees;
    if (sp->n < index) {
        if (sp->n && sgft__out_finish(sp->files[sp->n - 1]) < 0)
            return split_fault(sp, sp->n - 1, SGFT_EWRITE);
        size_t size = sp->base_len + 32;
        char *name = NULL;
        if (sgft__vec_grow(&sp->files, &sp->cap, sp->n + 1,
                           sizeof *sp->files, 16))
            name = malloc(size);
        if (!name) {
            sgft__report(sp->ctx, M_OUT_OF_MEMORY, false, 0, NULL);
            sp->failed = SGFT_ENOMEM;
            return -1;
        }
        snprintf(name, size, "%.*s_%03lu.sgf", (int)sp->base_len, sp->base,
                 index);
        if (!sp->dir && !(sp->dir = sgft__out_folder(sp->ctx, name))) {
            free(name);
            sp->failed = SGFT_EOPEN;
            return -1;
        }
        const char *slash = strrchr(name, '/');
        outfile *o = sgft__out_open_in(sp->ctx, sp->dir,
                                       slash ? slash + 1 : name, name);
        free(name);
        if (!o) {
            sp->failed = SGFT_EOPEN;
            return -1;
        }
        sp->files[sp->n++] = o;
    }
    if (sgft__out_write(sp->files[sp->n - 1], b, len) < 0)
        return split_fault(sp, sp->n - 1, SGFT_EWRITE);
    return 0;
}

/* The summary's output state for several files. */
static sgft_output_state combine(sgft_output_state a, sgft_output_state b) {
    if (a == SGFT_OUTPUT_NONE)
        return b;
    if (a == SGFT_OUTPUT_CHANGED || b == SGFT_OUTPUT_CHANGED)
        return SGFT_OUTPUT_CHANGED;
    if (a == SGFT_OUTPUT_CREATED || b == SGFT_OUTPUT_CREATED)
        return SGFT_OUTPUT_CREATED;
    return b;
}

/* The input of a run by its folder: the file in_name of in_dir, or the
 * path in_path (in_dir AT_FDCWD); out_dir (-1: none) and out_name the
 * output's, or out_path by its path.  walked: in_name is a file of a
 * folder walked, never a symbolic link, and a regular file. */
static int run_file(sgft_ctx *ctx, int in_dir, const char *in_name,
                    const char *in_path, int out_dir, const char *out_name,
                    const char *out_path, bool walked);

int sgft_run_file(sgft_ctx *ctx, const char *in_path, const char *out_path) {
    /* The file rewritten in place: its folder is opened once, and read,
     * checked and written through that descriptor. */
    if (!out_path || ctx->opt.split || strcmp(in_path, "-") == 0 ||
        strcmp(in_path, out_path) != 0)
        return run_file(ctx, AT_FDCWD, in_path, in_path, -1, NULL, out_path,
                        false);
    const char *slash = strrchr(in_path, '/');
    int dir = AT_FDCWD;
    if (slash && (dir = sgft__open_folder_of(in_path)) < 0) {
        if (errno == ENOMEM) {
            sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
            return SGFT_ENOMEM;
        }
        report_errno(ctx, M_CANNOT_OPEN_INPUT, errno);
        return SGFT_EOPEN;
    }
    const char *name = slash ? slash + 1 : in_path;
    int st = *name ? run_file(ctx, dir, name, in_path, dir, name, out_path,
                              false)
                   : run_file(ctx, AT_FDCWD, in_path, in_path, -1, NULL,
                              out_path, false);
    if (dir >= 0)
        close(dir);
    return st;
}

int sgft_run_file_at(sgft_ctx *ctx, int in_dir, const char *in_name,
                     const char *in_shown, int out_fd, const char *out_name,
                     const char *out_shown) {
    return run_file(ctx, in_dir, in_name, in_shown, out_name ? out_fd : -1,
                    out_name, out_name ? out_shown : NULL,
                    in_dir != AT_FDCWD);
}

static int run_file(sgft_ctx *ctx, int in_dir, const char *in_name,
                    const char *in_path, int out_fd, const char *out_name,
                    const char *out_path, bool walked) {
    int in = STDIN_FILENO, st = 0;
    outfile *out = NULL;
    split sp;
    memset(&sp, 0, sizeof sp);
    bool splitting = out_path && ctx->opt.split;

    ctx->sum.output = SGFT_OUTPUT_NONE;
    struct stat is, os;
    bool known = false;
    if (walked || strcmp(in_path, "-") != 0) {
        sgft__outputs_before_read(ctx, in_dir, in_name);
        /* A file walked is opened as the walk saw it: never through a
         * link, never a FIFO or device that would block the batch. */
        in = open_input(ctx, in_dir, in_name, in_path, walked, &is);
        if (in < 0)
            return SGFT_EOPEN;
        known = true;
    }
    /* A FIFO or device that is its own output (also stdin) would never end;
     * the size sizes the first reads of a context with no kept buffer (a
     * batch's later files have one, and need no more). */
    if (!known)
        known = (out_path || !ctx->spare_window) && fstat(in, &is) == 0;
    SGFT_HOOK("input-opened", in_path);
    ctx->size_hint = known && S_ISREG(is.st_mode) ? (uint64_t)is.st_size : 0;
    if (out_path && !splitting && strcmp(out_path, "-") != 0 && known &&
        !S_ISREG(is.st_mode) &&
        (in != STDIN_FILENO || S_ISFIFO(is.st_mode)) &&
        (out_fd >= 0 ? fstatat(out_fd, out_name, &os, 0)
                      : stat(out_path, &os)) == 0 &&
        os.st_dev == is.st_dev &&
        os.st_ino == is.st_ino) {
        report r = {0};
        r.detail = "it is the input, a FIFO or a device, which cannot be "
                   "read and then written again";
        sgft__report(ctx, M_OUTPUT_REFUSED, false, 0, &r);
        st = SGFT_EOPEN;
        goto done;
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
    } else if (out_path) {
        out = out_fd >= 0 ? sgft__out_open_at(ctx, out_fd, out_name, out_path)
                           : sgft__out_open(ctx, out_path);
        if (!out) {
            st = SGFT_EOPEN;
            goto done;
        }
        int e = in != STDIN_FILENO && known
                    ? sgft__out_match_input(out, in_dir, in_name, &is)
                    : 0;
        if (e) {
            sgft__report_file(ctx, M_CANNOT_WRITE_OUTPUT, out_path, e);
            st = SGFT_EWRITE;
            goto done;
        }
        wfn = sgft__out_write;
        wdata = out;
    }
    ctx->in_path = in_path; /* for the replacements deferred */
    fd_input fin = {in, ctx, 0};
    st = sgft_run(ctx, fd_read, &fin, wfn, wdata);
    SGFT_HOOK("input-read", in_path);
    if (st == SGFT_EREAD) {
        report_errno(ctx, M_CANNOT_READ_INPUT,
                     ctx->in.read_errno ? ctx->in.read_errno : errno);
        goto done;
    }
    if (st == SGFT_EWRITE) {
        if (sp.failed) {
            st = sp.failed; /* reported when it happened */
            goto done;
        }
        /* The write fault is reported by the commit below. */
        if (out) {
            sgft_output_state ignored;
            sgft__out_commit(out, &ignored);
            out = NULL;
        }
        goto done;
    }
    if (st || !wfn || ctx->sum.fatal)
        goto done;
    if (out && ctx->format != FMT_SGF && known &&
        sgft__out_is_input(out, &is)) {
        /* SGF over a record of another format would change its format
         * under its own name. */
        char why[160];
        snprintf(why, sizeof why,
                 "the input is a %s record, and SGF written over it would "
                 "change its format (write to another file, or --outdir)",
                 sgft__format_name((rec_format)ctx->format));
        report r = {0};
        r.detail = why;
        sgft__report(ctx, M_FOREIGN_IN_PLACE, false, 0, &r);
        goto done;
    }
    if (ctx->sum.critical && !ctx->opt.write_critical) {
        sgft__report(ctx, M_NOT_WRITTEN, false, 0, NULL);
        goto done;
    }
    if (splitting) {
        /* A fault finishing one file leaves all out (reported through
         * its commit, the others removed at done). */
        for (size_t i = 0; i < sp.n; i++)
            if (sgft__out_finish(sp.files[i]) < 0) {
                split_fault(&sp, i, SGFT_EWRITE);
                st = SGFT_EWRITE;
                goto done;
            }
        for (size_t i = 0; i < sp.n; i++) {
            sgft_output_state one = SGFT_OUTPUT_NONE;
            outfile *o = sp.files[i];
            sp.files[i] = NULL;
            if (sgft__out_commit(o, &one) < 0) {
                st = SGFT_EWRITE;
                goto done;
            }
            ctx->sum.output = combine(ctx->sum.output, one);
        }
    } else {
        outfile *o = out;
        out = NULL;
        if (sgft__out_commit(o, &ctx->sum.output) < 0) {
            st = SGFT_EWRITE;
            goto done;
        }
    }
    ctx->sum.written = true;
done:
    sgft__out_abort(out);
    for (size_t i = 0; i < sp.n; i++)
        sgft__out_abort(sp.files[i]);
    free(sp.files);
    sgft__dir_unref(sp.dir);
    if (in != STDIN_FILENO)
        close(in);
    ctx->in_path = NULL;
    ctx->size_hint = 0;
    return st;
}

/* --- a file of the caller's ------------------------------------------------ */

/* An sgft_output is file.c's outfile under its public name. */
sgft_output *sgft_output_open(sgft_ctx *ctx, const char *path) {
    return ctx && path ? (sgft_output *)sgft__out_open(ctx, path) : NULL;
}

int sgft_output_write(sgft_output *o, const char *b, size_t len) {
    return o ? sgft__out_write((outfile *)o, b, len) : -1;
}

int sgft_output_commit(sgft_output *o, sgft_output_state *state) {
    sgft_output_state ignored = SGFT_OUTPUT_NONE;
    if (!o)
        return -1;
    return sgft__out_commit((outfile *)o, state ? state : &ignored);
}

void sgft_output_abort(sgft_output *o) { sgft__out_abort((outfile *)o); }
