/* hook.h - the points at which a test build of the program runs a
 * command of the test's, so that a race with another program (a save by
 * rename, a folder swapped for a link) happens at one exact point of a
 * run instead of by chance.  Only the build made for the tests (defined
 * SGFT_TEST_HOOKS: tests/sgftidy-hooked) has them; in the library and
 * the installed program a hook is nothing at all.
 *
 * In the test build, SGFTIDY_HOOK names points (separated by spaces) and
 * SGFTIDY_HOOK_RUN a shell command, run (sh -c) each time the run
 * reaches one of them, with
 * the point's name as $0 and the path it is about as $1; the run waits
 * for the command to end. */
#ifndef SGFT_HOOK_H
#define SGFT_HOOK_H

#ifdef SGFT_TEST_HOOKS
void sgft__hook(const char *point, const char *path);
#define SGFT_HOOK(point, path) sgft__hook(point, path)
#else
#define SGFT_HOOK(point, path) ((void)(point), (void)(path))
#endif

#endif
