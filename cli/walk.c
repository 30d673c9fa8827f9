/* walk.c - the paths of batch mode (part of the command, not of the
 * library): a path that is a folder stands for the .sgf files in it (any
 * case of the ending), with recurse for those of its subfolders too.  The
 * walk keeps its own list of folders to visit: no recursion, whatever
 * the depth of the tree of folders.
 *
 * What each path is, is read from the folder listing where it says
 * (d_type), not asked of the file system path by path: a shell's glob
 * or xargs names thousands of files of one folder, and one stat(2) each
 * costs more than reading the folder once.  Where the listing does not
 * say (a symbolic link, a file system without d_type, a name not found),
 * stat(2) or lstat(2) is asked as before. */
/* DT_DIR and d_type */
#define _DEFAULT_SOURCE
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static int push(path_list *l, char *p) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        char **v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            free(p);
            return -1;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = p;
    return 0;
}

static char *join(const char *dir, const char *name) {
    size_t a = strlen(dir), b = strlen(name);
    char *p = malloc(a + b + 2);
    if (!p)
        return NULL;
    memcpy(p, dir, a);
    size_t k = a;
    if (a && dir[a - 1] != '/')
        p[k++] = '/';
    memcpy(p + k, name, b + 1);
    return p;
}

static bool is_sgf_name(const char *name) {
    size_t n = strlen(name);
    return n > 4 && strcasecmp(name + n - 4, ".sgf") == 0;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* --- what a path given is, from its folder's listing -------------------- */

/* The names of one folder with their types: an open-addressing set. */
typedef struct listing {
    struct entry {
        char *name;
        unsigned char type;
    } *v;
    size_t cap, n;
} listing;

static size_t name_hash(const char *s, size_t len) {
    size_t h = 14695981039346656037u & (size_t)-1;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * (size_t)1099511628211u;
    return h;
}

static void listing_free(listing *l) {
    for (size_t i = 0; i < l->cap; i++)
        free(l->v[i].name);
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* Puts e in a free place of l, which has room. */
static void listing_put(listing *l, struct entry e) {
    size_t k = name_hash(e.name, strlen(e.name)) & (l->cap - 1);
    while (l->v[k].name)
        k = (k + 1) & (l->cap - 1);
    l->v[k] = e;
    l->n++;
}

static bool listing_add(listing *l, const char *name, unsigned char type) {
    if (2 * (l->n + 1) > l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        listing g = {calloc(cap, sizeof *l->v), cap, 0};
        if (!g.v)
            return false;
        for (size_t i = 0; i < l->cap; i++)
            if (l->v[i].name)
                listing_put(&g, l->v[i]);
        free(l->v);
        *l = g;
    }
    struct entry e = {strdup(name), type};
    if (!e.name)
        return false;
    listing_put(l, e);
    return true;
}

/* The type the listing gives name (len bytes), or DT_UNKNOWN. */
static unsigned char listing_type(const listing *l, const char *name,
                                  size_t len) {
    if (!l->cap)
        return DT_UNKNOWN;
    for (size_t k = name_hash(name, len) & (l->cap - 1); l->v[k].name;
         k = (k + 1) & (l->cap - 1))
        if (strncmp(l->v[k].name, name, len) == 0 && !l->v[k].name[len])
            return l->v[k].type;
    return DT_UNKNOWN;
}

/* Reads the folder dir into l; false when it cannot be read (then the
 * paths are asked one by one) or memory ran out (*oom). */
static bool listing_read(listing *l, const char *dir, bool *oom) {
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!listing_add(l, e->d_name, e->d_type)) {
            *oom = true;
            break;
        }
    }
    closedir(d);
    return !*oom;
}

/* Where the folder part of path ends (the length of "dir/" in
 * "dir/name"; 0 for a bare name). */
static size_t folder_len(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* A run of this many paths in one folder reads the folder's listing,
 * unless the folder is much larger than the run. */
#define LISTING_RUN 16

/* Whether each of paths[0..n) is a folder (is_dir), from the listings
 * of their folders where a run of paths shares one; -1 when out of
 * memory. */
static int classify(char **paths, size_t n, bool *is_dir) {
    size_t i = 0;
    while (i < n) {
        size_t fl = folder_len(paths[i]), end = i + 1;
        while (end < n && folder_len(paths[end]) == fl &&
               strncmp(paths[end], paths[i], fl) == 0)
            end++;
        listing l = {0};
        if (end - i >= LISTING_RUN) {
            char *dir = fl ? strndup(paths[i], fl) : strdup(".");
            if (!dir)
                return -1;
            struct stat ds;
            bool oom = false;
            /* A folder entry takes at least 8 bytes of its size. */
            if (stat(dir, &ds) == 0 && S_ISDIR(ds.st_mode) &&
                (uint64_t)ds.st_size / 8 <= (uint64_t)(end - i) * 64)
                (void)listing_read(&l, dir, &oom);
            free(dir);
            if (oom) {
                listing_free(&l);
                return -1;
            }
        }
        for (size_t k = i; k < end; k++) {
            const char *name = paths[k] + fl;
            size_t len = strlen(name);
            unsigned char t = len && strcmp(name, ".") != 0 &&
                                      strcmp(name, "..") != 0
                                  ? listing_type(&l, name, len)
                                  : DT_UNKNOWN;
            struct stat sb;
            if (t == DT_DIR)
                is_dir[k] = true;
            else if (t != DT_UNKNOWN && t != DT_LNK)
                is_dir[k] = false;
            else
                is_dir[k] = stat(paths[k], &sb) == 0 && S_ISDIR(sb.st_mode);
        }
        listing_free(&l);
        i = end;
    }
    return 0;
}

int walk_paths(char **paths, size_t n, bool recurse, path_list *files,
               path_list *failed) {
    path_list dirs = {0};
    bool *is_dir = calloc(n ? n : 1, sizeof *is_dir);
    if (!is_dir || classify(paths, n, is_dir) < 0) {
        free(is_dir);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        char *p = strdup(paths[i]);
        if (!p) {
            free(is_dir);
            return -1;
        }
        if (is_dir[i]) {
            if (push(&dirs, p) < 0) {
                free(is_dir);
                return -1;
            }
        } else if (push(files, p) < 0) { /* a file, or a fault to report */
            free(is_dir);
            return -1;
        }
    }
    free(is_dir);
    /* Folders: one at a time from the list, subfolders added to it. */
    for (size_t d = 0; d < dirs.n; d++) {
        DIR *dir = opendir(dirs.v[d]);
        if (!dir) {
            char *p = strdup(dirs.v[d]);
            if (!p || push(failed, p) < 0)
                return -1;
            continue;
        }
        size_t first = files->n;
        struct dirent *e;
        while ((e = readdir(dir))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char *p = join(dirs.v[d], e->d_name);
            if (!p) {
                closedir(dir);
                return -1;
            }
            /* lstat only where the listing does not say what it is. */
            bool dir_ = e->d_type == DT_DIR, reg = e->d_type == DT_REG;
            if (e->d_type == DT_UNKNOWN) {
                struct stat sb;
                bool ok = lstat(p, &sb) == 0;
                dir_ = ok && S_ISDIR(sb.st_mode);
                reg = ok && S_ISREG(sb.st_mode);
            }
            if (dir_) {
                if (!recurse) {
                    free(p);
                } else if (push(&dirs, p) < 0) { /* p freed */
                    closedir(dir);
                    return -1;
                }
            } else if (is_sgf_name(e->d_name) && reg) {
                if (push(files, p) < 0) {
                    closedir(dir);
                    return -1;
                }
            } else {
                free(p);
            }
        }
        closedir(dir);
        /* The files of one folder in the order of their names. */
        if (files->n - first > 1)
            qsort(files->v + first, files->n - first, sizeof *files->v,
                  by_name);
    }
    paths_free(&dirs);
    return 0;
}

void paths_free(path_list *l) {
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

int make_parents(const char *path) {
    char *p = strdup(path);
    if (!p)
        return -1;
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) < 0 && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    free(p);
    return 0;
}
