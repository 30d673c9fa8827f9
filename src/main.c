/* main.c - the sgftidy command: turns argv into options, runs the library
 * and prints its diagnostics; nothing else.
 *
 *   sgftidy [OPTIONS] INFILE [OUTFILE]
 *
 * Option letters, message numbers and exit statuses are SGFC's. */
#include "sgftidy.h"
#include "walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum arg_kind { A_NONE, A_NUM, A_ID, A_STR } arg_kind;
typedef enum opt_state { S_OK, S_LATER } opt_state;

typedef enum opt_id {
#define OPT(id, letter, name, arg, argname, state, help) O_##id,
#include "opt_list.h"
#undef OPT
    O__COUNT
} opt_id;

typedef struct opt_def {
    char letter;
    const char *name;
    arg_kind arg;
    const char *argname;
    opt_state state;
    const char *help;
} opt_def;

static const opt_def options[O__COUNT] = {
#define OPT(id, letter, name, arg, argname, state, help) \
    {letter, name, arg, argname, state, help},
#include "opt_list.h"
#undef OPT
};

typedef enum format { F_DEFAULT, F_SGFC, F_JSON } format;

typedef enum batch { B_NONE, B_CHECK, B_IN_PLACE, B_OUTDIR } batch;

typedef struct cli {
    sgft_options opt;
    format fmt;
    bool quiet;
    bool interactive;
    FILE *tty; /* -i: the terminal */
    batch mode;
    bool recursive;
    const char *outdir;
    char **files; /* the file arguments (argv's) */
    int nfiles;
    const char *cur_file; /* name shown in diagnostics */
} cli;

/* --- printing diagnostics ------------------------------------------------ */

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void print_diag(const sgft_diag *d, void *data) {
    const cli *c = data;
    FILE *f = stderr;
    const char *file = c->cur_file ? c->cur_file : "sgftidy";
    switch (c->fmt) {
    case F_SGFC: {
        static const char *const kinds[] = {"Information", "Warning", "Error",
                                            "Fatal error"};
        if (d->has_pos)
            fprintf(f, "Line:%lu Col:%lu - ", d->line, d->col);
        fprintf(f, "%s %d%s: %s\n", kinds[d->severity], d->code,
                d->critical ? " (critical)" : "", d->text);
        break;
    }
    case F_JSON:
        fputs("{\"file\":", f);
        json_string(f, file);
        if (d->has_pos)
            fprintf(f, ",\"line\":%lu,\"column\":%lu,\"offset\":%llu", d->line,
                    d->col, (unsigned long long)d->offset);
        fprintf(f, ",\"severity\":\"%s\",\"code\":%d,\"key\":",
                sgft_severity_name(d->severity), d->code);
        json_string(f, d->key);
        fprintf(f, ",\"critical\":%s,\"message\":",
                d->critical ? "true" : "false");
        json_string(f, d->text);
        fputs("}\n", f);
        break;
    case F_DEFAULT:
        if (d->has_pos)
            fprintf(f, "%s:%lu:%lu: ", file, d->line, d->col);
        else
            fprintf(f, "%s: ", file);
        fprintf(f, "%s %c%d%s: %s\n", sgft_severity_name(d->severity),
                sgft_severity_letter(d->severity), d->code,
                d->critical ? " (critical)" : "", d->text);
        break;
    }
}

/* The status line of one input, as SGFC prints it. */
static void print_status(const cli *c, const sgft_summary *s) {
    if (c->quiet || c->fmt == F_JSON || s->fatal)
        return;
    FILE *f = stderr;
    const char *sep = " ";
    fprintf(f, "%s:", c->cur_file);
    if (!s->errors && !s->warnings) {
        fprintf(f, "%sOK", sep);
        sep = "  ";
    }
    if (s->errors) {
        fprintf(f, "%s%lu error(s)", sep, s->errors);
        sep = "  ";
    }
    if (s->warnings) {
        fprintf(f, "%s%lu warning(s)", sep, s->warnings);
        sep = "  ";
    }
    if (s->critical) {
        fprintf(f, "%s(critical:%lu)", sep, s->critical);
        sep = "  ";
    }
    if (s->ignored)
        fprintf(f, "%s(%lu message(s) ignored)", sep, s->ignored);
    fputc('\n', f);
}

/* Reports a command-line fault (a fatal message) and exits with 20. */
static void fatal(cli *c, int code, const char *detail) {
    sgft_ctx *ctx = sgft_ctx_new(&c->opt, print_diag, c);
    if (!ctx) {
        fprintf(stderr, "sgftidy: out of memory\n");
        exit(20);
    }
    c->cur_file = "sgftidy";
    sgft_report(ctx, code, detail);
    sgft_ctx_free(ctx);
    exit(20);
}

/* -i: asks on the terminal, never on standard input, so that a script
 * without a terminal is refused (message 101) instead of blocked. */
static sgft_decision ask_terminal(void *data, const char *prop,
                                  const char *value, unsigned long line,
                                  char *answer, size_t size) {
    cli *c = data;
    fprintf(c->tty, "%s:%lu: %s[%s] is not in the FF[4] format.\n"
                    "  k = keep it, d = delete it, or type a new value: ",
            c->cur_file, line, prop, value);
    fflush(c->tty);
    char line_in[512];
    if (!fgets(line_in, sizeof line_in, c->tty))
        return SGFT_KEEP;
    line_in[strcspn(line_in, "\r\n")] = '\0';
    if (line_in[0] == '\0' || strcmp(line_in, "k") == 0)
        return SGFT_KEEP;
    if (strcmp(line_in, "d") == 0)
        return SGFT_DELETE;
    snprintf(answer, size, "%s", line_in);
    return SGFT_REPLACE;
}

/* --- help ----------------------------------------------------------------- */

static void print_help(void) {
    printf("Usage: sgftidy [OPTIONS] INFILE [OUTFILE]\n"
           "       sgftidy [OPTIONS] --check|--in-place|--outdir=DIR PATH...\n"
           "Check the SGF game records in INFILE and, when OUTFILE is given,\n"
           "write them in the normalized FF[4] form.  '-' is standard input\n"
           "or output; OUTFILE may be INFILE.  In batch mode each PATH is a\n"
           "file, or a folder of .sgf files (-R: with its subfolders).  Short\n"
           "options may be chained as in SGFC: -wd20d12l2.\n\nOptions:\n");
    for (int i = 0; i < O__COUNT; i++) {
        const opt_def *o = &options[i];
        char left[64];
        int n = 0;
        if (o->letter)
            n = snprintf(left, sizeof left, "-%c%s, ", o->letter,
                         o->arg == A_NONE ? "" : o->argname);
        snprintf(left + n, sizeof left - (size_t)n, "--%s%s%s", o->name,
                 o->arg == A_NONE ? "" : "=", o->arg == A_NONE ? "" : o->argname);
        printf("  %-32s %s%s\n", left, o->help,
               o->state == S_LATER ? " (not supported yet)" : "");
    }
    printf("\nExit status: 0 no messages, 5 warnings, 10 errors, 20 fatal error.\n"
           "Diagnostics go to standard error.  See sgftidy(1).\n");
}

/* --- option parsing --------------------------------------------------------- */

static const opt_def *by_letter(char l) {
    for (int i = 0; i < O__COUNT; i++)
        if (options[i].letter == l)
            return &options[i];
    return NULL;
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
static void apply(cli *c, const opt_def *o, const char *arg,
                  const char *spelled) {
    char detail[256];
    long v = 0;
    if (o->state == S_LATER) {
        snprintf(detail, sizeof detail, "%s (%s)", spelled, o->help);
        fatal(c, 100, detail);
    }
    snprintf(detail, sizeof detail, "%s%s%s", spelled,
             arg && spelled[1] == '-' ? "=" : "", arg ? arg : "");
    switch ((opt_id)(o - options)) {
    case O_FIND_START:
        if (parse_num(arg, 1, 3, &v))
            fatal(c, 49, detail);
        c->opt.find_start = (sgft_find_start)v;
        break;
    case O_CRITICAL: c->opt.write_critical = true; break;
    case O_DISABLE:
        if (parse_num(arg, 1, SGFT_MAX_MSG - 1, &v) || !sgft_msg_known((int)v))
            fatal(c, 49, detail);
        c->opt.disabled[v] = 1;
        break;
    case O_HELP:
        print_help();
        exit(0);
    case O_KEEP_HEADER: c->opt.keep_header = true; break;
    case O_LINEBREAKS:
        if (parse_num(arg, 1, 4, &v))
            fatal(c, 49, detail);
        c->opt.linebreaks = (sgft_linebreaks)v;
        break;
    case O_NODE_BREAKS: c->opt.node_breaks = true; break;
    case O_QUIET: c->quiet = true; break;
    case O_NO_SOFT: c->opt.no_soft_breaks = true; break;
    case O_DEL_UNKNOWN: c->opt.delete_unknown = true; break;
    case O_NO_WARNINGS: c->opt.no_warnings = true; break;
    case O_DEL_EMPTY: c->opt.delete_empty_nodes = true; break;
    case O_EXPAND: c->opt.expand = true; break;
    case O_DEL_OBSOLETE: c->opt.delete_obsolete = true; break;
    case O_PASS_TT: c->opt.pass_tt = true; break;
    case O_DEL_MARKUP: c->opt.delete_move_markup = true; break;
    case O_STRICT: c->opt.strict = true; break;
    case O_SIGNATURE: c->opt.signature = true; break;
    case O_INTERACTIVE: c->interactive = true; break;
    case O_VARIATIONS: c->opt.fix_variations = true; break;
    case O_SPLIT: c->opt.split = true; break;
    case O_ENCODING_MODE:
        if (parse_num(arg, 1, 3, &v))
            fatal(c, 49, detail);
        c->opt.encoding_mode = (int)v;
        break;
    case O_UTF8_DEFAULT:
        snprintf(c->opt.default_encoding, sizeof c->opt.default_encoding,
                 "UTF-8");
        break;
    case O_ENCODING:
    case O_DEF_ENCODING: {
        char *to = o - options == O_ENCODING ? c->opt.encoding
                                             : c->opt.default_encoding;
        if (strlen(arg) >= sizeof c->opt.encoding || !sgft_charset_known(arg))
            fatal(c, 69, arg);
        snprintf(to, sizeof c->opt.encoding, "%s", arg);
        break;
    }
    case O_REVERSE: c->opt.reverse_variations = true; break;
    case O_DELETE_PROP:
        if (!arg || sgft_options_delete_prop(&c->opt, arg) != 0)
            fatal(c, 49, detail);
        break;
    case O_DUMP_TREE: c->opt.dump_tree = true; break;
    case O_PARSE_ONLY: c->opt.parse_only = true; break;
    case O_CHECK:
    case O_IN_PLACE:
    case O_OUTDIR: {
        batch m = o - options == O_CHECK      ? B_CHECK
                  : o - options == O_IN_PLACE ? B_IN_PLACE
                                              : B_OUTDIR;
        if (c->mode != B_NONE && c->mode != m)
            fatal(c, 101, "--check, --in-place and --outdir exclude each other");
        c->mode = m;
        if (m == B_OUTDIR)
            c->outdir = arg;
        break;
    }
    case O_RECURSIVE: c->recursive = true; break;
    case O_VERSION:
        printf("sgftidy %s\n", SGFT_VERSION);
        exit(0);
    case O_FORMAT:
        if (strcmp(arg, "default") == 0)
            c->fmt = F_DEFAULT;
        else if (strcmp(arg, "sgfc") == 0)
            c->fmt = F_SGFC;
        else if (strcmp(arg, "json") == 0)
            c->fmt = F_JSON;
        else if (strcmp(arg, "sarif") == 0)
            fatal(c, 100, "--format=sarif");
        else
            fatal(c, 49, detail);
        break;
    case O_MUTE: {
        int n = 1;
        for (; n < SGFT_MAX_MSG; n++)
            if (sgft_msg_known(n) && strcmp(sgft_msg_key(n), arg) == 0)
                break;
        if (n == SGFT_MAX_MSG)
            fatal(c, 49, detail);
        c->opt.disabled[n] = 1;
        break;
    }
    case O_WIDTH:
        if (parse_num(arg, 20, 100000, &v))
            fatal(c, 49, detail);
        c->opt.line_width = (unsigned)v;
        break;
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
        if (o->arg == A_NONE) {
            apply(c, o, NULL, spelled);
            continue;
        }
        char arg[128];
        size_t n = 0;
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
        if (strlen(o->name) != len || strncmp(o->name, name, len) != 0)
            continue;
        char spelled[80];
        snprintf(spelled, sizeof spelled, "--%.*s", (int)len, name);
        if (o->arg == A_NONE) {
            if (eq)
                fatal(c, 49, s);
            apply(c, o, NULL, spelled);
            return;
        }
        const char *arg = eq ? eq + 1 : argv[*i + 1];
        if (!arg)
            fatal(c, 49, s);
        if (!eq)
            ++*i;
        apply(c, o, arg, spelled);
        return;
    }
    fatal(c, 68, s);
}

static void parse_args(cli *c, int argc, char **argv) {
    bool only_files = false;
    c->files = calloc((size_t)argc, sizeof *c->files);
    if (!c->files) {
        fprintf(stderr, "sgftidy: out of memory\n");
        exit(20);
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_files && strcmp(a, "--") == 0) {
            only_files = true;
        } else if (!only_files && a[0] == '-' && a[1] == '-') {
            long_option(c, a, argv, &i);
        } else if (!only_files && a[0] == '-' && a[1]) {
            short_options(c, a, argv, &i);
        } else {
            c->files[c->nfiles++] = argv[i];
        }
    }
}

/* Runs one input; returns its exit status. */
static int run_one(cli *c, const char *in, const char *out) {
    sgft_ctx *ctx = sgft_ctx_new(&c->opt, print_diag, c);
    if (!ctx) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    c->cur_file = strcmp(in, "-") == 0 ? "<stdin>" : in;
    if (c->tty)
        sgft_ctx_set_decider(ctx, ask_terminal, c);
    sgft_run_file(ctx, in, out);
    const sgft_summary *s = sgft_ctx_summary(ctx);
    print_status(c, s);
    int rc = sgft_exit_status(s);
    sgft_ctx_free(ctx);
    return rc;
}

/* Batch mode: every file of the paths; the worst status wins. */
static int run_batch(cli *c) {
    path_list files = {0}, failed = {0};
    if (walk_paths(c->files, (size_t)c->nfiles, c->recursive, &files,
                   &failed) < 0) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    int worst = 0;
    if (!files.n && !failed.n && !c->quiet)
        fprintf(stderr, "sgftidy: no .sgf files in the paths given%s\n",
                c->recursive ? "" : " (-R takes subfolders too)");
    for (size_t i = 0; i < failed.n; i++) {
        int rc = run_one(c, failed.v[i], NULL); /* reports message 4 */
        worst = rc > worst ? rc : worst;
    }
    for (size_t i = 0; i < files.n; i++) {
        const char *in = files.v[i];
        char *out = NULL;
        if (c->mode == B_IN_PLACE) {
            out = strdup(in);
        } else if (c->mode == B_OUTDIR) {
            const char *rel = in;
            while (*rel == '/')
                rel++;
            while (strncmp(rel, "./", 2) == 0)
                rel += 2;
            size_t n = strlen(c->outdir) + strlen(rel) + 2;
            out = malloc(n);
            if (out) {
                snprintf(out, n, "%s/%s", c->outdir, rel);
                make_parents(out); /* a failure shows as message 26 */
            }
        }
        if (c->mode != B_CHECK && !out) {
            fprintf(stderr, "sgftidy: out of memory\n");
            worst = 20;
            break;
        }
        int rc = run_one(c, in, out);
        worst = rc > worst ? rc : worst;
        free(out);
    }
    paths_free(&files);
    paths_free(&failed);
    return worst;
}

int main(int argc, char **argv) {
    cli c;
    memset(&c, 0, sizeof c);
    sgft_options_init(&c.opt);
    if (argc == 1) {
        fprintf(stderr, "sgftidy %s - SGF checker and normalizer\n"
                        "Usage: sgftidy [OPTIONS] INFILE [OUTFILE]  "
                        "(sgftidy --help for the options)\n",
                SGFT_VERSION);
        return 0;
    }
    parse_args(&c, argc, argv);
    if (c.nfiles == 0)
        fatal(&c, 48, NULL);
    if (c.mode == B_NONE && c.nfiles > 2)
        fatal(&c, 1, c.files[2]);
    if (c.mode == B_NONE && c.recursive)
        fatal(&c, 101, "-R goes with --check, --in-place or --outdir");
    if (c.opt.parse_only && (c.nfiles == 2 || c.mode > B_CHECK))
        fatal(&c, 101, "--parse-only writes nothing");
    if (c.opt.split && (c.mode != B_NONE || c.nfiles < 2 ||
                        strcmp(c.files[1], "-") == 0))
        fatal(&c, 101, "-s needs an OUTFILE to name the files after");
    if (c.interactive) {
        c.tty = fopen("/dev/tty", "r+");
        if (!c.tty)
            fatal(&c, 101, "-i needs a terminal to ask on");
    }
    int rc = c.mode != B_NONE
                 ? run_batch(&c)
                 : run_one(&c, c.files[0], c.nfiles == 2 ? c.files[1] : NULL);
    if (c.tty)
        fclose(c.tty);
    free(c.files);
    return rc;
}
