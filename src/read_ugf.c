/* read_ugf.c - the reader of PandaNet's UGF and UGI records (foreign.h).
 *
 * A record is text in sections, each opened by its name in brackets on a
 * line of its own: [Header] holds Key=value lines (the game-info, the
 * board, the charset, whether the file is encrypted), [Data] one line per
 * move ("QP,B1,1,0": the point, the colour and the player of that colour,
 * the move number, the seconds the move took), [Figure] the comments of
 * the moves (".Text,N" then its lines, up to ".EndText"), a review's
 * [ReviewNode] the tree of the moves with its variations and
 * [ReviewComment] the comments of its nodes (".Comment,N").  Points are
 * two capitals, the column then the row from 'A'; with CoordinateType=IGS
 * the row counts from the bottom of the board.  A point off the board
 * ("YA", "ZZ", 20,20 in a review) is a pass.
 *
 * The record is read in one pass over its lines, the root's properties
 * made as the header is read; the moves, the setup stones and the
 * comments are kept until the end, when the root gets its setup and game
 * comment and the nodes are made, the main line first and then each
 * variation, in the order of a walk of the tree (no recursion: the tree
 * of a review is as deep as its longest line). */
#include "foreign.h"

#include <stdlib.h>
#include <string.h>

/* --- lines and fields --------------------------------------------------- */

/* A span of the record. */
typedef struct span {
    const char *s;
    size_t n;
} span;

static span trim(span v) {
    while (v.n && (v.s[0] == ' ' || v.s[0] == '\t'))
        v.s++, v.n--;
    while (v.n && (v.s[v.n - 1] == ' ' || v.s[v.n - 1] == '\t'))
        v.n--;
    return v;
}

/* The field of v up to the next ',' (all of v when there is none); v
 * moves past it and its comma. */
static span field(span *v) {
    const char *c = memchr(v->s, ',', v->n);
    size_t k = c ? (size_t)(c - v->s) : v->n;
    span r = {v->s, k};
    v->s += c ? k + 1 : k;
    v->n -= c ? k + 1 : k;
    return r;
}

static bool span_is(span v, const char *w) {
    size_t n = strlen(w);
    if (v.n != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        char a = v.s[i], b = w[i];
        if (a >= 'a' && a <= 'z')
            a = (char)(a - 'a' + 'A');
        if (b >= 'a' && b <= 'z')
            b = (char)(b - 'a' + 'A');
        if (a != b)
            return false;
    }
    return true;
}

static bool span_starts(span v, const char *w) {
    size_t n = strlen(w);
    return v.n >= n && span_is((span){v.s, n}, w);
}

/* A whole number of v: false when v is anything else (or too large). */
static bool span_int(span v, long *out) {
    v = trim(v);
    bool neg = false;
    size_t i = 0;
    if (i < v.n && (v.s[i] == '-' || v.s[i] == '+'))
        neg = v.s[i++] == '-';
    if (i == v.n)
        return false;
    long n = 0;
    for (; i < v.n; i++) {
        if (!is_digit((unsigned char)v.s[i]) || n > 100000000L)
            return false;
        n = n * 10 + (v.s[i] - '0');
    }
    *out = neg ? -n : n;
    return true;
}

/* A number with a decimal part ("-5.50", "7", "0.5"), written into out
 * in its shortest form ("-5.5", "7", "0.5"); false when v is none (or
 * has more than 12 digits before or after its point: out holds 28
 * bytes). */
static bool span_real(span v, char *out, size_t size) {
    if (size < 28)
        return false;
    v = trim(v);
    size_t i = 0, k = 0;
    if (i < v.n && (v.s[i] == '-' || v.s[i] == '+')) {
        if (v.s[i] == '-')
            out[k++] = '-';
        i++;
    }
    size_t int_start = i;
    while (i < v.n && is_digit((unsigned char)v.s[i]))
        i++;
    size_t int_len = i - int_start;
    size_t frac_start = i, frac_len = 0;
    if (i < v.n && v.s[i] == '.') {
        frac_start = ++i;
        while (i < v.n && is_digit((unsigned char)v.s[i]))
            i++;
        frac_len = i - frac_start;
    }
    if (i != v.n || int_len + frac_len == 0 || int_len > 12 || frac_len > 12)
        return false;
    while (int_len > 1 && v.s[int_start] == '0')
        int_start++, int_len--;
    while (frac_len && v.s[frac_start + frac_len - 1] == '0')
        frac_len--;
    if (int_len == 0)
        out[k++] = '0';
    memcpy(out + k, v.s + int_start, int_len);
    k += int_len;
    if (frac_len) {
        out[k++] = '.';
        memcpy(out + k, v.s + frac_start, frac_len);
        k += frac_len;
    }
    out[k] = '\0';
    if (strcmp(out, "-0") == 0)
        strcpy(out, "0");
    return true;
}

/* A section line: "[Name]", its name in *name. */
static bool section_line(span line, span *name) {
    span t = trim(line);
    if (t.n < 2 || t.s[0] != '[' || t.s[t.n - 1] != ']')
        return false;
    name->s = t.s + 1;
    name->n = t.n - 2;
    return true;
}

/* A header line "Key=value": its key and value. */
static bool key_line(span line, span *key, span *val) {
    const char *eq = memchr(line.s, '=', line.n);
    if (!eq)
        return false;
    key->s = line.s;
    key->n = (size_t)(eq - line.s);
    *key = trim(*key);
    val->s = eq + 1;
    val->n = (size_t)(line.s + line.n - val->s);
    *val = trim(*val);
    return key->n > 0;
}

/* --- detection ---------------------------------------------------------- */

/* The keys of the header the format's programs write.  The first ones
 * are its own: no INI file of another program has them. */
static const char *const own_keys[] = {"Hdcp", "PlayerB", "PlayerW",
                                       "CoordinateType", "Crypt", "Ptime"};
static const char *const other_keys[] = {
    "Ver",    "Lang",   "Code",      "Title",     "Place",   "Date",
    "Rule",   "Size",   "Winner",    "Moves",     "Writer",  "Copyright",
    "Comment"};

static bool known_key(span key, bool *own) {
    for (size_t i = 0; i < sizeof own_keys / sizeof *own_keys; i++)
        if (span_is(key, own_keys[i]))
            return *own = true;
    for (size_t i = 0; i < sizeof other_keys / sizeof *other_keys; i++)
        if (span_is(key, other_keys[i]))
            return true;
    return false;
}

/* The version of the format, "UGF3,200", "REVIEW1,200": the variants
 * known. */
static bool known_version(span v) {
    return span_starts(v, "UGF") || span_starts(v, "UGI") ||
           span_starts(v, "REVIEW");
}

bool sgft__is_ugf(const char *head, size_t len) {
    /* Comment lines ('#') may come first; then [Header], whose key lines
     * must name the version of the format, or hold three keys of the
     * format of which one is its own. */
    foreign f = {.s = head, .len = len};
    size_t at = 0;
    const char *l;
    size_t n;
    bool in_header = false;
    int known = 0, own = 0;
    while (sgft__fr_line(&f, &at, &l, &n)) {
        span line = trim((span){l, n});
        span name, key, val;
        if (!in_header) {
            if (line.n == 0 || line.s[0] == '#')
                continue;
            if (!section_line(line, &name) || !span_is(name, "Header"))
                return false;
            in_header = true;
            continue;
        }
        if (section_line(line, &name))
            break;
        if (!key_line(line, &key, &val))
            continue;
        bool is_own = false;
        if (span_is(key, "Ver") && known_version(val))
            return true;
        if (known_key(key, &is_own)) {
            known++;
            own += is_own;
        }
        if (known >= 3 && own >= 1)
            return true;
    }
    return false;
}

/* --- the reader's state ------------------------------------------------- */

/* A node of the game: the root (0), a move of [Data], or a node of the
 * variations of [ReviewNode]. */
typedef struct unode {
    size_t at;
    char colour;  /* 'B', 'W' (0: no move) */
    int x, y;     /* SGF's order; x < 0: a pass */
    long number;  /* of the review's node (0: none) */
    size_t parent, first, last, next; /* 0: none (but the root's parent) */
    unsigned long depth;
    long note, note_last; /* its comments and labels: -1 none */
} unode;

/* A comment or a label of a node, its text a span of the state's text. */
typedef struct note {
    size_t at;
    bool label;
    int x, y;
    size_t start, len;
    long next;
} note;

/* A comment waiting for its node: ".Comment,N" of a review, whose node
 * number is known once the whole record is read. */
typedef struct pending {
    long number;
    size_t at, start, len;
} pending;

typedef struct ugf {
    foreign *f;
    int size;
    bool flip; /* CoordinateType=IGS: rows from the bottom */
    unode *nodes;
    size_t n_nodes, cap_nodes;
    size_t *main; /* the main line's nodes: main[k] is move k's */
    size_t n_main, cap_main;
    unode *setup; /* the stones of move 0 */
    size_t n_setup, cap_setup;
    note *notes;
    size_t n_notes, cap_notes;
    pending *pend;
    size_t n_pend, cap_pend;
    buf text;     /* the notes' text */
    buf gc;       /* the root's GC: Comment=, and what is kept */
    size_t gc_at; /* where its first part was read */
    bool has_gc;
    bool oom;
} ugf;

static void say(ugf *u, msg_id code, size_t at, const char *detail,
                const char *id, const char *text, size_t text_len) {
    report r = {0};
    r.detail = detail;
    r.prop = id;
    /* (a value_len of 0 would be read up to a NUL) */
    r.value = text && text_len ? text : text ? "" : NULL;
    r.value_len = text_len;
    sgft__fr_report(u->f, code, at, &r);
}

/* Adds a line to the root's GC. */
static void gc_add(ugf *u, size_t at, span what) {
    if (!u->has_gc) {
        u->has_gc = true;
        u->gc_at = at;
    }
    if (u->gc.len)
        sgft__buf_putc(&u->gc, '\n');
    sgft__buf_put(&u->gc, what.s, what.n);
    if (u->gc.oom)
        u->oom = true;
}

/* Keeps a line in the root's GC and says so (146, or 147 for what is
 * not known, 148 for a value not understood). */
static void keep(ugf *u, msg_id code, size_t at, const char *detail,
                 span what) {
    gc_add(u, at, what);
    say(u, code, at, detail, "GC", what.n ? what.s : "", what.n);
}

static size_t off_of(const ugf *u, const char *p) {
    return (size_t)(p - u->f->s);
}

static bool grow(ugf *u, void *data, size_t *cap, size_t need, size_t size) {
    if (!sgft__vec_grow(data, cap, need, size, 64)) {
        u->oom = true;
        return false;
    }
    return true;
}

/* A new node, child of parent; a continuation (first) goes before the
 * variations already there, a variation after them. */
static size_t add_node(ugf *u, size_t parent, bool first) {
    if (!grow(u, &u->nodes, &u->cap_nodes, u->n_nodes + 1, sizeof *u->nodes))
        return 0;
    size_t i = u->n_nodes++;
    unode *n = &u->nodes[i];
    memset(n, 0, sizeof *n);
    n->note = n->note_last = -1;
    n->parent = parent;
    if (i == 0)
        return 0;
    unode *p = &u->nodes[parent];
    n->depth = p->depth + 1;
    if (!p->first) {
        p->first = p->last = i;
    } else if (first) {
        n->next = p->first;
        p->first = i;
    } else {
        u->nodes[p->last].next = i;
        p->last = i;
    }
    return i;
}

static void add_note(ugf *u, size_t target, size_t at, bool label, int x,
                     int y, span text) {
    if (target >= u->n_nodes ||
        !grow(u, &u->notes, &u->cap_notes, u->n_notes + 1, sizeof *u->notes))
        return;
    size_t start = u->text.len;
    sgft__buf_put(&u->text, text.s, text.n);
    if (u->text.oom) {
        u->oom = true;
        return;
    }
    long i = (long)u->n_notes++;
    u->notes[i] = (note){at, label, x, y, start, text.n, -1};
    unode *n = &u->nodes[target];
    if (n->note_last >= 0)
        u->notes[n->note_last].next = i;
    else
        n->note = i;
    n->note_last = i;
}

/* Column cx and row cy from 0 (the row from the top, or with
 * CoordinateType=IGS from the bottom) in SGF's order; a pass (x = -1)
 * off the board. */
static void board_xy(const ugf *u, int cx, int cy, int *x, int *y) {
    if (cx < 0 || cy < 0 || cx >= u->size || cy >= u->size) {
        *x = *y = -1;
        return;
    }
    *x = cx;
    *y = u->flip ? u->size - 1 - cy : cy;
}

/* A point of two letters, column then row; a pass when it is off the
 * board.  False when it is no point. */
static bool point_of(const ugf *u, span v, int *x, int *y) {
    v = trim(v);
    if (v.n != 2)
        return false;
    int c[2];
    for (int i = 0; i < 2; i++) {
        unsigned char ch = (unsigned char)v.s[i];
        if (is_upper(ch))
            c[i] = ch - 'A';
        else if (is_lower(ch))
            c[i] = ch - 'a';
        else
            return false;
    }
    board_xy(u, c[0], c[1], x, y);
    return true;
}

/* --- the header --------------------------------------------------------- */

static int prop_span(ugf *u, size_t at, const char *id, span v) {
    return sgft__fr_prop_text(u->f, at, id, v.s, v.n);
}

/* A date of v: "2019/03/08" (also with '-' or '.', a month and day of
 * one digit, or without the day or the month); false when v is none. */
static bool date_of(span v, int *y, int *m, int *d) {
    v = trim(v);
    int part[3] = {0, 0, 0};
    int k = 0;
    size_t i = 0;
    while (k < 3) {
        size_t start = i;
        long n = 0;
        while (i < v.n && is_digit((unsigned char)v.s[i]) && i - start < 4)
            n = n * 10 + (v.s[i++] - '0');
        size_t digits = i - start;
        if (digits == 0 || (k == 0 && digits != 4) || (k > 0 && digits > 2))
            return false;
        part[k++] = (int)n;
        if (i == v.n)
            break;
        if (v.s[i] != '/' && v.s[i] != '-' && v.s[i] != '.')
            return false;
        i++;
    }
    if (i != v.n || (k > 1 && (part[1] < 1 || part[1] > 12)) ||
        (k > 2 && (part[2] < 1 || part[2] > 31)))
        return false;
    *y = part[0];
    *m = k > 1 ? part[1] : 0;
    *d = k > 2 ? part[2] : 0;
    return true;
}

static int put_date(char *out, size_t size, int y, int m, int d) {
    if (!m)
        return snprintf(out, size, "%04d", y);
    if (!d)
        return snprintf(out, size, "%04d-%02d", y, m);
    return snprintf(out, size, "%04d-%02d-%02d", y, m, d);
}

/* Date=start date,start time,end date,end time. */
static int header_date(ugf *u, size_t at, span line, span val) {
    span v = val;
    span d1 = trim(field(&v)), t1 = trim(field(&v));
    span d2 = trim(field(&v)), t2 = trim(field(&v));
    int y1, m1, e1, y2, m2, e2;
    bool has1 = d1.n && date_of(d1, &y1, &m1, &e1);
    bool has2 = d2.n && date_of(d2, &y2, &m2, &e2);
    bool empty1 = d1.n == 0 || span_is(d1, "//");
    bool empty2 = d2.n == 0 || span_is(d2, "//");
    if ((!has1 && !empty1) || (!has2 && !empty2) || v.n) {
        keep(u, M_FOREIGN_BAD_VALUE, at, "UGF key Date", line);
        return 0;
    }
    char dt[64];
    int st = 0;
    if (has1 || has2) {
        if (!has1)
            y1 = y2, m1 = m2, e1 = e2, has2 = false;
        int k = put_date(dt, sizeof dt, y1, m1, e1);
        if (has2 && e1 && e2 && (y2 != y1 || m2 != m1 || e2 != e1)) {
            if (y2 != y1)
                snprintf(dt + k, sizeof dt - (size_t)k, ",%04d-%02d-%02d", y2,
                         m2, e2);
            else if (m2 != m1)
                snprintf(dt + k, sizeof dt - (size_t)k, ",%02d-%02d", m2, e2);
            else
                snprintf(dt + k, sizeof dt - (size_t)k, ",%02d", e2);
        }
        st = sgft__fr_prop_fmt(u->f, at, "DT", "%s", dt);
    }
    /* the times of day have no property: kept */
    bool zero1 = t1.n == 0 || span_is(t1, "00:00:00");
    bool zero2 = t2.n == 0 || span_is(t2, "00:00:00");
    if (!st && !(zero1 && zero2))
        keep(u, M_FOREIGN_KEPT, at, "UGF key Date (the times of day)", line);
    return st;
}

/* Hdcp=handicap,komi. */
static int header_hdcp(ugf *u, size_t at, span line, span val) {
    span v = val;
    span h = field(&v), k = field(&v);
    long ha;
    char km[40];
    bool ok_h = span_int(h, &ha) && ha >= 0 && ha <= 361;
    bool ok_k = k.n == 0 || span_real(k, km, sizeof km);
    if (!ok_h || !ok_k || v.n) {
        keep(u, M_FOREIGN_BAD_VALUE, at, "UGF key Hdcp", line);
        return 0;
    }
    /* (HA is 2 or more: a handicap of 1, the first move without komi,
     * has no stones) */
    int st = 0;
    if (ha >= 2)
        st = sgft__fr_prop_fmt(u->f, at, "HA", "%ld", ha);
    else if (ha == 1)
        keep(u, M_FOREIGN_KEPT, at, "UGF key Hdcp (a handicap of 1)", line);
    if (!st && k.n)
        st = sgft__fr_prop_fmt(u->f, at, "KM", "%s", km);
    return st;
}

/* Winner=who,how: B or W and the margin, or C (resignation), F
 * (forfeit), T (time); D a draw, N no result, E not known. */
static int header_winner(ugf *u, size_t at, span line, span val) {
    span v = val;
    span who = trim(field(&v)), how = trim(field(&v));
    char re[48];
    if (span_is(who, "B") || span_is(who, "W")) {
        char c = (char)(who.s[0] & ~0x20);
        char score[40];
        if (how.n == 0)
            snprintf(re, sizeof re, "%c+", c);
        else if (span_is(how, "C") || span_is(how, "R"))
            snprintf(re, sizeof re, "%c+R", c);
        else if (span_starts(how, "F"))
            snprintf(re, sizeof re, "%c+F", c);
        else if (span_is(how, "T"))
            snprintf(re, sizeof re, "%c+T", c);
        else if (span_real(how, score, sizeof score) && score[0] != '-')
            snprintf(re, sizeof re, "%c+%s", c, score);
        else
            re[0] = '\0';
    } else if (span_is(who, "D")) {
        strcpy(re, "0");
    } else if (span_is(who, "N") || span_starts(who, "N1")) {
        strcpy(re, "Void");
    } else if (span_is(who, "E")) {
        strcpy(re, "?");
    } else {
        re[0] = '\0';
    }
    if (!re[0] || v.n) {
        keep(u, M_FOREIGN_BAD_VALUE, at, "UGF key Winner", line);
        return 0;
    }
    return sgft__fr_prop_fmt(u->f, at, "RE", "%s", re);
}

/* PlayerB=name,rank,... (PlayerW the same): PB and BR; the fields after
 * the rank are kept. */
static int header_player(ugf *u, size_t at, span line, span val,
                         char colour) {
    span v = val;
    span name = trim(field(&v)), rank = trim(field(&v));
    int st = 0;
    if (name.n)
        st = prop_span(u, at, colour == 'B' ? "PB" : "PW", name);
    if (!st && rank.n)
        st = prop_span(u, at, colour == 'B' ? "BR" : "WR", rank);
    bool more = false;
    for (size_t i = 0; i < v.n; i++)
        if (v.s[i] != ',' && v.s[i] != ' ')
            more = true;
    if (!st && more)
        keep(u, M_FOREIGN_KEPT, at,
             colour == 'B' ? "UGF key PlayerB (after the rank)"
                           : "UGF key PlayerW (after the rank)",
             line);
    return st;
}

/* Ptime=the time of Black,of White,...: each "kind;minutes;...".  TM is
 * the minutes of Black's main time; the whole value is kept unless it is
 * all zero. */
static int header_ptime(ugf *u, size_t at, span line, span val) {
    bool nonzero = false;
    for (size_t i = 0; i < val.n; i++)
        if (is_digit((unsigned char)val.s[i]) && val.s[i] != '0')
            nonzero = true;
    if (!nonzero)
        return 0;
    span v = val;
    span black = field(&v);
    const char *semi = memchr(black.s, ';', black.n);
    int st = 0;
    if (semi) {
        span rest = {semi + 1, (size_t)(black.s + black.n - semi - 1)};
        const char *e = memchr(rest.s, ';', rest.n);
        if (e)
            rest.n = (size_t)(e - rest.s);
        long minutes;
        if (span_int(rest, &minutes) && minutes > 0)
            st = sgft__fr_prop_fmt(u->f, at, "TM", "%lld",
                                   (long long)minutes * 60);
    }
    if (!st)
        keep(u, M_FOREIGN_KEPT, at, "UGF key Ptime", line);
    return st;
}

/* The charset of Lang=: CA, in the name the decoder knows. */
static int header_lang(ugf *u, size_t at, span line, span val) {
    if (!val.n)
        return 0;
    if (span_is(val, "SJIS") || span_is(val, "Shift_JIS") ||
        span_is(val, "ShiftJIS") || span_is(val, "Shift-JIS"))
        return sgft__fr_prop_text(u->f, at, "CA", "Shift_JIS", 9);
    if (span_is(val, "UTF8") || span_is(val, "UTF-8"))
        return sgft__fr_prop_text(u->f, at, "CA", "UTF-8", 5);
    /* another name the conversion knows, as written; one it does not
     * know is kept, and the charset detected */
    char name[64];
    if (sgft__charset_normalize(val.s, val.n, name, sizeof name) &&
        sgft__iconv_knows(name))
        return prop_span(u, at, "CA", val);
    keep(u, M_FOREIGN_BAD_VALUE, at, "UGF key Lang", line);
    return 0;
}

/* One line of [Header]. */
static int header_line(ugf *u, span line) {
    size_t at = off_of(u, line.s);
    span key, val;
    if (!key_line(line, &key, &val)) {
        keep(u, M_FOREIGN_UNKNOWN, at, "UGF header line", line);
        return 0;
    }
    if (span_is(key, "Ver") || span_is(key, "Crypt") || span_is(key, "Moves"))
        return 0; /* the format's own: read before (Ver, Crypt) or a count */
    if (span_is(key, "Lang"))
        return header_lang(u, at, line, val);
    if (!val.n && !span_is(key, "Size") && !span_is(key, "Hdcp"))
        return 0; /* an empty field: nothing to say */
    if (span_is(key, "Title")) {
        /* its fields (the year or edition, the event, the game), the
         * empty ones left out */
        buf b;
        sgft__buf_init(&b);
        span v = val;
        while (v.n) {
            span fld = trim(field(&v));
            if (!fld.n)
                continue;
            if (b.len)
                sgft__buf_puts(&b, ", ");
            sgft__buf_put(&b, fld.s, fld.n);
        }
        int st = 0;
        if (b.oom)
            u->oom = true;
        else if (b.len)
            st = sgft__fr_prop_text(u->f, at, "EV", b.data, b.len);
        sgft__buf_free(&b);
        return st;
    }
    if (span_is(key, "Place"))
        return prop_span(u, at, "PC", val);
    if (span_is(key, "Date"))
        return header_date(u, at, line, val);
    if (span_is(key, "Rule")) {
        if (span_is(val, "JPN"))
            return sgft__fr_prop_text(u->f, at, "RU", "Japanese", 8);
        if (span_is(val, "CHN") || span_is(val, "CH"))
            return sgft__fr_prop_text(u->f, at, "RU", "Chinese", 7);
        if (span_is(val, "KOR"))
            return sgft__fr_prop_text(u->f, at, "RU", "Korean", 6);
        return prop_span(u, at, "RU", val);
    }
    if (span_is(key, "Size")) {
        long n;
        if (span_int(val, &n) && n >= 1 && n <= 26) {
            u->size = (int)n;
            return sgft__fr_prop_fmt(u->f, at, "SZ", "%ld", n);
        }
        keep(u, M_FOREIGN_BAD_VALUE, at, "UGF key Size", line);
        return 0;
    }
    if (span_is(key, "Hdcp"))
        return header_hdcp(u, at, line, val);
    if (span_is(key, "Ptime"))
        return header_ptime(u, at, line, val);
    if (span_is(key, "Winner"))
        return header_winner(u, at, line, val);
    if (span_is(key, "Writer"))
        return prop_span(u, at, "US", val);
    if (span_is(key, "Copyright"))
        return prop_span(u, at, "CP", val);
    if (span_is(key, "Commentator"))
        return prop_span(u, at, "AN", val);
    if (span_is(key, "CoordinateType")) {
        if (span_is(val, "IGS"))
            u->flip = true;
        else if (!span_is(val, "JPN"))
            keep(u, M_FOREIGN_BAD_VALUE, at, "UGF key CoordinateType", line);
        return 0;
    }
    if (span_is(key, "Comment")) {
        gc_add(u, at, val);
        return 0;
    }
    if (span_is(key, "PlayerB"))
        return header_player(u, at, line, val, 'B');
    if (span_is(key, "PlayerW"))
        return header_player(u, at, line, val, 'W');
    if ((span_starts(key, "PlayerB") || span_starts(key, "PlayerW") ||
         span_starts(key, "BMemb") || span_starts(key, "WMemb")) &&
        is_digit((unsigned char)key.s[key.n - 1])) {
        /* the other players of a pair or team game (PlayerB2, BMemb1) */
        keep(u, M_FOREIGN_KEPT, at, "UGF key of a partner of a player",
             line);
        return 0;
    }
    if (span_is(key, "Code")) {
        keep(u, M_FOREIGN_KEPT, at, "UGF key Code", line);
        return 0;
    }
    keep(u, M_FOREIGN_UNKNOWN, at, "UGF header key", line);
    return 0;
}

/* --- the moves and the comments ----------------------------------------- */

/* The node of a move number of the main line (0: the root), or
 * SIZE_MAX. */
static size_t main_node(const ugf *u, long number) {
    if (number < 0 || (unsigned long)number >= u->n_main)
        return SIZE_MAX;
    return u->main[number];
}

/* A node after the last of the main line. */
static size_t main_add(ugf *u, size_t at) {
    if (!grow(u, &u->main, &u->cap_main, u->n_main + 1, sizeof *u->main))
        return SIZE_MAX;
    size_t i = add_node(u, u->main[u->n_main - 1], true);
    if (u->oom)
        return SIZE_MAX;
    u->nodes[i].at = at;
    u->main[u->n_main++] = i;
    return i;
}

/* One line of [Data]: "QP,B1,1,0", a move; of number 0, a setup stone. */
static void data_line(ugf *u, span line) {
    size_t at = off_of(u, line.s);
    span v = line;
    span pt = field(&v), who = trim(field(&v)), num = field(&v);
    int x, y;
    long number = -1;
    bool is_point = point_of(u, pt, &x, &y);
    char colour = who.n ? (char)(who.s[0] & ~0x20) : 0;
    if (is_point && x < 0 && colour != 'B' && colour != 'W' &&
        (!num.n || span_int(num, &number))) {
        /* a pass of no colour ("YZ,MK,278,0"): the colour of its turn,
         * after the move before it (White after the setup stones) */
        char last = u->nodes[u->main[u->n_main - 1]].colour;
        colour = last == 'B' || (!last && u->n_setup) ? 'W' : 'B';
        say(u, M_FOREIGN_BAD_VALUE, at, "UGF [Data] pass of no colour",
            colour == 'B' ? "B" : "W", line.s, line.n);
        number = -1;
    }
    if (!is_point || (colour != 'B' && colour != 'W') ||
        (num.n && !span_int(num, &number))) {
        if (line.s[0] == '.')
            keep(u, M_FOREIGN_UNKNOWN, at, "UGF [Data] line", line);
        else
            say(u, M_FOREIGN_BAD_LINE, at, "UGF [Data]", NULL, line.s,
                   line.n ? line.n : 0);
        return;
    }
    if (number == 0 && u->n_main == 1) {
        if (x < 0) {
            say(u, M_FOREIGN_BAD_LINE, at, "UGF setup stone", NULL,
                   line.s, line.n);
            return;
        }
        if (!grow(u, &u->setup, &u->cap_setup, u->n_setup + 1,
                  sizeof *u->setup))
            return;
        u->setup[u->n_setup++] = (unode){.at = at, .colour = colour,
                                         .x = x, .y = y};
        return;
    }
    size_t i = main_add(u, at);
    if (i == SIZE_MAX)
        return;
    u->nodes[i].colour = colour;
    u->nodes[i].x = x;
    u->nodes[i].y = y;
}

/* The text lines of a comment, from *at up to the line that ends it (a
 * section, or a line that starts with '.': ".EndText", the next
 * ".Comment"), which is left to be read; each line without its leading
 * spaces, joined by line breaks in *out. */
static void comment_text(ugf *u, size_t *at, buf *out, bool end_text) {
    const char *l;
    size_t n;
    size_t here = *at;
    while (sgft__fr_line(u->f, &here, &l, &n)) {
        span line = {l, n};
        span name;
        span t = trim(line);
        if (section_line(line, &name))
            break;
        if (t.n && t.s[0] == '.') {
            if (end_text && span_starts(t, ".EndText"))
                *at = here; /* (consumed) */
            break;
        }
        if (out->len)
            sgft__buf_putc(out, '\n');
        sgft__buf_put(out, t.s, t.n);
        *at = here;
    }
    while (out->len && out->data[out->len - 1] == '\n')
        out->data[--out->len] = '\0';
    if (out->oom)
        u->oom = true;
}

/* [Figure]: ".Text,N" and the comment of move N (0: the game), with its
 * labels (".#,x,y,label"); a diagram (".Fig" to ".EndFig") is not
 * converted. */
static void figure_section(ugf *u, size_t *at) {
    const char *l;
    size_t n;
    size_t here = *at;
    while (sgft__fr_line(u->f, &here, &l, &n)) {
        span line = trim((span){l, n}), name;
        if (section_line(line, &name))
            return;
        *at = here;
        size_t off = off_of(u, l);
        if (!line.n)
            continue;
        if (span_starts(line, ".Text,")) {
            span v = {line.s + 6, line.n - 6};
            long number;
            size_t target = span_int(field(&v), &number) ? main_node(u, number)
                                                       : SIZE_MAX;
            buf text;
            sgft__buf_init(&text);
            /* labels first, the text after them */
            size_t p = *at;
            while (sgft__fr_line(u->f, &p, &l, &n)) {
                span t = trim((span){l, n});
                if (!span_starts(t, ".#,"))
                    break;
                span lv = {t.s + 3, t.n - 3};
                long x, y;
                bool ok = span_int(field(&lv), &x) && span_int(field(&lv), &y);
                int sx = -1, sy = -1;
                if (ok)
                    board_xy(u, (int)x - 1, (int)y - 1, &sx, &sy);
                if (target != SIZE_MAX && sx >= 0 && lv.n)
                    add_note(u, target, off_of(u, l), true, sx, sy, trim(lv));
                else
                    keep(u, M_FOREIGN_BAD_VALUE, off_of(u, l),
                         "UGF [Figure] label", t);
                *at = p;
            }
            comment_text(u, at, &text, true);
            span body = {text.data ? text.data : "", text.len};
            if (target != SIZE_MAX)
                add_note(u, target, off, false, 0, 0, body);
            else if (body.n)
                keep(u, M_FOREIGN_BAD_VALUE, off,
                     "UGF [Figure] comment of no move", body);
            sgft__buf_free(&text);
            here = *at;
            continue;
        }
        if (span_starts(line, ".Fig")) {
            keep(u, M_FOREIGN_UNKNOWN, off, "UGF [Figure] diagram", line);
            while (sgft__fr_line(u->f, &here, &l, &n)) {
                span t = trim((span){l, n});
                if (section_line(t, &name))
                    break;
                *at = here;
                if (span_starts(t, ".EndFig"))
                    break;
            }
            here = *at;
            continue;
        }
        keep(u, M_FOREIGN_UNKNOWN, off, "UGF [Figure] line", line);
    }
}

/* [ReviewComment] (and [Comment]): ".Comment,N" and the comment of the
 * review's node N, whose node is found at the end; other lines are the
 * game's. */
static void comment_section(ugf *u, size_t *at, span section) {
    const char *l;
    size_t n;
    size_t here = *at;
    bool told = false;
    while (sgft__fr_line(u->f, &here, &l, &n)) {
        span line = trim((span){l, n}), name;
        if (section_line(line, &name))
            return;
        *at = here;
        size_t off = off_of(u, l);
        if (!line.n)
            continue;
        long number;
        span v = {line.s, line.n};
        if (span_starts(line, ".Comment,") &&
            (v.s += 9, v.n -= 9, span_int(field(&v), &number))) {
            buf text;
            sgft__buf_init(&text);
            comment_text(u, at, &text, false);
            here = *at;
            if (!grow(u, &u->pend, &u->cap_pend, u->n_pend + 1,
                      sizeof *u->pend)) {
                sgft__buf_free(&text);
                return;
            }
            size_t start = u->text.len;
            sgft__buf_put(&u->text, text.data ? text.data : "", text.len);
            u->pend[u->n_pend++] = (pending){number, off, start, text.len};
            sgft__buf_free(&text);
            continue;
        }
        if (!told) {
            told = true;
            say(u, M_FOREIGN_KEPT, off, "UGF comment section", "GC",
                   section.s, section.n);
        }
        gc_add(u, off, line);
    }
}

/* [ReviewNode]: "NODE,number,colour,x,y", the nodes of the review's main
 * line (which are those of [Data], in order) and its variations, between
 * "VARIATION," and "VARIATIONEND,": a variation is another line from the
 * node before it (the alternative to the node after it). */
static void review_section(ugf *u, size_t *at) {
    const char *l;
    size_t n;
    size_t here = *at;
    size_t *stack = NULL, depth = 0, cap = 0;
    size_t cur = 0;          /* the last node read */
    long index = -1;         /* of the main line's node read last */
    bool start = false;      /* the next node begins a variation */
    while (sgft__fr_line(u->f, &here, &l, &n)) {
        span line = trim((span){l, n}), name;
        if (section_line(line, &name))
            break;
        *at = here;
        size_t off = off_of(u, l);
        if (!line.n)
            continue;
        span v = line;
        span kind = trim(field(&v));
        if (span_is(kind, "VARIATION")) {
            if (!grow(u, &stack, &cap, depth + 1, sizeof *stack))
                break;
            stack[depth++] = cur;
            start = true;
            continue;
        }
        if (span_is(kind, "VARIATIONEND")) {
            if (depth)
                cur = stack[--depth];
            start = false;
            continue;
        }
        long number, colour, x, y;
        if (!span_is(kind, "NODE") || !span_int(field(&v), &number) ||
            !span_int(field(&v), &colour) || !span_int(field(&v), &x) ||
            !span_int(field(&v), &y) || colour < 0 || colour > 2) {
            say(u, M_FOREIGN_BAD_LINE, off, "UGF [ReviewNode]", NULL,
                   line.s, line.n);
            continue;
        }
        if (depth == 0) {
            /* the main line: the nodes of [Data] in order, and any
             * after them */
            index++;
            size_t target = main_node(u, index);
            if (target == SIZE_MAX) {
                if (colour == 0)
                    continue;
                target = main_add(u, off);
                if (target == SIZE_MAX)
                    break;
                u->nodes[target].colour = colour == 1 ? 'B' : 'W';
                board_xy(u, (int)x - 1, (int)y - 1, &u->nodes[target].x,
                         &u->nodes[target].y);
            }
            u->nodes[target].number = number;
            cur = target;
            continue;
        }
        if (colour == 0)
            continue;
        size_t target = add_node(u, cur, !start);
        if (u->oom)
            break;
        start = false;
        unode *nd = &u->nodes[target];
        nd->at = off;
        nd->colour = colour == 1 ? 'B' : 'W';
        nd->number = number;
        board_xy(u, (int)x - 1, (int)y - 1, &nd->x, &nd->y);
        cur = target;
    }
    free(stack);
}

/* The lines of a section that is not converted: kept in GC. */
static void other_section(ugf *u, size_t *at, span section, size_t off,
                          bool files) {
    const char *l;
    size_t n;
    size_t here = *at;
    keep(u, files ? M_FOREIGN_KEPT : M_FOREIGN_UNKNOWN, off,
         files ? "UGF section [Files] (its pictures left out)"
               : "UGF section",
         (span){section.s - 1, section.n + 2});
    while (sgft__fr_line(u->f, &here, &l, &n)) {
        span line = trim((span){l, n}), name;
        if (section_line(line, &name))
            return;
        *at = here;
        if (!line.n)
            continue;
        if (files) {
            /* name=hex of a picture: the name */
            const char *eq = memchr(line.s, '=', line.n);
            if (eq)
                line.n = (size_t)(eq - line.s);
        }
        gc_add(u, off_of(u, l), line);
    }
}

/* --- the record --------------------------------------------------------- */

/* Why the record cannot be read, in out (empty: it can): encrypted, a
 * variant not known, no moves.  Reads the header's Ver and Crypt and
 * looks for the sections of the moves. */
static void refusal(const ugf *u, char *out, size_t size, size_t *where) {
    const foreign *f = u->f;
    size_t at = 0;
    const char *l;
    size_t n;
    bool in_header = false, moves = false;
    out[0] = '\0';
    *where = SIZE_MAX;
    while (sgft__fr_line(f, &at, &l, &n)) {
        span line = trim((span){l, n}), name, key, val;
        if (section_line(line, &name)) {
            in_header = span_is(name, "Header");
            if (span_is(name, "Data") || span_is(name, "ReviewNode"))
                moves = true;
            continue;
        }
        if (!in_header || !key_line(line, &key, &val))
            continue;
        int k = val.n > 60 ? 60 : (int)val.n;
        if (span_is(key, "Crypt")) {
            span v = val;
            span first = trim(field(&v)), kind = trim(field(&v));
            bool plain = kind.n ? span_is(kind, "PLAIN_UGF_FILE")
                                : first.n == 0 || span_is(first, "0");
            if (!plain) {
                snprintf(out, size,
                         "PandaNet UGF record is encrypted (Crypt=%.*s)", k,
                         val.s);
                *where = (size_t)(l - f->s);
                return;
            }
        }
        if (span_is(key, "Ver") && val.n && !known_version(val)) {
            snprintf(out, size,
                     "PandaNet UGF record of a variant not known (Ver=%.*s)",
                     k, val.s);
            *where = (size_t)(l - f->s);
            return;
        }
    }
    /* (the head the charset is looked for in may end before the moves:
     * that is no fault of the record) */
    if (!moves && f->p->report_fn)
        snprintf(out, size,
                 "PandaNet UGF record ends before its moves (no [Data] "
                 "section)");
}

/* The comments of the review's nodes, on their nodes: through an index
 * of the nodes by number. */
typedef struct by_number {
    long number;
    size_t target;
} by_number;

static int cmp_number(const void *a, const void *b) {
    const by_number *x = a, *y = b;
    if (x->number != y->number)
        return x->number < y->number ? -1 : 1;
    return x->target < y->target ? -1 : x->target > y->target;
}

static void place_pending(ugf *u) {
    if (!u->n_pend)
        return;
    by_number *index = NULL;
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < u->n_nodes; i++) {
        if (!u->nodes[i].number)
            continue;
        if (!grow(u, &index, &cap, n + 1, sizeof *index)) {
            free(index);
            return;
        }
        index[n++] = (by_number){u->nodes[i].number, i};
    }
    if (n)
        qsort(index, n, sizeof *index, cmp_number);
    for (size_t i = 0; i < u->n_pend; i++) {
        pending *p = &u->pend[i];
        size_t target = SIZE_MAX;
        if (n) {
            by_number key = {p->number, 0};
            size_t lo = 0, hi = n;
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (cmp_number(&index[mid], &key) < 0)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            if (lo < n && index[lo].number == p->number)
                target = index[lo].target;
        } else {
            /* no [ReviewNode]: node 1 is the root, N move N - 1 */
            target = main_node(u, p->number - 1);
        }
        /* (the text is copied: the notes' text may move as it grows) */
        char *copy = malloc(p->len + 1);
        if (!copy) {
            u->oom = true;
            break;
        }
        memcpy(copy, u->text.data ? u->text.data + p->start : "", p->len);
        copy[p->len] = '\0';
        span text = {copy, p->len};
        if (target != SIZE_MAX)
            add_note(u, target, p->at, false, 0, 0, text);
        else if (text.n)
            keep(u, M_FOREIGN_BAD_VALUE, p->at,
                 "UGF comment of a node not in the record", text);
        free(copy);
    }
    free(index);
}

/* The properties of node i: its move, its comments and labels. */
static int emit_notes(ugf *u, size_t i) {
    foreign *f = u->f;
    unode *nd = &u->nodes[i];
    buf c;
    sgft__buf_init(&c);
    size_t c_at = 0;
    bool labels = false;
    for (long k = nd->note; k >= 0; k = u->notes[k].next) {
        note *t = &u->notes[k];
        if (t->label) {
            labels = true;
            continue;
        }
        if (!t->len)
            continue;
        if (!c.len)
            c_at = t->at;
        else
            sgft__buf_putc(&c, '\n');
        sgft__buf_put(&c, u->text.data + t->start, t->len);
    }
    int st = 0;
    if (c.oom)
        st = SGFT_ENOMEM;
    else if (c.len)
        st = sgft__fr_prop_text(f, c_at, "C", c.data, c.len);
    bool first = true;
    for (long k = nd->note; !st && labels && k >= 0; k = u->notes[k].next) {
        note *t = &u->notes[k];
        if (!t->label)
            continue;
        if (first)
            st = sgft__fr_prop(f, t->at, "LB");
        first = false;
        if (st)
            break;
        static const char letters[] = "abcdefghijklmnopqrstuvwxyz";
        sgft__buf_clear(&c);
        sgft__buf_putc(&c, letters[t->x]);
        sgft__buf_putc(&c, letters[t->y]);
        sgft__buf_putc(&c, ':');
        sgft__buf_put(&c, u->text.data + t->start, t->len);
        st = c.oom ? SGFT_ENOMEM : sgft__fr_value(f, t->at, c.data, c.len);
    }
    sgft__buf_free(&c);
    return st;
}

/* The root's setup and game comment, then the nodes, in the order of a
 * walk of the tree that takes the main line of each node first. */
static int emit_game(ugf *u) {
    foreign *f = u->f;
    int st = 0;
    for (int pass = 0; pass < 2 && !st; pass++) {
        char colour = pass ? 'W' : 'B';
        bool any = false;
        for (size_t i = 0; i < u->n_setup && !st; i++) {
            unode *s = &u->setup[i];
            if (s->colour != colour)
                continue;
            if (!any)
                st = sgft__fr_prop(f, s->at, pass ? "AW" : "AB");
            any = true;
            if (st)
                break;
            static const char letters[] = "abcdefghijklmnopqrstuvwxyz";
            char v[2] = {letters[s->x], letters[s->y]};
            st = sgft__fr_value(f, s->at, v, 2);
        }
    }
    if (!st && u->has_gc && u->gc.len)
        st = sgft__fr_prop_text(f, u->gc_at, "GC", u->gc.data, u->gc.len);
    if (!st)
        st = emit_notes(u, 0);
    size_t *stack = NULL, depth = 0, cap = 0;
    if (!st && u->nodes[0].first) {
        if (!grow(u, &stack, &cap, 1, sizeof *stack))
            return SGFT_ENOMEM;
        stack[depth++] = u->nodes[0].first;
    }
    while (!st && depth) {
        size_t i = stack[--depth];
        unode *nd = &u->nodes[i];
        /* its next sibling after it, its first child before that */
        if (nd->next) {
            if (!grow(u, &stack, &cap, depth + 1, sizeof *stack))
                break;
            stack[depth++] = nd->next;
        }
        if (nd->first) {
            if (!grow(u, &stack, &cap, depth + 1, sizeof *stack))
                break;
            stack[depth++] = nd->first;
        }
        nd = &u->nodes[i];
        st = sgft__fr_node_at(f, nd->at, nd->depth);
        if (!st && nd->colour)
            st = sgft__fr_point(f, nd->at, nd->colour == 'B' ? "B" : "W",
                                nd->x, nd->y, u->size);
        if (!st)
            st = emit_notes(u, i);
    }
    free(stack);
    if (!st && u->oom)
        st = SGFT_ENOMEM;
    return st;
}

int sgft__read_ugf(foreign *f) {
    ugf u = {.f = f, .size = 19};
    sgft__buf_init(&u.text);
    sgft__buf_init(&u.gc);
    char why[160];
    size_t where;
    refusal(&u, why, sizeof why, &where);
    if (why[0]) {
        report r = {.detail = why};
        sgft__fr_report(f, M_FOREIGN_UNREADABLE, where, &r);
        sgft__buf_free(&u.text);
        sgft__buf_free(&u.gc);
        return 0;
    }
    int st = sgft__fr_node(f, 0);
    if (!st)
        st = sgft__fr_prop_text(f, 0, "GM", "1", 1);
    if (!st)
        st = sgft__fr_prop_text(f, 0, "FF", "4", 1);
    if (!st && (add_node(&u, 0, true), u.oom))
        st = SGFT_ENOMEM;
    if (!st && !grow(&u, &u.main, &u.cap_main, 1, sizeof *u.main))
        st = SGFT_ENOMEM;
    if (!st)
        u.main[u.n_main++] = 0;
    /* the sections */
    size_t at = 0;
    const char *l;
    size_t n;
    enum { S_NONE, S_HEADER, S_DATA } in = S_NONE;
    while (!st && !u.oom && sgft__fr_line(f, &at, &l, &n)) {
        span line = trim((span){l, n}), name;
        size_t off = off_of(&u, l);
        if (section_line(line, &name)) {
            in = S_NONE;
            if (span_is(name, "Header"))
                in = S_HEADER;
            else if (span_is(name, "Data"))
                in = S_DATA;
            else if (span_is(name, "Figure"))
                figure_section(&u, &at);
            else if (span_is(name, "ReviewNode"))
                review_section(&u, &at);
            else if (span_is(name, "ReviewComment") ||
                     span_is(name, "Comment"))
                comment_section(&u, &at, name);
            else if (span_is(name, "Files"))
                other_section(&u, &at, name, off, true);
            else
                other_section(&u, &at, name, off, false);
            continue;
        }
        if (!line.n)
            continue;
        if (in == S_HEADER)
            st = header_line(&u, line);
        else if (in == S_DATA)
            data_line(&u, line);
        else if (line.s[0] == '#')
            keep(&u, M_FOREIGN_KEPT, off, "UGF comment line", line);
        else
            keep(&u, M_FOREIGN_UNKNOWN, off, "UGF line outside a section",
                 line);
    }
    if (!st && !u.oom)
        place_pending(&u);
    if (!st && u.oom)
        st = SGFT_ENOMEM;
    if (!st)
        st = emit_game(&u);
    free(u.nodes);
    free(u.main);
    free(u.setup);
    free(u.notes);
    free(u.pend);
    sgft__buf_free(&u.text);
    sgft__buf_free(&u.gc);
    if (st == SGFT_ENOMEM && !f->p->status)
        f->p->status = SGFT_ENOMEM;
    return st;
}
