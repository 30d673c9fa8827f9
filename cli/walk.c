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
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

int paths_push(path_list *l, char *p) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        char **v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = p;
    return 0;
}

/* The strings a list owns are kept in blocks, many to a block: a batch
 * names thousands of files, and one allocation each costs more than
 * the rest of the walk. */
#define BLOCK_SIZE 65536
struct path_block {
    struct path_block *next;
    size_t used, cap;
    char s[];
};

/* Room for need bytes in one of l's blocks; NULL when out of memory. */
static char *room(path_list *l, size_t need) {
    struct path_block *k = l->blocks;
    if (!k || k->cap - k->used < need) {
        size_t cap = need > BLOCK_SIZE ? need : BLOCK_SIZE;
        if (!(k = malloc(sizeof *k + cap)))
            return NULL;
        k->next = l->blocks;
        k->used = 0;
        k->cap = cap;
        l->blocks = k;
    }
    k->used += need;
    return k->s + k->used - need;
}

/* A copy of path that is l's own; NULL when out of memory. */
static char *keep(path_list *l, const char *path) {
    size_t n = strlen(path) + 1;
    char *p = room(l, n);
    return p ? memcpy(p, path, n) : NULL;
}

/* dir, a slash where it lacks one (none after an empty dir), and name:
 * a string of l's; NULL when out of memory. */
static char *join(path_list *l, const char *dir, const char *name) {
    size_t a = strlen(dir), b = strlen(name);
    bool slash = a && dir[a - 1] != '/';
    char *p = room(l, a + slash + b + 1);
    if (!p)
        return NULL;
    memcpy(p, dir, a);
    if (slash)
        p[a] = '/';
    memcpy(p + a + slash, name, b + 1);
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

/* The names of one folder with their types: an open-addressing set of
 * offsets into one buffer of names. */
typedef struct listing {
    struct entry {
        size_t off; /* of the name in names, plus one; 0: a free place */
        size_t hash;
        unsigned char type;
    } *v;
    size_t cap, n;
    char *names;
    size_t names_len, names_cap;
} listing;

/* Eight bytes at a time: the names of a large folder are hashed once
 * each, and as many paths are looked up. */
static size_t name_hash(const char *s, size_t len) {
    uint64_t h = (uint64_t)len * 0x9E3779B97F4A7C15u;
    for (; len >= 8; s += 8, len -= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9u;
        h ^= h >> 31;
    }
    uint64_t w = 0;
    for (size_t i = 0; i < len; i++)
        w |= (uint64_t)(unsigned char)s[i] << (8 * i);
    h = (h ^ w) * 0x94D049BB133111EBu;
    return (size_t)(h ^ (h >> 29));
}

static void listing_free(listing *l) {
    free(l->v);
    free(l->names);
    memset(l, 0, sizeof *l);
}

/* Puts e in a free place of l, which has room. */
static void listing_put(listing *l, struct entry e) {
    size_t k = e.hash & (l->cap - 1);
    while (l->v[k].off)
        k = (k + 1) & (l->cap - 1);
    l->v[k] = e;
    l->n++;
}

/* Room for n entries (at most half full). */
static bool listing_room(listing *l, size_t n) {
    if (2 * n <= l->cap)
        return true;
    size_t cap = l->cap ? l->cap : 256;
    while (cap < 2 * n)
        cap *= 2;
    struct entry *old = l->v;
    size_t old_cap = l->cap;
    if (!(l->v = calloc(cap, sizeof *l->v))) {
        l->v = old;
        return false;
    }
    l->cap = cap;
    l->n = 0;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].off)
            listing_put(l, old[i]);
    free(old);
    return true;
}

static bool listing_add(listing *l, const char *name, unsigned char type) {
    size_t len = strlen(name);
    if (!listing_room(l, l->n + 1))
        return false;
    if (l->names_cap - l->names_len < len + 1) {
        size_t cap = l->names_cap ? l->names_cap : 4096;
        while (cap - l->names_len < len + 1)
            cap *= 2;
        char *p = realloc(l->names, cap);
        if (!p)
            return false;
        l->names = p;
        l->names_cap = cap;
    }
    memcpy(l->names + l->names_len, name, len + 1);
    struct entry e = {l->names_len + 1, name_hash(name, len), type};
    l->names_len += len + 1;
    listing_put(l, e);
    return true;
}

/* The type the listing gives name (len bytes), or DT_UNKNOWN. */
static unsigned char listing_type(const listing *l, const char *name,
                                  size_t len) {
    if (!l->cap)
        return DT_UNKNOWN;
    size_t h = name_hash(name, len);
    for (size_t k = h & (l->cap - 1); l->v[k].off; k = (k + 1) & (l->cap - 1)) {
        const char *s = l->names + l->v[k].off - 1;
        if (l->v[k].hash == h && strncmp(s, name, len) == 0 && !s[len])
            return l->v[k].type;
    }
    return DT_UNKNOWN;
}

/* Reads the folder dir into l, with room made for expect names first;
 * false when it cannot be read (then the paths are asked one by one) or
 * memory ran out (*oom). */
static bool listing_read(listing *l, const char *dir, size_t expect,
                         bool *oom) {
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    if (!listing_room(l, expect))
        *oom = true;
    while (!*oom && (e = readdir(d))) {
        if (!listing_add(l, e->d_name, e->d_type))
            *oom = true;
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
                (void)listing_read(&l, dir, end - i + 2, &oom);
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

static bool skipped(const struct stat *skip, size_t nskip,
                    const struct stat *st) {
    for (size_t i = 0; i < nskip; i++)
        if (st->st_dev == skip[i].st_dev && st->st_ino == skip[i].st_ino)
            return true;
    return false;
}

int walk_paths(char **paths, size_t n, bool recurse, const struct stat *skip,
               size_t nskip, path_list *files, path_list *failed) {
    path_list dirs = {0};
    bool *is_dir = calloc(n ? n : 1, sizeof *is_dir);
    if (!is_dir || classify(paths, n, is_dir) < 0) {
        free(is_dir);
        return -1;
    }
    /* The paths given are taken as they are. */
    for (size_t i = 0; i < n; i++) {
        if (paths_push(is_dir[i] ? &dirs : files, paths[i]) < 0) {
            free(is_dir);
            paths_free(&dirs);
            return -1;
        }
    }
    free(is_dir);
    /* Folders: one at a time from the list, subfolders added to it. */
    for (size_t d = 0; d < dirs.n; d++) {
        DIR *dir = opendir(dirs.v[d]);
        if (!dir) {
            char *p = keep(failed, dirs.v[d]);
            if (!p || paths_push(failed, p) < 0)
                goto oom;
            continue;
        }
        size_t first = files->n, first_dir = dirs.n;
        struct dirent *e;
        while ((e = readdir(dir))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            /* An lstat (in the folder) only where the listing does not
             * say what it is. */
            bool dir_ = e->d_type == DT_DIR, reg = e->d_type == DT_REG;
            if (e->d_type == DT_UNKNOWN) {
                struct stat sb;
                bool ok = fstatat(dirfd(dir), e->d_name, &sb,
                                  AT_SYMLINK_NOFOLLOW) == 0;
                dir_ = ok && S_ISDIR(sb.st_mode);
                reg = ok && S_ISREG(sb.st_mode);
            }
            path_list *to = NULL;
            struct stat ds;
            if (dir_ && recurse && nskip &&
                fstatat(dirfd(dir), e->d_name, &ds, 0) == 0 &&
                skipped(skip, nskip, &ds))
                continue; /* an output folder */
            if (dir_ && recurse)
                to = &dirs;
            else if (reg && is_sgf_name(e->d_name))
                to = files;
            else
                continue;
            char *p = join(to, dirs.v[d], e->d_name);
            if (!p || paths_push(to, p) < 0) {
                closedir(dir);
                goto oom;
            }
        }
        closedir(dir);
        /* The files and the subfolders of one folder in the order of
         * their names. */
        if (files->n - first > 1)
            qsort(files->v + first, files->n - first, sizeof *files->v,
                  by_name);
        if (dirs.n - first_dir > 1)
            qsort(dirs.v + first_dir, dirs.n - first_dir, sizeof *dirs.v,
                  by_name);
    }
    paths_free(&dirs);
    return 0;
oom:
    paths_free(&dirs);
    return -1;
}

void paths_free(path_list *l) {
    while (l->blocks) {
        struct path_block *k = l->blocks;
        l->blocks = k->next;
        free(k);
    }
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

int make_parents(const char *path, path_list *made) {
    char *p = strdup(path);
    if (!p)
        return -1;
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (make_folder(p, made) < 0) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    free(p);
    return 0;
}

int make_folder(const char *path, path_list *made) {
    if (mkdir(path, 0777) == 0) {
        /* not listed when out of memory: then it stays, empty or not */
        char *k = made ? keep(made, path) : NULL;
        if (k)
            (void)paths_push(made, k);
        return 0;
    }
    return errno == EEXIST ? 0 : -1;
}

void remove_empty_folders(const path_list *made) {
    for (size_t i = made->n; i-- > 0;)
        (void)rmdir(made->v[i]); /* only an empty one goes */
}
