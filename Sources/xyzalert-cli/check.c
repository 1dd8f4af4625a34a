/* xyzalert check: validate files, one line per problem. */
#include "cli.h"

/* Problems reported per file, as compilers stop after a screenful. */
enum { MAX_PROBLEMS = 20 };

/* Checks one file, read once and kept no longer than the checks need it:
 * "FILE: ok, N alerts", or its problems on stderr. */
static int check_file(const char *file) {
    static xyz_error problems[MAX_PROBLEMS + 1];
    size_t count = 0, alerts = 0;
    xyz_status status = check_input(file, problems, MAX_PROBLEMS + 1, &count, &alerts);
    if (status == XYZ_OK) {
        printf("%s: ok, %zu alert%s\n", input_name(file), alerts, alerts == 1 ? "" : "s");
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

int cli_check(int count, char **files) {
    int status = EXIT_VALID;
    for (int i = 0; i < count; i++) {
        int file_status = check_file(files[i]);
        if (file_status == EXIT_USAGE || (file_status == EXIT_INVALID && status == EXIT_VALID)) {
            status = file_status;
        }
    }
    return status;
}
