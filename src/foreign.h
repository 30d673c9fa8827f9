/* foreign.h - the readers of game records that are not SGF: Tygem's GIB
 * (read_gib.c), WBaduk and Cyberoro's NGF (read_ngf.c), PandaNet's UGF
 * and UGI (read_ugf.c).  Each is a producer of the parser's events
 * (parse.h): the consumers (the trees, the event API, the CA sniff)
 * cannot tell them from the SGF parser, and every stage after it runs as
 * for SGF.  The parser hands a record to its reader when the head of the
 * input holds one of these formats (sgft__format_of); the reader gets the
 * whole record, decoded as any input is (decode.c), and makes the events
 * of one game tree of it through the calls below (foreign_emit.c), which make
 * SGF values of plain text.  It reports its faults with the offset in the
 * record where each was found, so that every message has the line and
 * column of the file as written. */
#ifndef SGFT_FOREIGN_H
#define SGFT_FOREIGN_H

#include "parse.h"

typedef enum rec_format {
    FMT_SGF,
    FMT_GIB,
    FMT_NGF,
    FMT_UGF
} rec_format;

/* The format of the record whose first len bytes are head: FMT_SGF when
 * it is none of the others (the SGF parser reads it). */
rec_format sgft__format_of(const char *head, size_t len);
/* The format's name in messages ("Tygem GIB"). */
const char *sgft__format_name(rec_format f);

/* A reader's state: the record, and where its events go. */
typedef struct foreign {
    rec_format format;
    const char *s; /* the record: s[0..len), with a NUL after it */
    size_t len;
    uint64_t base;  /* the absolute input offset of s[0] */
    parser *p;      /* its sink, its report and its status */
    unsigned long depth; /* of the last node made (0: the root) */
    bool has_node;
    prop_id prop;   /* the last property made */
    buf value;      /* the value being made */
} foreign;

/* Pushes ev to the consumer's fn: 0, or the status of the parse once it
 * has failed (a pause, asked by the consumer, is kept in the parser). */
int sgft__fr_push(foreign *f, event_fn fn, const event *ev);

/* The events.  at is an offset in s (where the thing was read).  Each
 * returns 0, or a negative status (out of memory, or the consumer's),
 * which the reader returns at once. */
/* The root, then each node a child of the one before (the main line). */
int sgft__fr_node(foreign *f, size_t at);
/* A node at depth (0: the root): a child of the last node made at
 * depth - 1, for readers of variations. */
int sgft__fr_node_at(foreign *f, size_t at, unsigned long depth);
/* A property of the last node, id its FF[4] identifier ("PB"), known or
 * private (capital letters only). */
int sgft__fr_prop(foreign *f, size_t at, const char *id);
/* A value of the last property: text, as plain text (the calls escape
 * ']' and '\' for SGF). */
int sgft__fr_value(foreign *f, size_t at, const char *text, size_t len);
/* A property with one value: text, or printf's format. */
int sgft__fr_prop_text(foreign *f, size_t at, const char *id,
                       const char *text, size_t len);
int sgft__fr_prop_fmt(foreign *f, size_t at, const char *id,
                      const char *fmt, ...) SGFT_PRINTF(4, 5);
/* A move or setup point: x, y from 0 at the top left (SGF's order), on
 * a board of size; a pass when x < 0.  id: "B", "W", "AB", "AW"... */
int sgft__fr_point(foreign *f, size_t at, const char *id, int x, int y,
                   int size);

/* The fixed handicap points of n stones (2 to 9) on a board of size (7
 * to 52) as AB: the corners from the top right, the third at the top
 * left, then, on an odd board, the sides and the centre. */
int sgft__fr_handicap(foreign *f, size_t at, int n, int size);

/* A message at offset at of s (has_pos), or about the record as a
 * whole (at == SIZE_MAX).  r's detail is the format's name when NULL
 * and the message's text has a %d slot. */
void sgft__fr_report(foreign *f, msg_id code, size_t at, const report *r);

/* The line of s that starts at *at, without its line break, and *at
 * moved past the break; false at the end of s. */
bool sgft__fr_line(const foreign *f, size_t *at, const char **line,
                   size_t *len);

/* The readers: each reads the record of f and makes the events of its
 * game (tree begin and end are made by foreign.c around it); returns 0,
 * or a negative status.  A record that cannot be read at all is refused
 * with message 150 (FOREIGN_UNREADABLE) and no node: no game is made of
 * it. */
int sgft__read_gib(foreign *f);
int sgft__read_ngf(foreign *f);
int sgft__read_ugf(foreign *f);
/* Whether head[0..len) is a record of the reader's format. */
bool sgft__is_gib(const char *head, size_t len);
bool sgft__is_ngf(const char *head, size_t len);
bool sgft__is_ugf(const char *head, size_t len);

/* Reads the record of the input of p, of format fmt, and makes its
 * events (parse.c calls it once, before anything else is read):
 * returns as sgft__parser_run. */
int sgft__foreign_run(parser *p, rec_format fmt);

#endif
