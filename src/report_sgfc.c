/* report_sgfc.c - SGFC's form of diagnostics, after the file name:
 * "FILE: Line:1 Col:25 - Error 8 (critical): ...", for the programs
 * that read SGFC's output; its status lines are SGFC's, without what
 * happened to the output. */
#include "format.h"
#include "report.h"

#include <stdio.h>

static int sgfc_line(FILE *f, const char *file, const sgft_diag *d,
                     bool colour) {
    const char *b = colour ? SGFT_BOLD : "", *r = colour ? SGFT_RESET : "";
    const char *c = colour ? sgft__colour_of(d->severity) : "";
    /* at most 11 bytes each, in the array rather than pointed to */
    static const char kinds[][12] = {"Information", "Warning", "Error",
                                     "Fatal error"};
    buf nb, tb;
    sgft__buf_init(&nb);
    sgft__buf_init(&tb);
    file = sgft__name_shown(&nb, file);
    const char *text = sgft__text_shown(&tb, d->text);
    fprintf(f, "%s%s:%s ", b, file, r);
    if (d->has_pos)
        fprintf(f, "Line:%lu Col:%lu - ", d->line, d->col);
    fprintf(f, "%s%s %d%s%s: %s\n", c, kinds[d->severity], d->code,
            d->critical ? " (critical)" : "", r, text);
    sgft__buf_free(&nb);
    sgft__buf_free(&tb);
    return ferror(f) ? -1 : 0;
}


const reporter_ops sgft__reporter_sgfc = {
    .name = "sgfc",
    .line = sgfc_line,
    .status = STATUS_LINE,
    .summary_timed = true,
    .close = sgft__summary_lines,
    .notice = sgft__notice_line,
};
