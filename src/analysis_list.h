/* analysis_list.h - the private properties in which analysis programs
 * store an engine's analysis of a game: one line per property id.
 *
 * Included several times with different definitions of ANALYSIS
 * (X-macro): the enum of rules.h and the table of rules_analysis.c come
 * from these lines; the man page lists them too (--strip-analysis).
 *
 *   ANALYSIS(id, when)
 *
 * when: AN_ALWAYS, an id no other program is known to use, deleted
 * wherever it occurs; AN_LIZZIE, an id whose name another program could
 * use for something else, deleted only in a game tree that shows it was
 * written by LizzieYzy (LZ, LZ2, LZOP or LZOP2 in the tree, or an AP of
 * Lizzie); AN_GRP, the same for GoReviewPartner, whose reviews always
 * hold RSGF in the root.
 */

/* Lizzie, LizzieYzy, LizGoban: the engine's analysis of the position
 * (program version, winrate, playouts; the candidate moves with their
 * visits, winrates and variations). */
ANALYSIS(LZ, AN_ALWAYS)
/* LizzieYzy: the same from the second engine; for the position before
 * the first move (root); and from the second engine there. */
ANALYSIS(LZ2, AN_ALWAYS)
ANALYSIS(LZOP, AN_ALWAYS)
ANALYSIS(LZOP2, AN_ALWAYS)
/* LizzieYzy: how well the move agreed with the engine (match rate). */
ANALYSIS(FIT, AN_LIZZIE)
/* KaTrain: KataGo's analysis of the position (ownership, policy, the
 * candidate moves), compressed and Base64 encoded; the version of that
 * format (root). */
ANALYSIS(KT, AN_ALWAYS)
ANALYSIS(KTV, AN_ALWAYS)
/* Sabaki and Ogatak: Black's winrate; Sabaki: the score lead. */
ANALYSIS(SBKV, AN_ALWAYS)
ANALYSIS(SBKS, AN_ALWAYS)
/* Ogatak: the score lead. */
ANALYSIS(OGSC, AN_ALWAYS)
/* q5Go: Leela Zero's evaluation (visits, Black's winrate, komi,
 * engine); KataGo's (with the score and its deviation). */
ANALYSIS(QLZV, AN_ALWAYS)
ANALYSIS(QKGV, AN_ALWAYS)
/* GoReviewPartner (.rsgf reviews): the review's header, the bot and its
 * version (root); winrates (both colours, value network, Monte Carlo),
 * policy value, playouts, Leela's evaluation and RAVE, estimated score,
 * the bot's best move, book moves, GnuGo's score bounds and its
 * territory and influence maps, heat map, reading depths. */
ANALYSIS(RSGF, AN_GRP)
ANALYSIS(BOT, AN_GRP)
ANALYSIS(BOTV, AN_GRP)
ANALYSIS(BWWR, AN_GRP)
ANALYSIS(VNWR, AN_GRP)
ANALYSIS(MCWR, AN_GRP)
ANALYSIS(PNV, AN_GRP)
ANALYSIS(PLYO, AN_GRP)
ANALYSIS(EVAL, AN_GRP)
ANALYSIS(RAVE, AN_GRP)
ANALYSIS(ES, AN_GRP)
ANALYSIS(CBM, AN_GRP)
ANALYSIS(BKMV, AN_GRP)
ANALYSIS(UBS, AN_GRP)
ANALYSIS(LBS, AN_GRP)
ANALYSIS(TBM, AN_GRP)
ANALYSIS(TWM, AN_GRP)
ANALYSIS(IBM, AN_GRP)
ANALYSIS(IWM, AN_GRP)
ANALYSIS(HTM, AN_GRP)
ANALYSIS(MRD, AN_GRP)
ANALYSIS(ARD, AN_GRP)
