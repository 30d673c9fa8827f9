/* diag_log.c - the diagnostics of a file whose report waits for its
 * turn (--jobs), kept and printed later in the order of the files. */
#include "cli.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Records are kept in memory, and moved to an anonymous temporary file
 * when they pass LOG_MEM bytes, so that a file with millions of messages
 * does not hold them all in memory. */
#define LOG_MEM ((size_t)1 << 20)

/* One record: these fields, then key, text, fix_old and fix_new, each
 * of the length given (SIZE_MAX: NULL). */
typedef struct diag_rec {
    int code;
    sgft_severity severity;
    bool critical, has_pos;
    uint64_t offset;
    unsigned long line, col;
    size_t len[4];
} diag_rec;

static void log_write(diag_log *l, const void *p, size_t n) {
    if (l->failed || !n)
        return;
    if (!l->file && l->mem.len + n > LOG_MEM) {
        l->file = tmpfile();
        if (!l->file ||
            fwrite(l->mem.data, 1, l->mem.len, l->file) != l->mem.len) {
            l->failed = true;
            return;
        }
        free(l->mem.data);
        memset(&l->mem, 0, sizeof l->mem);
    }
    if (l->file ? fwrite(p, 1, n, l->file) != n
                : sgft_buffer_write(&l->mem, p, n) < 0)
        l->failed = true;
}

void log_diag(diag_log *l, const sgft_diag *d) {
    const char *str[4] = {d->key, d->text, d->fix_old, d->fix_new};
    diag_rec r;
    memset(&r, 0, sizeof r);
    r.code = d->code;
    r.severity = d->severity;
    r.critical = d->critical;
    r.has_pos = d->has_pos;
    r.offset = d->offset;
    r.line = d->line;
    r.col = d->col;
    r.len[0] = d->key ? strlen(d->key) : SIZE_MAX;
    r.len[1] = d->text ? strlen(d->text) : SIZE_MAX;
    r.len[2] = d->fix_old ? d->fix_old_len : SIZE_MAX;
    r.len[3] = d->fix_new ? d->fix_new_len : SIZE_MAX;
    log_write(l, &r, sizeof r);
    for (int k = 0; k < 4; k++)
        if (str[k])
            log_write(l, str[k], r.len[k]);
}

/* Reads n bytes of the log at *pos (in memory) or from its file. */
static bool log_read(diag_log *l, size_t *pos, void *p, size_t n) {
    if (l->file)
        return fread(p, 1, n, l->file) == n;
    if (l->mem.len - *pos < n)
        return false;
    memcpy(p, l->mem.data + *pos, n);
    *pos += n;
    return true;
}

/* Reports the diagnostics of the log through rep, as they came. */
void log_replay(diag_log *l, sgft_reporter *rep, const char *file) {
    size_t pos = 0;
    char *b = NULL;
    size_t cap = 0;
    if (l->file && (fflush(l->file) != 0 || fseek(l->file, 0, SEEK_SET) != 0))
        return;
    diag_rec r;
    while (log_read(l, &pos, &r, sizeof r)) {
        size_t total = 4;
        for (int k = 0; k < 4; k++)
            if (r.len[k] != SIZE_MAX)
                total += r.len[k];
        if (total > cap) {
            char *nb = realloc(b, total);
            if (!nb)
                break;
            b = nb;
            cap = total;
        }
        const char *str[4];
        char *p = b;
        bool ok = true;
        for (int k = 0; k < 4 && ok; k++) {
            str[k] = NULL;
            if (r.len[k] == SIZE_MAX)
                continue;
            ok = log_read(l, &pos, p, r.len[k]);
            p[r.len[k]] = '\0';
            str[k] = p;
            p += r.len[k] + 1;
        }
        if (!ok)
            break;
        sgft_diag d;
        memset(&d, 0, sizeof d);
        d.code = r.code;
        d.severity = r.severity;
        d.critical = r.critical;
        d.has_pos = r.has_pos;
        d.offset = r.offset;
        d.line = r.line;
        d.col = r.col;
        d.key = str[0];
        d.text = str[1];
        d.fix_old = str[2];
        d.fix_new = str[3];
        d.fix_old_len = str[2] ? r.len[2] : 0;
        d.fix_new_len = str[3] ? r.len[3] : 0;
        sgft_reporter_diag(rep, file, &d);
    }
    free(b);
}

void log_free(diag_log *l) {
    free(l->mem.data);
    if (l->file)
        fclose(l->file);
    memset(l, 0, sizeof *l);
}

