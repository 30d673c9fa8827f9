/* salvage.c - the signs of a missing ']' in a value.  A ']' left out
 * makes the value run on into the SGF after it: in a value of a type that
 * holds no '[' (a point, a number...) the value is cut where its own
 * syntax ends and the rest is read again (107); in a text the same bytes
 * are legal, and only a warning says what they look like (108). */
#include "internal.h"

static inline bool is_ws(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}
static inline bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static inline bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

/* Whether v[k] follows a backslash that escapes it (an odd run). */
static bool escaped_at(const char *v, size_t k) {
    size_t n = 0;
    while (k > n && v[k - n - 1] == '\\')
        n++;
    return n % 2 == 1;
}

size_t sgft__value_end(const char *v, size_t len) {
    size_t open = len;
    for (size_t k = 0; k < len; k++) {
        if (v[k] == '\\') {
            k++;
            continue;
        }
        if (v[k] == '[') {
            open = k;
            break;
        }
    }
    if (open == len)
        return len;
    /* The identifier: the letters before '[' from their first capital. */
    size_t id = open;
    while (id > 0 && (is_upper(v[id - 1]) || is_lower(v[id - 1])))
        id--;
    /* An escaped letter belongs to the value, not to the identifier. */
    while (id < open && (!is_upper(v[id]) || escaped_at(v, id)))
        id++;
    size_t cut = id < open ? id : len;
    for (size_t k = 0; k < open; k++) {
        if (v[k] == '\\') {
            k++;
            continue;
        }
        if (v[k] == ';' || v[k] == '(' || v[k] == ')') {
            cut = k < cut ? k : cut;
            break;
        }
    }
    /* White space before the cut goes with the rest, unless escaped. */
    while (cut < len && cut > 0 && is_ws(v[cut - 1]) &&
           !escaped_at(v, cut - 1))
        cut--;
    return cut;
}

size_t sgft__swallowed_nodes(const char *v, size_t len) {
    for (size_t k = 0; k < len; k++) {
        if (v[k] == '\\') {
            k++;
            continue;
        }
        if (v[k] != ';')
            continue;
        size_t j = k + 1;
        while (j < len && is_ws(v[j]))
            j++;
        size_t id = j;
        while (j < len && is_upper(v[j]) && j - id < 3)
            j++;
        if (j == id || j - id > 2)
            continue;
        while (j < len && is_ws(v[j]))
            j++;
        if (j >= len || v[j] != '[')
            continue;
        /* "\\]" after it: the writer escaped the bracket, on purpose. */
        for (size_t q = j + 1; q + 1 < len; q++)
            if (v[q] == '\\' && v[q + 1] == ']')
                return len;
        return k;
    }
    return len;
}
