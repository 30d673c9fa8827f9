/* prop_list.h - the property catalogue: one line per property.
 *
 * Included several times with different definitions of PROP (X-macro); the
 * enum, the table and the lookup index all come from these lines, so they
 * cannot drift apart.  The order of the lines is the canonical order in
 * which the writer puts the properties of a node (as SGFC does).
 *
 *   PROP(id, value type, kind, FF versions, flags, group, repairer)
 *
 * flags (internal.h): PF_LIST a list of values, PF_ELIST a list or one
 *   empty value, PF_INHERIT inherited, PF_GO defined for Go (GM[1]) only
 *   (an unknown property in other games), PF_E4 its format messages are
 *   errors in FF[4] trees and warnings before (class E4), PF_NEEDS_MOVE
 *   only in a node with a move (43), PF_CONVERTED obsolete, but converted
 *   to its FF[4] form rather than deleted by -o (L, M, KI).
 * group: properties whose points must be unique among them (38; the
 *   groups are checked in the order of their enum), or annotations that
 *   exclude each other (41, 42).
 * repairer: the game-info value parser that reads and repairs the value
 *   (gameinfo.c), or NULL: the value type decides.
 *
 * References are to the FF[4] specification (spec/SGF-FF4.md, section 6).
 */

/* Root properties (6.1). */
PROP(FF, VT_NUMBER,     PK_ROOT,     FF_1234, 0,                          G_NONE,         NULL)
PROP(CA, VT_SIMPLETEXT, PK_ROOT,     FF_4,    0,                          G_NONE,         NULL)
PROP(GM, VT_NUMBER,     PK_ROOT,     FF_1234, 0,                          G_NONE,         NULL)
PROP(SZ, VT_SIZE,       PK_ROOT,     FF_1234, 0,                          G_NONE,         NULL)
PROP(ST, VT_NUMBER,     PK_ROOT,     FF_4,    0,                          G_NONE,         NULL)
PROP(AP, VT_APP,        PK_ROOT,     FF_4,    0,                          G_NONE,         NULL)
/* View (6.8, inherited). */
PROP(VW, VT_POINT,      PK_NONE,     FF_1234, PF_ELIST | PF_INHERIT,      G_VW,           NULL)
/* Game-info properties (6.2). */
PROP(GN, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(EV, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(RO, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(PB, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(BR, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(BT, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0,                          G_NONE,         NULL)
PROP(HA, VT_NUMBER,     PK_GAMEINFO, FF_1234, PF_GO,                      G_NONE,         sgft__gi_handicap)
PROP(PW, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(WR, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(WT, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0,                          G_NONE,         NULL)
PROP(KM, VT_REAL,       PK_GAMEINFO, FF_1234, PF_GO | PF_E4,              G_NONE,         sgft__gi_komi)
PROP(DT, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, PF_E4,                      G_NONE,         sgft__gi_date)
PROP(PC, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(RE, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, PF_E4,                      G_NONE,         sgft__gi_result)
PROP(TM, VT_REAL,       PK_GAMEINFO, FF_1234, PF_E4,                      G_NONE,         sgft__gi_time)
PROP(OT, VT_SIMPLETEXT, PK_GAMEINFO, FF_4,    0,                          G_NONE,         NULL)
PROP(RU, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0,                          G_NONE,         NULL)
PROP(SO, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(US, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(AN, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0,                          G_NONE,         NULL)
PROP(GC, VT_TEXT,       PK_GAMEINFO, FF_1234, 0,                          G_NONE,         NULL)
PROP(ON, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0,                          G_NONE,         NULL)
PROP(CP, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0,                          G_NONE,         NULL)
/* Setup properties (6.4); PL follows below in SGFC's order. */
PROP(AB, VT_STONE,      PK_SETUP,    FF_1234, PF_LIST,                    G_SETUP,        NULL)
PROP(AW, VT_STONE,      PK_SETUP,    FF_1234, PF_LIST,                    G_SETUP,        NULL)
PROP(AE, VT_POINT,      PK_SETUP,    FF_1234, PF_LIST,                    G_SETUP,        NULL)
/* Moves (6.3). */
PROP(B,  VT_MOVE,       PK_MOVE,     FF_1234, 0,                          G_NONE,         NULL)
PROP(W,  VT_MOVE,       PK_MOVE,     FF_1234, 0,                          G_NONE,         NULL)
/* FF[1] letters and marks (6.11), converted to LB and MA/TR. */
PROP(L,  VT_POINT,      PK_NONE,     FF_12,   PF_LIST | PF_CONVERTED,     G_NONE,         NULL)
PROP(M,  VT_POINT,      PK_NONE,     FF_12,   PF_LIST | PF_CONVERTED,     G_M,            NULL)
/* Markup (6.7) and Go territory (6.9). */
PROP(LB, VT_LABEL,      PK_NONE,     FF_34,   PF_LIST,                    G_NONE,         NULL)
PROP(AR, VT_ARROW,      PK_NONE,     FF_4,    PF_LIST,                    G_NONE,         NULL)
PROP(LN, VT_ARROW,      PK_NONE,     FF_4,    PF_LIST,                    G_NONE,         NULL)
PROP(MA, VT_POINT,      PK_NONE,     FF_34,   PF_LIST,                    G_MARKUP,       NULL)
PROP(TR, VT_POINT,      PK_NONE,     FF_34,   PF_LIST,                    G_MARKUP,       NULL)
PROP(CR, VT_POINT,      PK_NONE,     FF_34,   PF_LIST,                    G_MARKUP,       NULL)
PROP(TB, VT_POINT,      PK_NONE,     FF_1234, PF_ELIST | PF_GO,           G_TERRITORY,    NULL)
PROP(TW, VT_POINT,      PK_NONE,     FF_1234, PF_ELIST | PF_GO,           G_TERRITORY,    NULL)
PROP(SQ, VT_POINT,      PK_NONE,     FF_4,    PF_LIST,                    G_MARKUP,       NULL)
PROP(SL, VT_POINT,      PK_NONE,     FF_1234, PF_LIST,                    G_MARKUP,       NULL)
PROP(DD, VT_POINT,      PK_NONE,     FF_4,    PF_ELIST | PF_INHERIT,      G_DD,           NULL)
/* Node annotation (6.5). */
PROP(C,  VT_TEXT,       PK_NONE,     FF_1234, 0,                          G_NONE,         NULL)
PROP(N,  VT_SIMPLETEXT, PK_NONE,     FF_1234, 0,                          G_NONE,         NULL)
PROP(PL, VT_COLOR,      PK_SETUP,    FF_1234, 0,                          G_NONE,         NULL)
PROP(V,  VT_REAL,       PK_NONE,     FF_1234, 0,                          G_NONE,         NULL)
PROP(GB, VT_DOUBLE,     PK_NONE,     FF_1234, 0,                          G_POSITION_ANN, NULL)
PROP(GW, VT_DOUBLE,     PK_NONE,     FF_1234, 0,                          G_POSITION_ANN, NULL)
PROP(UC, VT_DOUBLE,     PK_NONE,     FF_34,   0,                          G_POSITION_ANN, NULL)
PROP(DM, VT_DOUBLE,     PK_NONE,     FF_34,   0,                          G_POSITION_ANN, NULL)
/* Move annotation (6.6). */
PROP(TE, VT_DOUBLE,     PK_MOVE,     FF_1234, PF_NEEDS_MOVE,              G_MOVE_ANN,     NULL)
PROP(BM, VT_DOUBLE,     PK_MOVE,     FF_1234, PF_NEEDS_MOVE,              G_MOVE_ANN,     NULL)
PROP(DO, VT_NONE,       PK_MOVE,     FF_34,   PF_NEEDS_MOVE,              G_MOVE_ANN,     NULL)
PROP(IT, VT_NONE,       PK_MOVE,     FF_34,   PF_NEEDS_MOVE,              G_MOVE_ANN,     NULL)
PROP(HO, VT_DOUBLE,     PK_NONE,     FF_34,   0,                          G_NONE,         NULL)
/* Timing (6.3). */
PROP(BL, VT_REAL,       PK_MOVE,     FF_1234, 0,                          G_NONE,         NULL)
PROP(WL, VT_REAL,       PK_MOVE,     FF_1234, 0,                          G_NONE,         NULL)
PROP(OB, VT_NUMBER,     PK_MOVE,     FF_34,   0,                          G_NONE,         NULL)
PROP(OW, VT_NUMBER,     PK_MOVE,     FF_34,   0,                          G_NONE,         NULL)
/* Miscellaneous (6.3, 6.8). */
PROP(KO, VT_NONE,       PK_MOVE,     FF_34,   PF_NEEDS_MOVE,              G_NONE,         NULL)
PROP(FG, VT_FIGURE,     PK_NONE,     FF_1234, 0,                          G_NONE,         NULL)
PROP(MN, VT_NUMBER,     PK_MOVE,     FF_34,   0,                          G_NONE,         NULL)
PROP(PM, VT_NUMBER,     PK_NONE,     FF_4,    PF_INHERIT,                 G_NONE,         NULL)
/* Obsolete FF[1]-FF[3] properties and SGB's KI (6.11). */
PROP(BS, VT_NUMBER,     PK_GAMEINFO, FF_123,  0,                          G_NONE,         NULL)
PROP(WS, VT_NUMBER,     PK_GAMEINFO, FF_123,  0,                          G_NONE,         NULL)
PROP(CH, VT_DOUBLE,     PK_NONE,     FF_123,  0,                          G_NONE,         NULL)
PROP(EL, VT_NUMBER,     PK_NONE,     FF_12,   0,                          G_NONE,         NULL)
PROP(EX, VT_MOVE,       PK_NONE,     FF_12,   0,                          G_NONE,         NULL)
PROP(ID, VT_SIMPLETEXT, PK_GAMEINFO, FF_3,    0,                          G_NONE,         NULL)
PROP(LT, VT_NONE,       PK_NONE,     FF_3,    0,                          G_NONE,         NULL)
PROP(OM, VT_NUMBER,     PK_NONE,     FF_3,    0,                          G_NONE,         NULL)
PROP(OP, VT_REAL,       PK_NONE,     FF_3,    0,                          G_NONE,         NULL)
PROP(OV, VT_REAL,       PK_NONE,     FF_3,    0,                          G_NONE,         NULL)
PROP(RG, VT_POINT,      PK_NONE,     FF_123,  PF_LIST | PF_GO,            G_RG,           NULL)
PROP(SC, VT_POINT,      PK_NONE,     FF_123,  PF_LIST | PF_GO,            G_SC,           NULL)
PROP(SE, VT_POINT,      PK_NONE,     FF_3,    PF_LIST,                    G_SE,           NULL)
PROP(SI, VT_DOUBLE,     PK_NONE,     FF_3,    0,                          G_NONE,         NULL)
PROP(TC, VT_NUMBER,     PK_NONE,     FF_3,    0,                          G_NONE,         NULL)
PROP(KI, VT_NUMBER,     PK_GAMEINFO, FF_NONE, PF_GO | PF_CONVERTED,       G_NONE,         NULL)
