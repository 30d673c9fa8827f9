/* file.h - what the output files (file.c), their durable batches
 * (file_batch.c), their temporary files (file_temp.c), their folders
 * (file_dir.c) and the reports of their faults (file_fault.c) share.
 * Each of those uses only those after it in that list. */
#ifndef SGFT_FILE_H
#define SGFT_FILE_H

#include "internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/stat.h>

/* A temporary file as sgft_outputs_remove_temp_files() finds it. */
typedef struct temp_slot temp_slot;

/* The temporary files of an sgft_outputs (file_temp.c), for its
 * sgft_outputs_remove_temp_files(). */
typedef struct temp_list {
    _Atomic(temp_slot *) head;
    atomic_int busy;    /* threads in a section (sgft__temp_enter) */
    atomic_bool ending; /* the files are being removed */
    /* sgft_outputs_on_first_temp_file: called once, before the first
     * temporary file is made */
    void (*first_fn)(void *);
    void *first_data;
    atomic_bool first_done;
    pthread_mutex_t first_lock;
    /* Whether files without a name get one, by file system, as probes
     * found (sgft__temp_links_on), under probe_lock. */
    pthread_mutex_t probe_lock;
    struct {
        dev_t dev;
        bool works;
    } probed[16];
    size_t nprobed;
    atomic_int proc_fds; /* /proc/self/fd: 0 not looked at, 1 there, 2 not */
} temp_list;
void sgft__temp_list_init(temp_list *tl);
void sgft__temp_list_free(temp_list *tl);
void sgft__temp_list_on_first(temp_list *tl, void (*fn)(void *), void *data);
/* Removes every temporary file listed; async-signal-safe. */
void sgft__temp_list_remove(temp_list *tl);
/* The temporary files' list of o, or NULL when o is (file_batch.c). */
temp_list *sgft__outputs_temps(sgft_outputs *o);

/* The folder of an output, by a descriptor that every operation on the
 * output and its temporary file is relative to (so that the folder
 * checked is the folder written, whatever its path names meanwhile):
 * shared, by counted references, by the output, its temporary file's
 * slot and a replacement waiting in its group.  dev and ino are the
 * folder's. */
typedef struct out_dir {
    _Atomic int refs;
    int fd;
    dev_t dev;
    ino_t ino;
} out_dir;
/* file_dir.c: a folder of the descriptor fd, which it takes over (closed when it
 * cannot be made); NULL when out of memory or fd cannot be looked at. */
out_dir *sgft__dir_new(int fd);
out_dir *sgft__dir_ref(out_dir *d);
void sgft__dir_unref(out_dir *d);
/* The folder of path, opened by its path; NULL after a fault, reported. */
out_dir *sgft__out_folder(sgft_ctx *ctx, const char *path);
/* sgft__out_open_at in the folder d (of which the output takes a
 * reference): the outputs of -s share one. */
outfile *sgft__out_open_in(sgft_ctx *ctx, out_dir *d, const char *name,
                           const char *shown);
/* The temporary file tmp (a name in the folder of path) as a path, for
 * messages; malloc'd, NULL when out of memory (file_temp.c). */
char *sgft__temp_shown(const char *path, const char *tmp);
/* A section that works with a temporary file's name of the list tl
 * (NULL: none, and the section is nothing): false once the temporary
 * files are being removed (then nothing may be made, renamed or freed
 * any more).  sec keeps the thread's signal mask until the leave. */
typedef struct temp_section {
    sigset_t mask;
} temp_section;
bool sgft__temp_enter(temp_list *tl, temp_section *sec);
void sgft__temp_leave(temp_list *tl, temp_section *sec);
void sgft__temp_unregister(temp_slot *s);
/* Calls the function of sgft_outputs_on_first_temp_file() once, in the
 * first thread that asks (before the first temporary file is made). */
void sgft__temp_first(temp_list *tl);
/* A temporary name beside the file name (a name in a folder, no path):
 * ".<name>.XXXXXX", the name cut so that the whole stays within the
 * usual limit of a file name; malloc'd, NULL when out of memory. */
char *sgft__temp_name_for(const char *name);
/* Makes the file name in the folder dir (its XXXXXX guessed until it is
 * new) with mode, listed in tl (when not NULL) as *slot; its descriptor,
 * or -1 with errno set.  dir stays open while the name is listed. */
int sgft__temp_create(temp_list *tl, int dir, char *name, mode_t mode,
                      temp_slot **slot);
/* A file without a name in the folder dir (Linux's O_TMPFILE, where
 * /proc can give it a name later); its descriptor, or -1 where the
 * system or the file system cannot make one. */
int sgft__temp_unnamed(temp_list *tl, int dir, mode_t mode);
/* Gives the file fd made by sgft__temp_unnamed the name (its XXXXXX
 * guessed until it is new) in dir, listed in tl as *slot; 0, or -1 with
 * errno set. */
int sgft__temp_link(temp_list *tl, int fd, int dir, char *name,
                    temp_slot **slot);
/* file_meta.c: the file path finally names, symbolic links followed one
 * by one (a link to a file that does not exist yet names that file);
 * malloc'd, NULL with errno set on failure. */
char *sgft__final_target(const char *path);
/* file_meta.c: the access ACL of the file name in the folder dir
 * (Linux's system.posix_acl_access) carried over to the file fd of mode;
 * where fd cannot take it, the group bits narrowed to what the owning
 * group had.  0, or -1 with errno set. */
int sgft__keep_acl(int dir, const char *name, int fd, mode_t mode);
/* Gives the file fd made by sgft__temp_unnamed the name name in dir
 * where no file is (a link never replaces one: -1 with EEXIST); 0, or
 * -1 with errno set. */
int sgft__temp_link_new(int fd, int dir, const char *name);
/* Whether o replaces the input itself, whose status at its open was *is. */
bool sgft__out_is_input(const outfile *o, const struct stat *is);
/* Whether o may replace its file, given the input opened from in_path,
 * whose status at the open was *is: where o replaces the input itself,
 * it must still be as opened; where it replaces another file that the
 * input's path names now, another program saved a file under the
 * input's name after the open.  0, or SGFT_FILE_CHANGED (file.h) for a
 * file that must be left as it is. */
int sgft__out_match_input(outfile *o, int in_dir, const char *in_name,
                          const struct stat *is);
/* Renames tmp over path, which must still hold the file old as it was
 * read: no save of another program (written into it, or a new file
 * renamed to its name) is ever replaced.  Where the system can (Linux's
 * renameat2 RENAME_EXCHANGE), the two are swapped and the file swapped
 * out is checked to be old (and swapped back, and so kept, when it is
 * not); elsewhere path is checked just before the rename.  0 once in
 * place (tmp is gone); SGFT_FILE_CHANGED when path holds another
 * program's file, left as it is (tmp is still the new file); an errno
 * value; SGFT_FILE_MOVED in the rarest case, where a file that
 * another program put at path in the instant of the swap cannot be
 * swapped back: it is tmp now, which must be kept (file_temp.c). */
int sgft__temp_replace(int dir, const char *tmp, const char *name,
                       const char *shown, const struct stat *old);
/* Whether the folder dir takes no rename nor removal (Linux's
 * append-only and immutable attributes, chattr +a and +i): a temporary
 * file named there could never go, so none is named (file_temp.c). */
bool sgft__folder_locked(int dir);
/* Renames tmp to name (both in dir) where no file is: -1 with EEXIST
 * when another program made one there meanwhile (file_temp.c). */
int sgft__temp_rename_new(int dir, const char *tmp, const char *name);

/* file_fault.c: reports message code about the file path (in the folder dir, or -1:
 * then the folder of path), with errno err (0: none;
 * SGFT_FILE_CHANGED: the file changed after it was read; SGFT_FILE_MADE:
 * another program made it, absent when the run looked). */
void sgft__report_file(sgft_ctx *ctx, msg_id code, const char *path, int err);
void sgft__report_file_in(sgft_ctx *ctx, msg_id code, int dir,
                          const char *path, int err);
/* Reports that another program's file, put at path as it was replaced,
 * is kept under the name kept (SGFT_FILE_MOVED). */
void sgft__report_moved(sgft_ctx *ctx, msg_id code, const char *path,
                        const char *kept);
/* Reports message code whose detail is path followed by after. */
void sgft__report_path(sgft_ctx *ctx, msg_id code, const char *path,
                       const char *after);
enum { SGFT_FILE_CHANGED = -1, SGFT_FILE_MADE = -2, SGFT_FILE_MOVED = -3 };
/* file_dir.c: whether the file at path is still the one whose status
 * was old, as it was read: not written to, nor replaced under its name, by another
 * program since.  A replacement of a file that changed would lose what
 * the other program wrote. */
bool sgft__file_unchanged(int dir, const char *name, const struct stat *old);

/* The folder of path ("." for a bare name, "/" for a name in the
 * root), malloc'd; NULL when out of memory (file_dir.c). */
char *sgft__folder_of(const char *path);
/* A descriptor of the folder of path (its links followed, as the path
 * says), or -1 with errno set (ENOMEM when out of memory). */
int sgft__open_folder_of(const char *path);

/* file_batch.c: whether o (NULL: none) syncs its outputs in groups
 * (SGFT_OUTPUTS_BATCH). */
bool sgft__batch_on(const sgft_outputs *o);
/* A finished replacement of the file old (size bytes) joins the group of
 * ctx's outputs, which takes a reference of dir, and tmp, name (both in
 * dir), path, shown, held (a descriptor of the old file, or -1) and
 * unnamed (the new file while it has no name, or -1: then tmp is its
 * name) over; -1 (errno set, nothing taken) when it cannot. */
int sgft__batch_defer(sgft_ctx *ctx, out_dir *dir, char *tmp, char *name,
                      char *path, char *shown, temp_slot *slot,
                      const struct stat *old, uint64_t size, int held,
                      int unnamed);
/* Whether a file without a name can be given one on the file system
 * dev, as a probe found: 1 yes, 0 no, -1 not known; and what a probe
 * found (file_temp.c). */
int sgft__temp_links_on(temp_list *tl, dev_t dev);
void sgft__temp_links_found(temp_list *tl, dev_t dev, bool works);
/* Whether the descriptor fd of an old file may be held until its group
 * is in place (a few, well below the limit of open files). */
bool sgft__batch_may_hold(const sgft_outputs *o, int fd);
/* A file was renamed in place in dir: outside batches (o NULL or not a
 * batch) a replaced file's folder is synced now, in batches the folder
 * is noted for the next sync; -1 when memory ran out. */
int sgft__batch_written(sgft_outputs *o, out_dir *dir, bool replaced);

#endif
