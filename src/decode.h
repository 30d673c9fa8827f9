/* decode.h - what the files of the decoding share: decode.c (the charset
 * of the input, the decoding reader of -E1), decode_evidence.c (what the
 * bytes say against a declared charset), decode_sniff.c (the CA of the
 * first tree, from the parser's events) and decode_tree.c (the values of
 * each game tree in its own charset, -E2); and parse_scan.c, below them
 * and the parser, for the cut of a stretch at a ']'.  The decoding is
 * beside the parser: it calls the parser only through decode_sniff.c,
 * and nothing of the rules. */
#ifndef SGFT_DECODE_H
#define SGFT_DECODE_H

#include "internal.h"

#include <iconv.h>

/* How sgft__dec_convert reads its input. */
typedef enum dec_mode {
    DEC_ICONV,      /* every byte through the converter */
    DEC_UTF8,       /* UTF-8: only checked */
    DEC_ICONV_ASCII /* through the converter, but runs of ASCII copied as
                     * they are (sgft__dec_ascii_mode) */
} dec_mode;

/* Converts in[0..len) with cd into out (UTF-8 input is only checked);
 * the runs of invalid bytes go to bad (their offsets, at most max_bad);
 * returns how many there were.  in_run (NULL: none) carries from one
 * piece of a text to the next whether the last ended inside a run, which
 * the next then goes on with. */
size_t sgft__dec_convert(iconv_t cd, dec_mode mode, const char *in,
                         size_t len, bool final, buf *out, size_t *used,
                         uint64_t *bad, size_t max_bad, bool *in_run);
/* DEC_ICONV_ASCII when the converter cd from charset cs may skip ASCII
 * (see decode.c), else DEC_ICONV. */
dec_mode sgft__dec_ascii_mode(iconv_t cd, const char *cs);
/* In the stretch in[i..end) that DEC_ICONV_ASCII converts at once, a
 * ']' after a byte of 0x80 or more, with SGF after it, ends the stretch
 * (parse_scan.c): the converter cannot read it as the trail byte of a
 * double-byte character then.  Returns i when the bytes after such a ']'
 * cannot tell yet (more to come, not final): the caller waits for them. */
size_t sgft__dec_bracket_cut(const char *in, size_t i, size_t end, size_t len,
                             bool final);
/* Whether head[0..len) reads in charset cs without an invalid byte. */
bool sgft__dec_decodes_cleanly(const char *cs, const char *head, size_t len,
                               bool final);
/* The detail of messages 103 and 104: the charset and how sure. */
void sgft__dec_detected_detail(const detect_result *g, char *out,
                               size_t size);
bool sgft__dec_is_utf8_name(const char *name);
/* Whether cs is a charset of one byte a character (ISO-8859-n,
 * windows-125n, KOI8...). */
bool sgft__dec_single_byte(const char *cs);
/* Whether charset name is not ASCII-compatible (UTF-16, UTF-32...). */
bool sgft__dec_is_wide(const char *name);
/* Whether text declared in charset cs (neither UTF-8 nor wide) is UTF-8
 * instead: valid UTF-8 with a character of several bytes, which cs, a
 * double-byte charset, cannot read or which has one of three bytes or
 * more. */
bool sgft__dec_utf8_instead(const char *cs, const char *s, size_t len,
                            bool final);
/* Message 104: the bytes are not in the declared charset ca, read as
 * how says ("read as ..."): one of these, or a detection's result. */
void sgft__dec_read_as(sgft_ctx *ctx, const char *ca, const char *how,
                       bool has_pos, uint64_t off);
#define DEC_AS_UTF8 "read as UTF-8 (the bytes are valid UTF-8)"
#define DEC_AS_JIS "read as ISO-2022-JP (its escape sequences)"
#define DEC_AS_1252                                                          \
    "read as windows-1252 (bytes 0x80-0x9F are its characters, control "  \
    "codes in ISO-8859-1)"
/* Message 104: the bytes are not in the declared charset ca. */
void sgft__dec_mislabelled(sgft_ctx *ctx, const char *ca,
                           const detect_result *g, bool has_pos,
                           uint64_t off);
/* decode_evidence.c: a CA whose reading of s[0..len) is implausible
 * where another reads it clearly better (sgft__detect_mislabelled):
 * reports 104 and puts in name (size bytes) what the text is read as,
 * UTF-8 when it is valid UTF-8; false when the CA stands. */
bool sgft__dec_mislabel(sgft_ctx *ctx, const char *ca, char *name,
                        size_t size, const char *s, size_t len, bool final,
                        bool has_pos, uint64_t off);
/* Message 115 when the detection had a close second. */
void sgft__dec_report_close(sgft_ctx *ctx, const detect_result *g,
                            bool has_pos, uint64_t off);
/* The CA of the first game tree's root node in head[0..len), as the
 * parser reads it ("" when there is none): into out (decode_sniff.c). */
void sgft__dec_sniff_ca(sgft_ctx *ctx, const char *head, size_t len,
                        char *out, size_t size);
/* What the bytes say against a declared charset (decode_evidence.c):
 * for a text that cs does not read cleanly, whether detection finds a
 * charset that does, into g (not when most of a text declared UTF-8 is
 * UTF-8, nor a charset of one byte a character for one that holds valid
 * UTF-8 characters of several bytes);
 * where the first escape sequence of ISO-2022-JP that designates a
 * double-byte set is (len: none); whether a text is ISO-2022-JP (such an
 * escape, no byte above 0x7F); whether a charset keeps a state from one
 * character to the next in 7-bit bytes (ISO-2022, HZ, UTF-7); whether a
 * text under CA cs is windows-1252 (cs is ISO-8859-1 and the text has
 * bytes 0x80-0x9F, all of them characters of windows-1252). */
bool sgft__dec_other_reads(sgft_ctx *ctx, const char *cs, const char *s,
                           size_t len, bool final, detect_result *g);
size_t sgft__dec_jis_at(const char *s, size_t len);
bool sgft__dec_jis_text(const char *s, size_t len);
/* Whether such a text under CA cs is read as ISO-2022-JP (104). */
bool sgft__dec_jis_over(const char *cs, const char *s, size_t len);
bool sgft__dec_is_stateful(const char *name);
bool sgft__dec_c1_of_1252(const char *cs, const char *s, size_t len);
/* The text values of the tree below root, for the detection. */
void sgft__dec_tree_text(sgft_ctx *ctx, node *root, buf *out);

#endif
