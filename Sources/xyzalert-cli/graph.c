/* xyzalert graph: the dependency graph as Graphviz DOT. */
#include "cli.h"

static const char *exclusive_name(xyz_exclusive exclusive) {
    return exclusive == XYZ_EXCLUSIVE_COVER ? "cover" : exclusive == XYZ_EXCLUSIVE_HIDE_OTHERS ? "hide_others" : "wait";
}

int cli_graph(const char *file) {
    xyz_error error;
    xyz_alert_set *set = xyz_alert_set_load_file(file, &error);
    if (!set) {
        print_load_error(&error);
        return error.status == XYZ_EIO ? EXIT_USAGE : EXIT_INVALID;
    }
    printf("digraph alerts {\n    rankdir=LR;\n    node [shape=box, style=rounded];\n");
    for (size_t i = 0; i < xyz_alert_set_count(set); i++) {
        xyz_alert *alert = xyz_alert_set_create_alert(set, xyz_alert_set_id(set, i));
        printf("    ");
        print_json_string(stdout, xyz_alert_id(alert));
        printf(" [label=\"");
        print_escaped(stdout, xyz_alert_id(alert));
        printf("\\n%d, %s\"];\n", xyz_alert_priority(alert), exclusive_name(xyz_alert_exclusive(alert)));
        for (size_t k = 0; k < xyz_alert_dependency_id_count(alert); k++) {
            printf("    ");
            print_json_string(stdout, xyz_alert_dependency_id(alert, k));
            printf(" -> ");
            print_json_string(stdout, xyz_alert_id(alert));
            printf(";\n");
        }
        xyz_alert_release(alert);
    }
    printf("}\n");
    xyz_alert_set_free(set);
    return EXIT_VALID;
}
