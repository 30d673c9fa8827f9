/* file_meta.c - what an output path names and what its replacement
 * keeps of the file it replaces (file.c): the final target of a chain of
 * symbolic links, and the access ACL. */
/* fchmod: POSIX with the X/Open extensions. */
#define _XOPEN_SOURCE 700

#include "config.h"

#include "internal.h"
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef HAVE_SYS_XATTR_H
#include <sys/xattr.h>
#endif
#include <unistd.h>

/* The file a path finally names: symbolic links followed one by one (a
 * link to a file that does not exist yet names that file).  NULL with
 * errno set on failure. */
char *sgft__final_target(const char *path) {
    char *p = strdup(path);
    for (int hops = 0; p; hops++) {
        struct stat st;
        if (lstat(p, &st) < 0 || !S_ISLNK(st.st_mode))
            return p;
        if (hops == 40) {
            free(p);
            errno = ELOOP;
            return NULL;
        }
        size_t cap = (size_t)st.st_size + 1 > 64 ? (size_t)st.st_size + 1 : 64;
        char *t = NULL;
        ssize_t n;
        for (;;) {
            char *nt = realloc(t, cap);
            if (!nt) {
                free(t);
                free(p);
                return NULL;
            }
            t = nt;
            n = readlink(p, t, cap);
            if (n < 0 || (size_t)n < cap)
                break;
            cap *= 2;
        }
        if (n < 0) {
            int e = errno;
            free(t);
            free(p);
            errno = e;
            return NULL;
        }
        t[n] = '\0';
        if (t[0] == '/') {
            free(p);
            p = t;
            continue;
        }
        /* Relative to the folder that holds the link. */
        const char *slash = strrchr(p, '/');
        size_t dirlen = slash ? (size_t)(slash - p) + 1 : 0;
        char *q = malloc(dirlen + (size_t)n + 1);
        if (q) {
            memcpy(q, p, dirlen);
            memcpy(q + dirlen, t, (size_t)n + 1);
        }
        free(t);
        free(p);
        p = q;
    }
    return NULL;
}

/* The access ACL of the replaced file (Linux's system.posix_acl_access)
 * is carried over.  Where the new file cannot take it, the group bits,
 * which are the ACL's mask, are narrowed to what the owning group had:
 * without its ACL, the mask would give the group the rights of the users
 * the ACL named. */
int sgft__keep_acl(int dir, const char *file, int fd, mode_t mode) {
#ifdef HAVE_SYS_XATTR_H
    static const char name[] = "system.posix_acl_access";
    /* The file in its folder, by the folder's descriptor (not its path:
     * another folder may have its path now). */
    size_t pn = strlen(file) + 40;
    char *path = malloc(pn);
    if (!path)
        return -1;
    snprintf(path, pn, "/proc/self/fd/%d/%s", dir, file);
    ssize_t n = lgetxattr(path, name, NULL, 0);
    if (n <= 0) {
        free(path);
        return 0; /* none */
    }
    char *v = malloc((size_t)n);
    if (v)
        n = lgetxattr(path, name, v, (size_t)n);
    free(path);
    if (v && n > 0 && fsetxattr(fd, name, v, (size_t)n, 0) == 0) {
        free(v);
        return 0;
    }
    /* A version, then entries of a tag, permissions and an id (16, 16
     * and 32 bits, little-endian): GROUP_OBJ is tag 4, MASK tag 16.  An
     * ACL that cannot be read leaves the group nothing. */
    unsigned group = v && n > 0 ? 7 : 0, mask = 7;
    const unsigned char *u = (const unsigned char *)v;
    for (ssize_t k = 4; v && k + 8 <= n; k += 8) {
        unsigned tag = u[k] | (unsigned)u[k + 1] << 8;
        unsigned perm = (u[k + 2] | (unsigned)u[k + 3] << 8) & 7;
        if (tag == 4)
            group = perm;
        else if (tag == 16)
            mask = perm;
    }
    free(v);
    mode_t g = (mode_t)((group & mask) << 3);
    if ((mode & 070) != g)
        return fchmod(fd, (mode & ~(mode_t)070) | g);
#else
    (void)dir;
    (void)file;
    (void)fd;
    (void)mode;
#endif
    return 0;
}
