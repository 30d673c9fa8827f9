/* progress.c - the progress line on standard error, for long batches and
 * large files: files and bytes done, rate and time left.  Only on a
 * terminal, only after the run has lasted a moment, redrawn at most five
 * times a second, and taken off the screen before anything else is
 * printed, so that it never mixes with the diagnostics. */
#include "cli.h"

#include <stdio.h>

static double since(const struct timespec *t0, const struct timespec *t) {
    return (double)(t->tv_sec - t0->tv_sec) +
           (double)(t->tv_nsec - t0->tv_nsec) / 1e9;
}

void progress_start(progress *p, unsigned long files, uint64_t bytes) {
    if (!p->on)
        return;
    clock_gettime(CLOCK_MONOTONIC, &p->start);
    p->last.tv_sec = 0;
    p->last.tv_nsec = 0;
    p->files = files;
    p->done = 0;
    p->bytes = bytes;
    p->bytes_done = 0;
    p->cur = 0;
}

static void size_text(char *s, size_t n, double v) {
    if (v >= 1e9)
        snprintf(s, n, "%.1f GB", v / 1e9);
    else if (v >= 1e6)
        snprintf(s, n, "%.1f MB", v / 1e6);
    else
        snprintf(s, n, "%.0f kB", v / 1e3);
}

void progress_update(progress *p, uint64_t cur) {
    if (!p->on)
        return;
    p->cur = cur;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double run = since(&p->start, &now);
    if (run < p->delay ||
        (p->shown && since(&p->last, &now) < 0.2))
        return;
    p->last = now;
    double done = (double)(p->bytes_done + p->cur);
    double rate = run > 0 ? done / run : 0;
    char d[32], t[32], r[32], left[32] = "";
    size_text(d, sizeof d, done);
    size_text(t, sizeof t, (double)p->bytes);
    size_text(r, sizeof r, rate);
    if (rate > 0 && (double)p->bytes > done) {
        unsigned long s = (unsigned long)(((double)p->bytes - done) / rate);
        snprintf(left, sizeof left, ", %lu:%02lu left", s / 60, s % 60);
    }
    fprintf(stderr, "\r\033[K[%lu/%lu files, %s/%s, %s/s%s]", p->done,
            p->files, d, t, r, left);
    fflush(stderr);
    p->shown = true;
}

void progress_file_done(progress *p, uint64_t size) {
    p->done++;
    p->bytes_done += size;
    p->cur = 0;
    progress_update(p, 0);
}

void progress_clear(progress *p) {
    if (p->shown) {
        fputs("\r\033[K", stderr);
        p->shown = false;
    }
}
