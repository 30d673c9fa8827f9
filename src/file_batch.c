/* file_batch.c - the outputs of a batch made durable in groups (see
 * sgftidy(1), FILES): a replacement waits, renamed only after one sync of
 * each file system written covers its whole group, and the folders of new
 * files are synced once, at sgft_outputs_sync.  The output files
 * themselves are file.c's. */
/* syncfs */
#define _GNU_SOURCE
#define _XOPEN_SOURCE 700

#include "config.h"

#include "internal.h"
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A replacement waiting for the sync of its group. */
typedef struct pending {
    char *tmp, *path, *shown;
    temp_slot *slot;
    dev_t dev; /* the file replaced */
    ino_t ino;
} pending;

/* A group goes in place at this many files, bytes or seconds. */
#define GROUP_FILES 256
#define GROUP_BYTES ((uint64_t)1 << 20)
#define GROUP_NSEC 500000000L

static atomic_bool batch_on;
/* A mutex, not a spin lock: a thread may hold it through a sync. */
static pthread_mutex_t batch_lock = PTHREAD_MUTEX_INITIALIZER;
static pending *pend;
static size_t npend, pend_cap;
static uint64_t pend_bytes;
static struct timespec pend_since;
static char **dirs; /* folders written into since the last sync */
static size_t ndirs, dirs_cap;

static void lock(void) { pthread_mutex_lock(&batch_lock); }

static void unlock(void) { pthread_mutex_unlock(&batch_lock); }

void sgft_outputs_batch(bool on) { atomic_store(&batch_on, on); }

/* The folder of path ("." for a bare name), malloc'd. */
static char *folder_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* Notes the folder of path as written into (once in a row). */
static bool note_folder(const char *path) {
    char *d = folder_of(path);
    if (!d)
        return false;
    if (ndirs && strcmp(dirs[ndirs - 1], d) == 0) {
        free(d);
        return true;
    }
    if (!sgft__vec_grow(&dirs, &dirs_cap, ndirs + 1, sizeof *dirs, 16)) {
        free(d);
        return false;
    }
    dirs[ndirs++] = d;
    return true;
}

static int str_cmp(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Makes a folder's entries durable; a file system that cannot sync a
 * folder (EINVAL) has nothing to do. */
static void sync_folder(const char *dir) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOCTTY);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

/* The group in place: every file system written syncs once, then the
 * renames, then the folders.  Called locked. */
static int flush_locked(sgft_ctx *ctx) {
    int st = 0;
    for (size_t i = 0; i < npend; i++)
        if (!note_folder(pend[i].path))
            st = -1;
    if (ndirs > 1) {
        qsort(dirs, ndirs, sizeof *dirs, str_cmp);
        size_t u = 1;
        for (size_t i = 1; i < ndirs; i++) {
            if (strcmp(dirs[i], dirs[u - 1]) == 0)
                free(dirs[i]);
            else
                dirs[u++] = dirs[i];
        }
        ndirs = u;
    }
#ifdef HAVE_SYNCFS
    dev_t synced[8];
    size_t nsynced = 0;
    for (size_t i = 0; i < ndirs; i++) {
        int fd = open(dirs[i], O_RDONLY | O_DIRECTORY | O_NOCTTY);
        struct stat dst;
        if (fd < 0 || fstat(fd, &dst) < 0) {
            if (fd >= 0)
                close(fd);
            continue;
        }
        size_t k = 0;
        while (k < nsynced && synced[k] != dst.st_dev)
            k++;
        if (k == nsynced) {
            (void)syncfs(fd);
            if (nsynced < sizeof synced / sizeof *synced)
                synced[nsynced++] = dst.st_dev;
        }
        close(fd);
    }
#else
    sync();
#endif
    for (size_t i = 0; i < npend; i++) {
        pending *q = &pend[i];
        if (!sgft__temp_enter()) { /* being removed: the old content stays */
            st = -1;
            continue;
        }
        if (rename(q->tmp, q->path) < 0) {
            int e = errno;
            sgft__report_file(ctx, M_CANNOT_WRITE_OUTPUT, q->shown, e);
            unlink(q->tmp);
            st = -1;
        }
        sgft__temp_unregister(q->slot);
        free(q->tmp);
        sgft__temp_leave();
        free(q->path);
        free(q->shown);
    }
    npend = 0;
    pend_bytes = 0;
    for (size_t i = 0; i < ndirs; i++) {
        sync_folder(dirs[i]);
        free(dirs[i]);
    }
    ndirs = 0;
    return st;
}

int sgft_outputs_sync(sgft_ctx *ctx) {
    lock();
    int st = npend || ndirs ? flush_locked(ctx) : 0;
    unlock();
    return st;
}

void sgft__outputs_before_read(sgft_ctx *ctx, const char *path) {
    struct stat st;
    if (!atomic_load(&batch_on))
        return;
    /* Nothing waits (as with --outdir): the file need not be looked at.
     * A replacement of it added meanwhile is another job's, which the
     * batch never runs beside a job that reads the same file. */
    lock();
    size_t waiting = npend;
    unlock();
    if (!waiting || stat(path, &st) < 0)
        return;
    lock();
    for (size_t i = 0; i < npend; i++)
        if (pend[i].dev == st.st_dev && pend[i].ino == st.st_ino) {
            (void)flush_locked(ctx);
            break;
        }
    unlock();
}

static long elapsed_ns(const struct timespec *since) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - since->tv_sec) * 1000000000L +
           (now.tv_nsec - since->tv_nsec);
}

bool sgft__batch_on(void) { return atomic_load(&batch_on); }

int sgft__batch_defer(sgft_ctx *ctx, char *tmp, char *path, char *shown,
                      temp_slot *slot, const struct stat *old, uint64_t size) {
    lock();
    if (!sgft__vec_grow(&pend, &pend_cap, npend + 1, sizeof *pend, 16)) {
        unlock();
        errno = ENOMEM;
        return -1;
    }
    if (!npend)
        clock_gettime(CLOCK_MONOTONIC, &pend_since);
    pend[npend++] = (pending){tmp, path, shown, slot, old->st_dev, old->st_ino};
    pend_bytes += size;
    if (npend >= GROUP_FILES || pend_bytes >= GROUP_BYTES ||
        elapsed_ns(&pend_since) >= GROUP_NSEC)
        (void)flush_locked(ctx);
    unlock();
    return 0;
}

int sgft__batch_written(const char *path, bool replaced) {
    if (!atomic_load(&batch_on)) {
        if (replaced) {
            char *d = folder_of(path);
            if (d)
                sync_folder(d);
            free(d);
        }
        return 0;
    }
    lock();
    bool ok = note_folder(path);
    unlock();
    return ok ? 0 : -1;
}
