/* file.c - output files, as promised to the user (see sgftidy(1), FILES):
 *
 * - a regular file is written to a temporary file in its own folder and
 *   renamed over it when complete; owner, group and mode are kept where
 *   the system allows, and a set-id bit never survives a change of owner;
 * - a symbolic link is followed: its final target is replaced, the link
 *   stays;
 * - every look at an output, its temporary file and its replacement is
 *   relative to one descriptor of its folder, opened once (out_dir): the
 *   folder looked at is the folder written, even when another program
 *   swaps a folder on its path for a symbolic link meanwhile;
 * - a file with several hard links is left alone (message 105): renaming
 *   would split the links, rewriting in place would not be atomic;
 * - a device, FIFO or socket (and standard output) is a stream: the output
 *   is held back in an anonymous temporary file and copied into it only
 *   when the run has decided that it may be written;
 * - an existing file is compared with the new content as it is written;
 *   while they agree no temporary file exists, and a file whose content
 *   would not change is not touched at all;
 * - where the system can (Linux: O_TMPFILE, and /proc for the link), a
 *   temporary file has no name while it is written: it is linked under
 *   its temporary name only once complete, just before its rename, so a
 *   process killed meanwhile (SIGKILL, out of memory) or a crash leaves
 *   no stray file; a new file (but those of -s) is linked at its own path
 *   instead, once complete, by a link that never replaces a file;
 * - every temporary file with a name is listed in the sgft_outputs of
 *   its context, where sgft_outputs_remove_temp_files() (safe in a signal
 *   handler) finds it, and the first one is made only after the function
 *   given to sgft_outputs_on_first_temp_file() (the program's handlers)
 *   has run (the temporary files themselves are file_temp.c's);
 * - durability: a file that replaces another is on disk before the
 *   rename, and the folder after it, so that after a crash the file holds
 *   its old or its new content.  In batches (SGFT_OUTPUTS_BATCH) the
 *   replacements wait in a group that one sync of the file system makes
 *   durable before they are all renamed (file_batch.c), by a thread of
 *   the program's while the batch goes on (a rename fault is reported
 *   later: to the handler of late faults, or by the call that waits for
 *   the group); new files are synced once, at sgft_outputs_sync.
 */
/* S_ISSOCK, fchown, pread: POSIX with the X/Open extensions; syncfs. */
#define _GNU_SOURCE
#define _XOPEN_SOURCE 700

#include "config.h"

#include "internal.h"
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* --- helpers ------------------------------------------------------------- */

static bool same_time(struct timespec a, struct timespec b) {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

static int write_all(int fd, const char *b, size_t len) {
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

/* Reads up to len bytes at the current offset; the count, or -1. */
static ssize_t read_full(int fd, char *b, size_t len) {
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, b + got, len - got);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

/* --- output files -------------------------------------------------------- */

typedef enum out_kind { K_REPLACE, K_STREAM } out_kind;

struct outfile {
    sgft_ctx *ctx;
    temp_list *temps; /* of the context's outputs, or NULL */
    out_kind kind;
    char *shown;   /* the path as given, for messages */
    char *path;    /* K_REPLACE: the file replaced (links followed) */
    out_dir *dir;  /* K_REPLACE: its folder */
    char *name;    /* ... and its name there */
    char *tmp;     /* K_REPLACE: the temporary file's name in dir, once
                      created */
    bool unnamed;  /* ... made without a name: tmp is not linked yet */
    temp_slot *slot;
    int fd;        /* the temporary file, or the held-back stream copy */
    int target;    /* K_STREAM: where the output goes */
    bool own_target; /* target is ours to close */
    /* K_REPLACE over an existing file */
    bool exists;
    struct stat old;
    int old_fd;      /* the old content, read while it agrees, or -1 */
    uint64_t agreed; /* bytes written so far that equal the old content */
    int err;         /* errno of the first write fault */
    bool finished;   /* sgft__out_finish was called */
    bool link_new;   /* a new file: sgft__out_commit links it at its path */
    bool unchanged;  /* the old file already has the content */
    char *cmp;       /* comparison buffer ... */
    size_t cmp_cap;  /* ... of CMP_CHUNK bytes, or the old file's size */
    uint64_t size;   /* bytes written, once finished */
    uint64_t at;     /* bytes in o->fd */
};

#define CMP_CHUNK ((size_t)64 * 1024)

static void out_free(outfile *o) {
    if (!o)
        return;
    if (o->fd >= 0)
        close(o->fd);
    if (o->old_fd >= 0)
        close(o->old_fd);
    if (o->own_target && o->target >= 0)
        close(o->target);
    temp_section sec;
    if (o->tmp && o->unnamed) {
        free(o->tmp); /* closed above: gone */
    } else if (o->tmp && sgft__temp_enter(o->temps, &sec)) {
        sgft__temp_unregister(o->slot);
        unlinkat(o->dir->fd, o->tmp, 0);
        free(o->tmp);
        sgft__temp_leave(o->temps, &sec);
    } else if (o->tmp) {
        return; /* the signal handler removes it (in o->dir): the process
                   is ending */
    }
    sgft__dir_unref(o->dir);
    free(o->name);
    free(o->path);
    free(o->shown);
    free(o->cmp);
    free(o);
}

void sgft__out_abort(outfile *o) { out_free(o); }

/* The folder of the file that holds a stream's output back: $TMPDIR
 * when it names one (an absolute path), else /tmp. */
static const char *holding_folder(void) {
    const char *d = getenv("TMPDIR");
    return d && d[0] == '/' ? d : "/tmp";
}

/* An anonymous file in holding_folder() that holds a stream's output
 * until it may go out: without a name from the start where the system
 * makes such files (O_TMPFILE), else made and unlinked at once; -1 with
 * errno set. */
static int holding_file(void) {
    const char *dir = holding_folder();
    int fd = -1;
#ifdef O_TMPFILE
    fd = open(dir, O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR &&
                    errno != EINVAL))
        return fd;
#endif
    size_t n = strlen(dir) + 32;
    char *name = malloc(n);
    if (!name) {
        errno = ENOMEM;
        return -1;
    }
    snprintf(name, n, "%s/.sgftidy-held.XXXXXX", dir);
    fd = mkostemp(name, O_CLOEXEC);
    if (fd >= 0)
        unlink(name);
    int e = errno;
    free(name);
    errno = e;
    return fd;
}

/* A fault of the file that holds o's stream back, not of the stream:
 * messages name that file from now on (its folder, and the stream it
 * is for).  Without memory, they keep the stream's name. */
static void blame_holding(outfile *o) {
    const char *dir = holding_folder();
    size_t n = strlen(dir) + strlen(o->shown) + 80;
    char *s = malloc(n);
    if (!s)
        return;
    snprintf(s, n, "the temporary file in %s that holds %s back until it "
                   "may be written", dir, o->shown);
    free(o->shown);
    o->shown = s;
}

static int connect_socket(const char *path) {
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof a.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(a.sun_path, path, strlen(path) + 1);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

/* The descriptor a path names by itself: /dev/stdout, /dev/stderr,
 * /dev/fd/N and /proc/self/fd/N are written through that descriptor, as
 * the shell opened it (appending with >>, at its offset), never
 * replaced; -1 for any other path. */
static int named_descriptor(const char *path) {
    if (strcmp(path, "/dev/stdout") == 0)
        return STDOUT_FILENO;
    if (strcmp(path, "/dev/stderr") == 0)
        return STDERR_FILENO;
    const char *n = NULL;
    if (strncmp(path, "/dev/fd/", 8) == 0)
        n = path + 8;
    else if (strncmp(path, "/proc/self/fd/", 14) == 0)
        n = path + 14;
    if (!n || !*n || strlen(n) > 6 || strspn(n, "0123456789") != strlen(n))
        return -1;
    return atoi(n);
}

/* Makes o's temporary file beside o->path, listed for the signal
 * handlers; -1 with errno set (ENOMEM when out of memory).  A file that
 * replaces another is private until it gets the old one's mode; a new
 * file gets the usual mode of a new file (umask, default ACL) from
 * open() itself, since reading the umask means changing it, which no
 * thread may do while others make files. */
static int make_temp(outfile *o) {
    sgft__temp_first(o->temps);
    o->tmp = sgft__temp_name_for(o->name);
    if (!o->tmp) {
        errno = ENOMEM;
        return -1;
    }
    mode_t mode = o->exists ? 0600 : 0666;
    o->fd = sgft__temp_unnamed(o->temps, o->dir->fd, mode);
    if (o->fd >= 0) {
        o->unnamed = true;
        return 0;
    }
    o->fd = sgft__temp_create(o->temps, o->dir->fd, o->tmp, mode, &o->slot);
    if (o->fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        errno = e;
        return -1;
    }
    return 0;
}

/* An output o of ctx, shown as shown; NULL when out of memory. */
static outfile *out_new(sgft_ctx *ctx, const char *shown) {
    outfile *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->ctx = ctx;
    o->temps = sgft__outputs_temps(ctx->outputs);
    o->fd = o->target = o->old_fd = -1;
    if (!(o->shown = strdup(shown))) {
        free(o);
        return NULL;
    }
    return o;
}

/* The folder o writes in, opened by the path of the folder of o->path
 * (symbolic links followed, as the user's path says); -1 after a fault,
 * reported. */
static int open_folder_of(outfile *o) {
    int fd = sgft__open_folder_of(o->path);
    if (fd < 0) {
        if (errno != ENOMEM)
            sgft__report_file(o->ctx, M_CANNOT_OPEN_OUTPUT, o->shown, errno);
        return -1;
    }
    if (!(o->dir = sgft__dir_new(fd))) {
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

/* Looks at the file name of o->dir that o writes (no symbolic link:
 * what its folder holds under that name): a new file, the old file that
 * is replaced, or a device, FIFO or socket (a stream).  -1 after a
 * fault, reported (errno ENOMEM when out of memory). */
static int open_in_folder(outfile *o, const char *name) {
    sgft_ctx *ctx = o->ctx;
    int dir = o->dir->fd;
    struct stat st;
    if (!(o->name = strdup(name))) {
        errno = ENOMEM;
        return -1;
    }
    if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
        if (errno == ENOENT)
            return 0; /* a new file */
        sgft__report_file_in(ctx, M_CANNOT_OPEN_OUTPUT, dir, o->shown, errno);
        return -1;
    }
    if (S_ISLNK(st.st_mode) || S_ISDIR(st.st_mode)) {
        /* A link here was made since the path was looked at. */
        sgft__report_file_in(ctx, M_CANNOT_OPEN_OUTPUT, dir, o->shown,
                             S_ISDIR(st.st_mode) ? EISDIR : ELOOP);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        o->kind = K_STREAM;
        o->own_target = true;
        o->target = S_ISSOCK(st.st_mode)
                        ? connect_socket(o->path)
                        : openat(dir, name, O_WRONLY | O_NOCTTY | O_NOFOLLOW);
        if (o->target < 0) {
            sgft__report_file_in(ctx, M_CANNOT_OPEN_OUTPUT, dir, o->shown,
                                 errno);
            return -1;
        }
        return 0;
    }
    if (st.st_nlink > 1) {
        char names[48];
        snprintf(names, sizeof names, " (%lu names)",
                 (unsigned long)st.st_nlink);
        sgft__report_path(ctx, M_HARD_LINKS, o->shown, names);
        return -1;
    }
    o->exists = true;
    o->old = st;
    /* Unreadable, or not the file looked at: it cannot be compared; it
     * is replaced (if it is still the file looked at then). */
    o->old_fd = openat(dir, name, O_RDONLY | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
    struct stat now;
    if (o->old_fd >= 0 && (fstat(o->old_fd, &now) < 0 ||
                           now.st_dev != st.st_dev || now.st_ino != st.st_ino)) {
        close(o->old_fd);
        o->old_fd = -1;
    }
    return 0;
}

/* The rest of an output's opening, once its file is known. */
static outfile *out_ready(outfile *o) {
    sgft_ctx *ctx = o->ctx;
    if (o->kind == K_STREAM) {
        o->fd = holding_file();
        if (o->fd < 0) {
            int e = errno;
            blame_holding(o);
            sgft__report_file(ctx, M_CANNOT_OPEN_OUTPUT, o->shown, e);
            goto fail;
        }
    } else if (o->old_fd >= 0) {
        /* No larger than the old file: the content is compared with it
         * only up to its end. */
        o->cmp_cap = o->old.st_size < (off_t)CMP_CHUNK
                         ? (o->old.st_size > 0 ? (size_t)o->old.st_size : 1)
                         : CMP_CHUNK;
        o->cmp = malloc(o->cmp_cap);
        if (!o->cmp)
            goto oom;
    } else {
        /* A new file: its temporary file is made at once, so that a
         * folder that cannot be written is reported before the work. */
        if (make_temp(o) < 0) {
            if (errno == ENOMEM)
                goto oom;
            sgft__report_file_in(ctx, M_CANNOT_OPEN_OUTPUT, o->dir->fd,
                                 o->shown, errno);
            goto fail;
        }
    }
    return o;
oom:
    sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
fail:
    out_free(o);
    return NULL;
}

/* A replacement of the file o->path names (links followed), in its
 * folder, opened by its path. */
static outfile *open_by_path(outfile *o, const char *path, bool link) {
    o->path = link ? sgft__final_target(path) : strdup(path);
    if (!o->path && errno != ENOMEM) {
        sgft__report_file(o->ctx, M_CANNOT_OPEN_OUTPUT, path, errno);
        out_free(o);
        return NULL;
    }
    if (!o->path || open_folder_of(o) < 0 ||
        open_in_folder(o, strrchr(o->path, '/') ? strrchr(o->path, '/') + 1
                                                : o->path) < 0) {
        if (errno == ENOMEM && (!o->path || !o->dir || !o->name))
            sgft__report(o->ctx, M_OUT_OF_MEMORY, false, 0, NULL);
        out_free(o);
        return NULL;
    }
    return out_ready(o);
}

outfile *sgft__out_open(sgft_ctx *ctx, const char *path) {
    struct stat st;
    outfile *o = out_new(ctx, strcmp(path, "-") == 0 ? "<stdout>" : path);
    if (!o) {
        sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
        return NULL;
    }
    if (strcmp(path, "-") == 0) {
        o->kind = K_STREAM;
        o->target = STDOUT_FILENO;
    } else if (named_descriptor(path) >= 0) {
        o->kind = K_STREAM;
        o->own_target = true;
        o->target = dup(named_descriptor(path));
        if (o->target < 0) {
            sgft__report_file(ctx, M_CANNOT_OPEN_OUTPUT, path, errno);
            goto fail;
        }
    } else {
        /* A path that is no link is looked at once (lstat says what
         * stat would); where lstat finds nothing, neither would stat. */
        bool link = false;
        if (lstat(path, &st) < 0) {
            st.st_mode = 0;
        } else if (S_ISLNK(st.st_mode)) {
            link = true;
            if (stat(path, &st) < 0)
                st.st_mode = 0;
        }
        if (st.st_mode && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
            /* A device, FIFO or socket, also through links that end in
             * no path of the file system (/dev/stdout to "pipe:[...]"). */
            o->kind = K_STREAM;
            o->own_target = true;
            o->target = S_ISSOCK(st.st_mode)
                            ? connect_socket(path)
                            : open(path, O_WRONLY | O_NOCTTY);
            if (o->target < 0) {
                sgft__report_file(ctx, M_CANNOT_OPEN_OUTPUT, path, errno);
                goto fail;
            }
        } else if (st.st_mode && S_ISDIR(st.st_mode)) {
            sgft__report_file(ctx, M_CANNOT_OPEN_OUTPUT, path, EISDIR);
            goto fail;
        } else {
            return open_by_path(o, path, link);
        }
    }
    return out_ready(o);
fail:
    out_free(o);
    return NULL;
}

outfile *sgft__out_open_at(sgft_ctx *ctx, int dir, const char *name,
                           const char *shown) {
    int fd = fcntl(dir, F_DUPFD, 0);
    out_dir *d = fd >= 0 ? sgft__dir_new(fd) : NULL;
    if (!d) {
        if (fd < 0)
            sgft__report_file(ctx, M_CANNOT_OPEN_OUTPUT, shown, errno);
        else
            sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
        return NULL;
    }
    outfile *o = sgft__out_open_in(ctx, d, name, shown);
    sgft__dir_unref(d);
    return o;
}

out_dir *sgft__out_folder(sgft_ctx *ctx, const char *path) {
    int fd = sgft__open_folder_of(path);
    int e = errno;
    out_dir *d = fd >= 0 ? sgft__dir_new(fd) : NULL;
    if (!d && fd < 0 && e != ENOMEM)
        sgft__report_file(ctx, M_CANNOT_OPEN_OUTPUT, path, e);
    else if (!d)
        sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
    return d;
}

outfile *sgft__out_open_in(sgft_ctx *ctx, out_dir *d, const char *name,
                           const char *shown) {
    struct stat st;
    int dir = d->fd;
    outfile *o = out_new(ctx, shown);
    if (!o) {
        sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
        return NULL;
    }
    if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISLNK(st.st_mode)) {
        /* A link is followed from its folder (through /proc, where there
         * is one; else by the path shown). */
        struct stat ps;
        size_t n = strlen(name) + 40;
        char *via = malloc(n);
        if (!via) {
            sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
            out_free(o);
            return NULL;
        }
        snprintf(via, n, "/proc/self/fd/%d/%s", dir, name);
        o = open_by_path(o, stat("/proc/self/fd", &ps) == 0 ? via : shown,
                         true);
        free(via);
        return o;
    }
    o->dir = sgft__dir_ref(d);
    if (!(o->path = strdup(shown))) {
        sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
        out_free(o);
        return NULL;
    }
    if (open_in_folder(o, name) < 0) {
        if (errno == ENOMEM && !o->name)
            sgft__report(ctx, M_OUT_OF_MEMORY, false, 0, NULL);
        out_free(o);
        return NULL;
    }
    return out_ready(o);
}

bool sgft__out_is_input(const outfile *o, const struct stat *is) {
    return o->kind == K_REPLACE && o->exists &&
           o->old.st_dev == is->st_dev && o->old.st_ino == is->st_ino;
}

int sgft__out_match_input(outfile *o, int in_dir, const char *in_name,
                          const struct stat *is) {
    struct stat now;
    if (o->kind != K_REPLACE || !o->exists)
        return 0;
    if (o->old.st_dev == is->st_dev && o->old.st_ino == is->st_ino) {
        /* Its own input: the file as it was opened to be read, so that a
         * write to it since then is found before the replacement. */
        if (!same_time(o->old.st_mtim, is->st_mtim) ||
            !same_time(o->old.st_ctim, is->st_ctim) ||
            o->old.st_size != is->st_size)
            return SGFT_FILE_CHANGED;
        return 0;
    }
    /* Another file: where the input's path now names it, another program
     * saved a new file under that name after the input was opened. */
    if (fstatat(in_dir, in_name, &now, 0) == 0 &&
        now.st_dev == o->old.st_dev && now.st_ino == o->old.st_ino)
        return SGFT_FILE_CHANGED;
    return 0;
}

/* The content differs from the old file after o->agreed bytes: the
 * temporary file is made and given those bytes. */
static int diverge(outfile *o) {
    if (make_temp(o) < 0)
        return -1;
    uint64_t done = 0;
    while (done < o->agreed) {
        size_t n = o->agreed - done < o->cmp_cap
                       ? (size_t)(o->agreed - done)
                       : o->cmp_cap;
        ssize_t got = pread(o->old_fd, o->cmp, n, (off_t)done);
        if (got <= 0) {
            if (got == 0)
                errno = EIO; /* the old file shrank meanwhile */
            return -1;
        }
        if (write_all(o->fd, o->cmp, (size_t)got) < 0)
            return -1;
        done += (uint64_t)got;
    }
    o->at = done;
    return 0; /* old_fd stays until the finish (see there) */
}

int sgft__out_write(void *data, const char *b, size_t len) {
    outfile *o = data;
    if (o->err) {
        errno = o->err;
        return -1;
    }
    while (o->fd < 0 && len) {
        /* Still equal to the old content: compare the next piece, unless
         * it would go past the old file's end (as lstat saw it: a file
         * that grew since is replaced, which is what a difference found
         * by reading would do too). */
        size_t n = len < o->cmp_cap ? len : o->cmp_cap;
        ssize_t got = o->old.st_size >= 0 &&
                              o->agreed + n > (uint64_t)o->old.st_size
                          ? 0
                          : read_full(o->old_fd, o->cmp, n);
        if (got == (ssize_t)n && memcmp(o->cmp, b, n) == 0) {
            o->agreed += n;
            b += n;
            len -= n;
            continue;
        }
        if (diverge(o) < 0) {
            o->err = errno;
            return -1;
        }
    }
    if (len && write_all(o->fd, b, len) < 0) {
        o->err = errno;
        if (o->kind == K_STREAM)
            blame_holding(o); /* o->fd is the held-back copy */
        return -1;
    }
    o->at += len;
    return 0;
}

/* Copies the held-back stream output into its target. */
static int copy_out(outfile *o) {
    size_t cap = o->at < CMP_CHUNK ? (size_t)o->at + 1 : CMP_CHUNK;
    char *b = malloc(cap);
    if (!b)
        return -1;
    int st = lseek(o->fd, 0, SEEK_SET) < 0 ? -1 : 0;
    while (!st) {
        ssize_t n = read(o->fd, b, cap);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            st = (int)n;
            if (n < 0) {
                int e = errno;
                blame_holding(o); /* a fault reading the copy back */
                errno = e;
            }
            break;
        }
        st = write_all(o->target, b, (size_t)n);
    }
    free(b);
    return st;
}

/* Where the unnamed file cannot be linked (a file system that makes
 * such files but refuses the link), its content goes to a named
 * temporary file made as where there are none; -1 with errno set (that
 * of the link when the copy cannot even begin). */
static int name_by_copy(outfile *o) {
    int e = errno;
    if (e == EINTR || e == ENOMEM)
        return -1;
    int fd = sgft__temp_create(o->temps, o->dir->fd, o->tmp,
                               o->exists ? 0600 : 0666, &o->slot);
    if (fd < 0) {
        errno = e;
        return -1;
    }
    char b[16384];
    for (uint64_t at = 0; at < o->at;) {
        size_t n = o->at - at < sizeof b ? (size_t)(o->at - at) : sizeof b;
        ssize_t got = pread(o->fd, b, n, (off_t)at);
        if (got <= 0 || write_all(fd, b, (size_t)got) < 0) {
            if (got <= 0)
                errno = got < 0 ? errno : EIO;
            e = errno;
            close(fd);
            o->unnamed = false; /* the named file is removed with o */
            errno = e;
            return -1;
        }
        at += (uint64_t)got;
    }
    close(o->fd);
    o->fd = fd;
    return 0;
}

/* Gives the file without a name its temporary name (or a copy one). */
static int name_it(outfile *o) {
    if (sgft__temp_link(o->temps, o->fd, o->dir->fd, o->tmp, &o->slot) < 0 &&
        name_by_copy(o) < 0)
        return -1;
    o->unnamed = false;
    return 0;
}

/* Whether the unnamed file of o, on the file system dev, can be named
 * when its group is put in place: the first time on each file system, a
 * file made for that is named and removed.  (The name of a file cannot
 * be taken back: a file whose last name is removed can get no other.) */
static bool nameable_later(outfile *o, dev_t dev) {
    int known = sgft__temp_links_on(o->temps, dev);
    if (known >= 0)
        return known;
    int fd = sgft__temp_unnamed(o->temps, o->dir->fd, S_IRUSR | S_IWUSR);
    char *name = fd >= 0 ? strdup(o->tmp) : NULL;
    temp_slot *slot = NULL;
    bool ok = name && sgft__temp_link(o->temps, fd, o->dir->fd, name,
                                      &slot) == 0;
    if (fd >= 0)
        close(fd);
    temp_section sec;
    if (ok && !sgft__temp_enter(o->temps, &sec))
        return true; /* named: the signal handler removes it */
    if (ok) {
        sgft__temp_unregister(slot);
        unlinkat(o->dir->fd, name, 0);
        sgft__temp_leave(o->temps, &sec);
    }
    free(name);
    if (fd >= 0)
        sgft__temp_links_found(o->temps, dev, ok);
    return ok;
}


/* Gives the new file the old one's owner, group and mode (no set-id bit
 * when the owner or group could not be kept), or the usual mode of a new
 * file; a file that replaces another is on disk before the rename. */
static int finish_replacement(outfile *o) {
    struct stat now = {0}; /* looked at for a file that replaces one */
    if (o->exists && fstat(o->fd, &now) < 0)
        return -1;
    /* Named while it is still ours, private, with its first owner:
     * linking a file of another owner may be refused (Linux's
     * protected_hardlinks).  Otherwise a file without a name gets one
     * only once complete (on disk, when it replaces one), just before its
     * rename: in batches, where its group renames it (when the file
     * system can name it then and descriptors are to spare), so that a
     * run killed meanwhile leaves nothing. */
    bool owned = !o->exists || (now.st_uid == o->old.st_uid &&
                                now.st_gid == o->old.st_gid);
    if (o->unnamed && !owned && name_it(o) < 0)
        return -1;
    if (o->exists) {
        mode_t mode = o->old.st_mode & 07777;
        if (now.st_uid != o->old.st_uid || now.st_gid != o->old.st_gid) {
            if (fchown(o->fd, o->old.st_uid, o->old.st_gid) < 0 &&
                fchown(o->fd, (uid_t)-1, o->old.st_gid) < 0)
                (void)0; /* neither kept: the bits below are dropped */
            if (fstat(o->fd, &now) < 0)
                return -1;
        }
        if (now.st_uid != o->old.st_uid || now.st_gid != o->old.st_gid)
            mode &= ~(mode_t)(S_ISUID | S_ISGID);
        if (((now.st_mode & 07777) != mode && fchmod(o->fd, mode) < 0) ||
            sgft__keep_acl(o->dir->fd, o->name, o->fd, mode) < 0 ||
            (!sgft__batch_on(o->ctx->outputs) && fsync(o->fd) < 0))
            return -1;
    }
    o->size = o->at;
    if (o->unnamed && o->link_new)
        return 0; /* given its path, open, at once (sgft__out_commit) */
    if (o->unnamed && o->exists && sgft__batch_on(o->ctx->outputs) &&
        sgft__batch_may_hold(o->ctx->outputs, o->fd) &&
        nameable_later(o, now.st_dev))
        return 0; /* its group names it */
    if (o->unnamed && name_it(o) < 0)
        return -1;
    int fd = o->fd;
    o->fd = -1;
    return close(fd);
}

/* Ends the writing of o: its content is complete.  A file that keeps
 * its content is known here; any other is closed and ready for the
 * rename (so that -s holds no descriptor per game tree). */
int sgft__out_finish(outfile *o) {
    if (o->finished)
        return o->err ? -1 : 0;
    o->finished = true;
    if (o->err)
        return -1;
    if (o->kind == K_STREAM)
        return 0;
    if (o->fd < 0) {
        /* Equal so far: equal when the old file ends here too. */
        char c;
        ssize_t got = read_full(o->old_fd, &c, 1);
        if (got == 0) {
            o->unchanged = true;
            close(o->old_fd);
            o->old_fd = -1;
            return 0;
        }
        if (diverge(o) < 0) {
            o->err = errno;
            return -1;
        }
    }
    /* In batches the old file stays open until its group renamed the
     * new one over it (file_batch.c), when there are descriptors to
     * spare: then the rename does not free it, and the old file is freed
     * where the group closes it, away from the batch's own work. */
    if (o->old_fd >= 0 && !(sgft__batch_on(o->ctx->outputs) &&
                            sgft__batch_may_hold(o->ctx->outputs, o->old_fd))) {
        close(o->old_fd);
        o->old_fd = -1;
    }
    if (finish_replacement(o) < 0) {
        o->err = errno;
        return -1;
    }
    return 0;
}

/* A new file without a name gets its path in one link, which refuses to
 * replace a file made there meanwhile (SGFT_FILE_MADE); where it cannot
 * be linked, it is named (or copied) and renamed as any other.  A write
 * fault that a file system reports only when a descriptor is closed (as
 * FUSE and NFS do) is had first, from a copy of the descriptor, while the
 * file has no name; should the close after the link fail still, the file
 * is unlinked again while its name is still its own.  Sets *placed; 0 or
 * an errno value. */
static int link_new(outfile *o, bool *placed) {
    int e = 0, d = dup(o->fd);
    struct stat st;
    *placed = false;
    if (d < 0 || close(d) < 0 || fstat(o->fd, &st) < 0)
        e = errno;
    else if (!(*placed = sgft__temp_link_new(o->fd, o->dir->fd, o->name) == 0) &&
             (errno == EEXIST || name_it(o) < 0))
        e = errno == EEXIST ? SGFT_FILE_MADE : errno;
    int fd = o->fd;
    o->fd = -1;
    if (close(fd) < 0 && !e) {
        e = errno;
        struct stat now;
        if (*placed &&
            fstatat(o->dir->fd, o->name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
            now.st_dev == st.st_dev && now.st_ino == st.st_ino)
            unlinkat(o->dir->fd, o->name, 0);
        *placed = false;
    }
    return e;
}

int sgft__out_commit(outfile *o, sgft_output_state *state) {
    int e = 0;
    temp_section sec;
    bool placed = false;
    o->link_new = !o->finished && !o->exists; /* not -s: no file waits */
    if (sgft__out_finish(o) < 0) {
        e = o->err;
    } else if (o->kind != K_STREAM && !o->unchanged && o->link_new &&
               o->unnamed && (e = link_new(o, &placed)) != 0) {
        /* reported below */
    } else if (placed) {
        *state = SGFT_OUTPUT_CREATED;
        if (sgft__batch_written(o->ctx->outputs, o->dir, false) < 0)
            e = ENOMEM;
    } else if (o->kind == K_STREAM) {
        if (copy_out(o) < 0)
            e = errno;
        else
            *state = SGFT_OUTPUT_STREAMED;
    } else if (o->unchanged) {
        *state = SGFT_OUTPUT_UNCHANGED;
    } else if (o->exists && sgft__batch_on(o->ctx->outputs)) {
        /* A rename fault of the group is reported when it goes in place
         * (perhaps now, for this file or another). */
        if (sgft__batch_defer(o->ctx, o->dir, o->tmp, o->name, o->path,
                              o->shown, o->slot, &o->old, o->size, o->old_fd,
                              o->unnamed ? o->fd : -1) < 0) {
            e = errno;
        } else {
            o->tmp = o->name = o->path = o->shown = NULL;
            o->slot = NULL;
            o->old_fd = -1;
            if (o->unnamed)
                o->fd = -1;
            *state = SGFT_OUTPUT_CHANGED;
        }
    } else if (!sgft__temp_enter(o->temps, &sec)) {
        e = EINTR; /* the temporary files are being removed */
    } else if ((e = o->exists ? sgft__temp_replace(o->dir->fd, o->tmp, o->name,
                                                   o->path, &o->old)
                  : sgft__temp_rename_new(o->dir->fd, o->tmp, o->name) < 0
                      ? (errno == EEXIST ? SGFT_FILE_MADE : errno)
                      : 0) != 0) {
        if (e == SGFT_FILE_MOVED) {
            /* The other program's file: kept under the temporary name. */
            char *kept = sgft__temp_shown(o->path, o->tmp);
            sgft__report_moved(o->ctx, M_CANNOT_WRITE_OUTPUT, o->shown,
                               kept ? kept : o->tmp);
            free(kept);
            sgft__temp_unregister(o->slot);
            free(o->tmp);
            o->tmp = NULL;
        }
        sgft__temp_leave(o->temps, &sec);
    } else {
        sgft__temp_unregister(o->slot);
        free(o->tmp);
        o->tmp = NULL;
        sgft__temp_leave(o->temps, &sec);
        *state = o->exists ? SGFT_OUTPUT_CHANGED : SGFT_OUTPUT_CREATED;
        if (sgft__batch_written(o->ctx->outputs, o->dir, o->exists) < 0)
            e = ENOMEM;
    }
    if (e && e != SGFT_FILE_MOVED)
        sgft__report_file_in(o->ctx, M_CANNOT_WRITE_OUTPUT,
                             o->dir ? o->dir->fd : -1, o->shown, e);
    out_free(o);
    return e ? -1 : 0;
}
