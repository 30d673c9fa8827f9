/* read_ngf.c - the reader of NGF records (foreign.h). */
#include "foreign.h"

bool sgft__is_ngf(const char *head, size_t len) {
    (void)head;
    (void)len;
    return false;
}

int sgft__read_ngf(foreign *f) {
    sgft__fr_report(f, M_FOREIGN_UNREADABLE, SIZE_MAX, NULL);
    return 0;
}
