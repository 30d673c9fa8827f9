/* rules.h - what the rule files (rules*.c, rule_report.c) share: the
 * state of the walk of one game tree, the rule functions of rule_list.h
 * and small helpers.  Private to the rule engine: no other file of the
 * library includes it (the unit tests of the walk do). */
#ifndef SGFT_RULES_H
#define SGFT_RULES_H

#include "fix.h"
#include "internal.h"

/* The analysis properties (analysis_list.h). */
typedef enum analysis_when { AN_ALWAYS, AN_LIZZIE, AN_GRP } analysis_when;
enum {
#define ANALYSIS(id, when) AN_##id,
#include "analysis_list.h"
#undef ANALYSIS
    AN__COUNT
};

/* The state of the checks of one game tree. */
typedef struct checker {
    sgft_ctx *ctx;
    game_tree *tree;
    int mode;         /* -E of the input: 1, 2 or 3 */
    const game *game; /* the game of the tree (games.c) */
    int cols, rows;   /* board size */
    board *board;     /* the replay (execute.c), for games that have one */
    size_t nlater;    /* of later */
    unsigned plain_ids; /* bit 0: B, bit 1: W may be a plain move (rules.c) */
    bool walk_all;      /* no plain moves: every node walked in full (the
                           unit tests compare the two walks) */
    /* --strip-analysis (rules_analysis.c): whether the tree was looked
     * at for the marks of the programs of AN_LIZZIE and AN_GRP ids, the
     * marks found (1 << when), the properties deleted per id, the
     * comments KaTrain's text was cut from and those left empty */
    bool analysis_scanned;
    /* the last node met whose game-info is the first of its line: the
     * walk is in preorder, so it is the one above any later node that
     * holds game-info again (sgft__rule_gameinfo_once) */
    node *gi_first;
    unsigned analysis_marks;
    unsigned long analysis_deleted[AN__COUNT];
    unsigned long katrain_cut, katrain_emptied;
    /* --strip-times (rules_prop.c): BL, WL, OB and OW deleted */
    unsigned long times_deleted[4];
    /* From here on, the memory kept for the next tree (sgft__checker_new
     * names each). */
    buf a, b;         /* scratch */
    buf num, num_in;  /* scratch of the root's numbers (rules_tree.c) */
    exec_facts facts; /* what the replay found at the current node */
    node **later;     /* the walk's siblings still to be checked */
    size_t later_cap;
    /* the scratch of the point rules: made by sgft__point_scratch when a
     * node first needs it (most small games never do) */
    struct point_scratch *pts;
    size_t nset; /* of pts->set */
} checker;

/* The scratch of the point rules of one node. */
typedef struct point_scratch {
    /* point ownership for the uniqueness rules of one node, one group of
     * properties at a time: 0 = free, else 1 + index in the group */
    unsigned char grid[MAX_BOARD * MAX_BOARD];
    /* for each point the grid holds: the offset of the value it came from */
    uint64_t origin[MAX_BOARD * MAX_BOARD];
    /* the points given an owner in the grid since it was cleared for the
     * group, as y * MAX_BOARD + x, in the order set (nset of them) */
    uint16_t set[MAX_BOARD * MAX_BOARD];
} point_scratch;


/* Node flags kept by the rules along the walk (node.flags). */
enum {
    NODEF_GAMEINFO = 1, /* this node or an ancestor holds game-info */
    NODEF_MAIN = 2,     /* the node is on the main line */
    NODEF_LAST_B = 4,   /* the last move of the line so far was Black's */
    NODEF_LAST_W = 8,   /* ... White's */
    NODEF_CAPTURED = 16 /* the node's move captured stones */
};

/* The phases of the walk (rule_list.h says when each runs). */
enum {
    PH_CHARSET = 1,
    PH_ROOT = 2,
    PH_NODE_FIRST = 4,
    PH_PROPERTY = 8,
    PH_NODE_AGAIN = 16,
    PH_VALUES = 32,
    PH_VALUE = 64,
    PH_NODE = 128,
    PH_BOARD = 256,
    PH_TREE = 512
};

/* What a rule does at a plain move (the plain column of rule_list.h). */
enum { PL_NA, PL_SKIP, PL_RUN, PL_ON_PLAIN };

/* The rule functions.  The engine passes what the scope has (the others
 * are NULL); for a property rule, false means the property is gone or
 * converted and the later property rules skip it; for a value rule,
 * false means the value is deleted.  Other rules return true. */
#define RULE(key, scope, phases, plain, fn, text, ...) \
    bool fn(checker *k, node *n, prop *p, value *v);
#include "rule_list.h"
#undef RULE

/* The trees where the rules of SKIP_WHEN leave plain moves alone: the
 * set of B (1) and W (2) that -y keeps (rules_prop.c), none with
 * --strip-analysis (rules_analysis.c). */
unsigned sgft__plain_delete_request(const checker *k);
unsigned sgft__plain_analysis(const checker *k);

/* What sgft__rule_gameinfo_once (rules_node.c) does at a plain move: a
 * move is no game-info, so the node only takes the game-info flag of its
 * path.  Inline: the walk meets many such moves. */
static inline void sgft__gameinfo_once_plain(checker *k, node *n) {
    (void)k;
    n->flags |= n->parent->flags & NODEF_GAMEINFO;
}

/* rules_value.c: whether the value rules read p's values (not unknown
 * properties, nor FF, GM and SZ, read with the root, nor point lists,
 * read with their group, nor properties of another game). */
bool sgft__values_checked(const checker *k, const prop *p);
/* rules_value.c: message 13: p keeps its first non-empty value. */
void sgft__single_value(checker *k, prop *p);
/* rules_tree.c: the game (GM) the root rules will settle on: the number
 * of GM's first value, or 1 when GM is absent or no number they take
 * (message 18).  Uses k->a. */
long sgft__root_game(checker *k, node *root);
/* rules_tree.c: whether property id (AB, AW) of the root holds a point or
 * rectangle that the point rules will keep on the board SZ will give (a
 * value they delete is no stone).  Uses k->a. */
bool sgft__root_has_stones(checker *k, node *root, prop_id id);
/* rules_node.c: the point lists of n, group by group (38): all groups
 * (G_NONE), or only one. */
void sgft__point_lists(checker *k, node *n, prop_group only);

/* --- helpers (inline, and rule_report.c) ---------------------------- */

static inline const prop_info *info(const prop *p) {
    return p->id == P_UNKNOWN ? NULL : &sgft__props[p->id];
}

static inline uint64_t value_pos(const value *v) {
    return v->off ? v->off - 1 : 0;
}

static inline bool is_blank(const char *s, size_t len) {
    for (size_t i = 0; i < len; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' &&
            s[i] != '\v' && s[i] != '\f')
            return false;
    return true;
}

/* Whether v holds nothing but blanks once its escapes are read (a soft
 * line break is nothing, an escaped blank a blank): what the writer
 * would write as an empty value. */
static inline bool is_blank_value(const sgft_ctx *ctx, const value *v) {
    const char *s = value_bytes(ctx, v);
    if (v->flags & VALF_DECODED)
        return is_blank(s, v->len);
    for (size_t i = 0; i < v->len; i++) {
        size_t at = i;
        if (s[i] == '\\') {
            if (i + 1 == v->len)
                break; /* a lone '\' at the end is dropped */
            at = ++i;
        }
        if (!is_blank(s + at, 1))
            return false;
    }
    return true;
}

/* Whether a point-list property's values are points. */
static inline bool is_point_list(const prop *p) {
    const prop_info *pi = info(p);
    return pi && (pi->vt == VT_POINT || pi->vt == VT_STONE) &&
           (pi->flags & (PF_LIST | PF_ELIST));
}

/* Message code of a rule about k's tree (r may be NULL): sgft__report
 * with the FF of the tree, which class E4 follows.  Every message of the
 * rules goes through here. */
void sgft__rep(checker *k, msg_id code, bool has_pos, uint64_t off,
               report *r);
/* k's point scratch, made when it has none (its contents undefined);
 * NULL when out of memory (the context's status says so). */
point_scratch *sgft__point_scratch(checker *k);
/* Whether n holds a property of this kind. */
bool sgft__has_kind(const node *n, prop_kind kind);
/* Message code about p, with detail. */
void sgft__rep_prop(checker *k, msg_id code, const prop *p,
                    const char *detail);
/* Message code about p, which is deleted: the message shows its value
 * (the first, and "..." when there were more), so nothing goes unsaid. */
void sgft__rep_deleted(checker *k, msg_id code, const prop *p,
                       const char *detail);
/* Message code about value v of p; newv is the repaired value, or NULL. */
void sgft__rep_value(checker *k, msg_id code, const prop *p, const value *v,
                     const char *newv, size_t newlen, const char *detail);
/* The decoded (escape-free, one-line) form of a value in b,
 * NUL-terminated. */
void sgft__decode_simple(checker *k, buf *b, const value *v);

#endif /* SGFT_RULES_H */
