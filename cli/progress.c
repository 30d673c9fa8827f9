/* progress.c - the progress line on standard error, for long batches and
 * large files: files and bytes done, rate and time left.  Only on a
 * terminal, only after the run has lasted a moment, redrawn at most five
 * times a second, and taken off the screen before anything else is
 * printed, so that it never mixes with the diagnostics.  The line fits
 * the terminal's width, read at each redraw (a window made narrower
 * mid-run gets a shorter line): what does not fit is left out, the rate
 * first, then the sizes, so that the line never wraps onto a second row
 * that \r could not take back. */
#include "config.h"

#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

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

/* The columns of standard error's terminal; COLUMNS when it does not
 * say, else 80. */
static unsigned term_width(void) {
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    const char *env = getenv("COLUMNS");
    long n = env ? strtol(env, NULL, 10) : 0;
    return n > 0 && n < 100000 ? (unsigned)n : 80;
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
    /* One column short of the width: a line that fills the last column
     * leaves some terminals' cursor on the next row. */
    size_t room = term_width() - 1;
    char line[160];
    int n = snprintf(line, sizeof line, "[%lu/%lu files, %s/%s, %s/s%s]",
                     p->done, p->files, d, t, r, left);
    if (n < 0 || (size_t)n > room)
        n = snprintf(line, sizeof line, "[%lu/%lu files, %s/%s%s]", p->done,
                     p->files, d, t, left);
    if (n < 0 || (size_t)n > room)
        n = snprintf(line, sizeof line, "[%lu/%lu files%s]", p->done,
                     p->files, left);
    if (n < 0 || (size_t)n > room)
        n = snprintf(line, sizeof line, "[%lu/%lu]", p->done, p->files);
    size_t len = n < 0 ? 0 : strlen(line);
    if (len > room)
        len = room; /* a terminal narrower than the counts themselves */
    fprintf(stderr, "\r\033[K%.*s", (int)len, line);
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
