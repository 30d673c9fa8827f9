/* width.h - the display width of text (width.c). */
#ifndef SGFT_WIDTH_H
#define SGFT_WIDTH_H

#include <stddef.h>

/* The columns s[0..len) takes on a terminal: East Asian Wide and
 * Fullwidth characters two, combining marks and zero-width characters
 * none, others one; a byte that is no UTF-8 one, but for 0x80-0xBF. */
size_t sgft__display_width(const char *s, size_t len);

/* The grapheme cluster at s[i] (i < len): its length in bytes, and in
 * *width the columns it takes (those of its widest character).  It never
 * reaches over a space, a control or a byte the writer escapes; a byte
 * that is no UTF-8 is a cluster of its own. */
size_t sgft__cluster(const char *s, size_t len, size_t i, size_t *width);

#endif
