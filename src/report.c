/* report.c - reporters: the diagnostics of a whole run in one format,
 * counted for a summary.  Each format is a reporter of its own, in a
 * file of its own (report_list.h lists them); this file counts, keeps
 * the run's configuration files and hands each step to the reporter of
 * the format, which prints it. */
/* clock_gettime and CLOCK_MONOTONIC: POSIX. */
#define _POSIX_C_SOURCE 200809L

#include "format.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The reporter of each format, by its sgft_format. */
static const reporter_ops *const reporters[] = {
#define FORMAT(id, reporter) [SGFT_FORMAT_##id] = &sgft__reporter_##reporter,
#include "report_list.h"
#undef FORMAT
};

/* The list and the public enum agree: each line names a value of
 * sgft_format (else this does not compile), no two the same one (the
 * switch would have two equal cases), and every value of the enum has
 * its line (the switch has no default: -Wswitch, an error here, names
 * the value without one); the table then has no hole. */
#ifdef __GNUC__
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
#endif
static const reporter_ops *reporter_of(sgft_format fmt) {
    switch (fmt) {
#define FORMAT(id, reporter) case SGFT_FORMAT_##id:
#include "report_list.h"
#undef FORMAT
        return reporters[fmt];
    }
    return NULL;
}
#ifdef __GNUC__
#pragma GCC diagnostic pop
#endif

int sgft_format_from_name(const char *name) {
    for (size_t i = 0; name && i < sizeof reporters / sizeof *reporters; i++)
        if (strcmp(reporters[i]->name, name) == 0)
            return (int)i;
    return -1;
}

const char *sgft_format_name(sgft_format fmt) {
    const reporter_ops *ops = reporter_of(fmt);
    return ops ? ops->name : NULL;
}

int sgft_print_diag(FILE *f, sgft_format fmt, const char *file,
                    const sgft_diag *d) {
    const reporter_ops *ops = reporter_of(fmt);
    /* an unknown format: the default one */
    return (ops ? ops : &sgft__reporter_text)
        ->line(f, file ? file : "sgftidy", d, false);
}

int sgft_print_status(FILE *f, sgft_format fmt, const char *file,
                      const sgft_summary *s) {
    const reporter_ops *ops = reporter_of(fmt);
    if (!ops || ops->status != STATUS_NONE)
        sgft__status_line(f, file, s, ops && ops->status == STATUS_OUTPUT);
    return ferror(f) ? -1 : 0;
}

/* Whether the close prints the run's seconds: then its start is taken
 * (a run of one file in text gives none; the clock is its first call). */
static bool timed(const reporter_ops *ops, unsigned flags) {
    return ops->always_timed ||
           ((flags & SGFT_REPORT_SUMMARY) && ops->summary_timed);
}

sgft_reporter *sgft_reporter_new(FILE *f, sgft_format fmt, unsigned flags) {
    const reporter_ops *ops = reporter_of(fmt);
    if (!f || !ops)
        return NULL;
    sgft_reporter *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->f = f;
    r->ops = ops;
    r->flags = flags;
    r->cur_skip = -1;
    r->configs_end = &r->configs;
    if ((flags & SGFT_REPORT_STATISTICS) &&
        !(r->stats = calloc(SGFT_MAX_MSG, sizeof *r->stats))) {
        free(r);
        return NULL;
    }
    r->notes_end = &r->notes;
    if (timed(ops, flags))
        clock_gettime(CLOCK_MONOTONIC, &r->start);
    if (ops->begin)
        ops->begin(r);
    return r;
}

static int skip_of(const sgft_diag *d) {
    switch (d->code) {
    case 3:
    case 4: return SK_UNREADABLE;
    case 7: return SK_NO_SGF;
    case 34: return SK_CRITICAL;
    case 105: return SK_HARD_LINKS;
    case 106:
    case 111: return SK_REFUSED;
    case 26:
    case 27: return SK_WRITE;
    default: return d->severity == SGFT_FATAL ? SK_FATAL : -1;
    }
}

/* The steps of a diagnostic for the page (report_html.c). */
typedef enum page_step { PAGE_OF_FILE, PAGE_OF_RUN, PAGE_LATE, PAGE_NONE } page_step;

static int report_diag(sgft_reporter *r, const char *file, const sgft_diag *d,
                       page_step step) {
    if (r->page && step == PAGE_LATE)
        sgft__page_late(r, file, d);
    else if (r->page && step != PAGE_NONE)
        sgft__page_diag(r, file, d, file && step == PAGE_OF_FILE);
    if (r->cur_skip < 0)
        r->cur_skip = skip_of(d);
    r->cur_msgs++;
    if (r->stats && d->code > 0 && d->code < SGFT_MAX_MSG &&
        (unsigned)d->severity < 4)
        r->stats[d->code][d->severity]++;
    if (!file && d->severity == SGFT_FATAL)
        r->run_failed = true;
    if (r->ops->diag)
        r->ops->diag(r, file, d);
    else
        r->ops->line(r->f, file ? file : "sgftidy", d,
                     (r->flags & SGFT_REPORT_COLOR) != 0);
    if (ferror(r->f))
        r->failed_io = true;
    return ferror(r->f) ? -1 : 0;
}

int sgft_reporter_diag(sgft_reporter *r, const char *file,
                       const sgft_diag *d) {
    return report_diag(r, file, d, PAGE_OF_FILE);
}

/* A file not in normal form (--list-different, --diff): a result of its
 * own in the formats that machines read (message 152, a warning, so
 * that code scanning and annotations show it); the line formats only
 * count it in their summary.  It is no message of the file's run: the
 * exit status stays 1, as without it. */
static void not_normal_form(sgft_reporter *r, const char *file) {
    if (r->ops == &sgft__reporter_text || r->ops == &sgft__reporter_sgfc)
        return;
    sgft_diag d = {
        .code = 152,
        .key = sgft_msg_key(152),
        .severity = SGFT_WARNING,
        .text = sgft_msg_text(152),
    };
    report_diag(r, file, &d, PAGE_NONE); /* the page counts it itself */
}

int sgft_reporter_file(sgft_reporter *r, const char *file,
                       const sgft_summary *s, unsigned flags) {
    if (flags & SGFT_FILE_DIFFERENT)
        not_normal_form(r, file);
    r->files++;
    if (s->fatal)
        r->failed++;
    else if (s->errors)
        r->errors++;
    else if (s->warnings)
        r->warnings++;
    else
        r->ok++;
    switch (s->output) {
    case SGFT_OUTPUT_CREATED: r->created++; break;
    case SGFT_OUTPUT_CHANGED: r->changed++; break;
    case SGFT_OUTPUT_UNCHANGED: r->unchanged++; break;
    default: break;
    }
    if (flags & SGFT_FILE_DIFFERENT)
        r->different++;
    if (r->cur_skip >= 0) {
        r->skipped++;
        r->skipped_for[r->cur_skip]++;
    }
    r->cur_skip = -1;
    r->cur_sum = s;
    r->cur_flags = flags;
    if (r->page)
        sgft__page_file(r, file, s, flags);
    /* The quiet clean batch: a file that had nothing to say and had
     * nothing done to it gets no line. */
    bool quiet = (r->flags & SGFT_REPORT_QUIET_OK) && !r->cur_msgs &&
                 !(flags & SGFT_FILE_DIFFERENT) && !s->fatal && !s->errors &&
                 !s->warnings && !s->infos &&
                 s->output != SGFT_OUTPUT_CREATED &&
                 s->output != SGFT_OUTPUT_CHANGED;
    r->cur_msgs = 0;
    if (!(r->flags & SGFT_REPORT_NO_STATUS) && r->ops->status != STATUS_NONE &&
        !quiet)
        sgft__status_line(r->f, file, s, r->ops->status == STATUS_OUTPUT);
    if (r->ops->file_done)
        r->ops->file_done(r, file);
    r->cur_sum = NULL;
    if (ferror(r->f))
        r->failed_io = true;
    return ferror(r->f) ? -1 : 0;
}

int sgft_reporter_folder(sgft_reporter *r, const char *folder,
                         const sgft_diag *d) {
    int skip = r->cur_skip; /* a folder is no file: no reason of one */
    unsigned long msgs = r->cur_msgs;
    int st = report_diag(r, folder, d, PAGE_OF_RUN);
    r->cur_skip = skip;
    r->cur_msgs = msgs;
    r->folders_unread++;
    return st;
}

int sgft_reporter_late(sgft_reporter *r, const char *file,
                       const sgft_diag *d, const sgft_summary *was) {
    int skip = r->cur_skip; /* of the file being reported, if any */
    unsigned long msgs = r->cur_msgs;
    int st = report_diag(r, file, d, PAGE_LATE);
    r->cur_skip = skip;
    r->cur_msgs = msgs;
    if (!was)
        return st;
    unsigned long *cls = was->fatal      ? &r->failed
                         : was->errors   ? &r->errors
                         : was->warnings ? &r->warnings
                                         : &r->ok;
    if (*cls)
        (*cls)--;
    unsigned long *out = was->output == SGFT_OUTPUT_CREATED   ? &r->created
                         : was->output == SGFT_OUTPUT_CHANGED ? &r->changed
                         : was->output == SGFT_OUTPUT_UNCHANGED
                             ? &r->unchanged
                             : NULL;
    if (out && *out)
        (*out)--;
    r->failed++;
    int k = skip_of(d);
    if (k >= 0) {
        r->skipped++;
        r->skipped_for[k]++;
    }
    return st;
}

int sgft_reporter_notice(sgft_reporter *r, const char *text) {
    if (!r || !text)
        return -1;
    if (r->ops->notice)
        r->ops->notice(r, text);
    if (ferror(r->f))
        r->failed_io = true;
    return ferror(r->f) ? -1 : 0;
}

int sgft_reporter_interrupted(sgft_reporter *r) {
    if (!r)
        return -1;
    r->interrupted = true;
    return sgft_reporter_notice(r, "interrupted");
}

int sgft_reporter_config(sgft_reporter *r, const char *path,
                         const char *why) {
    size_t n = strlen(path);
    config_note *c = malloc(sizeof *c + n + 1);
    if (!c)
        return -1;
    memcpy(c->path, path, n + 1);
    c->why = NULL;
    c->next = NULL;
    if (why && !(c->why = strdup(why))) {
        free(c);
        return -1;
    }
    *r->configs_end = c;
    r->configs_end = &c->next;
    return 0;
}

void sgft_reporter_links(sgft_reporter *r, unsigned long files,
                         unsigned long folders) {
    if (r) {
        r->link_files = files;
        r->link_folders = folders;
    }
}

static double seconds_since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) +
           (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

int sgft_reporter_close(sgft_reporter *r) {
    if (!r)
        return 0;
    FILE *f = r->f;
    double secs = timed(r->ops, r->flags) ? seconds_since(&r->start) : 0;
    if (r->ops->close)
        r->ops->close(r, secs);
    fflush(f);
    int st = r->failed_io || ferror(f) ? -1 : 0;
    if (r->page && sgft__page_close(r) < 0)
        st = -1;
    while (r->configs) {
        config_note *c = r->configs;
        r->configs = c->next;
        free(c->why);
        free(c);
    }
    free(r->stats);
    while (r->notes) {
        run_note *k = r->notes;
        r->notes = k->next;
        free(k);
    }
    if (r->pending)
        fclose(r->pending);
    free(r->pending_text);
    if (r->cases)
        fclose(r->cases);
    free(r->cases_text);
    free(r->group);
    free(r->seen_file);
    free(r->seen);
    free(r);
    return st;
}
