/* file_fault.c - the messages about the faults of output files (26,
 * 27, 105): the whole path, however long, and why, in words where the
 * system's are not enough (a file another program changed or made, a
 * folder that takes no rename). */
#define _XOPEN_SOURCE 700

#include "config.h"

#include "internal.h"
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The message names the whole path, however long (a path may be longer
 * than any buffer of fixed size; without memory, the path alone). */
void sgft__report_path(sgft_ctx *ctx, msg_id code, const char *path,
                       const char *after) {
    buf b;
    sgft__buf_init(&b);
    sgft__buf_puts(&b, path);
    sgft__buf_puts(&b, after);
    report r = {0};
    r.detail = b.oom || !b.data ? path : b.data;
    sgft__report(ctx, code, false, 0, &r);
    sgft__buf_free(&b);
}

/* Whether the folder of path is append-only or immutable. */
static bool path_folder_locked(const char *path) {
    int fd = sgft__open_folder_of(path);
    bool locked = fd >= 0 && sgft__folder_locked(fd);
    if (fd >= 0)
        close(fd);
    return locked;
}

void sgft__report_file(sgft_ctx *ctx, msg_id code, const char *path,
                       int err) {
    sgft__report_file_in(ctx, code, -1, path, err);
}

void sgft__report_file_in(sgft_ctx *ctx, msg_id code, int dir,
                          const char *path, int err) {
    char why[160] = "";
    if (err == SGFT_FILE_CHANGED)
        snprintf(why, sizeof why,
                 ": it changed after it was read (another program saved "
                 "it meanwhile): left as it is");
    else if (err == SGFT_FILE_MADE)
        snprintf(why, sizeof why,
                 ": another program made it while this one ran: left as "
                 "it is");
    else if (err == EPERM && (dir >= 0 ? sgft__folder_locked(dir)
                                       : path_folder_locked(path)))
        snprintf(why, sizeof why,
                 ": its folder is append-only or immutable: no file in it "
                 "can be renamed or removed");
    else if (err)
        snprintf(why, sizeof why, ": %s", strerror(err));
    sgft__report_path(ctx, code, path, why);
}

void sgft__report_moved(sgft_ctx *ctx, msg_id code, const char *path,
                        const char *kept) {
    buf b;
    sgft__buf_init(&b);
    sgft__buf_puts(&b, ": another program saved it as it was replaced: "
                       "its file is kept as ");
    sgft__buf_puts(&b, kept);
    sgft__report_path(ctx, code, path, b.oom || !b.data ? "" : b.data);
    sgft__buf_free(&b);
}
