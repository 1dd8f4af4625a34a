/* make bench: Jansson's parse of a file and nothing else, the yardstick of
 * the memory `xyzalert check` may use (Tests/cli/bench_tool.py compares their
 * peak resident sizes). Exits 0 when the file parses. */
#include <jansson.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: jansson_parse FILE\n");
        return 2;
    }
    json_error_t error;
    json_t *root = json_load_file(argv[1], JSON_REJECT_DUPLICATES, &error);
    if (!root) {
        fprintf(stderr, "%s:%d:%d: %s\n", argv[1], error.line, error.column, error.text);
        return 1;
    }
    json_decref(root);
    return 0;
}
