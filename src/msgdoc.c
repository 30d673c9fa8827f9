/* msgdoc.c - the long descriptions of the messages (taken from the man
 * page: msg_doc.h) and short SGF texts that give them, for --explain and
 * the rules of SARIF logs. */
#include "internal.h"

static const char *const docs[SGFT_MAX_MSG] = {
#define DOC(num, text) [num] = text,
#include "msg_doc.h"
#undef DOC
};

/* One SGF text per message that a text can give (command-line, file and
 * environment faults have none). */
static const char *const examples[SGFT_MAX_MSG] = {
    [6] = "Game of [ab] and (;FF[4]GM[1];B[aa])",
    [7] = "no game here",
    [8] = "(;FF[4]GM[1];B[aa] junk ;W[bb])",
    [9] = "(;FF[4]GM[1];B[aa]",
    [10] = "(;FF[4]GM[1]C[a comment",
    [12] = "(;FF[4]GM[1];B[aa]();W[bb])",
    [13] = "(;FF[4]GM[1]SZ[19][9];B[aa])",
    [14] = "(;FF[4]GM[1];B[aa]V[lots])",
    [15] = "(;FF[4]GM[1]DT[2000-7-19];B[aa])",
    [16] = "(;FF[4]GM[1];Black[aa])",
    [17] = "(;FF[4]GM[1]C[];B[aa])",
    [18] = "(;FF[4]GM[1]SZ[big];B[aa])",
    [19] = "(;FF[4]GM[2];B[aa])",
    [20] = "(;FF[4]GM[1];B[aa]C)",
    [28] = "(;FF[4]GM[1];B[aa]C[one]C[two])",
    [30] = "(;FF[4]GM[1];B[aa]AW[bb])",
    [32] = "(;FF[4]GM[1];B[aa]SZ[19])",
    [35] = "(;FF[4]GM[1];B[aa]XY[1])",
    [36] = "(FF[4]GM[1];B[aa])",
    [37] = "(;FF[4]GM[1];B[aa]W[bb])",
    [38] = "(;FF[4]GM[1];AB[aa][aa])",
    [43] = "(;FF[4]GM[1];C[no move]TE[1])",
    [44] = "(;FF[4]GM[1]PB[Honinbo];B[aa]PW[Jowa])",
    [47] = "(;FF[4]GM[1]SZ[19:19];B[aa])",
    [58] = "(;FF[4]GM[1];B[aa];W[aa])",
    [59] = "(;FF[3]GM[1]KI[11];B[aa])",
    [107] = "(;FF[4]GM[1];B[aa;W[bb])",
    [108] = "(;FF[4]GM[1];B[aa]C[see ;W[bb] here])",
    [121] = "(;FF[4]GM[1]AB[aa][bb]AW[ba][cb][da];B[ca];W[ba])",
    [122] = "(;FF[4]GM[1]AB[ba][ab];W[aa])",
    [125] = "(;FF[4]GM[9]SZ[30:8];B[e1-e3])",
};

const char *sgft_msg_doc(int n) {
    return sgft_msg_known(n) ? docs[n] : NULL;
}

const char *sgft_msg_example(int n) {
    return sgft_msg_known(n) ? examples[n] : NULL;
}
