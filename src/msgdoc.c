/* msgdoc.c - the long descriptions of the messages (taken from the man
 * page: msg_doc.h) and short SGF texts that give them, for --explain and
 * the rules of SARIF logs. */
#include "internal.h"

#include <stddef.h>

/* One SGF text per message that a text can give (command-line, file and
 * environment faults have none). */
#define EXAMPLES(X) \
    X(6, "Game of [ab] and (;FF[4]GM[1];B[aa])") \
    X(7, "no game here") \
    X(8, "(;FF[4]GM[1];B[aa] junk ;W[bb])") \
    X(9, "(;FF[4]GM[1];B[aa]") \
    X(10, "(;FF[4]GM[1]C[a comment") \
    X(12, "(;FF[4]GM[1];B[aa]();W[bb])") \
    X(13, "(;FF[4]GM[1]SZ[19][9];B[aa])") \
    X(14, "(;FF[4]GM[1];B[aa]V[lots])") \
    X(15, "(;FF[4]GM[1]DT[2000-7-19];B[aa])") \
    X(16, "(;FF[4]GM[1];Black[aa])") \
    X(17, "(;FF[4]GM[1]C[];B[aa])") \
    X(18, "(;FF[4]GM[1]SZ[big];B[aa])") \
    X(19, "(;FF[4]GM[2];B[aa])") \
    X(20, "(;FF[4]GM[1];B[aa]C)") \
    X(28, "(;FF[4]GM[1];B[aa]C[one]C[two])") \
    X(30, "(;FF[4]GM[1];B[aa]AW[bb])") \
    X(32, "(;FF[4]GM[1];B[aa]SZ[19])") \
    X(35, "(;FF[4]GM[1];B[aa]XY[1])") \
    X(36, "(FF[4]GM[1];B[aa])") \
    X(37, "(;FF[4]GM[1];B[aa]W[bb])") \
    X(38, "(;FF[4]GM[1];AB[aa][aa])") \
    X(43, "(;FF[4]GM[1];C[no move]TE[1])") \
    X(44, "(;FF[4]GM[1]PB[Honinbo];B[aa]PW[Jowa])") \
    X(47, "(;FF[4]GM[1]SZ[19:19];B[aa])") \
    X(58, "(;FF[4]GM[1];B[aa];W[aa])") \
    X(59, "(;FF[3]GM[1]KI[11];B[aa])") \
    X(107, "(;FF[4]GM[1];B[aa;W[bb])") \
    X(108, "(;FF[4]GM[1];B[aa]C[see ;W[bb] here])") \
    X(121, "(;FF[4]GM[1]AB[aa][bb]AW[ba][cb][da];B[ca];W[ba])") \
    X(122, "(;FF[4]GM[1]AB[ba][ab];W[aa])") \
    X(125, "(;FF[4]GM[9]SZ[30:8];B[e1-e3])")

/* The texts are arrays of one struct, and the tables hold their offsets
 * in it (no pointers: internal.h). */
struct doc_strings {
    char none; /* offset 0: no text for that message */
#define DOC(num, text) char doc_##num[sizeof text];
#include "msg_doc.h"
#undef DOC
#define X(num, text) char example_##num[sizeof text];
    EXAMPLES(X)
#undef X
};

static const struct doc_strings doc_strings SGFT_RARE_DATA = {
    0,
#define DOC(num, text) text,
#include "msg_doc.h"
#undef DOC
#define X(num, text) text,
    EXAMPLES(X)
#undef X
};

static const unsigned docs[SGFT_MAX_MSG] = {
#define DOC(num, text) [num] = offsetof(struct doc_strings, doc_##num),
#include "msg_doc.h"
#undef DOC
};

static const unsigned examples[SGFT_MAX_MSG] = {
#define X(num, text) [num] = offsetof(struct doc_strings, example_##num),
    EXAMPLES(X)
#undef X
};

/* The text at offset off of doc_strings, or NULL for none. */
static const char *doc_string(unsigned off) {
    return off ? (const char *)&doc_strings + off : NULL;
}

const char *sgft_msg_doc(int n) {
    return sgft_msg_known(n) ? doc_string(docs[n]) : NULL;
}

const char *sgft_msg_example(int n) {
    return sgft_msg_known(n) ? doc_string(examples[n]) : NULL;
}
