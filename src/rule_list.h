/* rule_list.h - the rules of the checks: one line per rule.
 *
 * Included several times with different definitions of RULE (X-macro):
 * the prototypes (rules.h), the walk of the engine and the rule table
 * (rules.c, sgftidy --list-rules) all come from these lines.
 *
 *   RULE(key, scope, phases, plain, function, description, messages...)
 *
 * key: stable name of the rule.  scope: what the rule looks at (value,
 * property, node, tree, game-info, collection).  phases: when the engine
 * (rules.c) calls it; within a phase, rules run in the order of these
 * lines, which is the order of SGFC's checks (spec 13.5), so messages
 * come in the same order.  The message numbers are those the rule may
 * raise (msg_list.h).  A new rule is one line here and one function.
 *
 * plain: what the rule does at a plain move, the common node of a Go game
 * that holds one B or W on the board and nothing else (rules.c:
 * plain_move), which the walk hurries through to the replay:
 *   SKIP          it has nothing to say or to change there: not called
 *   SKIP_WHEN(f)  the same in the trees where f(k) says so (an option may
 *                 make it act on B or W): f returns the set of B (1) and
 *                 W (2) it leaves alone; in the other trees such a move
 *                 is walked in full
 *   RUN           called there too, at its place (node phases only)
 *   ON_PLAIN(f)   f(k, n) called there instead, at its place: the rule's
 *                 work on such a move, done cheaply (node phases only)
 *   NA            not called at a node before the replay (its phases are
 *                 none of PH_NODE_FIRST ... PH_NODE)
 * The engine derives the hurried walk from these words alone; a new rule
 * says SKIP only when it is silent on such a move (tests/unit/
 * check_rules.c calls each SKIP rule on one to see).
 *
 * Phases, in the order of the walk of one game tree:
 *   PH_CHARSET     the tree, before -E2 converts its values
 *   PH_ROOT        the root, before the walk
 *   then every node in pre-order:
 *   PH_NODE_FIRST  the node, before its properties
 *   PH_PROPERTY    each property not checked yet, until a rule returns
 *                  false (the property went or became another one)
 *   PH_NODE_AGAIN  the node, after the property rules
 *   PH_VALUES      each property whose values are checked
 *   PH_VALUE       each value of such a property (false: deleted)
 *   PH_NODE        the node, after its values
 *                  (Go: the board replay of execute.c, and the repairs it
 *                  asks for, come here)
 *   PH_BOARD       the node, after the board replay
 *   PH_TREE        the tree, after the walk
 */

RULE(ca_spelling, SGFT_SCOPE_TREE, PH_CHARSET, NA,
     sgft__rule_ca_spelling,
     "CA names its charset by the standard name", 116)
RULE(charset_e1, SGFT_SCOPE_COLLECTION, PH_CHARSET, NA,
     sgft__rule_charset_e1,
     "-E1: every game tree is in the charset of the input", 72, 75)
RULE(fox_komi, SGFT_SCOPE_GAMEINFO, PH_ROOT, NA, sgft__rule_fox_komi,
     "KM in the Fox server's convention (times 100) read as the komi",
     130, 134)
RULE(title_in_te, SGFT_SCOPE_GAMEINFO, PH_ROOT, NA,
     sgft__rule_title_in_te,
     "TE holding a title in a root without a move (the Oro site's event) "
     "becomes EV",
     135)
RULE(duplicates, SGFT_SCOPE_NODE, PH_ROOT | PH_NODE_FIRST | PH_NODE_AGAIN,
     SKIP,
     sgft__rule_duplicates,
     "a property once per node: lists merged, texts joined, others the first",
     28)
RULE(root_values, SGFT_SCOPE_TREE, PH_ROOT, NA, sgft__rule_root_values,
     "FF, GM and SZ: one valid value each, read before the rest of the tree",
     13, 18, 19, 46, 47, 50, 51, 125)
RULE(handicap_placement, SGFT_SCOPE_TREE, PH_ROOT, NA,
     sgft__rule_handicap_placement,
     "handicap stones as moves or as setup after the root; "
     "--fix-handicap: AB in the root with PL[W]",
     132, 133)
RULE(delete_request, SGFT_SCOPE_PROPERTY, PH_PROPERTY,
     SKIP_WHEN(sgft__plain_delete_request),
     sgft__rule_delete_request, "-y: properties deleted on request", 29)
RULE(analysis, SGFT_SCOPE_PROPERTY, PH_PROPERTY | PH_TREE,
     SKIP_WHEN(sgft__plain_analysis),
     sgft__rule_analysis,
     "--strip-analysis: analysis properties of AI tools deleted, KaTrain's "
     "text cut from comments; counted per game tree",
     140, 141)
RULE(strip_times, SGFT_SCOPE_PROPERTY, PH_PROPERTY | PH_TREE, SKIP,
     sgft__rule_strip_times,
     "--strip-times: the clock of the moves (BL, WL, OB, OW) deleted; "
     "counted per game tree",
     144)
RULE(identifier, SGFT_SCOPE_PROPERTY, PH_PROPERTY, SKIP, sgft__rule_identifier,
     "identifiers in uppercase (FF[4]), known, and of the tree's game", 16,
     35)
RULE(ki_to_km, SGFT_SCOPE_PROPERTY, PH_PROPERTY, SKIP, sgft__rule_ki_to_km,
     "KI (integer komi) becomes KM, unless KM is there", 59)
RULE(ff_version, SGFT_SCOPE_PROPERTY, PH_PROPERTY, SKIP, sgft__rule_ff_version,
     "properties defined in the FF version of the tree", 40)
RULE(l_to_lb, SGFT_SCOPE_PROPERTY, PH_PROPERTY, SKIP, sgft__rule_l_to_lb,
     "L (FF[1] letters) becomes LB with the labels A, B, C...", 14)
RULE(obsolete, SGFT_SCOPE_PROPERTY, PH_PROPERTY, SKIP, sgft__rule_obsolete,
     "-o: obsolete properties deleted", 29)
RULE(root_only, SGFT_SCOPE_PROPERTY, PH_PROPERTY, SKIP, sgft__rule_root_only,
     "root properties only in the root node", 32)
RULE(single_value, SGFT_SCOPE_PROPERTY, PH_VALUES, SKIP,
     sgft__rule_single_value,
     "one value for properties that take one: the first non-empty", 13)
RULE(values, SGFT_SCOPE_VALUE, PH_VALUE, SKIP, sgft__rule_values,
     "values of their type (Number, Real, Double, Color, Text, Move, "
     "composed), game-info in its FF[4] format",
     14, 15, 17, 23, 25, 29, 33, 65)
RULE(point_lists, SGFT_SCOPE_NODE, PH_NODE, SKIP, sgft__rule_point_lists,
     "point lists: valid points, unique within their group, compressed",
     14, 15, 17, 25, 38, 51, 52)
RULE(composed_lists, SGFT_SCOPE_NODE, PH_NODE, SKIP,
     sgft__rule_composed_lists,
     "LB, AR, LN: one label per point, no arrow or line twice", 38)
RULE(move_in_root, SGFT_SCOPE_NODE, PH_NODE, SKIP, sgft__rule_move_in_root,
     "-v: a move in the root node goes into a node of its own", 24)
RULE(two_moves, SGFT_SCOPE_NODE, PH_NODE, SKIP, sgft__rule_two_moves,
     "one move per node: the later one goes into a new node", 37)
RULE(setup_and_move, SGFT_SCOPE_NODE, PH_NODE, SKIP, sgft__rule_setup_and_move,
     "setup and moves in separate nodes", 30)
RULE(annotations, SGFT_SCOPE_NODE, PH_NODE, SKIP, sgft__rule_annotations,
     "annotations that exclude each other (GB GW DM UC; BM TE DO IT)", 41,
     42)
RULE(annotation_move, SGFT_SCOPE_NODE, PH_NODE, SKIP,
     sgft__rule_annotation_move,
     "move annotations and KO only in a node with a move", 43)
RULE(gameinfo_once, SGFT_SCOPE_GAMEINFO, PH_NODE,
     ON_PLAIN(sgft__gameinfo_once_plain),
     sgft__rule_gameinfo_once,
     "one game-info node on every path", 44)
RULE(board_lists, SGFT_SCOPE_NODE, PH_BOARD, NA, sgft__rule_board_lists,
     "the markup lists again after M became MA and TR on the board", 38)
RULE(strict, SGFT_SCOPE_NODE, PH_BOARD, NA, sgft__rule_strict,
     "-r: handicap stones, setup in the main line, one colour twice", 61,
     62, 63)
RULE(collection, SGFT_SCOPE_COLLECTION, PH_TREE, NA, sgft__rule_collection,
     "the trees of a file: FF and GM alike; -r: one tree only", 45, 53, 60)
RULE(signature, SGFT_SCOPE_TREE, PH_TREE, NA, sgft__rule_signature,
     "-g: the game signature of each tree", 102)
RULE(empty_nodes, SGFT_SCOPE_TREE, PH_TREE, NA, sgft__rule_empty_nodes,
     "-n: empty nodes deleted", 55)
RULE(sibling_variations, SGFT_SCOPE_TREE, PH_TREE, NA,
     sgft__rule_sibling_variations,
     "-v: sibling-style variations become real variations", 56, 57)
RULE(reverse_variations, SGFT_SCOPE_TREE, PH_TREE, NA,
     sgft__rule_reverse_variations, "-z: the order of variations reversed",
     64)
