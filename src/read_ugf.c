/* read_ugf.c - the reader of UGF records (foreign.h). */
#include "foreign.h"

bool sgft__is_ugf(const char *head, size_t len) {
    (void)head;
    (void)len;
    return false;
}

int sgft__read_ugf(foreign *f) {
    sgft__fr_report(f, M_FOREIGN_UNREADABLE, SIZE_MAX, NULL);
    return 0;
}
