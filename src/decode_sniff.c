/* decode_sniff.c - the CA of the first game tree, read from the head of
 * the raw input before it is decoded (decode.c, -E1): plain input by a
 * scan of its own, anything else through the parser's events, whose
 * messages are not reported. */
#include "config.h"

#include "decode.h"

#include <string.h>

/* What the parser's events tell about the first game tree: the first
 * value of the first CA in its root node. */
typedef struct ca_sniff {
    unsigned long tree;  /* index of the first tree, 0 before it */
    unsigned long nodes; /* nodes of that tree so far */
    bool in_ca, found, past; /* past: the first tree has ended */
    bool done; /* found, past, or the root node has ended */
    char *out;
    size_t size;
} ca_sniff;

static void sniff_tree_begin(void *data, unsigned long index) {
    ca_sniff *s = data;
    if (!s->tree)
        s->tree = index;
}

static void sniff_node(void *data, unsigned long depth) {
    ca_sniff *s = data;
    (void)depth;
    if (++s->nodes > 1)
        s->done = true; /* the root node is over: nothing more to find */
}

static void sniff_property(void *data, const char *id) {
    ca_sniff *s = data;
    s->in_ca = !s->past && !s->found && s->nodes == 1 && strcmp(id, "CA") == 0;
}

static void sniff_value(void *data, const char *raw, size_t len) {
    ca_sniff *s = data;
    if (!s->in_ca)
        return;
    buf b;
    sgft__buf_init(&b);
    sgft__text_decode(&b, raw, len, true, SGFT_LB_HARD);
    sgft__copy_str(s->out, s->size, b.data ? b.data : "");
    sgft__buf_free(&b);
    s->in_ca = false;
    s->found = s->done = true;
}

static void sniff_tree_end(void *data) {
    ca_sniff *s = data;
    s->past = s->done = true;
    s->in_ca = false;
}

static bool sniff_ws(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Where a value that starts at head[i] ends (its ']'), or len when it does
 * not end in head or holds a '[' (then the parser may end it elsewhere,
 * salvage.c). */
static size_t sniff_value_end(const char *head, size_t len, size_t i) {
    for (; i < len; i++) {
        if (head[i] == '\\')
            i++;
        else if (head[i] == ']')
            return i;
        else if (head[i] == '[')
            return len;
    }
    return len;
}

bool sgft__dec_sniff_ca_fast(const char *head, size_t len, char *out,
                             size_t size) {
    size_t i = 0;
    while (i < len && sniff_ws(head[i]))
        i++;
    if (i >= len || head[i++] != '(')
        return false;
    while (i < len && sniff_ws(head[i]))
        i++;
    if (i >= len || head[i++] != ';')
        return false;
    for (;;) {
        while (i < len && sniff_ws(head[i]))
            i++;
        if (i >= len)
            return false;
        if (head[i] == ';' || head[i] == ')') {
            out[0] = '\0'; /* the root node is over: no CA */
            return true;
        }
        if (head[i] == '(')
            return false; /* a variation, or an empty one that is skipped */
        size_t id = i;
        while (i < len && ((head[i] >= 'A' && head[i] <= 'Z') ||
                           (i > id && head[i] >= '0' && head[i] <= '9')))
            i++; /* digits after a capital: LZOP2 */
        size_t id_len = i - id;
        bool ca = id_len == 2 && head[id] == 'C' && head[id + 1] == 'A';
        while (i < len && sniff_ws(head[i]))
            i++;
        if (!id_len || i >= len || head[i] != '[')
            return false;
        /* the values of the property */
        while (i < len && head[i] == '[') {
            size_t end = sniff_value_end(head, len, i + 1);
            if (end >= len)
                return false;
            if (ca) {
                size_t n = end - i - 1;
                if (!n || n >= size)
                    return false;
                for (size_t k = i + 1; k < end; k++) {
                    char c = head[k];
                    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                          (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                          c == '.' || c == ':' || c == '+'))
                        return false;
                }
                memcpy(out, head + i + 1, n);
                out[n] = '\0';
                return true;
            }
            i = end + 1;
            while (i < len && sniff_ws(head[i]))
                i++;
        }
    }
}

/* The CA of the first game tree in head, as written ("" when none): the
 * parser's events over head, up to the end of the first root node, with
 * the context's own input, before the run reads it.  What the parser leaves in the context is put back: its
 * messages are not reported (nor counted), the text before the data (-k)
 * is read again by the real parse.  Plain input is read without the
 * parser. */
void sgft__dec_sniff_ca(sgft_ctx *ctx, const char *head, size_t len,
                        char *out, size_t size) {
    if (!sgft__dec_sniff_ca_fast(head, len, out, size))
        sgft__dec_sniff_ca_parse(ctx, head, len, out, size);
}

void sgft__dec_sniff_ca_parse(sgft_ctx *ctx, const char *head, size_t len,
                              char *out, size_t size) {
    /* On the stack, not static: a static table of the functions' addresses
     * would be relocated at each start (internal.h). */
    const sgft_events ev = {sniff_tree_begin, sniff_node, sniff_property,
                            sniff_value, sniff_tree_end};
    ca_sniff s = {0};
    s.out = out;
    s.size = size;
    out[0] = '\0';
    sgft_summary sum = ctx->sum;
    sgft_diag_fn fn = ctx->diag_fn;
    size_t header = ctx->header.len;
    ctx->diag_fn = NULL;
    sgft_memory m = {head, len, 0};
    sgft__input_start(ctx, sgft_memory_read, &m);
    sgft__parse_events(ctx, &ev, &s, &s.done);
    sgft__input_stop(ctx);
    ctx->diag_fn = fn;
    ctx->sum = sum;
    ctx->tree = NULL;
    ctx->header.len = header;
    if (ctx->header.data)
        ctx->header.data[header] = '\0';
}
