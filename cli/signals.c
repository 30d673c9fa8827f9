/* signals.c - a run that a signal ends leaves nothing behind: the
 * handlers of the signals that end it remove the temporary files of its
 * outputs (sgft_outputs_remove_temp_files, async-signal-safe), then the
 * signal takes its usual course (the exit status says which signal it
 * was).  The files being replaced keep their old content.
 *
 * In a batch (signals_defer), the first SIGINT or SIGTERM only says that
 * the run is to end: the batch looks between two files
 * (signals_stopped), closes its report, whose document is then
 * complete (stdio is no business of a handler), and lets the signal take
 * its course (signals_resume).  A second one ends the run at once. */
#include "config.h"

#include "cli.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>

/* The outputs whose temporary files the handlers remove: the program's
 * one, read by a handler at any time. */
static _Atomic(sgft_outputs *) guarded;
/* Whether SIGINT and SIGTERM wait for the batch, and the one that came
 * (0: none). */
static atomic_bool deferring;
static atomic_int stopped;

static void on_fatal_signal(int sig) {
    sgft_outputs_remove_temp_files(atomic_load(&guarded));
    int none = 0;
    if ((sig == SIGINT || sig == SIGTERM) && atomic_load(&deferring) &&
        atomic_compare_exchange_strong(&stopped, &none, sig))
        return;
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_fatal_handlers(void) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    /* A deferred signal returns: the calls it came in go on. */
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
        sigaddset(&sa.sa_mask, sigs[i]);
    /* A signal ignored by the caller (nohup) stays ignored: the handler
     * is set and the old way taken back where it was SIG_IGN, with the
     * signals held meanwhile (one that came is then dropped, as it would
     * have been), in one call a signal rather than two. */
    sigset_t held;
    bool holding = sigprocmask(SIG_BLOCK, &sa.sa_mask, &held) == 0;
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction old;
        if (sigaction(sigs[i], &sa, &old) == 0 && old.sa_handler == SIG_IGN)
            sigaction(sigs[i], &old, NULL);
    }
    if (holding)
        sigprocmask(SIG_SETMASK, &held, NULL);
}

static void on_first_temp_file(void *data) {
    (void)data;
    install_fatal_handlers();
}

/* A batch has the handlers from the start (its threads make files at
 * any time); one file gets them just before the library makes its first
 * temporary file, so that a run that writes no file (a check, an output
 * found up to date) makes none of those system calls.  Before that, a
 * signal's usual course leaves nothing behind either. */
void signals_guard(sgft_outputs *outs, bool now) {
    atomic_store(&guarded, outs);
    if (now)
        install_fatal_handlers();
    else
        sgft_outputs_on_first_temp_file(outs, on_first_temp_file, NULL);
    /* A file-size limit is a write error (27), not the end of the run:
     * from the start, since standard output and the held-back copy of a
     * stream are written without a temporary file. */
    signal(SIGXFSZ, SIG_IGN);
}

void signals_forget(void) { atomic_store(&guarded, NULL); }

void signals_defer(bool on) { atomic_store(&deferring, on); }

int signals_stopped(void) { return atomic_load(&stopped); }

void signals_resume(void) {
    int sig = atomic_load(&stopped);
    if (!sig)
        return;
    atomic_store(&deferring, false);
    signal(sig, SIG_DFL);
    raise(sig);
}
