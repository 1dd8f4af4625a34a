/* xyzalert: the command-line tool, a C host of the public header only. */
#ifndef XYZALERT_CLI_H
#define XYZALERT_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "xyzalert.h"

/* Exit statuses (SPEC section 11). */
enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

int cli_check(int count, char **files);
int cli_simulate(const char *file, bool json);
int cli_graph(const char *file);

/* "FILE:LINE:COLUMN: error: MESSAGE (at POINTER)", or "FILE: error: MESSAGE"
 * for I/O errors, on stderr. */
void print_load_error(const xyz_error *error);

/* Writes `text` with quotes, backslashes and control characters escaped. */
void print_escaped(FILE *out, const char *text);

/* Writes `text` as a JSON string literal. */
void print_json_string(FILE *out, const char *text);

/* Whether to colour stdout: a terminal, and NO_COLOR unset. */
bool use_colour(void);

#endif
