/* "Did you mean ...?": the word nearest to a mistyped one, for unknown
 * options and commands (docs/cli.md). */
#include <stdbool.h>
#include <string.h>

#include "suggest.h"

enum { LONGEST = 64 };

/* The edits (insert, delete, replace, swap two neighbours) from a to b. */
static size_t distance(const char *a, size_t n, const char *b, size_t m) {
    size_t rows[3][LONGEST + 1];
    if (n > LONGEST || m > LONGEST) {
        return (size_t)-1;
    }
    size_t *before = rows[0], *previous = rows[1], *current = rows[2];
    for (size_t j = 0; j <= m; j++) {
        previous[j] = j;
    }
    for (size_t i = 1; i <= n; i++) {
        current[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t best = previous[j - 1] + cost;
            if (previous[j] + 1 < best) best = previous[j] + 1;
            if (current[j - 1] + 1 < best) best = current[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && before[j - 2] + 1 < best) {
                best = before[j - 2] + 1;
            }
            current[j] = best;
        }
        size_t *spare = before;
        before = previous;
        previous = current;
        current = spare;
    }
    return previous[m];
}

/* Whether `candidate` (n bytes) is close enough to `given` to suggest:
 * at most two edits, and fewer than half its length. */
static bool close_to(const char *given, size_t given_length, const char *candidate, size_t n, size_t *best) {
    size_t d = distance(given, given_length, candidate, n);
    if (d == 0 || d > 2 || d * 2 >= n || d >= *best) {
        return false;
    }
    *best = d;
    return true;
}

const char *nearest_option(const char *given, const char *const *texts, char *out, size_t size) {
    size_t given_length = strcspn(given, "=");
    size_t best = (size_t)-1;
    const char *found = NULL;
    size_t found_length = 0;
    for (; *texts; texts++) {
        for (const char *p = *texts; (p = strstr(p, "--")) != NULL; p += 2) {
            bool starts_word = p == *texts || p[-1] == ' ' || p[-1] == '[' || p[-1] == '\n' || p[-1] == '|';
            size_t n = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
            if (starts_word && n > 2 && close_to(given, given_length, p, n, &best)) {
                found = p;
                found_length = n;
            }
        }
    }
    if (!found || found_length >= size) {
        return NULL;
    }
    memcpy(out, found, found_length);
    out[found_length] = '\0';
    return out;
}

const char *nearest_word(const char *given, const char *const *words) {
    size_t best = (size_t)-1;
    const char *found = NULL;
    for (; *words; words++) {
        if (close_to(given, strlen(given), *words, strlen(*words), &best)) {
            found = *words;
        }
    }
    return found;
}
