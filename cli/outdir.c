/* outdir.c - --outdir: every output inside DIR, none over an input,
 * none over the output of another input (sgftidy(1), --outdir). */
#include "config.h"

#include "outdir.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* FNV-1a, 64 bits */
static uint64_t name_hash(const char *s) {
    uint64_t h = UINT64_C(14695981039346656037);
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
    return h;
}

/* The slot of name in v (cap a power of two): where it is, or the empty
 * slot where it would go. */
static size_t name_slot(char *const *v, size_t cap, const char *name) {
    size_t i = (size_t)name_hash(name) & (cap - 1);
    while (v[i] && strcmp(v[i], name) != 0)
        i = (i + 1) & (cap - 1);
    return i;
}

bool name_has(const name_set *s, const char *name) {
    return s->cap && s->v[name_slot(s->v, s->cap, name)];
}

bool name_add(name_set *s, char *name) {
    if (2 * (s->n + 1) > s->cap) { /* at most half full */
        size_t cap = s->cap ? s->cap * 2 : 64;
        char **v = calloc(cap, sizeof *v);
        if (!v) {
            free(name);
            return false;
        }
        for (size_t i = 0; i < s->cap; i++)
            if (s->v[i])
                v[name_slot(v, cap, s->v[i])] = s->v[i];
        free(s->v);
        s->v = v;
        s->cap = cap;
    }
    size_t i = name_slot(s->v, s->cap, name);
    if (s->v[i]) {
        free(name);
        return true;
    }
    s->v[i] = name;
    s->n++;
    return true;
}

void name_free(name_set *s) {
    for (size_t i = 0; i < s->cap; i++)
        free(s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

static int id_cmp(const void *a, const void *b) {
    const file_id *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

bool id_add(id_set *s, const struct stat *st) {
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        file_id *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return false;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n].dev = st->st_dev;
    s->v[s->n].ino = st->st_ino;
    s->n++;
    return true;
}

void id_sort(id_set *s) {
    if (s->n > 1) /* (an empty set has no array to give qsort) */
        qsort(s->v, s->n, sizeof *s->v, id_cmp);
}

static bool id_has(const id_set *s, const struct stat *st, size_t sorted) {
    file_id k = {st->st_dev, st->st_ino};
    if (sorted && bsearch(&k, s->v, sorted, sizeof k, id_cmp))
        return true;
    for (size_t i = sorted; i < s->n; i++)
        if (id_cmp(&k, &s->v[i]) == 0)
            return true;
    return false;
}

char *outdir_path(const char *dir, const char *in) {
    size_t dlen = strlen(dir);
    while (dlen > 1 && dir[dlen - 1] == '/')
        dlen--;
    size_t n = dlen + strlen(in) + 2;
    char *out = malloc(n);
    if (!out)
        return NULL;
    memcpy(out, dir, dlen);
    size_t base = dlen, len = dlen;
    const char *p = in;
    while (*p) {
        size_t part = strcspn(p, "/");
        if ((part == 1 && p[0] == '.') || part == 0) {
            /* nothing */
        } else if (part == 2 && p[0] == '.' && p[1] == '.') {
            while (len > base && out[len - 1] != '/')
                len--;
            if (len > base)
                len--; /* the '/' before the part taken back */
        } else {
            out[len++] = '/';
            memcpy(out + len, p, part);
            len += part;
        }
        p += part;
        while (*p == '/')
            p++;
    }
    out[len] = '\0';
    return out;
}

void outdir_sgf_name(char *out) {
    static const char *const others[] = {".gib", ".ngf", ".ugf", ".ugi"};
    size_t n = strlen(out);
    const char *base = strrchr(out, '/');
    base = base ? base + 1 : out;
    if ((size_t)(out + n - base) <= 4)
        return;
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        if (strcasecmp(out + n - 4, others[i]) == 0) {
            memcpy(out + n - 4, ".sgf", 4);
            return;
        }
}

struct stat *outdir_skips(const char *dir, char **paths, size_t n,
                          size_t *count) {
    struct stat *v = malloc((n + 1) * sizeof *v);
    if (!v)
        return NULL;
    size_t k = 0;
    if (stat(dir, &v[k]) == 0 && S_ISDIR(v[k].st_mode))
        k++;
    for (size_t i = 0; i < n; i++) {
        char *out = outdir_path(dir, paths[i]);
        if (!out) {
            free(v);
            return NULL;
        }
        if (stat(out, &v[k]) == 0 && S_ISDIR(v[k].st_mode))
            k++;
        free(out);
    }
    *count = k;
    return v;
}

/* Whether path is real_dir or below it (both without "." or ".."). */
static bool inside(const char *real_dir, const char *path) {
    size_t n = strlen(real_dir);
    if (n == 1 && real_dir[0] == '/')
        return true;
    return strncmp(path, real_dir, n) == 0 && (path[n] == '/' || !path[n]);
}

const char *outdir_refusal(const char *real_dir, const char *out,
                           const out_facts *f, const id_set *inputs,
                           size_t sorted, const id_set *outputs, char *why,
                           size_t size) {
    if (!f->parent) {
        snprintf(why, size, "%s: %s", out, strerror(f->parent_err));
        return why;
    }
    if (!inside(real_dir, f->parent)) {
        snprintf(why, size, "%s: its folder is outside the output folder "
                            "(a symbolic link)", out);
        return why;
    }
    if (!f->exists) {
        if (f->link) {
            snprintf(why, size, "%s: a symbolic link to a missing file", out);
            return why;
        }
        return NULL; /* a new file */
    }
    /* Not a link: the file is in its folder, which is inside. */
    if (f->link) {
        char *real = realpath(out, NULL);
        bool ok = real && inside(real_dir, real);
        free(real);
        if (!ok) {
            snprintf(why, size,
                     "%s: a symbolic link out of the output folder", out);
            return why;
        }
    }
    if (id_has(inputs, &f->st, sorted)) {
        snprintf(why, size, "%s: it is one of the input files", out);
        return why;
    }
    if (outputs && id_has(outputs, &f->st, 0)) {
        snprintf(why, size, "%s: written already for another input file",
                 out);
        return why;
    }
    return NULL;
}

/* "DEV:INO OUT": the output out written for the input file in (NULL
 * when in cannot be looked at, or out of memory); malloc'd. */
char *outdir_written_from(const char *in, const char *out) {
    struct stat st;
    if (stat(in, &st) < 0 || !S_ISREG(st.st_mode))
        return NULL;
    size_t n = strlen(out) + 48;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%llx:%llx %s", (unsigned long long)st.st_dev,
                 (unsigned long long)st.st_ino, out);
    return s;
}
