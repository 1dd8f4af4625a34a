/* xyzalert graph: the dependency graph as Graphviz DOT. */
#include "cli.h"

int cli_graph(const char *file) {
    xyz_error error;
    xyz_catalog *catalog = load_catalog(file, &error);
    if (!catalog) {
        print_load_error(&error);
        return error.status == XYZ_EIO ? EXIT_USAGE : EXIT_INVALID;
    }
    printf("digraph alerts {\n    rankdir=LR;\n    node [shape=box, style=rounded];\n");
    for (size_t i = 0; i < xyz_catalog_definition_count(catalog); i++) {
        const xyz_definition *definition = xyz_catalog_definition(catalog, i);
        const char *id = xyz_definition_id(definition);
        printf("    ");
        print_json_string(stdout, id);
        printf(" [label=\"");
        print_escaped(stdout, id);
        printf("\\n%d, %s\"];\n", xyz_definition_priority(definition),
               xyz_exclusive_name(xyz_definition_exclusive(definition)));
        for (size_t k = 0; k < xyz_definition_after_count(definition); k++) {
            printf("    ");
            print_json_string(stdout, xyz_definition_after(definition, k));
            printf(" -> ");
            print_json_string(stdout, id);
            printf(";\n");
        }
    }
    printf("}\n");
    xyz_catalog_free(catalog);
    return EXIT_VALID;
}
