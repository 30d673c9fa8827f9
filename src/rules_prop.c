/* rules_prop.c - the rules of a property as a whole, before its values
 * are read: a property at most once per node (28), deleted on request
 * (-y, -o), its identifier (16, 35), its FF version (40), the conversions
 * of obsolete properties (L, KI; M waits for the board) and root
 * properties outside the root (32).  See rule_list.h for the order.
 */
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- duplicates -------------------------------------------------------- */

/* The texts of p's values joined with a blank line, empty ones left out,
 * as one decoded value. */
static void join_texts(checker *k, prop *p) {
    buf *b = &k->b;
    b->len = 0;
    for (value *v = p->values; v; v = v->next) {
        sgft__value_text(k->ctx, &k->a, v, false, k->ctx->opt.linebreaks);
        if (!k->a.len)
            continue;
        if (b->len)
            sgft__buf_puts(b, "\n\n");
        sgft__buf_put(b, k->a.data, k->a.len);
    }
    sgft__fix_set_text(k->ctx, p, b->data ? b->data : "", b->len);
}

/* Whether no value of p is composed where its type needs it: each is
 * deleted (23), and so is p.  SGFC drops such values as it reads them,
 * before it looks at duplicates (28) or the FF version (40). */
static bool all_values_uncomposed(const checker *k, const prop *p) {
    value_type vt = (value_type)info(p)->vt;
    if (vt != VT_APP && vt != VT_LABEL && vt != VT_ARROW)
        return false;
    for (const value *v = p->values; v; v = v->next)
        if (sgft__compose_split(value_bytes(k->ctx, v), v->len) != v->len)
            return false;
    return true;
}

/* Message 28: a property given twice in a node.  Lists (and unknown
 * properties, whose type is not known) are merged, the texts C and GC
 * joined with a blank line, others keep the first.  Linear in the number
 * of properties (unknown ones sorted). */
bool sgft__rule_duplicates(checker *k, node *n, prop *p_, value *v_) {
    (void)p_, (void)v_;
    if (!n->props || !n->props->next)
        return true;
    /* Most nodes hold no property twice: seen first, cheaply. */
    uint64_t seen[(P__COUNT + 63) / 64] = {0};
    size_t unknowns = 0;
    bool twice = false;
    for (prop *p = n->props; p && !twice; p = p->next) {
        if (p->id == P_UNKNOWN) {
            twice = ++unknowns > 1;
            continue;
        }
        uint64_t bit = (uint64_t)1 << (p->id % 64);
        twice = (seen[p->id / 64] & bit) != 0;
        seen[p->id / 64] |= bit;
    }
    if (!twice)
        return true;
    prop *first[P__COUNT];
    memset(first, 0, sizeof first);
    size_t unknown = 0;
    for (prop *p = n->props; p; p = p->next)
        unknown += p->id == P_UNKNOWN;
    bool merged = false;
    if (unknown > 1) {
        prop **u = malloc(unknown * sizeof *u);
        if (!u) {
            k->ctx->status = SGFT_ENOMEM;
            return true;
        }
        size_t c = 0;
        for (prop *p = n->props; p; p = p->next)
            if (p->id == P_UNKNOWN)
                u[c++] = p;
        qsort(u, c, sizeof *u, sgft__prop_name_cmp);
        /* u[f]: the first of the names equal to u[i]'s so far */
        for (size_t i = 1, f = 0; i < c; i++) {
            if (strcmp(u[f]->name, u[i]->name) != 0) {
                f = i;
                continue;
            }
            sgft__rep_prop(k, M_DUPLICATE_PROP, u[i], "values merged");
            sgft__fix_merge(u[f], u[i]);
            merged = true;
        }
        free(u);
    }
    bool join = false;
    for (prop *p = n->props; p; p = p->next) {
        if (p->flags & PROPF_DROP)
            continue;
        /* Its values will be deleted (23) and it with them: SGFC drops
         * them as it reads them, and another one is then no duplicate. */
        if (p->id != P_UNKNOWN && all_values_uncomposed(k, p))
            continue;
        prop *f = p->id == P_UNKNOWN ? NULL : first[p->id];
        if (!f) {
            if (p->id != P_UNKNOWN)
                first[p->id] = p;
            continue;
        }
        const prop_info *pi = info(p);
        merged = true;
        if (pi->flags & (PF_LIST | PF_ELIST)) {
            sgft__rep_prop(k, M_DUPLICATE_PROP, p, "values merged");
            sgft__fix_merge(f, p);
        } else if (pi->vt == VT_TEXT) {
            sgft__rep_prop(k, M_DUPLICATE_PROP, p, "texts joined");
            sgft__fix_merge(f, p);
            f->flags |= PROPF_JOIN;
            join = true;
        } else {
            sgft__rep_prop(k, M_DUPLICATE_PROP, p, "later one deleted");
            sgft__fix_merge(NULL, p);
        }
    }
    if (merged)
        sgft__fix_drop_merged(n);
    if (join)
        for (prop *p = n->props; p; p = p->next)
            if (p->flags & PROPF_JOIN) {
                p->flags &= ~(unsigned)PROPF_JOIN;
                join_texts(k, p);
            }
    return true;
}

/* --- identity ------------------------------------------------------------ */

/* A plain move of an id -y keeps is left alone (rule_list.h). */
unsigned sgft__plain_delete_request(const checker *k) {
    const unsigned char *del = k->ctx->opt.deleted;
    return (unsigned)!del[P_B] | (unsigned)!del[P_W] << 1;
}

bool sgft__rule_delete_request(checker *k, node *n, prop *p, value *v) {
    (void)v;
    if (p->id == P_UNKNOWN || !k->ctx->opt.deleted[p->id])
        return true;
    sgft__rep_prop(k, M_PROP_DELETED, p, NULL);
    sgft__fix_delete_prop(n, p);
    return false;
}

/* --strip-times: the clock of the moves goes, the time left (BL, WL)
 * and the moves left in the period (OB, OW); after the walk, message 144
 * at the root counts them, per id. */
bool sgft__rule_strip_times(checker *k, node *n, prop *p, value *v) {
    static const prop_id ids[4] = {P_BL, P_WL, P_OB, P_OW};
    (void)v;
    if (!k->ctx->opt.strip_times)
        return true;
    if (p) {
        for (int i = 0; i < 4; i++)
            if (p->id == ids[i]) {
                k->times_deleted[i]++;
                sgft__fix_delete_prop(n, p);
                return false;
            }
        return true;
    }
    unsigned long total = 0;
    char detail[160] = "";
    size_t len = 0;
    for (int i = 0; i < 4; i++) {
        if (!k->times_deleted[i])
            continue;
        total += k->times_deleted[i];
        int w = snprintf(detail + len, sizeof detail - len, "%s%s %lu",
                         len ? ", " : "", sgft__props[ids[i]].id,
                         k->times_deleted[i]);
        if (w > 0 && (size_t)w < sizeof detail - len)
            len += (size_t)w;
    }
    if (total) {
        char count[24];
        snprintf(count, sizeof count, "%lu", total);
        report r = {0};
        r.value = count;
        r.detail = detail;
        sgft__rep(k, M_TIMES_DELETED, true, k->tree->root->off, &r);
    }
    return true;
}

/* Lowercase letters in FF[4] (16); unknown properties (35), also those
 * of another game, deleted with -u. */
bool sgft__rule_identifier(checker *k, node *n, prop *p, value *v) {
    (void)v;
    sgft_ctx *ctx = k->ctx;
    if ((p->flags & PROPF_LOWERCASE) && k->tree->ff >= 4) {
        report r = {0};
        r.prop = p->name;
        r.old = p->raw_name;
        sgft__rep(k, M_LOWERCASE_ID, true, p->off, &r);
    }
    /* A Go property in another game is just unknown there. */
    if (p->id != P_UNKNOWN && sgft__prop_in_game(p->id, k->game))
        return true;
    sgft__rep_prop(k, M_UNKNOWN_PROP, p,
                   ctx->opt.delete_unknown ? "deleted" : "kept");
    if (ctx->opt.delete_unknown)
        sgft__fix_delete_prop(n, p);
    return false;
}

/* KI (integer komi, SGB) becomes KM = KI / 2, unless KM is there (59). */
bool sgft__rule_ki_to_km(checker *k, node *n, prop *ki, value *v) {
    (void)v;
    if (ki->id != P_KI)
        return true;
    prop *km = sgft__prop_find(n, P_KM);
    report r = {0};
    if (km || !ki->values) {
        r.detail = "deleted (KM is present)";
        sgft__rep(k, M_KI_CONVERTED, true, ki->off, &r);
        sgft__fix_delete_prop(n, ki);
        return false;
    }
    sgft__decode_simple(k, &k->a, ki->values);
    k->b.len = 0;
    if (sgft__val_number(k->a.data, k->a.len, &k->b) == VR_BAD) {
        r.detail = "deleted (not a number)";
        sgft__rep(k, M_KI_CONVERTED, true, ki->off, &r);
        sgft__fix_delete_prop(n, ki);
        return false;
    }
    long half = strtol(k->b.data, NULL, 10);
    char komi[48];
    int len = snprintf(komi, sizeof komi, "%s%ld%s",
                       half < 0 && half / 2 == 0 ? "-" : "", half / 2,
                       half % 2 ? ".5" : "");
    char detail[80];
    snprintf(detail, sizeof detail, "converted to KM[%s]", komi);
    r.detail = detail;
    sgft__rep(k, M_KI_CONVERTED, true, ki->off, &r);
    sgft__fix_value(k->ctx, ki->values, komi, (size_t)len);
    sgft__fix_keep_value(ki, ki->values);
    sgft__fix_rename(ki, P_KM);
    /* The root's KM is read in the Fox server's convention before the
     * walk: this one too, as it will be when the output is read again. */
    if (n == k->tree->root)
        sgft__rule_fox_komi(k, n, NULL, NULL);
    return false;
}

bool sgft__rule_ff_version(checker *k, node *n, prop *p, value *v) {
    (void)n, (void)v;
    const prop_info *pi = info(p);
    /* A property a repair made (LB from L) is not the file's. */
    if (((pi->ff >> (k->tree->ff - 1)) & 1) || (p->flags & PROPF_ADDED) ||
        all_values_uncomposed(k, p))
        return true;
    char detail[40];
    report r = {0};
    r.prop = p->name;
    snprintf(detail, sizeof detail, "%d", k->tree->ff);
    r.value = detail;
    r.detail = p->id == P_L   ? ": converted to <LB>"
               : p->id == P_M ? ": converted to <MA>"
                              : "";
    sgft__rep(k, M_NOT_IN_THIS_FF, true, p->off, &r);
    return true;
}

/* L (FF[1] letters) becomes LB with the labels A, B, C ... (spec 6.11). */
bool sgft__rule_l_to_lb(checker *k, node *n, prop *l, value *v_) {
    (void)v_;
    if (l->id != P_L)
        return true;
    prop *lb = sgft__fix_find_or_add(k->ctx, n, P_LB, l->off);
    if (!lb)
        return false;
    unsigned i = 0;
    for (value *v = l->values; v; v = v->next, i++) {
        sgft__decode_simple(k, &k->a, v);
        if (is_blank(k->a.data, k->a.len))
            continue;
        int x, y;
        if (k->game->points &&
            sgft__val_point(k->a.data, k->a.len, k->cols, k->rows, &x, &y) ==
                VR_BAD) {
            sgft__rep_value(k, M_BAD_VALUE_DELETED, l, v, NULL, 0, NULL);
            continue;
        }
        char label[16];
        int len;
        if (i < 26)
            len = snprintf(label, sizeof label, "%c", 'A' + i);
        else
            len = snprintf(label, sizeof label, "%u", i + 1);
        k->b.len = 0;
        sgft__buf_put(&k->b, k->a.data, k->a.len);
        sgft__buf_putc(&k->b, ':');
        sgft__buf_put(&k->b, label, (size_t)len);
        sgft__fix_add_value(k->ctx, lb, k->b.data, k->b.len, v->off);
    }
    sgft__fix_delete_prop(n, l);
    return false;
}

/* -o: obsolete properties go, but those that are converted (M becomes MA
 * or TR once the board is known). */
bool sgft__rule_obsolete(checker *k, node *n, prop *p, value *v) {
    (void)v;
    const prop_info *pi = info(p);
    if ((pi->ff & FF_4) || (pi->flags & PF_CONVERTED) ||
        !k->ctx->opt.delete_obsolete)
        return true;
    sgft__rep_prop(k, M_PROP_DELETED, p, NULL);
    sgft__fix_delete_prop(n, p);
    return false;
}

bool sgft__rule_root_only(checker *k, node *n, prop *p, value *v) {
    (void)v;
    if (sgft__props[p->id].kind != PK_ROOT || n == k->tree->root)
        return true;
    sgft__rep_deleted(k, M_ROOT_PROP_NOT_ROOT, p, NULL);
    sgft__fix_delete_prop(n, p);
    return false;
}
