/* check_catalogue.c - the message catalogue (msg_list.h), the property
 * catalogue (prop_list.h), the severity policies and the exit status. */
#include "tests.h"

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The catalogue as written in msg_list.h. */
typedef struct msg_row {
    int num;
    const char *key;
    int cls;
    int crit;
    const char *text;
} msg_row;

static const msg_row msg_rows[] = {
#define MSG(num, key, cls, crit, text) {num, #key, cls, crit, text},
#include "msg_list.h"
#undef MSG
};
#define N_MSG_ROWS (sizeof msg_rows / sizeof *msg_rows)

/* Classes and critical marks of messages 1-75 as SGF-FF4.md 13.4 gives
 * them ("E" for 15 and "W" for 17: their raised forms are per report). */
typedef struct spec_msg {
    int num;
    const char *cls; /* F, E, W, E4, W/r */
    bool crit;
} spec_msg;

static const spec_msg spec_msgs[] = {
    {1, "F", 0},    {2, "F", 0},    {3, "F", 0},    {4, "F", 0},
    {5, "F", 0},    {6, "W", 1},    {7, "F", 0},    {8, "E", 1},
    {9, "E", 1},    {10, "E", 1},   {11, "E", 1},   {12, "E", 0},
    {13, "E", 1},   {14, "E", 0},   {15, "E", 0},   {16, "E", 0},
    {17, "W", 0},   {18, "E", 0},   {19, "W/r", 1}, {20, "E", 1},
    {21, "E", 1},   {22, "W", 0},   {23, "E", 0},   {24, "W/r", 0},
    {25, "E", 0},   {26, "F", 0},   {27, "F", 0},   {28, "E", 0},
    {29, "W", 0},   {30, "E4", 0},  {31, "W/r", 0}, {32, "E", 0},
    {33, "E4", 0},  {34, "E", 0},   {35, "W/r", 0}, {36, "E", 1},
    {37, "E", 0},   {38, "E", 0},   {39, "W/r", 0}, {40, "W/r", 0},
    {41, "E", 0},   {42, "E4", 0},  {43, "E", 0},   {44, "E4", 0},
    {45, "W/r", 0}, {46, "E", 1},   {47, "E", 0},   {48, "F", 0},
    {49, "F", 0},   {50, "E", 0},   {51, "E", 1},   {52, "E", 0},
    {53, "W/r", 0}, {54, "E", 1},   {55, "W", 0},   {56, "W", 0},
    {57, "W", 0},   {58, "W/r", 0}, {59, "W", 0},   {60, "E", 0},
    {61, "W", 0},   {62, "W", 0},   {63, "W", 0},   {64, "E", 0},
    {65, "E", 0},   {66, "E", 1},   {67, "E", 1},   {68, "F", 0},
    {69, "F", 0},   {70, "F", 0},   {71, "W/r", 1}, {72, "W/r", 1},
    {73, "F", 0},   {74, "W/r", 1}, {75, "F", 0},
};
#define N_SPEC_MSGS (sizeof spec_msgs / sizeof *spec_msgs)

/* The deliberate differences from SGFC that msg_list.h documents: these
 * messages are not critical. */
static const int not_critical[] = {19, 74};

/* The critical mark expected for spec row s. */
static bool expected_critical(const spec_msg *s) {
    for (size_t i = 0; i < sizeof not_critical / sizeof *not_critical; i++)
        if (not_critical[i] == s->num)
            return false;
    return s->crit;
}

/* --- a sink that keeps the last diagnostic ---------------------------- */

typedef struct last_diag {
    int count;
    int code;
    sgft_severity severity;
    bool critical, has_pos;
    char text[256];
} last_diag;

static void keep_last(const sgft_diag *d, void *userdata) {
    last_diag *l = userdata;
    l->count++;
    l->code = d->code;
    l->severity = d->severity;
    l->critical = d->critical;
    l->has_pos = d->has_pos;
    snprintf(l->text, sizeof l->text, "%s", d->text);
}

/* --- messages ----------------------------------------------------------- */

START_TEST(test_msg_numbers_unique) {
    for (size_t i = 0; i < N_MSG_ROWS; i++) {
        ck_assert_int_gt(msg_rows[i].num, 0);
        ck_assert_int_lt(msg_rows[i].num, SGFT_MAX_MSG);
        for (size_t j = i + 1; j < N_MSG_ROWS; j++)
            ck_assert_msg(msg_rows[i].num != msg_rows[j].num,
                          "message %d listed twice", msg_rows[i].num);
    }
}
END_TEST

START_TEST(test_msg_keys_unique) {
    for (size_t i = 0; i < N_MSG_ROWS; i++)
        for (size_t j = i + 1; j < N_MSG_ROWS; j++)
            ck_assert_msg(strcmp(msg_rows[i].key, msg_rows[j].key) != 0,
                          "key %s used twice", msg_rows[i].key);
}
END_TEST

START_TEST(test_msg_sgfc_numbers_known) {
    for (int n = 1; n <= 75; n++) {
        ck_assert_msg(sgft_msg_known(n), "message %d unknown", n);
        ck_assert_ptr_nonnull(sgft_msg_key(n));
        ck_assert_ptr_nonnull(sgft_msg_text(n));
        ck_assert_uint_gt(strlen(sgft_msg_text(n)), 0);
    }
    /* 76-99 are not SGFC's and not ours. */
    for (int n = 76; n < 100; n++)
        ck_assert_msg(!sgft_msg_known(n), "message %d known", n);
}
END_TEST

START_TEST(test_msg_lookups_match_list) {
    int known = 0;
    for (int n = -1; n <= SGFT_MAX_MSG + 1; n++)
        known += sgft_msg_known(n);
    ck_assert_int_eq(known, (int)N_MSG_ROWS);
    for (size_t i = 0; i < N_MSG_ROWS; i++) {
        int n = msg_rows[i].num;
        ck_assert(sgft_msg_known(n));
        ck_assert_str_eq(sgft_msg_key(n), msg_rows[i].key);
        ck_assert_str_eq(sgft_msg_text(n), msg_rows[i].text);
    }
    static const int bad[] = {0, -1, -75, SGFT_MAX_MSG, SGFT_MAX_MSG + 1,
                              1000};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ck_assert(!sgft_msg_known(bad[i]));
        ck_assert_ptr_null(sgft_msg_key(bad[i]));
        ck_assert_ptr_null(sgft_msg_text(bad[i]));
    }
}
END_TEST

START_TEST(test_msg_classes_as_spec) {
    ck_assert_uint_eq(N_SPEC_MSGS, 75);
    for (size_t i = 0; i < N_SPEC_MSGS; i++) {
        const spec_msg *s = &spec_msgs[i];
        ck_assert_int_eq(s->num, (int)i + 1);
        const msg_row *m = NULL;
        for (size_t j = 0; j < N_MSG_ROWS; j++)
            if (msg_rows[j].num == s->num)
                m = &msg_rows[j];
        ck_assert_msg(m != NULL, "message %d missing", s->num);
        int cls = !strcmp(s->cls, "F")    ? C_FATAL
                  : !strcmp(s->cls, "E")  ? C_ERROR
                  : !strcmp(s->cls, "W")  ? C_WARN
                  : !strcmp(s->cls, "E4") ? C_E4
                                          : C_WR;
        ck_assert_msg(m->cls == cls, "message %d: class %d, spec %s",
                      s->num, m->cls, s->cls);
        ck_assert_msg(m->crit == expected_critical(s),
                      "message %d: critical %d", s->num, m->crit);
    }
    /* A listed difference is one. */
    for (size_t i = 0; i < sizeof not_critical / sizeof *not_critical; i++)
        ck_assert(spec_msgs[not_critical[i] - 1].crit);
}
END_TEST

/* The severity each class resolves to, through the public sgft_report():
 * without a game tree E4 is an error; W/r is an error with -r. */
START_TEST(test_msg_severity_resolved) {
    const spec_msg *s = &spec_msgs[_i];
    for (int strict = 0; strict < 2; strict++) {
        sgft_options o = test_options();
        o.strict = strict;
        last_diag l;
        memset(&l, 0, sizeof l);
        sgft_ctx *ctx = sgft_ctx_new(&o, keep_last, &l);
        ck_assert_ptr_nonnull(ctx);
        sgft_report(ctx, s->num, "detail");
        sgft_severity want = !strcmp(s->cls, "F") ? SGFT_FATAL
                             : !strcmp(s->cls, "W") ? SGFT_WARNING
                             : !strcmp(s->cls, "W/r") && !strict
                                 ? SGFT_WARNING
                                 : SGFT_ERROR;
        ck_assert_int_eq(l.count, 1);
        ck_assert_int_eq(l.code, s->num);
        ck_assert_msg(l.severity == want, "message %d strict %d: %c",
                      s->num, strict, sgft_severity_letter(l.severity));
        ck_assert(l.critical == expected_critical(s));
        ck_assert(!l.has_pos);
        const sgft_summary *sum = sgft_ctx_summary(ctx);
        ck_assert_uint_eq(sum->fatal, want == SGFT_FATAL);
        ck_assert_uint_eq(sum->errors, want == SGFT_ERROR);
        ck_assert_uint_eq(sum->warnings, want == SGFT_WARNING);
        ck_assert_uint_eq(sum->critical, expected_critical(s));
        ck_assert_int_eq(sgft_exit_status(sum), want == SGFT_FATAL   ? 20
                                                : want == SGFT_ERROR ? 10
                                                                     : 5);
        sgft_ctx_free(ctx);
    }
}
END_TEST

START_TEST(test_msg_text_slots) {
    last_diag l;
    memset(&l, 0, sizeof l);
    sgft_ctx *ctx = sgft_ctx_new(NULL, keep_last, &l);
    ck_assert_ptr_nonnull(ctx);
    /* %d takes the detail. */
    sgft_report(ctx, 3, "x.sgf: No such file or directory");
    ck_assert_str_eq(l.text,
                     "cannot open input file: x.sgf: No such file or directory");
    /* A text without %d gets the detail appended. */
    sgft_report(ctx, 5, "while reading");
    ck_assert_str_eq(l.text, "out of memory: while reading");
    sgft_report(ctx, 5, NULL);
    ck_assert_str_eq(l.text, "out of memory");
    /* Unknown numbers report nothing. */
    sgft_report(ctx, 99, "x");
    sgft_report(ctx, 0, "x");
    ck_assert_int_eq(l.count, 3);
    sgft_ctx_free(ctx);
}
END_TEST

START_TEST(test_msg_disabled) {
    sgft_options o = test_options();
    o.disabled[35] = 1; /* a warning */
    o.disabled[8] = 1;  /* a critical error */
    o.disabled[7] = 1;  /* a fatal error: cannot be disabled */
    last_diag l;
    memset(&l, 0, sizeof l);
    sgft_ctx *ctx = sgft_ctx_new(&o, keep_last, &l);
    ck_assert_ptr_nonnull(ctx);
    sgft_report(ctx, 35, NULL);
    sgft_report(ctx, 8, NULL);
    ck_assert_int_eq(l.count, 0);
    sgft_report(ctx, 7, NULL);
    ck_assert_int_eq(l.count, 1);
    ck_assert_int_eq(l.code, 7);
    const sgft_summary *sum = sgft_ctx_summary(ctx);
    ck_assert_uint_eq(sum->ignored, 2);
    ck_assert_uint_eq(sum->warnings, 0);
    ck_assert_uint_eq(sum->errors, 0);
    ck_assert_uint_eq(sum->critical, 0); /* disabled: not critical */
    ck_assert_uint_eq(sum->fatal, 1);
    sgft_ctx_free(ctx);
}
END_TEST

START_TEST(test_msg_no_warnings) {
    sgft_options o = test_options();
    o.no_warnings = true;
    last_diag l;
    memset(&l, 0, sizeof l);
    sgft_ctx *ctx = sgft_ctx_new(&o, keep_last, &l);
    ck_assert_ptr_nonnull(ctx);
    sgft_report(ctx, 35, NULL); /* W/r: a warning without -r */
    sgft_report(ctx, 6, NULL);  /* W, critical */
    ck_assert_int_eq(l.count, 0);
    sgft_report(ctx, 12, NULL); /* E */
    ck_assert_int_eq(l.count, 1);
    ck_assert_int_eq(l.code, 12);
    const sgft_summary *sum = sgft_ctx_summary(ctx);
    ck_assert_uint_eq(sum->ignored, 2);
    ck_assert_uint_eq(sum->warnings, 0);
    ck_assert_uint_eq(sum->errors, 1);
    ck_assert_uint_eq(sum->critical, 0);
    ck_assert_int_eq(sgft_exit_status(sum), 10);
    sgft_ctx_free(ctx);

    /* With -r a W/r message is an error and stays. */
    o.strict = true;
    memset(&l, 0, sizeof l);
    ctx = sgft_ctx_new(&o, keep_last, &l);
    ck_assert_ptr_nonnull(ctx);
    sgft_report(ctx, 35, NULL);
    ck_assert_int_eq(l.count, 1);
    ck_assert_int_eq(l.severity, SGFT_ERROR);
    sgft_ctx_free(ctx);
}
END_TEST

START_TEST(test_exit_status) {
    sgft_summary s;
    memset(&s, 0, sizeof s);
    ck_assert_int_eq(sgft_exit_status(&s), 0);
    s.ignored = 4;
    s.infos = 2;
    ck_assert_int_eq(sgft_exit_status(&s), 0);
    s.warnings = 1;
    ck_assert_int_eq(sgft_exit_status(&s), 5);
    s.critical = 1;
    ck_assert_int_eq(sgft_exit_status(&s), 5);
    s.errors = 3;
    ck_assert_int_eq(sgft_exit_status(&s), 10);
    s.warnings = 0;
    ck_assert_int_eq(sgft_exit_status(&s), 10);
    s.fatal = 1;
    ck_assert_int_eq(sgft_exit_status(&s), 20);
    memset(&s, 0, sizeof s);
    s.fatal = 1;
    ck_assert_int_eq(sgft_exit_status(&s), 20);
}
END_TEST

START_TEST(test_severity_names) {
    ck_assert_int_eq(sgft_severity_letter(SGFT_INFO), 'I');
    ck_assert_int_eq(sgft_severity_letter(SGFT_WARNING), 'W');
    ck_assert_int_eq(sgft_severity_letter(SGFT_ERROR), 'E');
    ck_assert_int_eq(sgft_severity_letter(SGFT_FATAL), 'F');
    ck_assert_str_eq(sgft_severity_name(SGFT_INFO), "info");
    ck_assert_str_eq(sgft_severity_name(SGFT_WARNING), "warning");
    ck_assert_str_eq(sgft_severity_name(SGFT_ERROR), "error");
    ck_assert_str_eq(sgft_severity_name(SGFT_FATAL), "fatal");
}
END_TEST

/* --- properties ------------------------------------------------------- */

static const char *const prop_ids[] = {
#define PROP(id, ...) #id,
#include "prop_list.h"
#undef PROP
};
#define N_PROPS (sizeof prop_ids / sizeof *prop_ids)

START_TEST(test_prop_table) {
    ck_assert_uint_eq(N_PROPS, P__COUNT);
    for (size_t i = 0; i < N_PROPS; i++) {
        const char *id = prop_ids[i];
        size_t len = strlen(id);
        ck_assert_msg(len == 1 || len == 2, "%s", id);
        for (size_t k = 0; k < len; k++)
            ck_assert_msg(id[k] >= 'A' && id[k] <= 'Z', "%s", id);
        ck_assert_str_eq(sgft__props[i].id, id);
        for (size_t j = i + 1; j < N_PROPS; j++)
            ck_assert_msg(strcmp(id, prop_ids[j]) != 0, "%s twice", id);
    }
}
END_TEST

/* Every one- and two-letter identifier: catalogue ids find their entry,
 * all others P_UNKNOWN. */
START_TEST(test_prop_lookup_all) {
    prop_index ix;
    sgft__prop_index_init(&ix);
    char id[3] = {0};
    for (int a = 'A'; a <= 'Z'; a++) {
        for (int b = '@'; b <= 'Z'; b++) {
            id[0] = (char)a;
            id[1] = b == '@' ? '\0' : (char)b;
            size_t len = strlen(id);
            int want = P_UNKNOWN;
            for (size_t i = 0; i < N_PROPS; i++)
                if (!strcmp(prop_ids[i], id))
                    want = (int)i;
            ck_assert_msg((int)sgft__prop_lookup(&ix, id, len) == want,
                          "lookup of %s", id);
        }
    }
}
END_TEST

START_TEST(test_prop_lookup_examples) {
    prop_index ix;
    sgft__prop_index_init(&ix);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "B", 1), P_B);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "W", 1), P_W);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "FF", 2), P_FF);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "KI", 2), P_KI);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "C", 1), P_C);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "CA", 2), P_CA);
    /* The length counts, not the NUL. */
    ck_assert_int_eq(sgft__prop_lookup(&ix, "CA", 1), P_C);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "XY", 2), P_UNKNOWN);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "A", 1), P_UNKNOWN);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "", 0), P_UNKNOWN);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "ABC", 3), P_UNKNOWN);
    ck_assert_int_eq(sgft__prop_lookup(&ix, "FFF", 3), P_UNKNOWN);
}
END_TEST

/* The writer's order is the catalogue's: root, view, game-info, setup,
 * moves, markup, annotations... */
START_TEST(test_prop_order) {
    ck_assert_int_lt(P_FF, P_CA);
    ck_assert_int_lt(P_CA, P_GM);
    ck_assert_int_lt(P_GM, P_SZ);
    ck_assert_int_lt(P_AP, P_VW);
    ck_assert_int_lt(P_VW, P_GN);
    ck_assert_int_lt(P_CP, P_AB);
    ck_assert_int_lt(P_AE, P_B);
    ck_assert_int_lt(P_B, P_W);
    ck_assert_int_lt(P_W, P_LB);
    ck_assert_int_lt(P_DD, P_C);
    ck_assert_int_lt(P_C, P_N);
    for (int i = 0; i < P__COUNT; i++) {
        int kind = sgft__props[i].kind;
        if (kind == PK_ROOT)
            ck_assert_int_le(i, P_AP);
        if (kind == PK_GAMEINFO && i < P_BS)
            ck_assert(i >= P_GN && i <= P_CP);
    }
}
END_TEST

START_TEST(test_options_defaults) {
    sgft_options *o = sgft_options_new();
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(sgft_options_get(o, SGFT_OPT_FIND_START),
                     SGFT_START_HEURISTIC);
    ck_assert_int_eq(sgft_options_get(o, SGFT_OPT_LINEBREAKS), SGFT_LB_HARD);
    ck_assert_int_eq(sgft_options_get(o, SGFT_OPT_LINE_WIDTH), 76);
    ck_assert_int_eq(sgft_options_get(o, SGFT_OPT_ENCODING_MODE), 1);
    for (int k = SGFT_OPT_KEEP_HEADER; k <= SGFT_OPT_STRIP_ANALYSIS; k++)
        ck_assert_int_eq(sgft_options_get(o, (sgft_option)k), 0);
    for (int i = 0; i < SGFT_MAX_MSG; i++)
        ck_assert_int_eq(o->disabled[i], 0);
    for (int i = 0; i <= P__COUNT; i++)
        ck_assert_int_eq(o->deleted[i], 0);
    ck_assert_int_eq(sgft_options_get(o, (sgft_option)0), -1);
    sgft_options_free(o);
}
END_TEST

START_TEST(test_options_set) {
    sgft_options *o = sgft_options_new();
    for (int k = SGFT_OPT_KEEP_HEADER; k <= SGFT_OPT_STRIP_ANALYSIS; k++) {
        ck_assert_int_eq(sgft_options_set(o, (sgft_option)k, 1), 0);
        ck_assert_int_eq(sgft_options_get(o, (sgft_option)k), 1);
        /* -g: 2 is the symmetric signature */
        int top = k == SGFT_OPT_SIGNATURE ? 3 : 2;
        ck_assert_int_eq(sgft_options_set(o, (sgft_option)k, top), SGFT_EINVAL);
        ck_assert_int_eq(sgft_options_get(o, (sgft_option)k), 1);
    }
    ck_assert_int_eq(sgft_options_set(o, SGFT_OPT_SIGNATURE, 2), 0);
    ck_assert_int_eq(sgft_options_get(o, SGFT_OPT_SIGNATURE), 2);
    ck_assert_int_eq(sgft_options_set(o, SGFT_OPT_FIND_START, 4), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_set(o, SGFT_OPT_LINEBREAKS, 0), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_set(o, SGFT_OPT_LINE_WIDTH, 19), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_set(o, SGFT_OPT_LINE_WIDTH, 20), 0);
    ck_assert_int_eq(sgft_options_get(o, SGFT_OPT_LINE_WIDTH), 20);
    ck_assert_int_eq(sgft_options_set(o, (sgft_option)999, 1), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_disable(o, 35), 0);
    ck_assert_int_eq(o->disabled[35], 1);
    ck_assert_int_eq(sgft_options_disable(o, 99), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_disable(o, SGFT_MAX_MSG), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_set_encoding(o, "no-such-charset"),
                     SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_set_encoding(o, "UTF-8"), 0);
    ck_assert_str_eq(o->encoding, "UTF-8");
    ck_assert_int_eq(sgft_options_set_encoding(o, NULL), 0);
    ck_assert_str_eq(o->encoding, "");
    sgft_options *d = sgft_options_dup(o);
    ck_assert_int_eq(sgft_options_get(d, SGFT_OPT_LINE_WIDTH), 20);
    sgft_options_free(d);
    sgft_options_free(o);
}
END_TEST

/* Every library option of src/option_list.h: a new object holds its
 * default; both ends of its range are taken, the values beyond them
 * refused with the option left as it was; a copy keeps the value. */
START_TEST(test_options_list) {
    static const struct {
        sgft_option opt;
        long lo, hi, def;
    } rows[] = {
#define OPTION(id, letter, name, arg, argname, field, type, lo, hi, def, help) \
    {SGFT_OPT_##id, lo, hi, def},
#define COMMAND(...)
#include "option_list.h"
#undef OPTION
#undef COMMAND
    };
    /* the options are 1 to the number of rows (src/api.c proves it) */
    sgft_option past = (sgft_option)(sizeof rows / sizeof *rows + 1);
    sgft_options *o = sgft_options_new();
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        sgft_option k = rows[i].opt;
        ck_assert_int_eq(sgft_options_get(o, k), rows[i].def);
        ck_assert_int_eq(sgft_options_set(o, k, rows[i].hi), 0);
        ck_assert_int_eq(sgft_options_get(o, k), rows[i].hi);
        ck_assert_int_eq(sgft_options_set(o, k, rows[i].hi + 1), SGFT_EINVAL);
        ck_assert_int_eq(sgft_options_set(o, k, rows[i].lo - 1), SGFT_EINVAL);
        ck_assert_int_eq(sgft_options_get(o, k), rows[i].hi);
        sgft_options *d = sgft_options_dup(o);
        ck_assert_int_eq(sgft_options_get(d, k), rows[i].hi);
        sgft_options_free(d);
        ck_assert_int_eq(sgft_options_set(o, k, rows[i].lo), 0);
        ck_assert_int_eq(sgft_options_get(o, k), rows[i].lo);
    }
    ck_assert_int_eq(sgft_options_get(o, past), -1);
    ck_assert_int_eq(sgft_options_set(o, past, 0), SGFT_EINVAL);
    sgft_options_free(o);
}
END_TEST

START_TEST(test_options_delete_prop) {
    sgft_options *o = sgft_options_new();
    ck_assert_int_eq(sgft_options_delete_prop(o, "B"), 0);
    ck_assert_int_eq(sgft_options_delete_prop(o, "GC"), 0);
    ck_assert_int_eq(o->deleted[P_B], 1);
    ck_assert_int_eq(o->deleted[P_GC], 1);
    ck_assert_int_eq(sgft_options_delete_prop(o, "ZZ"), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_delete_prop(o, "gc"), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_delete_prop(o, "GCX"), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_delete_prop(o, ""), SGFT_EINVAL);
    ck_assert_int_eq(sgft_options_delete_prop(o, NULL), SGFT_EINVAL);
    /* Every property can be deleted: no list to fill up. */
    for (int i = 0; i < P__COUNT; i++)
        ck_assert_int_eq(sgft_options_delete_prop(o, sgft__props[i].id), 0);
    sgft_options_free(o);
}
END_TEST

Suite *catalogue_suite(void) {
    Suite *s = suite_create("catalogue");
    TCase *tc = tcase_create("messages");
    tcase_add_test(tc, test_msg_numbers_unique);
    tcase_add_test(tc, test_msg_keys_unique);
    tcase_add_test(tc, test_msg_sgfc_numbers_known);
    tcase_add_test(tc, test_msg_lookups_match_list);
    tcase_add_test(tc, test_msg_classes_as_spec);
    tcase_add_loop_test(tc, test_msg_severity_resolved, 0, (int)N_SPEC_MSGS);
    tcase_add_test(tc, test_msg_text_slots);
    tcase_add_test(tc, test_msg_disabled);
    tcase_add_test(tc, test_msg_no_warnings);
    tcase_add_test(tc, test_exit_status);
    tcase_add_test(tc, test_severity_names);
    suite_add_tcase(s, tc);

    tc = tcase_create("properties");
    tcase_add_test(tc, test_prop_table);
    tcase_add_test(tc, test_prop_lookup_all);
    tcase_add_test(tc, test_prop_lookup_examples);
    tcase_add_test(tc, test_prop_order);
    suite_add_tcase(s, tc);

    tc = tcase_create("options");
    tcase_add_test(tc, test_options_defaults);
    tcase_add_test(tc, test_options_set);
    tcase_add_test(tc, test_options_list);
    tcase_add_test(tc, test_options_delete_prop);
    suite_add_tcase(s, tc);
    return s;
}
