/* Inputs: a FILE argument of "-" is standard input, read whole once and
 * loaded from memory; errors then name it "<stdin>", as compilers do. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

static char *stdin_data;
static size_t stdin_length;
static bool stdin_read;
static int stdin_errno;

bool is_stdin(const char *path) {
    return strcmp(path, "-") == 0;
}

const char *input_name(const char *path) {
    return is_stdin(path) ? STDIN_NAME : path;
}

/* Reads `in` whole into a buffer with a NUL after its end (*data, for the
 * caller to free), at most XYZ_FILE_SIZE_LIMIT bytes as the library's file
 * loads: 0, or the errno of the failure (EFBIG past the limit). */
static int read_stream(FILE *in, char **data, size_t *length) {
    size_t capacity = 1 << 16, used = 0;
    char *text = malloc(capacity + 1);
    int failure = text ? 0 : ENOMEM;
    while (!failure) {
        used += fread(text + used, 1, capacity - used, in);
        if (ferror(in)) {
            failure = errno ? errno : EIO;
        } else if (used < capacity) {
            break;
        } else if (used > XYZ_FILE_SIZE_LIMIT) {
            failure = EFBIG;
        } else {
            capacity *= 2;
            char *grown = realloc(text, capacity + 1);
            if (grown) {
                text = grown;
            } else {
                failure = ENOMEM;
            }
        }
    }
    if (failure) {
        free(text);
        *data = NULL;
        return failure;
    }
    text[used] = '\0';
    *data = text;
    *length = used;
    return 0;
}

/* Fills `error` with an I/O failure of the input named `name`: "cannot
 * VERB: REASON", or the library's words for one past the size limit. */
static void io_error(xyz_error *error, const char *name, const char *verb, int failure) {
    memset(error, 0, sizeof *error);
    error->status = XYZ_EIO;
    snprintf(error->source, sizeof error->source, "%s", name);
    if (failure == EFBIG) {
        snprintf(error->message, sizeof error->message,
                 "cannot read: larger than %zu bytes (256 MiB), the most a file load reads", XYZ_FILE_SIZE_LIMIT);
    } else {
        snprintf(error->message, sizeof error->message, "cannot %s: %s", verb, strerror(failure));
    }
}

/* Standard input, read at the first call (a second "-" sees the same
 * bytes), or NULL after filling `error` when it cannot be read. */
static const char *read_stdin(size_t *length, xyz_error *error) {
    if (!stdin_read) {
        stdin_read = true;
        stdin_errno = read_stream(stdin, &stdin_data, &stdin_length);
    }
    if (!stdin_data) {
        io_error(error, STDIN_NAME, "read", stdin_errno);
    }
    *length = stdin_length;
    return stdin_data;
}

char *read_input(const char *path, size_t *length, xyz_error *error) {
    if (is_stdin(path)) {
        const char *data = read_stdin(length, error);
        char *copy = data ? malloc(*length + 1) : NULL;
        if (data && !copy) {
            io_error(error, STDIN_NAME, "read", ENOMEM);
        } else if (copy) {
            memcpy(copy, data, *length + 1);
        }
        return copy;
    }
    FILE *in = fopen(path, "rb");
    struct stat status;
    int failure = !in ? errno : fstat(fileno(in), &status) == 0 && S_ISDIR(status.st_mode) ? EISDIR : 0;
    char *text = NULL;
    if (failure) {
        io_error(error, path, "open", failure);
    } else if ((failure = read_stream(in, &text, length)) != 0) {
        io_error(error, path, "read", failure);
    }
    if (in) {
        fclose(in);
    }
    return text;
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

xyz_status check_input_warnings(const char *path, xyz_error *warnings, size_t capacity, size_t *count) {
    if (!is_stdin(path)) {
        return xyz_check_file_warnings(path, warnings, capacity, count);
    }
    size_t length = 0;
    const char *data = read_stdin(&length, &warnings[0]);
    if (!data) {
        *count = 0;
        return XYZ_EIO;
    }
    xyz_status status = xyz_check_string_warnings(data, length, warnings, capacity, count);
    name_stdin(warnings, *count < capacity ? *count : capacity);
    return status;
}
