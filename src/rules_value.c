/* rules_value.c - the rules of values: one value where the type takes one
 * (13), and each value read as its type: Number, Real, Double, Color
 * (14, 15), Text (17), the game-info formats (15, 33; -i asks), composed
 * values (23, 25), Go moves and passes (14, 15, 65), the points, point
 * lists and moves of the other games games.c knows (14, 15, 25); the
 * points of the other games keep their text.  Go's point lists are read
 * with their group (rules_node.c).  See rule_list.h for the order.
 */
#include "gameinfo.h"
#include "rules.h"

#include <stdio.h>
#include <string.h>

bool sgft__values_checked(const checker *k, const prop *p) {
    if (p->id == P_UNKNOWN || p->id == P_FF || p->id == P_GM ||
        p->id == P_SZ)
        return false; /* unknown: kept as read; FF, GM, SZ: with the root */
    if (!sgft__prop_in_game(p->id, k->game))
        return false;
    return !(is_point_list(p) && k->game->points);
}

/* Message 13: a single-value property keeps its first non-empty value;
 * when all are empty, the last (as SGFC, whose 17 is then at that one). */
void sgft__single_value(checker *k, prop *p) {
    if (!p->values || !p->values->next)
        return;
    value *keep = p->last_value;
    for (value *v = p->values; v; v = v->next) {
        sgft__decode_simple(k, &k->a, v);
        if (!is_blank(k->a.data, k->a.len)) {
            keep = v;
            break;
        }
    }
    /* at the second value's '[', as SGFC gives it */
    report r = {0};
    r.prop = p->name;
    sgft__rep(k, M_TOO_MANY_VALUES, true, value_pos(p->values->next),
                 &r);
    sgft__fix_keep_value(p, keep);
}

bool sgft__rule_single_value(checker *k, node *n, prop *p, value *v) {
    (void)n, (void)v;
    if (!(sgft__props[p->id].flags & (PF_LIST | PF_ELIST)))
        sgft__single_value(k, p);
    return true;
}

/* A simple typed value: returns false when v must be deleted. */
static bool check_simple(checker *k, prop *p, value *v, value_type vt) {
    sgft__decode_simple(k, &k->a, v);
    buf *out = &k->b;
    out->len = 0;
    vresult r;
    bool spaced = false;
    switch (vt) {
    case VT_NUMBER:
        spaced = sgft__unspace(&k->a, false);
        r = sgft__val_number(k->a.data, k->a.len, out);
        break;
    case VT_REAL:
        spaced = sgft__unspace(&k->a, true);
        r = sgft__val_real(k->a.data, k->a.len, out);
        if (r == VR_BAD && (p->id == P_BL || p->id == P_WL)) {
            out->len = 0; /* a clock, 0:07:42: its seconds */
            r = sgft__val_clock(k->a.data, k->a.len, out);
        }
        break;
    case VT_DOUBLE: r = sgft__val_double(k->a.data, k->a.len, out); break;
    case VT_COLOR: r = sgft__val_color(k->a.data, k->a.len, out); break;
    default: return true;
    }
    if (r == VR_BAD) {
        /* Game-info is kept when it cannot be repaired (spec 3.3). */
        if (sgft__props[p->id].kind == PK_GAMEINFO) {
            sgft__rep_value(k, M_GAMEINFO_FORMAT, p, v, NULL, 0, NULL);
            return true;
        }
        sgft__rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
        return false;
    }
    if (r == VR_OK && !spaced && (vt == VT_NUMBER || vt == VT_REAL)) {
        /* Legal as written (+1.50, 007): kept so, without the white space
         * around it. */
        out->len = 0;
        sgft__buf_put(out, k->a.data ? k->a.data : "", k->a.len);
    }
    if (r == VR_FIXED || (r == VR_OK && spaced))
        sgft__rep_value(k, M_BAD_VALUE_CORRECTED, p, v, out->data, out->len,
                        NULL);
    if (out->len != v->len || memcmp(out->data, value_bytes(k->ctx, v), v->len))
        sgft__fix_value(k->ctx, v, out->data, out->len);
    return true;
}

/* Asks the caller's decider (-i) about a game-info value that cannot be
 * repaired, until it keeps it, deletes it or gives a value that can be
 * read; k->b then holds the new value.  Returns the decision. */
static sgft_decision ask(checker *k, prop *p, value *v, gi_fn fn,
                         gi_result *r) {
    sgft_ctx *ctx = k->ctx;
    char shown[256];
    snprintf(shown, sizeof shown, "%s", k->a.data ? k->a.data : "");
    for (;;) {
        char answer[256] = "";
        unsigned long line, col;
        sgft__input_position(&ctx->in, value_pos(v), &line, &col);
        sgft_decision d = ctx->decide(ctx->decide_data, p->name, shown, line,
                                      answer, sizeof answer);
        if (d != SGFT_REPLACE)
            return d;
        k->b.len = 0;
        *r = fn(answer, strlen(answer), &k->b);
        if (*r != GI_BAD)
            return d;
        snprintf(shown, sizeof shown, "%s", answer);
    }
}

/* DT, RE, KM, TM, HA: repaired where possible, else kept (33) or, with
 * -i, what the user decides.  Returns false when v must be deleted. */
static bool check_gameinfo(checker *k, prop *p, value *v, gi_fn fn) {
    sgft__decode_simple(k, &k->a, v);
    k->b.len = 0;
    value_type vt = (value_type)info(p)->vt;
    gi_result r;
    if (vt == VT_NUMBER || vt == VT_REAL) {
        /* HA, KM: white space in the number, as check_simple */
        r = sgft__gi_number(fn, vt == VT_REAL, &k->a, &k->b);
        if (r == GI_BAD)
            sgft__decode_simple(k, &k->a, v);
    } else {
        r = fn(k->a.data, k->a.len, &k->b);
    }
    if (r == GI_BAD) {
        /* in Chinese, Japanese or Korean words (131) */
        gi_fn words = p->id == P_HA   ? sgft__gi_words_handicap
                      : p->id == P_RE ? sgft__gi_words_result
                      : p->id == P_DT ? sgft__gi_words_date
                      : p->id == P_TM ? sgft__gi_words_time
                                      : NULL;
        k->b.len = 0;
        if (words)
            r = words(k->a.data, k->a.len, &k->b);
    }
    if (r == GI_BAD && k->ctx->decide) {
        sgft_decision d = ask(k, p, v, fn, &r);
        if (d == SGFT_DELETE) {
            sgft__rep_prop(k, M_PROP_DELETED, p, NULL);
            return false;
        }
        if (d == SGFT_REPLACE)
            r = GI_FIXED;
    }
    if (r == GI_BAD) {
        sgft__rep_value(k, M_GAMEINFO_FORMAT, p, v, NULL, 0, NULL);
        return true;
    }
    if (r == GI_OK) {
        /* Legal as written (KM[6.50], RE[W+12.50]): kept so, without the
         * white space around it. */
        const char *a = k->a.data ? k->a.data : "";
        size_t n = k->a.len;
        trim(&a, &n);
        k->b.len = 0;
        sgft__buf_put(&k->b, a, n);
    }
    if (r == GI_FIXED)
        sgft__rep_value(k, M_BAD_VALUE_CORRECTED, p, v, k->b.data, k->b.len,
                        NULL);
    else if (r == GI_WORDS)
        sgft__rep_value(k, M_GAMEINFO_WORDS, p, v, k->b.data, k->b.len, NULL);
    k->a.len = 0;
    sgft__escape(&k->a, k->b.data ? k->b.data : "", k->b.len, false);
    if (k->a.len != v->len ||
        memcmp(k->a.data ? k->a.data : "", value_bytes(k->ctx, v), v->len))
        sgft__fix_value(k->ctx, v, k->a.data ? k->a.data : "", k->a.len);
    return true;
}

/* BR, WR with --short-ranks: a rank in words whose kind the value says
 * ("职业九段", "3級", "9 dan pro") becomes its short form (137); any other
 * rank is kept as it is.  Without the option a rank is the user's words:
 * SimpleText, any form is legal. */
static void check_rank(checker *k, prop *p, value *v) {
    if (!k->ctx->opt.short_ranks)
        return;
    k->b.len = 0;
    if (sgft__gi_rank(k->a.data, k->a.len, &k->b) != GI_WORDS)
        return;
    sgft__rep_value(k, M_RANK_SHORT, p, v, k->b.data, k->b.len, NULL);
    sgft__fix_value(k->ctx, v, k->b.data, k->b.len);
}

/* A composed value: both parts decoded, written back escaped; returns
 * false when v must be deleted. */
static bool check_compose(checker *k, prop *p, value *v, value_type vt) {
    const char *raw = value_bytes(k->ctx, v);
    size_t colon = sgft__compose_split(raw, v->len);
    if (vt == VT_FIGURE && is_blank_value(k->ctx, v)) {
        if (v->len)
            sgft__fix_value(k->ctx, v, "", 0);
        return true;
    }
    if (colon == v->len) {
        if (vt == VT_FIGURE) {
            /* A bare diagram name gets the flags 0 (25). */
            sgft__decode_simple(k, &k->a, v);
            k->b.len = 0;
            sgft__buf_puts(&k->b, "0:");
            sgft__escape(&k->b, k->a.data, k->a.len, true);
            sgft__rep_value(k, M_COMPOSE_CORRECTED, p, v, k->b.data, k->b.len,
                            NULL);
            sgft__fix_value(k->ctx, v, k->b.data, k->b.len);
            return true;
        }
        sgft__rep_value(k, M_NOT_COMPOSED, p, v, NULL, 0, NULL);
        return false;
    }
    buf part[2];
    sgft__buf_init(&part[0]);
    sgft__buf_init(&part[1]);
    sgft__text_decode(&part[0], raw, colon, true, SGFT_LB_HARD);
    sgft__text_decode(&part[1], raw + colon + 1, v->len - colon - 1, true,
                      SGFT_LB_HARD);
    const char *s0 = part[0].data ? part[0].data : "";
    const char *s1 = part[1].data ? part[1].data : "";
    bool keep = true, fixed = false;
    k->b.len = 0;
    if (k->game->points && (vt == VT_LABEL || vt == VT_ARROW) && !colon) {
        /* "[:b]": an empty value to SGFC (17) */
        report r = {0};
        r.prop = p->name;
        r.as_error = true;
        sgft__rep(k, M_EMPTY_VALUE, true, value_pos(v), &r);
        keep = false;
    } else if (k->game->points && (vt == VT_LABEL || vt == VT_ARROW)) {
        int x1, y1, x2 = -1, y2 = -1;
        vresult r1 = sgft__val_point(s0, part[0].len, k->cols, k->rows, &x1, &y1);
        vresult r2 = vt == VT_ARROW ? sgft__val_point(s1, part[1].len, k->cols,
                                                      k->rows, &x2, &y2)
                                    : VR_OK;
        if (r1 == VR_BAD || r2 == VR_BAD ||
            (vt == VT_ARROW && x1 == x2 && y1 == y2)) {
            sgft__rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
            keep = false;
        } else {
            fixed = r1 == VR_FIXED || r2 == VR_FIXED;
            sgft__buf_putc(&k->b, sgft__coord_char(x1));
            sgft__buf_putc(&k->b, sgft__coord_char(y1));
            sgft__buf_putc(&k->b, ':');
            if (vt == VT_ARROW) {
                sgft__buf_putc(&k->b, sgft__coord_char(x2));
                sgft__buf_putc(&k->b, sgft__coord_char(y2));
            } else {
                sgft__escape(&k->b, s1, part[1].len, true);
            }
        }
    } else if (k->game->pts != PS_NONE && (vt == VT_LABEL || vt == VT_ARROW)) {
        /* The points of another game (spec 9), each in its own syntax. */
        int x1, y1, x2 = -1, y2 = -1;
        vresult r1 = sgft__game_point(k->game, s0, part[0].len, k->cols,
                                      k->rows, &k->b, &x1, &y1);
        vresult r2 = VR_OK;
        if (r1 != VR_BAD)
            sgft__buf_putc(&k->b, ':');
        if (r1 != VR_BAD && vt == VT_ARROW)
            r2 = sgft__game_point(k->game, s1, part[1].len, k->cols, k->rows,
                                  &k->b, &x2, &y2);
        if (r1 == VR_BAD || r2 == VR_BAD ||
            (vt == VT_ARROW && x1 == x2 && y1 == y2)) {
            sgft__rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
            keep = false;
        } else {
            fixed = r1 == VR_FIXED || r2 == VR_FIXED;
            if (vt == VT_LABEL)
                sgft__escape(&k->b, s1, part[1].len, true);
        }
    } else if (vt == VT_FIGURE) {
        buf num;
        sgft__buf_init(&num);
        vresult r = sgft__val_number(s0, part[0].len, &num);
        if (r == VR_BAD) {
            sgft__rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
            keep = false;
        } else {
            fixed = r == VR_FIXED;
            sgft__buf_put(&k->b, num.data, num.len);
            sgft__buf_putc(&k->b, ':');
            sgft__escape(&k->b, s1, part[1].len, true);
        }
        sgft__buf_free(&num);
    } else {
        sgft__escape(&k->b, s0, part[0].len, true);
        sgft__buf_putc(&k->b, ':');
        sgft__escape(&k->b, s1, part[1].len, true);
    }
    if (keep && fixed)
        sgft__rep_value(k, M_COMPOSE_CORRECTED, p, v, k->b.data, k->b.len,
                        NULL);
    if (keep)
        sgft__fix_value(k->ctx, v, k->b.data ? k->b.data : "", k->b.len);
    sgft__buf_free(&part[0]);
    sgft__buf_free(&part[1]);
    return keep;
}

/* A Go move: a point, or a pass ([] or, on boards up to 19x19, [tt]). */
static bool check_move(checker *k, prop *p, value *v) {
    if (v->len == 2) {
        /* The usual case: two letters on the board, kept as they are. */
        const char *s = value_bytes(k->ctx, v);
        int x = sgft__point_coord(s[0]), y = sgft__point_coord(s[1]);
        if (x >= 0 && y >= 0 && x < k->cols && y < k->rows &&
            !(x == 19 && y == 19 && k->cols <= 19 && k->rows <= 19))
            return true;
    } else if (v->len == 0 && k->tree->ff >= 4 && !k->ctx->opt.pass_tt) {
        return true; /* a pass, as it is written in FF[4] */
    }
    sgft__decode_simple(k, &k->a, v);
    bool small = k->cols <= 19 && k->rows <= 19;
    bool pass = is_blank(k->a.data, k->a.len);
    if (!pass && small) {
        k->b.len = 0;
        for (size_t i = 0; i < k->a.len; i++)
            if (!strchr(" \t\n\r", k->a.data[i]))
                sgft__buf_putc(&k->b, k->a.data[i]);
        pass = k->b.len == 2 && memcmp(k->b.data, "tt", 2) == 0;
    }
    if (pass) {
        if (v->len == 0 && k->tree->ff < 4) {
            char ff[16];
            snprintf(ff, sizeof ff, "%d", k->tree->ff);
            report r = {0};
            r.value = ff;
            sgft__rep(k, M_EMPTY_PASS_OLD_FF, true, value_pos(v), &r);
        }
        /* One form of a pass: [] (FF[4]), [tt] with -p; a pass written
         * otherwise ([tt], [ ]) gets information 138 with both. */
        bool tt = k->ctx->opt.pass_tt && small;
        const char *to = tt ? "tt" : "";
        size_t n = tt ? 2 : 0;
        if (v->len != n || memcmp(value_bytes(k->ctx, v), to, n)) {
            sgft__rep_value(k, M_PASS_REWRITTEN, p, v, to, n, NULL);
            sgft__fix_value(k->ctx, v, to, n);
        }
        return true;
    }
    int x, y;
    vresult r = sgft__val_point(k->a.data, k->a.len, k->cols, k->rows, &x, &y);
    if (r == VR_BAD)
        r = sgft__val_point_cut(k->a.data, k->a.len, k->cols, k->rows, &x, &y);
    if (r == VR_BAD) {
        sgft__rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
        return false;
    }
    char pt[2] = {sgft__coord_char(x), sgft__coord_char(y)};
    if (r == VR_FIXED)
        sgft__rep_value(k, M_BAD_VALUE_CORRECTED, p, v, pt, 2, NULL);
    if (v->len == 2 && memcmp(value_bytes(k->ctx, v), pt, 2) == 0)
        return true;
    sgft__fix_value(k->ctx, v, pt, 2);
    return true;
}

/* Whether a and b (n bytes each) differ at most in the case of ASCII
 * letters. */
static bool same_but_case(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (to_lower(a[i]) != to_lower(b[i]))
            return false;
    return true;
}

/* A Move, Point or Stone of another game whose points games.c reads
 * (spec 9): a move in the game's syntax, a point, or in a list of points
 * the rectangle "point:point" (spec 4.10; a 1x1 one becomes its point,
 * 15; Go-style corners are put in order, 25).  A value that is right as it
 * is keeps its letters' case where the game's values are case-insensitive
 * (Hex, LOA: F6, SWAP); a repaired one is written in lowercase, and its
 * message gives it.  Returns false when v is to be deleted (14). */
static bool check_game_value(checker *k, prop *p, value *v, value_type vt) {
    const game *g = k->game;
    sgft__decode_simple(k, &k->a, v);
    const char *s = k->a.data ? k->a.data : "";
    size_t len = k->a.len;
    if (g->empty_pass && vt == VT_MOVE && is_blank(s, len)) {
        if (v->len)
            sgft__fix_value(k->ctx, v, "", 0); /* a pass, written [] */
        return true;
    }
    k->b.len = 0;
    vresult r;
    msg_id fixed_msg = M_BAD_VALUE_CORRECTED;
    const char *colon = vt == VT_MOVE ? NULL : memchr(s, ':', len);
    if (vt == VT_MOVE) {
        r = sgft__game_move(g, s, len, k->cols, k->rows, &k->b);
    } else if (!colon || !(info(p)->flags & (PF_LIST | PF_ELIST))) {
        int x, y;
        r = sgft__game_point(g, s, len, k->cols, k->rows, &k->b, &x, &y);
    } else {
        int x1, y1, x2, y2;
        size_t n1 = (size_t)(colon - s);
        r = sgft__game_point(g, s, n1, k->cols, k->rows, &k->b, &x1, &y1);
        size_t mid = k->b.len;
        sgft__buf_putc(&k->b, ':');
        vresult r2 = r == VR_BAD ? VR_BAD
                                 : sgft__game_point(g, colon + 1, len - n1 - 1,
                                                    k->cols, k->rows, &k->b,
                                                    &x2, &y2);
        if (r2 == VR_BAD) {
            r = VR_BAD;
        } else if (x1 == x2 && y1 == y2) {
            k->b.len = mid; /* a 1x1 rectangle is its point */
            r = VR_FIXED;
        } else if (g->pts == PS_GO && (x1 > x2 || y1 > y2)) {
            int lx = x1 < x2 ? x1 : x2, hx = x1 < x2 ? x2 : x1;
            int ly = y1 < y2 ? y1 : y2, hy = y1 < y2 ? y2 : y1;
            char rc[5] = {sgft__coord_char(lx), sgft__coord_char(ly), ':',
                          sgft__coord_char(hx), sgft__coord_char(hy)};
            k->b.len = 0;
            sgft__buf_put(&k->b, rc, 5);
            r = VR_FIXED;
            fixed_msg = M_COMPOSE_CORRECTED;
        } else if (r2 == VR_FIXED) {
            r = VR_FIXED;
        }
    }
    if (r == VR_BAD) {
        sgft__rep_value(k, M_BAD_VALUE_DELETED, p, v, NULL, 0, NULL);
        return false;
    }
    if (r == VR_FIXED)
        sgft__rep_value(k, fixed_msg, p, v, k->b.data, k->b.len, NULL);
    else if (k->b.len == len && same_but_case(k->b.data, s, len))
        k->b.len = 0, sgft__buf_put(&k->b, s, len); /* F6, SWAP: as written */
    if (k->b.len != v->len ||
        memcmp(k->b.data ? k->b.data : "", value_bytes(k->ctx, v), v->len))
        sgft__fix_value(k->ctx, v, k->b.data ? k->b.data : "", k->b.len);
    return true;
}

/* A Move, Point or Stone of a game whose points are not checked: its
 * escapes are written only where needed (the same value, as SGFC writes
 * it), and before '[' (read again, an unescaped one would look like a
 * missing ']', message 107).  A list of points may hold compressed point lists (spec 4.10), so
 * a ':' escaped there stays escaped. */
static void other_game_point(checker *k, const prop *p, value *v) {
    const char *raw = value_bytes(k->ctx, v);
    /* A '[' without its escape: a value -E2 converted (its escapes read
     * and written again where the types of text need them). */
    if (v->flags & VALF_DECODED ||
        (!memchr(raw, '\\', v->len) && !memchr(raw, '[', v->len)))
        return;
    bool list = info(p)->flags & (PF_LIST | PF_ELIST);
    size_t colon = list ? sgft__compose_split(raw, v->len) : v->len;
    k->b.len = 0;
    for (int part = 0; part < 2; part++) {
        const char *s = part ? raw + colon + 1 : raw;
        size_t n = part ? v->len - colon - 1 : colon;
        if (part && colon >= v->len)
            break;
        if (part)
            sgft__buf_putc(&k->b, ':');
        k->a.len = 0;
        sgft__unescape(&k->a, s, n);
        sgft__escape_kept(&k->b, k->a.data ? k->a.data : "", k->a.len, list);
    }
    if (k->b.len == v->len && !memcmp(k->b.data ? k->b.data : "", raw, v->len))
        return;
    sgft__fix_value(k->ctx, v, k->b.data ? k->b.data : "", k->b.len);
}

/* One value of a property of any type but point lists (read with their
 * group).  Returns false when v is to be deleted. */
bool sgft__rule_values(checker *k, node *n, prop *p, value *v) {
    (void)n;
    const prop_info *pi = info(p);
    value_type vt = (value_type)pi->vt;
    gi_fn repair = pi->repair;
    if (vt == VT_NONE) {
        if (!is_blank_value(k->ctx, v)) {
            sgft__rep_value(k, M_BAD_VALUE_CORRECTED, p, v, "", 0, NULL);
            sgft__fix_value(k->ctx, v, "", 0);
        } else if (v->len) {
            sgft__fix_value(k->ctx, v, "", 0);
        }
        return true;
    }
    bool text = (vt == VT_TEXT || vt == VT_SIMPLETEXT) && !repair;
    if (text && p->id != P_BR && p->id != P_WR && !(v->flags & VALF_DECODED)) {
        /* A byte that is neither white space nor '\\' stays in the text,
         * as it is or escaped: the text is not empty (no need to decode
         * it to know; most texts start with one). */
        const char *raw = value_bytes(k->ctx, v);
        for (size_t i = 0; i < v->len; i++)
            if ((unsigned char)raw[i] > ' ' && raw[i] != '\\')
                return true;
    }
    if (text) {
        sgft__value_text(k->ctx, &k->a, v, vt == VT_SIMPLETEXT,
                         k->ctx->opt.linebreaks);
        if (k->a.len == 0) {
            /* 17 at the value, as SGFC gives it */
            report r = {0};
            r.prop = p->name;
            sgft__rep(k, M_EMPTY_VALUE, true, value_pos(v), &r);
            return false;
        }
        if (p->id == P_BR || p->id == P_WR)
            check_rank(k, p, v);
        return true;
    }
    if (is_blank_value(k->ctx, v)) {
        report r = {0};
        r.prop = p->name;
        if (repair) {
            /* An error where the type has no empty value (KM, TM: Real;
             * HA: Number), a warning where it has (DT, RE...). */
            r.as_error = vt == VT_NUMBER || vt == VT_REAL;
            sgft__rep(k, M_EMPTY_VALUE, true, value_pos(v), &r);
            return false;
        }
        if ((pi->flags & PF_ELIST) && p->values == v && !v->next) {
            /* the empty list of VW, DD, TB, TW, in any game (spec 4.9) */
            if (v->len)
                sgft__fix_value(k->ctx, v, "", 0);
            return true;
        }
        bool unchecked = (vt == VT_MOVE || vt == VT_POINT ||
                          vt == VT_STONE) &&
                         !k->game->points && k->game->pts == PS_NONE;
        if (unchecked) { /* kept, as 19 says; empty as written */
            if (v->len)
                sgft__fix_value(k->ctx, v, "", 0);
            return true;
        }
        if (!(vt == VT_MOVE && k->game->empty_pass) && vt != VT_FIGURE &&
            vt != VT_DOUBLE) {
            r.as_error = true; /* the type forbids it */
            sgft__rep(k, M_EMPTY_VALUE, true, value_pos(v), &r);
            return false;
        }
    }
    if (repair)
        return check_gameinfo(k, p, v, repair);
    if (vt == VT_MOVE || vt == VT_POINT || vt == VT_STONE) {
        if (k->game->points)
            return check_move(k, p, v);
        if (k->game->pts != PS_NONE)
            return check_game_value(k, p, v, vt);
        other_game_point(k, p, v);
        return true;
    }
    if (vt == VT_APP || vt == VT_LABEL || vt == VT_ARROW || vt == VT_FIGURE)
        return check_compose(k, p, v, vt);
    if (p->id != P_SZ)
        return check_simple(k, p, v, vt);
    return true;
}
