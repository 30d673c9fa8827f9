/* diag.c - the message catalogue, the severity policies and the reporting
 * of diagnostics to the context's callback.  No other file decides a
 * severity or formats a message. */
#include "internal.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The keys and texts are arrays of one struct, and the catalogue holds
 * their offsets in it (no pointers: internal.h). */
struct msg_strings {
    char none; /* offset 0: no message of that number */
#define MSG(num, key, cls, crit, text)                                        \
    char key_##num[sizeof #key];                                              \
    char text_##num[sizeof text];
#include "msg_list.h"
#undef MSG
};

static const struct msg_strings msg_strings SGFT_RARE_DATA = {
    0,
#define MSG(num, key, cls, crit, text) #key, text,
#include "msg_list.h"
#undef MSG
};

typedef struct msg_info {
    unsigned short key, text; /* offsets in msg_strings */
    unsigned char cls;
    unsigned char critical;
} msg_info;

_Static_assert(sizeof(struct msg_strings) <= 0xffff,
               "the catalogue's offsets fit in 16 bits");

static const msg_info catalogue[SGFT_MAX_MSG] = {
#define MSG(num, key, cls, crit, text)                                        \
    [num] = {offsetof(struct msg_strings, key_##num),                         \
             offsetof(struct msg_strings, text_##num), cls, crit},
#include "msg_list.h"
#undef MSG
};

/* The string at offset off of msg_strings. */
static const char *msg_string(unsigned short off) {
    return (const char *)&msg_strings + off;
}

bool sgft_msg_known(int n) {
    return n > 0 && n < SGFT_MAX_MSG && catalogue[n].key != 0;
}

const char *sgft_msg_key(int n) {
    return sgft_msg_known(n) ? msg_string(catalogue[n].key) : NULL;
}

const char *sgft_msg_text(int n) {
    return sgft_msg_known(n) ? msg_string(catalogue[n].text) : NULL;
}

int sgft__msg_class(int n) {
    return sgft_msg_known(n) ? catalogue[n].cls : -1;
}

bool sgft__msg_critical(int n) {
    return sgft_msg_known(n) && catalogue[n].critical;
}

char sgft_severity_letter(sgft_severity s) {
    switch (s) {
    case SGFT_INFO: return 'I';
    case SGFT_WARNING: return 'W';
    case SGFT_ERROR: return 'E';
    case SGFT_FATAL: return 'F';
    }
    return '?';
}

const char *sgft_severity_name(sgft_severity s) {
    switch (s) {
    case SGFT_INFO: return "info";
    case SGFT_WARNING: return "warning";
    case SGFT_ERROR: return "error";
    case SGFT_FATAL: return "fatal";
    }
    return "?";
}

/* The one place where a class becomes a severity: E4 follows the FF of the
 * tree the message is about (r->ff, which the rules give), W/r follows
 * -r. */
static sgft_severity resolve(const sgft_ctx *ctx, const msg_info *m,
                             const report *r) {
    bool as_error = r && r->as_error;
    switch (r && r->e4 ? C_E4 : (msg_class)m->cls) {
    case C_FATAL: return SGFT_FATAL;
    case C_ERROR: return SGFT_ERROR;
    case C_WARN: return as_error ? SGFT_ERROR : SGFT_WARNING;
    case C_E4:
        return !r || !r->ff || r->ff >= 4 ? SGFT_ERROR : SGFT_WARNING;
    case C_WR: return ctx->opt.strict || as_error ? SGFT_ERROR : SGFT_WARNING;
    case C_INFO: return SGFT_INFO;
    }
    return SGFT_ERROR;
}

/* Appends s[0..len) to b for display inside a one-line message: control
 * characters become spaces, and (when cut_long) long values are cut at a
 * character boundary with "...". */
static void put_display(buf *b, const char *s, size_t len, bool cut_long) {
    enum { MAX_SHOWN = 60 };
    size_t n = len;
    bool cut = false;
    if (cut_long && n > MAX_SHOWN) {
        n = MAX_SHOWN;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
        cut = true;
    }
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            sgft__buf_putc(b, (char)(c < 0x20 || c == 0x7F ? ' ' : c));
            i++;
            continue;
        }
        /* Messages are UTF-8: a byte that is not part of a well-formed
         * character (text not yet converted) shows as U+FFFD. */
        size_t cl = sgft__utf8_seq_len(c);
        if (cl > 1 && i + cl <= n && sgft__utf8_valid(s + i, cl)) {
            sgft__buf_put(b, s + i, cl);
            i += cl;
        } else {
            sgft__buf_puts(b, "\xEF\xBF\xBD");
            i++;
        }
    }
    if (cut)
        sgft__buf_puts(b, "...");
}

static void format(buf *b, const char *tmpl, const report *r) {
    bool used_detail = false;
    b->len = 0;
    sgft__buf_reserve(b, 128);
    if (b->data)
        b->data[0] = '\0';
    for (const char *t = tmpl; *t; t++) {
        if (*t != '%' || !t[1]) {
            sgft__buf_putc(b, *t);
            continue;
        }
        t++;
        const char *s = NULL;
        size_t len = 0;
        switch (*t) {
        case 'p': s = r ? r->prop : NULL; break;
        case 'v':
            s = r ? r->value : NULL;
            len = r ? r->value_len : 0;
            break;
        case 'o':
            s = r ? r->old : NULL;
            len = r ? r->old_len : 0;
            break;
        case 'd':
            s = r ? r->detail : NULL;
            used_detail = true;
            break;
        default: sgft__buf_putc(b, *t); continue;
        }
        if (s)
            put_display(b, s, len ? len : strlen(s), *t != 'd');
    }
    if (!used_detail && r && r->detail) {
        sgft__buf_puts(b, ": ");
        put_display(b, r->detail, strlen(r->detail), false);
    }
}

void sgft__report(sgft_ctx *ctx, msg_id code, bool has_pos, uint64_t off,
                  const report *r) {
    const msg_info *m = &catalogue[code];
    sgft_severity sev = resolve(ctx, m, r);
    if (sev != SGFT_FATAL &&
        (ctx->opt.disabled[code] ||
         (ctx->opt.no_warnings && sev == SGFT_WARNING))) {
        ctx->sum.ignored++;
        return;
    }
    switch (sev) {
    case SGFT_FATAL: ctx->sum.fatal++; break;
    case SGFT_ERROR: ctx->sum.errors++; break;
    case SGFT_WARNING: ctx->sum.warnings++; break;
    case SGFT_INFO: ctx->sum.infos++; break;
    }
    if (m->critical)
        ctx->sum.critical++;
    if (!ctx->diag_fn)
        return;
    sgft_diag d;
    memset(&d, 0, sizeof d);
    d.code = (int)code;
    d.key = msg_string(m->key);
    d.severity = sev;
    d.critical = m->critical;
    d.has_pos = has_pos;
    if (has_pos) {
        d.offset = off;
        if (r && r->pos_known) {
            d.line = r->line;
            d.col = r->col;
        } else {
            sgft__input_position(&ctx->in, off, &d.line, &d.col);
        }
    }
    if ((code == M_BAD_VALUE_CORRECTED || code == M_COMPOSE_CORRECTED ||
         code == M_GAMEINFO_WORDS || code == M_FOX_KOMI) &&
        has_pos && r && r->old && r->value) {
        d.fix_old = r->old;
        d.fix_old_len = r->old_len ? r->old_len : strlen(r->old);
        d.fix_new = r->value;
        d.fix_new_len = r->value_len ? r->value_len : strlen(r->value);
    }
    format(&ctx->msgbuf, msg_string(m->text), r);
    d.text = ctx->msgbuf.oom || !ctx->msgbuf.data ? msg_string(m->text) : ctx->msgbuf.data;
    ctx->diag_fn(&d, ctx->diag_data);
}

void sgft_report(sgft_ctx *ctx, int code, const char *detail) {
    if (!sgft_msg_known(code))
        return;
    report r = {0};
    r.detail = detail;
    sgft__report(ctx, (msg_id)code, false, 0, &r);
}
