/* late.c - the faults of replacements that waited in a group until
 * after their file's status line (the library's late faults: a rename
 * that failed, a file another program changed meanwhile).  They are met
 * by whichever thread waits for the group, before or after the status
 * line of their file, kept here, and reported at the end of the batch,
 * once every status line is out, under the name of the file they belong
 * to.  The reporter then counts that file as failed, not as changed. */
#include "cli.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct late_fault {
    char *file, *key, *text;
    int code;
    sgft_severity severity;
    bool critical;
    sgft_summary was;
} late_fault;

static pthread_mutex_t late_lock = PTHREAD_MUTEX_INITIALIZER;
static late_fault *faults;
static size_t nfaults, faults_cap;
static bool lost; /* a fault could not be kept: out of memory */

static void fault_free(late_fault *f) {
    free(f->file);
    free(f->key);
    free(f->text);
}

/* The library's handler: keeps the fault (any thread). */
static void late_keep(const char *in, const sgft_summary *was,
                      const sgft_diag *d, void *data) {
    late_fault f;
    memset(&f, 0, sizeof f);
    f.file = strdup(strcmp(in, "-") == 0 ? stdin_shown(data) : in);
    f.key = d->key ? strdup(d->key) : NULL;
    f.text = d->text ? strdup(d->text) : NULL;
    f.code = d->code;
    f.severity = d->severity;
    f.critical = d->critical;
    f.was = *was;
    pthread_mutex_lock(&late_lock);
    bool kept = false;
    if (f.file && (f.key || !d->key) && (f.text || !d->text)) {
        if (nfaults == faults_cap) {
            size_t cap = faults_cap ? faults_cap * 2 : 8;
            late_fault *v = realloc(faults, cap * sizeof *v);
            if (v) {
                faults = v;
                faults_cap = cap;
            }
        }
        if (nfaults < faults_cap) {
            faults[nfaults++] = f;
            kept = true;
        }
    }
    if (!kept) {
        lost = true;
        fault_free(&f);
    }
    pthread_mutex_unlock(&late_lock);
}

void late_start(cli *c) { sgft_outputs_on_late_fault(c->outs, late_keep, c); }

void late_stop(cli *c) { sgft_outputs_on_late_fault(c->outs, NULL, NULL); }

int late_report(cli *c) {
    pthread_mutex_lock(&late_lock);
    late_fault *v = faults;
    size_t n = nfaults;
    bool was_lost = lost;
    faults = NULL;
    nfaults = faults_cap = 0;
    lost = false;
    pthread_mutex_unlock(&late_lock);
    if (!n && !was_lost)
        return 0;
    progress_clear(&c->prog);
    for (size_t i = 0; i < n; i++) {
        late_fault *f = &v[i];
        sgft_diag d;
        memset(&d, 0, sizeof d);
        d.code = f->code;
        d.key = f->key;
        d.severity = f->severity;
        d.critical = f->critical;
        d.text = f->text;
        /* One replacement a run: a batch writes no parts (-s). */
        sgft_reporter_late(c->rep, f->file, &d, &f->was);
        fault_free(f);
    }
    free(v);
    if (was_lost)
        fprintf(stderr, "sgftidy: out of memory\n");
    return 20;
}
