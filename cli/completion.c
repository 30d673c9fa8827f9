/* completion.c - sgftidy --completion=bash|zsh|fish: the completion
 * script of a shell, made from the option table (opt_list.h), so that
 * the scripts name every option the command takes and cannot drift from
 * it.  Values are completed where they are a known list: the formats of
 * the library, the words of --color, --fail-on and --signature, the
 * numbers of -b, -E and -l; paths complete as folders and game records.
 */
#include "cli.h"
#include "usage.h"

#include <stdio.h>
#include <string.h>

typedef enum arg_kind { A_NONE, A_NUM, A_ID, A_STR, A_OPT } arg_kind;

typedef enum opt_id {
#define OPT(id, letter, name, arg, argname, lib, help) C_##id,
#include "opt_list.h"
#undef OPT
    C__COUNT
} opt_id;

typedef struct row {
    char letter;
    arg_kind arg;
    const char *name, *argname, *help;
} row;

static const row rows[C__COUNT] = {
#define OPT(id, letter, name, arg, argname, lib, help)                        \
    {letter, arg, name, argname, help},
#include "opt_list.h"
#undef OPT
};

/* The endings of game records, as a shell pattern's alternatives. */
#define RECORD_ALT "sgf|SGF|gib|GIB|ngf|NGF|ugf|UGF|ugi|UGI"
#define RECORD_CASE "*.sgf|*.SGF|*.gib|*.GIB|*.ngf|*.NGF|*.ugf|*.UGF|*.ugi|*.UGI"

typedef enum value_kind { V_NONE, V_WORDS, V_DIR, V_FILE, V_ANY } value_kind;

/* The words an option's value is one of, space-separated, into buf;
 * or what kind of value it takes otherwise. */
static value_kind values(int id, char *buf, size_t size) {
    const row *r = &rows[id];
    buf[0] = '\0';
    if (r->arg == A_NONE)
        return V_NONE;
    switch (id) {
    case C_FORMAT: {
        size_t n = 0;
        const char *name;
        for (int f = 0; (name = sgft_format_name((sgft_format)f)) && n < size; f++)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", f ? " " : "", name);
        /* the other names main.c reads */
        if (n < size)
            snprintf(buf + n, size - n, " auto text");
        return V_WORDS;
    }
    case C_COLOR:
    case C_FAIL_ON:
    case C_SIGNATURE: {
        /* the words the command line reads (usage.c) */
        const char *const *w = usage_words(r->name);
        size_t n = 0;
        for (int k = 0; w && w[k] && n < size; k++)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", k ? " " : "", w[k]);
        return V_WORDS;
    }
    case C_OUTDIR: return V_DIR;
    case C_FILES_FROM:
    case C_OUTPUT_FILE:
    case C_REPORT: return V_FILE;
    default: break;
    }
    /* "1|2|3" or "1-4": the numbers named. */
    const char *a = r->argname;
    int lo, hi, used = 0;
    if (sscanf(a, "%d-%d%n", &lo, &hi, &used) == 2 && a[used] == '\0' && lo <= hi &&
        hi - lo < 20) {
        size_t n = 0;
        for (int k = lo; k <= hi && n < size; k++)
            n += (size_t)snprintf(buf + n, size - n, "%s%d", k > lo ? " " : "", k);
        return V_WORDS;
    }
    if (strchr(a, '|')) {
        size_t k = 0;
        for (; a[k] && k + 1 < size; k++)
            buf[k] = a[k] == '|' ? ' ' : a[k];
        buf[k] = '\0';
        return V_WORDS;
    }
    return V_ANY;
}

/* The first part of a help text, up to its first ';' or '(' (the
 * description a shell shows beside the name), with the characters that
 * the shells' quoting would take otherwise left out. */
static void describe(FILE *f, const char *help, const char *drop) {
    size_t n = strcspn(help, ";(:");
    while (n && help[n - 1] == ' ')
        n--;
    for (size_t i = 0; i < n; i++)
        if (!strchr(drop, help[i]))
            fputc(help[i], f);
}

static void bash(FILE *f) {
    char v[512];
    fputs("# bash completion of sgftidy (sgftidy --completion=bash)\n"
          "_sgftidy() {\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} opt val\n"
          "    local prev=${COMP_WORDS[COMP_CWORD-1]}\n"
          "    COMPREPLY=()\n"
          "    # --name=value: bash splits it at '=' unless COMP_WORDBREAKS\n"
          "    # has no '='\n"
          "    if [[ $cur == --*=* ]]; then\n"
          "        opt=${cur%%=*} val=${cur#*=}\n"
          "    elif [[ $cur == = && $prev == --* ]]; then\n"
          "        opt=$prev val=\n"
          "    elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then\n"
          "        opt=${COMP_WORDS[COMP_CWORD-2]} val=$cur\n"
          "    fi\n"
          "    if [[ -n $opt ]]; then\n"
          "        case $opt in\n",
          f);
    for (int i = 0; i < C__COUNT; i++) {
        value_kind k = values(i, v, sizeof v);
        if (k == V_NONE || k == V_ANY)
            continue;
        fprintf(f, "        --%s) ", rows[i].name);
        if (k == V_WORDS)
            fprintf(f, "COMPREPLY=($(compgen -W '%s' -- \"$val\")) ;;\n", v);
        else if (k == V_DIR)
            fputs("COMPREPLY=($(compgen -d -- \"$val\")) ;;\n", f);
        else
            fputs("COMPREPLY=($(compgen -f -- \"$val\")) ;;\n", f);
    }
    fputs("        esac\n"
          "        if [[ $cur == --*=* ]]; then\n"
          "            local i\n"
          "            for i in \"${!COMPREPLY[@]}\"; do\n"
          "                COMPREPLY[i]=$opt=${COMPREPLY[i]}\n"
          "            done\n"
          "        fi\n"
          "        return 0\n"
          "    fi\n"
          "    case $cur in\n"
          "    --*)\n"
          "        COMPREPLY=($(compgen -W '",
          f);
    for (int i = 0; i < C__COUNT; i++) {
        fprintf(f, "%s--%s%s", i ? " " : "", rows[i].name,
                rows[i].arg == A_STR ? "=" : "");
        if (rows[i].arg == A_OPT)
            fprintf(f, " --%s=", rows[i].name);
    }
    fputs("' -- \"$cur\"))\n"
          "        [[ ${#COMPREPLY[@]} -eq 1 && $COMPREPLY == *= ]] &&\n"
          "            compopt -o nospace 2>/dev/null\n"
          "        return 0 ;;\n",
          f);
    /* a letter with a number of a known list: -b1 -b2 -b3 */
    for (int i = 0; i < C__COUNT; i++) {
        if (!rows[i].letter || rows[i].arg != A_NUM || values(i, v, sizeof v) != V_WORDS)
            continue;
        fprintf(f, "    -%c*) COMPREPLY=($(compgen -P -%c -W '%s' -- \"${cur#-%c}\")) ;;\n",
                rows[i].letter, rows[i].letter, v, rows[i].letter);
    }
    fputs("    -*)\n"
          "        COMPREPLY=($(compgen -W '",
          f);
    int first = 1;
    for (int i = 0; i < C__COUNT; i++)
        if (rows[i].letter) {
            fprintf(f, "%s-%c", first ? "" : " ", rows[i].letter);
            first = 0;
        }
    fputs("' -- \"$cur\")) ;;\n"
          "    *)\n"
          "        # folders, and files with the ending of a game record\n"
          "        local IFS=$'\\n' f\n"
          "        compopt -o filenames 2>/dev/null\n"
          "        for f in $(compgen -f -- \"$cur\"); do\n"
          "            case $f in\n"
          "            " RECORD_CASE ") COMPREPLY+=(\"$f\") ;;\n"
          "            *) [[ -d $f ]] && COMPREPLY+=(\"$f\") ;;\n"
          "            esac\n"
          "        done ;;\n"
          "    esac\n"
          "    return 0\n"
          "}\n"
          "complete -F _sgftidy sgftidy\n",
          f);
}

/* A word list in zsh's (...) action, or the action for a path. */
static void zsh_action(FILE *f, value_kind k, const char *v, const char *argname) {
    switch (k) {
    case V_WORDS: fprintf(f, ":%s:(%s)", argname, v); break;
    case V_DIR: fprintf(f, ":%s:_files -/", argname); break;
    case V_FILE: fprintf(f, ":%s:_files", argname); break;
    case V_ANY: fprintf(f, ":%s: ", argname); break;
    case V_NONE: break;
    }
}

static void zsh(FILE *f) {
    char v[512];
    fputs("#compdef sgftidy\n"
          "# zsh completion of sgftidy (sgftidy --completion=zsh)\n"
          "_arguments -s -S \\\n",
          f);
    for (int i = 0; i < C__COUNT; i++) {
        const row *r = &rows[i];
        value_kind k = values(i, v, sizeof v);
        /* the long name */
        fprintf(f, "  '--%s%s[", r->name,
                r->arg != A_NONE ? "=-" : "");
        describe(f, r->help, "[]'\\`$");
        fputc(']', f);
        if (r->arg == A_OPT)
            fputc(':', f); /* an optional value: "::" */
        zsh_action(f, k, v, r->argname);
        fputs("' \\\n", f);
        /* the letter: its number or name in the same word (-d20) */
        if (r->letter) {
            fprintf(f, "  '*-%c%s[", r->letter, r->arg == A_NUM || r->arg == A_ID ? "-" : "");
            describe(f, r->help, "[]'\\`$");
            fputc(']', f);
            if (r->arg == A_NUM || r->arg == A_ID)
                zsh_action(f, k, v, r->argname);
            fputs("' \\\n", f);
        }
    }
    fputs("  '*:game record or folder:_files -g \"*.(" RECORD_ALT ")(-.)\"'\n", f);
}

static void fish(FILE *f) {
    char v[512];
    fputs("# fish completion of sgftidy (sgftidy --completion=fish)\n"
          "complete -c sgftidy -f -a '(__fish_complete_suffix .sgf; "
          "__fish_complete_suffix .gib; __fish_complete_suffix .ngf; "
          "__fish_complete_suffix .ugf; __fish_complete_suffix .ugi)'\n",
          f);
    for (int i = 0; i < C__COUNT; i++) {
        const row *r = &rows[i];
        value_kind k = values(i, v, sizeof v);
        fprintf(f, "complete -c sgftidy -l %s", r->name);
        if (r->letter)
            fprintf(f, " -s %c", r->letter);
        fputs(" -d '", f);
        describe(f, r->help, "'\\");
        fputc('\'', f);
        switch (k) {
        case V_WORDS: fprintf(f, " -x -a '%s'", v); break;
        case V_DIR: fputs(" -x -a '(__fish_complete_directories)'", f); break;
        case V_FILE: fputs(" -r -F", f); break;
        case V_ANY: fputs(" -x", f); break;
        case V_NONE: break;
        }
        fputc('\n', f);
    }
}

int cli_completion(const char *shell);
int cli_completion(const char *shell) {
    if (strcmp(shell, "bash") == 0)
        bash(stdout);
    else if (strcmp(shell, "zsh") == 0)
        zsh(stdout);
    else if (strcmp(shell, "fish") == 0)
        fish(stdout);
    else
        return -1;
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
}
