/* diff.c: two lists of lines as a unified diff (`xyzalert test`). */
#ifndef XYZALERT_CLI_DIFF_H
#define XYZALERT_CLI_DIFF_H

#include <stddef.h>
#include <stdio.h>

/* Prints how `b` differs from `a` as a unified diff (the "---" and "+++"
 * lines labelled `a_label` and `b_label`, then hunks with three lines of
 * context, as `diff -u` writes them); nothing when they are equal. The
 * lines between the common start and end are matched by their longest
 * common subsequence while that costs at most 4,000,000 cells; past that,
 * the middle is printed as removed then added (still a correct diff). */
void print_unified_diff(FILE *out, const char *a_label, const char *b_label, const char *const *a, size_t a_count,
                        const char *const *b, size_t b_count);

#endif
