/* xyzalert: checks alert sets, simulates scenarios, draws dependency graphs. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* One command: its name, its usage line and what it does. */
typedef struct command {
    const char *name;
    const char *usage;
    const char *help;
} command;

static const command commands[] = {
    {"check", "xyzalert check FILE...",
     "Validates alert sets and scenarios. Every independent problem of a file is\n"
     "printed (up to 20 per file, in document order) as\n"
     "  FILE:LINE:COLUMN: error: MESSAGE (at JSON-POINTER)\n"
     "where the pointer is \"\" for the document root; a valid file prints\n"
     "  FILE: ok, N alerts\n"
     "Exit status: 0 when every file is valid, 1 when one is not, 2 on usage or\n"
     "I/O errors.\n"},
    {"simulate", "xyzalert simulate FILE [--format text|json|expect|svg] [--record OUT] [--why STEP]\n"
     "                  [--history IN.json] [--save-history OUT.json]",
     "Runs a scenario and prints what a host would see, step by step.\n"
     "  --format text   an aligned timeline (default; coloured on a terminal\n"
     "                  unless NO_COLOR is set)\n"
     "  --format json   one JSON object per event and line\n"
     "  --format expect one line STEP EVENT ALERT [DETAIL] per event, as a\n"
     "                  scenario's \"expect\" list writes them\n"
     "  --format svg    the timeline as a picture: a row per page (visible)\n"
     "                  and per alert instance (waiting, queued, showing,\n"
     "                  hidden, and how it ended), with a legend\n"
     "  --record OUT    also record the first page's domain as the scenario\n"
     "                  plays, and write the recording to OUT (a scenario that\n"
     "                  replays to the same events)\n"
     "  --why STEP      instead of the trace, print after step STEP why every\n"
     "                  live alert (and each one finished in that step) is\n"
     "                  where it is: its reason code, the cause, the seconds\n"
     "                  until a timer changes it, and the sentence; a table,\n"
     "                  or one JSON object per alert with --format json\n"
     "  --history IN    start from this saved display history (the format of\n"
     "                  docs/formats.md, \"History\") instead of the\n"
     "                  scenario's \"history\"\n"
     "  --save-history OUT  write the display history to OUT after the last\n"
     "                  step (caps and history: docs/rules.md §16)\n"
     "The scenario runs on a virtual clock that only its \"advance\" steps (and\n"
     "a recording's \"at\" times) move; the timeline then shows the time of\n"
     "each event.\n"
     "Exit status: 0 when it ran (error events included), 1 when the file could\n"
     "not be loaded, 2 on usage errors.\n"},
    {"test", "xyzalert test [--update] FILE...",
     "Runs each scenario and compares its trace with its \"expect\" list. The\n"
     "first difference of each failing file is printed as\n"
     "  FILE:LINE:COLUMN: error: MESSAGE (at JSON-POINTER)\n"
     "and the run ends with \"N passed, N failed\".\n"
     "  --update        rewrite each file's \"expect\" list from its actual trace\n"
     "Exit status: 0 when every file passes (or was updated), 1 when one fails\n"
     "or is not a valid scenario, 2 on usage or I/O errors.\n"},
    {"graph", "xyzalert graph FILE",
     "Prints the dependency graph of an alert set or scenario as Graphviz DOT\n"
     "(an edge goes from a dependency to the alert waiting for it).\n"
     "Exit status: 0, 1 when the file is not valid, 2 on usage or I/O errors.\n"},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static void print_usage(FILE *out) {
    for (int i = 0; i < COMMAND_COUNT; i++) {
        fprintf(out, "%s %s\n", i == 0 ? "usage:" : "      ", commands[i].usage);
    }
    fprintf(out, "       xyzalert help [COMMAND] | --help | --version\n");
}

static int print_help(const command *c) {
    if (!c) {
        printf("xyzalert: the XYZAlert command-line tool.\n\n");
        print_usage(stdout);
        printf("\nRun 'xyzalert help COMMAND' or 'xyzalert COMMAND --help' for one command.\n");
        return EXIT_VALID;
    }
    printf("usage: %s\n\n%s", c->usage, c->help);
    return EXIT_VALID;
}

static const command *find_command(const char *name) {
    for (int i = 0; i < COMMAND_COUNT; i++) {
        if (strcmp(commands[i].name, name) == 0) {
            return &commands[i];
        }
    }
    return NULL;
}

/* "xyzalert COMMAND: MESSAGE" and the command's usage, on stderr. */
static int usage_error(const command *c, const char *message, const char *argument) {
    fprintf(stderr, "xyzalert %s: %s", c->name, message);
    if (argument) {
        fputs(" '", stderr);
        print_visible(stderr, argument);
        fputc('\'', stderr);
    }
    fprintf(stderr, "\nusage: %s\n", c->usage);
    return EXIT_USAGE;
}

static bool is_help(const char *argument) {
    return strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0;
}

static int run_simulate(const command *c, int argc, char **argv) {
    trace_format chosen = FORMAT_TEXT;
    const char *file = NULL;
    const char *record = NULL;
    const char *history_in = NULL;
    const char *save_history = NULL;
    long why_step = -1;
    for (int i = 0; i < argc; i++) {
        const char *format = NULL;
        if (strcmp(argv[i], "--why") == 0) {
            if (i + 1 == argc) {
                return usage_error(c, "--why needs a step number", NULL);
            }
            const char *text = argv[++i];
            char *end = NULL;
            unsigned long step = strtoul(text, &end, 10);
            if (text[0] < '0' || text[0] > '9' || *end != '\0' || step > (unsigned long)LONG_MAX) {
                return usage_error(c, "--why needs a step number, got", text);
            }
            why_step = (long)step;
        } else if (strcmp(argv[i], "--history") == 0 || strcmp(argv[i], "--save-history") == 0) {
            if (i + 1 == argc) {
                return usage_error(c, argv[i][2] == 'h' ? "--history needs a file to read" : "--save-history needs a file to write",
                                   NULL);
            }
            *(argv[i][2] == 'h' ? &history_in : &save_history) = argv[i + 1];
            i++;
        } else if (strcmp(argv[i], "--record") == 0) {
            if (i + 1 == argc) {
                return usage_error(c, "--record needs a file to write", NULL);
            }
            record = argv[++i];
        } else if (strcmp(argv[i], "--format") == 0) {
            if (i + 1 == argc) {
                return usage_error(c, "--format needs a value (text, json, expect or svg)", NULL);
            }
            format = argv[++i];
        } else if (strncmp(argv[i], "--format=", 9) == 0) {
            format = argv[i] + 9;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error(c, "unknown option", argv[i]);
        } else if (file) {
            return usage_error(c, "one FILE only, got another:", argv[i]);
        } else {
            file = argv[i];
        }
        if (format) {
            if (strcmp(format, "json") == 0) {
                chosen = FORMAT_JSON;
            } else if (strcmp(format, "expect") == 0) {
                chosen = FORMAT_EXPECT;
            } else if (strcmp(format, "svg") == 0) {
                chosen = FORMAT_SVG;
            } else if (strcmp(format, "text") == 0) {
                chosen = FORMAT_TEXT;
            } else {
                return usage_error(c, "unknown format (text, json, expect or svg):", format);
            }
        }
    }
    if (!file) {
        return usage_error(c, "missing FILE", NULL);
    }
    if (why_step >= 0 && chosen != FORMAT_TEXT && chosen != FORMAT_JSON) {
        return usage_error(c, "--why prints text or json, not", chosen == FORMAT_SVG ? "svg" : "expect");
    }
    run_options options = {chosen, NULL, NULL, record != NULL, why_step, history_in, save_history};
    return cli_simulate(file, &options, record);
}

static int run_test(const command *c, int argc, char **argv) {
    bool update = false;
    int files = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--update") == 0) {
            update = true;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error(c, "unknown option", argv[i]);
        } else {
            argv[files++] = argv[i];
        }
    }
    if (files == 0) {
        return usage_error(c, "missing FILE", NULL);
    }
    return cli_test(files, argv, update);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (is_help(name)) {
        return print_help(NULL);
    }
    if (strcmp(name, "--version") == 0) {
        printf("xyzalert %s\n", xyz_version_string());
        return EXIT_VALID;
    }
    if (strcmp(name, "help") == 0) {
        if (argc == 2) {
            return print_help(NULL);
        }
        const command *c = find_command(argv[2]);
        if (!c || argc > 3) {
            fputs("xyzalert help: unknown command '", stderr);
            print_visible(stderr, argv[2]);
            fputs("' (commands: check, simulate, test, graph)\n", stderr);
            return EXIT_USAGE;
        }
        return print_help(c);
    }
    const command *c = find_command(name);
    if (!c) {
        fputs("xyzalert: unknown command '", stderr);
        print_visible(stderr, name);
        fputs("' (commands: check, simulate, test, graph; see xyzalert --help)\n", stderr);
        return EXIT_USAGE;
    }
    for (int i = 2; i < argc; i++) {
        if (is_help(argv[i])) {
            return print_help(c);
        }
    }
    if (strcmp(c->name, "simulate") == 0) {
        return run_simulate(c, argc - 2, argv + 2);
    }
    if (strcmp(c->name, "test") == 0) {
        return run_test(c, argc - 2, argv + 2);
    }
    if (argc == 2) {
        return usage_error(c, "missing FILE", NULL);
    }
    for (int i = 2; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error(c, "unknown option", argv[i]);
        }
    }
    if (strcmp(c->name, "graph") == 0) {
        if (argc > 3) {
            return usage_error(c, "one FILE only, got another:", argv[3]);
        }
        return cli_graph(argv[2]);
    }
    return cli_check(argc - 2, argv + 2);
}
