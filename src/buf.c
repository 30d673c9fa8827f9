/* buf.c - growable byte buffer.  An allocation failure sets b->oom and
 * turns later appends into no-ops; the owner checks oom once at the end. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void sgft__buf_init(buf *b) {
    b->data = NULL;
    b->len = b->cap = 0;
    b->oom = false;
}

void sgft__buf_free(buf *b) {
    free(b->data);
    sgft__buf_init(b);
}

bool sgft__buf_reserve(buf *b, size_t extra) {
    if (b->oom)
        return false;
    if (b->cap - b->len > extra)
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len <= extra) {
        if (cap > SIZE_MAX / 2) {
            b->oom = true;
            return false;
        }
        cap *= 2;
    }
    char *p = realloc(b->data, cap);
    if (!p) {
        b->oom = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

void sgft__buf_put_slow(buf *b, const char *s, size_t len) {
    if (!len || !sgft__buf_reserve(b, len))
        return;
    memcpy(b->data + b->len, s, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void sgft__buf_puts(buf *b, const char *s) { sgft__buf_put(b, s, strlen(s)); }

bool sgft__vec_grow_slow(void *data, size_t *cap, size_t need, size_t size,
                         size_t first) {
    size_t c = *cap ? *cap : first;
    while (c < need) {
        if (c > SIZE_MAX / 2 / size)
            return false;
        c *= 2;
    }
    void *old, *p;
    memcpy(&old, data, sizeof old);
    p = realloc(old, c * size);
    if (!p)
        return false;
    memcpy(data, &p, sizeof p);
    *cap = c;
    return true;
}
