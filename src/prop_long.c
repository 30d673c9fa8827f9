/* prop_long.c - the long names of properties whose capitals are not the
 * FF[4] identifier.
 *
 * FF[3] let lowercase letters be mixed into an identifier for readability,
 * and the reader keeps the capitals only: "PlayerBlack" is PB, "KoMi" is
 * KM.  The programs of that time wrote their long names on this rule: mgt,
 * whose default "long format" writes GaMe, SiZe, VieW, PlayerBlack,
 * BlackRank, EVent, ROund, DaTe, PlaCe, TiMe, REsult, GameComment, SOurce,
 * USer, KoMi, HAndicap, PLayer, AddBlack, Comment, Black, White, Name,
 * Mark and Letter.  Those names need no table, nor does any other whose
 * capitals are its identifier (CoPyright is CP).
 *
 * Some readers took the long names as words, without regard to case, and
 * so also know them spelled as plain words, where the rule finds another
 * identifier: "Komi" is K, a property of no standard, and "Copyright" is
 * C, the comment.  GoGui's reader (Markus Enzenberger, 2004; SgfReader,
 * the long names of standard properties of old files) maps ADDBLACK,
 * ADDEMPTY, ADDWHITE, BLACK, BLACKRANK, COMMENT, COPYRIGHT, DATE, EVENT,
 * GAME, HANDICAP, KOMI, PLACE, PLAYER, PLAYERBLACK, PLAYERWHITE, RESULT,
 * ROUND, RULES, SIZE, WHITE and WHITERANK to AB, AE, AW, B, BR, C, CP, DT,
 * EV, GM, HA, KM, PC, PL, PB, PW, RE, RO, RU, SZ, W and WR.  The table
 * below holds those of its names that, written as words (a capital, then
 * lowercase letters), the rule would read as another identifier; for the
 * others the rule and the table agree.  A name is matched as written,
 * case and all: "KOMI", with no lowercase letter, is a private property
 * like any other, and a name that is not here keeps the rule.
 *
 * No source seen gives TM, US or SO a long name other than mgt's TiMe,
 * USer and SOurce ("Time", "User", "Source" are not here). */
#include "prop_long.h"

#include <string.h>

static const struct long_name {
    char name[10];
    prop_id id;
} long_names[] = {
    /* sorted by name, for the search below */
    {"Copyright", P_CP}, /* GoGui: COPYRIGHT; the rule gives C */
    {"Date", P_DT},      /* GoGui: DATE; mgt writes DaTe */
    {"Event", P_EV},     /* GoGui: EVENT; mgt writes EVent */
    {"Game", P_GM},      /* GoGui: GAME; mgt writes GaMe */
    {"Handicap", P_HA},  /* GoGui: HANDICAP; mgt writes HAndicap */
    {"Komi", P_KM},      /* GoGui: KOMI; mgt writes KoMi */
    {"Place", P_PC},     /* GoGui: PLACE; mgt writes PlaCe */
    {"Player", P_PL},    /* GoGui: PLAYER; mgt writes PLayer */
    {"Result", P_RE},    /* GoGui: RESULT; mgt writes REsult */
    {"Round", P_RO},     /* GoGui: ROUND; mgt writes ROund */
    {"Rules", P_RU},     /* GoGui: RULES */
    {"Size", P_SZ},      /* GoGui: SIZE; mgt writes SiZe */
};

prop_id sgft__prop_long(const char *raw, size_t len) {
    if (len < 4 || len >= sizeof long_names[0].name)
        return P_UNKNOWN;
    size_t lo = 0, hi = sizeof long_names / sizeof *long_names;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *name = long_names[mid].name;
        int c = strncmp(raw, name, len);
        if (c == 0 && name[len] != '\0')
            c = -1; /* raw is a prefix of the name */
        if (c == 0)
            return long_names[mid].id;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return P_UNKNOWN;
}
