/* salvage.c - the signs of a missing ']' in a value.  A ']' left out
 * makes the value run on into the SGF after it: in a value of a type that
 * holds no '[' (a point, a number...) the value is cut where its own
 * syntax ends and the rest is read again (107); in a text the same bytes
 * are legal, and only a warning says what they look like (108).  And the
 * other way: a ']' not escaped inside a text ("[15k]") would end it too
 * early (110, sgft__bracket_in_text). */
#include "internal.h"

static inline bool is_ws(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}
static inline bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static inline bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
static inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

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
    /* The identifier: the letters before '[' from their first capital,
     * with the digits after it ("LZ2["). */
    size_t id = open;
    while (id > 0 && (is_upper(v[id - 1]) || is_lower(v[id - 1]) ||
                      is_digit(v[id - 1])))
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

/* Whether a[0..alen) (the bytes after a ']') reads as SGF: white space,
 * then the end, ';', '(', '[', an identifier (letters, a capital among
 * them: "and [that]" is text; digits after it) and its '[', or ')' not
 * followed by ']'.
 * What runs past alen is taken for SGF. */
static bool sgf_follows(const char *a, size_t alen) {
    size_t k = 0;
    while (k < alen && is_ws(a[k]))
        k++;
    if (k == alen)
        return true;
    char c = a[k];
    if (c == ';' || c == '(' || c == '[')
        return true;
    if (c == ')') {
        for (k++; k < alen && is_ws(a[k]); k++)
            ;
        return k == alen || a[k] != ']'; /* ")]": the ')' was text */
    }
    if (!is_upper(c) && !is_lower(c))
        return false;
    bool capital = false;
    for (; k < alen && (is_upper(a[k]) || is_lower(a[k]) ||
                        (capital && is_digit(a[k])));
         k++)
        capital = capital || is_upper(a[k]);
    while (k < alen && is_ws(a[k]))
        k++;
    return k == alen || (capital && a[k] == '[');
}

long sgft__text_brackets(const char *v, size_t len) {
    long depth = 0;
    for (size_t k = 0; k < len; k++) {
        if (v[k] == '\\')
            k++;
        else if (v[k] == '[')
            depth++;
        else if (v[k] == ']')
            depth--;
    }
    return depth;
}

bool sgft__bracket_in_text(long open, const char *a, size_t alen) {
    if (open <= 0 || sgf_follows(a, alen))
        return false;
    /* The text goes on to a ']' of its own (pairs of brackets on the way)
     * with nothing on the way that looks like a node. */
    long depth = 0;
    for (size_t k = 0; k < alen; k++) {
        if (a[k] == '\\') {
            k++;
        } else if (a[k] == '[') {
            depth++;
        } else if (a[k] == ']') {
            if (depth-- == 0)
                return true;
        } else if (a[k] == ';' || a[k] == '(') {
            size_t j = k + 1;
            while (j < alen && is_ws(a[j]))
                j++;
            if (a[k] == '(' && j < alen && a[j] == ';')
                return false;
            size_t id = j;
            while (j < alen && is_upper(a[j]))
                j++;
            while (j > id && j < alen && is_ws(a[j]))
                j++;
            if (a[k] == ';' && j > id && j < alen && a[j] == '[')
                return false;
        }
    }
    return false;
}
