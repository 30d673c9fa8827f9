/* report_gitlab.c - a GitLab Code Quality report: one JSON array per
 * reporter, begun when it is made, an issue per diagnostic as it comes,
 * ended at the close; no summary.  Each issue has a fingerprint of its
 * file, place and text, which GitLab compares between runs. */
#include "format.h"
#include "report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a, 64 bits, over the parts of a diagnostic. */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        h ^= s[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static void gitlab_issue(FILE *f, const char *file, const sgft_diag *d) {
    if (!file)
        file = "sgftidy";
    const char *sev = d->severity == SGFT_FATAL   ? "blocker"
                      : d->severity == SGFT_INFO  ? "info"
                      : d->severity == SGFT_WARNING ? "minor"
                      : d->critical               ? "critical"
                                                  : "major";
    char desc[64];
    snprintf(desc, sizeof desc, "%c%d%s: ", sgft_severity_letter(d->severity),
             d->code, d->critical ? " (critical)" : "");
    uint64_t h = 0xcbf29ce484222325ULL, g = 0x84222325cbf29ce4ULL;
    char pos[64];
    int np = snprintf(pos, sizeof pos, "%d:%lu:%lu", d->code, d->line, d->col);
    h = fnv(h, file, strlen(file) + 1);
    h = fnv(h, pos, (size_t)np + 1);
    h = fnv(h, d->text, strlen(d->text));
    g = fnv(g, d->text, strlen(d->text));
    g = fnv(g, pos, (size_t)np + 1);
    g = fnv(g, file, strlen(file) + 1);
    fputs("{\"description\":", f);
    size_t dl = strlen(desc), tl = strlen(d->text);
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
    sgft__json_string(f, d->key);
    fprintf(f, ",\"fingerprint\":\"%016llx%016llx\",\"severity\":\"%s\","
               "\"location\":{\"path\":",
            (unsigned long long)h, (unsigned long long)g, sev);
    while (file[0] == '.' && file[1] == '/')
        file += 2;
    sgft__json_string(f, file);
    if (d->has_pos)
        fprintf(f, ",\"positions\":{\"begin\":{\"line\":%lu,\"column\":%lu}}}}",
                d->line, d->col);
    else
        fputs(",\"lines\":{\"begin\":1}}}", f);
}

static int gitlab_line(FILE *f, const char *file, const sgft_diag *d,
                       bool colour) {
    (void)colour;
    gitlab_issue(f, file, d);
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

static void gitlab_begin(sgft_reporter *r) { fputc('[', r->f); }

static void gitlab_diag(sgft_reporter *r, const char *file,
                        const sgft_diag *d) {
    fputs(r->results++ ? ",\n" : "\n", r->f);
    gitlab_issue(r->f, file, d);
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
