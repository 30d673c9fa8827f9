/* games - writes made-up game records for the training run of the
 * profile-feedback build (pgo/train).
 *
 * Usage: games DIR COUNT
 *
 * Writes DIR/0001.sgf ... one game each, and DIR/all.sgf with every game
 * of them in one collection.  The records look like the ones sgftidy
 * meets most: games from servers and from editors, in the forms those
 * programs write (a time left on every move, one property a line,
 * comments, variations, markup, handicap stones), in UTF-8 mostly, some
 * in GB2312, EUC-KR or ISO-8859-1, with and without CA.  They are well
 * formed: the training should weigh the paths a good file takes, while
 * the golden cases, run once each after them, show the compiler the
 * paths of faults without making them look common.
 *
 * The same COUNT gives the same bytes on every machine: the numbers come
 * from a generator of its own, not from rand().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state = 0x9e3779b97f4a7c15ULL;

static unsigned next(void) { /* xorshift64* */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (unsigned)((state * 0x2545f4914f6cdd1dULL) >> 32);
}
static unsigned below(unsigned n) { return next() % n; }
static const char *pick(const char *const *list, unsigned n) { return list[below(n)]; }
#define PICK(list) pick(list, sizeof list / sizeof list[0])

static const char *const latin_names[] = {
    "Anna", "Bertrand", "Chiara", "Dmitri", "Elif", "Frode", "Greta", "Hugo",
    "Ines", "Jonas", "Katrin", "Lukas", "Marek", "Nadia", "Oskar", "Paula",
    "quietstone", "riverbend", "stonefan", "tengen77", "uphill", "vortex",
    "whitecrane", "xiangqi2", "yosemite", "zeroko",
};
/* Accented names: written in UTF-8 or in ISO-8859-1 by the caller. */
static const char *const accented_utf8[] = {
    "Jos\xc3\xa9", "Bj\xc3\xb6rn", "Fran\xc3\xa7ois", "Ren\xc3\xa9", "J\xc3\xbcrgen",
};
static const char *const accented_latin1[] = {
    "Jos\xe9", "Bj\xf6rn", "Fran\xe7ois", "Ren\xe9", "J\xfcrgen",
};
static const char *const ranks[] = {
    "30k", "15k", "8k", "3k", "1k", "1d", "2d", "4d", "6d", "9d", "3p", "9p",
};
static const char *const results[] = {
    "B+R", "W+R", "B+3.5", "W+0.5", "W+12.5", "B+T", "W+T", "B+F", "Void", "?", "0",
};
static const char *const rules[] = { "Japanese", "Chinese", "AGA", "NZ", "Korean" };
static const char *const comments[] = {
    "Good move.", "This is slow; the 3-3 invasion is bigger.",
    "Black should tenuki here [not W's turn\\].",
    "A common joseki.\nThe next move is urgent.", "ko", "Thanks for the game!",
    "White resigned after the large group died.",
};

/* A name in UTF-8: Chinese, Japanese or Korean characters from their
 * blocks, or a Latin one. */
static void put_utf8_name(FILE *f) {
    unsigned kind = below(4), n = 2 + below(2);
    if (kind == 3) {
        fputs(below(3) ? PICK(latin_names) : PICK(accented_utf8), f);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned c = kind == 0 ? 0x4e00 + below(0x5000)   /* CJK ideographs */
                   : kind == 1 ? 0x3041 + below(0x55)     /* hiragana */
                               : 0xac00 + below(0x2ba4);  /* Hangul */
        fputc(0xe0 | (c >> 12), f);
        fputc(0x80 | ((c >> 6) & 0x3f), f);
        fputc(0x80 | (c & 0x3f), f);
    }
}
/* A name in a double-byte charset: a common surname and one or two
 * common characters of given names, in GB2312 or in EUC-KR.  Random
 * characters would read as no language, and the check of the declared
 * charset would rightly doubt them. */
static const char *const gb_surnames[] = {
    "\xcd\xf5", "\xc0\xee", "\xd5\xc5", "\xc1\xf5", "\xb3\xc2",
    "\xd1\xee", "\xbb\xc6", "\xd5\xd4", "\xd6\xdc", "\xce\xe2",
};
static const char *const gb_given[] = {
    "\xce\xb0", "\xb7\xbc", "\xc4\xc8", "\xc3\xf4", "\xbe\xb2", "\xc0\xf6",
    "\xc7\xbf", "\xc0\xda", "\xbe\xfc", "\xd1\xf3", "\xd3\xc2", "\xbd\xdc",
};
static const char *const kr_surnames[] = {
    "\xb1\xe8", "\xc0\xcc", "\xb9\xda", "\xc3\xd6", "\xc1\xa4",
    "\xb0\xad", "\xc1\xb6", "\xc0\xb1", "\xc0\xe5", "\xc0\xd3",
};
static const char *const kr_given[] = {
    "\xb9\xce", "\xc1\xd8", "\xbc\xad", "\xbf\xac", "\xc1\xf6",
    "\xc7\xf6", "\xbf\xec", "\xc1\xf8", "\xbf\xb5", "\xbc\xf6",
};
static void put_dbcs_name(FILE *f, int korean) {
    fputs(korean ? PICK(kr_surnames) : PICK(gb_surnames), f);
    for (unsigned i = 1 + below(2); i > 0; i--)
        fputs(korean ? PICK(kr_given) : PICK(gb_given), f);
}

enum style { KGS, OGS, FOX, KOREAN, PRO, EDITOR, OLD, STYLES };

static void put_name(FILE *f, enum style s) {
    if (s == FOX)
        put_dbcs_name(f, 0);
    else if (s == KOREAN)
        put_dbcs_name(f, 1);
    else if (s == OLD)
        fputs(below(2) ? PICK(latin_names) : PICK(accented_latin1), f);
    else if (s == KGS)
        fputs(PICK(latin_names), f);
    else
        put_utf8_name(f);
}

static void put_root(FILE *f, enum style s, unsigned size, unsigned handicap) {
    unsigned year = 1990 + below(36), month = 1 + below(12), day = 1 + below(28);
    const char *ca = s == FOX ? "gb2312" : s == KOREAN ? "EUC-KR" : s == OLD ? NULL : "UTF-8";
    const char *sep = s == OGS || s == PRO ? "\n" : "";
    fprintf(f, "(;%s%sGM[1]%s", s == OLD ? "FF[3]" : "FF[4]", sep, sep);
    if (ca && !(s == EDITOR && below(3) == 0))
        fprintf(f, "CA[%s]%s", ca, sep);
    if (s == KGS)
        fputs("AP[CGoban:3]ST[2]\n", f);
    if (s == FOX)
        fputs("AP[foxwq]", f);
    if (s == EDITOR)
        fputs("AP[an editor:1.4]", f);
    fprintf(f, "SZ[%u]%sRU[%s]%s", size, sep, PICK(rules), sep);
    if (s == FOX)
        fprintf(f, "KM[%s]", below(2) ? "375" : "6.5");
    else
        fprintf(f, "KM[%s]%s", handicap ? "0.5" : below(2) ? "6.5" : "7.5", sep);
    if (handicap)
        fprintf(f, "HA[%u]", handicap);
    if (s == KGS || s == OGS || s == FOX)
        fprintf(f, "TM[%u]OT[%u/%u Canadian]%s", 60 * (1 + below(30)), 1 + below(25),
                60 * (1 + below(10)), sep);
    fputs("\nPW[", f);
    put_name(f, s);
    fprintf(f, "]%sWR[%s]%sPB[", sep, PICK(ranks), sep);
    put_name(f, s);
    fprintf(f, "]%sBR[%s]%s", sep, PICK(ranks), sep);
    if (s == OLD)
        fprintf(f, "DT[%u-%02u-%02u,%02u]", year, month, day, day + 1);
    else
        fprintf(f, "DT[%u-%02u-%02u]", year, month, day);
    if (s == PRO)
        fprintf(f, "\nEV[%u%s Title]\nRO[Game %u]\nPC[Tokyo]\nSO[a book]", 1 + below(60),
                below(2) ? "th" : "st", 1 + below(7));
    if (s == KGS)
        fputs("PC[an online server]", f);
    if (s == OGS)
        fprintf(f, "GN[Friendly match %u]\n", below(100000));
    fprintf(f, "RE[%s]%s\n", PICK(results), sep);
    if (s == PRO && below(2))
        fprintf(f, "GC[%s]", PICK(comments));
}

/* The board of the line being written: 0 empty, 1 black, 2 white.
 * Moves are drawn at random among the empty points; a move that would
 * be suicide, or retake a ko at once, is drawn again, and captured
 * stones are taken off, so that every move is legal. */
typedef struct {
    unsigned size;
    unsigned char p[19 * 19];
    int ko; /* the point that may not be played next, or -1 */
} board;

/* Whether the chain at i has a liberty; with take, removes it if not
 * and returns the number of stones removed through *taken. */
static int alive(board *b, int i, int take, unsigned *taken) {
    int stack[19 * 19], seen[19 * 19] = { 0 }, n = 0, top = 0;
    int chain[19 * 19], colour = b->p[i], size = (int)b->size;
    stack[top++] = i;
    seen[i] = 1;
    while (top) {
        int at = stack[--top], x = at % size, y = at / size;
        int nb[4] = { x > 0 ? at - 1 : -1, x < size - 1 ? at + 1 : -1,
                      y > 0 ? at - size : -1, y < size - 1 ? at + size : -1 };
        chain[n++] = at;
        for (int k = 0; k < 4; k++) {
            if (nb[k] < 0 || seen[nb[k]])
                continue;
            if (!b->p[nb[k]])
                return 1;
            if (b->p[nb[k]] == colour) {
                seen[nb[k]] = 1;
                stack[top++] = nb[k];
            }
        }
    }
    if (take) {
        for (int k = 0; k < n; k++)
            b->p[chain[k]] = 0;
        *taken += (unsigned)n;
    }
    return 0;
}

/* Plays a legal move of colour at a random point; 0 when none is found. */
static int play(board *b, int colour, unsigned *x, unsigned *y) {
    int size = (int)b->size;
    for (unsigned tries = 0; tries < 64; tries++) {
        int i = (int)below(b->size * b->size);
        if (b->p[i] || i == b->ko)
            continue;
        board keep = *b;
        unsigned taken = 0;
        int last = -1, cx = i % size, cy = i / size;
        int nb[4] = { cx > 0 ? i - 1 : -1, cx < size - 1 ? i + 1 : -1,
                      cy > 0 ? i - size : -1, cy < size - 1 ? i + size : -1 };
        b->p[i] = (unsigned char)colour;
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && b->p[nb[k]] == 3 - colour) {
                unsigned before = taken;
                if (!alive(b, nb[k], 1, &taken) && taken == before + 1)
                    last = nb[k];
            }
        if (!alive(b, i, 0, NULL)) {
            *b = keep;
            continue;
        }
        b->ko = taken == 1 ? last : -1;
        *x = (unsigned)cx;
        *y = (unsigned)cy;
        return 1;
    }
    return 0;
}

/* The standard places of handicap stones on a board of size. */
static void put_handicap(FILE *f, unsigned size, unsigned handicap, board *b) {
    unsigned lo = size < 13 ? 2 : 3, hi = size - 1 - lo, mid = size / 2;
    unsigned pts[9][2] = { { hi, lo }, { lo, hi }, { hi, hi }, { lo, lo }, { mid, mid },
                           { lo, mid }, { hi, mid }, { mid, lo }, { mid, hi } };
    fputs("AB", f);
    for (unsigned i = 0; i < handicap; i++) {
        fprintf(f, "[%c%c]", 'a' + pts[i][0], 'a' + pts[i][1]);
        b->p[pts[i][1] * size + pts[i][0]] = 1;
    }
    fputs("PL[W]\n", f);
}

static void put_markup(FILE *f, unsigned size) {
    static const char *const kinds[] = { "TR", "SQ", "CR", "MA" };
    fprintf(f, "%s[%c%c]", PICK(kinds), 'a' + below(size), 'a' + below(size));
    if (below(2))
        fprintf(f, "LB[%c%c:A]", 'a' + below(size), 'a' + below(size));
}

static void put_moves(FILE *f, enum style s, unsigned n, int black, board *b,
                      unsigned depth) {
    unsigned size = b->size;
    double left[2] = { 600, 600 };
    for (unsigned i = 0; i < n; i++, black = !black) {
        unsigned x, y;
        if (!play(b, black ? 1 : 2, &x, &y))
            break;
        fprintf(f, ";%c[%c%c]", black ? 'B' : 'W', 'a' + x, 'a' + y);
        if (s == KGS || s == OGS) {
            left[black] -= below(200) / 10.0;
            if (left[black] < 0) /* into byo-yomi: a period of 30 s */
                left[black] = 30 - below(300) / 10.0;
            fprintf(f, "%cL[%.3f]", black ? 'B' : 'W', left[black]);
            if (s == KGS && below(5) == 0)
                fprintf(f, "O%c[%u]", black ? 'B' : 'W', 1 + below(5));
        }
        if ((s == PRO || s == EDITOR) && below(12) == 0) {
            fputs("C[", f);
            fputs(PICK(comments), f);
            fputs("]", f);
        }
        if (s == EDITOR && below(8) == 0)
            put_markup(f, size);
        if (i % 10 == 9 || s == OGS)
            fputc('\n', f);
        /* A variation: a short line beside the rest of the game. */
        if ((s == PRO || s == EDITOR) && depth == 0 && n - i > 6 && below(40) == 0) {
            fputs("\n(", f);
            board line = *b;
            put_moves(f, s, 1 + below(6), !black, &line, depth + 1);
            fputs(")\n(", f);
            put_moves(f, s, n - i - 1, !black, b, depth + 1);
            fputs(")", f);
            return;
        }
    }
    if (n > 100 && below(3) == 0 && (s != OLD || size == 19)) /* a pass */
        fprintf(f, ";%c[%s]", black ? 'B' : 'W', s == OLD ? "tt" : "");
}

static void put_game(FILE *f) {
    enum style s = (enum style)below(STYLES);
    unsigned size = below(10) < 7 ? 19 : below(2) ? 13 : 9;
    unsigned handicap = size == 19 && below(6) == 0 ? 2 + below(8) : 0;
    board b = { .size = size, .ko = -1 };
    put_root(f, s, size, handicap);
    if (handicap)
        put_handicap(f, size, handicap, &b);
    unsigned n = below(size * size * 3 / 5);
    if (below(10) == 0)
        n = below(20); /* a short game, or one that stopped */
    put_moves(f, s, n, !handicap, &b, 0);
    fputs(")\n", f);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fputs("usage: games DIR COUNT\n", stderr);
        return 2;
    }
    unsigned count = (unsigned)strtoul(argv[2], NULL, 10);
    size_t len = strlen(argv[1]) + 16;
    char *path = malloc(len);
    if (!path)
        return 1;
    snprintf(path, len, "%s/all.sgf", argv[1]);
    FILE *all = fopen(path, "wb");
    if (!all) {
        perror(path);
        return 1;
    }
    for (unsigned i = 1; i <= count; i++) {
        snprintf(path, len, "%s/%04u.sgf", argv[1], i);
        FILE *f = fopen(path, "wb");
        if (!f) {
            perror(path);
            return 1;
        }
        unsigned long long keep = state;
        put_game(f);
        state = keep; /* the same game again, into the collection */
        put_game(all);
        if (fclose(f) != 0) {
            perror(path);
            return 1;
        }
    }
    free(path);
    return fclose(all) != 0;
}
