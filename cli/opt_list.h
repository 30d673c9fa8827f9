/* opt_list.h - the command-line options: one line per option.
 *
 * Included by main.c several times (X-macro): the parser, --help and the
 * option tests all read these lines, so help and behaviour agree.
 *
 *   OPT(id, letter, long name, argument, argument name, state, library
 *       option, help)
 *
 * letter 0: long option only.  Arguments: A_NONE; A_NUM (digits, chained
 * as SGFC does: -d20); A_ID (uppercase letters: -yMA); A_STR (long option
 * only, --name=value); A_OPT (an optional argument, long option only:
 * --name or --name=value; the letter takes none).  State: S_OK works; S_LATER is refused with
 * message 100 until it is implemented.  Library option: the sgft_option
 * the option sets (a yes/no option to 1, a number to its argument), or 0
 * when main.c handles it.
 */
OPT(FIND_START,   'b', "find-start",      A_NUM,  "1|2|3", S_OK, SGFT_OPT_FIND_START,    "how the start of the SGF data is found: 1 heuristic (default), 2 first '(;', 3 first '('")
OPT(CRITICAL,     'c', "write-critical",  A_NONE, "",      S_OK, SGFT_OPT_WRITE_CRITICAL,    "write the output even if critical messages occurred")
OPT(DISABLE,      'd', "disable",         A_NUM,  "N",     S_OK, 0,    "do not report message number N (repeatable; fatal errors cannot be disabled)")
OPT(EXPAND,       'e', "expand",          A_NONE, "",      S_OK, SGFT_OPT_EXPAND,    "write point lists expanded, one point per value")
OPT(ENCODING_MODE,'E', "encoding-mode",   A_NUM,  "1|2|3", S_OK, SGFT_OPT_ENCODING_MODE,    "1 decode the input before parsing (default), 2 decode the values of each game tree in its own charset, 3 no decoding (bytes kept, CA kept)")
OPT(SIGNATURE,    'g', "signature",       A_OPT,  "FORM",  S_OK, SGFT_OPT_SIGNATURE,    "report the game signature of each game tree (information message 102); FORM sgfc (default, as SGFC) or symmetric (the same for the game turned or mirrored)")
OPT(HELP,         'h', "help",            A_NONE, "",      S_OK, 0,    "print this help and exit")
OPT(INTERACTIVE,  'i', "interactive",     A_NONE, "",      S_OK, 0,    "ask on the terminal what to do with game-info values that cannot be repaired")
OPT(KEEP_HEADER,  'k', "keep-header",     A_NONE, "",      S_OK, SGFT_OPT_KEEP_HEADER,    "keep the text before the SGF data in the output")
OPT(LINEBREAKS,   'l', "linebreaks",      A_NUM,  "1-4",   S_OK, SGFT_OPT_LINEBREAKS,    "how line breaks in texts are read: 1 all hard (default), 2 soft after a space, 3 single = space, 4 single = space, blank lines kept")
OPT(NODE_BREAKS,  'L', "node-linebreaks", A_NONE, "",      S_OK, SGFT_OPT_NODE_BREAKS,    "end output lines at node boundaries where possible")
OPT(DEL_MARKUP,   'm', "delete-move-markup", A_NONE, "",   S_OK, SGFT_OPT_DELETE_MOVE_MARKUP,   "delete markup (MA, TR, CR, SQ, SL) on the point of the move of the node")
OPT(DEL_EMPTY,    'n', "delete-empty-nodes", A_NONE, "",   S_OK, SGFT_OPT_DELETE_EMPTY_NODES,   "delete empty nodes (not the root, nor a node with siblings and several children)")
OPT(DEL_OBSOLETE, 'o', "delete-obsolete", A_NONE, "",      S_OK, SGFT_OPT_DELETE_OBSOLETE,    "delete obsolete properties (L, M and KI are converted in any case)")
OPT(PASS_TT,      'p', "pass-tt",         A_NONE, "",      S_OK, SGFT_OPT_PASS_TT,    "write passes as [tt] on boards up to 19x19")
OPT(QUIET,        'q', "quiet",           A_NONE, "",      S_OK, 0,    "print no status lines")
OPT(STRICT,       'r', "strict",          A_NONE, "",      S_OK, SGFT_OPT_STRICT,    "restrictive checking: W/r warnings become errors; more trees, handicap, setup and colour checks")
OPT(SPLIT,        's', "split",           A_NONE, "",      S_OK, SGFT_OPT_SPLIT,    "write each game tree into a file of its own: OUTFILE_001.sgf, ...")
OPT(NO_SOFT,      't', "no-soft-breaks",  A_NONE, "",      S_OK, SGFT_OPT_NO_SOFT_BREAKS,    "insert no soft line breaks into texts")
OPT(DEL_UNKNOWN,  'u', "delete-unknown",  A_NONE, "",      S_OK, SGFT_OPT_DELETE_UNKNOWN,    "delete unknown properties")
OPT(UTF8_DEFAULT, 'U', "utf8-default",    A_NONE, "",      S_OK, 0,    "same as --default-encoding=UTF-8")
OPT(VARIATIONS,   'v', "fix-variations",  A_NONE, "",      S_OK, SGFT_OPT_FIX_VARIATIONS,    "correct sibling-style variations (Go), move moves out of root nodes")
OPT(FIX_HANDICAP,   0,  "fix-handicap",    A_NONE, "",      S_OK, SGFT_OPT_FIX_HANDICAP,    "handicap stones given as black moves or as setup after the root become AB in the root, with PL[W]")
OPT(SHORT_RANKS,    0,  "short-ranks",     A_NONE, "",      S_OK, SGFT_OPT_SHORT_RANKS,    "write BR and WR ranks in words in the short form where the words say amateur or professional: 职业九段 9p, 3級 3k, 5 dan (amateur) 5d; 九段 alone is kept (message 137)")
OPT(NO_WARNINGS,  'w', "no-warnings",     A_NONE, "",      S_OK, SGFT_OPT_NO_WARNINGS,    "do not report warnings")
OPT(DELETE_PROP,  'y', "delete",          A_ID,   "ID",    S_OK, 0,    "delete property ID (repeatable)")
OPT(REVERSE,      'z', "reverse-variations", A_NONE, "",   S_OK, SGFT_OPT_REVERSE_VARIATIONS,   "reverse the order of variations (at most 100 at one node)")
OPT(OVERWRITE,      0,  "overwrite",       A_NONE, "",      S_OK, 0,    "with INFILE OUTFILE: write OUTFILE even when it is an SGF record of other games than INFILE, not an earlier output of it (message 111)")
OPT(CHECK,          0,  "check",           A_NONE, "",      S_OK, 0,    "batch: check every PATH (files, or folders of .sgf files), write nothing")
OPT(IN_PLACE,       0,  "in-place",        A_NONE, "",      S_OK, 0,    "batch: rewrite every PATH in place (atomically)")
OPT(OUTDIR,         0,  "outdir",          A_STR,  "DIR",   S_OK, 0,    "batch: write the cleaned copy of every PATH under DIR (of -, to standard output)")
OPT(JOBS,         'j', "jobs",            A_NUM,  "N",     S_OK,   0,    "batch: check and write N files at a time, in N threads (default 1; 0: one per processor); the output is the same as with one")
OPT(DUPLICATES,     0,  "duplicates",      A_NONE, "",      S_OK, 0,    "batch: list the games of all PATHs that are copies of one game (turned, mirrored, colours swapped, cut short); writes nothing")
OPT(RECURSIVE,    'R', "recursive",       A_NONE, "",      S_OK, 0,    "batch: take the .sgf files of subfolders too")
OPT(LIST_RULES,    0,  "list-rules",      A_NONE, "",      S_OK, 0,    "print the rules of the checks, in the order they run, and exit")
OPT(VERSION,       0,  "version",         A_NONE, "",      S_OK, 0,    "print the version and exit")
OPT(FORMAT,        0,  "format",          A_STR,  "FORM",  S_OK, 0,    "diagnostics as: default (FILE:LINE:COL: ...), sgfc, json, sarif, github, gitlab")
OPT(MUTE,          0,  "mute",            A_STR,  "KEY",   S_OK, 0,    "do not report the message with this key, e.g. UNKNOWN_PROP (repeatable)")
OPT(SUPERKO,       0,  "superko",         A_NONE, "",      S_OK, SGFT_OPT_SUPERKO,    "Go: report a move that repeats a whole-board position of its line (positional superko, message 123)")
OPT(WIDTH,         0,  "width",           A_STR,  "N",     S_OK, SGFT_OPT_LINE_WIDTH,    "output line width (default 76, at least 20)")
OPT(PARSE_ONLY,    0,  "parse-only",      A_NONE, "",      S_OK, SGFT_OPT_PARSE_ONLY,    "only read the syntax: report syntax faults, check and write nothing")
OPT(DUMP_TREE,     0,  "dump-tree",       A_NONE, "",      S_OK, SGFT_OPT_DUMP_TREE,    "write a plain listing of the parsed content instead of SGF (for tests)")
OPT(ENCODING,      0,  "encoding",        A_STR,  "NAME",  S_OK, 0,    "read the input in charset NAME, whatever CA says")
OPT(DEF_ENCODING,  0,  "default-encoding",A_STR,  "NAME",  S_OK, 0,    "charset of game trees without CA (before detection)")
OPT(LIST_DIFFERENT, 0,  "list-different",  A_NONE, "",      S_OK, 0,    "print the path of each file that is not in the normalized form, one a line (quoted when it holds a control character); write nothing (exit status at least 1 when any)")
OPT(DIFF,          0,  "diff",            A_NONE, "",      S_OK, 0,    "print a unified diff of each file against its normalized form (patch -p0); write nothing")
OPT(COLOR,         0,  "color",           A_STR,  "WHEN",  S_OK, 0,    "colour diagnostics and diffs: auto (on a terminal, default), always, never")
OPT(FAIL_ON,       0,  "fail-on",         A_STR,  "LEVEL", S_OK, 0,    "the lowest level that makes the exit status non-zero: info, warning (default), error, critical")
OPT(EXPLAIN,       0,  "explain",         A_STR,  "N",     S_OK, 0,    "print what message N (a number or a key) means, with an example, and exit")
OPT(FILES_FROM,    0,  "files-from",      A_STR,  "FILE",  S_OK, 0,    "batch: read the paths from FILE ('-' standard input), one a line")
OPT(NULL_SEP,     '0', "null",            A_NONE, "",      S_OK, 0,    "with --files-from: paths end with a NUL byte (find -print0)")
OPT(STRIP_ANALYSIS, 0, "strip-analysis",  A_NONE, "",      S_OK, SGFT_OPT_STRIP_ANALYSIS, "delete the analysis that programs such as Lizzie, KaTrain, Sabaki, q5Go and GoReviewPartner store in their own properties, and KaTrain's text in comments (messages 140, 141)")
OPT(NO_CONFIG,     0,  "no-config",       A_NONE, "",      S_OK, 0,    "read no .sgftidy configuration file")
