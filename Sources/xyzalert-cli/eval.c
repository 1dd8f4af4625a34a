/* xyzalert eval: a rule's result on some data, and with --explain why a
 * falsy one is falsy (docs/cli.md, "eval"). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The text an argument gives: itself, or with a leading "@" the whole file
 * it names ("@-": standard input). NULL after printing why it cannot be
 * read (*status: EXIT_USAGE) or holds a NUL byte (EXIT_INVALID). */
static char *argument_text(const char *argument, int *status) {
    if (argument[0] != '@') {
        char *copy = strdup(argument);
        if (!copy) {
            fprintf(diagnostics(), "xyzalert: out of memory\n");
            *status = EXIT_USAGE;
        }
        return copy;
    }
    const char *path = argument + 1;
    size_t length = 0;
    xyz_error error;
    char *text = read_input(path, &length, &error);
    if (!text) {
        print_load_error(&error);
        *status = EXIT_USAGE;
        return NULL;
    }
    const char *nul = memchr(text, '\0', length);
    if (nul) {
        print_visible(diagnostics(), input_name(path));
        fprintf(diagnostics(), ": error: the text holds a NUL byte at offset %zu\n", (size_t)(nul - text));
        free(text);
        *status = EXIT_INVALID;
        return NULL;
    }
    return text;
}

int cli_eval(const char *rule_argument, const char *data_argument, bool explain) {
    int status = EXIT_VALID;
    char *rule = argument_text(rule_argument, &status);
    char *data = rule && data_argument ? argument_text(data_argument, &status) : NULL;
    if (!rule || (data_argument && !data)) {
        free(rule);
        return status;
    }
    char *result = NULL, *why = NULL;
    xyz_error error;
    xyz_status status_of_rule = explain ? xyz_rule_explain_json(rule, data, &result, &why, &error)
                                        : xyz_rule_eval_json(rule, data, &result, &error);
    if (status_of_rule == XYZ_OK) {
        printf("%s\n", result);
        if (why) {
            printf("why: ");
            print_visible(stdout, why);
            printf("\n");
        }
        xyz_free(result);
        xyz_free(why);
    } else {
        /* Errors name a file argument by its path, an inline text as the
         * library does ("<rule>", "<data>"). */
        const char *argument = strcmp(error.source, "<data>") == 0 ? data_argument : rule_argument;
        if (argument[0] == '@') {
            snprintf(error.source, sizeof error.source, "%s", input_name(argument + 1));
        }
        print_load_error(&error);
        status = EXIT_INVALID;
    }
    free(rule);
    free(data);
    return status;
}
