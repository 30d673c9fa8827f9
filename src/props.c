/* props.c - the property table built from prop_list.h, and the lookup of
 * an identifier.  The table is const; the index lives in each context. */
#include "internal.h"

#include <string.h>

const prop_info sgft__props[P__COUNT] = {
#define PROP(id, vt, kind, ff, flags, group, repair) \
    {#id, vt, kind, ff, flags, group, repair},
#include "prop_list.h"
#undef PROP
};

static size_t slot_of(const char *id, size_t len) {
    size_t s = (size_t)(id[0] - 'A') * 27;
    if (len == 2)
        s += (size_t)(id[1] - 'A') + 1;
    return s;
}

void sgft__prop_index_init(prop_index *ix) {
    memset(ix->slot, P_UNKNOWN, sizeof ix->slot);
    for (int i = 0; i < P__COUNT; i++) {
        const char *id = sgft__props[i].id;
        ix->slot[slot_of(id, strlen(id))] = (unsigned char)i;
    }
}

prop_id sgft__prop_lookup(const prop_index *ix, const char *id, size_t len) {
    if (len < 1 || len > 2 || id[0] < 'A' || id[0] > 'Z' ||
        (len == 2 && (id[1] < 'A' || id[1] > 'Z')))
        return P_UNKNOWN; /* "W2": a private property, no slot */
    return (prop_id)ix->slot[slot_of(id, len)];
}

int sgft__prop_name_cmp(const void *a, const void *b) {
    const prop *p = *(prop *const *)a, *q = *(prop *const *)b;
    int c = strcmp(p->name, q->name);
    if (c)
        return c;
    return p->off < q->off ? -1 : p->off > q->off;
}
