/* detect_uchardet.c - uchardet's vote in charset detection.
 *
 * uchardet (and through it the C++ runtime) is loaded only when a text
 * first needs detection (by the detector of a context, detect.c): most
 * files declare their charset or are UTF-8, and a process that never
 * detects does not pay for loading it.  When the library cannot be
 * loaded, detection goes on without its vote, which is one voter among
 * several.
 */
#include "config.h"

#include "detect.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <uchardet/uchardet.h>

/* The file name the library was linked as (configure finds it). */
#ifndef UCHARDET_SONAME
#define UCHARDET_SONAME "libuchardet.so.0"
#endif

struct ucd_api {
    void *handle; /* dlopen's */
    uchardet_t (*create)(void);
    void (*destroy)(uchardet_t);
    int (*handle_data)(uchardet_t, const char *, size_t);
    void (*data_end)(uchardet_t);
    const char *(*charset)(uchardet_t);
};

ucd_api *sgft__uchardet_load(void) {
    void *h = dlopen(UCHARDET_SONAME, RTLD_NOW | RTLD_LOCAL);
    ucd_api *a = h ? malloc(sizeof *a) : NULL;
    if (a) {
        a->handle = h;
        *(void **)&a->create = dlsym(h, "uchardet_new");
        *(void **)&a->destroy = dlsym(h, "uchardet_delete");
        *(void **)&a->handle_data = dlsym(h, "uchardet_handle_data");
        *(void **)&a->data_end = dlsym(h, "uchardet_data_end");
        *(void **)&a->charset = dlsym(h, "uchardet_get_charset");
        if (!a->create || !a->destroy || !a->handle_data || !a->data_end ||
            !a->charset) {
            free(a);
            a = NULL;
        }
    }
    if (!a && h)
        dlclose(h);
    return a;
}

void sgft__uchardet_unload(ucd_api *u) {
    if (u) {
        dlclose(u->handle);
        free(u);
    }
}

void sgft__uchardet_guess(const ucd_api *u, const char *s, size_t len,
                          char *out, size_t size) {
    out[0] = '\0';
    if (!u)
        return;
    uchardet_t ud = u->create();
    if (!ud)
        return;
    if (u->handle_data(ud, s, len) == 0) {
        u->data_end(ud);
        const char *cs = u->charset(ud);
        if (cs && *cs && !sgft__charset_normalize(cs, strlen(cs), out, size))
            out[0] = '\0';
    }
    u->destroy(ud);
}
