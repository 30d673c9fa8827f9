/* config.c - the project configuration file, .sgftidy: the options of the
 * files below its folder, found from each checked file's folder upward
 * (the nearest one wins; none: the command line alone).  One option a
 * line, its long name without the dashes, "=" and its argument when it
 * takes one; '#' starts a comment:
 *
 *     # .sgftidy
 *     mute = UNKNOWN_PROP
 *     disable = 35
 *     fail-on = error
 *     strict
 *
 * Options given on the command line apply over those of the file. */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CONFIG_NAME ".sgftidy"

struct config {
    config *next;
    char *dir;           /* the folder it was looked up for */
    char *path;          /* the file found, or NULL for none */
    sgft_options *opt;   /* its options, with the command line's over them */
    fail_level fail_on;
    char *fault;         /* why it cannot be used, or NULL */
};

/* The folder of path, made absolute (NULL when out of memory or it
 * cannot be resolved: then no configuration file applies). */
static char *folder_of(const char *path) {
    char *copy = strdup(path);
    if (!copy)
        return NULL;
    char *slash = strrchr(copy, '/');
    const char *dir = ".";
    if (slash == copy)
        dir = "/";
    else if (slash) {
        *slash = '\0';
        dir = copy;
    }
    char *real = realpath(dir, NULL);
    free(copy);
    return real;
}

/* The nearest CONFIG_NAME from dir upward, or NULL. */
static char *find_config(const char *dir) {
    size_t n = strlen(dir);
    char *p = malloc(n + sizeof CONFIG_NAME + 2);
    if (!p)
        return NULL;
    memcpy(p, dir, n + 1);
    for (;;) {
        size_t len = strlen(p), at = len;
        if (!len || p[len - 1] != '/')
            p[at++] = '/';
        memcpy(p + at, CONFIG_NAME, sizeof CONFIG_NAME);
        struct stat st;
        if (stat(p, &st) == 0 && S_ISREG(st.st_mode))
            return p;
        p[len] = '\0';
        char *slash = strrchr(p, '/');
        if (!slash || len <= 1)
            break;
        if (slash == p)
            slash[1] = '\0';
        else
            *slash = '\0';
    }
    free(p);
    return NULL;
}

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' ||
                 s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

/* Reads the file into e (options over the defaults, then the command
 * line's); e->fault says what went wrong. */
static void load(cli *c, config *e) {
    char why[PATH_MAX + 300];
    sgft_options *saved = c->opt;
    fail_level saved_fail = c->fail_on;
    e->opt = sgft_options_new();
    if (!e->opt) {
        e->fault = strdup("out of memory");
        return;
    }
    c->opt = e->opt;
    c->fail_on = FAIL_WARNING;
    FILE *f = fopen(e->path, "r");
    if (!f) {
        snprintf(why, sizeof why, "%s: %s", e->path, strerror(errno));
        e->fault = strdup(why);
        goto end;
    }
    char *line = NULL;
    size_t cap = 0;
    unsigned long no = 0;
    while (getline(&line, &cap, f) >= 0) {
        no++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *s = trim(line);
        if (!*s)
            continue;
        char *eq = strchr(s, '=');
        char *arg = NULL;
        if (eq) {
            *eq = '\0';
            arg = trim(eq + 1);
        }
        char *name = trim(s);
        char err[256];
        if (cli_apply_named(c, name, arg, true, err, sizeof err) < 0) {
            snprintf(why, sizeof why, "%s:%lu: %s", e->path, no, err);
            e->fault = strdup(why);
            break;
        }
    }
    free(line);
    fclose(f);
    if (!e->fault)
        cli_apply_given(c);
end:
    e->fail_on = c->fail_on;
    c->opt = saved;
    c->fail_on = saved_fail;
}

int config_for(cli *c, const char *path, sgft_diag_fn fn, void *data) {
    c->opt = c->base;
    c->fail_on = c->base_fail_on;
    if (c->no_config)
        return 0;
    const char *p = strcmp(path, "-") == 0 ? "./-" : path;
    const char *slash = strrchr(p, '/');
    size_t dlen = slash ? (size_t)(slash - p) : 0;
    /* The files of a batch come folder by folder: the folder of the last
     * file, as written, is not resolved again. */
    config *e = NULL;
    if (c->last_config && strlen(c->last_dir) == dlen &&
        strncmp(c->last_dir, p, dlen) == 0)
        e = c->last_config;
    char *dir = e ? NULL : folder_of(p);
    if (!e && !dir)
        return 0;
    if (!e)
        for (e = c->configs; e; e = e->next)
            if (strcmp(e->dir, dir) == 0)
                break;
    if (e) {
        free(dir);
    } else {
        e = calloc(1, sizeof *e);
        if (!e) {
            free(dir);
            return 0;
        }
        e->dir = dir;
        e->path = find_config(dir);
        /* The same file for another folder: read once. */
        for (config *o = c->configs; o && e->path; o = o->next) {
            if (o->path && strcmp(o->path, e->path) == 0 && o->opt) {
                e->opt = sgft_options_dup(o->opt);
                e->fail_on = o->fail_on;
                e->fault = o->fault ? strdup(o->fault) : NULL;
                break;
            }
        }
        if (e->path && !e->opt && !e->fault)
            load(c, e);
        e->next = c->configs;
        c->configs = e;
    }
    if (e != c->last_config) {
        char *d = strndup(p, dlen);
        if (d) {
            free(c->last_dir);
            c->last_dir = d;
            c->last_config = e;
        }
    }
    if (!e->path)
        return 0;
    if (e->fault) {
        sgft_ctx *ctx = sgft_ctx_new(c->base, fn, data);
        if (ctx) {
            sgft_report(ctx, 120, e->fault);
            sgft_ctx_free(ctx);
        }
        return -1;
    }
    c->opt = e->opt;
    c->fail_on = e->fail_on;
    return 0;
}

void config_free(cli *c) {
    free(c->last_dir);
    c->last_dir = NULL;
    c->last_config = NULL;
    while (c->configs) {
        config *e = c->configs;
        c->configs = e->next;
        free(e->dir);
        free(e->path);
        sgft_options_free(e->opt);
        free(e->fault);
        free(e);
    }
}
