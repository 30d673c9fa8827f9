/* prop_list.h - the property catalogue: one line per property.
 *
 * Included several times with different definitions of PROP (X-macro); the
 * enum, the table and the lookup index all come from these lines, so they
 * cannot drift apart.  The order of the lines is the canonical order in
 * which the writer puts the properties of a node (as SGFC does).
 *
 *   PROP(id, value type, kind, FF versions, flags)
 *
 * References are to the FF[4] specification (spec/SGF-FF4.md, section 6).
 */

/* Root properties (6.1). */
PROP(FF, VT_NUMBER,     PK_ROOT,     FF_1234, 0)
PROP(CA, VT_SIMPLETEXT, PK_ROOT,     FF_4,    0)
PROP(GM, VT_NUMBER,     PK_ROOT,     FF_1234, 0)
PROP(SZ, VT_SIZE,       PK_ROOT,     FF_1234, 0)
PROP(ST, VT_NUMBER,     PK_ROOT,     FF_4,    0)
PROP(AP, VT_APP,        PK_ROOT,     FF_4,    0)
/* View (6.8, inherited). */
PROP(VW, VT_POINT,      PK_NONE,     FF_1234, PF_ELIST | PF_INHERIT)
/* Game-info properties (6.2). */
PROP(GN, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(EV, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(RO, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(PB, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(BR, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(BT, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0)
PROP(HA, VT_NUMBER,     PK_GAMEINFO, FF_1234, PF_GO)
PROP(PW, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(WR, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(WT, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0)
PROP(KM, VT_REAL,       PK_GAMEINFO, FF_1234, PF_GO)
PROP(DT, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(PC, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(RE, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(TM, VT_REAL,       PK_GAMEINFO, FF_1234, 0)
PROP(OT, VT_SIMPLETEXT, PK_GAMEINFO, FF_4,    0)
PROP(RU, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0)
PROP(SO, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(US, VT_SIMPLETEXT, PK_GAMEINFO, FF_1234, 0)
PROP(AN, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0)
PROP(GC, VT_TEXT,       PK_GAMEINFO, FF_1234, 0)
PROP(ON, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0)
PROP(CP, VT_SIMPLETEXT, PK_GAMEINFO, FF_34,   0)
/* Setup properties (6.4); PL follows below in SGFC's order. */
PROP(AB, VT_STONE,      PK_SETUP,    FF_1234, PF_LIST)
PROP(AW, VT_STONE,      PK_SETUP,    FF_1234, PF_LIST)
PROP(AE, VT_POINT,      PK_SETUP,    FF_1234, PF_LIST)
/* Moves (6.3). */
PROP(B,  VT_MOVE,       PK_MOVE,     FF_1234, 0)
PROP(W,  VT_MOVE,       PK_MOVE,     FF_1234, 0)
/* FF[1] letters and marks (6.11), converted to LB and MA/TR. */
PROP(L,  VT_POINT,      PK_NONE,     FF_12,   PF_LIST)
PROP(M,  VT_POINT,      PK_NONE,     FF_12,   PF_LIST)
/* Markup (6.7) and Go territory (6.9). */
PROP(LB, VT_LABEL,      PK_NONE,     FF_34,   PF_LIST)
PROP(AR, VT_ARROW,      PK_NONE,     FF_4,    PF_LIST)
PROP(LN, VT_ARROW,      PK_NONE,     FF_4,    PF_LIST)
PROP(MA, VT_POINT,      PK_NONE,     FF_34,   PF_LIST)
PROP(TR, VT_POINT,      PK_NONE,     FF_34,   PF_LIST)
PROP(CR, VT_POINT,      PK_NONE,     FF_34,   PF_LIST)
PROP(TB, VT_POINT,      PK_NONE,     FF_1234, PF_ELIST | PF_GO)
PROP(TW, VT_POINT,      PK_NONE,     FF_1234, PF_ELIST | PF_GO)
PROP(SQ, VT_POINT,      PK_NONE,     FF_4,    PF_LIST)
PROP(SL, VT_POINT,      PK_NONE,     FF_1234, PF_LIST)
PROP(DD, VT_POINT,      PK_NONE,     FF_4,    PF_ELIST | PF_INHERIT)
/* Node annotation (6.5). */
PROP(C,  VT_TEXT,       PK_NONE,     FF_1234, 0)
PROP(N,  VT_SIMPLETEXT, PK_NONE,     FF_1234, 0)
PROP(PL, VT_COLOR,      PK_SETUP,    FF_1234, 0)
PROP(V,  VT_REAL,       PK_NONE,     FF_1234, 0)
PROP(GB, VT_DOUBLE,     PK_NONE,     FF_1234, 0)
PROP(GW, VT_DOUBLE,     PK_NONE,     FF_1234, 0)
PROP(UC, VT_DOUBLE,     PK_NONE,     FF_34,   0)
PROP(DM, VT_DOUBLE,     PK_NONE,     FF_34,   0)
/* Move annotation (6.6). */
PROP(TE, VT_DOUBLE,     PK_MOVE,     FF_1234, 0)
PROP(BM, VT_DOUBLE,     PK_MOVE,     FF_1234, 0)
PROP(DO, VT_NONE,       PK_MOVE,     FF_34,   0)
PROP(IT, VT_NONE,       PK_MOVE,     FF_34,   0)
PROP(HO, VT_DOUBLE,     PK_NONE,     FF_34,   0)
/* Timing (6.3). */
PROP(BL, VT_REAL,       PK_MOVE,     FF_1234, 0)
PROP(WL, VT_REAL,       PK_MOVE,     FF_1234, 0)
PROP(OB, VT_NUMBER,     PK_MOVE,     FF_34,   0)
PROP(OW, VT_NUMBER,     PK_MOVE,     FF_34,   0)
/* Miscellaneous (6.3, 6.8). */
PROP(KO, VT_NONE,       PK_MOVE,     FF_34,   0)
PROP(FG, VT_FIGURE,     PK_NONE,     FF_1234, 0)
PROP(MN, VT_NUMBER,     PK_MOVE,     FF_34,   0)
PROP(PM, VT_NUMBER,     PK_NONE,     FF_4,    PF_INHERIT)
/* Obsolete FF[1]-FF[3] properties and SGB's KI (6.11). */
PROP(BS, VT_NUMBER,     PK_GAMEINFO, FF_123,  0)
PROP(WS, VT_NUMBER,     PK_GAMEINFO, FF_123,  0)
PROP(CH, VT_DOUBLE,     PK_NONE,     FF_123,  0)
PROP(EL, VT_NUMBER,     PK_NONE,     FF_12,   0)
PROP(EX, VT_MOVE,       PK_NONE,     FF_12,   0)
PROP(ID, VT_SIMPLETEXT, PK_GAMEINFO, FF_3,    0)
PROP(LT, VT_NONE,       PK_NONE,     FF_3,    0)
PROP(OM, VT_NUMBER,     PK_NONE,     FF_3,    0)
PROP(OP, VT_REAL,       PK_NONE,     FF_3,    0)
PROP(OV, VT_REAL,       PK_NONE,     FF_3,    0)
PROP(RG, VT_POINT,      PK_NONE,     FF_123,  PF_LIST | PF_GO)
PROP(SC, VT_POINT,      PK_NONE,     FF_123,  PF_LIST | PF_GO)
PROP(SE, VT_POINT,      PK_NONE,     FF_3,    PF_LIST)
PROP(SI, VT_DOUBLE,     PK_NONE,     FF_3,    0)
PROP(TC, VT_NUMBER,     PK_NONE,     FF_3,    0)
PROP(KI, VT_NUMBER,     PK_GAMEINFO, FF_NONE, PF_GO)
