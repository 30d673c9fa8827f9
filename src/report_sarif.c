/* report_sarif.c - a SARIF 2.1.0 log: one document per reporter, whose
 * head (the tool, with the rules of the whole catalogue) is written
 * when the reporter is made, each result when it comes, and the tail
 * (the invocation, with the summary of the run) at the close, so that
 * memory does not grow with the number of diagnostics. */
#include "config.h"
#include "format.h"
#include "report.h"

#include <stdio.h>
#include <string.h>

/* A file name as a URI reference: relative names stay relative (without
 * a leading "./"), absolute ones become file:// URIs; bytes other than
 * unreserved characters and '/' are percent-encoded. */
static void uri(FILE *f, const char *path) {
    while (path[0] == '.' && path[1] == '/')
        path += 2;
    fputc('"', f);
    if (path[0] == '/')
        fputs("file://", f);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        unsigned char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
            (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
            c == '~' || c == '/')
            fputc(c, f);
        else
            fprintf(f, "%%%02X", c);
    }
    fputc('"', f);
}

/* The catalogue key as a SARIF rule name: BAD_VALUE_CORRECTED becomes
 * BadValueCorrected. */
static void rule_name(FILE *f, const char *key) {
    fputc('"', f);
    bool up = true;
    for (const char *k = key; *k; k++) {
        if (*k == '_') {
            up = true;
            continue;
        }
        fputc(up ? *k : (*k >= 'A' && *k <= 'Z' ? *k - 'A' + 'a' : *k), f);
        up = false;
    }
    fputc('"', f);
}

/* The message template with its slots named: "illegal <ID> value
 * corrected; new [value], old [old value]". */
static void template_text(FILE *f, const char *t) {
    char text[512];
    size_t n = 0;
    for (; *t && n + 16 < sizeof text; t++) {
        const char *slot = NULL;
        if (*t == '%' && t[1]) {
            switch (t[1]) {
            case 'p': slot = "ID"; break;
            case 'v': slot = "value"; break;
            case 'o': slot = "old value"; break;
            case 'd': slot = "..."; break;
            }
        }
        if (slot) {
            size_t l = strlen(slot);
            memcpy(text + n, slot, l);
            n += l;
            t++;
        } else {
            text[n++] = *t;
        }
    }
    /* A sentence: SARIF's texts end with a period. */
    if (n && text[n - 1] != '.')
        text[n++] = '.';
    text[n] = '\0';
    sgft__json_string(f, text);
}

static const char *level_of_class(int cls) {
    switch (cls) {
    case C_INFO: return "note";
    case C_WARN:
    case C_WR: return "warning";
    default: return "error";
    }
}

static const char *level_of(sgft_severity s) {
    return s == SGFT_INFO ? "note" : s == SGFT_WARNING ? "warning" : "error";
}

static int rule_index(int code) {
    int k = 0;
    for (int n = 1; n < code; n++)
        k += sgft_msg_known(n);
    return k;
}

/* The project's home page, AC_INIT's URL (configure.ac), is the
 * driver's informationUri; while the project names none, the README as
 * make install puts it (docdir, Makefile.am): a file: URI of the
 * machine that ran the check, which is where the program's own
 * documentation is. */
#ifndef PACKAGE_URL
#define PACKAGE_URL ""
#endif
#ifndef SGFT_DOCDIR
#define SGFT_DOCDIR "/usr/local/share/doc/sgftidy"
#endif

/* s as the path of a URI: what is not unreserved (RFC 3986) or '/'
 * percent-encoded. */
static void uri_path(FILE *f, const char *s) {
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
            fputc(*p, f);
        else
            fprintf(f, "%%%02X", *p);
    }
}

static void sarif_head(FILE *f) {
    fputs("{\"version\":\"2.1.0\",\"$schema\":"
          "\"https://json.schemastore.org/sarif-2.1.0.json\",\"runs\":[{"
          "\"tool\":{\"driver\":{\"name\":\"sgftidy\",",
          f);
    fputs("\"informationUri\":", f);
    if (PACKAGE_URL[0]) {
        sgft__json_string(f, PACKAGE_URL);
    } else {
        /* no character of it needs a JSON escape: all are encoded */
        fputs("\"file://", f);
        uri_path(f, SGFT_DOCDIR "/README.md");
        fputc('"', f);
    }
    fputc(',', f);
    fputs("\"version\":\"" SGFT_VERSION "\",\"semanticVersion\":\"" SGFT_VERSION
          "\",\"rules\":[",
          f);
    const char *sep = "";
    for (int n = 1; n < SGFT_MAX_MSG; n++) {
        if (!sgft_msg_known(n))
            continue;
        fprintf(f, "%s\n{\"id\":\"%d\",\"name\":", sep, n);
        rule_name(f, sgft_msg_key(n));
        fputs(",\"shortDescription\":{\"text\":", f);
        template_text(f, sgft_msg_text(n));
        fputs("},\"fullDescription\":{\"text\":", f);
        const char *doc = sgft_msg_doc(n);
        sgft__json_string(f, doc ? doc : sgft_msg_text(n));
        /* The long description is the help too; the man page has no
         * stable address of its own to give as helpUri. */
        fputs("},\"help\":{\"text\":", f);
        sgft__json_string(f, doc ? doc : sgft_msg_text(n));
        fprintf(f, "},\"defaultConfiguration\":{\"level\":\"%s\"},"
                   "\"properties\":{\"key\":\"%s\",\"critical\":%s}}",
                level_of_class(sgft__msg_class(n)), sgft_msg_key(n),
                sgft__msg_critical(n) ? "true" : "false");
        sep = ",";
    }
    fputs("]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[", f);
}

/* The line and column after the text s[0..len) that starts at line:col
 * (line breaks: LF, CR, CR LF, LF CR; columns in characters). */
static void advance(const char *s, size_t len, unsigned long *line,
                    unsigned long *col) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n' || c == '\r') {
            if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') &&
                s[i + 1] != s[i])
                i++;
            ++*line;
            *col = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++*col;
        }
    }
}

static void sarif_result(FILE *f, const char *file, const sgft_diag *d) {
    fprintf(f, "{\"ruleId\":\"%d\",\"ruleIndex\":%d,\"level\":\"%s\","
               "\"message\":{\"text\":",
            d->code, rule_index(d->code), level_of(d->severity));
    sgft__json_string(f, d->text);
    fputc('}', f);
    if (file) {
        fputs(",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":"
              "{\"uri\":",
              f);
        uri(f, file);
        fputc('}', f);
        /* A message of the whole file: its first line, as code scanning
         * needs a region in every location. */
        if (d->has_pos)
            fprintf(f, ",\"region\":{\"startLine\":%lu,\"startColumn\":%lu}",
                    d->line, d->col);
        else
            fputs(",\"region\":{\"startLine\":1}", f);
        fputs("}}]", f);
    }
    if (file && d->has_pos && d->fix_old && d->fix_new) {
        /* The old value starts after its '[' at line:col. */
        unsigned long l0 = d->line, c0 = d->col + 1, l1 = l0, c1 = c0;
        advance(d->fix_old, d->fix_old_len, &l1, &c1);
        fputs(",\"fixes\":[{\"description\":{\"text\":\"Write the corrected "
              "value.\"},\"artifactChanges\":[{\"artifactLocation\":{\"uri\":",
              f);
        uri(f, file);
        fprintf(f, "},\"replacements\":[{\"deletedRegion\":{\"startLine\":%lu,"
                   "\"startColumn\":%lu,\"endLine\":%lu,\"endColumn\":%lu},"
                   "\"insertedContent\":{\"text\":",
                l0, c0, l1, c1);
        sgft__json_string_n(f, d->fix_new, d->fix_new_len);
        fputs("}}]}]}]", f);
    }
    fprintf(f, ",\"properties\":{\"key\":\"%s\",\"critical\":%s}}", d->key,
            d->critical ? "true" : "false");
}

static int sarif_line(FILE *f, const char *file, const sgft_diag *d,
                      bool colour) {
    (void)colour;
    sarif_result(f, file, d);
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

static void sarif_begin(sgft_reporter *r) { sarif_head(r->f); }

/* A message of the command line itself (file NULL) names no artifact:
 * a toolExecutionNotification of the invocation, written at the close;
 * out of memory, a result without a location. */
static void sarif_diag(sgft_reporter *r, const char *file,
                       const sgft_diag *d) {
    if (!file && sgft__keep_note(r, d, NULL))
        return;
    fputs(r->results++ ? ",\n" : "\n", r->f);
    sarif_result(r->f, file, d);
}

static void sarif_notice(sgft_reporter *r, const char *text) {
    if (!sgft__keep_note(r, NULL, text))
        r->failed_io = true; /* the document would lack it */
}

/* The notifications kept: a notice of level "note", a message with its
 * level and its rule. */
static void notifications(sgft_reporter *r) {
    if (!r->notes)
        return;
    fputs("\"toolExecutionNotifications\":[", r->f);
    for (const run_note *k = r->notes; k; k = k->next) {
        fprintf(r->f, "%s{\"level\":\"%s\",\"message\":{\"text\":",
                k == r->notes ? "" : ",",
                k->code ? level_of(k->severity) : "note");
        sgft__json_string(r->f, k->text);
        fputc('}', r->f);
        if (k->code && sgft_msg_known(k->code))
            fprintf(r->f, ",\"associatedRule\":{\"id\":\"%d\",\"index\":%d}",
                    k->code, rule_index(k->code));
        fputc('}', r->f);
    }
    fputs("],", r->f);
}

static void sarif_close(sgft_reporter *r, double secs) {
    fprintf(r->f, "\n],\"invocations\":[{\"executionSuccessful\":%s,",
            sgft__run_failed(r) ? "false" : "true");
    notifications(r);
    fputs("\"properties\":{\"summary\":", r->f);
    sgft__summary_object(r, secs);
    fputs("}}]}]}\n", r->f);
}

const reporter_ops sgft__reporter_sarif = {
    .name = "sarif",
    .line = sarif_line,
    .always_timed = true,
    .begin = sarif_begin,
    .diag = sarif_diag,
    .close = sarif_close,
    .notice = sarif_notice,
};
