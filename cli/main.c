/* main.c - the sgftidy command: turns argv into options and hands them to
 * batch.c, which runs the library and prints its diagnostics.
 *
 *   sgftidy [OPTIONS] INFILE [OUTFILE]
 *
 * Option letters, message numbers and exit statuses are SGFC's. */
#include "cli.h"
#include "duplicates.h"
#include "usage.h"
#include "walk.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef enum arg_kind { A_NONE, A_NUM, A_ID, A_STR, A_OPT } arg_kind;

typedef enum opt_id {
#define OPT(id, letter, name, arg, argname, lib, help) O_##id,
#include "opt_list.h"
#undef OPT
    O__COUNT
} opt_id;

typedef struct opt_def {
    char letter;
    arg_kind arg;
    const char *name, *argname, *help;
    int lib; /* the sgft_option it sets, or 0 */
} opt_def;

static const opt_def options[O__COUNT] = {
#define OPT(id, letter, name, arg, argname, lib, help)                        \
    {letter, arg, name, argname, help, lib},
#include "opt_list.h"
#undef OPT
};

/* A fault in a configuration file: where fatal() jumps instead of
 * ending the run, and what it says. */
static jmp_buf *config_jump;
static char config_why[300];

/* --- printing diagnostics ----------------------------------------------- */

/* A diagnostic of the command line with a hint in its text. */
typedef struct hinted {
    cli *c;
    const char *hint;
} hinted;

static void hinted_diag(const sgft_diag *d, void *data) {
    const hinted *h = data;
    sgft_diag e = *d;
    char *t = h->hint ? usage_with_hint(d->text, h->hint) : NULL;
    if (t)
        e.text = t;
    print_diag(&e, h->c);
    free(t);
}

/* --- the report: standard error, or --output-file --------------------- */

/* An unnamed temporary file (in TMPDIR) that holds a report (what: its
 * option) until report_close writes it to its file; the run ends when
 * none can be made. */
static FILE *held_file(const char *what) {
    const char *dir = getenv("TMPDIR");
    if (!dir || dir[0] != '/')
        dir = "/tmp";
    char name[PATH_MAX];
    int n = snprintf(name, sizeof name, "%s/sgftidy-report.XXXXXX", dir);
    int fd = n > 0 && (size_t)n < sizeof name ? mkstemp(name) : -1;
    FILE *h = NULL;
    if (fd >= 0) {
        unlink(name);
        if (!(h = fdopen(fd, "w+")))
            close(fd);
    }
    if (!h) {
        fprintf(stderr, "sgftidy: cannot make a temporary file for "
                        "%s in %s: %s\n",
                what, dir, strerror(errno));
        exit(20);
    }
    return h;
}

/* The stream the reporter writes: standard error, standard output (-),
 * or for a file the temporary file that holds it (held_file). */
static FILE *report_stream(cli *c) {
    if (!c->report_path)
        return stderr;
    if (strcmp(c->report_path, "-") == 0)
        return stdout;
    if (!c->report_held)
        c->report_held = held_file("--output-file");
    return c->report_held;
}

/* A fault of the report's file, which cannot be in the report: a line
 * of the default form on standard error. */
static void report_fault(const sgft_diag *d, void *data) {
    sgft_print_diag(stderr, SGFT_FORMAT_TEXT, data, d);
}

/* Writes the report held in h (what: its option) to its file path as
 * outputs are written: a temporary file in the file's folder, renamed
 * over it (through the run's outputs, whose temporary files the signal
 * handlers remove); closes h.  0, or 20 when it could not be written. */
static int write_held(cli *c, FILE *h, const char *path, const char *what) {
    int st = 0;
    sgft_ctx *ctx = sgft_ctx_new(c->base ? c->base : c->opt, report_fault,
                                 (void *)path);
    if (!ctx) {
        fprintf(stderr, "sgftidy: out of memory\n");
        fclose(h);
        return 20;
    }
    /* Interrupted, the outputs write nothing any more (their temporary
     * files are gone): the report's file is written without them. */
    sgft_outputs *outs = signals_stopped() ? NULL : c->outs;
    if (outs)
        sgft_ctx_set_outputs(ctx, outs);
    sgft_output *o = NULL;
    if (fflush(h) != 0 || ferror(h) || fseek(h, 0, SEEK_SET) != 0) {
        fprintf(stderr, "sgftidy: cannot hold the report for %s: %s\n",
                what, strerror(errno));
        st = 20;
    } else if (!(o = sgft_output_open(ctx, path))) {
        st = 20;
    } else {
        char b[8192];
        size_t n;
        bool failed = false;
        while (!failed && (n = fread(b, 1, sizeof b, h)) > 0)
            failed = sgft_output_write(o, b, n) < 0;
        if (!failed && ferror(h)) {
            fprintf(stderr, "sgftidy: cannot read back the report for "
                            "%s: %s\n", what, strerror(errno));
            sgft_output_abort(o);
            st = 20;
        } else if (sgft_output_commit(o, NULL) < 0 ||
                   (outs && sgft_outputs_sync(outs, ctx) < 0)) {
            st = 20; /* a fault of a write too: reported by the commit */
        }
    }
    sgft_ctx_free(ctx);
    fclose(h);
    return st;
}

/* Closes the report (which completes its document and writes the page
 * of --report) and writes the files of --output-file and --report.  0,
 * or 20 when the report or the page could not be written. */
int cli_report_close(cli *c) {
    int st = 0;
    if (c->rep && sgft_reporter_close(c->rep) < 0)
        st = 20;
    c->rep = NULL;
    FILE *h = c->report_held, *pg = c->page_held;
    c->report_held = c->page_held = NULL;
    if (h && write_held(c, h, c->report_path, "--output-file"))
        st = 20;
    if (pg && write_held(c, pg, c->page_path, "--report"))
        st = 20;
    return st;
}

void cli_check_interrupt(cli *c) {
    if (!signals_stopped())
        return;
    progress_clear(&c->prog);
    sgft_reporter_interrupted(c->rep);
    cli_report_close(c);
    signals_resume();
}

/* --output-file and --format looked for before the options are read, so
 * that a usage error among them goes to the report's file, in its
 * format (the options are read again, in order, afterwards). */
static void report_options_first(cli *c, int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "--") == 0)
            break;
        bool out = strncmp(a, "--output-file", 13) == 0;
        bool fmt = strncmp(a, "--format", 8) == 0;
        const char *rest = out ? a + 13 : fmt ? a + 8 : NULL;
        if (!rest)
            continue;
        if (*rest == '=')
            v = rest + 1;
        else if (!*rest && i + 1 < argc)
            v = argv[++i];
        if (!v)
            continue;
        if (out && *v)
            c->report_path = v;
        else if (fmt) {
            int f = strcmp(v, "text") == 0 ? SGFT_FORMAT_TEXT
                                            : sgft_format_from_name(v);
            if (f >= 0)
                c->fmt = (sgft_format)f;
        }
    }
}

/* Reports a command-line fault (a fatal message, with hint in its text
 * when not NULL) and exits with 20; in a configuration file, returns to
 * the reader of the file instead.  own1 and own2 (malloc'd, or NULL) are
 * freed first. */
static _Noreturn void fatal_hint(cli *c, int code, const char *detail,
                                 const char *hint, char *own1, char *own2) {
    if (config_jump) {
        const char *t = sgft_msg_text(code);
        const char *slot = strstr(t, "%d");
        if (slot)
            snprintf(config_why, sizeof config_why, "%.*s%s%s",
                     (int)(slot - t), t, detail ? detail : "", slot + 2);
        else
            snprintf(config_why, sizeof config_why, "%s", t);
        char *with = hint ? usage_with_hint(config_why, hint) : NULL;
        if (with)
            snprintf(config_why, sizeof config_why, "%s", with);
        free(with);
        free(own1);
        free(own2);
        longjmp(*config_jump, 1);
    }
    if (!c->rep)
        c->rep = sgft_reporter_new(report_stream(c), c->fmt, 0);
    hinted h = {c, hint};
    sgft_ctx *ctx = sgft_ctx_new(c->opt, hinted_diag, &h);
    if (!ctx || !c->rep) {
        fprintf(stderr, "sgftidy: out of memory\n");
        exit(20);
    }
    /* cur_file NULL: a message of the command line, of no file ("sgftidy"
     * in the text forms). */
    sgft_report(ctx, code, detail);
    sgft_ctx_free(ctx);
    cli_report_close(c);
    free(own1);
    free(own2);
    exit(20);
}

static _Noreturn void fatal(cli *c, int code, const char *detail) {
    c->cur_file = NULL;
    fatal_hint(c, code, detail, NULL, NULL, NULL);
}

/* Message 49 for option o as spelled (with its argument): why, or the
 * values the option takes (why NULL); why is freed. */
static _Noreturn void bad_value(cli *c, const char *option,
                                const char *spelled, char *why) {
    char *d = usage_bad_value(option, spelled, why);
    c->cur_file = NULL;
    fatal_hint(c, 49, d ? d : spelled, NULL, d, why);
}

void cli_fatal(cli *c, int code, const char *detail) { fatal(c, code, detail); }

/* --- help ----------------------------------------------------------------- */

void cli_wrap(const char *text, int col, int indent, int width) {
    const char *p = text;
    while (*p) {
        if (*p == '\n') {
            fputs("\n\n", stdout);
            col = 0;
            while (*p == '\n')
                p++;
            continue;
        }
        size_t word = strcspn(p, " \n");
        if (col > indent && col + 1 + (int)word > width) {
            putchar('\n');
            col = 0;
        }
        if (col < indent) {
            printf("%*s", indent - col, "");
            col = indent;
        } else if (col > indent) {
            putchar(' ');
            col++;
        }
        printf("%.*s", (int)word, p);
        col += (int)word;
        p += word;
        while (*p == ' ')
            p++;
    }
    if (col)
        putchar('\n');
}

/* One option of --help: the name in a column of its own, the text
 * wrapped to 79 columns beside it (a long name takes a line alone). */
static void print_wrapped(const char *left, const char *text) {
    enum { INDENT = 28, WIDTH = 79 };
    int col = printf("  %s", left);
    if (col > INDENT - 1) {
        putchar('\n');
        col = 0;
    }
    cli_wrap(text, col, INDENT, WIDTH);
}

static void print_help(void) {
    printf("Usage: sgftidy [OPTIONS] INFILE [OUTFILE]\n"
           "       sgftidy [OPTIONS] --check|--in-place|--outdir=DIR PATH...\n"
           "Check the SGF game records in INFILE and, when OUTFILE is given,\n"
           "write them in the normalized FF[4] form.  '-' is standard input\n"
           "or output; OUTFILE may be INFILE.  An OUTFILE that holds other\n"
           "games (not an earlier output of INFILE) is left as it is\n"
           "(--overwrite replaces it).  In batch mode each PATH is a file,\n"
           "or a folder of .sgf files (-R: with its subfolders).  Short\n"
           "options may be chained as in SGFC: -wd20d12l2.\n\nOptions:\n");
    for (int i = 0; i < O__COUNT; i++) {
        const opt_def *o = &options[i];
        char left[64];
        int n = 0;
        bool bare = o->arg == A_NONE || o->arg == A_OPT;
        if (o->letter)
            n = snprintf(left, sizeof left, "-%c%s, ", o->letter,
                         bare ? "" : o->argname);
        snprintf(left + n, sizeof left - (size_t)n, "--%s%s%s%s%s",
                 o->name,
                 o->arg == A_OPT ? "[" : "", o->arg == A_NONE ? "" : "=",
                 o->arg == A_NONE ? "" : o->argname,
                 o->arg == A_OPT ? "]" : "");
        print_wrapped(left, o->help);
    }
    printf("\nExit status: 0 no messages, 5 warnings, 10 errors, 20 fatal error\n"
           "(a usage error is one).\n"
           "Diagnostics go to standard error (or --output-file's FILE).\n"
           "See sgftidy(1).\n");
}

/* --- option parsing --------------------------------------------------------- */

static const opt_def *by_letter(char l) {
    for (int i = 0; i < O__COUNT; i++)
        if (options[i].letter == l)
            return &options[i];
    return NULL;
}

/* --extensions: endings of letters and digits, separated by commas. */
static bool valid_extensions(const char *s) {
    if (!s || !*s)
        return false;
    for (const char *e = s;; e++) {
        size_t k = 0;
        while ((e[k] >= 'a' && e[k] <= 'z') || (e[k] >= 'A' && e[k] <= 'Z') ||
               (e[k] >= '0' && e[k] <= '9'))
            k++;
        if (!k || (e[k] && e[k] != ','))
            return false;
        e += k;
        if (!*e)
            return true;
    }
}

static int parse_num(const char *s, long lo, long hi, long *out) {
    if (!*s)
        return -1;
    long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > 100000)
            return -1;
        v = v * 10 + (*s - '0');
    }
    if (v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Applies option o with argument arg (NULL for A_NONE).  spelled is how
 * the user wrote it, for messages. */
static bool replaying; /* cli_apply_given() at work */
static bool list_rules; /* --list-rules given: run once all are read */

/* The options a configuration file may hold: those about checking and
 * writing one file. */
static bool per_file(const opt_def *o) {
    switch ((opt_id)(o - options)) {
    case O_SPLIT:
    case O_PARSE_ONLY:
    case O_DUMP_TREE: return false;
    case O_DISABLE:
    case O_MUTE:
    case O_DELETE_PROP:
    case O_ENCODING:
    case O_DEF_ENCODING:
    case O_UTF8_DEFAULT:
    case O_FAIL_ON: return true;
    default: return o->lib != 0;
    }
}

static void apply(cli *c, const opt_def *o, const char *arg,
                  const char *spelled) {
    char detail[256];
    long v = 0;
    if (config_jump && !per_file(o)) {
        snprintf(config_why, sizeof config_why,
                 "--%s is not an option for a configuration file",
                 o->name);
        longjmp(*config_jump, 1);
    }
    if (!config_jump && !replaying && per_file(o)) {
        /* Kept, to be applied again over a configuration file. */
        given_opt *g = realloc(c->given, (c->ngiven + 1) * sizeof *g);
        char *a = arg ? strdup(arg) : NULL, *sp = strdup(spelled);
        if (!g || (arg && !a) || !sp) {
            fprintf(stderr, "sgftidy: out of memory\n");
            exit(20);
        }
        c->given = g;
        c->given[c->ngiven++] = (given_opt){(int)(o - options), a, sp};
    }
    snprintf(detail, sizeof detail, "%s%s%s", spelled,
             arg && spelled[1] == '-' ? "=" : "", arg ? arg : "");
    if (o - options == O_SIGNATURE) {
        /* -g, --signature[=sgfc|symmetric] */
        v = arg ? usage_word(o->name, arg) : 1;
        if (v < 0)
            bad_value(c, o->name, detail, NULL);
        sgft_options_set(c->opt, SGFT_OPT_SIGNATURE, v);
        return;
    }
    if (o->lib) {
        /* A library option: yes/no set to 1, a number to its argument. */
        if (o->arg == A_NONE)
            v = 1;
        else if (parse_num(arg, 0, 1000000, &v))
            bad_value(c, o->name, detail, NULL);
        if (sgft_options_set(c->opt, (sgft_option)o->lib, v) != 0)
            bad_value(c, o->name, detail, NULL);
        return;
    }
    switch ((opt_id)(o - options)) {
    case O_DISABLE:
    case O_MUTE: {
        /* numbers, keys, rules: usage.c */
        bool off[SGFT_MAX_MSG] = {false};
        char *why;
        if (usage_silence(arg ? arg : "", off, &why) != 0)
            bad_value(c, o->name, detail, why);
        for (int n = 1; n < SGFT_MAX_MSG; n++)
            if (off[n])
                sgft_options_disable(c->opt, n);
        break;
    }
    case O_HELP:
        print_help();
        exit(0);
    case O_QUIET: c->quiet = true; break;
    case O_INTERACTIVE: c->interactive = true; break;
    case O_UTF8_DEFAULT:
        sgft_options_set_default_encoding(c->opt, "UTF-8");
        break;
    case O_ENCODING:
        if (sgft_options_set_encoding(c->opt, arg) != 0)
            fatal(c, 69, arg);
        break;
    case O_DEF_ENCODING:
        if (sgft_options_set_default_encoding(c->opt, arg) != 0)
            fatal(c, 69, arg);
        break;
    case O_DELETE_PROP:
        if (!arg || sgft_options_delete_prop(c->opt, arg) != 0)
            bad_value(c, o->name, detail, NULL);
        break;
    case O_CHECK:
    case O_IN_PLACE:
    case O_OUTDIR: {
        batch m = o - options == O_CHECK      ? B_CHECK
                  : o - options == O_IN_PLACE ? B_IN_PLACE
                                              : B_OUTDIR;
        if (c->mode != B_NONE && c->mode != m)
            fatal(c, 101, "--check, --in-place, --outdir and --duplicates exclude each other");
        c->mode = m;
        if (m == B_OUTDIR)
            c->outdir = arg;
        break;
    }
    case O_DUPLICATES:
        if (c->mode != B_NONE && c->mode != B_DUPLICATES)
            fatal(c, 101, "--check, --in-place, --outdir and --duplicates exclude each other");
        c->mode = B_DUPLICATES;
        break;
    case O_RECURSIVE: c->recursive = true; break;
    case O_EXTENSIONS:
        if (!valid_extensions(arg))
            bad_value(c, o->name, detail, NULL);
        c->exts = arg;
        break;
    case O_JOBS:
        if (parse_num(arg, 0, JOBS_MAX, &v))
            bad_value(c, o->name, detail, NULL);
        c->jobs = v ? (unsigned)v : jobs_default();
        break;
    case O_EXCLUDE: {
        const char **pats =
            realloc(c->excludes, (c->nexcludes + 1) * sizeof *pats);
        if (!pats) {
            fprintf(stderr, "sgftidy: out of memory\n");
            exit(20);
        }
        c->excludes = pats;
        c->excludes[c->nexcludes++] = arg;
        break;
    }
    case O_SHOW_OK: c->show_ok = true; break;
    case O_STATISTICS: c->statistics = true; break;
    case O_STDIN_FILENAME:
        if (!*arg)
            bad_value(c, o->name, detail, strdup("needs a name"));
        c->stdin_name = arg;
        break;
    case O_LIST_RULES: list_rules = true; break;
    case O_VERSION:
        printf("sgftidy %s\n", SGFT_VERSION);
        exit(0);
    case O_COMPLETION: {
        int cli_completion(const char *shell); /* completion.c */
        if (strcmp(arg, "bash") && strcmp(arg, "zsh") && strcmp(arg, "fish"))
            fatal(c, 49, detail);
        exit(cli_completion(arg) == 0 ? 0 : 20);
    }
    case O_FORMAT: {
        /* auto: GitHub's workflow commands in GitHub Actions, else the
         * default; text: another name of the default. */
        const char *ga = getenv("GITHUB_ACTIONS");
        int f = !arg                        ? -1
                : strcmp(arg, "text") == 0  ? SGFT_FORMAT_TEXT
                : strcmp(arg, "auto") != 0  ? usage_word(o->name, arg)
                : ga && strcmp(ga, "true") == 0 ? SGFT_FORMAT_GITHUB
                                                : SGFT_FORMAT_TEXT;
        if (f < 0)
            bad_value(c, o->name, detail, NULL);
        c->fmt = (sgft_format)f;
        break;
    }
    case O_LIST_DIFFERENT:
    case O_DIFF: {
        compare m = o - options == O_DIFF ? CMP_DIFF : CMP_LIST;
        if (c->cmp != CMP_NONE && c->cmp != m)
            fatal(c, 101, "--list-different and --diff exclude each other");
        c->cmp = m;
        break;
    }
    case O_COLOR: {
        int k = usage_word(o->name, arg);
        if (k < 0)
            bad_value(c, o->name, detail, NULL);
        c->colour = k;
        break;
    }
    case O_FAIL_ON: {
        int k = usage_word(o->name, arg);
        if (k < 0)
            bad_value(c, o->name, detail, NULL);
        c->fail_on = (fail_level)k;
        break;
    }
    case O_EXPLAIN: c->explain = arg; break;
    case O_OUTPUT_FILE:
        if (!arg || !*arg)
            bad_value(c, o->name, detail, strdup("needs a file name"));
        c->report_path = arg;
        break;
    case O_REPORT:
        if (!arg || !*arg)
            bad_value(c, o->name, detail, strdup("needs a file name"));
        if (strcmp(arg, "-") == 0)
            bad_value(c, o->name, detail,
                      strdup("needs a file name: the page is no stream"));
        c->page_path = arg;
        break;
    case O_REPORT_BOARDS:
    case O_REPORT_FILES:
        if (parse_num(arg, 0,
                      o - options == O_REPORT_BOARDS ? REPORT_BOARDS_MAX
                                                     : 1000000,
                      &v))
            bad_value(c, o->name, detail, NULL);
        if (o - options == O_REPORT_BOARDS)
            c->page_boards = (unsigned)v, c->page_boards_set = true;
        else
            c->page_files = (unsigned)v, c->page_files_set = true;
        break;
    case O_REPORT_TIME: c->page_time = true; break;
    case O_FILES_FROM: c->files_from = arg; break;
    case O_NULL_SEP: c->null_sep = true; break;
    case O_NO_CONFIG: c->no_config = true; break;
    case O_OVERWRITE: c->overwrite = true; break;
    default:
        fatal(c, 100, detail); /* a row without behaviour: refuse it */
    }
}

/* A chain of short options: "-wd20d12l2". */
static void short_options(cli *c, const char *s, char **argv, int *i) {
    for (const char *p = s + 1; *p;) {
        char letter = *p++;
        const opt_def *o = by_letter(letter);
        char spelled[3] = {'-', letter, '\0'};
        if (!o) {
            char d[2] = {letter, '\0'};
            fatal(c, 2, d);
        }
        if (o->arg == A_NONE || o->arg == A_OPT) {
            apply(c, o, NULL, spelled);
            continue;
        }
        if (o - options == O_DISABLE && *p && !(*p >= '0' && *p <= '9') &&
            !(strchr("IWEFiwef", *p) && p[1] >= '0' && p[1] <= '9')) {
            /* "-dUNKNOWN_PROP": a name, the rest of the word */
            apply(c, o, p, spelled);
            return;
        }
        char arg[128];
        size_t n = 0;
        if (o - options == O_DISABLE && !(*p >= '0' && *p <= '9') && *p)
            arg[n++] = *p++; /* "-dW35": the letter of the number */
        while (*p && n + 1 < sizeof arg &&
               (o->arg == A_NUM ? (*p >= '0' && *p <= '9')
                                : (*p >= 'A' && *p <= 'Z')))
            arg[n++] = *p++;
        arg[n] = '\0';
        if (n == 0 && !*p && argv[*i + 1]) {
            /* "-d 20": the argument is the next word. */
            apply(c, o, argv[++*i], spelled);
            return;
        }
        apply(c, o, arg, spelled);
    }
}

static void long_option(cli *c, const char *s, char **argv, int *i) {
    const char *name = s + 2;
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    for (int k = 0; k < O__COUNT; k++) {
        const opt_def *o = &options[k];
        const char *oname = o->name;
        if (strlen(oname) != len || strncmp(oname, name, len) != 0)
            continue;
        char spelled[80];
        snprintf(spelled, sizeof spelled, "--%.*s", (int)len, name);
        if (o->arg == A_NONE || (o->arg == A_OPT && !eq)) {
            if (eq) {
                char why[100];
                snprintf(why, sizeof why, "%s takes no argument", spelled);
                bad_value(c, o->name, s, strdup(why));
            }
            apply(c, o, NULL, spelled);
            return;
        }
        const char *arg = eq ? eq + 1 : argv[*i + 1];
        if (!arg)
            bad_value(c, o->name, s,
                      usage_has_values(o->name) ? NULL
                                                : strdup("needs an argument"));
        if (!eq)
            ++*i;
        apply(c, o, arg, spelled);
        return;
    }
    /* Not an option: the names nearest to it (no prefix is taken for
     * an option, lest a new option change what one means). */
    char *hint = usage_suggest_option(name, len, "--");
    c->cur_file = NULL;
    fatal_hint(c, 68, s, hint, hint, NULL);
}

/* An option of a configuration file: its long name and argument (NULL
 * for none).  0, or -1 with why set. */
int cli_apply_named(cli *c, const char *name, const char *arg,
                    bool in_config, char *why, size_t why_size) {
    jmp_buf jb;
    (void)in_config;
    const opt_def *o = NULL;
    for (int k = 0; k < O__COUNT && !o; k++)
        if (strcmp(options[k].name, name) == 0)
            o = &options[k];
    if (!o) {
        char *hint = usage_suggest_option(name, strlen(name), "");
        snprintf(why, why_size, "unknown option '%s'%s%s", name,
                 hint ? "; " : "", hint ? hint : "");
        free(hint);
        return -1;
    }
    if (o->arg != A_OPT && (o->arg == A_NONE) != (arg == NULL)) {
        snprintf(why, why_size, o->arg == A_NONE ? "--%s takes no argument"
                                                 : "--%s needs an argument",
                 name);
        return -1;
    }
    char spelled[80];
    snprintf(spelled, sizeof spelled, "--%s", name);
    config_jump = &jb;
    if (setjmp(jb)) {
        config_jump = NULL;
        snprintf(why, why_size, "%s", config_why);
        return -1;
    }
    apply(c, o, arg, spelled);
    config_jump = NULL;
    return 0;
}

/* The command line's options again, over those of a configuration file. */
void cli_apply_given(cli *c) {
    replaying = true;
    for (size_t i = 0; i < c->ngiven; i++)
        apply(c, &options[c->given[i].id], c->given[i].arg,
              c->given[i].spelled);
    replaying = false;
}

/* A path to run: argv's, or one in --files-from's text (not copied). */
static void add_file(cli *c, char *path) {
    if (c->nfiles == c->files_cap) {
        size_t cap = c->files_cap ? c->files_cap * 2 : 64;
        char **v = realloc(c->files, cap * sizeof *v);
        if (!v) {
            fprintf(stderr, "sgftidy: out of memory\n");
            exit(20);
        }
        c->files = v;
        c->files_cap = cap;
    }
    c->files[c->nfiles++] = path;
}

/* --files-from: the paths of FILE, one a line (or NUL-terminated with
 * -0); an empty line is no path.  The text is read whole and kept: the
 * paths are its lines, ended in place. */
static void read_files_from(cli *c) {
    bool std = strcmp(c->files_from, "-") == 0;
    int fd = std ? STDIN_FILENO : open(c->files_from, O_RDONLY | O_NOCTTY);
    if (fd < 0) {
        char d[PATH_MAX + 64];
        snprintf(d, sizeof d, "%s: %s", c->files_from, strerror(errno));
        fatal(c, 3, d);
    }
    sgft_buffer b = {0};
    int err = slurp_fd(fd, &b);
    if (!std)
        close(fd);
    if (err == ENOMEM) {
        fprintf(stderr, "sgftidy: out of memory\n");
        exit(20);
    }
    if (err) {
        free(b.data);
        char d[PATH_MAX + 64];
        snprintf(d, sizeof d, "%s: %s", c->files_from, strerror(err));
        fatal(c, 4, d);
    }
    if (!b.len)
        return;
    char *text = b.data;
    size_t len = b.len;
    c->files_text = text;
    int sep = c->null_sep ? '\0' : '\n';
    for (char *line = text; line < text + len;) {
        char *end = memchr(line, sep, (size_t)(text + len - line));
        if (!end)
            end = text + len;
        char *next = end + 1;
        *end = '\0';
        if (!c->null_sep && end > line && end[-1] == '\r')
            *--end = '\0';
        if (end > line) {
            if (std && strcmp(line, "-") == 0)
                fatal(c, 101, "--files-from=- and the path - both read standard input");
            add_file(c, line);
        }
        line = next;
    }
}

static void parse_args(cli *c, int argc, char **argv) {
    bool only_files = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_files && strcmp(a, "--") == 0) {
            only_files = true;
        } else if (!only_files && a[0] == '-' && a[1] == '-') {
            long_option(c, a, argv, &i);
        } else if (!only_files && a[0] == '-' && a[1]) {
            short_options(c, a, argv, &i);
        } else {
            add_file(c, argv[i]);
        }
    }
}

/* --color and the environment: whether a stream gets colours (tty: it
 * is a terminal). */
static bool colour_for(const cli *c, bool tty) {
    return usage_colour(c->colour, tty);
}

/* INFILE or OUTFILE a folder, without a batch mode: message 3 or 26
 * saying what to use instead (the library would say only that a folder
 * is no file). */
static void folder_hints(cli *c) {
    const char *in = c->files[0];
    if (strcmp(in, "-") != 0 && usage_is_folder(in)) {
        char *d = malloc(strlen(in) + sizeof BATCH_MODES + 80);
        if (d)
            sprintf(d, "%s is a folder: use " BATCH_MODES
                       " (-R for subfolders)", in);
        c->cur_file = in;
        fatal_hint(c, 3, d ? d : in, NULL, d, NULL);
    }
    const char *out = c->nfiles == 2 ? c->files[1] : NULL;
    struct stat st;
    if (out && !sgft_options_get(c->opt, SGFT_OPT_SPLIT) &&
        strcmp(out, "-") != 0 && usage_is_folder(out) &&
        (strcmp(in, "-") == 0 || stat(in, &st) == 0)) {
        char *d = malloc(2 * strlen(out) + 80);
        if (d)
            sprintf(d, "%s is a folder: --outdir=%s writes the cleaned copy "
                       "into it", out, out);
        c->cur_file = in;
        fatal_hint(c, 26, d ? d : out, NULL, d, NULL);
    }
}

/* --stdin-filename: 0 when no path is "-", 1 when one is, 2 when one is
 * and --exclude leaves NAME out. */
static int stdin_excluded(const cli *c) {
    bool named = false;
    for (size_t i = 0; i < c->nfiles && !named; i++)
        named = strcmp(c->files[i], "-") == 0 && (c->mode != B_NONE || i == 0);
    if (!named)
        return 0;
    /* NAME and each folder on its way, as a walk would meet them. */
    char path[PATH_MAX];
    size_t n = strlen(c->stdin_name);
    if (!c->nexcludes || n >= sizeof path)
        return 1;
    memcpy(path, c->stdin_name, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        char was = path[i];
        path[i] = '\0';
        bool out = path[i - 1] != '/' && path[i - 1] != '.' &&
                   walk_excluded(c->excludes, c->nexcludes, path);
        path[i] = was;
        if (out)
            return 2;
    }
    return 1;
}

/* Standard input left out by --exclude: passed through unchanged where
 * its normalized form would go to standard output (--in-place and
 * --outdir in a batch, OUTFILE - alone), else not read; taken off the
 * paths either way, and nothing reported of it.  Whether other paths
 * remain to be run. */
static bool pass_excluded(cli *c) {
    bool to_stdout = c->mode == B_NONE
                         ? c->nfiles == 2 && strcmp(c->files[1], "-") == 0
                         : c->cmp == CMP_NONE &&
                               (c->mode == B_IN_PLACE || c->mode == B_OUTDIR);
    if (c->mode == B_NONE && c->nfiles == 2 && !to_stdout)
        fatal(c, 101, "--stdin-filename: NAME is left out by --exclude, and "
                      "OUTFILE would not be written: give - as OUTFILE");
    if (to_stdout) {
        char chunk[65536];
        for (;;) {
            ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            if (fwrite(chunk, 1, (size_t)n, stdout) != (size_t)n)
                break;
        }
        fflush(stdout);
    }
    if (c->mode == B_NONE)
        return false;
    size_t k = 0;
    for (size_t i = 0; i < c->nfiles; i++)
        if (strcmp(c->files[i], "-") != 0)
            c->files[k++] = c->files[i];
    c->nfiles = k;
    return k > 0;
}

/* --output-file and --report may not name a file of the run (an input,
 * or OUTFILE): the report would replace it, or be read as a game
 * record.  The report and the page begun are dropped, and the refusal
 * goes to standard error. */
void cli_refuse_report(cli *c, const char *opt, const char *path,
                       const char *f) {
    char *d = malloc(strlen(opt) + strlen(path) + strlen(f) + 80);
    if (d)
        sprintf(d, "%s=%s is %s, a file of the run", opt, path, f);
    sgft_reporter_close(c->rep);
    c->rep = NULL;
    if (c->report_held)
        fclose(c->report_held);
    if (c->page_held)
        fclose(c->page_held);
    c->report_held = c->page_held = NULL;
    c->report_path = c->page_path = NULL;
    c->cur_file = NULL;
    fatal_hint(c, 101, d ? d : path, NULL, d, NULL);
}

/* The names of the run (argv's): the same name, or the same file under
 * another name. */
static void report_not_run_file(cli *c) {
    const char *opts[] = {"--output-file", "--report"};
    const char *paths[] = {c->report_path, c->page_path};
    for (int k = 0; k < 2; k++) {
        const char *r = paths[k];
        if (!r || strcmp(r, "-") == 0)
            continue;
        struct stat rs, fs;
        bool there = stat(r, &rs) == 0;
        for (size_t i = 0; i < c->nfiles; i++) {
            const char *f = c->files[i];
            if (strcmp(f, "-") == 0)
                continue;
            if (strcmp(f, r) == 0 ||
                (there && stat(f, &fs) == 0 && fs.st_dev == rs.st_dev &&
                 fs.st_ino == rs.st_ino))
                cli_refuse_report(c, opts[k], r, f);
        }
    }
}

/* --duplicates: copies of one game across all the files. */
static int run_dupes(cli *c) {
    path_list files = {0}, failed = {0};
    walk_tree tree;
    memset(&tree, 0, sizeof tree);
    tree.exts = c->exts ? c->exts : RECORD_EXTS;
    tree.excludes = c->excludes;
    tree.nexcludes = c->nexcludes;
    keep_freed_memory();
    int w = walk_paths(c->files, (size_t)c->nfiles, c->recursive, NULL, 0,
                       &files, &failed, &tree);
    walk_free(&tree); /* the paths of files are files' own */
    if (w < 0) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    int worst = 0;
    for (size_t i = 0; i < failed.n; i++)
        worst = report_unread_folder(c, failed.v[i]); /* message 143 */
    dup_files df = {files.v, files.n};
    int rc = run_duplicates(&df, c->fmt == SGFT_FORMAT_JSON, stdout);
    paths_free(&files);
    paths_free(&failed);
    return rc > worst ? rc : worst;
}

/* --report and the options that go with it: the page attached to the
 * reporter, or the refusal of what cannot be. */
static void page_options(cli *c) {
    if (!c->page_path) {
        if (c->page_boards_set || c->page_files_set || c->page_time)
            fatal(c, 101, "--report-boards, --report-files and --report-time "
                          "go with --report");
        return;
    }
    if (c->mode == B_DUPLICATES)
        fatal(c, 101, "--report shows the messages of the checks: not with "
                      "--duplicates");
    struct stat a, b;
    if (c->report_path &&
        (strcmp(c->report_path, c->page_path) == 0 ||
         (stat(c->report_path, &a) == 0 && stat(c->page_path, &b) == 0 &&
          a.st_dev == b.st_dev && a.st_ino == b.st_ino)))
        fatal(c, 101, "--report and --output-file name the same file");
    if (!c->page_boards_set)
        c->page_boards = 3;
    if (!c->page_files_set)
        c->page_files = 100;
    c->page_held = held_file("--report");
    if (sgft_reporter_page(c->rep, c->page_held,
                           c->page_boards, c->page_files,
                           c->page_time ? SGFT_PAGE_TIME : 0) < 0) {
        fprintf(stderr, "sgftidy: out of memory\n");
        exit(20);
    }
}

/* Closes the report and frees what the command holds at its end. */
static void cli_free(cli *c) {
    cli_report_close(c);
    if (c->tty)
        fclose(c->tty);
    free(c->files);
    free(c->files_text);
    for (size_t i = 0; i < c->ngiven; i++) {
        free((char *)c->given[i].arg);
        free((char *)c->given[i].spelled);
    }
    free(c->given);
    free(c->excludes);
    config_free(c);
    /* base: the command line's options once files are run (before: opt) */
    sgft_options_free(c->base ? c->base : c->opt);
}

int main(int argc, char **argv) {
    /* A line at a time: unbuffered, JSON made a system call a byte.  A
     * buffer of the program's own: the C library's would cost a stat. */
    static char err_buf[BUFSIZ];
    setvbuf(stderr, err_buf, _IOLBF, sizeof err_buf);
    cli c;
    memset(&c, 0, sizeof c);
    c.opt = sgft_options_new();
    if (!c.opt) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    c.fail_on = FAIL_WARNING;
    c.jobs = 1;
    if (argc == 1) {
        fprintf(stderr, "sgftidy %s - SGF checker and normalizer\n"
                        "Usage: sgftidy [OPTIONS] INFILE [OUTFILE]  "
                        "(sgftidy --help for the options)\n",
                SGFT_VERSION);
        return 0;
    }
    report_options_first(&c, argc, argv);
    parse_args(&c, argc, argv);
    if (list_rules) {
        if (c.fmt != SGFT_FORMAT_TEXT && c.fmt != SGFT_FORMAT_SGFC &&
            c.fmt != SGFT_FORMAT_JSON) {
            char d[100];
            snprintf(d, sizeof d, "--list-rules prints text, or JSON "
                                  "lines with --format=json: not --format=%s",
                     sgft_format_name(c.fmt));
            fatal(&c, 101, d);
        }
        usage_list_rules(c.fmt == SGFT_FORMAT_JSON);
        cli_free(&c);
        return 0;
    }
    /* Asked once: the colours and the progress line both want to know. */
    bool err_tty = isatty(STDERR_FILENO);
    /* The report's colours: for its stream (a file has none, unless
     * --color=always). */
    c.colour_err = colour_for(&c, !c.report_path ? err_tty
                                  : strcmp(c.report_path, "-") == 0
                                      ? isatty(STDOUT_FILENO)
                                      : false);
    /* Standard output has colours only in --diff's diffs. */
    c.colour_out = c.cmp == CMP_DIFF &&
                   colour_for(&c, c.colour == 0 && isatty(STDOUT_FILENO));
    /* A batch is quiet about its clean files, as linters are (not one
     * file: SGFC's status line). */
    bool batch_run_ = c.mode != B_NONE || c.cmp != CMP_NONE;
    c.rep = sgft_reporter_new(
        report_stream(&c), c.fmt,
        (c.colour_err ? SGFT_REPORT_COLOR : 0) |
            (c.quiet ? SGFT_REPORT_NO_STATUS : 0) |
            (batch_run_ ? SGFT_REPORT_SUMMARY : 0) |
            (batch_run_ && !c.show_ok ? SGFT_REPORT_QUIET_OK : 0) |
            (c.statistics ? SGFT_REPORT_STATISTICS : 0));
    if (!c.rep) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    if (c.explain) {
        int rc = explain(&c, c.explain);
        cli_free(&c);
        return rc;
    }
    if (c.null_sep && !c.files_from)
        fatal(&c, 101, "-0 goes with --files-from");
    if (c.show_ok && c.quiet)
        fatal(&c, 101, "--show-ok and -q exclude each other");
    if (c.statistics && c.fmt != SGFT_FORMAT_TEXT && c.fmt != SGFT_FORMAT_SGFC &&
        c.fmt != SGFT_FORMAT_GITHUB && c.fmt != SGFT_FORMAT_JSON) {
        char d[160];
        snprintf(d, sizeof d, "--statistics prints lines, or a JSON record "
                              "with --format=json: not --format=%s, a "
                              "document of its own",
                 sgft_format_name(c.fmt));
        fatal(&c, 101, d);
    }
    if (c.statistics && c.mode == B_DUPLICATES)
        fatal(&c, 101, "--statistics counts the messages of the checks: not "
                       "with --duplicates");
    if (c.cmp != CMP_NONE) {
        if (c.mode > B_CHECK)
            fatal(&c, 101, "--list-different and --diff write nothing: "
                           "not with --in-place or --outdir");
        if (sgft_options_get(c.opt, SGFT_OPT_SPLIT) ||
            sgft_options_get(c.opt, SGFT_OPT_PARSE_ONLY) ||
            sgft_options_get(c.opt, SGFT_OPT_DUMP_TREE))
            fatal(&c, 101, "--list-different and --diff compare the normal "
                           "form: not with -s, --parse-only or --dump-tree");
        c.mode = B_CHECK;
    }
    if (c.mode == B_NONE && c.recursive)
        fatal(&c, 101, "-R goes with a batch mode: " BATCH_MODES);
    if (c.mode == B_NONE && c.nexcludes && !c.stdin_name)
        fatal(&c, 101, "--exclude goes with a batch mode (" BATCH_MODES
                       ") or --stdin-filename");
    if (c.files_from) {
        if (c.mode == B_NONE)
            fatal(&c, 101, "--files-from goes with a batch mode: " BATCH_MODES);
        read_files_from(&c);
    }
    if (c.nfiles == 0 && !c.files_from)
        fatal(&c, 48, NULL);
    if (c.mode == B_NONE && c.nfiles > 2)
        fatal(&c, 1, c.files[2]);
    if (c.overwrite && (c.mode != B_NONE || c.nfiles != 2))
        fatal(&c, 101, "--overwrite goes with INFILE OUTFILE");
    if (c.stdin_name && !stdin_excluded(&c))
        fatal(&c, 101, "--stdin-filename names standard input: give - as "
                       "INFILE or as a PATH");
    if (c.mode == B_NONE)
        folder_hints(&c);
    report_not_run_file(&c);
    page_options(&c);
    if (sgft_options_get(c.opt, SGFT_OPT_PARSE_ONLY) && (c.nfiles == 2 || c.mode > B_CHECK))
        fatal(&c, 101, "--parse-only writes nothing");
    if (sgft_options_get(c.opt, SGFT_OPT_STRIP_ANALYSIS) &&
        (sgft_options_get(c.opt, SGFT_OPT_PARSE_ONLY) || c.mode == B_DUPLICATES))
        fatal(&c, 101, "--strip-analysis needs the checks: not with "
                       "--parse-only or --duplicates");
    if (sgft_options_get(c.opt, SGFT_OPT_SIGNATURE) == 2 &&
        (sgft_options_get(c.opt, SGFT_OPT_PARSE_ONLY) || c.mode == B_DUPLICATES))
        fatal(&c, 101, "--signature=symmetric needs the checks: not with "
                       "--parse-only or --duplicates");
    if (sgft_options_get(c.opt, SGFT_OPT_SPLIT) && (c.mode != B_NONE || c.nfiles < 2 ||
                        strcmp(c.files[1], "-") == 0))
        fatal(&c, 101, "-s needs an OUTFILE to name the files after");
    /* The files written: in groups, not synced one by one, by a batch
     * that writes (sgftidy(1), FILES); their temporary files removed by
     * the signals that end the run. */
    c.outs = sgft_outputs_new(c.mode == B_IN_PLACE || c.mode == B_OUTDIR
                                  ? SGFT_OUTPUTS_BATCH
                                  : 0);
    if (!c.outs) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    signals_guard(c.outs, c.mode != B_NONE);
    signals_defer(c.mode == B_CHECK || c.mode == B_IN_PLACE || c.mode == B_OUTDIR);
    if (c.interactive) {
        c.tty = fopen("/dev/tty", "r+");
        if (!c.tty)
            fatal(&c, 101, "-i needs a terminal to ask on");
    }
    c.base = c.opt;
    c.base_fail_on = c.fail_on;
    c.prog.on = !c.quiet && err_tty;
    c.prog.delay = 1.0;
    if (c.prog.on) {
        const char *delay = getenv("SGFTIDY_PROGRESS_DELAY");
        if (delay && *delay)
            c.prog.delay = atof(delay);
    }
    int rc = 0;
    if (c.stdin_name && stdin_excluded(&c) == 2 && !pass_excluded(&c)) {
        /* Nothing else to run. */
        progress_clear(&c.prog);
        signals_forget();
        sgft_outputs_free(c.outs);
        c.outs = NULL;
        cli_free(&c);
        return rc;
    }
    rc = c.mode == B_DUPLICATES ? run_dupes(&c)
             : c.mode != B_NONE
                 ? run_batch(&c)
                 : run_single(&c, c.files[0], c.nfiles == 2 ? c.files[1] : NULL);
    progress_clear(&c.prog);
    /* A signal at the end of a batch: as between its files. */
    cli_check_interrupt(&c);
    signals_defer(false);
    /* The report is complete, and in its file, before the outputs (of
     * which its temporary file is one) go. */
    int report = cli_report_close(&c);
    rc = report > rc ? report : rc;
    signals_forget();
    sgft_outputs_free(c.outs);
    c.outs = NULL;
    cli_free(&c);
    return rc;
}
