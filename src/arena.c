/* arena.c - bump allocator for the nodes, properties and values of one
 * game tree.  Blocks grow geometrically; a reset keeps the largest block
 * for the next tree, so a collection of similar games allocates once. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct arena_block {
    arena_block *next;
    size_t size;
    max_align_t data[]; /* payload */
};

/* The first block: a page, enough for a short game; each next one is
 * twice the last. */
#define ARENA_MIN_BLOCK ((size_t)4 * 1024 - sizeof(arena_block))

void sgft__arena_init(arena *a) {
    a->head = NULL;
    a->spare = NULL;
    a->cur = a->end = NULL;
}

static arena_block *block_new(size_t size) {
    arena_block *b = malloc(sizeof(arena_block) + size);
    if (!b)
        return NULL;
    b->next = NULL;
    b->size = size;
    return b;
}

/* The part of sgft__arena_alloc (internal.h) that takes a new block. */
void *sgft__arena_alloc_slow(arena *a, size_t size) {
    if (!size && a->cur)
        return a->cur;
    arena_block *b = a->head;
    size_t want = b ? b->size * 2 : ARENA_MIN_BLOCK;
    while (want < size)
        want *= 2;
    if (a->spare && a->spare->size >= size) {
        b = a->spare;
        a->spare = NULL;
    } else {
        b = block_new(want);
        if (!b)
            return NULL;
    }
    b->next = a->head;
    a->head = b;
    a->cur = (char *)b->data + size;
    a->end = (char *)b->data + b->size;
    return b->data;
}

char *sgft__arena_strndup(arena *a, const char *s, size_t len) {
    char *p = sgft__arena_alloc(a, len + 1);
    if (!p)
        return NULL;
    if (len)
        memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

void sgft__arena_reset(arena *a) {
    /* Keep the largest block as the spare; free the rest. */
    arena_block *keep = a->spare;
    for (arena_block *b = a->head, *next; b; b = next) {
        next = b->next;
        if (!keep || b->size > keep->size) {
            free(keep);
            keep = b;
        } else {
            free(b);
        }
    }
    if (keep)
        keep->next = NULL;
    a->head = NULL;
    a->spare = keep;
    a->cur = a->end = NULL;
}

bool sgft__arena_holds(const arena *a, const void *p) {
    uintptr_t x = (uintptr_t)p;
    for (const arena_block *b = a->head; b; b = b->next) {
        uintptr_t lo = (uintptr_t)b->data;
        if (x >= lo && x < lo + b->size)
            return true;
    }
    return false;
}

void sgft__arena_free(arena *a) {
    sgft__arena_reset(a);
    free(a->spare);
    a->spare = NULL;
}
