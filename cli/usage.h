/* usage.h - what the command tells about its own use (usage.c): the
 * values an option takes, the names closest to a name mistyped, the
 * names of messages and rules that -d, --mute and --explain take,
 * --list-rules, and whether diagnostics get colours. */
#ifndef SGFT_USAGE_H
#define SGFT_USAGE_H

#include "sgftidy.h"

#include <stdbool.h>
#include <stddef.h>

/* The batch modes, as a message that asks for one names them. */
#define BATCH_MODES                                                           \
    "--check, --in-place, --outdir=DIR, --list-different, --diff or "        \
    "--duplicates"

/* --jobs: the most threads asked for. */
#define JOBS_MAX 1024

/* The word arg of an option that takes one of a list of words, named by
 * its long name: "format" (the value is the sgft_format), "color" (0
 * auto, 1 always, 2 never), "fail-on" (0 info to 3 critical),
 * "signature" (1 sgfc, 2 symmetric); -1 for a word not in the list. */
int usage_word(const char *option, const char *arg);
/* The words of "color", "fail-on" and "signature", in the order of
 * their values, NULL-terminated; NULL for another option. */
const char *const *usage_words(const char *option);

/* The detail of message 49 for the option of long name option, as the
 * user spelled it and its argument (e.g. "--format=xml"): spelled, then
 * why when not NULL, else the values the option takes ("valid values
 * are default, sgfc, ..."), when it is known for them.  malloc'd (NULL:
 * out of memory). */
char *usage_bad_value(const char *option, const char *spelled,
                      const char *why);

/* Whether usage_bad_value knows the values of option. */
bool usage_has_values(const char *option);

/* The long options closest to name (len bytes, without "--"), as a
 * hint: "did you mean '--format'?"; prefix goes before each name ("--"
 * on the command line, "" in a configuration file).  malloc'd; NULL
 * when none is close (or out of memory). */
char *usage_suggest_option(const char *name, size_t len, const char *prefix);

/* text with hint (NULL: none) in it: before a remark in parentheses
 * that ends text ("(--help for help)"), else after it, after "; ".
 * malloc'd (NULL: out of memory). */
char *usage_with_hint(const char *text, const char *hint);

/* The message a name of --explain names: its number ("35"), the number
 * after a severity letter ("W35", "e15") or its key in any case, '-'
 * for '_' ("UNKNOWN_PROP", "unknown-prop"); 0 for none. */
int usage_message(const char *name);
/* The rule of --list-rules a name names (any case, '-' for '_'): its
 * index, or -1. */
long usage_rule(const char *name);
/* Why name names nothing, with the closest names (rules too when
 * rules): "names no message; did you mean 'UNKNOWN_PROP'?".  malloc'd
 * (NULL: out of memory). */
char *usage_unknown_name(const char *name, bool rules);

/* -d, --disable, --mute and "mute" of a configuration file: the
 * messages that value names, comma-separated: messages as usage_message
 * takes them, and rules (each the messages it may raise, its fatal ones
 * aside).  Sets off[n] of each message n and returns 0; or -1 when
 * the value is refused (a name that names nothing, a fatal error), with
 * why, malloc'd, in *why (NULL when memory ran out). */
int usage_silence(const char *value, bool off[SGFT_MAX_MSG], char **why);

/* Whether message n is a fatal error. */
bool usage_fatal(int n);

/* --list-rules on standard output: text (wrapped to the terminal, 80
 * columns at most, 80 when it is no terminal) or one JSON object a line. */
void usage_list_rules(bool json);

/* --color (when: 0 auto, 1 always, 2 never) and the environment
 * (FORCE_COLOR, CLICOLOR_FORCE, NO_COLOR, CLICOLOR, TERM): whether a
 * stream gets colours (tty: it is a terminal). */
bool usage_colour(int when, bool tty);

/* Whether path names a folder (following links). */
bool usage_is_folder(const char *path);

#endif
