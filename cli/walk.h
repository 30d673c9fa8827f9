/* walk.h - the paths of batch mode (the command's, not the library's). */
#ifndef SGFT_WALK_H
#define SGFT_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* A list of paths: strings of the caller's, or the list's own (the
 * paths the walk made), which paths_free frees. */
typedef struct path_list {
    char **v;
    size_t n, cap;
    struct path_block *blocks; /* the list's own strings */
} path_list;

/* Appends to files the paths given (a file as it is; a folder as its
 * .sgf files, with recurse those of its subfolders too, files and
 * subfolders sorted by name within each folder), and to failed the
 * folders that cannot be read.  A subfolder that is one of the nskip
 * folders skip (by device and inode) is passed over: the output folders
 * of --outdir inside the tree walked.  A path given that is a file is
 * not copied: files points to it, so paths must outlive files.  Returns
 * 0, or -1 when out of memory. */
int walk_paths(char **paths, size_t n, bool recurse, const struct stat *skip,
               size_t nskip, path_list *files, path_list *failed);
/* Appends p, which stays the caller's; -1 when out of memory. */
int paths_push(path_list *l, char *p);
void paths_free(path_list *l);

/* Creates the folders on the way to path (not path itself); -1 with
 * errno set when one cannot be made.  Each folder made is added to made
 * (when not NULL), in the order made. */
int make_parents(const char *path, path_list *made);
/* Creates the folder path unless it is there (as make_parents). */
int make_folder(const char *path, path_list *made);
/* The folders of made that are empty are removed, the last made first
 * (--outdir: those made for files that were not written in the end). */
void remove_empty_folders(const path_list *made);

#endif
