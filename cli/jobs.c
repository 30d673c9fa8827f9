/* jobs.c - --jobs: the items of a batch run by worker threads, their
 * results taken in the order of the items.
 *
 * The main thread prepares the items in order (what must be decided in
 * order: options, output paths), hands them to the workers, and finishes
 * them in order (prints what each one recorded), so that the output is
 * the same whatever the number of jobs.  At most a window of items is
 * between preparation and finish: memory stays bounded however long the
 * batch, and a slow item holds back the others by at most the window.
 * With one job nothing runs in another thread: each item is prepared,
 * run and finished before the next. */
#include "cli.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef enum item_state { I_FREE, I_QUEUED, I_RUNNING, I_DONE } item_state;

typedef struct pool {
    const pool_ops *ops;
    unsigned char *slots;
    size_t slot_size, window;
    item_state *state;    /* per slot */
    size_t prepared;      /* items handed out so far (0 .. prepared-1) */
    size_t taken;         /* the workers' next candidate */
    bool stop;
    pthread_mutex_t lock;
    pthread_cond_t work;  /* a worker may find an item */
    pthread_cond_t done;  /* an item is done */
} pool;

static void *slot_of(pool *p, size_t i) {
    return p->slots + (i % p->window) * p->slot_size;
}

static void *worker(void *arg) {
    pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->taken < p->prepared &&
               p->state[p->taken % p->window] != I_QUEUED)
            p->taken++;
        if (p->taken < p->prepared) {
            size_t i = p->taken++;
            p->state[i % p->window] = I_RUNNING;
            pthread_mutex_unlock(&p->lock);
            p->ops->work(p->ops->arg, i, slot_of(p, i));
            pthread_mutex_lock(&p->lock);
            p->state[i % p->window] = I_DONE;
            pthread_cond_signal(&p->done);
            continue;
        }
        if (p->stop)
            break;
        pthread_cond_wait(&p->work, &p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* One job: every item in turn, in this thread. */
static int run_inline(size_t n, const pool_ops *ops, size_t slot_size) {
    void *slot = calloc(1, slot_size);
    if (!slot)
        return -1;
    for (size_t i = 0; i < n; i++) {
        memset(slot, 0, slot_size);
        if (ops->prepare(ops->arg, i, slot) == POOL_RUN)
            ops->work(ops->arg, i, slot);
        ops->finish(ops->arg, i, slot);
    }
    free(slot);
    return 0;
}

/* Waits until item i is done (the main thread holds the lock). */
static void wait_done(pool *p, size_t i) {
    while (p->state[i % p->window] != I_DONE) {
        if (!p->ops->idle) {
            pthread_cond_wait(&p->done, &p->lock);
            continue;
        }
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 200 * 1000000L;
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->done, &p->lock, &t);
        if (p->state[i % p->window] != I_DONE) {
            pthread_mutex_unlock(&p->lock);
            p->ops->idle(p->ops->arg);
            pthread_mutex_lock(&p->lock);
        }
    }
}

int pool_run(size_t n, unsigned jobs, size_t slot_size, const pool_ops *ops) {
    if (jobs > n)
        jobs = (unsigned)n;
    if (jobs <= 1)
        return run_inline(n, ops, slot_size);
    pool p;
    memset(&p, 0, sizeof p);
    p.ops = ops;
    p.slot_size = slot_size;
    p.window = (size_t)jobs * 4;
    p.slots = calloc(p.window, slot_size);
    p.state = calloc(p.window, sizeof *p.state);
    pthread_t *threads = calloc(jobs, sizeof *threads);
    if (!p.slots || !p.state || !threads) {
        free(p.slots);
        free(p.state);
        free(threads);
        return -1;
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.work, NULL);
    pthread_cond_init(&p.done, NULL);
    /* The signals that end the run are taken by the main thread: the
     * workers start with them blocked. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigaddset(&block, SIGQUIT);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    unsigned started = 0;
    while (started < jobs &&
           pthread_create(&threads[started], NULL, worker, &p) == 0)
        started++;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!started) {
        free(p.slots);
        free(p.state);
        free(threads);
        return run_inline(n, ops, slot_size);
    }

    size_t finished = 0;
    bool barrier = false; /* prepare asked for the earlier items first */
    pthread_mutex_lock(&p.lock);
    while (finished < n) {
        while (p.prepared < n && p.prepared - finished < p.window &&
               !barrier) {
            size_t i = p.prepared;
            void *slot = slot_of(&p, i);
            pthread_mutex_unlock(&p.lock);
            memset(slot, 0, slot_size);
            pool_step r = ops->prepare(ops->arg, i, slot);
            pthread_mutex_lock(&p.lock);
            if (r == POOL_AFTER_EARLIER && finished < i) {
                barrier = true;
                break;
            }
            p.state[i % p.window] = r == POOL_RUN ? I_QUEUED : I_DONE;
            p.prepared++;
            if (r == POOL_RUN)
                pthread_cond_signal(&p.work);
        }
        wait_done(&p, finished);
        p.state[finished % p.window] = I_FREE;
        pthread_mutex_unlock(&p.lock);
        ops->finish(ops->arg, finished, slot_of(&p, finished));
        pthread_mutex_lock(&p.lock);
        finished++;
        if (p.taken < finished) /* never back to a slot given again */
            p.taken = finished;
        if (finished == p.prepared)
            barrier = false;
    }
    p.stop = true;
    pthread_cond_broadcast(&p.work);
    pthread_mutex_unlock(&p.lock);
    for (unsigned t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.work);
    pthread_cond_destroy(&p.done);
    free(p.slots);
    free(p.state);
    free(threads);
    return 0;
}

unsigned jobs_default(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}
