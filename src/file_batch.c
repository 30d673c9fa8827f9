/* file_batch.c - the outputs of a batch made durable in groups (see
 * sgftidy(1), FILES), and the sgft_outputs object that holds them: a
 * replacement waits, renamed only after one sync of each file system
 * written covers its whole group, and the folders of new files are
 * synced once, at sgft_outputs_sync.  The output files themselves are
 * file.c's, their temporary files file_temp.c's.
 *
 * The library starts no thread.  A program that wants a group put in
 * place while its batch goes on with the next files runs
 * sgft_outputs_work in threads of its own: one that takes the groups
 * (their sync, their renames, which free the old files and may wait for
 * the disk to discard their blocks, and the syncs of their folders), and
 * others that take the closes of the old files, held open until the
 * renames, since closing the last descriptor of a file that has no name
 * any more frees its blocks, and a file system may wait there for the
 * disk.  So the next group need not wait for that, and several closes at
 * once overlap their waits.  One group at a time is away: the next one
 * waits until it is done.  Without a thread that takes groups, a group is
 * put in place by the call that hands it over; without one that takes
 * closes, an old file is closed where its group is put in place.
 *
 * A rename fault of a group is reported by the call that waits for the
 * group (the one that hands the next group over,
 * sgft__outputs_before_read, or sgft_outputs_sync), through that call's
 * context, or to the handler of late faults: the fault is the same, the
 * file whose messages show it may be a later one. */
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

struct sgft_outputs {
    temp_list temps; /* their temporary files (file_temp.c) */
    bool batch;      /* SGFT_OUTPUTS_BATCH */
    int hold_limit;  /* the old files' descriptors held stay below this */
    /* A mutex, not a spin lock: a thread may wait, holding it, for a
     * group. */
    pthread_mutex_t lock;
    pthread_cond_t work_cv; /* a group away, a close queued, or the end */
    pthread_cond_t done_cv; /* the group away is done */
    pthread_cond_t idle_cv; /* no close queued nor under way */
    /* Under lock: fill is the group being filled; away the one handed
     * to a worker (while away_busy, only that worker touches it, but for
     * the device and inode of its replacements, which stay as they
     * are). */
    group fill, away;
    bool away_busy, syncing;
    sgft_late_fault_fn late_fn; /* sgft_outputs_on_late_fault */
    void *late_data;
    /* The threads in sgft_outputs_work, by what they take; quit once
     * sgft_outputs_stop was called. */
    int group_workers, close_workers;
    bool quit;
    /* The old files waiting for a closer, and the closes under way. */
    int *to_close;
    size_t nclose, close_cap;
    int closing;
};

static void lock(sgft_outputs *g) { pthread_mutex_lock(&g->lock); }

static void unlock(sgft_outputs *g) { pthread_mutex_unlock(&g->lock); }

/* At most a quarter of the descriptors a process may have, and at most
 * 1024, are old files held (two groups of 256 need 512). */
static int hold_limit(void) {
    struct rlimit r;
    int l = 1024;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY &&
        r.rlim_cur / 4 < (rlim_t)l)
        l = (int)(r.rlim_cur / 4);
    return l;
}

sgft_outputs *sgft_outputs_new(unsigned flags) {
    sgft_outputs *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    if (pthread_mutex_init(&g->lock, NULL) != 0) {
        free(g);
        return NULL;
    }
    pthread_cond_init(&g->work_cv, NULL);
    pthread_cond_init(&g->done_cv, NULL);
    pthread_cond_init(&g->idle_cv, NULL);
    sgft__temp_list_init(&g->temps);
    g->batch = (flags & SGFT_OUTPUTS_BATCH) != 0;
    g->hold_limit = g->batch ? hold_limit() : 0;
    return g;
}

static void group_free(group *g) {
    for (size_t i = 0; i < g->ndirs; i++)
        sgft__dir_unref(g->dirs[i]);
    free(g->dirs);
    free(g->v);
}

void sgft_outputs_free(sgft_outputs *g) {
    if (!g)
        return;
    group_free(&g->fill);
    group_free(&g->away);
    free(g->to_close);
    sgft__temp_list_free(&g->temps);
    pthread_cond_destroy(&g->work_cv);
    pthread_cond_destroy(&g->done_cv);
    pthread_cond_destroy(&g->idle_cv);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

void sgft_ctx_set_outputs(sgft_ctx *ctx, sgft_outputs *g) { ctx->outputs = g; }

temp_list *sgft__outputs_temps(sgft_outputs *g) { return g ? &g->temps : NULL; }

void sgft_outputs_on_late_fault(sgft_outputs *g, sgft_late_fault_fn fn,
                                void *userdata) {
    lock(g);
    g->late_fn = fn;
    g->late_data = userdata;
    unlock(g);
}

void sgft_outputs_on_first_temp_file(sgft_outputs *g, void (*fn)(void *),
                                     void *userdata) {
    sgft__temp_list_on_first(&g->temps, fn, userdata);
}

void sgft_outputs_remove_temp_files(sgft_outputs *g) {
    if (g)
        sgft__temp_list_remove(&g->temps);
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

/* The old files of g, held open until its renames, handed over to the
 * workers that take closes; those that none takes stay in g, for
 * close_held.  Called locked. */
static void queue_held(sgft_outputs *o, group *g) {
    for (size_t i = 0; i < g->n; i++)
        if (g->v[i].held >= 0 && o->close_workers && !o->quit &&
            sgft__vec_grow(&o->to_close, &o->close_cap, o->nclose + 1,
                           sizeof *o->to_close, 256)) {
            o->to_close[o->nclose++] = g->v[i].held;
            g->v[i].held = -1;
            pthread_cond_broadcast(&o->work_cv);
        }
}

static void close_held(group *g) {
    for (size_t i = 0; i < g->n; i++)
        if (g->v[i].held >= 0) {
            close(g->v[i].held);
            g->v[i].held = -1;
        }
}

/* The group in place: every file system written syncs once, then the
 * renames, then the folders.  A rename fault is kept in its replacement
 * (err) for the report; no lock is needed (the group is the caller's
 * alone). */
static void put_in_place(sgft_outputs *o, group *g) {
    temp_list *tl = &o->temps;
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
        temp_section sec;
        if (!sgft__temp_enter(tl, &sec)) { /* being removed: the old content
                                              stays */
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
                   sgft__temp_link(tl, q->fd, dir, q->tmp, &q->slot) < 0) {
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
        sgft__temp_leave(tl, &sec);
        free(q->name);
        free(q->path);
    }
    for (size_t i = 0; i < g->ndirs; i++) {
        sync_folder(g->dirs[i]);
        sgft__dir_unref(g->dirs[i]);
    }
    g->ndirs = 0;
    /* The old files, held open, are freed next (queue_held). */
}

/* What report_late hands the handler of late faults. */
typedef struct late_call {
    const sgft_outputs *o;
    const pending *q;
} late_call;

static void late_diag(const sgft_diag *d, void *data) {
    const late_call *c = data;
    c->o->late_fn(c->q->in, &c->q->was, d, c->o->late_data);
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
static void report_late(sgft_outputs *o, sgft_ctx *ctx, const pending *q) {
    sgft_diag_fn fn = ctx->diag_fn;
    void *data = ctx->diag_data;
    sgft_summary sum = ctx->sum;
    late_call c = {o, q};
    ctx->diag_fn = late_diag;
    ctx->diag_data = &c;
    report_fault(ctx, q);
    ctx->diag_fn = fn;
    ctx->diag_data = data;
    ctx->sum = sum;
}

/* Reports the rename faults of a group put in place, and empties it;
 * -1 when it had a fault reported through ctx (not to the handler of
 * late faults).  Called locked. */
static int report_group(sgft_outputs *o, sgft_ctx *ctx, group *g) {
    int st = g->failed ? -1 : 0;
    for (size_t i = 0; i < g->n; i++) {
        pending *q = &g->v[i];
        if (q->err && o->late_fn && q->in) {
            report_late(o, ctx, q);
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

void sgft_outputs_work(sgft_outputs *o, unsigned what) {
    bool groups = (what & SGFT_WORK_GROUPS) != 0;
    bool closes = (what & SGFT_WORK_CLOSES) != 0;
    lock(o);
    o->group_workers += groups;
    o->close_workers += closes;
    for (;;) {
        if (groups && o->away_busy && !o->syncing) {
            o->syncing = true;
            unlock(o);
            put_in_place(o, &o->away);
            lock(o);
            queue_held(o, &o->away);
            unlock(o);
            close_held(&o->away); /* none takes closes */
            lock(o);
            o->syncing = false;
            o->away_busy = false;
            pthread_cond_broadcast(&o->done_cv);
        } else if (closes && o->nclose) {
            int fd = o->to_close[--o->nclose];
            o->closing++;
            unlock(o);
            close(fd);
            lock(o);
            if (!--o->closing && !o->nclose)
                pthread_cond_broadcast(&o->idle_cv);
        } else if (o->quit) {
            break;
        } else {
            pthread_cond_wait(&o->work_cv, &o->lock);
        }
    }
    o->group_workers -= groups;
    o->close_workers -= closes;
    unlock(o);
}

void sgft_outputs_stop(sgft_outputs *o) {
    lock(o);
    o->quit = true;
    pthread_cond_broadcast(&o->work_cv);
    unlock(o);
}

/* Waits until no group is away, then reports the faults of the last one
 * (through ctx).  Called locked. */
static int wait_away(sgft_outputs *o, sgft_ctx *ctx) {
    while (o->away_busy)
        pthread_cond_wait(&o->done_cv, &o->lock);
    return report_group(o, ctx, &o->away);
}

/* Hands the group being filled over to a worker (once the group away
 * before it is done, its faults reported through ctx), or puts it in
 * place here when none runs.  Called locked. */
static int hand_over(sgft_outputs *o, sgft_ctx *ctx) {
    int st = wait_away(o, ctx);
    if (!o->fill.n && !o->fill.ndirs && !o->fill.failed)
        return st; /* another thread handed it over meanwhile */
    group t = o->away; /* the emptied group's memory is used again */
    o->away = o->fill;
    o->fill = t;
    if (o->group_workers && !o->quit) {
        o->away_busy = true;
        pthread_cond_broadcast(&o->work_cv);
    } else {
        put_in_place(o, &o->away);
        queue_held(o, &o->away);
        close_held(&o->away);
        if (report_group(o, ctx, &o->away) < 0)
            st = -1;
    }
    return st;
}

int sgft_outputs_sync(sgft_outputs *o, sgft_ctx *ctx) {
    SGFT_HOOK("outputs-sync", NULL);
    lock(o);
    int st = 0;
    if (o->fill.n || o->fill.ndirs || o->fill.failed)
        st = hand_over(o, ctx);
    if (wait_away(o, ctx) < 0)
        st = -1;
    /* The old files closed too: a batch that ends has freed them. */
    while (o->nclose || o->closing)
        pthread_cond_wait(&o->idle_cv, &o->lock);
    unlock(o);
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
    sgft_outputs *o = ctx->outputs;
    if (!o || !o->batch)
        return;
    /* Nothing waits (as with --outdir): the file need not be looked at.
     * A replacement of it added meanwhile is another job's, which the
     * batch never runs beside a job that reads the same file. */
    lock(o);
    bool waiting = o->fill.n || o->away_busy;
    unlock(o);
    if (!waiting || fstatat(dir, name, &st, 0) < 0)
        return;
    lock(o);
    if (replaces(&o->fill, &st))
        (void)hand_over(o, ctx);
    if (o->away_busy && replaces(&o->away, &st))
        (void)wait_away(o, ctx);
    unlock(o);
}

static long elapsed_ns(const struct timespec *since) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - since->tv_sec) * 1000000000L +
           (now.tv_nsec - since->tv_nsec);
}

bool sgft__batch_on(const sgft_outputs *o) { return o && o->batch; }

bool sgft__batch_may_hold(const sgft_outputs *o, int fd) {
    return o && fd < o->hold_limit;
}

int sgft__batch_defer(sgft_ctx *ctx, out_dir *dir, char *tmp, char *name,
                      char *path, char *shown, temp_slot *slot,
                      const struct stat *old, uint64_t size, int held,
                      int unnamed) {
    sgft_outputs *o = ctx->outputs;
    group *f = &o->fill;
    lock(o);
    if (!sgft__vec_grow(&f->v, &f->cap, f->n + 1, sizeof *f->v, 16)) {
        unlock(o);
        errno = ENOMEM;
        return -1;
    }
    if (!f->n)
        clock_gettime(CLOCK_MONOTONIC, &f->since);
    /* The run's messages are all in: its output is the last thing it
     * does (without an input path, a fault goes to the waiting call). */
    sgft_summary was = ctx->sum;
    was.output = SGFT_OUTPUT_CHANGED;
    was.written = true;
    char *in = ctx->in_path ? strdup(ctx->in_path) : NULL;
    f->v[f->n++] = (pending){sgft__dir_ref(dir), tmp,  name,    path,
                             shown, in, was, slot, *old, held, unnamed,
                             0, NULL};
    f->bytes += size;
    if (f->n >= GROUP_FILES || f->bytes >= GROUP_BYTES ||
        elapsed_ns(&f->since) >= GROUP_NSEC)
        (void)hand_over(o, ctx);
    unlock(o);
    return 0;
}

int sgft__batch_written(sgft_outputs *o, out_dir *dir, bool replaced) {
    if (!o || !o->batch) {
        if (replaced)
            sync_folder(dir);
        return 0;
    }
    lock(o);
    bool ok = note_folder(&o->fill, dir);
    unlock(o);
    return ok ? 0 : -1;
}
