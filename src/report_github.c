/* report_github.c - GitHub Actions workflow commands, one a message:
 * "::error file=F,line=L,col=C,title=...::text", which the runner shows
 * as annotations of the files; status and summary lines as the default
 * form has them, without what happened to the output. */
#include "format.h"
#include "report.h"

#include <stdio.h>

/* GitHub's workflow commands: the runner reads a line "::error
 * file=NAME,line=N::TEXT" and decodes %25, %0D and %0A in TEXT, and
 * %3A and %2C too in a property (file=...): '%', CR and LF are written
 * so everywhere, ':' and ',' so in a property.  Every other control
 * character (ESC, TAB, DEL...) is percent-encoded as well, which the
 * runner leaves as it is: no escape sequence of a file name or a text
 * reaches the log raw. */
static void github_escaped(FILE *f, const char *s, bool property) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '%' || c < 0x20 || c == 0x7F ||
            (property && (c == ':' || c == ',')))
            fprintf(f, "%%%02X", c);
        else
            fputc(c, f);
    }
}

/* One command; file NULL (the command line itself): no file=, which
 * GitHub shows as an annotation of the run. */
static void github_command(FILE *f, const char *file, const sgft_diag *d) {
    fprintf(f, "::%s ", d->severity == SGFT_INFO      ? "notice"
                        : d->severity == SGFT_WARNING ? "warning"
                                                      : "error");
    if (file) {
        fputs("file=", f);
        github_escaped(f, file, true);
        fputc(',', f);
    }
    if (file && d->has_pos)
        fprintf(f, "line=%lu,col=%lu,", d->line, d->col);
    /* A message of the whole file has no line: GitHub shows it as an
     * annotation of the file. */
    char title[96];
    snprintf(title, sizeof title, "%c%d %s%s", sgft_severity_letter(d->severity),
             d->code, d->key, d->critical ? " (critical)" : "");
    fputs("title=", f);
    github_escaped(f, title, true);
    fputs("::", f);
    github_escaped(f, d->text, false);
    fputc('\n', f);
}

static int github_line(FILE *f, const char *file, const sgft_diag *d,
                       bool colour) {
    (void)colour;
    github_command(f, file, d);
    return ferror(f) ? -1 : 0;
}

static void github_diag(sgft_reporter *r, const char *file,
                        const sgft_diag *d) {
    github_command(r->f, file, d);
}

/* A notice of the run: "::notice::TEXT", unless quiet as its status
 * lines are. */
static void github_notice(sgft_reporter *r, const char *text) {
    if (r->flags & SGFT_REPORT_NO_STATUS)
        return;
    fputs("::notice::", r->f);
    github_escaped(r->f, text, false);
    fputc('\n', r->f);
}


const reporter_ops sgft__reporter_github = {
    .name = "github",
    .line = github_line,
    .status = STATUS_LINE,
    .summary_timed = true,
    .diag = github_diag,
    .close = sgft__summary_lines,
    .notice = github_notice,
};
