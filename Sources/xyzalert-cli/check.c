/* xyzalert check: validate files, one line per problem. */
#include "cli.h"

void print_load_error(const xyz_error *error) {
    /* One line per problem, whatever the file's keys hold. */
    print_visible(stderr, error->source);
    if (error->status == XYZ_EIO) {
        fputs(": error: ", stderr);
        print_visible(stderr, error->message);
        fputc('\n', stderr);
        return;
    }
    fprintf(stderr, ":%d:%d: error: ", error->line, error->column);
    print_visible(stderr, error->message);
    fputs(" (at ", stderr);
    print_visible(stderr, error->pointer[0] ? error->pointer : "/");
    fputs(")\n", stderr);
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
