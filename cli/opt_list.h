/* opt_list.h - the command-line options: every line of src/option_list.h
 * (the library's options and the command's own), one row each.
 *
 * Included by main.c several times (X-macro): the parser, --help and the
 * option tests all read these rows, so help and behaviour agree.
 *
 *   OPT(id, letter, long name, argument, argument name, library option,
 *       help)
 *
 * Library option: the sgft_option the option sets (a yes/no option to
 * 1, a number to its argument), or 0 when main.c handles it.  The other
 * columns are those of src/option_list.h.
 */
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    OPT(id, letter, name, arg, argname, SGFT_OPT_##id, help)
#define COMMAND(id, letter, name, arg, argname, help)                          \
    OPT(id, letter, name, arg, argname, 0, help)
#include "../src/option_list.h"
#undef OPTION
#undef COMMAND
