/* durable.c - the threads of a batch's durability (sgftidy(1), FILES):
 * one puts the groups of replacements in place (their sync, their
 * renames, the syncs of their folders) while the batch goes on with the
 * next files, the others close the old files the groups held open,
 * since closing the last descriptor of a file that has no name any more
 * frees its blocks, and a file system may wait there for the disk (to
 * discard them): several closes at once overlap their waits.  The work
 * itself is the library's (sgft_outputs_work); where a thread cannot be
 * started, the library does that work in the call that hands it over. */
#include "config.h"

#include "cli.h"

#include <signal.h>
#include <string.h>

/* The closers: the wait for the disk is most of a close, and the disk
 * takes the discards of several files at once. */
#define CLOSERS 4

static void *groups_main(void *arg) {
    sgft_outputs_work(arg, SGFT_WORK_GROUPS);
    return NULL;
}

static void *closes_main(void *arg) {
    sgft_outputs_work(arg, SGFT_WORK_CLOSES);
    return NULL;
}

void durable_start(durable *d, sgft_outputs *outs) {
    memset(d, 0, sizeof *d);
    d->outs = outs;
    /* The threads take no signal: the handlers that end the run, and
     * remove the temporary files, run in the threads of the batch. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    if (pthread_create(&d->threads[0], NULL, groups_main, outs) == 0) {
        d->started = 1;
        while (d->started < 1 + CLOSERS &&
               pthread_create(&d->threads[d->started], NULL, closes_main,
                              outs) == 0)
            d->started++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void durable_stop(durable *d) {
    if (!d->started)
        return;
    sgft_outputs_stop(d->outs);
    for (unsigned i = 0; i < d->started; i++)
        pthread_join(d->threads[i], NULL);
    d->started = 0;
}
