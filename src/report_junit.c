/* report_junit.c - a JUnit XML report, as CI servers (Jenkins, GitLab,
 * Azure) read test results: one <testsuite name="sgftidy"> with a
 * <testcase> per file, classname and name its path.  A file that fails
 * the run (SGFT_FILE_FAILED, or a warning or worse without a flag) has
 * a <failure>, one with a fatal message an <error>, whose text is the
 * file's messages in the default form, a line each; a file that passes
 * has its messages as <system-out>.  The suite's head counts its test
 * cases, so they are kept in memory until the close (the size of the
 * report; the messages of one file until its end).  Messages of another
 * name in between (a folder not read, a late fault, the command line as
 * "sgftidy") are a test case of their own. */
/* open_memstream, strdup: POSIX. */
#define _POSIX_C_SOURCE 200809L

#include "format.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* <failure> alone: the one-line form of report_list.h's line step. */
static int junit_line(FILE *f, const char *file, const sgft_diag *d,
                      bool colour) {
    (void)colour;
    fprintf(f, "<failure type=\"%s\" message=\"",
            sgft_severity_name(d->severity));
    sgft__xml_attr(f, d->text);
    fputs("\">", f);
    sgft__xml_attr(f, file);
    fputs(": ", f);
    sgft__xml_attr(f, d->text);
    fputs("</failure>\n", f);
    return ferror(f) ? -1 : 0;
}

/* The messages of the file in r->group, as the default form prints
 * them; a memory stream, made at the first. */
static bool pending_open(sgft_reporter *r) {
    if (!r->pending) {
        r->pending = open_memstream(&r->pending_text, &r->pending_len);
    }
    return r->pending != NULL;
}

/* Ends the test case of r->group (if any): failed tells whether it
 * fails, -1 by its messages (a warning or worse). */
static void flush_case(sgft_reporter *r, int failed) {
    if (!r->group)
        return;
    FILE *f = r->cases;
    const unsigned long *seen = r->pending_seen;
    bool fatal = seen[SGFT_FATAL] > 0;
    if (failed < 0)
        failed = seen[SGFT_WARNING] || seen[SGFT_ERROR] || fatal;
    if (r->pending)
        fflush(r->pending);
    const char *text = r->pending && r->pending_len ? r->pending_text : NULL;
    r->tests++;
    if (f) {
        fputs("<testcase classname=\"", f);
        sgft__xml_attr(f, r->group);
        fputs("\" name=\"", f);
        sgft__xml_attr(f, r->group);
        fputc('"', f);
        if (!text && !fatal && !failed) {
            fputs("/>\n", f);
        } else {
            fputs(">\n", f);
            const char *el = fatal ? "error" : failed ? "failure" : "system-out";
            if (fatal || failed) {
                sgft_severity worst = fatal              ? SGFT_FATAL
                                      : seen[SGFT_ERROR]   ? SGFT_ERROR
                                      : seen[SGFT_WARNING] ? SGFT_WARNING
                                                           : SGFT_INFO;
                fprintf(f, "<%s type=\"%s\" message=\"%lu error(s), %lu "
                           "warning(s), %lu information message(s)\">",
                        el, sgft_severity_name(worst),
                        seen[SGFT_ERROR] + seen[SGFT_FATAL],
                        seen[SGFT_WARNING], seen[SGFT_INFO]);
            } else {
                fprintf(f, "<%s>", el);
            }
            /* The lines as they are, each line break a reference. */
            if (text)
                sgft__xml_attr(f, text);
            fprintf(f, "</%s>\n</testcase>\n", el);
        }
    }
    if (fatal)
        r->fatals++;
    else if (failed)
        r->failures++;
    if (r->pending) {
        fclose(r->pending);
        r->pending = NULL;
    }
    free(r->pending_text);
    r->pending_text = NULL;
    r->pending_len = 0;
    memset(r->pending_seen, 0, sizeof r->pending_seen);
    free(r->group);
    r->group = NULL;
}

static void junit_begin(sgft_reporter *r) {
    r->cases = open_memstream(&r->cases_text, &r->cases_len);
    if (!r->cases)
        r->failed_io = true;
}

/* Makes the case of file (NULL: the command line, "sgftidy") the open
 * one, ending another's; false when out of memory. */
static bool case_of(sgft_reporter *r, const char *file) {
    if (!file)
        file = "sgftidy";
    if (r->group && strcmp(r->group, file) != 0)
        flush_case(r, -1);
    if (!r->group && !(r->group = strdup(file))) {
        r->failed_io = true;
        return false;
    }
    return true;
}

static void junit_diag(sgft_reporter *r, const char *file,
                       const sgft_diag *d) {
    if (!case_of(r, file))
        return;
    if (!file)
        file = "sgftidy";
    if (!pending_open(r)) {
        r->failed_io = true;
        return;
    }
    sgft__reporter_text.line(r->pending, file, d, false);
    r->pending_seen[d->severity]++;
}

static void junit_file_done(sgft_reporter *r, const char *file) {
    if (!case_of(r, file))
        return;
    unsigned fl = r->cur_flags;
    flush_case(r, fl & SGFT_FILE_FAILED   ? 1
                  : fl & SGFT_FILE_PASSED ? 0
                                          : -1);
}

static void junit_close(sgft_reporter *r, double secs) {
    (void)secs;
    flush_case(r, -1);
    fprintf(r->f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<testsuite name=\"sgftidy\" tests=\"%lu\" failures=\"%lu\" "
                  "errors=\"%lu\" skipped=\"0\">\n",
            r->tests, r->failures, r->fatals);
    if (r->cases) {
        fclose(r->cases);
        r->cases = NULL;
        if (r->cases_text)
            fwrite(r->cases_text, 1, r->cases_len, r->f);
    }
    free(r->cases_text);
    r->cases_text = NULL;
    fputs("</testsuite>\n", r->f);
}

const reporter_ops sgft__reporter_junit = {
    .name = "junit",
    .line = junit_line,
    .begin = junit_begin,
    .diag = junit_diag,
    .file_done = junit_file_done,
    .close = junit_close,
};
