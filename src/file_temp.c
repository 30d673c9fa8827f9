/* file_temp.c - the temporary files of the outputs (file.c): their
 * names beside the file they replace, the list of an sgft_outputs where
 * sgft_outputs_remove_temp_files() (safe in a signal handler) finds
 * them, and the files made without a name where the system can (Linux's
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

/* Slots are freed only with their list: a signal handler may walk the
 * list at any time.  A slot is free when it is not taken; a taken slot's
 * name (NULL until it is set, and once it is removed) is in the folder
 * dir, a descriptor that stays open while the name is listed. */
struct temp_slot {
    struct temp_slot *next;
    atomic_bool taken;
    atomic_int dir;
    _Atomic(char *) path;
};

void sgft__temp_list_init(temp_list *tl) {
    atomic_init(&tl->head, NULL);
    atomic_init(&tl->busy, 0);
    atomic_init(&tl->ending, false);
    tl->first_fn = NULL;
    tl->first_data = NULL;
    atomic_init(&tl->first_done, false);
    pthread_mutex_init(&tl->first_lock, NULL);
    pthread_mutex_init(&tl->probe_lock, NULL);
    tl->nprobed = 0;
    atomic_init(&tl->proc_fds, 0);
}

void sgft__temp_list_free(temp_list *tl) {
    temp_slot *s = atomic_load(&tl->head);
    while (s) {
        temp_slot *next = s->next;
        free(s);
        s = next;
    }
    pthread_mutex_destroy(&tl->first_lock);
    pthread_mutex_destroy(&tl->probe_lock);
}

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
 * has ended; so a handler never runs in a thread inside a section, and
 * the remover waits for every section there is.  A section may hold
 * others (a file named while its group is renamed): each keeps the mask
 * it found, and the innermost finds every signal blocked already.
 * Without a list (a context given no sgft_outputs) there is nothing for
 * a handler to find, and a section is nothing at all. */
bool sgft__temp_enter(temp_list *tl, temp_section *sec) {
    if (!tl)
        return true;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &sec->mask);
    atomic_fetch_add(&tl->busy, 1);
    if (!atomic_load(&tl->ending))
        return true;
    sgft__temp_leave(tl, sec);
    return false;
}

void sgft__temp_leave(temp_list *tl, temp_section *sec) {
    if (!tl)
        return;
    atomic_fetch_sub(&tl->busy, 1);
    pthread_sigmask(SIG_SETMASK, &sec->mask, NULL);
}

void sgft__temp_list_on_first(temp_list *tl, void (*fn)(void *), void *data) {
    tl->first_fn = fn;
    tl->first_data = data;
}

/* The function of sgft_outputs_on_first_temp_file, called once: the
 * threads that come meanwhile wait until it has returned. */
void sgft__temp_first(temp_list *tl) {
    if (!tl || !tl->first_fn ||
        atomic_load_explicit(&tl->first_done, memory_order_acquire))
        return;
    pthread_mutex_lock(&tl->first_lock);
    if (!atomic_load_explicit(&tl->first_done, memory_order_relaxed)) {
        tl->first_fn(tl->first_data);
        atomic_store_explicit(&tl->first_done, true, memory_order_release);
    }
    pthread_mutex_unlock(&tl->first_lock);
}

/* Lists the name path of the folder dir (the folder first, then the
 * name: a handler that finds the name finds its folder). */
static temp_slot *temp_register(temp_list *tl, int dir, char *path) {
    for (temp_slot *s = atomic_load(&tl->head); s; s = s->next) {
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
    s->next = atomic_load(&tl->head);
    while (!atomic_compare_exchange_weak(&tl->head, &s->next, s))
        ;
    return s;
}

void sgft__temp_unregister(temp_slot *s) {
    if (s) {
        atomic_store(&s->path, NULL);
        atomic_store(&s->taken, false);
    }
}

/* Async-signal-safe: atomics, nanosleep and unlinkat. */
void sgft__temp_list_remove(temp_list *tl) {
    atomic_store(&tl->ending, true);
    /* The sections of other threads are short (a system call or two);
     * a thread that cannot run is not waited for beyond two seconds. */
    for (int k = 0; k < 2000 && atomic_load(&tl->busy) > 0; k++) {
        struct timespec t = {0, 1000000};
        nanosleep(&t, NULL);
    }
    for (temp_slot *s = atomic_load(&tl->head); s; s = s->next) {
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
 * a file name that does not exist yet: from the clock, the process, the
 * try and the name's own memory (which no other name being guessed at
 * the same time has), so that threads that guess at once guess apart. */
static void guess_name(char *name, int try) {
    static const char digits[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t v = ((uint64_t)try + 1) * UINT64_C(0x9e3779b97f4a7c15) ^
                 (uint64_t)t.tv_nsec * UINT64_C(0xbf58476d1ce4e5b9) ^
                 (uint64_t)(uintptr_t)name * UINT64_C(0x94d049bb133111eb) ^
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
static int make_entry(temp_list *tl, int dir, char *name, int fd,
                      mode_t mode, temp_slot **slot) {
    int got = -1, e = 0;
    *slot = NULL;
    if (sgft__folder_locked(dir)) {
        errno = EPERM; /* it could never be renamed nor removed */
        return -1;
    }
    for (int tries = 0; got < 0 && !e; tries++) {
        guess_name(name, tries);
        temp_section sec;
        if (!sgft__temp_enter(tl, &sec)) {
            e = EINTR;
            break;
        }
        got = fd < 0 ? openat(dir, name,
                              O_RDWR | O_CREAT | O_EXCL | O_NOCTTY | O_NOFOLLOW,
                              mode)
                     : sgft__temp_link_new(fd, dir, name);
        if (got < 0) {
            e = errno == EEXIST && tries < 100 ? 0 : errno;
        } else if (tl && !(*slot = temp_register(tl, dir, name))) {
            e = ENOMEM;
            unlinkat(dir, name, 0);
            if (fd < 0)
                close(got);
            got = -1;
        }
        sgft__temp_leave(tl, &sec);
    }
    errno = e;
    return got;
}

int sgft__temp_create(temp_list *tl, int dir, char *name, mode_t mode,
                      temp_slot **slot) {
    return make_entry(tl, dir, name, -1, mode, slot);
}

char *sgft__temp_shown(const char *path, const char *tmp) {
    const char *slash = strrchr(path, '/');
    size_t a = slash ? (size_t)(slash - path) + 1 : 0, n = a + strlen(tmp) + 1;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%.*s%s", (int)a, path, tmp);
    return s;
}

/* --- files without a name ------------------------------------------------- */

/* Whether a file without a name can be given one: through its entry in
 * /proc/self/fd (a link to it with AT_SYMLINK_FOLLOW needs no
 * privilege, unlike AT_EMPTY_PATH).  Looked at once a list, or each
 * time without one. */
static bool proc_fds(temp_list *tl) {
    int k = tl ? atomic_load(&tl->proc_fds) : 0; /* 0 not yet, 1 yes, 2 no */
    if (!k) {
        struct stat st;
        k = stat("/proc/self/fd", &st) == 0 && S_ISDIR(st.st_mode) ? 1 : 2;
        if (tl)
            atomic_store(&tl->proc_fds, k);
    }
    return k == 1;
}

int sgft__temp_unnamed(temp_list *tl, int dir, mode_t mode) {
#ifdef O_TMPFILE
    if (!proc_fds(tl))
        return -1;
    return openat(dir, ".", O_TMPFILE | O_RDWR | O_NOCTTY, mode);
#else
    (void)tl;
    (void)dir;
    (void)mode;
    return -1;
#endif
}

int sgft__temp_link(temp_list *tl, int fd, int dir, char *name,
                    temp_slot **slot) {
    return make_entry(tl, dir, name, fd, 0, slot) < 0 ? -1 : 0;
}

/* Whether files without a name get one, by file system: what the probes
 * found (a few file systems kept in the list; the others are probed each
 * time). */
int sgft__temp_links_on(temp_list *tl, dev_t dev) {
    int k = -1;
    if (!tl)
        return k;
    pthread_mutex_lock(&tl->probe_lock);
    for (size_t i = 0; i < tl->nprobed; i++)
        if (tl->probed[i].dev == dev)
            k = tl->probed[i].works;
    pthread_mutex_unlock(&tl->probe_lock);
    return k;
}

void sgft__temp_links_found(temp_list *tl, dev_t dev, bool works) {
    if (!tl)
        return;
    pthread_mutex_lock(&tl->probe_lock);
    if (tl->nprobed < sizeof tl->probed / sizeof *tl->probed) {
        tl->probed[tl->nprobed].dev = dev;
        tl->probed[tl->nprobed++].works = works;
    }
    pthread_mutex_unlock(&tl->probe_lock);
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
