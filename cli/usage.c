/* usage.c - what the command tells about its own use: the values an
 * option takes (message 49), the options, messages and rules closest to
 * a name mistyped, the names -d, --mute and --explain take, the listing
 * of --list-rules, and the colours of --color=auto.
 *
 * Every list comes from a table: the options from src/option_list.h,
 * the formats from the library (src/report_list.h), the messages from
 * its catalogue, the rules from its rule table; only the words of
 * --color, --fail-on and --signature are kept here, and main.c reads
 * them from here too. */
#include "usage.h"
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- text built in memory ---------------------------------------------- */

typedef struct text {
    char *s;
    size_t len, cap;
    bool failed;
} text;

static void put_n(text *t, const char *s, size_t n) {
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 64;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p) {
            t->failed = true;
            return;
        }
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void put(text *t, const char *s) { put_n(t, s, strlen(s)); }

static void put_long(text *t, long v) {
    char b[24];
    snprintf(b, sizeof b, "%ld", v);
    put(t, b);
}

/* The text made, or NULL when memory ran out. */
static char *done(text *t) {
    if (!t->failed && !t->s)
        put(t, "");
    if (t->failed) {
        free(t->s);
        return NULL;
    }
    return t->s;
}

/* --- the options' table -------------------------------------------------- */

/* The argument kinds of the table's rows (as main.c names them). */
enum { A_NONE, A_NUM, A_ID, A_STR, A_OPT };

typedef struct opt_row {
    const char *name;
    int arg;
    const char *type; /* a library option's C type, else NULL */
    long lo, hi;
} opt_row;

#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def,     \
               help)                                                          \
    {name, arg, #type, lo, hi},
#define COMMAND(id, letter, name, arg, argname, help) {name, arg, NULL, 0, 0},
static const opt_row opt_rows[] = {
#include "../src/option_list.h"
};
#undef OPTION
#undef COMMAND

static const opt_row *row_of(const char *option) {
    for (size_t i = 0; i < sizeof opt_rows / sizeof *opt_rows; i++)
        if (strcmp(opt_rows[i].name, option) == 0)
            return &opt_rows[i];
    return NULL;
}

/* --- the words of options -------------------------------------------------- */

static const char *const colour_words[] = {"auto", "always", "never", NULL};
static const char *const level_words[] = {"info", "warning", "error",
                                          "critical", NULL};
/* index + 1: SGFT_OPT_SIGNATURE's value */
static const char *const signature_words[] = {"sgfc", "symmetric", NULL};

static const char *const *words_of(const char *option, int *first) {
    *first = 0;
    if (strcmp(option, "color") == 0)
        return colour_words;
    if (strcmp(option, "fail-on") == 0)
        return level_words;
    if (strcmp(option, "signature") == 0) {
        *first = 1;
        return signature_words;
    }
    return NULL;
}

const char *const *usage_words(const char *option) {
    int first;
    return words_of(option, &first);
}

int usage_word(const char *option, const char *arg) {
    if (!arg)
        return -1;
    if (strcmp(option, "format") == 0)
        return sgft_format_from_name(arg);
    int first;
    const char *const *w = words_of(option, &first);
    for (int k = 0; w && w[k]; k++)
        if (strcmp(w[k], arg) == 0)
            return first + k;
    return -1;
}

/* ", " between the items of a list. */
static void put_list(text *t, const char *const *items, size_t n) {
    for (size_t k = 0; k < n; k++) {
        if (k)
            put(t, ", ");
        put(t, items[k]);
    }
}

/* "1, 2, 3" for three values at most, else "lo-hi". */
static void put_range(text *t, long lo, long hi) {
    if (hi - lo < 3) {
        for (long v = lo; v <= hi; v++) {
            if (v > lo)
                put(t, ", ");
            put_long(t, v);
        }
    } else {
        put_long(t, lo);
        put(t, "-");
        put_long(t, hi);
    }
}

/* The values option takes, after "valid values are "; false when the
 * option has no such list. */
static bool put_valid(text *t, const char *option) {
    int first;
    const char *const *w = words_of(option, &first);
    if (w) {
        size_t n = 0;
        while (w[n])
            n++;
        put_list(t, w, n);
        return true;
    }
    if (strcmp(option, "format") == 0) {
        for (int f = 0; sgft_format_name((sgft_format)f); f++) {
            if (f)
                put(t, ", ");
            put(t, sgft_format_name((sgft_format)f));
        }
        /* the names of the command line alone (main.c, O_FORMAT) */
        put(t, "; also text (the default) and auto (github in GitHub "
               "Actions, else the default)");
        return true;
    }
    if (strcmp(option, "jobs") == 0) {
        put_range(t, 0, JOBS_MAX);
        put(t, " (0: one per processor)");
        return true;
    }
    if (strcmp(option, "extensions") == 0) {
        put(t, "endings of letters and digits, separated by commas "
               "(sgf,gib)");
        return true;
    }
    if (strcmp(option, "delete") == 0) {
        put(t, "the identifiers of known properties, in uppercase "
               "letters (VW)");
        return true;
    }
    const opt_row *r = row_of(option);
    if (r && r->type && strcmp(r->type, "bool") != 0 &&
        (r->arg == A_NUM || r->arg == A_STR)) {
        put_range(t, r->lo, r->hi);
        return true;
    }
    return false;
}

char *usage_bad_value(const char *option, const char *spelled,
                      const char *why) {
    text t = {0};
    put(&t, spelled);
    if (why) {
        put(&t, ": ");
        put(&t, why);
    } else {
        size_t at = t.len;
        put(&t, ": valid values are ");
        if (!put_valid(&t, option) && !t.failed) {
            t.len = at;
            t.s[at] = '\0';
        }
    }
    return done(&t);
}

/* --- names near a name ------------------------------------------------------ */

/* How names are compared: case aside, '-' and '_' alike. */
static int fold(int ch) {
    ch = tolower((unsigned char)ch);
    return ch == '-' ? '_' : ch;
}

static bool same_name(const char *a, const char *b) {
    while (*a && fold(*a) == fold(*b))
        a++, b++;
    return !*a && !*b;
}

/* The edit distance of a (alen bytes) and b: insertions, deletions,
 * substitutions and transpositions of two neighbours (optimal string
 * alignment), names folded; more than most when it is more than most
 * (then not computed in full). */
static size_t distance(const char *a, size_t alen, const char *b,
                       size_t most) {
    size_t blen = strlen(b);
    if ((alen > blen ? alen - blen : blen - alen) > most)
        return most + 1;
    size_t *rows = malloc(3 * (blen + 1) * sizeof *rows);
    if (!rows)
        return most + 1;
    size_t *two = rows, *one = rows + blen + 1, *cur = rows + 2 * (blen + 1);
    for (size_t j = 0; j <= blen; j++)
        one[j] = j;
    for (size_t i = 1; i <= alen; i++) {
        cur[0] = i;
        size_t low = cur[0];
        for (size_t j = 1; j <= blen; j++) {
            bool same = fold(a[i - 1]) == fold(b[j - 1]);
            size_t d = one[j - 1] + !same;
            if (one[j] + 1 < d)
                d = one[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) &&
                fold(a[i - 2]) == fold(b[j - 1]) && two[j - 2] + 1 < d)
                d = two[j - 2] + 1;
            cur[j] = d;
            if (d < low)
                low = d;
        }
        if (low > most) {
            free(rows);
            return most + 1;
        }
        size_t *t = two;
        two = one;
        one = cur;
        cur = t;
    }
    size_t d = one[blen];
    free(rows);
    return d;
}

/* The names (NULL: a gap in the list) a hint chooses from. */
typedef const char *(*name_at)(size_t i);

enum { MOST_SHOWN = 4 };

/* "did you mean 'A'?", "... 'A' or 'B'?": the names of list (n of them)
 * nearest to given (glen bytes), each after prefix: those at the
 * smallest nearness within a bound that grows with the length of given
 * (1 up to 3 letters, 2 up to 7, else 3).  NULL when none, or more than
 * MOST_SHOWN. */
static bool begins(const char *name, const char *given, size_t glen) {
    size_t k = 0;
    while (k < glen && name[k] && fold(name[k]) == fold(given[k]))
        k++;
    return k == glen && name[k];
}

/* How near name is to given: its edit distance, or 1 when given is how
 * it begins (3 letters at least); more than most when not near. */
static size_t nearness(const char *given, size_t glen, const char *name,
                       size_t most) {
    size_t d = distance(given, glen, name, most);
    return d > 1 && glen >= 3 && begins(name, given, glen) ? 1 : d;
}

static char *suggest(const char *given, size_t glen, name_at list, size_t n,
                     const char *prefix) {
    size_t most = glen <= 3 ? 1 : glen <= 7 ? 2 : 3;
    size_t best = most + 1, count = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = list(i);
        if (!name)
            continue;
        size_t d = nearness(given, glen, name, most);
        if (d < best) {
            best = d;
            count = 1;
        } else if (d == best) {
            count++;
        }
    }
    if (best > most || count > MOST_SHOWN)
        return NULL;
    text t = {0};
    put(&t, "did you mean ");
    size_t shown = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = list(i);
        if (!name || nearness(given, glen, name, most) != best)
            continue;
        if (shown)
            put(&t, shown + 1 == count ? " or " : ", ");
        put(&t, "'");
        put(&t, prefix);
        put(&t, name);
        put(&t, "'");
        shown++;
    }
    put(&t, "?");
    return done(&t);
}

static const char *option_at(size_t i) { return opt_rows[i].name; }

char *usage_suggest_option(const char *name, size_t len, const char *prefix) {
    return suggest(name, len, option_at, sizeof opt_rows / sizeof *opt_rows,
                   prefix);
}

char *usage_with_hint(const char *t, const char *hint) {
    size_t len = strlen(t), at = len;
    if (hint && len && t[len - 1] == ')') {
        /* the '(' of the closing remark, after a space */
        size_t depth = 0, k = len;
        while (k > 0) {
            k--;
            if (t[k] == ')')
                depth++;
            else if (t[k] == '(' && --depth == 0)
                break;
        }
        if (depth == 0 && k > 0 && t[k - 1] == ' ')
            at = k - 1;
    }
    text out = {0};
    put_n(&out, t, at);
    if (hint) {
        put(&out, "; ");
        put(&out, hint);
    }
    put(&out, t + at);
    return done(&out);
}

/* --- messages and rules ------------------------------------------------------ */

/* The number that s is, all digits; 0 when it is none (or too large to
 * be a message's). */
static int number_of(const char *s) {
    if (!*s)
        return 0;
    long v = 0;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s) || v >= SGFT_MAX_MSG)
            return 0;
        v = v * 10 + (*s - '0');
    }
    return v < SGFT_MAX_MSG ? (int)v : 0;
}

int usage_message(const char *name) {
    const char *p = name;
    if (p[0] && strchr("IWEFiwef", p[0]) && isdigit((unsigned char)p[1]))
        p++;
    if (isdigit((unsigned char)*p)) {
        int n = number_of(p);
        return n && sgft_msg_known(n) ? n : 0;
    }
    for (int n = 1; n < SGFT_MAX_MSG; n++)
        if (sgft_msg_known(n) && same_name(sgft_msg_key(n), name))
            return n;
    return 0;
}

long usage_rule(const char *name) {
    for (size_t i = 0; i < sgft_rule_count(); i++)
        if (same_name(sgft_rule_key(i), name))
            return (long)i;
    return -1;
}

/* The keys of the messages, then the keys of the rules. */
static const char *key_at(size_t i) {
    if (i < SGFT_MAX_MSG)
        return sgft_msg_known((int)i) ? sgft_msg_key((int)i) : NULL;
    return sgft_rule_key(i - SGFT_MAX_MSG);
}

char *usage_unknown_name(const char *name, bool rules) {
    text t = {0};
    /* a number is no name mistyped */
    const char *p = name;
    if (p[0] && strchr("IWEFiwef", p[0]) && isdigit((unsigned char)p[1]))
        p++;
    if (isdigit((unsigned char)*p)) {
        put(&t, "no message has the number ");
        put(&t, p);
    } else {
        put(&t, rules ? "names no message or rule" : "names no message");
        char *hint = suggest(name, strlen(name), key_at,
                             SGFT_MAX_MSG + (rules ? sgft_rule_count() : 0),
                             "");
        if (hint) {
            put(&t, "; ");
            put(&t, hint);
            free(hint);
        }
    }
    return done(&t);
}

typedef struct seen_sev {
    sgft_severity sev;
} seen_sev;

static void catch_sev(const sgft_diag *d, void *data) {
    ((seen_sev *)data)->sev = d->severity;
}

bool usage_fatal(int n) {
    seen_sev s = {SGFT_INFO};
    sgft_ctx *ctx = sgft_ctx_new(NULL, catch_sev, &s);
    if (!ctx)
        return false;
    sgft_report(ctx, n, NULL);
    sgft_ctx_free(ctx);
    return s.sev == SGFT_FATAL;
}

/* A message named to be silenced: off[n], or why not. */
static char *silence_message(int n, bool off[SGFT_MAX_MSG]) {
    if (usage_fatal(n)) {
        text t = {0};
        put(&t, "message ");
        put_long(&t, n);
        put(&t, " is a fatal error, which cannot be disabled");
        return done(&t);
    }
    off[n] = true;
    return NULL;
}

int usage_silence(const char *value, bool off[SGFT_MAX_MSG], char **why) {
    bool several = strchr(value, ',') != NULL;
    *why = NULL;
    for (const char *p = value;;) {
        size_t k = strcspn(p, ",");
        char *name = malloc(k + 1);
        if (!name)
            return -1;
        memcpy(name, p, k);
        name[k] = '\0';
        bool refused = true;
        int n = usage_message(name);
        long r = n ? -1 : usage_rule(name);
        if (n) {
            *why = silence_message(n, off);
            refused = !off[n];
        } else if (r >= 0) {
            for (size_t j = 0; sgft_rule_message((size_t)r, j); j++) {
                int m = sgft_rule_message((size_t)r, j);
                if (!usage_fatal(m))
                    off[m] = true;
            }
            refused = false;
        } else {
            *why = usage_unknown_name(name, true);
        }
        if (*why && several) {
            /* which of the names it is */
            text t = {0};
            put(&t, "'");
            put(&t, name);
            put(&t, "': ");
            put(&t, *why);
            free(*why);
            *why = done(&t);
        }
        free(name);
        if (refused)
            return -1;
        if (!p[k])
            return 0;
        p += k + 1;
    }
}

bool usage_has_values(const char *option) {
    text t = {0};
    bool has = put_valid(&t, option);
    free(t.s);
    return has;
}

/* --- --list-rules ---------------------------------------------------------- */

/* s as a JSON string. */
static void put_json(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20)
            printf("\\u%04x", ch);
        else
            putchar(ch);
    }
    putchar('"');
}

/* The columns the text may fill: the terminal's, 80 at most (and when
 * standard output is no terminal). */
static int list_width(void) {
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
        ws.ws_col > 0 && ws.ws_col < 80)
        return ws.ws_col;
    return 80;
}

void usage_list_rules(bool json) {
    enum { KEY = 19, SCOPE = 10, INDENT = KEY + 1 + SCOPE + 1 };
    int width = list_width();
    for (size_t i = 0; i < sgft_rule_count(); i++) {
        if (json) {
            printf("{\"name\":");
            put_json(sgft_rule_key(i));
            printf(",\"order\":%zu,\"scope\":", i + 1);
            put_json(sgft_scope_name(sgft_rule_scope(i)));
            printf(",\"messages\":[");
            for (size_t j = 0; sgft_rule_message(i, j); j++)
                printf("%s%d", j ? "," : "", sgft_rule_message(i, j));
            printf("],\"description\":");
            put_json(sgft_rule_text(i));
            printf("}\n");
            continue;
        }
        text t = {0};
        put(&t, sgft_rule_text(i));
        for (size_t j = 0; sgft_rule_message(i, j); j++) {
            put(&t, j ? ", " : sgft_rule_message(i, 1) ? " (messages "
                                                        : " (message ");
            put_long(&t, sgft_rule_message(i, j));
        }
        put(&t, ")");
        char *desc = done(&t);
        int col = printf("%-*s %-*s", KEY, sgft_rule_key(i), SCOPE,
                         sgft_scope_name(sgft_rule_scope(i)));
        if (width - INDENT < 30) {
            /* too narrow for a column: the text below, indented */
            putchar('\n');
            cli_wrap(desc ? desc : sgft_rule_text(i), 0, 4, width);
        } else {
            if (col < INDENT)
                col += printf(" ");
            cli_wrap(desc ? desc : sgft_rule_text(i), col, INDENT, width);
        }
        free(desc);
    }
}

/* --- colours ------------------------------------------------------------------ */

/* An environment variable set to something other than "" and "0". */
static bool env_on(const char *name) {
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

bool usage_colour(int when, bool tty) {
    if (when != 0)
        return when == 1;
    if (env_on("FORCE_COLOR") || env_on("CLICOLOR_FORCE"))
        return true;
    if (!tty)
        return false;
    const char *no = getenv("NO_COLOR"), *clicolor = getenv("CLICOLOR"),
               *term = getenv("TERM");
    return !(no && *no) && !(clicolor && strcmp(clicolor, "0") == 0) &&
           !(term && strcmp(term, "dumb") == 0);
}

bool usage_is_folder(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
