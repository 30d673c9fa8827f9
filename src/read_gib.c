/* read_gib.c - the reader of GIB records (foreign.h). */
#include "foreign.h"

bool sgft__is_gib(const char *head, size_t len) {
    (void)head;
    (void)len;
    return false;
}

int sgft__read_gib(foreign *f) {
    sgft__fr_report(f, M_FOREIGN_UNREADABLE, SIZE_MAX, NULL);
    return 0;
}
