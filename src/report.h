/* report.h - reporters: what the file of each output format defines
 * (report_text.c, report_json.c, ...; listed in report_list.h), and the
 * state of a reporter they share with report.c, which counts a run and
 * hands each step to the reporter of its format, and report_summary.c,
 * which writes the summary of a run. */
#ifndef SGFT_REPORT_H
#define SGFT_REPORT_H

#include "internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

/* One output format.  Only name and line must be set; a NULL step does
 * nothing (diag: prints line, file NULL as "sgftidy"). */
typedef struct reporter_ops {
    const char *name; /* for --format (sgft_format_from_name) */
    /* One diagnostic as sgft_print_diag prints it (file not NULL);
     * colour only for the forms that have colours.  0, or -1 on an error
     * of f. */
    int (*line)(FILE *f, const char *file, const sgft_diag *d, bool colour);
    /* The status line of file after its run (sgft_print_status,
     * format.c's sgft__status_line): none (the document formats), the
     * line, or the line that also says what became of the output. */
    enum { STATUS_NONE, STATUS_LINE, STATUS_OUTPUT } status;
    /* The close says how long the run took: always (always_timed), or
     * with SGFT_REPORT_SUMMARY (summary_timed). */
    bool always_timed, summary_timed;
    /* The head of a document (sgft_reporter_new). */
    void (*begin)(sgft_reporter *r);
    /* One diagnostic of a run (sgft_reporter_diag; file NULL for the
     * command line itself, which a document may name otherwise). */
    void (*diag)(sgft_reporter *r, const char *file, const sgft_diag *d);
    /* The diagnostics of file are complete (sgft_reporter_file), its
     * status line printed (unless SGFT_REPORT_NO_STATUS). */
    void (*file_done)(sgft_reporter *r, const char *file);
    /* The end of the run: summary and end of document; secs is how long
     * it took (0 when not timed). */
    void (*close)(sgft_reporter *r, double secs);
    /* A notice of the run itself, no message of a file
     * (sgft_reporter_notice): NULL prints nothing, the document keeping
     * its form (GitLab, Checkstyle). */
    void (*notice)(sgft_reporter *r, const char *text);
} reporter_ops;

#define FORMAT(id, reporter) extern const reporter_ops sgft__reporter_##reporter;
#include "report_list.h"
#undef FORMAT

/* Why a file was skipped: the first message of the file that says so. */
typedef enum skip_reason {
    SK_UNREADABLE,
    SK_NO_SGF,
    SK_CRITICAL,
    SK_HARD_LINKS,
    SK_REFUSED,
    SK_WRITE,
    SK_FATAL,
    SK__COUNT
} skip_reason;

/* A notification of the run itself, kept for the close of a document
 * that has its place there (SARIF's toolExecutionNotifications): a
 * notice (code 0) or a fatal message of the command line. */
typedef struct run_note {
    struct run_note *next;
    int code; /* the message, or 0 for a notice */
    sgft_severity severity; /* of the message */
    char text[];
} run_note;

/* A configuration file named for the summary. */
typedef struct config_note {
    struct config_note *next;
    char *why; /* NULL: used */
    char path[];
} config_note;

struct sgft_reporter {
    FILE *f;
    const reporter_ops *ops;
    unsigned flags;
    unsigned long results; /* items written into a document */
    struct timespec start;
    unsigned long files, ok, warnings, errors, failed;
    unsigned long created, changed, unchanged, different;
    unsigned long skipped, skipped_for[SK__COUNT];
    unsigned long link_files, link_folders; /* sgft_reporter_links */
    unsigned long folders_unread;
    int cur_skip; /* of the file being reported, or -1 */
    unsigned long cur_msgs; /* the diagnostics of the file being reported */
    /* SGFT_REPORT_STATISTICS: the diagnostics reported, by number and
     * severity (bounded by the message numbers, whatever the run). */
    unsigned long (*stats)[4];
    bool failed_io;
    bool run_failed; /* a fatal message of the command line itself */
    bool interrupted; /* sgft_reporter_interrupted */
    config_note *configs, **configs_end;
    run_note *notes, **notes_end;
    /* sgft_reporter_file: the summary and flags of the file being ended,
     * for file_done. */
    const sgft_summary *cur_sum;
    unsigned cur_flags;
    /* JUnit: the test cases so far (the suite's head, which counts them,
     * comes first), and the messages of the file in group; in memory. */
    FILE *cases, *pending;
    char *cases_text, *pending_text;
    size_t cases_len, pending_len;
    unsigned long tests, failures, fatals;
    unsigned long pending_seen[4]; /* of the file in group, by severity */
    /* A document grouped by file (Checkstyle): the name of the file whose
     * element is open, or NULL. */
    char *group;
    /* GitLab: the file whose issues are being written (normalized), and
     * the fingerprints of its issues so far, to number identical ones. */
    char *seen_file;
    unsigned long long *seen;
    size_t n_seen, cap_seen;
    /* sgft_reporter_page: the page of the run, or NULL. */
    struct sgft_page *page;
};

/* report_summary.c: the summary of a run.  The lines of the line
 * formats ("sgftidy: configuration file used: ..." and "sgftidy: 3
 * files: ..."), with SGFT_REPORT_SUMMARY and without
 * SGFT_REPORT_NO_STATUS, after at least a file or a folder; a close of
 * those formats. */
void sgft__summary_lines(sgft_reporter *r, double secs);
/* The summary as a JSON object {"files":...}. */
void sgft__summary_object(const sgft_reporter *r, double secs);
/* Whether the run failed as a run, not in the content of its files: a
 * fatal message of the command line, a folder not read, or a file that
 * failed for a reason other than holding no SGF data (for SARIF's
 * executionSuccessful). */
bool sgft__run_failed(const sgft_reporter *r);
/* SGFT_REPORT_STATISTICS: the count of each message reported, most
 * frequent first (then by number): "sgftidy: 12 W35 UNKNOWN_PROP
 * unknown property <...> found" a line each, or, json, the record
 * {"statistics":[{"code":35,"severity":"warning","key":...,"count":12},
 * ...]}.  Nothing without the flag. */
void sgft__statistics(const sgft_reporter *r, bool json);
/* A count of a message at a severity (the statistics, the page's
 * counts per message). */
typedef struct sgft__count {
    int code, severity;
    unsigned long n;
} sgft__count;
/* The counts not 0 of counts[code][severity] into out (room for
 * SGFT_MAX_MSG * 4), most frequent first, then by number, then by
 * severity; how many. */
size_t sgft__counts_sorted(const unsigned long (*counts)[4],
                           sgft__count *out);
/* The text of message n with its slots (%p, %v, %o, %d) as "...", a
 * piece at a time through put (plain, or escaped for a page). */
void sgft__short_text(FILE *f, int n, void (*put)(FILE *f, const char *s));
/* Keeps a notification for the close: the message d, or with d NULL the
 * notice text; false when out of memory. */
bool sgft__keep_note(sgft_reporter *r, const sgft_diag *d, const char *text);
/* A notice as the line formats print it: "sgftidy: TEXT", unless
 * SGFT_REPORT_NO_STATUS. */
void sgft__notice_line(sgft_reporter *r, const char *text);

/* report_checkstyle.c: s as XML text or the value of an attribute
 * between double quotes: markup characters as entities, tab, line feed
 * and carriage return as character references, what XML 1.0 cannot hold
 * (other control characters, U+FFFE, U+FFFF, bytes not well-formed
 * UTF-8) as U+FFFD. */
void sgft__xml_attr(FILE *f, const char *s);

/* report_html.c: the page of the run (sgft_reporter_page), which sees
 * each step of the reporter: a diagnostic of the file being reported
 * (of_file) or of none (the command line, a folder not read); the end
 * of a file; a late fault of a file reported before; the close, which
 * writes the page and frees it (0, or -1 when its stream reported an
 * error). */
typedef struct sgft_page sgft_page;
void sgft__page_diag(sgft_reporter *r, const char *file, const sgft_diag *d,
                     bool of_file);
void sgft__page_file(sgft_reporter *r, const char *file,
                     const sgft_summary *s, unsigned flags);
void sgft__page_late(sgft_reporter *r, const char *file, const sgft_diag *d);
int sgft__page_close(sgft_reporter *r);

#endif /* SGFT_REPORT_H */
