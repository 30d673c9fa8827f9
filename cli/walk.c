/* walk.c - the paths of batch mode (part of the command, not of the
 * library): a path that is a folder stands for the .sgf files in it (any
 * case of the ending), with recurse for those of its subfolders too.  The
 * walk keeps its own list of folders to visit: no recursion, whatever
 * the depth of the tree of folders. */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
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

int walk_paths(char **paths, size_t n, bool recurse, path_list *files,
               path_list *failed) {
    path_list dirs = {0};
    for (size_t i = 0; i < n; i++) {
        struct stat sb;
        char *p = strdup(paths[i]);
        if (!p)
            return -1;
        if (stat(paths[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
            if (push(&dirs, p) < 0)
                return -1;
        } else if (push(files, p) < 0) { /* a file, or a fault to report */
            return -1;
        }
    }
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
            struct stat sb;
            if (lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode)) {
                if (!recurse || push(&dirs, p) < 0)
                    free(p);
            } else if (is_sgf_name(e->d_name) && S_ISREG(sb.st_mode)) {
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
