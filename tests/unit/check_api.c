/* check_api.c - the public library API: options, the reader (from
 * memory, a callback in small pieces, a file), the tree walk, typed
 * values, edits, checking and writing a tree, the events, and the
 * formatters.  Only sgftidy.h calls are used. */
#include "tests.h"

#include <errno.h>
#include "../../src/file.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Diagnostics as "LINE:COL Xn" lines. */
typedef struct diag_log {
    char text[2048];
    size_t len;
} diag_log;

static void log_diag(const sgft_diag *d, void *data) {
    diag_log *l = data;
    int n = d->has_pos
                ? snprintf(l->text + l->len, sizeof l->text - l->len,
                           "%lu:%lu %c%d\n", d->line, d->col,
                           sgft_severity_letter(d->severity), d->code)
                : snprintf(l->text + l->len, sizeof l->text - l->len,
                           "- %c%d\n", sgft_severity_letter(d->severity),
                           d->code);
    if (n > 0 && (size_t)n < sizeof l->text - l->len)
        l->len += (size_t)n;
}

static const char two[] =
    "(;FF[4]GM[1]SZ[19]PB[Black]RE[B+resign]C[a \\] b]KM[6.5]HA[2]"
    ";B[pd];W[dp](;B[pp])(;B[dd]))\n"
    "(;FF[4]GM[1]SZ[9];B[ee])";

/* sgft_ctx_reset: a context used again runs a text as a new one does:
 * the same messages and summary, with the options and callback given
 * again, and nothing of the run before (its decider, its outputs). */
static sgft_decision never_asked(void *data, const char *id,
                                 const char *text, unsigned long line,
                                 char *answer, size_t size) {
    (void)data, (void)id, (void)text, (void)line, (void)answer, (void)size;
    ck_abort_msg("the decider of the run before was kept");
    return SGFT_KEEP;
}

static int run_text(sgft_ctx *ctx, const char *text, sgft_buffer *out) {
    sgft_memory in = {text, strlen(text), 0};
    return sgft_run(ctx, sgft_memory_read, &in, sgft_buffer_write, out);
}

START_TEST(test_ctx_reset) {
    static const char bad[] = "(;FF[4]GM[1]SZ[19]DT[yesterday]KM[x];B[pd];B[pd])";
    diag_log fresh = {0}, before = {0}, again = {0};
    sgft_buffer out1 = {0}, out2 = {0};
    sgft_ctx *ctx = sgft_ctx_new(NULL, log_diag, &fresh);
    ck_assert_int_eq(run_text(ctx, bad, &out1), 0);
    sgft_summary first = *sgft_ctx_summary(ctx);
    sgft_ctx_free(ctx);
    /* Another text first, with a decider and outputs. */
    ctx = sgft_ctx_new(NULL, log_diag, &before);
    sgft_outputs *outs = sgft_outputs_new(0);
    ck_assert_ptr_nonnull(outs);
    sgft_ctx_set_outputs(ctx, outs);
    sgft_ctx_set_decider(ctx, never_asked, NULL);
    ck_assert_int_eq(run_text(ctx, two, &out2), 0);
    free(out2.data);
    out2 = (sgft_buffer){0};
    sgft_ctx_reset(ctx, NULL, log_diag, &again);
    ck_assert_int_eq(run_text(ctx, bad, &out2), 0);
    const sgft_summary *second = sgft_ctx_summary(ctx);
    ck_assert_uint_eq(second->errors, first.errors);
    ck_assert_uint_eq(second->warnings, first.warnings);
    ck_assert_uint_eq(second->trees, first.trees);
    ck_assert_str_eq(again.text, fresh.text);
    ck_assert_uint_eq(out2.len, out1.len);
    ck_assert(memcmp(out2.data, out1.data, out1.len) == 0);
    sgft_ctx_free(ctx);
    sgft_outputs_free(outs);
    free(out1.data);
    free(out2.data);
}
END_TEST

START_TEST(test_reader_memory_walk) {
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_reader *r = sgft_reader_memory(ctx, two, strlen(two));
    ck_assert_ptr_nonnull(r);
    sgft_tree *t;
    ck_assert_int_eq(sgft_reader_next(r, &t), 1);
    ck_assert_uint_eq(sgft_tree_index(t), 1);
    sgft_node *root = sgft_tree_root(t);
    ck_assert_ptr_null(sgft_node_parent(root));
    ck_assert_str_eq(sgft_prop_id(sgft_node_props(root)), "FF");
    /* raw and typed values */
    size_t len = 0;
    const char *raw = sgft_value_raw(ctx, sgft_prop_values(sgft_node_find(root, "C")), &len);
    ck_assert_int_eq((int)len, 6);
    ck_assert(memcmp(raw, "a \\] b", 6) == 0);
    char *text = sgft_value_text(ctx, sgft_prop_values(sgft_node_find(root, "C")), false);
    ck_assert_str_eq(text, "a ] b");
    free(text);
    double km;
    ck_assert_int_eq(sgft_value_real(ctx, sgft_prop_values(sgft_node_find(root, "KM")), &km), 0);
    ck_assert(km == 6.5);
    long ha;
    ck_assert_int_eq(sgft_value_number(ctx, sgft_prop_values(sgft_node_find(root, "HA")), &ha), 0);
    ck_assert_int_eq(ha, 2);
    ck_assert_int_eq(sgft_value_number(ctx, sgft_prop_values(sgft_node_find(root, "PB")), &ha), SGFT_EINVAL);
    /* the walk: root, B[pd], W[dp], then two children */
    sgft_node *n = sgft_node_child(sgft_node_child(root));
    int col = -1, row = -1;
    ck_assert_int_eq(sgft_value_point(ctx, sgft_prop_values(sgft_node_find(n, "W")), &col, &row), 0);
    ck_assert_int_eq(col, 3);
    ck_assert_int_eq(row, 15);
    sgft_node *a = sgft_node_child(n), *b = sgft_node_next(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_ptr_null(sgft_node_next(b));
    ck_assert_ptr_eq(sgft_node_parent(b), n);
    ck_assert_ptr_nonnull(sgft_node_find(b, "B"));
    ck_assert_ptr_null(sgft_node_find(b, "W"));
    ck_assert_int_eq(sgft_reader_next(r, &t), 1);
    ck_assert_uint_eq(sgft_tree_index(t), 2);
    ck_assert_int_eq(sgft_reader_next(r, &t), 0);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(sgft_reader_next(r, &t), 0);
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
}
END_TEST

/* A read callback that hands out one byte at a time. */
typedef struct trickle {
    const char *s;
    size_t len, pos;
} trickle;

static long trickle_read(void *data, char *b, size_t cap) {
    trickle *t = data;
    if (t->pos == t->len || cap == 0)
        return 0;
    *b = t->s[t->pos++];
    return 1;
}

START_TEST(test_check_edit_write) {
    diag_log log = {{0}, 0};
    sgft_ctx *ctx = sgft_ctx_new(NULL, log_diag, &log);
    trickle tr = {two, strlen(two), 0};
    sgft_reader *r = sgft_reader_new(ctx, trickle_read, &tr);
    sgft_tree *t;
    sgft_buffer out = {NULL, 0, 0};
    int trees = 0;
    while (sgft_reader_next(r, &t) == 1) {
        trees++;
        ck_assert_int_eq(sgft_tree_check(ctx, t), 0);
        sgft_node *root = sgft_tree_root(t);
        sgft_prop *c = sgft_node_find(root, "C");
        if (c)
            sgft_node_delete_prop(root, c);
        ck_assert_ptr_null(sgft_node_add_prop(ctx, root, "gn"));
        ck_assert_ptr_null(sgft_node_add_prop(ctx, root, ""));
        sgft_prop *gn = sgft_node_add_prop(ctx, root, "GN");
        ck_assert_ptr_nonnull(gn);
        ck_assert_int_eq(sgft_prop_set_value(ctx, gn, "x] \\y"), 0);
        ck_assert_int_eq(sgft_tree_write(ctx, t, sgft_buffer_write, &out), 0);
    }
    ck_assert_int_eq(trees, 2);
    ck_assert_str_eq(out.data,
                     "(;FF[4]CA[UTF-8]GM[1]SZ[19]\n"
                     "GN[x\\] \\\\y]\n"
                     "PB[Black]\n"
                     "HA[2]\n"
                     "KM[6.5]\n"
                     "RE[B+R]\n"
                     ";B[pd];W[dp]\n"
                     "(;B[pp])\n"
                     "(;B[dd]))\n"
                     "(;FF[4]CA[UTF-8]GM[1]SZ[9]\n"
                     "GN[x\\] \\\\y]\n"
                     ";B[ee])\n");
    ck_assert_str_eq(log.text, "1:30 E15\n"); /* RE[B+resign] */
    free(out.data);
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
}
END_TEST

START_TEST(test_reader_file_errors) {
    diag_log log = {{0}, 0};
    sgft_ctx *ctx = sgft_ctx_new(NULL, log_diag, &log);
    errno = 0;
    ck_assert_ptr_null(sgft_reader_open(ctx, "/nonexistent/x.sgf"));
    ck_assert_int_eq(errno, ENOENT);
    ck_assert_str_eq(log.text, "- F3\n");
    errno = 0;
    ck_assert_ptr_null(sgft_reader_open(ctx, "."));
    ck_assert_int_eq(errno, EISDIR);
    errno = 0;
    ck_assert_ptr_null(sgft_reader_open(ctx, NULL));
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_ptr_null(sgft_reader_memory(ctx, NULL, 3));
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_ptr_null(sgft_reader_new(ctx, NULL, NULL));
    ck_assert_int_eq(errno, EINVAL);
    sgft_ctx_free(ctx);
    /* A file: written here, read back. */
    char path[] = "/tmp/sgftidy-api-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq((int)write(fd, two, strlen(two)), (int)strlen(two));
    close(fd);
    ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_reader *r = sgft_reader_open(ctx, path);
    sgft_tree *t;
    int n = 0;
    while (sgft_reader_next(r, &t) == 1)
        n++;
    ck_assert_int_eq(n, 2);
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
    unlink(path);
}
END_TEST

/* A signal whose handler removes the temporary files may come at any
 * moment, also just as a file gets its name: the handler must find
 * every name made.  A child makes and removes temporary files in a loop
 * (named ones, and unnamed ones then linked) until a timer's signal
 * comes; its handler removes the temporary files and ends the child.
 * Each child's timer is set to another moment; the folder must be empty
 * after every child. */
static sgft_outputs *signal_outs;

static void remove_and_exit(int sig) {
    (void)sig;
    sgft_outputs_remove_temp_files(signal_outs);
    _exit(0);
}

static int files_in(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return d ? n : -1;
}

static void make_temps_until_signal(const char *dir, long usec) {
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd < 0)
        _exit(3);
    if (!(signal_outs = sgft_outputs_new(0)))
        _exit(3);
    temp_list *tl = sgft__outputs_temps(signal_outs);
    signal(SIGALRM, remove_and_exit);
    struct itimerval t = {{0, 0}, {usec / 1000000, usec % 1000000}};
    setitimer(ITIMER_REAL, &t, NULL);
    for (long i = 0; i < 2000000; i++) {
        char *name = sgft__temp_name_for("game.sgf");
        temp_slot *slot = NULL;
        int fd = i % 2 ? sgft__temp_unnamed(tl, dfd, 0600) : -1;
        if (fd >= 0 && sgft__temp_link(tl, fd, dfd, name, &slot) < 0)
            _exit(3);
        if (fd < 0 && (fd = sgft__temp_create(tl, dfd, name, 0600, &slot)) < 0)
            _exit(3);
        temp_section sec;
        if (!sgft__temp_enter(tl, &sec))
            _exit(4);
        sgft__temp_unregister(slot);
        unlinkat(dfd, name, 0);
        sgft__temp_leave(tl, &sec);
        free(name);
        close(fd);
    }
    _exit(5); /* no signal came */
}

START_TEST(test_signal_while_naming) {
    char dir[] = "/tmp/sgftidy-sig-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    int left = 0;
    for (int k = 0; k < 60; k++) {
        fflush(NULL);
        pid_t pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0)
            make_temps_until_signal(dir, 2000 + k * 137);
        int status;
        ck_assert_int_eq(waitpid(pid, &status, 0), pid);
        ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                      "child %d: status %#x", k, status);
        if (files_in(dir) != 0) {
            left++;
            DIR *d = opendir(dir);
            for (struct dirent *e; d && (e = readdir(d));) {
                char p[400];
                snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
                if (e->d_name[0] != '.' || e->d_name[1] == '.' ||
                    !e->d_name[1])
                    continue;
                unlink(p);
            }
            if (d)
                closedir(d);
        }
    }
    ck_assert_int_eq(left, 0);
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* sgft_outputs_on_first_temp_file: its function runs once, before the
 * first temporary file exists, and not at all while no file is
 * written. */
static char hook_dir[64];
static int hook_calls, hook_temps_seen;

static void hook(void *data) {
    ck_assert_ptr_eq(data, hook_dir);
    hook_calls++;
    DIR *d = opendir(hook_dir);
    ck_assert_ptr_nonnull(d);
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 &&
            strcmp(e->d_name, "..") != 0)
            hook_temps_seen++;
    closedir(d);
}

START_TEST(test_first_temp_hook) {
    strcpy(hook_dir, "/tmp/sgftidy-hook-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(hook_dir));
    char in[96], out1[96], out2[96];
    snprintf(in, sizeof in, "%s/in.sgf", hook_dir);
    snprintf(out1, sizeof out1, "%s/out1.sgf", hook_dir);
    snprintf(out2, sizeof out2, "%s/out2.sgf", hook_dir);
    FILE *f = fopen(in, "w");
    ck_assert_ptr_nonnull(f);
    fputs(two, f);
    fclose(f);
    sgft_outputs *outs = sgft_outputs_new(0);
    ck_assert_ptr_nonnull(outs);
    sgft_outputs_on_first_temp_file(outs, hook, hook_dir);
    sgft_ctx *ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_ctx_set_outputs(ctx, outs);
    /* No output: no temporary file, no call. */
    ck_assert_int_ge(sgft_run_file(ctx, in, NULL), 0);
    ck_assert_int_eq(hook_calls, 0);
    /* A new file: the call comes before its temporary file is made. */
    ck_assert_int_ge(sgft_run_file(ctx, in, out1), 0);
    ck_assert_int_eq(hook_calls, 1);
    ck_assert_int_eq(hook_temps_seen, 0);
    /* Up to date, then another new file: no second call. */
    ck_assert_int_ge(sgft_run_file(ctx, in, out1), 0);
    ck_assert_int_ge(sgft_run_file(ctx, in, out2), 0);
    ck_assert_int_eq(hook_calls, 1);
    sgft_ctx_free(ctx);
    sgft_outputs_free(outs);
    ck_assert_int_eq(access(out2, F_OK), 0);
    unlink(in);
    unlink(out1);
    unlink(out2);
    ck_assert_int_eq(rmdir(hook_dir), 0);
}
END_TEST

/* Events, recorded as text. */
typedef struct ev_log {
    char text[1024];
    size_t len;
} ev_log;

static void ev_add(ev_log *l, const char *s, size_t n) {
    if (n < sizeof l->text - l->len) {
        memcpy(l->text + l->len, s, n);
        l->len += n;
        l->text[l->len] = '\0';
    }
}
static void ev_tree_begin(void *d, unsigned long i) {
    char b[32];
    ev_add(d, b, (size_t)snprintf(b, sizeof b, "(%lu", i));
}
static void ev_node(void *d, unsigned long depth) {
    char b[32];
    ev_add(d, b, (size_t)snprintf(b, sizeof b, " ;%lu", depth));
}
static void ev_prop(void *d, const char *id) {
    ev_add(d, " ", 1);
    ev_add(d, id, strlen(id));
}
static void ev_value(void *d, const char *raw, size_t len) {
    ev_add(d, "[", 1);
    ev_add(d, raw, len);
    ev_add(d, "]", 1);
}
static void ev_tree_end(void *d) { ev_add(d, ")", 1); }

/* A file is still the one read while nothing writes to it; appended to,
 * rewritten with the same size, or replaced under its name, it is not
 * (a replacement would lose what the other program wrote). */
START_TEST(test_file_unchanged) {
    char dir[] = "/tmp/sgftidy-unit-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[64], other[64];
    snprintf(path, sizeof path, "%s/a.sgf", dir);
    snprintf(other, sizeof other, "%s/b.sgf", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("(;B[aa])", f);
    fclose(f);
    struct stat old;
    ck_assert_int_eq(stat(path, &old), 0);
    ck_assert(sgft__file_unchanged(AT_FDCWD, path, &old));
    /* appended */
    f = fopen(path, "a");
    fputs("(;W[bb])", f);
    fclose(f);
    ck_assert(!sgft__file_unchanged(AT_FDCWD, path, &old));
    /* the same size again, written anew: its times differ */
    ck_assert_int_eq(stat(path, &old), 0);
    struct timespec pause = {0, 20 * 1000 * 1000};
    nanosleep(&pause, NULL);
    f = fopen(path, "r+");
    fputs("(;W[cc])", f);
    fclose(f);
    ck_assert(!sgft__file_unchanged(AT_FDCWD, path, &old));
    /* replaced under its name */
    ck_assert_int_eq(stat(path, &old), 0);
    f = fopen(other, "w");
    fputs("(;B[aa])(;W[cc])", f);
    fclose(f);
    ck_assert_int_eq(rename(other, path), 0);
    ck_assert(!sgft__file_unchanged(AT_FDCWD, path, &old));
    /* gone */
    ck_assert_int_eq(stat(path, &old), 0);
    unlink(path);
    ck_assert(!sgft__file_unchanged(AT_FDCWD, path, &old));
    rmdir(dir);
}
END_TEST

START_TEST(test_events) {
    static const char in[] =
        "(;FF[4]C[x\\]y];B[aa](;W[bb];B[cc])(W[dd]))junk(;B[ee]Ax[1])()";
    diag_log log = {{0}, 0};
    sgft_ctx *ctx = sgft_ctx_new(NULL, log_diag, &log);
    trickle tr = {in, strlen(in), 0};
    ev_log l = {{0}, 0};
    const sgft_events ev = {ev_tree_begin, ev_node, ev_prop, ev_value,
                            ev_tree_end};
    ck_assert_int_eq(sgft_parse_events(ctx, trickle_read, &tr, &ev, &l), 0);
    /* Depths follow the variations; the repairs of the syntax are made
     * (67: a ';' assumed; lowercase letters dropped from "Ax", which is
     * reported when a tree is checked, not here); an empty game tree
     * gives no events (12). */
    ck_assert_str_eq(l.text, "(1 ;0 FF[4] C[x\\]y] ;1 B[aa] ;2 W[bb] ;3 B[cc]"
                             " ;2 W[dd])(2 ;0 B[ee] A[1])");
    ck_assert_str_eq(log.text, "1:36 E67\n1:43 E8\n1:60 E12\n");
    ck_assert_uint_eq(sgft_ctx_summary(ctx)->trees, 2);
    sgft_ctx_free(ctx);
}
END_TEST

/* A record of another format is a producer of the same events: through
 * the event API, read one byte at a time, and through the reader, whose
 * values of their own text read as any value. */
START_TEST(test_foreign_events) {
    static const char in[] = "[Header]\nLang=UTF8\nSize=9\nHdcp=0,6.50\n"
                             "PlayerB=Aoki,3d,,\nPlayerW=B]aba,2d,,\n"
                             "[Data]\nCC,B1,1,0\nGG,W1,2,0\nYA,B1,3,0\n";
    diag_log log = {{0}, 0};
    sgft_ctx *ctx = sgft_ctx_new(NULL, log_diag, &log);
    trickle tr = {in, strlen(in), 0};
    ev_log l = {{0}, 0};
    const sgft_events ev = {ev_tree_begin, ev_node, ev_prop, ev_value,
                            ev_tree_end};
    ck_assert_int_eq(sgft_parse_events(ctx, trickle_read, &tr, &ev, &l), 0);
    ck_assert_str_eq(l.text, "(1 ;0 GM[1] FF[4] CA[UTF-8] SZ[9] KM[6.5] "
                             "PB[Aoki] BR[3d] PW[B\\]aba] WR[2d] ;1 B[cc] "
                             ";2 W[gg] ;3 B[])");
    ck_assert_str_eq(log.text, "- I145\n");
    sgft_ctx_free(ctx);

    ctx = sgft_ctx_new(NULL, NULL, NULL);
    sgft_reader *r = sgft_reader_memory(ctx, in, strlen(in));
    sgft_tree *t;
    ck_assert_int_eq(sgft_reader_next(r, &t), 1);
    sgft_node *root = sgft_tree_root(t);
    char *text = sgft_value_text(ctx, sgft_prop_values(sgft_node_find(root, "PW")), false);
    ck_assert_str_eq(text, "B]aba");
    free(text);
    int col = -1, row = -1;
    sgft_node *w = sgft_node_child(sgft_node_child(root));
    ck_assert_int_eq(sgft_value_point(ctx, sgft_prop_values(sgft_node_find(w, "W")), &col, &row), 0);
    ck_assert_int_eq(col, 6);
    ck_assert_int_eq(row, 6);
    ck_assert_int_eq(sgft_reader_next(r, &t), 0);
    sgft_reader_free(r);
    sgft_ctx_free(ctx);
}
END_TEST

START_TEST(test_formatters) {
    sgft_diag d;
    memset(&d, 0, sizeof d);
    d.code = 15;
    d.key = "BAD_VALUE_CORRECTED";
    d.severity = SGFT_ERROR;
    d.has_pos = true;
    d.line = 3;
    d.col = 7;
    d.offset = 40;
    d.text = "illegal <DT> value corrected";
    char *mem = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&mem, &size);
    sgft_print_diag(f, SGFT_FORMAT_TEXT, "g.sgf", &d);
    sgft_print_diag(f, SGFT_FORMAT_SGFC, "g.sgf", &d);
    sgft_print_diag(f, SGFT_FORMAT_JSON, "g\xff.sgf", &d);
    sgft_summary s;
    memset(&s, 0, sizeof s);
    s.errors = 1;
    s.output = SGFT_OUTPUT_UNCHANGED;
    sgft_print_status(f, SGFT_FORMAT_TEXT, "g.sgf", &s);
    sgft_print_status(f, SGFT_FORMAT_SGFC, "g.sgf", &s);
    sgft_print_status(f, SGFT_FORMAT_JSON, "g.sgf", &s);
    fclose(f);
    ck_assert_str_eq(mem,
        "g.sgf:3:7: error E15: illegal <DT> value corrected\n"
        "g.sgf: Line:3 Col:7 - Error 15: illegal <DT> value corrected\n"
        "{\"file\":\"g\\ufffd.sgf\",\"line\":3,\"column\":7,\"offset\":40,"
        "\"severity\":\"error\",\"code\":15,\"key\":\"BAD_VALUE_CORRECTED\","
        "\"critical\":false,\"message\":\"illegal <DT> value corrected\"}\n"
        "g.sgf: 1 error(s)  (unchanged)\n"
        "g.sgf: 1 error(s)\n");
    free(mem);
    ck_assert_str_eq(sgft_version(), SGFT_VERSION);
}
END_TEST

/* The names of the formats, both ways; a Checkstyle <error> element:
 * the five characters of markup as entities, tab and line feed as
 * references, what XML 1.0 cannot hold (ESC, U+FFFF, a byte that is not
 * UTF-8) as U+FFFD, and no line or column without a place. */
START_TEST(test_format_checkstyle) {
    static const char *const names[] = {"default", "sgfc", "json", "sarif",
                                        "github", "gitlab", "checkstyle",
                                        "junit"};
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(sgft_format_from_name(names[i]), i);
        ck_assert_str_eq(sgft_format_name((sgft_format)i), names[i]);
    }
    ck_assert_int_eq(SGFT_FORMAT_CHECKSTYLE, 6);
    ck_assert_int_eq(SGFT_FORMAT_JUNIT, 7);
    ck_assert_int_eq(sgft_format_from_name("text"), -1);
    ck_assert_int_eq(sgft_format_from_name(NULL), -1);
    ck_assert_ptr_null(sgft_format_name((sgft_format)8));
    sgft_diag d;
    memset(&d, 0, sizeof d);
    d.code = 35;
    d.key = "UNKNOWN_PROP";
    d.severity = SGFT_WARNING;
    d.has_pos = true;
    d.line = 2;
    d.col = 9;
    d.text = "a&b<c>\"d'e\tf\ng\033h\xef\xbf\xbfi\xffj\xc3\xa9";
    char *mem = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&mem, &size);
    sgft_print_diag(f, SGFT_FORMAT_CHECKSTYLE, "g.sgf", &d);
    d.has_pos = false;
    d.severity = SGFT_FATAL;
    d.code = 3;
    d.text = "x";
    sgft_print_diag(f, SGFT_FORMAT_CHECKSTYLE, NULL, &d);
    d.severity = SGFT_INFO;
    sgft_print_diag(f, SGFT_FORMAT_CHECKSTYLE, NULL, &d);
    sgft_summary s;
    memset(&s, 0, sizeof s);
    sgft_print_status(f, SGFT_FORMAT_CHECKSTYLE, "g.sgf", &s);
    fclose(f);
    ck_assert_str_eq(mem,
        "<error line=\"2\" column=\"9\" severity=\"warning\" message=\""
        "a&amp;b&lt;c&gt;&quot;d&apos;e&#9;f&#10;g\xef\xbf\xbdh\xef\xbf\xbdi"
        "\xef\xbf\xbdj\xc3\xa9\" source=\"sgftidy.35\"/>\n"
        "<error severity=\"error\" message=\"x\" source=\"sgftidy.3\"/>\n"
        "<error severity=\"info\" message=\"x\" source=\"sgftidy.3\"/>\n");
    free(mem);
}
END_TEST

/* A late fault moves its file from its first count (here: with a
 * warning, changed) to failed, once; the status of the file being
 * reported meanwhile is not touched. */
START_TEST(test_reporter_late) {
    char *mem = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&mem, &size);
    sgft_reporter *r = sgft_reporter_new(f, SGFT_FORMAT_JSON, SGFT_REPORT_SUMMARY);
    sgft_summary was;
    memset(&was, 0, sizeof was);
    was.warnings = 1;
    was.output = SGFT_OUTPUT_CHANGED;
    was.written = true;
    sgft_reporter_file(r, "a.sgf", &was, 0);
    sgft_diag d;
    memset(&d, 0, sizeof d);
    d.code = 27;
    d.key = "CANNOT_WRITE_OUTPUT";
    d.severity = SGFT_FATAL;
    d.text = "cannot write output file: a.sgf";
    sgft_reporter_late(r, "a.sgf", &d, &was);
    sgft_reporter_late(r, "a.sgf", &d, NULL); /* a second part of it */
    sgft_summary ok;
    memset(&ok, 0, sizeof ok);
    ok.output = SGFT_OUTPUT_UNCHANGED;
    sgft_reporter_file(r, "b.sgf", &ok, 0);
    ck_assert_int_eq(sgft_reporter_close(r), 0);
    fclose(f);
    const char *line = "{\"file\":\"a.sgf\",\"severity\":\"fatal\","
                       "\"code\":27,\"key\":\"CANNOT_WRITE_OUTPUT\","
                       "\"critical\":false,\"message\":\"cannot write "
                       "output file: a.sgf\"}\n";
    const char *sum = strstr(mem, "{\"summary\"");
    ck_assert_ptr_nonnull(sum);
    ck_assert_int_eq(strncmp(mem, line, strlen(line)), 0);
    ck_assert_int_eq(strncmp(mem + strlen(line), line, strlen(line)), 0);
    ck_assert_ptr_eq(mem + 2 * strlen(line), sum);
    const char *want =
        "{\"summary\":{\"files\":2,\"ok\":1,\"with_warnings\":0,"
        "\"with_errors\":0,\"failed\":1,\"written\":0,\"changed\":0,"
        "\"unchanged\":1,\"not_in_normal_form\":0,\"skipped\":1,"
        "\"skipped_for\":{\"unreadable\":0,\"no_sgf_data\":0,"
        "\"critical\":0,\"hard_links\":0,\"refused\":0,"
        "\"write_failed\":1,\"fatal\":0},\"folders_not_read\":0,"
        "\"links_not_followed\":{\"files\":0,\"folders\":0},"
        "\"configuration_files\":[],\"seconds\":";
    ck_assert_int_eq(strncmp(sum, want, strlen(want)), 0);
    free(mem);
}
END_TEST

/* The configuration files named to a reporter: a line each before the
 * summary line, in the order named; an array in the JSON summary. */
START_TEST(test_reporter_config) {
    static const sgft_format fmts[] = {SGFT_FORMAT_TEXT, SGFT_FORMAT_JSON};
    static const char *const want[] = {
        "sgftidy: configuration file used: /g/.sgftidy\n"
        "sgftidy: configuration file not used: \"/g/\\\"x\\n/.sgftidy\": owned "
        "by another user (uid 7)\n"
        "sgftidy: 1 file: 1 OK; ",
        "{\"summary\":{\"files\":1,\"ok\":1,\"with_warnings\":0,"
        "\"with_errors\":0,\"failed\":0,\"written\":0,\"changed\":0,"
        "\"unchanged\":0,\"not_in_normal_form\":0,\"skipped\":0,"
        "\"skipped_for\":{\"unreadable\":0,\"no_sgf_data\":0,"
        "\"critical\":0,\"hard_links\":0,\"refused\":0,"
        "\"write_failed\":0,\"fatal\":0},\"folders_not_read\":0,"
        "\"links_not_followed\":{\"files\":0,\"folders\":0},"
        "\"configuration_files\":["
        "{\"path\":\"/g/.sgftidy\",\"used\":true},"
        "{\"path\":\"/g/\\\"x\\n/.sgftidy\",\"used\":false,"
        "\"why\":\"owned by another user (uid 7)\"}],\"seconds\":"};
    for (size_t k = 0; k < 2; k++) {
        char *mem = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&mem, &size);
        sgft_reporter *r = sgft_reporter_new(f, fmts[k], SGFT_REPORT_SUMMARY);
        ck_assert_int_eq(sgft_reporter_config(r, "/g/.sgftidy", NULL), 0);
        ck_assert_int_eq(sgft_reporter_config(r, "/g/\"x\n/.sgftidy",
                                              "owned by another user (uid 7)"),
                         0);
        sgft_summary ok;
        memset(&ok, 0, sizeof ok);
        sgft_reporter_file(r, "a.sgf", &ok, 0);
        ck_assert_int_eq(sgft_reporter_close(r), 0);
        fclose(f);
        const char *at = k ? strstr(mem, "{\"summary\"") : strstr(mem, "sgftidy:");
        ck_assert_ptr_nonnull(at);
        ck_assert_msg(strncmp(at, want[k], strlen(want[k])) == 0, "%s", mem);
        free(mem);
    }
}
END_TEST

/* The output of a reporter of fmt (flags) given a notice, a message of
 * the command line (file NULL) and a file with a warning, which fails
 * (SGFT_FILE_FAILED) or not; malloc'd. */
static char *notice_run(sgft_format fmt, unsigned flags, unsigned file_flags,
                        bool interrupt) {
    char *mem = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&mem, &size);
    sgft_reporter *r = sgft_reporter_new(f, fmt, flags);
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(sgft_reporter_notice(r, "no <records> here"), 0);
    sgft_diag d;
    memset(&d, 0, sizeof d);
    d.code = 35;
    d.key = "UNKNOWN_PROP";
    d.severity = SGFT_WARNING;
    d.text = "unknown property <XY> kept";
    d.has_pos = true;
    d.line = 1;
    d.col = 2;
    sgft_reporter_diag(r, "a.sgf", &d);
    sgft_summary sum;
    memset(&sum, 0, sizeof sum);
    sum.warnings = 1;
    sgft_reporter_file(r, "a.sgf", &sum, file_flags);
    if (interrupt)
        ck_assert_int_eq(sgft_reporter_interrupted(r), 0);
    sgft_diag u;
    memset(&u, 0, sizeof u);
    u.code = 48;
    u.key = "NO_INPUT_FILE";
    u.severity = SGFT_FATAL;
    u.text = "no input file given";
    sgft_reporter_diag(r, NULL, &u);
    ck_assert_int_eq(sgft_reporter_close(r), 0);
    fclose(f);
    return mem;
}

/* sgft_reporter_notice and a message of no file, in each format; JUnit's
 * test cases; sgft_reporter_interrupted. */
START_TEST(test_reporter_notice) {
    char *m = notice_run(SGFT_FORMAT_TEXT, 0, 0, false);
    ck_assert_str_eq(m, "sgftidy: no <records> here\n"
                        "a.sgf:1:2: warning W35: unknown property <XY> kept\n"
                        "a.sgf: 1 warning(s)\n"
                        "sgftidy: fatal F48: no input file given\n");
    free(m);
    m = notice_run(SGFT_FORMAT_TEXT, SGFT_REPORT_NO_STATUS, 0, false);
    ck_assert_str_eq(m, "a.sgf:1:2: warning W35: unknown property <XY> kept\n"
                        "sgftidy: fatal F48: no input file given\n");
    free(m);
    m = notice_run(SGFT_FORMAT_JSON, 0, 0, false);
    ck_assert_str_eq(
        m, "{\"notice\":\"no <records> here\"}\n"
           "{\"file\":\"a.sgf\",\"line\":1,\"column\":2,\"offset\":0,"
           "\"severity\":\"warning\",\"code\":35,\"key\":\"UNKNOWN_PROP\","
           "\"critical\":false,\"message\":\"unknown property <XY> kept\"}\n"
           "{\"file\":null,\"severity\":\"fatal\",\"code\":48,\"key\":"
           "\"NO_INPUT_FILE\",\"critical\":false,\"message\":\"no input "
           "file given\"}\n");
    free(m);
    m = notice_run(SGFT_FORMAT_GITHUB, SGFT_REPORT_NO_STATUS, 0, false);
    ck_assert_str_eq(m, "::warning file=a.sgf,line=1,col=2,title=W35 "
                        "UNKNOWN_PROP::unknown property <XY> kept\n"
                        "::error title=F48 NO_INPUT_FILE::no input file given\n");
    free(m);
    m = notice_run(SGFT_FORMAT_GITHUB, 0, 0, false);
    ck_assert_ptr_nonnull(strstr(m, "::notice::no <records> here\n"));
    free(m);
    m = notice_run(SGFT_FORMAT_GITLAB, 0, 0, false);
    ck_assert_int_eq(strncmp(m, "[\n{\"description\":\"W35: ", 23), 0);
    ck_assert_ptr_null(strstr(m, "records"));
    free(m);
    m = notice_run(SGFT_FORMAT_SARIF, 0, 0, true);
    const char *inv = strstr(m, "\"invocations\"");
    ck_assert_ptr_nonnull(inv);
    ck_assert_int_eq(
        strncmp(inv, "\"invocations\":[{\"executionSuccessful\":false,"
                     "\"toolExecutionNotifications\":[{\"level\":\"note\","
                     "\"message\":{\"text\":\"no <records> here\"}},"
                     "{\"level\":\"note\",\"message\":{\"text\":"
                     "\"interrupted\"}},{\"level\":\"error\",\"message\":"
                     "{\"text\":\"no input file given\"},\"associatedRule\":"
                     "{\"id\":\"48\",\"index\":47}}],\"properties\":",
                186),
        0);
    /* One result: the file's; none for the message of no file. */
    ck_assert_ptr_null(strstr(m, "\"ruleId\":\"48\""));
    ck_assert_ptr_nonnull(strstr(m, "\"ruleId\":\"35\""));
    free(m);
    static const char *const junit_head =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuite name=\"sgftidy\" tests=\"2\" failures=\"%d\" "
        "errors=\"1\" skipped=\"0\">\n";
    static const char *const junit_sgftidy =
        "<testcase classname=\"sgftidy\" name=\"sgftidy\">\n<error "
        "type=\"fatal\" message=\"1 error(s), 0 warning(s), 0 information "
        "message(s)\">sgftidy: fatal F48: no input file given&#10;</error>\n"
        "</testcase>\n</testsuite>\n";
    const char *a_text = "a.sgf:1:2: warning W35: unknown property "
                         "&lt;XY&gt; kept&#10;";
    char want[1024];
    for (int k = 0; k < 3; k++) {
        unsigned fl = k == 0 ? 0 : k == 1 ? SGFT_FILE_FAILED : SGFT_FILE_PASSED;
        m = notice_run(SGFT_FORMAT_JUNIT, 0, fl, false);
        int n = snprintf(want, sizeof want, junit_head, k < 2);
        n += snprintf(want + n, sizeof want - (size_t)n,
                      "<testcase classname=\"a.sgf\" name=\"a.sgf\">\n");
        if (k < 2)
            n += snprintf(want + n, sizeof want - (size_t)n,
                          "<failure type=\"warning\" message=\"0 error(s), 1 "
                          "warning(s), 0 information message(s)\">%s"
                          "</failure>\n",
                          a_text);
        else
            n += snprintf(want + n, sizeof want - (size_t)n,
                          "<system-out>%s</system-out>\n", a_text);
        snprintf(want + n, sizeof want - (size_t)n, "</testcase>\n%s",
                 junit_sgftidy);
        ck_assert_str_eq(m, want);
        free(m);
    }
    ck_assert_int_eq(sgft_format_from_name("junit"), SGFT_FORMAT_JUNIT);
    ck_assert_str_eq(sgft_format_name(SGFT_FORMAT_JUNIT), "junit");
    ck_assert_int_eq(sgft_reporter_notice(NULL, "x"), -1);
}
END_TEST

/* The code of the last diagnostic (sgft_output's faults). */
static void last_code(const sgft_diag *d, void *data) { *(int *)data = d->code; }

/* sgft_output: a file written whole by its commit, left as it was by an
 * abort, and faults reported. */
START_TEST(test_output_file) {
    char dir[] = "/tmp/sgftidy-out-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[64], bad[80];
    snprintf(path, sizeof path, "%s/r.xml", dir);
    snprintf(bad, sizeof bad, "%s/none/r.xml", dir);
    int code = 0;
    sgft_ctx *ctx = sgft_ctx_new(NULL, last_code, &code);
    sgft_outputs *outs = sgft_outputs_new(0);
    sgft_ctx_set_outputs(ctx, outs);
    sgft_output *o = sgft_output_open(ctx, path);
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(sgft_output_write(o, "<a>", 3), 0);
    ck_assert_int_eq(sgft_output_write(o, "</a>\n", 5), 0);
    sgft_output_state st = SGFT_OUTPUT_NONE;
    ck_assert_int_eq(sgft_output_commit(o, &st), 0);
    ck_assert_int_eq(st, SGFT_OUTPUT_CREATED);
    char got[32] = {0};
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fread(got, 1, sizeof got - 1, f), 8);
    fclose(f);
    ck_assert_str_eq(got, "<a></a>\n");
    /* An abort: the old content stays, no temporary file. */
    o = sgft_output_open(ctx, path);
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(sgft_output_write(o, "other", 5), 0);
    sgft_output_abort(o);
    ck_assert_int_eq(files_in(dir), 1);
    f = fopen(path, "r");
    memset(got, 0, sizeof got);
    ck_assert_uint_eq(fread(got, 1, sizeof got - 1, f), 8);
    fclose(f);
    ck_assert_str_eq(got, "<a></a>\n");
    ck_assert_ptr_null(sgft_output_open(ctx, bad));
    ck_assert_int_eq(code, 26);
    ck_assert_ptr_null(sgft_output_open(NULL, path));
    ck_assert_int_eq(sgft_output_commit(NULL, NULL), -1);
    sgft_ctx_free(ctx);
    sgft_outputs_free(outs);
    unlink(path);
    rmdir(dir);
}
END_TEST

Suite *api_suite(void) {
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("api");
    tcase_add_test(tc, test_reader_memory_walk);
    tcase_add_test(tc, test_ctx_reset);
    tcase_add_test(tc, test_check_edit_write);
    tcase_add_test(tc, test_reader_file_errors);
    tcase_add_test(tc, test_first_temp_hook);
    tcase_add_test(tc, test_signal_while_naming);
    tcase_add_test(tc, test_events);
    tcase_add_test(tc, test_foreign_events);
    tcase_add_test(tc, test_formatters);
    tcase_add_test(tc, test_format_checkstyle);
    tcase_add_test(tc, test_file_unchanged);
    tcase_add_test(tc, test_reporter_late);
    tcase_add_test(tc, test_reporter_config);
    tcase_add_test(tc, test_reporter_notice);
    tcase_add_test(tc, test_output_file);
    suite_add_tcase(s, tc);
    return s;
}
