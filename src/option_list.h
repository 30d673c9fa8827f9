/* option_list.h - every option, of the library and of the command: one
 * line each, in the order of sgftidy --help.
 *
 * Included several times (X-macro), so that the library's options, the
 * command line's table and --help come from one place and cannot drift
 * apart:
 *
 *   OPTION(id, letter, long name, argument, argument name, field, type,
 *          lowest, highest, default, help)
 *       a library option, SGFT_OPT_<id> of include/sgftidy.h: the member
 *       field (of C type type) of struct sgft_options (src/internal.h),
 *       its default, and the range sgft_options_set accepts (a yes/no
 *       option: bool, 0 to 1).  src/api.c makes the defaults and
 *       sgft_options_set/get of these rows, and proves at compile time
 *       that they and the public enum agree.
 *   COMMAND(id, letter, long name, argument, argument name, help)
 *       an option of the command alone, which cli/main.c handles.
 *
 * The library reads only the columns of its own.  For the command
 * (cli/opt_list.h, cli/main.c): letter 0 is a long option only.
 * Arguments: A_NONE; A_NUM (digits, chained as SGFC does: -d20); A_ID
 * (uppercase letters: -yMA); A_STR (long option only, --name=value);
 * A_OPT (an optional argument, long option only: --name or
 * --name=value; the letter takes none).  A library option given on the
 * command line sets its value to 1 (A_NONE) or to its argument.
 *
 * A new option is one line here, the code that reads its field (or, for
 * COMMAND, its case in cli/main.c) and its entry in man/sgftidy.1; a
 * library option also gets its SGFT_OPT_ value at the end of the public
 * enum (the compile-time check names a value that has no line here).
 */
OPTION(FIND_START, 'b', "find-start", A_NUM, "1|2|3", find_start, sgft_find_start, 1, 3, SGFT_START_HEURISTIC, "how the start of the SGF data is found: 1 heuristic (default), 2 first '(;', 3 first '('")
OPTION(WRITE_CRITICAL, 'c', "write-critical", A_NONE, "", write_critical, bool, 0, 1, 0, "write the output even if critical messages occurred")
COMMAND(DISABLE, 'd', "disable", A_NUM, "N", "do not report message N: a number (35, W35), a key (UNKNOWN_PROP, any case) or a rule of --list-rules (all its messages); comma-separated, repeatable; fatal errors cannot be disabled")
OPTION(EXPAND, 'e', "expand", A_NONE, "", expand, bool, 0, 1, 0, "write point lists expanded, one point per value")
OPTION(ENCODING_MODE, 'E', "encoding-mode", A_NUM, "1|2|3", encoding_mode, int, 1, 3, 1, "1 decode the input before parsing (default), 2 decode the values of each game tree in its own charset, 3 no decoding (bytes kept, CA kept)")
OPTION(SIGNATURE, 'g', "signature", A_OPT, "FORM", signature, int, 0, 2, 0, "report the game signature of each game tree (information message 102); FORM sgfc (default, as SGFC) or symmetric (the same for the game turned or mirrored)")
COMMAND(HELP, 'h', "help", A_NONE, "", "print this help and exit")
COMMAND(INTERACTIVE, 'i', "interactive", A_NONE, "", "ask on the terminal what to do with game-info values that cannot be repaired")
OPTION(KEEP_HEADER, 'k', "keep-header", A_NONE, "", keep_header, bool, 0, 1, 0, "keep the text before the SGF data in the output")
OPTION(LINEBREAKS, 'l', "linebreaks", A_NUM, "1-4", linebreaks, sgft_linebreaks, 1, 4, SGFT_LB_HARD, "how line breaks in texts are read: 1 all hard (default), 2 soft after a space, 3 single = space, 4 single = space, blank lines kept")
OPTION(NODE_BREAKS, 'L', "node-linebreaks", A_NONE, "", node_breaks, bool, 0, 1, 0, "end output lines at node boundaries where possible")
OPTION(DELETE_MOVE_MARKUP, 'm', "delete-move-markup", A_NONE, "", delete_move_markup, bool, 0, 1, 0, "delete markup (MA, TR, CR, SQ, SL) on the point of the move of the node")
OPTION(DELETE_EMPTY_NODES, 'n', "delete-empty-nodes", A_NONE, "", delete_empty_nodes, bool, 0, 1, 0, "delete empty nodes (not the root, nor a node with siblings and several children)")
OPTION(DELETE_OBSOLETE, 'o', "delete-obsolete", A_NONE, "", delete_obsolete, bool, 0, 1, 0, "delete obsolete properties (L, M and KI are converted in any case)")
OPTION(PASS_TT, 'p', "pass-tt", A_NONE, "", pass_tt, bool, 0, 1, 0, "write passes as [tt] on boards up to 19x19")
COMMAND(QUIET, 'q', "quiet", A_NONE, "", "print no status lines")
OPTION(STRICT, 'r', "strict", A_NONE, "", strict, bool, 0, 1, 0, "restrictive checking: W/r warnings become errors; more trees, handicap, setup and colour checks")
OPTION(SPLIT, 's', "split", A_NONE, "", split, bool, 0, 1, 0, "write each game tree into a file of its own: OUTFILE_001.sgf, ...")
OPTION(NO_SOFT_BREAKS, 't', "no-soft-breaks", A_NONE, "", no_soft_breaks, bool, 0, 1, 0, "insert no soft line breaks into texts")
OPTION(DELETE_UNKNOWN, 'u', "delete-unknown", A_NONE, "", delete_unknown, bool, 0, 1, 0, "delete unknown properties")
COMMAND(UTF8_DEFAULT, 'U', "utf8-default", A_NONE, "", "same as --default-encoding=UTF-8")
OPTION(FIX_VARIATIONS, 'v', "fix-variations", A_NONE, "", fix_variations, bool, 0, 1, 0, "correct sibling-style variations (Go), move moves out of root nodes")
OPTION(FIX_HANDICAP, 0, "fix-handicap", A_NONE, "", fix_handicap, bool, 0, 1, 0, "handicap stones given as black moves or as setup after the root become AB in the root, with PL[W]")
OPTION(SHORT_RANKS, 0, "short-ranks", A_NONE, "", short_ranks, bool, 0, 1, 0, "write BR and WR ranks in words in the short form where the words say amateur or professional: 职业九段 9p, 3級 3k, 5 dan (amateur) 5d; 九段 alone is kept (message 137)")
OPTION(NO_WARNINGS, 'w', "no-warnings", A_NONE, "", no_warnings, bool, 0, 1, 0, "do not report warnings")
COMMAND(DELETE_PROP, 'y', "delete", A_ID, "ID", "delete property ID (repeatable)")
OPTION(REVERSE_VARIATIONS, 'z', "reverse-variations", A_NONE, "", reverse_variations, bool, 0, 1, 0, "reverse the order of variations (at most 100 at one node)")
COMMAND(OVERWRITE, 0, "overwrite", A_NONE, "", "with INFILE OUTFILE: write OUTFILE even when it is an SGF record of other games than INFILE, not an earlier output of it (message 111)")
COMMAND(CHECK, 0, "check", A_NONE, "", "batch: check every PATH (files, or folders of game records), write nothing")
COMMAND(IN_PLACE, 0, "in-place", A_NONE, "", "batch: rewrite every PATH in place (atomically)")
COMMAND(OUTDIR, 0, "outdir", A_STR, "DIR", "batch: write the cleaned copy of every PATH under DIR (of -, to standard output)")
COMMAND(JOBS, 'j', "jobs", A_NUM, "N", "batch: check and write N files at a time, in N threads (default 1; 0: one per processor); the output is the same as with one")
COMMAND(DUPLICATES, 0, "duplicates", A_NONE, "", "batch: list the games of all PATHs that are copies of one game (turned, mirrored, colours swapped, cut short); writes nothing")
COMMAND(RECURSIVE, 'R', "recursive", A_NONE, "", "batch: take the game records of subfolders too, but for hidden ones (a name that begins with '.') below the paths given")
COMMAND(EXTENSIONS, 0, "extensions", A_STR, "LIST", "batch: the endings of the file names taken from folders, comma-separated (default sgf,gib,ngf,ugf,ugi; with --in-place sgf)")
COMMAND(EXCLUDE, 0, "exclude", A_STR, "GLOB", "batch: leave out the files and folders of the walk that GLOB matches (fnmatch(3); a GLOB with a '/' matches the path, without a leading ./, else the last name); repeatable; never a path given, but the NAME of --stdin-filename")
COMMAND(SHOW_OK, 0, "show-ok", A_NONE, "", "batch: print the status line of every file (FILE: OK), also of those with no message and nothing written or changed, which a batch leaves out")
COMMAND(STATISTICS, 0, "statistics", A_NONE, "", "after the run, the count of each message that occurred, the most frequent first: a line each (count, code, key, text), with --format=json a record; not with sarif, gitlab or checkstyle")
COMMAND(STDIN_FILENAME, 0, "stdin-filename", A_STR, "NAME", "name standard input (-) NAME in messages and status lines, and look up its configuration file from the folder of NAME; a NAME that --exclude leaves out is passed through unchanged, and nothing is reported")
COMMAND(LIST_RULES, 0, "list-rules", A_NONE, "", "print the rules of the checks, in the order they run, and exit (with --format=json: JSON lines)")
COMMAND(VERSION, 0, "version", A_NONE, "", "print the version and exit")
COMMAND(COMPLETION, 0, "completion", A_STR, "SHELL", "print the completion script of SHELL (bash, zsh or fish) from this table of options, and exit")
COMMAND(FORMAT, 0, "format", A_STR, "FORM", "diagnostics as: default or text (FILE:LINE:COL: ...), sgfc, json, sarif, github, gitlab, checkstyle, junit; auto: github in GitHub Actions (GITHUB_ACTIONS=true), else default")
COMMAND(OUTPUT_FILE, 0, "output-file", A_STR, "FILE", "write the diagnostics (the report of any --format, with the status and summary lines) to FILE instead of standard error, atomically (complete or not at all), also after a usage error; - is standard output; FILE may not be one of the files of the run")
COMMAND(REPORT, 0, "report", A_STR, "FILE", "also write an HTML page of the run to FILE, atomically (the diagnostics go on as before): totals, the count of each message with its explanation, a table of the files, worst first, that sorts and filters, their messages and boards of their faults in Go games; one self-contained file, the same bytes for the same run; FILE may not be one of the files of the run")
COMMAND(REPORT_BOARDS, 0, "report-boards", A_NUM, "N", "with --report: a board of the position for each of the first N faults at nodes of Go games of a file (default 3; 0: no boards)")
COMMAND(REPORT_FILES, 0, "report-files", A_NUM, "M", "with --report: boards only in the M worst files that have any (default 100)")
COMMAND(REPORT_TIME, 0, "report-time", A_NONE, "", "with --report: the seconds of the run among the totals (the page then differs from run to run)")
COMMAND(MUTE, 0, "mute", A_STR, "KEY", "do not report the message with this key, e.g. UNKNOWN_PROP; takes what -d takes (repeatable)")
OPTION(SUPERKO, 0, "superko", A_NONE, "", superko, bool, 0, 1, 0, "Go: report a move that repeats a whole-board position of its line (positional superko, message 123)")
OPTION(LINE_WIDTH, 0, "width", A_STR, "N", line_width, unsigned, 20, 1000000, 76, "output line width (default 76, at least 20)")
OPTION(PARSE_ONLY, 0, "parse-only", A_NONE, "", parse_only, bool, 0, 1, 0, "only read the syntax: report syntax faults, check and write nothing")
OPTION(DUMP_TREE, 0, "dump-tree", A_NONE, "", dump_tree, bool, 0, 1, 0, "write a plain listing of the parsed content instead of SGF (for tests)")
COMMAND(ENCODING, 0, "encoding", A_STR, "NAME", "read the input in charset NAME, whatever CA says")
COMMAND(DEF_ENCODING, 0, "default-encoding", A_STR, "NAME", "charset of game trees without CA (before detection)")
COMMAND(LIST_DIFFERENT, 0, "list-different", A_NONE, "", "print the path of each file that is not in the normalized form, one a line (quoted when it holds a control character); write nothing (exit status at least 1 when any); machine formats give each warning 152")
COMMAND(DIFF, 0, "diff", A_NONE, "", "print a unified diff of each file against its normalized form (patch -p0); write nothing")
COMMAND(COLOR, 0, "color", A_STR, "WHEN", "colour diagnostics and diffs: auto (on a terminal, default; NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE), always, never")
COMMAND(FAIL_ON, 0, "fail-on", A_STR, "LEVEL", "the lowest level that makes the exit status non-zero: info, warning (default), error, critical")
COMMAND(EXPLAIN, 0, "explain", A_STR, "N", "print what message N (a number, W35, or a key) or a rule means, with an example, and exit")
COMMAND(FILES_FROM, 0, "files-from", A_STR, "FILE", "batch: read the paths from FILE ('-' standard input), one a line")
COMMAND(NULL_SEP, '0', "null", A_NONE, "", "with --files-from: paths end with a NUL byte (find -print0)")
OPTION(STRIP_ANALYSIS, 0, "strip-analysis", A_NONE, "", strip_analysis, bool, 0, 1, 0, "delete the analysis that programs such as Lizzie, KaTrain, Sabaki, q5Go and GoReviewPartner store in their own properties, and KaTrain's text in comments (messages 140, 141)")
OPTION(STRIP_TIMES, 0, "strip-times", A_NONE, "", strip_times, bool, 0, 1, 0, "delete the clock of the moves: the time and the moves left (BL, WL, OB, OW), counted per game tree (message 144)")
COMMAND(NO_CONFIG, 0, "no-config", A_NONE, "", "read no .sgftidy configuration file")
