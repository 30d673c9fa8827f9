/* report.c - reporters: the diagnostics of a whole run in one format,
 * counted for a summary; the two document formats, SARIF 2.1.0 and
 * GitLab's Code Quality report.  Documents are streamed: their head (for
 * SARIF, the rules of the whole catalogue) is written when the reporter
 * is made, each result when it comes, the tail at the close, so memory
 * does not grow with the number of diagnostics. */
/* clock_gettime and CLOCK_MONOTONIC: POSIX. */
#define _POSIX_C_SOURCE 200809L

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* The words and keys of the reasons: at most 12 bytes each. */
static const char skip_words[SK__COUNT][13] = {
    "unreadable", "no SGF data", "critical", "hard links", "refused",
    "write failed", "fatal"};
static const char skip_keys[SK__COUNT][13] = {
    "unreadable", "no_sgf_data", "critical", "hard_links", "refused",
    "write_failed", "fatal"};

/* A configuration file named for the summary. */
typedef struct config_note {
    struct config_note *next;
    char *why; /* NULL: used */
    char path[];
} config_note;

struct sgft_reporter {
    FILE *f;
    sgft_format fmt;
    unsigned flags;
    unsigned long results; /* items written into a document */
    struct timespec start;
    unsigned long files, ok, warnings, errors, failed;
    unsigned long created, changed, unchanged, different;
    unsigned long skipped, skipped_for[SK__COUNT];
    unsigned long link_files, link_folders; /* sgft_reporter_links */
    unsigned long folders_unread;
    int cur_skip; /* of the file being reported, or -1 */
    bool failed_io;
    config_note *configs, **configs_end;
};

/* --- SARIF ------------------------------------------------------------ */

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

static void sarif_head(FILE *f) {
    fputs("{\"version\":\"2.1.0\",\"$schema\":"
          "\"https://json.schemastore.org/sarif-2.1.0.json\",\"runs\":[{"
          "\"tool\":{\"driver\":{\"name\":\"sgftidy\",\"version\":\"" SGFT_VERSION
          "\",\"semanticVersion\":\"" SGFT_VERSION "\",\"rules\":[",
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

void sgft__sarif_result(FILE *f, const char *file, const sgft_diag *d) {
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
        if (d->has_pos)
            fprintf(f, ",\"region\":{\"startLine\":%lu,\"startColumn\":%lu}",
                    d->line, d->col);
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

/* --- GitLab Code Quality ------------------------------------------------- */

/* FNV-1a, 64 bits, over the parts of a diagnostic. */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        h ^= s[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

void sgft__gitlab_issue(FILE *f, const char *file, const sgft_diag *d) {
    if (!file)
        file = "sgftidy";
    const char *sev = d->severity == SGFT_FATAL   ? "blocker"
                      : d->severity == SGFT_INFO  ? "info"
                      : d->severity == SGFT_WARNING ? "minor"
                      : d->critical               ? "critical"
                                                  : "major";
    char desc[64];
    snprintf(desc, sizeof desc, "%c%d%s: ", sgft_severity_letter(d->severity),
             d->code, d->critical ? " (critical)" : "");
    uint64_t h = 0xcbf29ce484222325ULL, g = 0x84222325cbf29ce4ULL;
    char pos[64];
    int np = snprintf(pos, sizeof pos, "%d:%lu:%lu", d->code, d->line, d->col);
    h = fnv(h, file, strlen(file) + 1);
    h = fnv(h, pos, (size_t)np + 1);
    h = fnv(h, d->text, strlen(d->text));
    g = fnv(g, d->text, strlen(d->text));
    g = fnv(g, pos, (size_t)np + 1);
    g = fnv(g, file, strlen(file) + 1);
    fputs("{\"description\":", f);
    size_t dl = strlen(desc), tl = strlen(d->text);
    char *full = malloc(dl + tl + 1);
    if (full) {
        memcpy(full, desc, dl);
        memcpy(full + dl, d->text, tl + 1);
        sgft__json_string(f, full);
        free(full);
    } else {
        sgft__json_string(f, d->text);
    }
    fputs(",\"check_name\":", f);
    sgft__json_string(f, d->key);
    fprintf(f, ",\"fingerprint\":\"%016llx%016llx\",\"severity\":\"%s\","
               "\"location\":{\"path\":",
            (unsigned long long)h, (unsigned long long)g, sev);
    while (file[0] == '.' && file[1] == '/')
        file += 2;
    sgft__json_string(f, file);
    if (d->has_pos)
        fprintf(f, ",\"positions\":{\"begin\":{\"line\":%lu,\"column\":%lu}}}}",
                d->line, d->col);
    else
        fputs(",\"lines\":{\"begin\":1}}}", f);
}

/* --- reporters ----------------------------------------------------------- */

static bool is_document(sgft_format fmt) {
    return fmt == SGFT_FORMAT_SARIF || fmt == SGFT_FORMAT_GITLAB;
}

/* Whether the close prints the run's seconds: then its start is taken
 * (a run of one file in text gives none; the clock is its first call). */
static bool timed(sgft_format fmt, unsigned flags) {
    return fmt == SGFT_FORMAT_SARIF ||
           ((flags & SGFT_REPORT_SUMMARY) && fmt != SGFT_FORMAT_GITLAB);
}

sgft_reporter *sgft_reporter_new(FILE *f, sgft_format fmt, unsigned flags) {
    if (!f || (int)fmt < SGFT_FORMAT_TEXT || fmt > SGFT_FORMAT_GITLAB)
        return NULL;
    sgft_reporter *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->f = f;
    r->fmt = fmt;
    r->flags = flags;
    r->cur_skip = -1;
    r->configs_end = &r->configs;
    if (timed(fmt, flags))
        clock_gettime(CLOCK_MONOTONIC, &r->start);
    if (fmt == SGFT_FORMAT_SARIF)
        sarif_head(f);
    else if (fmt == SGFT_FORMAT_GITLAB)
        fputc('[', f);
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

int sgft_reporter_diag(sgft_reporter *r, const char *file,
                       const sgft_diag *d) {
    if (r->cur_skip < 0)
        r->cur_skip = skip_of(d);
    bool colour = (r->flags & SGFT_REPORT_COLOR) != 0;
    if (is_document(r->fmt)) {
        fputs(r->results++ ? ",\n" : "\n", r->f);
        if (r->fmt == SGFT_FORMAT_SARIF)
            sgft__sarif_result(r->f, file, d);
        else
            sgft__gitlab_issue(r->f, file, d);
    } else {
        sgft__print_diag(r->f, r->fmt, file, d, colour);
    }
    if (ferror(r->f))
        r->failed_io = true;
    return ferror(r->f) ? -1 : 0;
}

int sgft_reporter_file(sgft_reporter *r, const char *file,
                       const sgft_summary *s, unsigned flags) {
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
    if (!(r->flags & SGFT_REPORT_NO_STATUS) &&
        sgft_print_status(r->f, r->fmt, file, s) < 0)
        r->failed_io = true;
    return ferror(r->f) ? -1 : 0;
}

int sgft_reporter_folder(sgft_reporter *r, const char *folder,
                         const sgft_diag *d) {
    int skip = r->cur_skip; /* a folder is no file: no reason of one */
    int st = sgft_reporter_diag(r, folder, d);
    r->cur_skip = skip;
    r->folders_unread++;
    return st;
}

int sgft_reporter_late(sgft_reporter *r, const char *file,
                       const sgft_diag *d, const sgft_summary *was) {
    int skip = r->cur_skip; /* of the file being reported, if any */
    int st = sgft_reporter_diag(r, file, d);
    r->cur_skip = skip;
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
        {r->different, "not in normal form", 1},
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

static void summary_object(const sgft_reporter *r, double secs) {
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

int sgft_reporter_close(sgft_reporter *r) {
    if (!r)
        return 0;
    FILE *f = r->f;
    double secs = timed(r->fmt, r->flags) ? seconds_since(&r->start) : 0;
    bool summary = (r->flags & SGFT_REPORT_SUMMARY) != 0;
    switch (r->fmt) {
    case SGFT_FORMAT_SARIF:
        fprintf(f, "\n],\"invocations\":[{\"executionSuccessful\":%s,"
                   "\"properties\":{\"summary\":",
                r->failed || r->folders_unread ? "false" : "true");
        summary_object(r, secs);
        fputs("}}]}]}\n", f);
        break;
    case SGFT_FORMAT_GITLAB:
        fputs(r->results ? "\n]\n" : "]\n", f);
        break;
    case SGFT_FORMAT_JSON:
        if (summary) {
            fputs("{\"summary\":", f);
            summary_object(r, secs);
            fputs("}\n", f);
        }
        break;
    default:
        if (summary && (r->files || r->folders_unread) &&
            !(r->flags & SGFT_REPORT_NO_STATUS)) {
            config_lines(r);
            summary_line(r, secs);
        }
        break;
    }
    fflush(f);
    int st = r->failed_io || ferror(f) ? -1 : 0;
    while (r->configs) {
        config_note *c = r->configs;
        r->configs = c->next;
        free(c->why);
        free(c);
    }
    free(r);
    return st;
}
