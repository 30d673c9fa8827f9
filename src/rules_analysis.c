/* rules_analysis.c - --strip-analysis: the analysis that programs built
 * around Go engines (Lizzie, LizzieYzy, KaTrain, Sabaki, Ogatak, q5Go,
 * GoReviewPartner) store in their private properties is deleted
 * (analysis_list.h), and so is the text KaTrain writes into comments,
 * which it marks as its own.  Moves, comments and every other property
 * stay.  What went is counted per game tree (140, 141).
 */
#include "rules.h"

#include <stdio.h>
#include <string.h>

static const struct analysis_id {
    char id[8];
    analysis_when when;
} ids[AN__COUNT] = {
#define ANALYSIS(id, when) {#id, when},
#include "analysis_list.h"
#undef ANALYSIS
};

/* Each id with its NUL fits in the array. */
#define ANALYSIS(key, when)                                                   \
    _Static_assert(sizeof #key <= sizeof ids[0].id, "the id " #key " fits");
#include "analysis_list.h"
#undef ANALYSIS

static int analysis_index(const prop *p) {
    if (p->id != P_UNKNOWN) /* never a property of the specification */
        return -1;
    for (int i = 0; i < AN__COUNT; i++)
        if (strcmp(ids[i].id, p->name) == 0)
            return i;
    return -1;
}

/* The marks that make AN_LIZZIE and AN_GRP ids certain: LizzieYzy's
 * LZ, LZ2, LZOP or LZOP2 anywhere in the tree, or an AP that starts with
 * "Lizzie"; GoReviewPartner's RSGF in the root. */
static void scan_marks(checker *k) {
    k->analysis_scanned = true;
    node *root = k->tree->root;
    for (prop *p = root->props; p; p = p->next)
        if (analysis_index(p) == AN_RSGF)
            k->analysis_marks |= 1u << AN_GRP;
    prop *ap = sgft__prop_find(root, P_AP);
    if (ap && ap->values && ap->values->len >= 6 &&
        memcmp(value_bytes(k->ctx, ap->values), "Lizzie", 6) == 0)
        k->analysis_marks |= 1u << AN_LIZZIE;
    for (node *n = root; n && !(k->analysis_marks & (1u << AN_LIZZIE));
         n = sgft__node_next_preorder(n))
        for (prop *p = n->props; p; p = p->next) {
            int i = analysis_index(p);
            if (i == AN_LZ || i == AN_LZ2 || i == AN_LZOP || i == AN_LZOP2) {
                k->analysis_marks |= 1u << AN_LIZZIE;
                break;
            }
        }
}

/* KaTrain writes a comment as the user's note, then its own texts, each
 * ending with U+3164 U+200B, all joined by U+3164 U+3164; reading the
 * file it keeps only the parts without that mark.  So do we: the parts
 * of the one value of C that hold the mark go, with the white space
 * around what is left; a comment left empty goes.  Returns false when
 * the comment went. */
#define KT_SEP "\xe3\x85\xa4\xe3\x85\xa4"  /* U+3164 U+3164 */
#define KT_MARK "\xe3\x85\xa4\xe2\x80\x8b" /* U+3164 U+200B */

static const char *find_bytes(const char *s, size_t len, const char *what) {
    size_t wl = strlen(what);
    for (size_t i = 0; i + wl <= len; i++)
        if (s[i] == what[0] && memcmp(s + i, what, wl) == 0)
            return s + i;
    return NULL;
}

static bool cut_katrain(checker *k, node *n, prop *c) {
    value *v = c->values;
    if (!v || v->next ||
        !find_bytes(value_bytes(k->ctx, v), v->len, KT_MARK))
        return true;
    buf *t = &k->a, *out = &k->b;
    sgft__value_text(k->ctx, t, v, false, k->ctx->opt.linebreaks);
    if (!t->data || !find_bytes(t->data, t->len, KT_MARK))
        return true;
    out->len = 0;
    const char *s = t->data, *end = t->data + t->len;
    while (s <= end) {
        const char *sep = find_bytes(s, (size_t)(end - s), KT_SEP);
        const char *e = sep ? sep : end;
        if (!find_bytes(s, (size_t)(e - s), KT_MARK)) {
            if (out->len)
                sgft__buf_puts(out, KT_SEP);
            sgft__buf_put(out, s, (size_t)(e - s));
        }
        if (!sep)
            break;
        s = sep + strlen(KT_SEP);
    }
    size_t a = 0, b = out->len;
    while (a < b && strchr(" \t\r\n", out->data[a]))
        a++;
    while (b > a && strchr(" \t\r\n", out->data[b - 1]))
        b--;
    k->katrain_cut++;
    if (a == b) {
        k->katrain_emptied++;
        sgft__fix_delete_prop(n, c);
        return false;
    }
    sgft__fix_set_text(k->ctx, c, out->data + a, b - a);
    return true;
}

/* Messages 140 and 141 for the tree just checked. */
static void report_counts(checker *k) {
    unsigned long total = 0;
    for (int i = 0; i < AN__COUNT; i++)
        total += k->analysis_deleted[i];
    uint64_t off = k->tree->root->off;
    char count[32];
    report r = {0};
    if (total) {
        buf *d = &k->a;
        d->len = 0;
        for (int i = 0; i < AN__COUNT; i++) {
            if (!k->analysis_deleted[i])
                continue;
            char one[48];
            snprintf(one, sizeof one, "%s%s %lu", d->len ? ", " : "",
                     ids[i].id, k->analysis_deleted[i]);
            sgft__buf_puts(d, one);
        }
        sgft__buf_reserve(d, 1);
        if (d->data) {
            d->data[d->len] = '\0';
            snprintf(count, sizeof count, "%lu", total);
            r.value = count;
            r.detail = d->data;
            sgft__rep(k, M_ANALYSIS_DELETED, true, off, &r);
        }
    }
    if (k->katrain_cut) {
        char detail[64] = "";
        if (k->katrain_emptied)
            snprintf(detail, sizeof detail, " (%lu left empty and deleted)",
                     k->katrain_emptied);
        snprintf(count, sizeof count, "%lu", k->katrain_cut);
        r.value = count;
        r.detail = detail;
        sgft__rep(k, M_ANALYSIS_TEXT_CUT, true, off, &r);
    }
}

/* With --strip-analysis the rule sees every property, plain moves too
 * (the first it meets starts the scan of the tree); without, none. */
unsigned sgft__plain_analysis(const checker *k) {
    return k->ctx->opt.strip_analysis ? 0 : 3;
}

bool sgft__rule_analysis(checker *k, node *n, prop *p, value *v) {
    (void)v;
    if (!k->ctx->opt.strip_analysis)
        return true;
    if (!p) { /* after the walk */
        report_counts(k);
        return true;
    }
    if (!k->analysis_scanned)
        scan_marks(k);
    if (p->id == P_C)
        return cut_katrain(k, n, p);
    int i = analysis_index(p);
    if (i < 0 || (ids[i].when != AN_ALWAYS &&
                  !(k->analysis_marks & (1u << ids[i].when))))
        return true;
    k->analysis_deleted[i]++;
    sgft__fix_delete_prop(n, p);
    return false;
}
