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
 * Options given on the command line apply over those of the file.
 *
 * The search stops at the top of a repository (a folder holding .git,
 * .hg or .svn) and where the file system changes.  A file found is
 * obeyed only when it is safe to (sgftidy(1), CONFIGURATION): a regular
 * file, not a symbolic link, owned by the user or by root, writable by
 * nobody else, in a folder of the user's or root's that not every user
 * may write to, and of at most CONFIG_MAX bytes.  A file refused for
 * these reasons is never read, and no message quotes it; the files
 * below it get message 142 and the command line's options alone. */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

#define CONFIG_NAME ".sgftidy"
/* The largest configuration file read: a deliberate limit (sgftidy(1)). */
#define CONFIG_MAX 65536
/* The longest option name quoted in a message. */
#define NAME_SHOWN 40

/* What became of a configuration file. */
typedef enum config_state { CF_USED, CF_REFUSED, CF_FAULT } config_state;

/* One configuration file, by its path: read (or refused) once. */
struct config_file {
    config_file *next;
    char *path;
    sgft_options *opt;   /* its options, with the command line's over them */
    fail_level fail_on;
    char *fault;         /* CF_FAULT: message 120's detail (NULL: 5) */
    char *refused;       /* CF_REFUSED: message 142's detail, "PATH: why"
                            (NULL: the file's path) */
    size_t why_at;       /* where the why starts in refused */
    config_state state;
    bool noted;          /* named to the reporter for the summary */
};

/* The configuration file of one folder (NULL: none applies). */
struct config {
    config *next;
    char *dir;
    config_file *file;
};

/* The folder of path, made absolute: NULL when it cannot be resolved
 * (then no configuration file applies, and the run of the file says what
 * is wrong with its path), or with errno ENOMEM when out of memory. */
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
    int e = errno;
    free(copy);
    errno = e;
    return real;
}

/* lstat of dir + "/" + name, with p holding dir (len bytes) and room for
 * the name; p is given back as it was.  0, or -1 with errno. */
static int stat_in(char *p, size_t len, const char *name, struct stat *st) {
    size_t at = len;
    if (!len || p[len - 1] != '/')
        p[at++] = '/';
    strcpy(p + at, name);
    int r = lstat(p, st);
    int e = errno;
    p[len] = '\0';
    errno = e;
    return r;
}

/* Why a configuration file with the status st, in a folder with the
 * status dst, is not obeyed: the reason in why, or false when it may be
 * read.  Called on what lstat says (nothing is opened that fails) and
 * again on what the opened file is. */
static bool refusal(const struct stat *st, const struct stat *dst, char *why,
                    size_t size) {
    uid_t me = geteuid();
    if (S_ISLNK(st->st_mode))
        snprintf(why, size, "a symbolic link");
    else if (!S_ISREG(st->st_mode))
        snprintf(why, size, "not a regular file");
    else if (st->st_uid != me && st->st_uid != 0)
        snprintf(why, size, "owned by another user (uid %lu)",
                 (unsigned long)st->st_uid);
    else if (st->st_mode & S_IWOTH)
        snprintf(why, size, "writable by every user");
    else if (st->st_uid != me && (st->st_mode & S_IWGRP))
        snprintf(why, size, "owned by root and writable by its group");
    else if (dst->st_uid != me && dst->st_uid != 0)
        snprintf(why, size, "in a folder owned by another user (uid %lu)",
                 (unsigned long)dst->st_uid);
    else if (dst->st_mode & S_IWOTH)
        snprintf(why, size, "in a folder that every user may write to");
    else if (st->st_size > CONFIG_MAX)
        snprintf(why, size, "larger than %d bytes", CONFIG_MAX);
    else
        return false;
    return true;
}

/* What the search from a folder upward ends with. */
typedef enum found { FOUND_NONE, FOUND_FILE, FOUND_FAULT, FOUND_OOM } found;

/* Searches from the folder dir upward.  FOUND_FILE: *path is that of the
 * nearest CONFIG_NAME (malloc'd), st its status and dst its folder's;
 * FOUND_FAULT: *path is a folder that cannot be looked into, *err why. */
static found find_config(const char *dir, char **path, struct stat *st,
                         struct stat *dst, int *err) {
    static const char *const tops[] = {".git", ".hg", ".svn"};
    size_t n = strlen(dir);
    char *p = malloc(n + sizeof CONFIG_NAME + 2);
    *path = NULL;
    if (!p)
        return FOUND_OOM;
    memcpy(p, dir, n + 1);
    if (lstat(p, dst) != 0) {
        free(p);
        return FOUND_NONE;
    }
    for (;;) {
        size_t len = strlen(p);
        if (stat_in(p, len, CONFIG_NAME, st) == 0) {
            if (p[len - 1] != '/')
                p[len++] = '/';
            strcpy(p + len, CONFIG_NAME);
            *path = p;
            return FOUND_FILE;
        }
        if (errno != ENOENT && errno != ENOTDIR) {
            *err = errno;
            *path = p;
            return FOUND_FAULT;
        }
        struct stat top;
        bool repo = false;
        for (size_t k = 0; k < sizeof tops / sizeof *tops && !repo; k++)
            repo = stat_in(p, len, tops[k], &top) == 0;
        char *slash = strrchr(p, '/');
        if (repo || !slash || len <= 1)
            break; /* the top of a repository, or of the tree */
        if (slash == p)
            slash[1] = '\0';
        else
            *slash = '\0';
        struct stat up;
        if (lstat(p, &up) != 0 || up.st_dev != dst->st_dev)
            break; /* another file system */
        *dst = up;
    }
    free(p);
    return FOUND_NONE;
}

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Sets f->fault to "PATH: what" or "PATH:LINE: what" (line 0: none). */
static void set_fault(config_file *f, unsigned long line, const char *what) {
    f->state = CF_FAULT;
    size_t n = strlen(f->path) + strlen(what) + 32;
    f->fault = malloc(n);
    if (!f->fault)
        return;
    if (line)
        snprintf(f->fault, n, "%s:%lu: %s", f->path, line, what);
    else
        snprintf(f->fault, n, "%s: %s", f->path, what);
}

/* Sets f->refused to "PATH: why". */
static void set_refused(config_file *f, const char *why) {
    f->state = CF_REFUSED;
    size_t n = strlen(f->path) + strlen(why) + 3;
    f->refused = malloc(n);
    if (!f->refused)
        return;
    snprintf(f->refused, n, "%s: %s", f->path, why);
    f->why_at = strlen(f->path) + 2;
}

/* Reads the bytes of the file f names (its status st, its folder's dst,
 * from the search) into *text (NUL-terminated; *len bytes), or sets
 * f->refused or f->fault. */
static void read_config(config_file *f, const struct stat *st,
                        const struct stat *dst, char **text, size_t *len) {
    char why[128];
    *text = NULL;
    if (refusal(st, dst, why, sizeof why)) {
        set_refused(f, why);
        return;
    }
    /* Not a link, and never blocking: what was examined may have been
     * replaced since by something else, which the checks meet again. */
    int fd = open(f->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
                               O_CLOEXEC);
    if (fd < 0) {
        if (errno == ELOOP) {
            set_refused(f, "a symbolic link");
        } else {
            snprintf(why, sizeof why, "cannot be opened: %s", strerror(errno));
            set_fault(f, 0, why);
        }
        return;
    }
    struct stat now;
    if (fstat(fd, &now) != 0) {
        snprintf(why, sizeof why, "cannot be read: %s", strerror(errno));
        set_fault(f, 0, why);
        close(fd);
        return;
    }
    if (refusal(&now, dst, why, sizeof why)) {
        set_refused(f, why);
        close(fd);
        return;
    }
    /* One byte more than the limit tells a file that grew past it. */
    char *b = malloc(CONFIG_MAX + 2);
    size_t n = 0;
    if (!b) {
        set_fault(f, 0, "out of memory");
        close(fd);
        return;
    }
    while (n <= CONFIG_MAX) {
        ssize_t r = read(fd, b + n, CONFIG_MAX + 1 - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(why, sizeof why, "cannot be read: %s", strerror(errno));
            set_fault(f, 0, why);
            free(b);
            close(fd);
            return;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    if (n > CONFIG_MAX) {
        snprintf(why, sizeof why, "larger than %d bytes", CONFIG_MAX);
        set_refused(f, why);
        free(b);
        return;
    }
    b[n] = '\0';
    *text = b;
    *len = n;
}

/* Whether s[0..n) holds a control character (tab and a carriage return
 * before the line's end aside, which trim() takes as white space). */
static bool has_control(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if ((ch < 0x20 && ch != '\t' && !(ch == '\r' && i + 1 == n)) ||
            ch == 0x7F)
            return true;
    }
    return false;
}

/* Applies the options of the file f (options over the defaults, then the
 * command line's); f->fault or f->refused says what went wrong. */
static void load(cli *c, config_file *f, const struct stat *st,
                 const struct stat *dst) {
    char *text;
    size_t len;
    read_config(f, st, dst, &text, &len);
    if (!text) {
        if (f->state == CF_USED)
            f->state = CF_FAULT; /* out of memory: message 5 */
        return;
    }
    sgft_options *saved = c->opt;
    fail_level saved_fail = c->fail_on;
    f->opt = sgft_options_new();
    if (!f->opt) {
        set_fault(f, 0, "out of memory");
        free(text);
        return;
    }
    c->opt = f->opt;
    c->fail_on = FAIL_WARNING;
    char *line = text, *end = text + len;
    /* A byte-order mark before the first line. */
    if (len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0)
        line += 3;
    for (unsigned long no = 1; line < end && f->state == CF_USED; no++) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        char *next = nl ? nl + 1 : end;
        if (nl)
            *nl = '\0';
        size_t n = (size_t)((nl ? nl : end) - line);
        if (memchr(line, '\0', n)) {
            set_fault(f, no, "a NUL byte");
            break;
        }
        char *hash = strchr(line, '#');
        if (hash) {
            *hash = '\0';
            n = (size_t)(hash - line);
        }
        if (has_control(line, n)) {
            set_fault(f, no, "a control character");
            break;
        }
        char *s = trim(line);
        line = next;
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
        if (strlen(name) > NAME_SHOWN)
            set_fault(f, no, "not an option (a name too long for one)");
        else if (cli_apply_named(c, name, arg, true, err, sizeof err) < 0)
            set_fault(f, no, err);
    }
    free(text);
    if (f->state == CF_USED)
        cli_apply_given(c);
    f->fail_on = c->fail_on;
    c->opt = saved;
    c->fail_on = saved_fail;
}

/* The configuration file of the folder dir (absolute, real), read the
 * first time it is met; NULL for none, or with *oom set. */
static config_file *file_for(cli *c, const char *dir, bool *oom) {
    struct stat st, dst;
    char *path;
    int err = 0;
    *oom = false;
    found r = find_config(dir, &path, &st, &dst, &err);
    if (r == FOUND_NONE)
        return NULL;
    if (r == FOUND_OOM || (r == FOUND_FAULT && err == ENOMEM)) {
        free(path);
        *oom = true;
        return NULL;
    }
    for (config_file *f = c->config_files; f; f = f->next) {
        if (strcmp(f->path, path) == 0) {
            free(path);
            return f;
        }
    }
    config_file *f = calloc(1, sizeof *f);
    if (!f) {
        free(path);
        *oom = true;
        return NULL;
    }
    f->path = path;
    if (r == FOUND_FILE) {
        load(c, f, &st, &dst);
    } else {
        /* A folder on the way up that cannot be looked into. */
        char why[128];
        snprintf(why, sizeof why, "cannot look for %s in it: %s", CONFIG_NAME,
                 strerror(err));
        set_fault(f, 0, why);
    }
    if (f->state == CF_USED && !f->opt)
        f->state = CF_FAULT; /* out of memory: message 5 */
    f->next = c->config_files;
    c->config_files = f;
    return f;
}

/* Reports message 120 (or 5) through fn, with the command line's
 * options. */
static void report_fault(cli *c, int code, const char *detail,
                         sgft_diag_fn fn, void *data) {
    sgft_ctx *ctx = sgft_ctx_new(c->base, fn, data);
    if (ctx) {
        sgft_report(ctx, code, detail);
        sgft_ctx_free(ctx);
    }
}

int config_for(cli *c, const char *path, sgft_diag_fn fn, void *data) {
    c->opt = c->base;
    c->fail_on = c->base_fail_on;
    c->cur_config = NULL;
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
    char *dir = NULL;
    if (!e) {
        errno = 0;
        dir = folder_of(p);
        if (!dir && errno == ENOMEM) {
            report_fault(c, 5, NULL, fn, data);
            return -1;
        }
        if (!dir)
            return 0;
        for (e = c->configs; e; e = e->next)
            if (strcmp(e->dir, dir) == 0)
                break;
    }
    if (e) {
        free(dir);
    } else {
        bool oom;
        config_file *f = file_for(c, dir, &oom);
        if (oom || !(e = calloc(1, sizeof *e))) {
            free(dir);
            report_fault(c, 5, NULL, fn, data);
            return -1;
        }
        e->dir = dir;
        e->file = f;
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
    config_file *f = e->file;
    c->cur_config = f;
    if (!f || f->state == CF_REFUSED)
        return 0;
    if (f->state == CF_FAULT) {
        report_fault(c, f->fault ? 120 : 5, f->fault, fn, data);
        return -1;
    }
    c->opt = f->opt;
    c->fail_on = f->fail_on;
    return 0;
}

const char *config_refusal(const config_file *f) {
    if (!f || f->state != CF_REFUSED)
        return NULL;
    return f->refused ? f->refused : f->path;
}

void config_note(cli *c, config_file *f) {
    if (!f || f->noted)
        return;
    f->noted = true;
    const char *why = f->state == CF_USED ? NULL
                      : f->state == CF_FAULT ? "a fault (message 120)"
                      : f->refused           ? f->refused + f->why_at
                                             : "refused";
    sgft_reporter_config(c->rep, f->path, why);
}

void config_free(cli *c) {
    free(c->last_dir);
    c->last_dir = NULL;
    c->last_config = NULL;
    c->cur_config = NULL;
    while (c->configs) {
        config *e = c->configs;
        c->configs = e->next;
        free(e->dir);
        free(e);
    }
    while (c->config_files) {
        config_file *f = c->config_files;
        c->config_files = f->next;
        free(f->path);
        sgft_options_free(f->opt);
        free(f->fault);
        free(f->refused);
        free(f);
    }
}
