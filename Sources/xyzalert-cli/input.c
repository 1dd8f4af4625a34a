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

bool is_stdin(const char *path) {
    return strcmp(path, "-") == 0;
}

/* Standard input, read at the first call (a second "-" sees the same
 * bytes); NULL with errno set when it cannot be read. */
static const char *read_stdin(size_t *length) {
    if (!stdin_read) {
        stdin_read = true;
        size_t capacity = 1 << 16;
        stdin_data = malloc(capacity);
        while (stdin_data) {
            stdin_length += fread(stdin_data + stdin_length, 1, capacity - stdin_length, stdin);
            if (stdin_length < capacity) {
                break;
            }
            char *grown = realloc(stdin_data, capacity * 2);
            if (!grown) {
                free(stdin_data);
                stdin_data = NULL;
                errno = ENOMEM;
            }
            stdin_data = grown;
            capacity *= 2;
        }
        stdin_errno = !stdin_data ? ENOMEM : ferror(stdin) ? (errno ? errno : EIO) : 0;
        if (stdin_errno) {
            free(stdin_data);
            stdin_data = NULL;
        }
    }
    *length = stdin_length;
    errno = stdin_errno;
    return stdin_data;
}

/* Fills `error` for standard input that could not be read. */
static void stdin_error(xyz_error *error) {
    memset(error, 0, sizeof *error);
    error->status = XYZ_EIO;
    snprintf(error->source, sizeof error->source, "%s", STDIN_NAME);
    snprintf(error->message, sizeof error->message, "cannot read: %s", strerror(stdin_errno));
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
    const char *data = read_stdin(&length);
    if (!data) {
        stdin_error(error);
        return NULL;
    }
    xyz_scenario *scenario = xyz_scenario_load_string(data, length, error);
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
    const char *data = read_stdin(&length);
    if (!data) {
        stdin_error(error);
        return NULL;
    }
    xyz_catalog *catalog = xyz_catalog_load_string(data, length, error);
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
    const char *data = read_stdin(&length);
    *alerts = 0;
    if (!data) {
        stdin_error(&errors[0]);
        *count = 1;
        return XYZ_EIO;
    }
    xyz_status status = xyz_check_string(data, length, errors, capacity, count);
    name_stdin(errors, *count < capacity ? *count : capacity);
    if (status == XYZ_OK) {
        /* Valid: load it to count its alerts (memory is not a concern here:
         * standard input is held whole anyway). */
        xyz_error ignored;
        xyz_catalog *catalog = xyz_catalog_load_string(data, length, &ignored);
        *alerts = catalog ? xyz_catalog_count(catalog) : 0;
        xyz_catalog_free(catalog);
    }
    return status;
}
