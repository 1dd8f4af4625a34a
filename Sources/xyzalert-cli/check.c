/* xyzalert check: validate files, one line per problem, and say what a
 * valid file does that likely fails silently (docs/formats.md, "Warnings"). */
#include "cli.h"

/* Problems reported per file, as compilers stop after a screenful. */
enum { MAX_PROBLEMS = 20 };

/* Checks one file, read once and kept no longer than the checks need it:
 * its warnings, then "FILE: ok, N alerts[, N warnings]"; or its problems
 * (with `strict`, its warnings are problems), all on stderr but the ok. */
static int check_file(const char *file, bool strict) {
    static xyz_error problems[MAX_PROBLEMS + 1];
    size_t count = 0, alerts = 0;
    xyz_status status = check_input(file, problems, MAX_PROBLEMS + 1, &count, &alerts);
    if (status == XYZ_OK) {
        size_t warnings = 0;
        if (check_input_warnings(file, problems, MAX_PROBLEMS + 1, &warnings) != XYZ_OK) {
            warnings = 0; /* (read and checked once already: a file changed meanwhile is checked as it was) */
        }
        for (size_t i = 0; i < warnings && i < MAX_PROBLEMS; i++) {
            (strict ? print_load_error : print_load_warning)(&problems[i]);
        }
        if (warnings > MAX_PROBLEMS) {
            print_visible(diagnostics(), input_name(file));
            fprintf(diagnostics(), ": %s: more than %d warnings; stopping here\n", strict ? "error" : "warning",
                    MAX_PROBLEMS);
        }
        if (strict && warnings > 0) {
            return EXIT_INVALID;
        }
        printf("%s: ok, %zu alert%s", input_name(file), alerts, alerts == 1 ? "" : "s");
        if (warnings > 0) {
            printf(", %zu warning%s", warnings, warnings == 1 ? "" : "s");
        }
        printf("\n");
        return EXIT_VALID;
    }
    for (size_t i = 0; i < count && i < MAX_PROBLEMS; i++) {
        print_load_error(&problems[i]);
    }
    if (count > MAX_PROBLEMS) {
        print_visible(diagnostics(), input_name(file));
        fprintf(diagnostics(), ": error: more than %d problems; stopping here\n", MAX_PROBLEMS);
    }
    return status == XYZ_EIO ? EXIT_USAGE : EXIT_INVALID;
}

int cli_check(int count, char **files, bool strict) {
    int status = EXIT_VALID;
    for (int i = 0; i < count; i++) {
        int file_status = check_file(files[i], strict);
        if (file_status == EXIT_USAGE || (file_status == EXIT_INVALID && status == EXIT_VALID)) {
            status = file_status;
        }
    }
    return status;
}
