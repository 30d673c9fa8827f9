/* file_temp.c - the temporary files of the outputs (file.c): their
 * names beside the file they replace, the list where
 * sgft_remove_temp_files() (safe in a signal handler) finds them, and
 * the files made without a name where the system can (Linux's
 * O_TMPFILE), which get their temporary name only once complete: a
 * process killed while it writes (SIGKILL, out of memory) or a crash
 * then leaves no stray file behind; and the rename of a new output into
 * a place where no file may be replaced. */
/* O_TMPFILE, linkat */
#define _GNU_SOURCE
#define _XOPEN_SOURCE 700

#include "config.h"

#include "internal.h"
#include "file.h"
#include "hook.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/fs.h> /* FS_IOC_GETFLAGS */
#include <sys/ioctl.h>
#endif

/* --- the list ------------------------------------------------------------ */

/* Slots are never freed: a signal handler may walk the list at any time.
 * A slot is free when it is not taken; a taken slot's name (NULL until
 * it is set, and once it is removed) is in the folder dir, a descriptor
 * that stays open while the name is listed. */
struct temp_slot {
    struct temp_slot *next;
    atomic_bool taken;
    atomic_int dir;
    _Atomic(char *) path;
};

static _Atomic(temp_slot *) temp_head;

/* Threads may write outputs while a signal handler, in any thread,
 * removes the temporary files.  What a thread does with the list and
 * with a temporary file's name (making it, renaming it, removing it) is
 * a section between sgft__temp_enter() and sgft__temp_leave(): the
 * remover lets the sections of other threads end before it walks the
 * list, and none begins after it started, so no file is made behind its
 * back and no name is freed while it reads it.  A section runs with the
 * signals blocked in its thread: a handler there could not wait for it,
 * and would miss a file made but not listed yet.  The signal is then
 * taken by another thread, which waits, or by this one once the section
 * has ended. */
static atomic_int temp_busy;     /* threads in a section */
static atomic_bool temp_ending;  /* sgft_remove_temp_files() was called */
static _Thread_local volatile sig_atomic_t temp_mine; /* this thread is in one */
static _Thread_local sigset_t temp_mask;  /* its signal mask before */
static _Thread_local int temp_depth;      /* sections inside sections */

/* false once the temporary files are being removed: then nothing may be
 * made, renamed or freed any more.  A section may hold others (a file
 * named while its group is renamed): only the outermost one counts. */
bool sgft__temp_enter(void) {
    if (temp_depth) {
        temp_depth++;
        return true;
    }
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &temp_mask);
    temp_depth = 1;
    temp_mine = 1;
    atomic_fetch_add(&temp_busy, 1);
    if (!atomic_load(&temp_ending))
        return true;
    sgft__temp_leave();
    return false;
}

void sgft__temp_leave(void) {
    if (--temp_depth)
        return;
    atomic_fetch_sub(&temp_busy, 1);
    temp_mine = 0;
    pthread_sigmask(SIG_SETMASK, &temp_mask, NULL);
}

/* sgft_on_first_temp_file: called once, before the first temporary
 * file is made. */
static void (*first_temp_fn)(void);
static pthread_once_t first_temp_once = PTHREAD_ONCE_INIT;

void sgft_on_first_temp_file(void (*fn)(void)) { first_temp_fn = fn; }

static void call_first_temp_fn(void) {
    if (first_temp_fn)
        first_temp_fn();
}

void sgft__temp_first(void) {
    if (first_temp_fn)
        pthread_once(&first_temp_once, call_first_temp_fn);
}

/* Lists the name path of the folder dir (the folder first, then the
 * name: a handler that finds the name finds its folder). */
static temp_slot *temp_register(int dir, char *path) {
    for (temp_slot *s = atomic_load(&temp_head); s; s = s->next) {
        bool expected = false;
        if (atomic_compare_exchange_strong(&s->taken, &expected, true)) {
            atomic_store(&s->dir, dir);
            atomic_store(&s->path, path);
            return s;
        }
    }
    temp_slot *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    atomic_init(&s->taken, true);
    atomic_init(&s->dir, dir);
    atomic_init(&s->path, path);
    s->next = atomic_load(&temp_head);
    while (!atomic_compare_exchange_weak(&temp_head, &s->next, s))
        ;
    return s;
}

void sgft__temp_unregister(temp_slot *s) {
    if (s) {
        atomic_store(&s->path, NULL);
        atomic_store(&s->taken, false);
    }
}

void sgft_remove_temp_files(void) {
    atomic_store(&temp_ending, true);
    /* The sections of other threads are short (a system call or two);
     * a thread that cannot run is not waited for beyond two seconds. */
    for (int k = 0; k < 2000 && atomic_load(&temp_busy) > temp_mine; k++) {
        struct timespec t = {0, 1000000};
        nanosleep(&t, NULL);
    }
    for (temp_slot *s = atomic_load(&temp_head); s; s = s->next) {
        char *p = atomic_exchange(&s->path, NULL);
        if (p)
            unlinkat(atomic_load(&s->dir), p, 0);
    }
}

/* --- names --------------------------------------------------------------- */

char *sgft__temp_name_for(const char *name) {
    size_t namelen = strlen(name);
    if (namelen > 200)
        namelen = 200;
    size_t n = namelen + 16;
    char *t = malloc(n);
    if (t)
        snprintf(t, n, ".%.*s.XXXXXX", (int)namelen, name);
    return t;
}

/* The last six characters of name (XXXXXX) made into a new guess for
 * a file name that does not exist yet. */
static void guess_name(char *name) {
    static const char digits[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static atomic_uint_fast64_t made;
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t v = (atomic_fetch_add(&made, 1) + 1) * UINT64_C(0x9e3779b97f4a7c15) ^
                 (uint64_t)t.tv_nsec * UINT64_C(0xbf58476d1ce4e5b9) ^
                 (uint64_t)getpid() << 32;
    char *x = name + strlen(name) - 6;
    for (int i = 0; i < 6; i++) {
        x[i] = digits[v % 62];
        v /= 62;
    }
}

bool sgft__folder_locked(int dir) {
#ifdef FS_IOC_GETFLAGS
    int flags = 0;
    return ioctl(dir, FS_IOC_GETFLAGS, &flags) == 0 &&
           (flags & (FS_APPEND_FL | FS_IMMUTABLE_FL)) != 0;
#else
    (void)dir;
    return false;
#endif
}

/* Makes the entry name, its XXXXXX guessed until it is new: a new file
 * of mode when fd < 0 (its descriptor is returned), else a link to the
 * unnamed file fd (0 is returned); -1 with errno set.  It is listed in
 * *slot once made: a name listed before would be removed by a signal in
 * between even when it is another file's. */
static int make_entry(int dir, char *name, int fd, mode_t mode,
                      temp_slot **slot) {
    int got = -1, e = 0;
    *slot = NULL;
    if (sgft__folder_locked(dir)) {
        errno = EPERM; /* it could never be renamed nor removed */
        return -1;
    }
    for (int tries = 0; got < 0 && !e; tries++) {
        guess_name(name);
        if (!sgft__temp_enter()) {
            e = EINTR;
            break;
        }
        got = fd < 0 ? openat(dir, name,
                              O_RDWR | O_CREAT | O_EXCL | O_NOCTTY | O_NOFOLLOW,
                              mode)
                     : sgft__temp_link_new(fd, dir, name);
        if (got < 0) {
            e = errno == EEXIST && tries < 100 ? 0 : errno;
        } else if (!(*slot = temp_register(dir, name))) {
            e = ENOMEM;
            unlinkat(dir, name, 0);
            if (fd < 0)
                close(got);
            got = -1;
        }
        sgft__temp_leave();
    }
    errno = e;
    return got;
}

int sgft__temp_create(int dir, char *name, mode_t mode, temp_slot **slot) {
    return make_entry(dir, name, -1, mode, slot);
}

/* --- files without a name ------------------------------------------------- */

/* Whether a file without a name can be given one: through its entry in
 * /proc/self/fd (a link to it with AT_SYMLINK_FOLLOW needs no
 * privilege, unlike AT_EMPTY_PATH). */
static bool proc_fds(void) {
    static atomic_int known; /* 0 not yet, 1 yes, 2 no */
    int k = atomic_load(&known);
    if (!k) {
        struct stat st;
        k = stat("/proc/self/fd", &st) == 0 && S_ISDIR(st.st_mode) ? 1 : 2;
        atomic_store(&known, k);
    }
    return k == 1;
}

int sgft__temp_unnamed(int dir, mode_t mode) {
#ifdef O_TMPFILE
    if (!proc_fds())
        return -1;
    return openat(dir, ".", O_TMPFILE | O_RDWR | O_NOCTTY, mode);
#else
    (void)dir;
    (void)mode;
    return -1;
#endif
}

int sgft__temp_link(int fd, int dir, char *name, temp_slot **slot) {
    return make_entry(dir, name, fd, 0, slot) < 0 ? -1 : 0;
}

/* Whether files without a name get one, by file system: what the probes
 * found (a few file systems kept; the others are probed each time). */
static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    dev_t dev;
    bool works;
} probed[16];
static size_t nprobed;

int sgft__temp_links_on(dev_t dev) {
    int k = -1;
    pthread_mutex_lock(&probe_lock);
    for (size_t i = 0; i < nprobed; i++)
        if (probed[i].dev == dev)
            k = probed[i].works;
    pthread_mutex_unlock(&probe_lock);
    return k;
}

void sgft__temp_links_found(dev_t dev, bool works) {
    pthread_mutex_lock(&probe_lock);
    if (nprobed < sizeof probed / sizeof *probed) {
        probed[nprobed].dev = dev;
        probed[nprobed++].works = works;
    }
    pthread_mutex_unlock(&probe_lock);
}

/* --- into place ------------------------------------------------------------ */

int sgft__temp_link_new(int fd, int dir, const char *name) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    return linkat(AT_FDCWD, proc, dir, name, AT_SYMLINK_FOLLOW);
}

/* Renames tmp to path where no file is: EEXIST (-1) when another
 * program made one there since the run looked; renameat2's
 * RENAME_NOREPLACE, else a hard link (both refuse to replace), else, on
 * a file system that has neither, a check just before the rename. */
int sgft__temp_rename_new(int dir, const char *tmp, const char *name) {
#if defined(HAVE_RENAMEAT2) && defined(RENAME_NOREPLACE)
    if (renameat2(dir, tmp, dir, name, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
#endif
    if (linkat(dir, tmp, dir, name, 0) == 0) {
        (void)unlinkat(dir, tmp, 0); /* in place: a name left over is no fault */
        return 0;
    }
    if (errno == EEXIST)
        return -1;
    struct stat st;
    if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        errno = EEXIST;
        return -1;
    }
    return renameat(dir, tmp, dir, name);
}

static bool same_time(struct timespec a, struct timespec b) {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

/* Whether st, of a file swapped out by a rename, is still the file old
 * (its change time is the rename's: not compared). */
static bool is_old_file(const struct stat *st, const struct stat *old) {
    return st->st_dev == old->st_dev && st->st_ino == old->st_ino &&
           st->st_size == old->st_size && same_time(st->st_mtim, old->st_mtim);
}

int sgft__temp_replace(int dir, const char *tmp, const char *name,
                       const char *shown, const struct stat *old) {
    if (!sgft__file_unchanged(dir, name, old))
        return SGFT_FILE_CHANGED;
    SGFT_HOOK("replace", shown);
    (void)shown;
#if defined(HAVE_RENAMEAT2) && defined(RENAME_EXCHANGE)
    struct stat mine, out;
    const int nf = AT_SYMLINK_NOFOLLOW;
    if (fstatat(dir, tmp, &mine, nf) < 0)
        return errno;
    if (renameat2(dir, tmp, dir, name, RENAME_EXCHANGE) == 0) {
        /* tmp names the file swapped out: the one read, or one that
         * another program put there after the check above. */
        SGFT_HOOK("exchanged", shown);
        if (fstatat(dir, tmp, &out, nf) == 0 && is_old_file(&out, old)) {
            (void)unlinkat(dir, tmp, 0); /* replaced: what is left is no fault */
            return 0;
        }
        if (renameat2(dir, tmp, dir, name, RENAME_EXCHANGE) == 0 &&
            fstatat(dir, tmp, &out, nf) == 0 && out.st_dev == mine.st_dev &&
            out.st_ino == mine.st_ino)
            return SGFT_FILE_CHANGED; /* swapped back: tmp is ours */
        /* Its path is gone too: the other program's file goes back to
         * it, where no file is. */
        if (fstatat(dir, tmp, &out, nf) == 0 &&
            !(out.st_dev == mine.st_dev && out.st_ino == mine.st_ino) &&
            sgft__temp_rename_new(dir, tmp, name) == 0)
            return SGFT_FILE_CHANGED;
        return SGFT_FILE_MOVED;
    }
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return errno;
    /* No exchange on this file system: the check above, just before. */
#endif
    return renameat(dir, tmp, dir, name) < 0 ? errno : 0;
}
