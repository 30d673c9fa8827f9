/* main.c - the sgftidy command: turns argv into options, runs the library
 * and prints its diagnostics; nothing else.
 *
 *   sgftidy [OPTIONS] INFILE [OUTFILE]
 *
 * Option letters, message numbers and exit statuses are SGFC's. */
#include "sgftidy.h"
#include "walk.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef enum arg_kind { A_NONE, A_NUM, A_ID, A_STR } arg_kind;
typedef enum opt_state { S_OK, S_LATER } opt_state;

typedef enum opt_id {
#define OPT(id, letter, name, arg, argname, state, lib, help) O_##id,
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
    int lib; /* the sgft_option it sets, or 0 */
    const char *help;
} opt_def;

static const opt_def options[O__COUNT] = {
#define OPT(id, letter, name, arg, argname, state, lib, help) \
    {letter, name, arg, argname, state, lib, help},
#include "opt_list.h"
#undef OPT
};


typedef enum batch { B_NONE, B_CHECK, B_IN_PLACE, B_OUTDIR } batch;

typedef struct cli {
    sgft_options *opt;
    sgft_format fmt;
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

/* --- printing diagnostics (the library's formatters) -------------------- */

static void print_diag(const sgft_diag *d, void *data) {
    const cli *c = data;
    sgft_print_diag(stderr, c->fmt, c->cur_file, d);
}

/* The status line of one input, as SGFC prints it. */
static void print_status(const cli *c, const sgft_summary *s) {
    if (!c->quiet)
        sgft_print_status(stderr, c->fmt, c->cur_file, s);
}

/* Reports a command-line fault (a fatal message) and exits with 20. */
static void fatal(cli *c, int code, const char *detail) {
    sgft_ctx *ctx = sgft_ctx_new(c->opt, print_diag, c);
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

/* One option of --help: the name in a column of its own, the text
 * wrapped to 79 columns beside it (a long name takes a line alone). */
static void print_wrapped(const char *left, const char *text) {
    enum { INDENT = 28, WIDTH = 79 };
    int col = printf("  %s", left);
    if (col > INDENT - 1) {
        printf("\n");
        col = 0;
    }
    printf("%*s", INDENT - col, "");
    col = INDENT;
    const char *p = text;
    while (*p) {
        size_t word = strcspn(p, " ");
        if (col > INDENT && col + 1 + (int)word > WIDTH) {
            printf("\n%*s", INDENT, "");
            col = INDENT;
        } else if (col > INDENT) {
            putchar(' ');
            col++;
        }
        printf("%.*s", (int)word, p);
        col += (int)word;
        p += word;
        while (*p == ' ')
            p++;
    }
    putchar('\n');
}

/* --list-rules: one line per rule of the library: key, scope, the
 * messages it may raise, what it checks. */
static void print_rules(void) {
    for (size_t i = 0; i < sgft_rule_count(); i++) {
        char msgs[64] = "";
        size_t n = 0;
        for (size_t j = 0; sgft_rule_message(i, j) && n < sizeof msgs; j++)
            n += (size_t)snprintf(msgs + n, sizeof msgs - n, "%s%d",
                                  j ? "," : "", sgft_rule_message(i, j));
        printf("%-19s %-10s %-24s %s\n", sgft_rule_key(i),
               sgft_scope_name(sgft_rule_scope(i)), msgs, sgft_rule_text(i));
    }
}

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
        char text[512];
        snprintf(text, sizeof text, "%s%s", o->help,
                 o->state == S_LATER ? " (not supported yet)" : "");
        print_wrapped(left, text);
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
    if (o->lib) {
        /* A library option: yes/no set to 1, a number to its argument. */
        if (o->arg == A_NONE)
            v = 1;
        else if (parse_num(arg, 0, 1000000, &v))
            fatal(c, 49, detail);
        if (sgft_options_set(c->opt, (sgft_option)o->lib, v) != 0)
            fatal(c, 49, detail);
        return;
    }
    switch ((opt_id)(o - options)) {
    case O_DISABLE:
        if (parse_num(arg, 1, SGFT_MAX_MSG - 1, &v) ||
            sgft_options_disable(c->opt, (int)v) != 0)
            fatal(c, 49, detail);
        break;
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
            fatal(c, 49, detail);
        break;
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
    case O_LIST_RULES:
        print_rules();
        exit(0);
    case O_VERSION:
        printf("sgftidy %s\n", SGFT_VERSION);
        exit(0);
    case O_FORMAT:
        if (strcmp(arg, "default") == 0)
            c->fmt = SGFT_FORMAT_TEXT;
        else if (strcmp(arg, "sgfc") == 0)
            c->fmt = SGFT_FORMAT_SGFC;
        else if (strcmp(arg, "json") == 0)
            c->fmt = SGFT_FORMAT_JSON;
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
        sgft_options_disable(c->opt, n);
        break;
    }
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

/* What a batch did, for its closing line. */
typedef struct tally {
    unsigned long files, ok, warnings, errors, failed;
    unsigned long created, changed, unchanged, not_written;
} tally;

/* Runs one input; returns its exit status and counts it in t. */
static int run_one(cli *c, const char *in, const char *out, tally *t) {
    sgft_ctx *ctx = sgft_ctx_new(c->opt, print_diag, c);
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
    if (t) {
        t->files++;
        if (s->fatal)
            t->failed++;
        else if (s->errors)
            t->errors++;
        else if (s->warnings)
            t->warnings++;
        else
            t->ok++;
        switch (s->output) {
        case SGFT_OUTPUT_CREATED: t->created++; break;
        case SGFT_OUTPUT_CHANGED: t->changed++; break;
        case SGFT_OUTPUT_UNCHANGED: t->unchanged++; break;
        default:
            if (out && !s->fatal)
                t->not_written++;
            break;
        }
    }
    sgft_ctx_free(ctx);
    return rc;
}

/* Reports a fatal message about one file of a batch (the file is not
 * read); returns 20. */
static int file_fault(cli *c, const char *in, int code, const char *detail,
                      tally *t) {
    sgft_ctx *ctx = sgft_ctx_new(c->opt, print_diag, c);
    if (ctx) {
        c->cur_file = in;
        sgft_report(ctx, code, detail);
        sgft_ctx_free(ctx);
    }
    t->files++;
    t->failed++;
    return 20;
}

/* --- --outdir: every output inside DIR, none over an input -------------- */

/* A file by its device and inode. */
typedef struct file_id {
    dev_t dev;
    ino_t ino;
} file_id;

typedef struct id_set {
    file_id *v;
    size_t n, cap;
} id_set;

static int id_cmp(const void *a, const void *b) {
    const file_id *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

static bool id_add(id_set *s, const struct stat *st) {
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        file_id *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return false;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n].dev = st->st_dev;
    s->v[s->n].ino = st->st_ino;
    s->n++;
    return true;
}

static bool id_has(const id_set *s, const struct stat *st, size_t sorted) {
    file_id k = {st->st_dev, st->st_ino};
    if (sorted && bsearch(&k, s->v, sorted, sizeof k, id_cmp))
        return true;
    for (size_t i = sorted; i < s->n; i++)
        if (id_cmp(&k, &s->v[i]) == 0)
            return true;
    return false;
}

/* DIR/PATH with PATH made relative and plain: "/" at the start, "." and
 * empty parts dropped, "name/.." taken back, and a ".." that would climb
 * out of DIR dropped ("../x.sgf" and "/a/x.sgf" become DIR/x.sgf and
 * DIR/a/x.sgf). */
static char *outdir_path(const char *dir, const char *in) {
    size_t dlen = strlen(dir);
    while (dlen > 1 && dir[dlen - 1] == '/')
        dlen--;
    size_t n = dlen + strlen(in) + 2;
    char *out = malloc(n);
    if (!out)
        return NULL;
    memcpy(out, dir, dlen);
    size_t base = dlen, len = dlen;
    const char *p = in;
    while (*p) {
        size_t part = strcspn(p, "/");
        if ((part == 1 && p[0] == '.') || part == 0) {
            /* nothing */
        } else if (part == 2 && p[0] == '.' && p[1] == '.') {
            while (len > base && out[len - 1] != '/')
                len--;
            if (len > base)
                len--; /* the '/' before the part taken back */
        } else {
            out[len++] = '/';
            memcpy(out + len, p, part);
            len += part;
        }
        p += part;
        while (*p == '/')
            p++;
    }
    out[len] = '\0';
    return out;
}

/* Whether path is real_dir or below it (both without "." or ".."). */
static bool inside(const char *real_dir, const char *path) {
    size_t n = strlen(real_dir);
    if (n == 1 && real_dir[0] == '/')
        return true;
    return strncmp(path, real_dir, n) == 0 && (path[n] == '/' || !path[n]);
}

/* Checks an output path of --outdir; returns NULL when it is safe, or
 * why not (in why). */
static const char *outdir_refusal(const char *real_dir, const char *out,
                                  const id_set *inputs, size_t sorted,
                                  const id_set *outputs, char *why,
                                  size_t size) {
    char *slash = strrchr(out, '/');
    *slash = '\0';
    char *parent = realpath(out, NULL);
    *slash = '/';
    if (!parent) {
        snprintf(why, size, "%s: %s", out, strerror(errno));
        return why;
    }
    bool ok = inside(real_dir, parent);
    free(parent);
    if (!ok) {
        snprintf(why, size, "%s: its folder is outside the output folder "
                            "(a symbolic link)", out);
        return why;
    }
    struct stat st;
    if (stat(out, &st) < 0) {
        if (lstat(out, &st) == 0 && S_ISLNK(st.st_mode)) {
            snprintf(why, size, "%s: a symbolic link to a missing file", out);
            return why;
        }
        return NULL; /* a new file */
    }
    char *real = realpath(out, NULL);
    ok = real && inside(real_dir, real);
    free(real);
    if (!ok) {
        snprintf(why, size, "%s: a symbolic link out of the output folder",
                 out);
        return why;
    }
    if (id_has(inputs, &st, sorted)) {
        snprintf(why, size, "%s: it is one of the input files", out);
        return why;
    }
    if (id_has(outputs, &st, 0)) {
        snprintf(why, size, "%s: written already for another input file",
                 out);
        return why;
    }
    return NULL;
}

/* The closing line of a batch: "sgftidy: 3 files: 2 OK, 1 with errors;
 * 1 changed, 1 unchanged, 1 not written" (counts of zero left out). */
static void print_tally(const cli *c, const tally *t) {
    if (c->quiet || c->fmt == SGFT_FORMAT_JSON || !t->files)
        return;
    const struct {
        unsigned long n;
        const char *what;
        bool second; /* a part after the ';' */
    } parts[] = {
        {t->ok, "OK", false},
        {t->warnings, "with warnings", false},
        {t->errors, "with errors", false},
        {t->failed, "failed", false},
        {t->created, "written", true},
        {t->changed, "changed", true},
        {t->unchanged, "unchanged", true},
        {t->not_written, "not written", true},
    };
    fprintf(stderr, "sgftidy: %lu file%s:", t->files, t->files == 1 ? "" : "s");
    const char *sep = " ";
    bool second = false;
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
        if (!parts[i].n)
            continue;
        if (parts[i].second && !second) {
            sep = "; ";
            second = true;
        }
        fprintf(stderr, "%s%lu %s", sep, parts[i].n, parts[i].what);
        sep = ", ";
    }
    fputc('\n', stderr);
}

/* Batch mode: every file of the paths; the worst status wins. */
static int run_batch(cli *c) {
    path_list files = {0}, failed = {0};
    tally t = {0};
    id_set inputs = {0}, outputs = {0};
    char *real_dir = NULL;
    int worst = 0;
    if (walk_paths(c->files, (size_t)c->nfiles, c->recursive, &files,
                   &failed) < 0)
        goto oom;
    if (!files.n && !failed.n && !c->quiet)
        fprintf(stderr, "sgftidy: no .sgf files in the paths given%s\n",
                c->recursive ? "" : " (-R takes subfolders too)");
    for (size_t i = 0; i < failed.n; i++) {
        int rc = run_one(c, failed.v[i], NULL, &t); /* reports message 4 */
        worst = rc > worst ? rc : worst;
    }
    if (c->mode == B_OUTDIR && files.n) {
        if (make_parents(c->outdir) < 0 ||
            (mkdir(c->outdir, 0777) < 0 && errno != EEXIST) ||
            !(real_dir = realpath(c->outdir, NULL))) {
            char detail[PATH_MAX + 200];
            snprintf(detail, sizeof detail, "cannot create the folder %s: %s",
                     c->outdir, strerror(errno));
            worst = file_fault(c, "sgftidy", 26, detail, &t);
            goto end;
        }
        for (size_t i = 0; i < files.n; i++) {
            struct stat st;
            if (stat(files.v[i], &st) == 0 && !id_add(&inputs, &st))
                goto oom;
        }
        qsort(inputs.v, inputs.n, sizeof *inputs.v, id_cmp);
    }
    for (size_t i = 0; i < files.n; i++) {
        const char *in = files.v[i];
        char *out = NULL;
        if (c->mode == B_IN_PLACE) {
            out = strdup(in);
        } else if (c->mode == B_OUTDIR) {
            out = outdir_path(c->outdir, in);
            char why[PATH_MAX * 2 + 100];
            const char *refused = NULL;
            int code = 106;
            if (out && make_parents(out) < 0) {
                snprintf(why, sizeof why, "cannot create the folder of %s: %s",
                         out, strerror(errno));
                refused = why;
                code = 26;
            } else if (out) {
                refused = outdir_refusal(real_dir, out, &inputs, inputs.n,
                                         &outputs, why, sizeof why);
            }
            if (refused) {
                int rc = file_fault(c, in, code, refused, &t);
                worst = rc > worst ? rc : worst;
                free(out);
                continue;
            }
        }
        if (c->mode != B_CHECK && !out)
            goto oom;
        int rc = run_one(c, in, out, &t);
        worst = rc > worst ? rc : worst;
        struct stat st;
        if (c->mode == B_OUTDIR && stat(out, &st) == 0 &&
            !id_add(&outputs, &st)) {
            free(out);
            goto oom;
        }
        free(out);
    }
end:
    print_tally(c, &t);
    paths_free(&files);
    paths_free(&failed);
    free(inputs.v);
    free(outputs.v);
    free(real_dir);
    return worst;
oom:
    fprintf(stderr, "sgftidy: out of memory\n");
    worst = 20;
    goto end;
}

/* --- interruptions ------------------------------------------------------ */

/* A signal that ends the run: the temporary files go, then the signal
 * takes its usual course (the exit status says which signal it was). */
static void on_fatal_signal(int sig) {
    sgft_remove_temp_files();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_signal_handlers(void) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
        sigaddset(&sa.sa_mask, sigs[i]);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction old;
        /* A signal ignored by the caller (nohup) stays ignored. */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
    /* A file-size limit is a write error (27), not the end of the run. */
    signal(SIGXFSZ, SIG_IGN);
}

int main(int argc, char **argv) {
    cli c;
    memset(&c, 0, sizeof c);
    c.opt = sgft_options_new();
    if (!c.opt) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
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
    if (sgft_options_get(c.opt, SGFT_OPT_PARSE_ONLY) && (c.nfiles == 2 || c.mode > B_CHECK))
        fatal(&c, 101, "--parse-only writes nothing");
    if (sgft_options_get(c.opt, SGFT_OPT_SPLIT) && (c.mode != B_NONE || c.nfiles < 2 ||
                        strcmp(c.files[1], "-") == 0))
        fatal(&c, 101, "-s needs an OUTFILE to name the files after");
    install_signal_handlers();
    if (c.interactive) {
        c.tty = fopen("/dev/tty", "r+");
        if (!c.tty)
            fatal(&c, 101, "-i needs a terminal to ask on");
    }
    int rc = c.mode != B_NONE
                 ? run_batch(&c)
                 : run_one(&c, c.files[0], c.nfiles == 2 ? c.files[1] : NULL,
                           NULL);
    if (c.tty)
        fclose(c.tty);
    free(c.files);
    sgft_options_free(c.opt);
    return rc;
}
