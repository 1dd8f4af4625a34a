/* suggest.c: the word nearest to a mistyped one ("did you mean ...?"). */
#ifndef XYZALERT_CLI_SUGGEST_H
#define XYZALERT_CLI_SUGGEST_H

#include <stddef.h>

/* The option ("--name") in `texts` (a NULL-terminated list of usage and
 * help texts) nearest to `given` (its part before any '='), copied into
 * `out` (`size` bytes): at most two edits away and fewer than half its
 * length; NULL when none is. */
const char *nearest_option(const char *given, const char *const *texts, char *out, size_t size);

/* The word of `words` (NULL-terminated) nearest to `given`, as above; NULL when none is. */
const char *nearest_word(const char *given, const char *const *words);

#endif
