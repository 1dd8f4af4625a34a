/* xyzalert check: validate files, one line per problem. */
#include "cli.h"

/* Problems reported per file, as compilers stop after a screenful. */
enum { MAX_PROBLEMS = 20 };

/* Checks one file: "FILE: ok, N alerts", or its problems on stderr. A valid
 * file is read once; only an invalid one is read again for all its problems. */
static int check_file(const char *file) {
    xyz_error error;
    xyz_catalog *catalog = xyz_catalog_load_file(file, &error);
    if (catalog) {
        size_t n = xyz_catalog_count(catalog);
        printf("%s: ok, %zu alert%s\n", file, n, n == 1 ? "" : "s");
        xyz_catalog_free(catalog);
        return EXIT_VALID;
    }
    static xyz_error problems[MAX_PROBLEMS + 1];
    size_t count = 0;
    xyz_status status = xyz_check_file(file, problems, MAX_PROBLEMS + 1, &count);
    if (status == XYZ_OK) { /* changed since it was loaded: report what loading saw */
        problems[0] = error;
        count = 1;
        status = error.status;
    }
    for (size_t i = 0; i < count && i < MAX_PROBLEMS; i++) {
        print_load_error(&problems[i]);
    }
    if (count > MAX_PROBLEMS) {
        print_visible(stderr, file);
        fprintf(stderr, ": error: more than %d problems; stopping here\n", MAX_PROBLEMS);
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
