/* Two lists of lines as a unified diff (diff.h). */
#include "diff.h"

#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { CONTEXT = 3 };
#define MAX_CELLS 4000000u

/* One line of the diff: kept (' '), removed from a ('-') or added from b ('+'). */
typedef struct op {
    char kind;
    size_t a, b; /* the line's index in a (kept, removed) and in b (kept, added) */
} op;

static int same(const char *x, const char *y) { return strcmp(x, y) == 0; }

/* The edit script of a[0..n) into b[0..m) (n * m <= MAX_CELLS), appended
 * to `ops` from `*used`: a longest common subsequence, table from the end. */
static void middle_by_lcs(const char *const *a, size_t n, const char *const *b, size_t m, size_t a0, size_t b0,
                          op *ops, size_t *used) {
    uint32_t *table = calloc((n + 1) * (m + 1), sizeof *table);
    if (!table) { /* (out of memory: still a correct diff, if not the shortest) */
        for (size_t i = 0; i < n; i++) ops[(*used)++] = (op){'-', a0 + i, 0};
        for (size_t j = 0; j < m; j++) ops[(*used)++] = (op){'+', 0, b0 + j};
        return;
    }
#define CELL(i, j) table[(i) * (m + 1) + (j)]
    for (size_t i = n; i-- > 0;) {
        for (size_t j = m; j-- > 0;) {
            CELL(i, j) = same(a[i], b[j]) ? CELL(i + 1, j + 1) + 1
                         : CELL(i + 1, j) >= CELL(i, j + 1) ? CELL(i + 1, j) : CELL(i, j + 1);
        }
    }
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && same(a[i], b[j])) {
            ops[(*used)++] = (op){' ', a0 + i++, b0 + j++};
        } else if (j == m || (i < n && CELL(i + 1, j) >= CELL(i, j + 1))) {
            ops[(*used)++] = (op){'-', a0 + i++, 0};
        } else {
            ops[(*used)++] = (op){'+', 0, b0 + j++};
        }
    }
#undef CELL
    free(table);
}

/* "-START,COUNT" as diff -u writes it: COUNT left out when 1, START the
 * line before the hunk when COUNT is 0. */
static void range(FILE *out, char sign, size_t first, size_t count) {
    if (count == 1) {
        fprintf(out, "%c%zu", sign, first + 1);
    } else {
        fprintf(out, "%c%zu,%zu", sign, count ? first + 1 : first, count);
    }
}

void print_unified_diff(FILE *out, const char *a_label, const char *b_label, const char *const *a, size_t a_count,
                        const char *const *b, size_t b_count) {
    size_t prefix = 0, suffix = 0;
    while (prefix < a_count && prefix < b_count && same(a[prefix], b[prefix])) prefix++;
    while (suffix < a_count - prefix && suffix < b_count - prefix &&
           same(a[a_count - 1 - suffix], b[b_count - 1 - suffix])) suffix++;
    size_t n = a_count - prefix - suffix, m = b_count - prefix - suffix;
    if (n == 0 && m == 0) return;
    op *ops = malloc((a_count + b_count + 1) * sizeof *ops);
    if (!ops) return;
    size_t used = 0;
    for (size_t i = 0; i < prefix; i++) ops[used++] = (op){' ', i, i};
    if (n && m && n <= MAX_CELLS / m) {
        middle_by_lcs(a + prefix, n, b + prefix, m, prefix, prefix, ops, &used);
    } else {
        for (size_t i = 0; i < n; i++) ops[used++] = (op){'-', prefix + i, 0};
        for (size_t j = 0; j < m; j++) ops[used++] = (op){'+', 0, prefix + j};
    }
    for (size_t k = 0; k < suffix; k++) ops[used++] = (op){' ', a_count - suffix + k, b_count - suffix + k};

    fputs("--- ", out);
    print_visible(out, a_label);
    fputs("\n+++ ", out);
    print_visible(out, b_label);
    fputc('\n', out);
    /* `at` walks the script once: a_before and b_before count the lines of
     * a and b before it (hunks come in order, so it only moves on). */
    size_t k = 0, at = 0, a_before = 0, b_before = 0;
    while (k < used) {
        while (k < used && ops[k].kind == ' ') k++;
        if (k == used) break;
        /* A hunk: from CONTEXT lines before this change to CONTEXT after
         * the last change that lies within 2 * CONTEXT kept lines of the next. */
        size_t start = k > CONTEXT ? k - CONTEXT : 0, end = k, kept = 0;
        for (size_t x = k; x < used && kept <= 2 * CONTEXT; x++) {
            if (ops[x].kind == ' ') {
                kept++;
            } else {
                kept = 0;
                end = x;
            }
        }
        size_t stop = end + 1 + CONTEXT < used ? end + 1 + CONTEXT : used;
        for (; at < start; at++) {
            a_before += ops[at].kind != '+';
            b_before += ops[at].kind != '-';
        }
        /* Where the hunk starts in each list: its first line there is the
         * one after the lines before it (range() writes a count of 0 so). */
        size_t a_first = a_before, b_first = b_before, a_lines = 0, b_lines = 0;
        for (size_t x = start; x < stop; x++) {
            a_lines += ops[x].kind != '+';
            b_lines += ops[x].kind != '-';
        }
        fputs("@@ ", out);
        range(out, '-', a_first, a_lines);
        fputc(' ', out);
        range(out, '+', b_first, b_lines);
        fputs(" @@\n", out);
        for (size_t x = start; x < stop; x++) {
            fputc(ops[x].kind, out);
            print_visible(out, ops[x].kind == '+' ? b[ops[x].b] : a[ops[x].a]);
            fputc('\n', out);
        }
        k = stop;
    }
    free(ops);
}
