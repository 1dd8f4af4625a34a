/* Inputs: a FILE argument of "-" is standard input, read whole once and
 * loaded from memory; errors then name it "<stdin>", as compilers do. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static char *stdin_data;
static size_t stdin_length;
static bool stdin_read;
static int stdin_errno;
static bool stdin_too_large;

bool is_stdin(const char *path) {
    return strcmp(path, "-") == 0;
}

const char *input_name(const char *path) {
    return is_stdin(path) ? STDIN_NAME : path;
}

/* Standard input, read at the first call (a second "-" sees the same
 * bytes), or NULL after filling `error` when it cannot be read. */
static const char *read_stdin(size_t *length, xyz_error *error) {
    if (!stdin_read) {
        stdin_read = true;
        size_t capacity = 1 << 16;
        stdin_data = malloc(capacity);
        while (stdin_data) {
            stdin_length += fread(stdin_data + stdin_length, 1, capacity - stdin_length, stdin);
            if (stdin_length < capacity) {
                break;
            }
            if (stdin_length > XYZ_FILE_SIZE_LIMIT) { /* as the library's file loads */
                stdin_too_large = true;
                break;
            }
            capacity *= 2;
            char *grown = realloc(stdin_data, capacity);
            if (!grown) {
                free(stdin_data);
            }
            stdin_data = grown;
        }
        stdin_errno = !stdin_data ? ENOMEM : ferror(stdin) ? (errno ? errno : EIO) : stdin_too_large ? EFBIG : 0;
        if (stdin_errno) {
            free(stdin_data);
            stdin_data = NULL;
        }
    }
    if (!stdin_data) {
        memset(error, 0, sizeof *error);
        error->status = XYZ_EIO;
        snprintf(error->source, sizeof error->source, "%s", STDIN_NAME);
        if (stdin_too_large) {
            snprintf(error->message, sizeof error->message,
                     "cannot read: larger than %zu bytes (256 MiB), the most a file load reads", XYZ_FILE_SIZE_LIMIT);
        } else {
            snprintf(error->message, sizeof error->message, "cannot read: %s", strerror(stdin_errno));
        }
    }
    *length = stdin_length;
    return stdin_data;
}

/* A load from memory names its source "<string>": it is standard input. */
static void name_stdin(xyz_error *errors, size_t count) {
    for (size_t i = 0; i < count; i++) {
        snprintf(errors[i].source, sizeof errors[i].source, "%s", STDIN_NAME);
    }
}

xyz_scenario *load_scenario(const char *path, bool for_rewrite, xyz_error *error) {
    if (!is_stdin(path)) {
        return for_rewrite ? xyz_scenario_load_file_for_rewrite(path, error) : xyz_scenario_load_file(path, error);
    }
    size_t length = 0;
    const char *data = read_stdin(&length, error);
    xyz_scenario *scenario = data ? xyz_scenario_load_string(data, length, error) : NULL;
    if (!scenario) {
        name_stdin(error, 1);
    }
    return scenario;
}

xyz_catalog *load_catalog(const char *path, xyz_error *error) {
    if (!is_stdin(path)) {
        return xyz_catalog_load_file(path, error);
    }
    size_t length = 0;
    const char *data = read_stdin(&length, error);
    xyz_catalog *catalog = data ? xyz_catalog_load_string(data, length, error) : NULL;
    if (!catalog) {
        name_stdin(error, 1);
    }
    return catalog;
}

xyz_status check_input(const char *path, xyz_error *errors, size_t capacity, size_t *count, size_t *alerts) {
    if (!is_stdin(path)) {
        return xyz_check_file_alerts(path, errors, capacity, count, alerts);
    }
    size_t length = 0;
    const char *data = read_stdin(&length, &errors[0]);
    *alerts = 0;
    if (!data) {
        *count = 1;
        return XYZ_EIO;
    }
    xyz_status status = xyz_check_string(data, length, errors, capacity, count);
    name_stdin(errors, *count < capacity ? *count : capacity);
    if (status == XYZ_OK) {
        /* Valid: load it to count its alerts (the library's counting check
         * reads files only; standard input is held whole anyway). */
        xyz_error ignored;
        xyz_catalog *catalog = xyz_catalog_load_string(data, length, &ignored);
        *alerts = catalog ? xyz_catalog_definition_count(catalog) : 0;
        xyz_catalog_free(catalog);
    }
    return status;
}
