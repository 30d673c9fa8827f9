/* report_json.c - diagnostics as JSON lines: one object per message,
 * always valid UTF-8, and with SGFT_REPORT_SUMMARY a last record
 * {"summary":{...}}; no status lines. */
#include "format.h"
#include "report.h"

#include <stdio.h>

static int json_line(FILE *f, const char *file, const sgft_diag *d,
                     bool colour) {
    (void)colour;
    fputs("{\"file\":", f);
    sgft__json_string(f, file);
    if (d->has_pos)
        fprintf(f, ",\"line\":%lu,\"column\":%lu,\"offset\":%llu", d->line,
                d->col, (unsigned long long)d->offset);
    fprintf(f, ",\"severity\":\"%s\",\"code\":%d,\"key\":",
            sgft_severity_name(d->severity), d->code);
    sgft__json_string(f, d->key);
    fprintf(f, ",\"critical\":%s,\"message\":", d->critical ? "true" : "false");
    sgft__json_string(f, d->text);
    fputs("}\n", f);
    return ferror(f) ? -1 : 0;
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
    .close = json_close,
};
