/* file_dir.c - the folders of output files (out_dir): one descriptor of
 * a folder, opened once and shared by counted references, that every
 * look at an output, its temporary file and its replacement is relative
 * to; and whether a file is still the one read. */
#define _XOPEN_SOURCE 700

#include "config.h"

#include "internal.h"
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

out_dir *sgft__dir_new(int fd) {
    struct stat st;
    out_dir *d = fd >= 0 && fstat(fd, &st) == 0 ? malloc(sizeof *d) : NULL;
    if (!d) {
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    atomic_init(&d->refs, 1);
    d->fd = fd;
    d->dev = st.st_dev;
    d->ino = st.st_ino;
    return d;
}

out_dir *sgft__dir_ref(out_dir *d) {
    if (d)
        atomic_fetch_add(&d->refs, 1);
    return d;
}

void sgft__dir_unref(out_dir *d) {
    if (d && atomic_fetch_sub(&d->refs, 1) == 1) {
        close(d->fd);
        free(d);
    }
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

static bool same_time(struct timespec a, struct timespec b) {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

bool sgft__file_unchanged(int dir, const char *name, const struct stat *old) {
    struct stat now;
    return fstatat(dir, name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
           now.st_dev == old->st_dev &&
           now.st_ino == old->st_ino && now.st_size == old->st_size &&
           same_time(now.st_mtim, old->st_mtim) &&
           same_time(now.st_ctim, old->st_ctim);
}
