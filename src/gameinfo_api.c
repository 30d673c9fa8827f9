/* gameinfo_api.c - the game-info values for programs: RE, KM, HA, SZ,
 * BR and WR read into types (DT: sgft_dates_parse in gameinfo_date.c),
 * through the readers the checks use (gameinfo.c, gameinfo_words.c), and
 * the game-info of a tree at once. */
#include "gameinfo.h"

/* HA or KM (fn; real for a Real) as the checks read them
 * (sgft__gi_number), then in words (or none): 0 (GI_OK), 1 (repaired, or
 * words) or SGFT_EINVAL; the canonical form in *b.  SGFT_ENOMEM when out
 * of memory. */
static int canonical(gi_fn fn, bool real, gi_fn words, const char *s,
                     size_t len, buf *b) {
    buf a;
    sgft__buf_init(&a);
    sgft__buf_put(&a, s, len);
    sgft__buf_putc(&a, '\0');
    a.len = len;
    gi_result r = a.oom ? GI_BAD : sgft__gi_number(fn, real, &a, b);
    bool oom = a.oom;
    sgft__buf_free(&a);
    if (r == GI_BAD && words && !oom) {
        b->len = 0;
        r = words(s, len, b);
    }
    if (oom || b->oom)
        return SGFT_ENOMEM;
    return r == GI_OK ? 0 : r == GI_BAD ? SGFT_EINVAL : 1;
}

int sgft_result_parse(const char *s, size_t len, sgft_result *out) {
    if (!s || !out)
        return SGFT_EINVAL;
    buf b;
    sgft__buf_init(&b);
    sgft_result r;
    gi_result g = sgft__gi_result_read(s, len, &b, &r);
    if (g == GI_BAD) {
        b.len = 0;
        g = sgft__gi_words_result_read(s, len, &b, &r);
    }
    bool oom = b.oom;
    sgft__buf_free(&b);
    if (oom)
        return SGFT_ENOMEM;
    if (g == GI_BAD)
        return SGFT_EINVAL;
    *out = r;
    return g == GI_OK ? 0 : 1;
}

int sgft_komi_parse(const char *s, size_t len, double *out) {
    if (!s || !out)
        return SGFT_EINVAL;
    buf b;
    sgft__buf_init(&b);
    int st = canonical(sgft__gi_komi, true, NULL, s, len, &b);
    if (st >= 0)
        *out = sgft__gi_real(b.data, b.len);
    sgft__buf_free(&b);
    return st;
}

int sgft_handicap_parse(const char *s, size_t len, int *out) {
    if (!s || !out)
        return SGFT_EINVAL;
    buf b;
    sgft__buf_init(&b);
    int st = canonical(sgft__gi_handicap, false, sgft__gi_words_handicap, s,
                       len, &b);
    if (st >= 0) {
        /* the canonical form: digits without leading zeros */
        long v = 0;
        for (size_t i = 0; i < b.len && st >= 0; i++) {
            v = v * 10 + (b.data[i] - '0');
            if (v > INT_MAX)
                st = SGFT_EINVAL;
        }
        if (st >= 0)
            *out = (int)v;
    }
    sgft__buf_free(&b);
    return st;
}

/* A number of 1 to 65535 in digits, the whole of c. */
static long side(cursor *c) {
    int nd;
    long v = eat_digits(c, 5, &nd);
    return v >= 1 && v <= 65535 ? v : -1;
}

int sgft_size_parse(const char *s, size_t len, int *cols, int *rows) {
    if (!s || !cols || !rows)
        return SGFT_EINVAL;
    trim(&s, &len);
    cursor c = {s, s + len};
    long x = side(&c), y = x;
    bool two = eat(&c, ':');
    if (two)
        y = side(&c);
    if (x < 0 || y < 0 || !at_end(&c))
        return SGFT_EINVAL;
    *cols = (int)x;
    *rows = (int)y;
    return two && x == y ? 1 : 0;
}

/* A rank in the FF[4] form, the whole of s[0..len). */
static bool short_rank(const char *s, size_t len, sgft_rank *r) {
    cursor c = {s, s + len};
    int nd;
    long n = eat_digits(&c, 2, &nd);
    if (n < 1 || at_end(&c))
        return false;
    char u = *c.p++;
    sgft_rank_kind kind = u == 'k'   ? SGFT_RANK_KYU
                          : u == 'd' ? SGFT_RANK_DAN
                          : u == 'p' ? SGFT_RANK_PRO
                                     : SGFT_RANK_UNKNOWN;
    if (kind == SGFT_RANK_UNKNOWN)
        return false;
    bool unsure = eat(&c, '?'), rated = !unsure && eat(&c, '*');
    if (!at_end(&c))
        return false;
    r->number = (int)n;
    r->kind = kind;
    r->uncertain = unsure;
    r->established = rated;
    return true;
}

int sgft_rank_parse(const char *s, size_t len, sgft_rank *out) {
    if (!s || !out)
        return SGFT_EINVAL;
    trim(&s, &len);
    sgft_rank r;
    if (short_rank(s, len, &r)) {
        *out = r;
        return 0;
    }
    buf b;
    sgft__buf_init(&b);
    gi_result g = sgft__gi_rank(s, len, &b);
    bool ok = g == GI_WORDS && !b.oom && short_rank(b.data, b.len, &r);
    bool oom = b.oom;
    sgft__buf_free(&b);
    if (oom)
        return SGFT_ENOMEM;
    if (!ok)
        return SGFT_EINVAL;
    *out = r;
    return 1;
}

/* --- a tree's game-info ---------------------------------------------- */

/* The first value of id on the main line of t, as it is in the tree. */
static const value *main_line_value(const game_tree *t, prop_id id,
                                    sgft_span *span) {
    for (node *n = t->root; n; n = n->child) {
        prop *p = sgft__prop_find(n, id);
        if (p && p->values) {
            span->data = value_bytes(t->ctx, p->values);
            span->len = p->values->len;
            return p->values;
        }
    }
    return NULL;
}

/* The text of span (escapes resolved) in *b; false when out of memory. */
static bool span_text(const sgft_span *span, buf *b) {
    b->len = 0;
    sgft__unescape(b, span->data, span->len);
    sgft__buf_putc(b, '\0'); /* data not NULL for an empty value */
    b->len--;
    return !b->oom;
}

typedef struct first_date {
    sgft_date first;
    size_t count;
} first_date;

static bool count_date(void *data, const sgft_date *d) {
    first_date *f = data;
    if (!f->count++)
        f->first = *d;
    return true;
}

/* Whether a typed reading returned 0 or 1; SGFT_ENOMEM goes to *st. */
static bool typed(int r, int *st) {
    if (r == SGFT_ENOMEM)
        *st = r;
    return r >= 0;
}

/* The first sgft_game_info, whose size programs may pass. */
#define GAME_INFO_SIZE_1 sizeof(sgft_game_info)

int sgft_tree_game_info(const sgft_tree *tree, sgft_game_info *out) {
    if (!tree || !out || out->size < GAME_INFO_SIZE_1)
        return SGFT_EINVAL;
    sgft_game_info g;
    memset(&g, 0, sizeof g);
    g.cols = g.rows = 19;
    main_line_value(tree, P_PB, &g.black);
    main_line_value(tree, P_PW, &g.white);
    buf b;
    sgft__buf_init(&b);
    int st = 0;
    if (main_line_value(tree, P_BR, &g.black_rank_text) &&
        span_text(&g.black_rank_text, &b))
        g.has_black_rank =
            typed(sgft_rank_parse(b.data, b.len, &g.black_rank), &st);
    if (main_line_value(tree, P_WR, &g.white_rank_text) &&
        span_text(&g.white_rank_text, &b))
        g.has_white_rank =
            typed(sgft_rank_parse(b.data, b.len, &g.white_rank), &st);
    if (main_line_value(tree, P_RE, &g.result_text) &&
        span_text(&g.result_text, &b))
        g.has_result = typed(sgft_result_parse(b.data, b.len, &g.result), &st);
    if (main_line_value(tree, P_KM, &g.komi_text) &&
        span_text(&g.komi_text, &b))
        g.has_komi = typed(sgft_komi_parse(b.data, b.len, &g.komi), &st);
    if (main_line_value(tree, P_HA, &g.handicap_text) &&
        span_text(&g.handicap_text, &b))
        g.has_handicap =
            typed(sgft_handicap_parse(b.data, b.len, &g.handicap), &st);
    if (main_line_value(tree, P_DT, &g.date_text) &&
        span_text(&g.date_text, &b)) {
        first_date f = {{0, 0, 0}, 0};
        if (typed(sgft_dates_parse(b.data, b.len, count_date, &f), &st) &&
            f.count) {
            g.has_date = true;
            g.first_date = f.first;
            g.dates = f.count;
        }
    }
    prop *sz = tree->root ? sgft__prop_find(tree->root, P_SZ) : NULL;
    if (sz && sz->values) {
        sgft_span span = {value_bytes(tree->ctx, sz->values),
                          sz->values->len};
        int c, r;
        if (span_text(&span, &b) &&
            sgft_size_parse(b.data, b.len, &c, &r) >= 0) {
            g.has_size = true;
            g.cols = c;
            g.rows = r;
        }
    }
    if (b.oom)
        st = SGFT_ENOMEM;
    sgft__buf_free(&b);
    if (st)
        return st;
    g.size = out->size;
    memset((char *)out + sizeof g, 0, out->size - sizeof g);
    memcpy(out, &g, sizeof g);
    return 0;
}
