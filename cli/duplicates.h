/* duplicates.h - --duplicates, the archive-wide search for copies of one
 * game (the command's, not the library's). */
#ifndef SGFT_DUPLICATES_H
#define SGFT_DUPLICATES_H

#include "sgftidy.h"

#include <stdio.h>

typedef struct dup_files {
    char **v;
    size_t n;
} dup_files;

/* Prints the groups of copies among the game trees of files to out, as
 * text or as JSON lines; returns the exit status: 0 none, 5 some, 20 out
 * of memory. */
int run_duplicates(const dup_files *files, bool json, FILE *out);

#endif
