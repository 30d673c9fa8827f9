/* report_text.c - the default form of diagnostics, one line each as
 * compilers write them (FILE:LINE:COL: error E15: ...), which editors
 * and CI logs read; coloured as gcc does for a terminal.  The status
 * line of a file says what happened to its output; a batch ends with
 * the summary line. */
#include "format.h"
#include "report.h"

#include <stdio.h>

static int text_line(FILE *f, const char *file, const sgft_diag *d,
                     bool colour) {
    const char *b = colour ? SGFT_BOLD : "", *r = colour ? SGFT_RESET : "";
    const char *c = colour ? sgft__colour_of(d->severity) : "";
    /* One line, its file name unambiguous. */
    buf nb, tb;
    sgft__buf_init(&nb);
    sgft__buf_init(&tb);
    file = sgft__name_shown(&nb, file);
    const char *text = sgft__text_shown(&tb, d->text);
    /* One call: one write to standard error. */
    if (d->has_pos)
        fprintf(f, "%s%s:%lu:%lu:%s %s%s %c%d%s%s: %s\n", b, file, d->line,
                d->col, r, c, sgft_severity_name(d->severity),
                sgft_severity_letter(d->severity), d->code,
                d->critical ? " (critical)" : "", r, text);
    else
        fprintf(f, "%s%s:%s %s%s %c%d%s%s: %s\n", b, file, r, c,
                sgft_severity_name(d->severity),
                sgft_severity_letter(d->severity), d->code,
                d->critical ? " (critical)" : "", r, text);
    sgft__buf_free(&nb);
    sgft__buf_free(&tb);
    return ferror(f) ? -1 : 0;
}


const reporter_ops sgft__reporter_text = {
    .name = "default",
    .line = text_line,
    .status = STATUS_OUTPUT,
    .summary_timed = true,
    .close = sgft__summary_lines,
    .notice = sgft__notice_line,
};
