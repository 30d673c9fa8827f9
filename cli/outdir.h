/* outdir.h - the paths of --outdir and the rules that keep its outputs
 * safe (the command's, not the library's). */
#ifndef SGFT_OUTDIR_H
#define SGFT_OUTDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* A file by its device and inode. */
typedef struct file_id {
    dev_t dev;
    ino_t ino;
} file_id;

/* Files by device and inode: appended, then perhaps sorted. */
typedef struct id_set {
    file_id *v;
    size_t n, cap;
} id_set;

/* Adds the file st; false when out of memory. */
bool id_add(id_set *s, const struct stat *st);
/* Sorts the set, for the lookups of outdir_refusal. */
void id_sort(id_set *s);

/* Strings (the real paths of the outputs written), owned: a hash set. */
typedef struct name_set {
    char **v;
    size_t n, cap; /* cap: 0 or a power of two */
} name_set;

/* Adds name, which the set takes over (freed at once when it holds it
 * already); false when out of memory (name freed). */
bool name_add(name_set *s, char *name);
bool name_has(const name_set *s, const char *name);
void name_free(name_set *s);

/* DIR/PATH with PATH made relative and plain: "/" at the start, "." and
 * empty parts dropped, "name/.." taken back, and a ".." that would climb
 * out of DIR dropped ("../x.sgf" and "/a/x.sgf" become DIR/x.sgf and
 * DIR/a/x.sgf); malloc'd, NULL when out of memory. */
char *outdir_path(const char *dir, const char *in);
/* "DEV:INO OUT": the output out written for the input file in (NULL
 * when in cannot be looked at, or out of memory); malloc'd. */
char *outdir_written_from(const char *in, const char *out);
/* The output path out of a record of another format (NAME.gib, .ngf,
 * .ugf, .ugi, in any case) made NAME.sgf, in place: its content is SGF. */
void outdir_sgf_name(char *out);
/* The folders -R passes over (*count of them, malloc'd; NULL when out of
 * memory): dir, and the output folder of each of the n paths given, those
 * that exist. */
struct stat *outdir_skips(const char *dir, char **paths, size_t n,
                          size_t *count);

/* What is known of an output path of --outdir before it is checked. */
typedef struct out_facts {
    const char *parent; /* the real path of its folder, or NULL */
    int parent_err;     /* why not */
    bool link;          /* it is a symbolic link */
    bool exists;        /* it names a file (through links) */
    struct stat st;     /* that file */
} out_facts;

/* Checks an output path of --outdir against the output folder
 * (real_dir), the inputs (the first sorted of them sorted) and the
 * outputs written already (outputs NULL: this output was written for the
 * same input file, named again); returns NULL when it is safe, or why
 * not (in why). */
const char *outdir_refusal(const char *real_dir, const char *out,
                           const out_facts *f, const id_set *inputs,
                           size_t sorted, const id_set *outputs, char *why,
                           size_t size);

#endif
