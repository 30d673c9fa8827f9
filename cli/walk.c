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
#include <fnmatch.h>
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

/* Whether name ends in ".EXT" for an EXT of the list exts (walk.h),
 * with a name before it. */
static bool is_record_name(const char *exts, const char *name) {
    if (!exts)
        exts = "sgf";
    size_t n = strlen(name);
    for (const char *e = exts; *e;) {
        size_t k = strcspn(e, ",");
        if (k && n > k + 1 && name[n - k - 1] == '.' &&
            strncasecmp(name + n - k, e, k) == 0)
            return true;
        e += k;
        if (*e == ',')
            e++;
    }
    return false;
}

bool walk_excluded(const char *const *pats, size_t n, const char *path) {
    while (path[0] == '.' && path[1] == '/') {
        path += 2;
        while (*path == '/')
            path++;
    }
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    for (size_t i = 0; i < n; i++)
        if (fnmatch(pats[i], strchr(pats[i], '/') ? path : name, 0) == 0)
            return true;
    return false;
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

/* --- folders by descriptors ------------------------------------------------ */

static void cache_put(walk_tree *t, size_t f, int fd) {
    struct walk_cache *c = &t->cache[t->next_slot];
    t->next_slot = (t->next_slot + 1) % (sizeof t->cache / sizeof *t->cache);
    if (c->fd > 0)
        close(c->fd - 1);
    c->folder = f;
    c->fd = fd + 1; /* 0: a free place */
}

static int cache_get(const walk_tree *t, size_t f) {
    for (size_t i = 0; i < sizeof t->cache / sizeof *t->cache; i++)
        if (t->cache[i].fd > 0 && t->cache[i].folder == f)
            return t->cache[i].fd - 1;
    return -1;
}

void walk_forget(walk_tree *t) {
    for (size_t i = 0; i < sizeof t->cache / sizeof *t->cache; i++) {
        if (t->cache[i].fd > 0)
            close(t->cache[i].fd - 1);
        t->cache[i].fd = 0;
    }
}

void walk_free(walk_tree *t) {
    walk_forget(t);
    free(t->v);
    free(t->folder_of);
    free(t->chain);
    paths_free(&t->dirs);
    memset(t, 0, sizeof *t);
}

/* Opens the folder f from the descriptor at (its parent's; AT_FDCWD for
 * a folder given) and checks that it is the folder walked, or records it
 * (dev 0 and ino 0: not opened yet). */
static int open_one(walk_tree *t, size_t f, int at, int *why) {
    walk_folder *w = &t->v[f];
    bool given = w->parent == WALK_NONE;
    int fd = openat(at, w->name,
                    O_RDONLY | O_DIRECTORY | O_NOCTTY |
                        (given ? 0 : O_NOFOLLOW));
    struct stat st;
    if (fd < 0) {
        int e = errno;
        *why = e;
        if (!given && (e == ELOOP || e == ENOTDIR) &&
            fstatat(at, w->name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISLNK(st.st_mode))
            *why = WALK_LINK;
        return -1;
    }
    if (fstat(fd, &st) < 0) {
        *why = errno;
        close(fd);
        return -1;
    }
    if (!w->dev && !w->ino) {
        w->dev = st.st_dev;
        w->ino = st.st_ino;
    } else if (w->dev != st.st_dev || w->ino != st.st_ino) {
        *why = WALK_OTHER;
        close(fd);
        return -1;
    }
    return fd;
}

int walk_open(walk_tree *t, size_t f, int *why, size_t *where) {
    /* The folders from f up to the first one kept open, or given. */
    size_t n = 0, k = f;
    int at = AT_FDCWD;
    for (;;) {
        int c = cache_get(t, k);
        if (c >= 0) {
            at = c;
            break;
        }
        if (n == t->chain_cap) {
            size_t cap = t->chain_cap ? t->chain_cap * 2 : 32;
            size_t *v = realloc(t->chain, cap * sizeof *v);
            if (!v) {
                *why = ENOMEM;
                *where = f;
                return -1;
            }
            t->chain = v;
            t->chain_cap = cap;
        }
        t->chain[n++] = k;
        if (t->v[k].parent == WALK_NONE)
            break;
        k = t->v[k].parent;
    }
    /* ... then down again, each one kept (a few). */
    while (n--) {
        int fd = open_one(t, t->chain[n], at, why);
        if (fd < 0) {
            *where = t->chain[n];
            return -1;
        }
        cache_put(t, t->chain[n], fd);
        at = fd;
    }
    int fd = fcntl(at, F_DUPFD, 0);
    if (fd < 0) {
        *why = errno;
        *where = f;
    }
    return fd;
}

/* Adds a folder to t: its index, or WALK_NONE when out of memory. */
static size_t add_folder(walk_tree *t, size_t parent, const char *name,
                         const char *path) {
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 64;
        walk_folder *v = realloc(t->v, cap * sizeof *v);
        if (!v)
            return WALK_NONE;
        t->v = v;
        t->cap = cap;
    }
    t->v[t->n] = (walk_folder){parent, name, path, 0, 0};
    return t->n++;
}

/* Notes the folder of the files [from, files->n) of t. */
static bool add_files(walk_tree *t, size_t from, size_t upto, size_t folder) {
    if (upto > t->files_cap) {
        size_t cap = t->files_cap ? t->files_cap : 256;
        while (cap < upto)
            cap *= 2;
        size_t *v = realloc(t->folder_of, cap * sizeof *v);
        if (!v)
            return false;
        t->folder_of = v;
        t->files_cap = cap;
    }
    for (size_t i = from; i < upto; i++)
        t->folder_of[i] = folder;
    if (upto > t->nfiles)
        t->nfiles = upto;
    return true;
}

int walk_paths(char **paths, size_t n, bool recurse, const struct stat *skip,
               size_t nskip, path_list *files, path_list *failed,
               walk_tree *t) {
    /* The folders' paths are the tree's: they name its folders. */
    path_list *dirs_ = &t->dirs;
#define dirs (*dirs_)
    bool *is_dir = calloc(n ? n : 1, sizeof *is_dir);
    if (!is_dir || classify(paths, n, is_dir) < 0) {
        free(is_dir);
        return -1;
    }
    for (size_t i = 0; i < sizeof t->cache / sizeof *t->cache; i++)
        t->cache[i].fd = 0;
    /* The paths given are taken as they are. */
    for (size_t i = 0; i < n; i++) {
        size_t before = files->n;
        if (paths_push(is_dir[i] ? &dirs : files, paths[i]) < 0 ||
            (is_dir[i] && add_folder(t, WALK_NONE, paths[i], paths[i]) ==
                              WALK_NONE) ||
            (!is_dir[i] && !add_files(t, before, files->n, WALK_NONE))) {
            free(is_dir);
            return -1;
        }
    }
    free(is_dir);
    /* Folders: one at a time from the list, subfolders added to it, each
     * opened from its parent (never through a link): no path is longer
     * than a component, whatever the depth. */
    for (size_t d = 0; d < dirs.n; d++) {
        int why;
        size_t where;
        int fd = walk_open(t, d, &why, &where);
        DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
        if (!dir) {
            if (fd >= 0)
                close(fd);
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
            bool dir_ = e->d_type == DT_DIR, reg = e->d_type == DT_REG,
                 lnk = e->d_type == DT_LNK;
            if (e->d_type == DT_UNKNOWN) {
                struct stat sb;
                bool ok = fstatat(dirfd(dir), e->d_name, &sb,
                                  AT_SYMLINK_NOFOLLOW) == 0;
                dir_ = ok && S_ISDIR(sb.st_mode);
                reg = ok && S_ISREG(sb.st_mode);
                lnk = ok && S_ISLNK(sb.st_mode);
            }
            if (lnk) {
                /* Never followed (a loop, or a way out of the tree):
                 * counted for the summary. */
                struct stat sb;
                bool to_dir = fstatat(dirfd(dir), e->d_name, &sb, 0) == 0 &&
                              S_ISDIR(sb.st_mode);
                if (to_dir && recurse)
                    t->link_folders++;
                else if (!to_dir && is_record_name(t->exts, e->d_name))
                    t->link_files++;
                continue;
            }
            if (dir_ && recurse && e->d_name[0] == '.')
                continue; /* a hidden folder, as linters pass over */
            path_list *to = NULL;
            struct stat ds;
            if (dir_ && recurse && nskip &&
                fstatat(dirfd(dir), e->d_name, &ds, 0) == 0 &&
                skipped(skip, nskip, &ds))
                continue; /* an output folder */
            if (dir_ && recurse)
                to = &dirs;
            else if (reg && is_record_name(t->exts, e->d_name))
                to = files;
            else
                continue;
            char *p = join(to, dirs.v[d], e->d_name);
            if (!p) {
                closedir(dir);
                goto oom;
            }
            if (t->nexcludes && walk_excluded(t->excludes, t->nexcludes, p))
                continue; /* --exclude (its few bytes stay in the block) */
            if (paths_push(to, p) < 0) {
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
        if (!add_files(t, first, files->n, d))
            goto oom;
        for (size_t k = first_dir; k < dirs.n; k++) {
            const char *base = strrchr(dirs.v[k], '/') + 1;
            if (add_folder(t, d, base, dirs.v[k]) == WALK_NONE)
                goto oom;
        }
    }
    walk_forget(t);
    return 0;
oom:
    walk_forget(t);
    return -1;
#undef dirs
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

int open_below(int root, const char *rel, path_list *made, size_t *link) {
    int at = fcntl(root, F_DUPFD, 0);
    const char *p = rel;
    while (at >= 0 && *p) {
        size_t part = strcspn(p, "/");
        char *name = part ? strndup(p, part) : NULL;
        if (part && !name) {
            close(at);
            errno = ENOMEM;
            return -1;
        }
        if (name && made && mkdirat(at, name, 0777) == 0) {
            /* not listed when out of memory: then it stays, empty or not */
            char *k = room(made, (size_t)(p - rel) + part + 1);
            if (k) {
                memcpy(k, rel, (size_t)(p - rel) + part);
                k[(size_t)(p - rel) + part] = '\0';
                (void)paths_push(made, k);
            }
        }
        int fd = name ? openat(at, name,
                               O_RDONLY | O_DIRECTORY | O_NOCTTY | O_NOFOLLOW)
                      : fcntl(at, F_DUPFD, 0);
        int e = errno;
        struct stat st;
        if (fd < 0 && (e == ELOOP || e == ENOTDIR) &&
            fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISLNK(st.st_mode)) {
            e = ELOOP;
            if (link)
                *link = (size_t)(p - rel) + part;
        }
        free(name);
        close(at);
        at = fd;
        errno = e;
        p += part;
        while (*p == '/')
            p++;
    }
    return at;
}

void remove_empty_folders_at(int root, const path_list *made) {
    for (size_t i = made->n; i-- > 0;) {
        char *slash = strrchr(made->v[i], '/');
        int at = root >= 0 ? fcntl(root, F_DUPFD, 0) : -1;
        if (slash) {
            *slash = '\0';
            if (at >= 0) {
                int fd = open_below(at, made->v[i], NULL, NULL);
                close(at);
                at = fd;
            }
            *slash = '/';
        }
        if (at >= 0) {
            (void)unlinkat(at, slash ? slash + 1 : made->v[i], AT_REMOVEDIR);
            close(at); /* only an empty one goes */
        }
    }
}
