/* report_checkstyle.c - a Checkstyle XML report, as Jenkins' warnings
 * plugin and reviewdog read it: one document per reporter, a <file>
 * element per input with an <error> element per diagnostic, written as
 * the diagnostics come.  The diagnostics of a file arrive together and
 * then the end of the file (sgft_reporter_file), so the element of the
 * file is opened at its first diagnostic and closed at its end; a file
 * without diagnostics is an empty element.  Diagnostics of another name
 * in between (a folder not read, a late fault, the command line) get an
 * element of their own. */
/* strdup: POSIX. */
#define _POSIX_C_SOURCE 200809L

#include "format.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The replacement character, for what XML 1.0 cannot hold. */
#define REPLACEMENT "\xEF\xBF\xBD"

/* s as the value of an attribute between double quotes: the five
 * characters of markup as entities; tab, line feed and carriage return
 * as character references, which a reader keeps (it makes them spaces
 * when written as they are); what XML 1.0 forbids (the other control
 * characters below U+0020, U+FFFE, U+FFFF) and bytes that are not
 * well-formed UTF-8 as U+FFFD. */
void sgft__xml_attr(FILE *f, const char *str) {
    const unsigned char *s = (const unsigned char *)str;
    while (*s) {
        unsigned char c = *s;
        int n = sgft__utf8_char_len(s);
        const char *e = NULL;
        switch (c) {
        case '&': e = "&amp;"; break;
        case '<': e = "&lt;"; break;
        case '>': e = "&gt;"; break;
        case '"': e = "&quot;"; break;
        case '\'': e = "&apos;"; break;
        case '\t': e = "&#9;"; break;
        case '\n': e = "&#10;"; break;
        case '\r': e = "&#13;"; break;
        default:
            if (n == 0 || c < 0x20 ||
                (n == 3 && c == 0xEF && s[1] == 0xBF && s[2] >= 0xBE))
                e = REPLACEMENT;
            break;
        }
        if (e) {
            fputs(e, f); /* for the whole character, or the one byte */
            s += n ? n : 1;
        } else {
            fwrite(s, 1, (size_t)n, f);
            s += n;
        }
    }
}

static const char *severity_of(sgft_severity s) {
    return s == SGFT_INFO ? "info" : s == SGFT_WARNING ? "warning" : "error";
}

/* <error .../>: line and column only for a diagnostic with a place. */
static int checkstyle_line(FILE *f, const char *file, const sgft_diag *d,
                           bool colour) {
    (void)file;
    (void)colour;
    fputs("<error", f);
    if (d->has_pos)
        fprintf(f, " line=\"%lu\" column=\"%lu\"", d->line, d->col);
    fprintf(f, " severity=\"%s\" message=\"", severity_of(d->severity));
    sgft__xml_attr(f, d->text);
    fprintf(f, "\" source=\"sgftidy.%d\"/>\n", d->code);
    return ferror(f) ? -1 : 0;
}

static void open_file(FILE *f, const char *name, bool empty) {
    fputs("<file name=\"", f);
    sgft__xml_attr(f, name);
    fputs(empty ? "\"/>\n" : "\">\n", f);
}

/* Ends the element of the file open, if any. */
static void close_group(sgft_reporter *r) {
    if (!r->group)
        return;
    fputs("</file>\n", r->f);
    free(r->group);
    r->group = NULL;
}

static void checkstyle_begin(sgft_reporter *r) {
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<checkstyle version=\"4.3\">\n",
          r->f);
}

static void checkstyle_diag(sgft_reporter *r, const char *file,
                            const sgft_diag *d) {
    if (!file)
        file = "sgftidy";
    if (r->group && strcmp(r->group, file) != 0)
        close_group(r);
    if (!r->group) {
        open_file(r->f, file, false);
        r->group = strdup(file);
    }
    checkstyle_line(r->f, file, d, false);
    if (!r->group)
        fputs("</file>\n", r->f); /* out of memory: an element each */
}

static void checkstyle_file_done(sgft_reporter *r, const char *file) {
    if (!file)
        file = "sgftidy";
    if (r->group && strcmp(r->group, file) == 0) {
        close_group(r);
        return;
    }
    close_group(r);
    open_file(r->f, file, true);
}

static void checkstyle_close(sgft_reporter *r, double secs) {
    (void)secs;
    close_group(r);
    fputs("</checkstyle>\n", r->f);
}

const reporter_ops sgft__reporter_checkstyle = {
    .name = "checkstyle",
    .line = checkstyle_line,
    .begin = checkstyle_begin,
    .diag = checkstyle_diag,
    .file_done = checkstyle_file_done,
    .close = checkstyle_close,
};
