/* report_list.h - the output formats of diagnostics: one line each.
 *
 * Included several times (X-macro):
 *
 *   FORMAT(id, reporter)
 *       SGFT_FORMAT_<id> of include/sgftidy.h, printed by the reporter
 *       sgft__reporter_<reporter>, defined in report_<reporter>.c with
 *       its name for --format (src/report.h says what a reporter is).
 *
 * A new format is one line here, its file (and its line in
 * Makefile.am), its value at the end of the public enum sgft_format
 * (src/report.c proves at compile time that the two agree), and its
 * documentation: the man page, --help (src/option_list.h) and README.
 */
FORMAT(TEXT, text)
FORMAT(SGFC, sgfc)
FORMAT(JSON, json)
FORMAT(SARIF, sarif)
FORMAT(GITHUB, github)
FORMAT(GITLAB, gitlab)
FORMAT(CHECKSTYLE, checkstyle)
FORMAT(JUNIT, junit)
