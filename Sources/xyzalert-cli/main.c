/* xyzalert: checks alert sets, simulates scenarios, draws dependency graphs. */
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: xyzalert check FILE...\n"
    "       xyzalert simulate FILE [--format text|json]\n"
    "       xyzalert graph FILE\n"
    "       xyzalert --help | --version\n";

static const char help[] =
    "xyzalert: the XYZAlert command-line tool.\n"
    "\n"
    "  check FILE...       validate alert sets and scenarios; each problem is printed as\n"
    "                      FILE:LINE:COLUMN: error: MESSAGE (at JSON-POINTER)\n"
    "                      exit 0 when all are valid, 1 when one is not, 2 on I/O errors\n"
    "  simulate FILE       run a scenario and print what a host would see, step by step\n"
    "    --format text     an aligned timeline (default; coloured on a terminal unless NO_COLOR is set)\n"
    "    --format json     one JSON object per event and line\n"
    "                      exit 0 when it ran (error events included), 1 when it could not be loaded\n"
    "  graph FILE          the dependency graph as Graphviz DOT (dependency -> dependent)\n"
    "  --help, --version\n";

int main(int argc, char **argv) {
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        fputs("\n", stdout);
        fputs(help, stdout);
        return EXIT_VALID;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("xyzalert %s\n", xyz_version_string());
        return EXIT_VALID;
    }
    if (argc >= 3 && strcmp(argv[1], "check") == 0) {
        return cli_check(argc - 2, argv + 2);
    }
    if (argc >= 3 && strcmp(argv[1], "simulate") == 0) {
        bool json = false;
        const char *file = NULL;
        for (int i = 2; i < argc; i++) {
            if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
                if (strcmp(argv[i + 1], "json") == 0) {
                    json = true;
                } else if (strcmp(argv[i + 1], "text") != 0) {
                    fprintf(stderr, "xyzalert: unknown format '%s' (text or json)\n", argv[i + 1]);
                    return EXIT_USAGE;
                }
                i++;
            } else if (strncmp(argv[i], "--format=", 9) == 0) {
                json = strcmp(argv[i] + 9, "json") == 0;
                if (!json && strcmp(argv[i] + 9, "text") != 0) {
                    fprintf(stderr, "xyzalert: unknown format '%s' (text or json)\n", argv[i] + 9);
                    return EXIT_USAGE;
                }
            } else if (argv[i][0] == '-' || file) {
                fprintf(stderr, "xyzalert: unexpected argument '%s'\n%s", argv[i], usage);
                return EXIT_USAGE;
            } else {
                file = argv[i];
            }
        }
        if (!file) {
            fputs(usage, stderr);
            return EXIT_USAGE;
        }
        return cli_simulate(file, json);
    }
    if (argc == 3 && strcmp(argv[1], "graph") == 0) {
        return cli_graph(argv[2]);
    }
    if (argc >= 2) {
        fprintf(stderr, "xyzalert: unknown command or missing file: '%s'\n", argv[1]);
    }
    fputs(usage, stderr);
    return EXIT_USAGE;
}
