/* file_batch.c - the outputs of a batch made durable in groups (see
 * sgftidy(1), FILES): a replacement waits, renamed only after one sync of
 * each file system written covers its whole group, and the folders of new
 * files are synced once, at sgft_outputs_sync.  The output files
 * themselves are file.c's.
 *
 * A group is put in place by a thread of its own (the syncer), while the
 * batch goes on with the next files: its sync, its renames (which free the
 * old files, and may wait for the disk to discard their blocks) and the
 * syncs of its folders.  One group at a time is away: the next one waits
 * until it is done.  A rename fault of a group is reported by the call
 * that waits for the group (the one that hands the next group over,
 * sgft__outputs_before_read, or sgft_outputs_sync), through that call's
 * context: the fault is the same, the file whose messages show it may be
 * a later one.  Where the thread cannot be started, a group is put in
 * place, and its faults reported, by the call that hands it over.
 *
 * The old files of a group, held open until the renames, are closed by
 * threads of their own (the closers), since closing the last descriptor
 * of a file that has no name any more frees its blocks, and a file system
 * may wait there for the disk (to discard them).  So the next group need
 * not wait for that, and several closes at once overlap their waits.
 * Where no closer can be started, the syncer closes them itself. */
/* syncfs */
#define _GNU_SOURCE
#define _XOPEN_SOURCE 700

#include "config.h"

#include "internal.h"
#include "hook.h"
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A replacement waiting for the sync of its group. */
typedef struct pending {
    out_dir *dir;      /* its folder: tmp and name are in it */
    char *tmp, *name, *path, *shown;
    char *in;          /* the input of the run that wrote it, or NULL */
    sgft_summary was;  /* the summary that run ended with */
    temp_slot *slot;
    struct stat old; /* the file replaced, as it was read */
    int held;  /* a descriptor of the file replaced, or -1 */
    int fd;    /* the new file while it has no name (tmp made later), or -1 */
    int err;   /* its rename fault, once its group went in place */
    char *kept; /* SGFT_FILE_MOVED: where another program's file is kept */
} pending;

/* Replacements and the folders written into since the last sync. */
typedef struct group {
    pending *v;
    size_t n, cap;
    uint64_t bytes;
    struct timespec since; /* when its first replacement came */
    out_dir **dirs;    /* the folders written into (references) */
    size_t ndirs, dirs_cap;
    bool failed; /* a fault that was no rename's (out of memory, a signal) */
} group;

/* A group goes in place at this many files, bytes or seconds. */
#define GROUP_FILES 256
#define GROUP_BYTES ((uint64_t)1 << 20)
#define GROUP_NSEC 500000000L

static atomic_bool batch_on;
/* A mutex, not a spin lock: a thread may wait, holding it, for a group. */
static pthread_mutex_t batch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t away_cv = PTHREAD_COND_INITIALIZER;  /* a group away */
static pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;  /* it is done */
/* Under batch_lock: fill is the group being filled; away the one handed
 * to the syncer (while away_busy, only the syncer touches it, but for
 * the device and inode of its replacements, which stay as they are). */
static group fill, away;
static bool away_busy;
static sgft_late_fault_fn late_fn; /* sgft_outputs_on_late_fault */
static void *late_data;
static bool syncer_on, syncer_quit;
static pthread_t syncer;

/* The closer's queue of descriptors, under its own lock: the syncer
 * hands a group's old files over without waiting for the batch. */
static pthread_mutex_t close_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t close_cv = PTHREAD_COND_INITIALIZER;
static int *to_close;
static size_t nclose, close_cap;
/* Several closers: the wait for the disk is most of a close, and the
 * disk takes the discards of several files at once. */
#define CLOSERS 4
static int closers_on; /* how many were started */
static bool closer_quit;
static pthread_t closers[CLOSERS];

static void lock(void) { pthread_mutex_lock(&batch_lock); }

static void unlock(void) { pthread_mutex_unlock(&batch_lock); }

void sgft_outputs_batch(bool on) { atomic_store(&batch_on, on); }

void sgft_outputs_on_late_fault(sgft_late_fault_fn fn, void *userdata) {
    lock();
    late_fn = fn;
    late_data = userdata;
    unlock();
}

char *sgft__folder_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

int sgft__open_folder_of(const char *path) {
    char *folder = sgft__folder_of(path);
    if (!folder) {
        errno = ENOMEM;
        return -1;
    }
    int fd = open(folder, O_RDONLY | O_DIRECTORY | O_NOCTTY);
    int e = errno;
    free(folder);
    errno = e;
    return fd;
}

/* Notes the folder d as written into by g (once in a row). */
static bool note_folder(group *g, out_dir *d) {
    if (g->ndirs && g->dirs[g->ndirs - 1]->dev == d->dev &&
        g->dirs[g->ndirs - 1]->ino == d->ino)
        return true;
    if (!sgft__vec_grow(&g->dirs, &g->dirs_cap, g->ndirs + 1, sizeof *g->dirs,
                        16))
        return false;
    g->dirs[g->ndirs++] = sgft__dir_ref(d);
    return true;
}

static int dir_cmp(const void *a, const void *b) {
    const out_dir *x = *(out_dir *const *)a, *y = *(out_dir *const *)b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* Makes a folder's entries durable; a file system that cannot sync a
 * folder (EINVAL) has nothing to do. */
static void sync_folder(const out_dir *d) { (void)fsync(d->fd); }

static void *closer_main(void *arg) {
    (void)arg;
    pthread_mutex_lock(&close_lock);
    for (;;) {
        while (!nclose && !closer_quit)
            pthread_cond_wait(&close_cv, &close_lock);
        if (!nclose)
            break;
        int fd = to_close[--nclose];
        pthread_mutex_unlock(&close_lock);
        close(fd);
        pthread_mutex_lock(&close_lock);
    }
    pthread_mutex_unlock(&close_lock);
    return NULL;
}

/* Starts a thread that takes no signal (the handlers that end the run,
 * and remove the temporary files, run in the threads of the batch). */
static bool start_thread(pthread_t *t, void *(*fn)(void *)) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    bool on = pthread_create(t, NULL, fn, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return on;
}

/* fd is closed by a closer, or here when none can be started. */
static void close_later(int fd) {
    pthread_mutex_lock(&close_lock);
    if (!closers_on) {
        closer_quit = false;
        while (closers_on < CLOSERS &&
               start_thread(&closers[closers_on], closer_main))
            closers_on++;
    }
    if (closers_on && sgft__vec_grow(&to_close, &close_cap, nclose + 1,
                                     sizeof *to_close, 256)) {
        to_close[nclose++] = fd;
        pthread_cond_signal(&close_cv);
        fd = -1;
    }
    pthread_mutex_unlock(&close_lock);
    if (fd >= 0)
        close(fd);
}

/* The closers done with their queue, and ended. */
static void stop_closer(void) {
    pthread_mutex_lock(&close_lock);
    int on = closers_on;
    closer_quit = true;
    pthread_cond_broadcast(&close_cv);
    pthread_mutex_unlock(&close_lock);
    for (int i = 0; i < on; i++)
        pthread_join(closers[i], NULL);
    pthread_mutex_lock(&close_lock);
    closers_on = 0;
    free(to_close);
    to_close = NULL;
    nclose = close_cap = 0;
    pthread_mutex_unlock(&close_lock);
}

/* The group in place: every file system written syncs once, then the
 * renames, then the folders.  A rename fault is kept in its replacement
 * (err) for the report; no lock is needed (the group is the caller's
 * alone). */
static void put_in_place(group *g) {
    for (size_t i = 0; i < g->n; i++)
        if (!note_folder(g, g->v[i].dir))
            g->failed = true;
    if (g->ndirs > 1) {
        qsort(g->dirs, g->ndirs, sizeof *g->dirs, dir_cmp);
        size_t u = 1;
        for (size_t i = 1; i < g->ndirs; i++) {
            if (dir_cmp(&g->dirs[i], &g->dirs[u - 1]) == 0)
                sgft__dir_unref(g->dirs[i]);
            else
                g->dirs[u++] = g->dirs[i];
        }
        g->ndirs = u;
    }
#ifdef HAVE_SYNCFS
    dev_t synced[8];
    size_t nsynced = 0;
    for (size_t i = 0; i < g->ndirs; i++) {
        size_t k = 0;
        while (k < nsynced && synced[k] != g->dirs[i]->dev)
            k++;
        if (k == nsynced) {
            (void)syncfs(g->dirs[i]->fd);
            if (nsynced < sizeof synced / sizeof *synced)
                synced[nsynced++] = g->dirs[i]->dev;
        }
    }
#else
    sync();
#endif
    for (size_t i = 0; i < g->n; i++) {
        pending *q = &g->v[i];
        q->err = 0;
        if (!sgft__temp_enter()) { /* being removed: the old content stays */
            g->failed = true;
            if (q->fd >= 0)
                close(q->fd);
            q->fd = -1;
            continue;
        }
        /* A file without a name gets one now, on disk already (the sync
         * above), just before its rename. */
        int dir = q->dir->fd;
        if (!sgft__file_unchanged(dir, q->name, &q->old)) {
            q->err = SGFT_FILE_CHANGED;
            if (q->fd < 0)
                unlinkat(dir, q->tmp, 0);
        } else if (q->fd >= 0 &&
                   sgft__temp_link(q->fd, dir, q->tmp, &q->slot) < 0) {
            q->err = errno;
        } else if ((q->err = sgft__temp_replace(dir, q->tmp, q->name, q->path,
                                                &q->old))) {
            if (q->err != SGFT_FILE_MOVED)
                unlinkat(dir, q->tmp, 0);
            else if (!(q->kept = sgft__temp_shown(q->path, q->tmp)))
                q->err = SGFT_FILE_CHANGED; /* still kept, not named */
        }
        if (q->fd >= 0)
            close(q->fd);
        q->fd = -1;
        sgft__temp_unregister(q->slot);
        free(q->tmp);
        sgft__temp_leave();
        free(q->name);
        free(q->path);
    }
    for (size_t i = 0; i < g->ndirs; i++) {
        sync_folder(g->dirs[i]);
        sgft__dir_unref(g->dirs[i]);
    }
    g->ndirs = 0;
    /* The old files, held open, are freed now, by the closer. */
    for (size_t i = 0; i < g->n; i++)
        if (g->v[i].held >= 0) {
            close_later(g->v[i].held);
            g->v[i].held = -1;
        }
}

static void late_diag(const sgft_diag *d, void *data) {
    const pending *q = data;
    late_fn(q->in, &q->was, d, late_data);
}

static void report_fault(sgft_ctx *ctx, const pending *q) {
    if (q->kept)
        sgft__report_moved(ctx, M_CANNOT_WRITE_OUTPUT, q->shown, q->kept);
    else
        sgft__report_file(ctx, M_CANNOT_WRITE_OUTPUT, q->shown, q->err);
}

/* The rename fault of q, reported to the handler of late faults: the
 * message is made by ctx (the waiting call's), which neither shows nor
 * counts it. */
static void report_late(sgft_ctx *ctx, const pending *q) {
    sgft_diag_fn fn = ctx->diag_fn;
    void *data = ctx->diag_data;
    sgft_summary sum = ctx->sum;
    ctx->diag_fn = late_diag;
    ctx->diag_data = (void *)q;
    report_fault(ctx, q);
    ctx->diag_fn = fn;
    ctx->diag_data = data;
    ctx->sum = sum;
}

/* Reports the rename faults of a group put in place, and empties it;
 * -1 when it had a fault reported through ctx (not to the handler of
 * late faults). */
static int report_group(sgft_ctx *ctx, group *g) {
    int st = g->failed ? -1 : 0;
    for (size_t i = 0; i < g->n; i++) {
        pending *q = &g->v[i];
        if (q->err && late_fn && q->in) {
            report_late(ctx, q);
        } else if (q->err) {
            report_fault(ctx, q);
            st = -1;
        }
        free(q->kept);
        free(q->shown);
        free(q->in);
        sgft__dir_unref(q->dir);
    }
    g->n = 0;
    g->bytes = 0;
    g->failed = false;
    return st;
}

static void *syncer_main(void *arg) {
    (void)arg;
    lock();
    for (;;) {
        while (!away_busy && !syncer_quit)
            pthread_cond_wait(&away_cv, &batch_lock);
        if (!away_busy)
            break;
        unlock();
        put_in_place(&away);
        lock();
        away_busy = false;
        pthread_cond_broadcast(&done_cv);
    }
    unlock();
    return NULL;
}

/* Starts the syncer; false when it cannot be.  Called locked. */
static bool start_syncer(void) {
    if (syncer_on)
        return true;
    syncer_quit = false;
    syncer_on = start_thread(&syncer, syncer_main);
    return syncer_on;
}

/* Waits until no group is away, then reports the faults of the last one
 * (through ctx).  Called locked. */
static int wait_away(sgft_ctx *ctx) {
    while (away_busy)
        pthread_cond_wait(&done_cv, &batch_lock);
    return report_group(ctx, &away);
}

/* Hands the group being filled over to the syncer (once the group away
 * before it is done, its faults reported through ctx), or puts it in
 * place here when the syncer cannot run.  Called locked. */
static int hand_over(sgft_ctx *ctx) {
    int st = wait_away(ctx);
    if (!fill.n && !fill.ndirs && !fill.failed)
        return st; /* another thread handed it over meanwhile */
    group t = away; /* the emptied group's memory is used again */
    away = fill;
    fill = t;
    if (start_syncer()) {
        away_busy = true;
        pthread_cond_signal(&away_cv);
    } else {
        put_in_place(&away);
        if (report_group(ctx, &away) < 0)
            st = -1;
    }
    return st;
}

/* Every group in place, and the syncer ended.  Called locked. */
static int put_all_in_place(sgft_ctx *ctx) {
    int st = 0;
    if (fill.n || fill.ndirs || fill.failed)
        st = hand_over(ctx);
    if (wait_away(ctx) < 0)
        st = -1;
    if (syncer_on) {
        syncer_quit = true;
        pthread_cond_signal(&away_cv);
        unlock();
        pthread_join(syncer, NULL);
        lock();
        syncer_on = false;
    }
    stop_closer();
    return st;
}

int sgft_outputs_sync(sgft_ctx *ctx) {
    SGFT_HOOK("outputs-sync", NULL);
    lock();
    int st = put_all_in_place(ctx);
    unlock();
    return st;
}

/* Whether g holds a replacement of the file st. */
static bool replaces(const group *g, const struct stat *st) {
    for (size_t i = 0; i < g->n; i++)
        if (g->v[i].old.st_dev == st->st_dev && g->v[i].old.st_ino == st->st_ino)
            return true;
    return false;
}

void sgft__outputs_before_read(sgft_ctx *ctx, int dir, const char *name) {
    struct stat st;
    if (!atomic_load(&batch_on))
        return;
    /* Nothing waits (as with --outdir): the file need not be looked at.
     * A replacement of it added meanwhile is another job's, which the
     * batch never runs beside a job that reads the same file. */
    lock();
    bool waiting = fill.n || away_busy;
    unlock();
    if (!waiting || fstatat(dir, name, &st, 0) < 0)
        return;
    lock();
    if (replaces(&fill, &st))
        (void)hand_over(ctx);
    if (away_busy && replaces(&away, &st))
        (void)wait_away(ctx);
    unlock();
}

static long elapsed_ns(const struct timespec *since) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - since->tv_sec) * 1000000000L +
           (now.tv_nsec - since->tv_nsec);
}

bool sgft__batch_on(void) { return atomic_load(&batch_on); }

/* At most a quarter of the descriptors a process may have, and at most
 * 1024, are old files held (two groups of 256 need 512). */
bool sgft__batch_may_hold(int fd) {
    static atomic_int limit; /* 0: not known yet */
    int l = atomic_load(&limit);
    if (!l) {
        struct rlimit r;
        l = 1024;
        if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY &&
            r.rlim_cur / 4 < (rlim_t)l)
            l = (int)(r.rlim_cur / 4);
        atomic_store(&limit, l);
    }
    return fd < l;
}

int sgft__batch_defer(sgft_ctx *ctx, out_dir *dir, char *tmp, char *name,
                      char *path, char *shown, temp_slot *slot,
                      const struct stat *old, uint64_t size, int held,
                      int unnamed) {
    lock();
    if (!sgft__vec_grow(&fill.v, &fill.cap, fill.n + 1, sizeof *fill.v, 16)) {
        unlock();
        errno = ENOMEM;
        return -1;
    }
    if (!fill.n)
        clock_gettime(CLOCK_MONOTONIC, &fill.since);
    /* The run's messages are all in: its output is the last thing it
     * does (without an input path, a fault goes to the waiting call). */
    sgft_summary was = ctx->sum;
    was.output = SGFT_OUTPUT_CHANGED;
    was.written = true;
    char *in = ctx->in_path ? strdup(ctx->in_path) : NULL;
    fill.v[fill.n++] = (pending){sgft__dir_ref(dir), tmp,  name,    path,
                                 shown, in, was, slot, *old, held, unnamed,
                                 0, NULL};
    fill.bytes += size;
    if (fill.n >= GROUP_FILES || fill.bytes >= GROUP_BYTES ||
        elapsed_ns(&fill.since) >= GROUP_NSEC)
        (void)hand_over(ctx);
    unlock();
    return 0;
}

int sgft__batch_written(out_dir *dir, bool replaced) {
    if (!atomic_load(&batch_on)) {
        if (replaced)
            sync_folder(dir);
        return 0;
    }
    lock();
    bool ok = note_folder(&fill, dir);
    unlock();
    return ok ? 0 : -1;
}
