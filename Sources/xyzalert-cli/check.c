/* xyzalert check: validate files, one line per problem. */
#include "cli.h"

void print_load_error(const xyz_error *error) {
    if (error->status == XYZ_EIO) {
        fprintf(stderr, "%s: error: %s\n", error->source, error->message);
        return;
    }
    fprintf(stderr, "%s:%d:%d: error: %s (at %s)\n", error->source, error->line, error->column, error->message,
            error->pointer[0] ? error->pointer : "/");
}

int cli_check(int count, char **files) {
    int status = EXIT_VALID;
    for (int i = 0; i < count; i++) {
        xyz_error error;
        xyz_alert_set *set = xyz_alert_set_load_file(files[i], &error);
        if (set) {
            size_t n = xyz_alert_set_count(set);
            printf("%s: ok, %zu alert%s\n", files[i], n, n == 1 ? "" : "s");
            xyz_alert_set_free(set);
            continue;
        }
        print_load_error(&error);
        if (error.status == XYZ_EIO) {
            status = EXIT_USAGE;
        } else if (status == EXIT_VALID) {
            status = EXIT_INVALID;
        }
    }
    return status;
}
