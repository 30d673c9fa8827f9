/* detect.h - what the charset detection (detect.c) and its language
 * knowledge (detect_lang.c) share. */
#ifndef SGFT_DETECT_H
#define SGFT_DETECT_H

#include "internal.h"

#include <stdint.h>

typedef enum lang { L_ZH_HANS, L_ZH_HANT, L_JA, L_KO, L_RU, L_WEST, L_CENTRAL,
                    L__COUNT } lang;

/* detect_uchardet.c: uchardet's functions, loaded (NULL when the library
 * cannot be), and unloaded (u may be NULL). */
typedef struct ucd_api ucd_api;
typedef struct detector detector;
ucd_api *sgft__uchardet_load(void);
void sgft__uchardet_unload(ucd_api *u);
/* uchardet's guess for s[0..len), normalized, in out (size bytes), or ""
 * (none without u). */
void sgft__uchardet_guess(const ucd_api *u, const char *s, size_t len,
                          char *out, size_t size);

/* Per language: the frequent characters and the less frequent ones
 * (letters), as UTF-8 text. */
extern const char *const sgft__lang_tables[L__COUNT][2];

/* The class of a Chinese, Japanese or Korean character in language lg:
 * 3 frequent in names and game records, 2 frequent in text, 1 known in
 * text, 0 other. */
int sgft__cjk_class(lang lg, uint32_t c);
/* Whether c is among the characters the classes of lg cover (the Han of
 * Chinese and Japanese, the Hangul of Korean): kana, symbols and the
 * like have no class, and are weighed by their place alone. */
bool sgft__cjk_classed(lang lg, uint32_t c);
/* Whether code point c is one of the characters of the UTF-8 text t. */
bool sgft__set_has(const char *t, uint32_t c);
bool sgft__ascii_letter(unsigned c);
bool sgft__is_cyrillic(uint32_t c);
bool sgft__is_letter(uint32_t c);
bool sgft__is_quote(uint32_t c);
bool sgft__is_lower_letter(uint32_t c);
/* The plausibility of character c between prev and next in language lg
 * (for a Latin letter of a Latin reading, only its case and script: the
 * letter itself is judged with its word by sgft__latin_word). */
double sgft__score_single(lang lg, uint32_t c, uint32_t prev, uint32_t next);
/* Scores of a word w[0..n) of a single-byte reading. */
double sgft__clusters(const uint32_t *w, size_t n);
double sgft__shape(const uint32_t *w, size_t n, bool latin);
double sgft__digraphs(const uint32_t *w, size_t n);

/* The Latin words of a phrase (words joined by spaces, hyphens and
 * apostrophes: a name, a sentence), judged in the languages of a group
 * of Latin charsets (detect_lang.c): a phrase is written in one language. */
enum { LATIN_LANGS = 18 };
typedef struct latin_phrase {
    double sum[LATIN_LANGS]; /* per language: its words' scores */
    bool out[LATIN_LANGS];   /* a word the language does not write */
    double best;             /* each word in its best language */
    size_t words;
} latin_phrase;
/* Adds the word w[0..n) of a reading in group lg (L_WEST, L_CENTRAL). */
void sgft__latin_word(latin_phrase *p, lang lg, const uint32_t *w, size_t n);
/* The phrase's score; p is empty again. */
double sgft__latin_phrase_end(latin_phrase *p);

#endif
