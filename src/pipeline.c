/* pipeline.c - the work on one game tree, stage by stage, in the order it
 * is done; the one place that order is written.
 *
 * What leads here (sgft_run, api.c): the input is set up, with -E1
 * through the decoder (decode.c), which hands the parser UTF-8; the parser
 * (parse.c) makes events of it, from which tree_build.c (sgft__parse)
 * builds one game tree at a time and hands it to sgft__pipeline_tree.
 * For each tree:
 *   1. the charset rules (PH_CHARSET of the checker, rules.c);
 *   2. with -E2, the values of the tree converted to UTF-8, in the charset
 *      found for that tree (decode_tree.c);
 *   3. the checks: the root rules, the walk of the nodes with their rules,
 *      the replay of the moves (execute.c) and the repairs the rules and
 *      the replay ask for (fix.c), then the tree rules (rules.c);
 *   4. the root made ready for output: FF[4], GM and CA (fix.c);
 *   5. the normalized form written to the context's output buffer
 *      (write.c), which goes on through ctx->write.
 * Stages 1 to 4 are also sgft_tree_check, for the trees of a reader.
 * Each stage keeps its state in its own object (the checker, the writer's
 * scratch) and none calls another: a stage returns here.
 */
#include "fix.h"

int sgft__pipeline_check(sgft_ctx *ctx, game_tree *tree) {
    /* -E of this input (api.c), read once here: the stages are told,
     * not left to look. */
    int mode = ctx->mode;
    checker *k = sgft__checker_new(ctx, tree, mode);
    if (!k)
        return SGFT_ENOMEM;
    sgft__check_charset(k);                               /* 1 */
    int st = mode == 2 ? sgft__decode_tree(ctx, tree) : 0; /* 2 */
    if (!st)
        sgft__check_nodes(k);                             /* 3 */
    int oom = sgft__checker_end(k);
    if (st)
        return st;
    if (oom && !ctx->status)
        ctx->status = oom;
    if (ctx->status)
        return ctx->status;
    return sgft__fix_output_root(ctx, tree, mode == 3);   /* 4 */
}

int sgft__pipeline_tree(sgft_ctx *ctx, game_tree *tree) {
    if (ctx->opt.parse_only)
        return 0;
    if (ctx->opt.dump_tree)
        return ctx->write ? sgft__dump_tree(ctx, tree) : 0;
    int st = sgft__pipeline_check(ctx, tree);
    if (st || !ctx->write)
        return st;
    if (tree->index == 1 && ctx->header.len) { /* -k: the text before */
        sgft__buf_put(&ctx->out, ctx->header.data, ctx->header.len);
        if (ctx->header.data[ctx->header.len - 1] != '\n')
            sgft__buf_putc(&ctx->out, '\n');
    }
    st = sgft__write_tree(ctx, tree);                     /* 5 */
    if (st)
        return st;
    if (ctx->out.len >= SGFT_FLUSH_AT || ctx->opt.split)
        return sgft__flush_output(ctx);
    return 0;
}
