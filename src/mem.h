/* mem.h - the memory of the library: the arena of a game tree, growable
 * byte buffers and arrays (arena.c, buf.c). */
#ifndef SGFT_MEM_H
#define SGFT_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* ---------------------------------------------------------------------
 * Arena: bump allocator, one per game tree, reset as a whole.
 */
typedef struct arena_block arena_block;
typedef struct arena {
    arena_block *head; /* block currently allocated from */
    arena_block *spare; /* blocks kept for reuse after a reset */
    char *cur, *end;    /* the free part of head */
} arena;

void sgft__arena_init(arena *a);
/* A new block for size bytes (a multiple of SGFT_ARENA_ALIGN, or 0). */
void *sgft__arena_alloc_slow(arena *a, size_t size);
#define SGFT_ARENA_ALIGN (sizeof(max_align_t))
/* Returns size bytes aligned for any object, or NULL when out of memory. */
static inline void *sgft__arena_alloc(arena *a, size_t size) {
    size = (size + SGFT_ARENA_ALIGN - 1) & ~(SGFT_ARENA_ALIGN - 1);
    if (size - 1 < (size_t)(a->end - a->cur)) { /* 0 < size <= room */
        void *p = a->cur;
        a->cur += size;
        return p;
    }
    return sgft__arena_alloc_slow(a, size);
}
/* Copies len bytes and adds a NUL; NULL when out of memory. */
char *sgft__arena_strndup(arena *a, const char *s, size_t len);
/* Frees everything allocated since init, keeping one block for reuse. */
void sgft__arena_reset(arena *a);
/* Whether p points into a block of a in use (not the spare). */
bool sgft__arena_holds(const arena *a, const void *p);
void sgft__arena_free(arena *a);

/* Copies the string s into out[size] (size > 0), cut to size - 1 bytes
 * when longer: snprintf(out, size, "%s", s) without the formatting. */
static inline void sgft__copy_str(char *out, size_t size, const char *s) {
    size_t n = strlen(s);
    if (n >= size)
        n = size - 1;
    memcpy(out, s, n);
    out[n] = '\0';
}

/* ---------------------------------------------------------------------
 * Growable byte buffer (malloc based).  On allocation failure the buffer
 * sets oom and further appends do nothing.
 */
typedef struct buf {
    char *data;
    size_t len, cap;
    bool oom;
} buf;

void sgft__buf_init(buf *b);
void sgft__buf_free(buf *b);
bool sgft__buf_reserve(buf *b, size_t extra);
void sgft__buf_put_slow(buf *b, const char *s, size_t len);
void sgft__buf_puts(buf *b, const char *s);

/* Empties b, keeping its memory (and a NUL where its text was). */
static inline void sgft__buf_clear(buf *b) {
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

/* Appends (the common case inline: room in the buffer). */
static inline void sgft__buf_put(buf *b, const char *s, size_t len) {
    if (len && b->cap - b->len > len) {
        memcpy(b->data + b->len, s, len);
        b->len += len;
        b->data[b->len] = '\0';
        return;
    }
    sgft__buf_put_slow(b, s, len);
}

static inline void sgft__buf_putc(buf *b, char c) {
    if (b->cap - b->len > 1) {
        b->data[b->len++] = c;
        b->data[b->len] = '\0';
        return;
    }
    sgft__buf_put_slow(b, &c, 1);
}

/* buf.c, vectors: grows the array at *(T **)data of *cap elements of
 * size bytes so that it holds at least need, doubling from first.  False
 * when out of memory (the array is unchanged). */
bool sgft__vec_grow_slow(void *data, size_t *cap, size_t need, size_t size,
                         size_t first);
static inline bool sgft__vec_grow(void *data, size_t *cap, size_t need,
                                  size_t size, size_t first) {
    return need <= *cap || sgft__vec_grow_slow(data, cap, need, size, first);
}

#endif /* SGFT_MEM_H */
