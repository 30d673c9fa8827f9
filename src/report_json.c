/* report_json.c - diagnostics as JSON lines: one object per message,
 * always valid UTF-8 ("file":null for the command line itself), a
 * notice of the run as {"notice":"..."}, and with SGFT_REPORT_SUMMARY a
 * last record {"summary":{...}}; no status lines. */
#include "format.h"
#include "report.h"

#include <stdio.h>

/* One object; file NULL (the command line itself): "file":null. */
static void json_object(FILE *f, const char *file, const sgft_diag *d) {
    fputs("{\"file\":", f);
    if (file)
        sgft__json_string(f, file);
    else
        fputs("null", f);
    if (d->has_pos)
        fprintf(f, ",\"line\":%lu,\"column\":%lu,\"offset\":%llu", d->line,
                d->col, (unsigned long long)d->offset);
    fprintf(f, ",\"severity\":\"%s\",\"code\":%d,\"key\":",
            sgft_severity_name(d->severity), d->code);
    sgft__json_string(f, d->key);
    fprintf(f, ",\"critical\":%s,\"message\":", d->critical ? "true" : "false");
    sgft__json_string(f, d->text);
    fputs("}\n", f);
}

static int json_line(FILE *f, const char *file, const sgft_diag *d,
                     bool colour) {
    (void)colour;
    json_object(f, file, d);
    return ferror(f) ? -1 : 0;
}

static void json_diag(sgft_reporter *r, const char *file,
                      const sgft_diag *d) {
    json_object(r->f, file, d);
}

/* A notice: a record of its own, {"notice":"..."}. */
static void json_notice(sgft_reporter *r, const char *text) {
    fputs("{\"notice\":", r->f);
    sgft__json_string(r->f, text);
    fputs("}\n", r->f);
}

static void json_close(sgft_reporter *r, double secs) {
    sgft__statistics(r, true);
    if (!(r->flags & SGFT_REPORT_SUMMARY))
        return;
    fputs("{\"summary\":", r->f);
    sgft__summary_object(r, secs);
    fputs("}\n", r->f);
}

const reporter_ops sgft__reporter_json = {
    .name = "json",
    .line = json_line,
    .summary_timed = true,
    .diag = json_diag,
    .close = json_close,
    .notice = json_notice,
};
