/* xyzalert test: scenarios checked against their "expect" lists (docs/rules.md §15),
 * or, with --update, the lists rewritten from the actual traces. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "diff.h"

/* "FILE:LINE:COLUMN: error: " on stderr. */
static void error_at(const char *file, int line, int column) {
    print_visible(diagnostics(), file);
    fprintf(diagnostics(), ":%d:%d: error: ", line, column);
}

static void quoted(const char *text) {
    fputc('"', diagnostics());
    print_visible(diagnostics(), text);
    fputc('"', diagnostics());
}

/* Every difference between the "expect" list and the trace, as a unified
 * diff of their lines (the one above is only the first). */
static void print_differences(const char *file, const xyz_scenario *scenario, const line_list *actual) {
    size_t count = xyz_scenario_expect_count(scenario);
    const char **expected = malloc((count + 1) * sizeof *expected);
    if (!expected) return;
    for (size_t i = 0; i < count; i++) expected[i] = xyz_scenario_expect(scenario, i, NULL, NULL);
    size_t length = strlen(file) + 16;
    char *from = malloc(length), *to = malloc(length);
    if (from && to) {
        snprintf(from, length, "%s (expect)", file);
        snprintf(to, length, "%s (trace)", file);
        print_unified_diff(diagnostics(), from, to, expected, count, (const char *const *)actual->items, actual->count);
    }
    free(from);
    free(to);
    free(expected);
}

/* Prints the first difference between the scenario's "expect" list and the
 * actual trace, located, then every difference as a unified diff; true
 * when there is none. */
static bool compare(const char *file, const xyz_scenario *scenario, const line_list *actual) {
    size_t expected = xyz_scenario_expect_count(scenario);
    for (size_t i = 0; i < expected || i < actual->count; i++) {
        int line = 0, column = 0;
        const char *want = i < expected ? xyz_scenario_expect(scenario, i, &line, &column) : NULL;
        const char *got = i < actual->count ? actual->items[i] : NULL;
        if (want && got && strcmp(want, got) == 0) {
            continue;
        }
        if (want) {
            error_at(file, line, column);
            fputs("expected ", diagnostics());
            quoted(want);
            if (got) {
                fputs(", got ", diagnostics());
                quoted(got);
            } else {
                fprintf(diagnostics(), ", but the trace ends after %zu event%s", actual->count, actual->count == 1 ? "" : "s");
            }
            fprintf(diagnostics(), " (at /expect/%zu)\n", i);
        } else {
            xyz_scenario_expect_span(scenario, NULL, NULL, &line, &column);
            error_at(file, line, column);
            fputs("the trace goes on after the last expected line: ", diagnostics());
            quoted(got);
            fprintf(diagnostics(), " is event %zu of %zu (at /expect)\n", i + 1, actual->count);
        }
        print_source_line(file, line, column);
        print_differences(file, scenario, actual);
        return false;
    }
    return true;
}

/* The whole file, NUL-terminated (NULL when it cannot be read). */
static char *read_all(const char *path, size_t *length) {
    FILE *in = fopen(path, "rb");
    if (!in) return NULL;
    size_t capacity = 4096, used = 0;
    char *text = malloc(capacity);
    size_t n;
    while (text && (n = fread(text + used, 1, capacity - used - 1, in)) > 0) {
        used += n;
        if (capacity - used <= 1) {
            char *grown = realloc(text, capacity *= 2);
            if (!grown) free(text);
            text = grown;
        }
    }
    fclose(in);
    if (text) {
        text[used] = '\0';
        *length = used;
    }
    return text;
}

/* The actual trace as a JSON array, one line per event. */
static void write_list(FILE *out, const line_list *lines, const char *indent) {
    if (lines->count == 0) {
        fputs("[]", out);
        return;
    }
    fputs("[\n", out);
    for (size_t i = 0; i < lines->count; i++) {
        fprintf(out, "%s  ", indent);
        print_json_string(out, lines->items[i]);
        fputs(i + 1 < lines->count ? ",\n" : "\n", out);
    }
    fprintf(out, "%s]", indent);
}

/* Replaces the file's "expect" list with `lines`, or adds one as the last
 * member of the root object; the rest of the text stays as it was. */
static bool update(const char *file, const xyz_scenario *scenario, const line_list *lines) {
    size_t length = 0;
    char *text = read_all(file, &length);
    if (!text) {
        fprintf(diagnostics(), "%s: error: cannot read it again to update it\n", file);
        return false;
    }
    size_t start = 0, end = 0;
    bool replacing = xyz_scenario_expect_span(scenario, &start, &end, NULL, NULL);
    if (!replacing) { /* after the last value of the root object, before its "}" */
        end = length;
        while (end > 0 && text[end - 1] != '}') end--;
        start = end ? end - 1 : 0;
        while (start > 0 && (text[start - 1] == ' ' || text[start - 1] == '\n' || text[start - 1] == '\r'
                             || text[start - 1] == '\t')) start--;
        end = start;
    }
    /* Composed in memory, then written atomically: a failure part-way
     * leaves the file as it was. */
    char *updated = NULL;
    size_t updated_length = 0;
    FILE *out = open_memstream(&updated, &updated_length);
    bool ok = out != NULL;
    xyz_error error;
    if (out) {
        fwrite(text, 1, start, out);
        if (!replacing) fputs(",\n  \"expect\": ", out);
        write_list(out, lines, "  ");
        fwrite(text + end, 1, length - end, out);
        ok = fclose(out) == 0 && xyz_file_write(file, updated, updated_length, &error) == XYZ_OK;
    }
    free(updated);
    if (!ok) {
        fprintf(diagnostics(), "%s: error: cannot write the updated file\n", file);
    } else {
        printf("%s: updated, %zu expected event%s\n", file, lines->count, lines->count == 1 ? "" : "s");
    }
    free(text);
    return ok;
}

int cli_test(int count, char **files, bool updating) {
    int passed = 0, failed = 0, status = EXIT_VALID;
    for (int i = 0; i < count; i++) {
        xyz_error error;
        /* --update rewrites whatever "expect" holds: it is not read then. */
        const char *name = input_name(files[i]);
        xyz_scenario *scenario = load_scenario(files[i], updating, &error);
        if (!scenario) {
            print_load_error(&error);
            status = error.status == XYZ_EIO ? EXIT_USAGE : (status == EXIT_VALID ? EXIT_INVALID : status);
            failed++;
            continue;
        }
        line_list actual = {0};
        run_options options = {FORMAT_EXPECT, NULL, &actual, false, -1, NULL, NULL, false};
        (void)run_scenario(scenario, &options);
        bool ok;
        if (updating) {
            ok = update(files[i], scenario, &actual);
        } else if (!xyz_scenario_has_expect(scenario)) {
            print_visible(diagnostics(), name);
            fputs(": error: the scenario has no \"expect\" list (xyzalert test --update adds one)\n", diagnostics());
            ok = false;
        } else {
            ok = compare(name, scenario, &actual);
            if (ok) printf("%s: ok, %zu event%s\n", name, actual.count, actual.count == 1 ? "" : "s");
        }
        passed += ok;
        failed += !ok;
        if (!ok && status == EXIT_VALID) status = EXIT_INVALID;
        lines_free(&actual);
        xyz_scenario_free(scenario);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return status;
}
