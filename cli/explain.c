/* explain.c - --explain=N: what a message means (its entry in the man
 * page), an example run through the library with the options given,
 * and how to silence it. */
#include "cli.h"
#include "usage.h"

#include <stdlib.h>
#include <string.h>

/* Prints text wrapped to 76 columns, each line indented by two spaces;
 * "\n\n" starts a new paragraph. */
static void wrapped(const char *text) { cli_wrap(text, 0, 2, 76); }

typedef struct first_diag {
    sgft_severity sev;
    bool critical, seen;
} first_diag;

static void catch_diag(const sgft_diag *d, void *data) {
    first_diag *f = data;
    if (!f->seen) {
        f->sev = d->severity;
        f->critical = d->critical;
        f->seen = true;
    }
}

static void example_diag(const sgft_diag *d, void *data) {
    (void)data;
    fputs("    ", stdout);
    sgft_print_diag(stdout, SGFT_FORMAT_TEXT, "example.sgf", d);
}

/* A rule of --list-rules: what it checks, the messages it may raise,
 * how to silence them. */
static int explain_rule(size_t r) {
    printf("Rule %s (%s), %zu in the order of the checks:\n",
           sgft_rule_key(r), sgft_scope_name(sgft_rule_scope(r)), r + 1);
    wrapped(sgft_rule_text(r));
    printf("\nIt may raise:\n");
    for (size_t j = 0; sgft_rule_message(r, j); j++) {
        int n = sgft_rule_message(r, j);
        printf("  %3d %s%s\n", n, sgft_msg_key(n),
               usage_fatal(n) ? " (a fatal error: not silenced)" : "");
    }
    printf("\n");
    static const char how[] =
        "To silence them: -d%s or --mute=%s (a fatal error aside); each "
        "message is silenced as a whole, also where other rules raise it "
        "(--explain=N tells of message N).";
    size_t size = sizeof how + 2 * strlen(sgft_rule_key(r));
    char *t = malloc(size);
    if (!t) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    snprintf(t, size, how, sgft_rule_key(r), sgft_rule_key(r));
    cli_wrap(t, 0, 0, 76);
    free(t);
    return 0;
}

int explain(cli *c, const char *which) {
    int n = usage_message(which);
    long rule = n ? -1 : usage_rule(which);
    if (rule >= 0)
        return explain_rule((size_t)rule);
    if (!n) {
        char *why = usage_unknown_name(which, true);
        size_t size = strlen(which) + 12 + (why ? strlen(why) + 2 : 0);
        char *d = malloc(size);
        if (d)
            snprintf(d, size, "--explain=%s%s%s", which, why ? ": " : "",
                     why ? why : "");
        free(why);
        cli_fatal(c, 49, d ? d : "--explain");
    }
    /* Its severity and critical mark as the catalogue resolves them. */
    first_diag fd = {0};
    sgft_ctx *ctx = sgft_ctx_new(NULL, catch_diag, &fd);
    if (!ctx) {
        fprintf(stderr, "sgftidy: out of memory\n");
        return 20;
    }
    sgft_report(ctx, n, NULL);
    sgft_ctx_free(ctx);
    printf("Message %d, %s: %s%s\n  %s\n\n", n, sgft_msg_key(n),
           sgft_severity_name(fd.sev), fd.critical ? ", critical" : "",
           sgft_msg_text(n));
    const char *doc = sgft_msg_doc(n);
    if (doc) {
        wrapped(doc);
        putchar('\n');
    }
    const char *ex = sgft_msg_example(n);
    if (ex) {
        printf("Example: sgftidy example.sgf - with example.sgf holding\n"
               "    %s\ngives\n", ex);
        fflush(stdout);
        sgft_buffer out = {0};
        ctx = sgft_ctx_new(c->opt, example_diag, NULL);
        sgft_memory in = {ex, strlen(ex), 0};
        if (ctx)
            sgft_run(ctx, sgft_memory_read, &in, sgft_buffer_write, &out);
        const sgft_summary *s = ctx ? sgft_ctx_summary(ctx) : NULL;
        if (s && !s->fatal && out.data &&
            (!s->critical || sgft_options_get(c->opt, SGFT_OPT_WRITE_CRITICAL))) {
            printf("and writes\n");
            for (const char *l = out.data; *l;) {
                size_t k = strcspn(l, "\n");
                printf("    %.*s\n", (int)k, l);
                l += k + (l[k] == '\n');
            }
        } else if (s && !s->fatal) {
            printf("and writes nothing without -c (a critical message)\n");
        }
        free(out.data);
        sgft_ctx_free(ctx);
        putchar('\n');
    }
    if (fd.sev == SGFT_FATAL)
        printf("A fatal error cannot be silenced.\n");
    else if (n == 142) /* it comes when no configuration file is obeyed */
        printf("To silence it: -d%d or --mute=%s on the command line.\n", n,
               sgft_msg_key(n));
    else
        printf("To silence it: -d%d or --mute=%s on the command line, or a "
               "line\n\"mute = %s\" in a .sgftidy file (see sgftidy(1)).\n",
               n, sgft_msg_key(n), sgft_msg_key(n));
    return 0;
}
