/* report_gitlab.c - a GitLab Code Quality report: one JSON array per
 * reporter, begun when it is made, an issue per diagnostic as it comes,
 * ended at the close; no summary.  Each issue has a fingerprint, which
 * GitLab compares between runs to tell new issues from old ones: of the
 * file, the check and the text, not of the line, so that an issue keeps
 * its fingerprint when lines above it come or go; identical issues of a
 * file are told apart by their number among them. */
/* strdup: POSIX. */
#define _POSIX_C_SOURCE 200809L

#include "format.h"
#include "report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a, 64 bits, over the parts of an issue. */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        h ^= s[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* A path as GitLab names the files of a repository: without leading
 * "./", each "//" one '/', each "/./" one '/'.  A new string, or NULL
 * when out of memory. */
static char *normal_path(const char *p) {
    char *s = malloc(strlen(p) + 1), *o = s;
    if (!s)
        return NULL;
    for (;;) {
        if (p[0] == '.' && p[1] == '/')
            p += 2;
        else if (p[0] == '/' && p[1] == '/' && o == s)
            p++; /* "//x" at the start: "/x" */
        else
            break;
    }
    while (*p) {
        if (p[0] == '/' && (p[1] == '/' || (p[1] == '.' && p[2] == '/')))
            p += p[1] == '/' ? 1 : 2;
        else
            *o++ = *p++;
    }
    *o = '\0';
    return s;
}

static const char *severity_of(const sgft_diag *d) {
    return d->severity == SGFT_FATAL     ? "blocker"
           : d->severity == SGFT_INFO    ? "info"
           : d->severity == SGFT_WARNING ? "minor"
           : d->critical                 ? "critical"
                                         : "major";
}

/* How many issues of the file before this one had the fingerprint h (of
 * path, check and text); counts it.  ~0 when out of memory. */
static unsigned long occurrence(sgft_reporter *r, const char *path,
                                unsigned long long h) {
    if (!r)
        return 0;
    if (!r->seen_file || strcmp(r->seen_file, path) != 0) {
        free(r->seen_file);
        r->n_seen = 0;
        if (!(r->seen_file = strdup(path)))
            return ~0UL;
    }
    unsigned long k = 0;
    for (size_t i = 0; i < r->n_seen; i++)
        k += r->seen[i] == h;
    if (r->n_seen == r->cap_seen) {
        size_t cap = r->cap_seen ? 2 * r->cap_seen : 16;
        unsigned long long *n = realloc(r->seen, cap * sizeof *n);
        if (!n)
            return ~0UL;
        r->seen = n;
        r->cap_seen = cap;
    }
    r->seen[r->n_seen++] = h;
    return k;
}

/* One issue; r NULL: a single line, numbered as the first of its kind. */
static void gitlab_issue(sgft_reporter *r, FILE *f, const char *file,
                         const sgft_diag *d) {
    char *path = normal_path(file ? file : "sgftidy");
    const char *p = path ? path : "sgftidy";
    char check[80];
    snprintf(check, sizeof check, "sgftidy/%s", d->key);
    uint64_t h = 0xcbf29ce484222325ULL, g = 0x84222325cbf29ce4ULL;
    size_t pl = strlen(p) + 1, cl = strlen(check) + 1, tl = strlen(d->text);
    h = fnv(fnv(fnv(h, p, pl), check, cl), d->text, tl);
    g = fnv(fnv(fnv(g, d->text, tl), check, cl), p, pl);
    unsigned long k = occurrence(r, p, h ^ g);
    char nth[24];
    int nl = snprintf(nth, sizeof nth, "#%lu", k);
    h = fnv(h, nth, (size_t)nl);
    g = fnv(g, nth, (size_t)nl);

    char desc[64];
    snprintf(desc, sizeof desc, "%c%d%s: ", sgft_severity_letter(d->severity),
             d->code, d->critical ? " (critical)" : "");
    fputs("{\"description\":", f);
    size_t dl = strlen(desc);
    char *full = malloc(dl + tl + 1);
    if (full) {
        memcpy(full, desc, dl);
        memcpy(full + dl, d->text, tl + 1);
        sgft__json_string(f, full);
        free(full);
    } else {
        sgft__json_string(f, d->text);
    }
    fputs(",\"check_name\":", f);
    sgft__json_string(f, check);
    fprintf(f, ",\"fingerprint\":\"%016llx%016llx\",\"severity\":\"%s\","
               "\"location\":{\"path\":",
            (unsigned long long)h, (unsigned long long)g, severity_of(d));
    sgft__json_string(f, p);
    /* lines.begin always (1 for a message of the whole file), and the
     * column too where there is one. */
    fprintf(f, ",\"lines\":{\"begin\":%lu}", d->has_pos ? d->line : 1UL);
    if (d->has_pos)
        fprintf(f, ",\"positions\":{\"begin\":{\"line\":%lu,\"column\":%lu}}",
                d->line, d->col);
    fputs("}}", f);
    free(path);
}

static int gitlab_line(FILE *f, const char *file, const sgft_diag *d,
                       bool colour) {
    (void)colour;
    gitlab_issue(NULL, f, file, d);
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

static void gitlab_begin(sgft_reporter *r) { fputc('[', r->f); }

static void gitlab_diag(sgft_reporter *r, const char *file,
                        const sgft_diag *d) {
    fputs(r->results++ ? ",\n" : "\n", r->f);
    gitlab_issue(r, r->f, file, d);
}

static void gitlab_close(sgft_reporter *r, double secs) {
    (void)secs;
    fputs(r->results ? "\n]\n" : "]\n", r->f);
}

const reporter_ops sgft__reporter_gitlab = {
    .name = "gitlab",
    .line = gitlab_line,
    .begin = gitlab_begin,
    .diag = gitlab_diag,
    .close = gitlab_close,
};
