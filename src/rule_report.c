/* rule_report.c - what the rule files (rules_*.c) share below them: the
 * messages of a rule about its game tree, the decoded form of a simple
 * value, and the scratch of the point rules.  The engine (rules.c) calls
 * the rules; the rules call these; nothing here calls a rule or the
 * engine, so the rule files and the engine make no circle. */
#include "rules.h"

#include <stdlib.h>

void sgft__rep(checker *k, msg_id code, bool has_pos, uint64_t off,
               report *r) {
    report none = {0};
    if (!r)
        r = &none;
    /* Class E4 follows the FF of the tree the message is about. */
    r->ff = k->tree->ff;
    sgft__report(k->ctx, code, has_pos, off, r);
}

bool sgft__has_kind(const node *n, prop_kind kind) {
    for (const prop *p = n->props; p; p = p->next)
        if (p->id != P_UNKNOWN && sgft__props[p->id].kind == kind)
            return true;
    return false;
}

void sgft__rep_prop(checker *k, msg_id code, const prop *p,
                    const char *detail) {
    report r = {0};
    r.prop = p->name;
    r.detail = detail;
    sgft__rep(k, code, true, p->off, &r);
}

void sgft__rep_deleted(checker *k, msg_id code, const prop *p,
                       const char *detail) {
    report r = {0};
    r.prop = p->name;
    r.detail = detail;
    r.value = "";
    if (p->values && p->values->len) {
        r.value = value_bytes(k->ctx, p->values);
        r.value_len = p->values->len;
    }
    r.old = p->values && p->values->next ? " ..." : "";
    sgft__rep(k, code, true, p->off, &r);
}

void sgft__rep_value(checker *k, msg_id code, const prop *p, const value *v,
                     const char *newv, size_t newlen, const char *detail) {
    report r = {0};
    r.prop = p->name;
    if (newv) {
        r.value = newv;
        r.value_len = newlen;
        r.old = value_bytes(k->ctx, v);
        r.old_len = v->len;
    } else {
        r.value = value_bytes(k->ctx, v);
        r.value_len = v->len;
    }
    /* An empty value shows as nothing: the slot must not read strlen. */
    if (r.value && !r.value_len)
        r.value = "";
    if (r.old && !r.old_len)
        r.old = "";
    r.detail = detail;
    /* DT, RE, KM and TM follow the E4 policy (spec 7). */
    r.e4 = p->id != P_UNKNOWN && (sgft__props[p->id].flags & PF_E4);
    sgft__rep(k, code, true, value_pos(v), &r);
}

void sgft__decode_simple(checker *k, buf *b, const value *v) {
    const char *s = value_bytes(k->ctx, v);
    bool plain = !(v->flags & VALF_DECODED);
    for (size_t i = 0; i < v->len && plain; i++)
        plain = (unsigned char)s[i] > ' ' && s[i] != '\\';
    if (plain) {
        b->len = 0;
        sgft__buf_put(b, s, v->len); /* nothing to decode */
    } else {
        sgft__value_text(k->ctx, b, v, true, SGFT_LB_HARD);
    }
    sgft__buf_reserve(b, 1);
    if (b->data)
        b->data[b->len] = '\0';
}

point_scratch *sgft__point_scratch(checker *k) {
    if (!k->pts && !(k->pts = malloc(sizeof *k->pts)))
        k->ctx->status = SGFT_ENOMEM;
    return k->pts;
}
