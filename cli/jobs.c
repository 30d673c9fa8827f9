/* jobs.c - --jobs: the items of a batch run by worker threads, their
 * results taken in the order of the items.
 *
 * The main thread prepares the items in order (what must be decided in
 * order: options, output paths), hands them to the workers, and finishes
 * them in order (prints what each one recorded), so that the output is
 * the same whatever the number of jobs.  It is one of the jobs itself:
 * while the next item to finish is not done, it runs a queued one, so N
 * jobs are N - 1 workers beside it, and no thread waits while another
 * could run.  At most a window of items is between preparation and
 * finish: memory stays bounded however long the batch, and a slow item
 * holds back the others by at most the window.
 * With one job nothing runs in another thread: each item is prepared,
 * run and finished before the next.
 *
 * The workers are started before the batch's paths are listed
 * (pool_new), not when the items are ready: a new thread may wait for
 * the scheduler to move it to an idle processor (on some machines up to
 * a few milliseconds), and it waits while the main thread lists the
 * folders, not while there is work.
 *
 * Each thread has a local pointer of the batch's, handed to every item
 * it runs and kept from item to item and from run to run (the batch
 * keeps a context there, used again for each file): dropped when the
 * thread ends, the main thread's at pool_free. */
/* sched_getcpu, the CPU_ macros and the affinity of threads */
#define _GNU_SOURCE
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef enum item_state { I_FREE, I_QUEUED, I_RUNNING, I_DONE } item_state;

#if defined HAVE_PTHREAD_ATTR_SETAFFINITY_NP && defined HAVE_SCHED_GETCPU
#define PLACE_WORKERS 1
#endif

struct pool {
#ifdef PLACE_WORKERS
    cpu_set_t allowed;    /* the processors the process may run on */
    bool placed;          /* the workers started off the main thread's */
#endif
    const pool_ops *ops;  /* the run's, or NULL between runs */
    void (*drop)(void *local); /* that of the last run's ops */
    void *main_local;     /* the main thread's local pointer */
    pthread_t *threads;
    unsigned started;     /* workers */
    unsigned char *slots;
    size_t slot_size, window;
    item_state *state;    /* per slot */
    size_t prepared;      /* items handed out so far (0 .. prepared-1) */
    size_t taken;         /* the workers' next candidate */
    size_t waiting_for;   /* the item the main thread waits for, or -1 */
    unsigned idle;        /* workers waiting for an item */
    bool stop;
    pthread_mutex_t lock;
    pthread_cond_t work;  /* a worker may find an item */
    pthread_cond_t done;  /* an item is done */
};

static void *slot_of(pool *p, size_t i) {
    return p->slots + (i % p->window) * p->slot_size;
}

/* The next queued item, now running, or -1 when none is queued.  Called
 * locked. */
static size_t take_queued(pool *p) {
    while (p->taken < p->prepared &&
           p->state[p->taken % p->window] != I_QUEUED)
        p->taken++;
    if (p->taken >= p->prepared)
        return (size_t)-1;
    size_t i = p->taken++;
    p->state[i % p->window] = I_RUNNING;
    return i;
}

/* A worker takes a run of queued items in a row, now running, from
 * *first: their number (0 when none is queued).  The lock is shared by
 * every thread, and taken once a run rather than once an item: small
 * files take about as long as the hand-over.  A run is at most a share
 * of the items queued, so that the other jobs find their part.  Called
 * locked. */
#define RUN_MAX 8
static size_t take_run(pool *p, size_t *first) {
    size_t i = take_queued(p);
    if (i == (size_t)-1)
        return 0;
    size_t share = (p->prepared - i) / (2 * ((size_t)p->started + 1)), n = 1;
    if (share > RUN_MAX)
        share = RUN_MAX;
    while (n < share && p->taken < p->prepared &&
           p->state[p->taken % p->window] == I_QUEUED) {
        p->state[p->taken++ % p->window] = I_RUNNING;
        n++;
    }
    *first = i;
    return n;
}

/* A worker takes the queued items in order, a run at a time.  It wakes
 * the main thread (only for an item that thread waits for) after
 * letting go of the lock, which the main thread wants at once when it
 * wakes. */
static void *worker(void *arg) {
    pool *p = arg;
#ifdef PLACE_WORKERS
    /* Started off the main thread's processor (pool_new); from now on it
     * may run on any. */
    if (p->placed)
        (void)pthread_setaffinity_np(pthread_self(), sizeof p->allowed,
                                     &p->allowed);
#endif
    bool wake = false; /* the main thread waits for an item done here */
    void *local = NULL;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        size_t i, n = p->ops ? take_run(p, &i) : 0;
        if (n) {
            pthread_mutex_unlock(&p->lock);
            if (wake)
                pthread_cond_signal(&p->done);
            for (size_t k = 0; k < n; k++)
                p->ops->work(p->ops->arg, i + k, slot_of(p, i + k), &local);
            pthread_mutex_lock(&p->lock);
            for (size_t k = 0; k < n; k++)
                p->state[(i + k) % p->window] = I_DONE;
            wake = p->waiting_for != (size_t)-1 && p->waiting_for >= i &&
                   p->waiting_for < i + n;
            continue;
        }
        if (wake) {
            pthread_mutex_unlock(&p->lock);
            pthread_cond_signal(&p->done);
            wake = false;
            pthread_mutex_lock(&p->lock);
            continue;
        }
        if (p->stop)
            break;
        p->idle++;
        pthread_cond_wait(&p->work, &p->lock);
        p->idle--;
    }
    void (*drop)(void *) = p->drop;
    pthread_mutex_unlock(&p->lock);
    if (local && drop)
        drop(local);
    return NULL;
}

/* One job: every item in turn, in this thread (whose local pointer is
 * p's, or without p one of this run alone). */
static int run_inline(pool *p, size_t n, const pool_ops *ops,
                      size_t slot_size) {
    void *slot = calloc(1, slot_size);
    if (!slot)
        return -1;
    void *alone = NULL, **local = p ? &p->main_local : &alone;
    for (size_t i = 0; i < n; i++) {
        memset(slot, 0, slot_size);
        if (ops->prepare(ops->arg, i, slot) == POOL_RUN)
            ops->work(ops->arg, i, slot, local);
        ops->finish(ops->arg, i, slot);
    }
    free(slot);
    if (alone && ops->drop)
        ops->drop(alone);
    return 0;
}

/* The time ms milliseconds from now, for a timed wait. */
static struct timespec after_ms(long ms) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += ms * 1000000L;
    t.tv_sec += t.tv_nsec / 1000000000L;
    t.tv_nsec %= 1000000000L;
    return t;
}

/* Waits until item i is done, then a little longer (at most BATCH_MS)
 * until item j is done too (i <= j), so that the main thread wakes once
 * for a run of small files, not once for each: a wake-up costs more
 * than a small file's work.  The workers wake the main thread only for
 * the item it waits for.  The main thread holds the lock. */
#define BATCH_MS 20
static void wait_done(pool *p, size_t i, size_t j) {
    bool timed = false;
    struct timespec until;
    for (;;) {
        bool done_i = p->state[i % p->window] == I_DONE;
        if (done_i && p->state[j % p->window] == I_DONE)
            break;
        if (done_i) {
            if (!timed) {
                until = after_ms(BATCH_MS);
                timed = true;
            }
            p->waiting_for = j;
            if (pthread_cond_timedwait(&p->done, &p->lock, &until) ==
                ETIMEDOUT)
                break;
            continue;
        }
        p->waiting_for = i;
        if (!p->ops->idle) {
            pthread_cond_wait(&p->done, &p->lock);
            continue;
        }
        struct timespec t = after_ms(200);
        pthread_cond_timedwait(&p->done, &p->lock, &t);
        if (p->state[i % p->window] != I_DONE) {
            pthread_mutex_unlock(&p->lock);
            p->ops->idle(p->ops->arg);
            pthread_mutex_lock(&p->lock);
        }
    }
    p->waiting_for = (size_t)-1;
}

pool *pool_new(unsigned jobs) {
    pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->waiting_for = (size_t)-1;
    if (jobs <= 1)
        return p;
    if (!(p->threads = calloc(jobs - 1, sizeof *p->threads))) {
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    /* The signals that end the run are taken by the main thread: the
     * workers start with them blocked. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigaddset(&block, SIGQUIT);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    /* The main thread is one of the jobs: it runs items too. */
    pthread_attr_t *start = NULL;
#ifdef PLACE_WORKERS
    pthread_attr_t attr;
    /* A worker started on the main thread's processor can stay there for
     * several milliseconds, the two taking turns on it, before the system
     * moves one, and one woken there is woken there again: the workers
     * start on the other processors the process may run on (then run
     * anywhere).  Nothing is changed when the process has one. */
    int here = sched_getcpu();
    if (here >= 0 && here < CPU_SETSIZE &&
        sched_getaffinity(0, sizeof p->allowed, &p->allowed) == 0 &&
        CPU_ISSET(here, &p->allowed) && CPU_COUNT(&p->allowed) > 1 &&
        pthread_attr_init(&attr) == 0) {
        cpu_set_t others = p->allowed;
        CPU_CLR(here, &others);
        if (pthread_attr_setaffinity_np(&attr, sizeof others, &others) == 0) {
            start = &attr;
            p->placed = true;
        } else {
            pthread_attr_destroy(&attr);
        }
    }
#endif
    while (p->started < jobs - 1 &&
           pthread_create(&p->threads[p->started], start, worker, p) == 0)
        p->started++;
    if (start)
        pthread_attr_destroy(start);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return p;
}

void pool_free(pool *p) {
    if (!p)
        return;
    if (p->main_local && p->drop)
        p->drop(p->main_local);
    if (p->started) {
        pthread_mutex_lock(&p->lock);
        p->stop = true;
        pthread_cond_broadcast(&p->work);
        pthread_mutex_unlock(&p->lock);
        for (unsigned t = 0; t < p->started; t++)
            pthread_join(p->threads[t], NULL);
        pthread_mutex_destroy(&p->lock);
        pthread_cond_destroy(&p->work);
        pthread_cond_destroy(&p->done);
    }
    free(p->threads);
    free(p);
}

int pool_run(pool *p, size_t n, size_t slot_size, const pool_ops *ops) {
    if (p && p->started) {
        pthread_mutex_lock(&p->lock);
        p->drop = ops->drop;
        pthread_mutex_unlock(&p->lock);
    } else if (p) {
        p->drop = ops->drop;
    }
    if (!p || !p->started || n <= 1)
        return run_inline(p, n, ops, slot_size);
    unsigned jobs = p->started + 1;
    /* Enough items ahead that a worker seldom finds none. */
    size_t window = (size_t)jobs * 16;
    unsigned char *slots = calloc(window, slot_size);
    item_state *state = calloc(window, sizeof *state);
    if (!slots || !state) {
        free(slots);
        free(state);
        return -1;
    }
    pthread_mutex_lock(&p->lock);
    p->ops = ops;
    p->slots = slots;
    p->slot_size = slot_size;
    p->state = state;
    p->window = window;
    p->prepared = p->taken = 0;
    p->waiting_for = (size_t)-1;
    pthread_mutex_unlock(&p->lock);

    /* The main thread takes the lock once for a run of items, not once
     * for each: it prepares the items the window has room for without
     * it (no worker looks at an item, or its state, before the item is
     * published: the slot's last item is finished), publishes them at
     * once, then finishes the items done in a row without it. */
    size_t finished = 0;
    bool barrier = false; /* prepare asked for the earlier items first */
    pthread_mutex_lock(&p->lock);
    while (finished < n) {
        size_t to = p->prepared;
        unsigned runs = 0;
        if (!barrier && to < n && to - finished < p->window) {
            pthread_mutex_unlock(&p->lock);
            while (to < n && to - finished < p->window) {
                void *slot = slot_of(p, to);
                memset(slot, 0, slot_size);
                pool_step r = ops->prepare(ops->arg, to, slot);
                if (r == POOL_AFTER_EARLIER && finished < to) {
                    barrier = true;
                    break;
                }
                p->state[to % p->window] = r == POOL_RUN ? I_QUEUED : I_DONE;
                runs += r == POOL_RUN;
                to++;
            }
            pthread_mutex_lock(&p->lock);
            p->prepared = to;
            if (runs && p->idle) {
                bool all = runs > 1 && p->idle > 1;
                pthread_mutex_unlock(&p->lock);
                if (all)
                    pthread_cond_broadcast(&p->work);
                else
                    pthread_cond_signal(&p->work);
                pthread_mutex_lock(&p->lock);
            }
        }
        if (p->state[finished % p->window] != I_DONE) {
            /* Runs a queued item here, or else waits.  One item, not a
             * run: the workers need the items only this thread
             * prepares, as soon as the window has room. */
            size_t i = take_queued(p);
            if (i != (size_t)-1) {
                pthread_mutex_unlock(&p->lock);
                ops->work(ops->arg, i, slot_of(p, i), &p->main_local);
                pthread_mutex_lock(&p->lock);
                p->state[i % p->window] = I_DONE;
            } else {
                size_t last = finished + p->window / 2;
                wait_done(p, finished,
                          last < p->prepared ? last : p->prepared - 1);
            }
        }
        size_t k = 0;
        while (finished + k < p->prepared &&
               p->state[(finished + k) % p->window] == I_DONE)
            p->state[(finished + k++) % p->window] = I_FREE;
        pthread_mutex_unlock(&p->lock);
        for (size_t i = finished; i < finished + k; i++)
            ops->finish(ops->arg, i, slot_of(p, i));
        pthread_mutex_lock(&p->lock);
        finished += k;
        if (p->taken < finished) /* never back to a slot given again */
            p->taken = finished;
        if (finished == p->prepared)
            barrier = false;
    }
    /* Every item is finished: no worker has one; they wait for the next
     * run. */
    p->ops = NULL;
    p->slots = NULL;
    p->state = NULL;
    pthread_mutex_unlock(&p->lock);
    free(slots);
    free(state);
    return 0;
}

unsigned jobs_default(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}
