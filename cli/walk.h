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

/* The folders a walk read, each by its parent and its name there (a
 * folder given: no parent, its path as given), with the device and
 * inode it had: a file of a walked folder is opened through them
 * (walk_open), never by its path. */
typedef struct walk_folder {
    size_t parent; /* WALK_NONE for a folder given */
    const char *name;
    const char *path; /* as shown */
    dev_t dev;
    ino_t ino;
} walk_folder;
#define WALK_NONE ((size_t)-1)

typedef struct walk_tree {
    walk_folder *v;
    size_t n, cap;
    /* of each file of the list walked, its folder, or WALK_NONE for a
     * path given */
    size_t *folder_of;
    /* the endings of the names of the files taken from folders, without
     * their dots, separated by commas ("sgf,gib"); NULL: "sgf" */
    const char *exts;
    size_t nfiles, files_cap;
    /* --exclude: the patterns of the files and folders left out of the
     * walk (walk_excluded), nexcludes of them */
    const char *const *excludes;
    size_t nexcludes;
    /* the symbolic links passed over (never followed): to files named
     * .sgf, and (-R) to folders */
    unsigned long link_files, link_folders;
    struct walk_cache { size_t folder; int fd; } cache[16];
    size_t next_slot;
    size_t *chain;
    size_t chain_cap;
    path_list dirs; /* the paths of v, some of them the tree's own */
} walk_tree;

/* Why walk_open failed (else an errno value). */
enum { WALK_LINK = -1, WALK_OTHER = -2 };
/* A descriptor of the folder f of t (the caller's to close): opened from
 * the folder given, component by component, never through a symbolic
 * link, each the folder walked (device and inode); -1 with *why (an
 * errno value, WALK_LINK: a component is a symbolic link now, WALK_OTHER:
 * not the folder walked) and *where (the folder at fault) set.  Not
 * thread-safe: the batch's main thread asks. */
int walk_open(walk_tree *t, size_t f, int *why, size_t *where);
/* Closes the descriptors t keeps (after the walk: each job's folder is
 * looked at again). */
void walk_forget(walk_tree *t);
void walk_free(walk_tree *t);

/* Appends to files the paths given (a file as it is; a folder as its
 * game records (the files whose names end in ".EXT" for an EXT of
 * tree->exts, in any case), with recurse those of its subfolders too but
 * for hidden ones (a name that begins with '.'), files and subfolders
 * sorted by name within each folder; a file or folder of a folder that
 * a pattern of tree->excludes matches is left out), and to failed the
 * folders that cannot be read.  A subfolder that is one of the nskip
 * folders skip (by device and inode) is passed over: the output folders
 * of --outdir inside the tree walked.  A path given that is a file is
 * not copied: files points to it, so paths must outlive files.  tree
 * gets the folders walked, the folder of each file of files, and the
 * symbolic links passed over.  Returns 0, or -1 when out of memory. */
int walk_paths(char **paths, size_t n, bool recurse, const struct stat *skip,
               size_t nskip, path_list *files, path_list *failed,
               walk_tree *tree);
/* Whether one of the n patterns pats matches path (--exclude): a pattern
 * with a '/' the whole path, without the leading "./", else its last
 * name, by fnmatch(3) without flags ('*' matches a '/' too). */
bool walk_excluded(const char *const *pats, size_t n, const char *path);
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
/* The same for the folders made (paths relative to the folder root),
 * each reached from root without following a symbolic link. */
void remove_empty_folders_at(int root, const path_list *made);
/* Opens (and makes where missing, when made is not NULL: each one made is
 * added to it, relative to root) the folder rel of root, component by
 * component, never through a symbolic link; its descriptor, or -1 with
 * errno set (ELOOP: *link is the length of rel up to the component that
 * is a link). */
int open_below(int root, const char *rel, path_list *made, size_t *link);

#endif
