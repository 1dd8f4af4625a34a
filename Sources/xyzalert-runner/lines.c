/* A growable list of owned lines (expect lines captured by `xyzalert test`). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void lines_add(line_list *list, const char *line) {
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? 2 * list->capacity : 16;
        list->items = realloc(list->items, list->capacity * sizeof *list->items);
        if (!list->items) {
            fprintf(diagnostics(), "xyzalert: out of memory\n");
            exit(EXIT_USAGE);
        }
    }
    list->items[list->count] = strdup(line);
    if (!list->items[list->count]) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    list->count++;
}

void lines_free(line_list *list) {
    for (size_t i = 0; i < list->count; i++) {
        free(list->items[i]);
    }
    free(list->items);
    memset(list, 0, sizeof *list);
}
