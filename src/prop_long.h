/* prop_long.h - the long names of properties written by old programs
 * (prop_long.c). */
#ifndef SGFT_PROP_LONG_H
#define SGFT_PROP_LONG_H

#include "internal.h"

prop_id sgft__prop_long(const char *raw, size_t len);

#endif
