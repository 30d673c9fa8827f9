/* report_summary.c - the summary of a run, from the counts of its
 * reporter: the lines of the line formats and the JSON object of JSON
 * and SARIF; the notices and messages of no file that a document keeps
 * for its close, and the notice line of the line formats. */
#include "format.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The words and keys of the reasons a file was skipped: at most 12
 * bytes each. */
static const char skip_words[SK__COUNT][13] = {
    "unreadable", "no SGF data", "critical", "hard links", "refused",
    "write failed", "fatal"};
static const char skip_keys[SK__COUNT][13] = {
    "unreadable", "no_sgf_data", "critical", "hard_links", "refused",
    "write_failed", "fatal"};

/* "sgftidy: configuration file used: PATH", or "... not used: PATH:
 * why", a line each. */
static void config_lines(const sgft_reporter *r) {
    for (const config_note *c = r->configs; c; c = c->next) {
        fprintf(r->f, "sgftidy: configuration file %s: ",
                c->why ? "not used" : "used");
        sgft_print_name(r->f, c->path);
        if (c->why)
            fprintf(r->f, ": %s", c->why);
        fputc('\n', r->f);
    }
}

/* "sgftidy: 3 files: 2 OK, 1 with errors; 1 changed, 1 unchanged;
 * 1 skipped (1 critical); 1 folder not read; 0.02 s" (counts of zero
 * left out). */
static void summary_line(const sgft_reporter *r, double secs) {
    FILE *f = r->f;
    const struct {
        unsigned long n;
        const char *what;
        int group;
    } parts[] = {
        {r->ok, "OK", 0},
        {r->warnings, "with warnings", 0},
        {r->errors, "with errors", 0},
        {r->failed, "failed", 0},
        {r->created, "written", 1},
        {r->changed, "changed", 1},
        {r->unchanged, "unchanged", 1},
        {r->different, "not in normal form (--in-place rewrites them)", 1},
    };
    fprintf(f, "sgftidy: %lu file%s", r->files, r->files == 1 ? "" : "s");
    const char *sep = ": ";
    int group = 0;
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
        if (!parts[i].n)
            continue;
        if (parts[i].group != group) {
            sep = "; ";
            group = parts[i].group;
        }
        fprintf(f, "%s%lu %s", sep, parts[i].n, parts[i].what);
        sep = ", ";
    }
    if (r->skipped) {
        fprintf(f, "; %lu skipped", r->skipped);
        sep = " (";
        for (int k = 0; k < SK__COUNT; k++) {
            if (!r->skipped_for[k])
                continue;
            fprintf(f, "%s%lu %s", sep, r->skipped_for[k], skip_words[k]);
            sep = ", ";
        }
        fputc(')', f);
    }
    if (r->folders_unread)
        fprintf(f, "; %lu folder%s not read", r->folders_unread,
                r->folders_unread == 1 ? "" : "s");
    if (r->link_files || r->link_folders) {
        unsigned long n = r->link_files + r->link_folders;
        fprintf(f, "; %lu symbolic link%s not followed (", n, n == 1 ? "" : "s");
        if (r->link_files)
            fprintf(f, "%lu to %s", r->link_files,
                    r->link_files == 1 ? "a file" : "files");
        if (r->link_files && r->link_folders)
            fputs(", ", f);
        if (r->link_folders)
            fprintf(f, "%lu to %s", r->link_folders,
                    r->link_folders == 1 ? "a folder" : "folders");
        fputs(": a walk follows none)", f);
    }
    fprintf(f, "; %.2f s\n", secs);
}

void sgft__summary_object(const sgft_reporter *r, double secs) {
    FILE *f = r->f;
    fprintf(f, "{\"files\":%lu,\"ok\":%lu,\"with_warnings\":%lu,"
               "\"with_errors\":%lu,\"failed\":%lu,\"written\":%lu,"
               "\"changed\":%lu,\"unchanged\":%lu,\"not_in_normal_form\":%lu,"
               "\"skipped\":%lu,\"skipped_for\":{",
            r->files, r->ok, r->warnings, r->errors, r->failed, r->created,
            r->changed, r->unchanged, r->different, r->skipped);
    for (int k = 0; k < SK__COUNT; k++)
        fprintf(f, "%s\"%s\":%lu", k ? "," : "", skip_keys[k],
                r->skipped_for[k]);
    fprintf(f, "},\"folders_not_read\":%lu", r->folders_unread);
    fprintf(f, ",\"links_not_followed\":{\"files\":%lu,\"folders\":%lu}",
            r->link_files, r->link_folders);
    fputs(",\"configuration_files\":[", f);
    for (const config_note *c = r->configs; c; c = c->next) {
        fputs(c == r->configs ? "{\"path\":" : ",{\"path\":", f);
        sgft__json_string(f, c->path);
        fprintf(f, ",\"used\":%s", c->why ? "false" : "true");
        if (c->why) {
            fputs(",\"why\":", f);
            sgft__json_string(f, c->why);
        }
        fputc('}', f);
    }
    fprintf(f, "],\"seconds\":%.3f}", secs);
}

/* Most frequent first, then by number, then by severity. */
static int by_count(const void *a, const void *b) {
    const sgft__count *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    if (x->code != y->code)
        return x->code < y->code ? -1 : 1;
    return (x->severity > y->severity) - (x->severity < y->severity);
}

size_t sgft__counts_sorted(const unsigned long (*counts)[4],
                           sgft__count *out) {
    size_t n = 0;
    for (int c = 1; c < SGFT_MAX_MSG; c++)
        for (int k = 0; k < 4; k++)
            if (counts[c][k])
                out[n++] = (sgft__count){c, k, counts[c][k]};
    if (n > 1)
        qsort(out, n, sizeof *out, by_count);
    return n;
}

void sgft__short_text(FILE *f, int n, void (*put)(FILE *f, const char *s)) {
    const char *t = sgft_msg_text(n);
    for (; t && *t; t++) {
        if (t[0] == '%' && t[1] && strchr("pvod", t[1])) {
            put(f, "...");
            t++;
        } else {
            char c[2] = {*t, 0};
            put(f, c);
        }
    }
}

static void put_plain(FILE *f, const char *s) { fputs(s, f); }

void sgft__statistics(const sgft_reporter *r, bool json) {
    if (!r->stats)
        return;
    /* At most one entry a number and severity: a fixed bound. */
    sgft__count *v = malloc(SGFT_MAX_MSG * 4 * sizeof *v);
    if (!v)
        return;
    size_t n = sgft__counts_sorted(r->stats, v);
    int wn = 1, wc = 1, wk = 1;
    for (size_t i = 0; i < n; i++) {
        int l = snprintf(NULL, 0, "%lu", v[i].n);
        wn = l > wn ? l : wn;
        l = snprintf(NULL, 0, "%c%d",
                     sgft_severity_letter((sgft_severity)v[i].severity),
                     v[i].code);
        wc = l > wc ? l : wc;
        const char *key = sgft_msg_key(v[i].code);
        l = key ? (int)strlen(key) : 0;
        wk = l > wk ? l : wk;
    }
    FILE *f = r->f;
    if (json)
        fputs("{\"statistics\":[", f);
    for (size_t i = 0; i < n; i++) {
        const char *key = sgft_msg_key(v[i].code);
        sgft_severity sev = (sgft_severity)v[i].severity;
        if (json) {
            fprintf(f, "%s{\"code\":%d,\"severity\":\"%s\",\"key\":",
                    i ? "," : "", v[i].code, sgft_severity_name(sev));
            sgft__json_string(f, key ? key : "");
            fprintf(f, ",\"count\":%lu}", v[i].n);
            continue;
        }
        char code[16];
        snprintf(code, sizeof code, "%c%d", sgft_severity_letter(sev),
                 v[i].code);
        fprintf(f, "%*lu  %-*s  %-*s  ", wn, v[i].n, wc, code, wk,
                key ? key : "");
        sgft__short_text(f, v[i].code, put_plain);
        fputc('\n', f);
    }
    if (json)
        fputs("]}\n", f);
    free(v);
}

void sgft__summary_lines(sgft_reporter *r, double secs) {
    sgft__statistics(r, false);
    if ((r->flags & SGFT_REPORT_SUMMARY) && (r->files || r->folders_unread) &&
        !(r->flags & SGFT_REPORT_NO_STATUS)) {
        config_lines(r);
        summary_line(r, secs);
    }
}

bool sgft__run_failed(const sgft_reporter *r) {
    unsigned long no_sgf = r->skipped_for[SK_NO_SGF];
    return r->run_failed || r->interrupted || r->failed_io || r->folders_unread ||
           r->failed > no_sgf;
}

bool sgft__keep_note(sgft_reporter *r, const sgft_diag *d, const char *text) {
    if (d)
        text = d->text;
    size_t n = strlen(text);
    run_note *k = malloc(sizeof *k + n + 1);
    if (!k)
        return false;
    memcpy(k->text, text, n + 1);
    k->code = d ? d->code : 0;
    k->severity = d ? d->severity : SGFT_INFO;
    k->next = NULL;
    *r->notes_end = k;
    r->notes_end = &k->next;
    return true;
}

void sgft__notice_line(sgft_reporter *r, const char *text) {
    if (!(r->flags & SGFT_REPORT_NO_STATUS))
        fprintf(r->f, "sgftidy: %s\n", text);
}
