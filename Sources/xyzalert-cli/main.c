/* xyzalert: checks alert sets, simulates scenarios, draws dependency graphs, evaluates rules. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "backtest_run.h"
#include "cli.h"
#include "suggest.h"

/* One command: its name, its usage line and what it does. */
typedef struct command {
    const char *name;
    const char *usage;
    const char *help;
} command;

/* The exit statuses, the same for every command (docs/cli.md). */
#define EXIT_TABLE \
    "Exit status (every command):\n" \
    "  0  success: every file valid, the scenario ran (error events included),\n" \
    "     every test passed or was updated\n" \
    "  1  an input is not valid (a parse or schema error), or a test failed\n" \
    "  2  a usage error, or a file that cannot be read or written\n"

/* What every command takes, whatever its options. */
#define FILE_CONVENTIONS \
    "A FILE of - is standard input (named <stdin> in messages); -- ends the\n" \
    "options, so that a FILE after it may start with -.\n"

static const command commands[] = {
    {"check", "xyzalert check [--strict] [--] FILE...",
     "Validates alert sets and scenarios. Every independent problem of a file is\n"
     "printed (up to 20 per file, in document order) as\n"
     "  FILE:LINE:COLUMN: error: MESSAGE (at JSON-POINTER)\n"
     "where the pointer is \"\" for the document root; a valid file prints\n"
     "what likely fails silently (a test campaign's audience or dates, a\n"
     "rule's var naming nothing the scenario sets) as\n"
     "  FILE:LINE:COLUMN: warning: MESSAGE (at JSON-POINTER)\n"
     "then\n"
     "  FILE: ok, N alerts[, N warnings]\n"
     "and a file that cannot be read (a directory included)\n"
     "  FILE: error: cannot open: REASON\n"
     "  --strict        warnings are errors: printed as such, the file invalid\n"},
    {"simulate", "xyzalert simulate [--format text|json|expect|svg] [--color[=WHEN]] [--record OUT]\n"
     "                         [--why STEP] [--explain] [--history IN] [--save-history OUT]\n"
     "                         [--] FILE",
     "Runs a scenario and prints what a host would see, step by step.\n"
     "  --format text   an aligned timeline (default)\n"
     "  --format json   one JSON object per event and line\n"
     "  --format expect one line STEP EVENT ALERT [DETAIL] per event, as a\n"
     "                  scenario's \"expect\" list writes them\n"
     "  --format svg    the timeline as a picture: a row per page (visible)\n"
     "                  and per alert instance (waiting, queued, showing,\n"
     "                  hidden, and how it ended), with a legend\n"
     "  --color[=WHEN]  colour the text timeline: auto (the default: when\n"
     "                  standard output is a terminal and NO_COLOR is unset\n"
     "                  or empty), always (also --color alone) or never\n"
     "  --record OUT    also record the first page's domain as the scenario\n"
     "                  plays, and write the recording to OUT (a scenario that\n"
     "                  replays to the same events)\n"
     "  --why STEP      instead of the trace, print after step STEP why every\n"
     "                  live alert (and each one finished in that step) is\n"
     "                  where it is: its reason code, the cause, the seconds\n"
     "                  until a timer changes it, and the sentence; a table,\n"
     "                  or one JSON object per alert with --format json; then\n"
     "                  what the last event each campaign's triggers named did\n"
     "  --explain       also trace each trigger evaluation that made no\n"
     "                  instance (\"miss\", reason where or count), and say why\n"
     "                  a skip, miss or finish happened (the part of a rule\n"
     "                  that failed); text and json\n"
     "  --history IN    start from this saved display history instead of the\n"
     "                  scenario's \"history\"\n"
     "  --save-history OUT  write the display history to OUT after the last\n"
     "                  step\n"
     "The scenario runs on a virtual clock that only its \"advance\" steps (and\n"
     "a recording's \"at\" times) move; the timeline then shows the time of\n"
     "each event.\n"},
    {"test", "xyzalert test [--update] [--] FILE...",
     "Runs each scenario and compares its trace with its \"expect\" list. The\n"
     "first difference of each failing file is printed as\n"
     "  FILE:LINE:COLUMN: error: MESSAGE (at JSON-POINTER)\n"
     "then every difference as a unified diff of the expect lines, and the run\n"
     "ends with \"N passed, N failed\".\n"
     "  --update        rewrite each file's \"expect\" list from its actual trace\n"
     "                  (not for standard input)\n"},
    {"graph", "xyzalert graph [--] FILE",
     "Prints the dependency graph of an alert set or scenario as Graphviz DOT\n"
     "(an edge goes from a dependency to the alert waiting for it).\n"},
    {"eval", "xyzalert eval [--explain] [--] RULE [DATA]",
     "Evaluates a rule (JsonLogic with flagd's operators sem_ver, starts_with,\n"
     "ends_with and fractional) on DATA (default null) and prints the result\n"
     "as compact JSON on one line. RULE and DATA are each JSON text, or @FILE\n"
     "for a file's text (@- for standard input).\n"
     "  --explain       when the result is falsy, a second line\n"
     "                    why: THE PART OF THE RULE THAT FAILED\n"
     "                  with the values it read (a missing variable is named,\n"
     "                  with the nearest name the data has)\n"
     "A rule that does not load\n"
     "(not JSON, an unknown operator, too deep or too large) prints\n"
     "  SOURCE:LINE:COLUMN: error: MESSAGE (at JSON-POINTER)\n"
     "where SOURCE is the FILE, or <rule> or <data> for text given inline.\n"},
    {"variants", "xyzalert variants [--users N] [--] FILE",
     "Prints, for each campaign of an alert set or scenario that has variants,\n"
     "how many of N generated user ids (user-1 ... user-N) each variant gets,\n"
     "and their share: the choice the library makes at a user's first\n"
     "instance (flagd's fractional over the campaign's id and the user id).\n"
     "  --users N       how many users (default 10000, at most 100000000)\n"},
    {"backtest", "xyzalert backtest --baseline A --candidate B [--candidate C]... [--model M]\n"
     "                         [--format text|json|html|state] [--out FILE] [--jobs N]\n"
     "                         [--sample N --seed S] [--part K/N] [--changes N] [--merge] [--] CORPUS...",
     "Replays recorded sessions under a baseline alert set A and a candidate B\n"
     "(docs/rules.md 23) and reports what would have changed: shows and ends\n"
     "per alert and campaign, time to show, alerts per session, and the first\n"
     "changed sessions. A CORPUS is a .json file (one session: a scenario), a\n"
     ".jsonl file (a session per line), a directory of them, or - (JSON Lines\n"
     "on standard input); any may be gzip-compressed (.gz). A session that\n"
     "cannot be replayed, or a path that cannot be read, is an error of the\n"
     "report (FILE:LINE: MESSAGE), never fatal.\n"
     "  --baseline A    the alert set sessions are compared against\n"
     "  --candidate B   the alert set to compare (up to 7, each against A)\n"
     "  --model M       how users react to alerts their session has no\n"
     "                  reaction for (default: a dismiss after 5 s)\n"
     "  --format text   a table for a terminal (default)\n"
     "  --format json   the report as one JSON object\n"
     "  --format html   the report as one HTML page (charts, no script)\n"
     "  --format state  the report's numbers, for a later --merge\n"
     "  --out FILE      write the report there (whole, or not at all)\n"
     "  --jobs N        replay in N processes (the report is the same)\n"
     "  --sample N      replay only N sessions, chosen by a hash of their\n"
     "  --seed S        names seeded with S\n"
     "  --part K/N      replay only the sessions whose number (from 0, in\n"
     "                  corpus order, of the sample) modulo N is K: the parts\n"
     "                  K = 0 ... N - 1 of one corpus, as --format state, --merge\n"
     "                  into the whole's report\n"
     "  --changes N     keep the first N changes and errors (default 100)\n"
     "  --merge         the arguments are --format state outputs to add up\n"
     "A progress bar goes to standard error when it is a terminal. Exit 1 when\n"
     "A, B or M do not load (nothing is written).\n"},
    {"help", "xyzalert help [COMMAND]",
     "Prints the usage of every command, or the help of COMMAND (the same as\n"
     "xyzalert COMMAND --help).\n"},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0], LONGEST_OPTION = 64 };

static void print_usage(FILE *out) {
    for (int i = 0; i < COMMAND_COUNT; i++) {
        fprintf(out, "%s %s\n", i == 0 ? "usage:" : "      ", commands[i].usage);
    }
    fprintf(out, "       xyzalert COMMAND --help | --help | --version\n");
}

static int print_help(const command *c) {
    if (!c) {
        printf("xyzalert: the XYZAlert command-line tool. An alert set is a JSON document\n"
               "with \"alerts\"; a scenario is one whose root also has \"pages\" or\n"
               "\"steps\" (either may be absent).\n\n");
        print_usage(stdout);
        printf("\n%s\n%s\nRun 'xyzalert help COMMAND' or 'xyzalert COMMAND --help' for one command.\n",
               FILE_CONVENTIONS, EXIT_TABLE);
        return EXIT_VALID;
    }
    printf("usage: %s\n\n%s\n", c->usage, c->help);
    if (strcmp(c->name, "help") != 0) {
        printf("%s\n", FILE_CONVENTIONS);
    }
    printf("%s", EXIT_TABLE);
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

/* 'ARGUMENT' as typed (control bytes made visible), then "; did you mean
 * 'GUESS'?" when there is a guess. */
static void print_argument(const char *argument, const char *guess) {
    fputc('\'', diagnostics());
    print_visible(diagnostics(), argument);
    fputc('\'', diagnostics());
    if (guess) {
        fprintf(diagnostics(), "; did you mean '%s'?", guess);
    }
}

/* "xyzalert COMMAND: MESSAGE 'ARGUMENT'[; did you mean 'GUESS'?]" and the
 * command's usage, on stderr. */
static int usage_error_guessing(const command *c, const char *message, const char *argument, const char *guess) {
    fprintf(diagnostics(), "xyzalert %s: %s", c->name, message);
    if (argument) {
        fputc(' ', diagnostics());
        print_argument(argument, guess);
    }
    fprintf(diagnostics(), "\nusage: %s\n", c->usage);
    return EXIT_USAGE;
}

/* "xyzalert COMMAND: MESSAGE" and the command's usage, on stderr. */
static int usage_error(const command *c, const char *message, const char *argument) {
    return usage_error_guessing(c, message, argument, NULL);
}

/* An unknown option of `c`, with the nearest one it has, if one is near. */
static int unknown_option(const command *c, const char *argument) {
    const char *texts[] = {c->usage, c->help, "--help", NULL};
    char near[LONGEST_OPTION];
    return usage_error_guessing(c, "unknown option", argument, nearest_option(argument, texts, near, sizeof near));
}

/* "xyzalert[ help]: unknown command 'NAME'", the nearest command if one is
 * near, and the list of commands. */
static int unknown_command(const char *who, const char *name) {
    const char *names[COMMAND_COUNT + 1];
    for (int i = 0; i < COMMAND_COUNT; i++) {
        names[i] = commands[i].name;
    }
    names[COMMAND_COUNT] = NULL;
    fprintf(diagnostics(), "%s: unknown command ", who);
    print_argument(name, nearest_word(name, names));
    fputs(" (commands:", diagnostics());
    for (int i = 0; i < COMMAND_COUNT; i++) {
        fprintf(diagnostics(), "%s %s", i == 0 ? "" : ",", commands[i].name);
    }
    fputs("; see xyzalert --help)\n", diagnostics());
    return EXIT_USAGE;
}

static bool is_help(const char *argument) {
    return strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0;
}

/* An option: starts with - and is not "-" (standard input). */
static bool is_option(const char *argument) {
    return argument[0] == '-' && argument[1] != '\0';
}

static int run_simulate(const command *c, int argc, char **argv) {
    trace_format chosen = FORMAT_TEXT;
    const char *file = NULL;
    const char *record = NULL;
    const char *history_in = NULL;
    const char *save_history = NULL;
    long why_step = -1;
    bool explain = false;
    bool options_ended = false;
    for (int i = 0; i < argc; i++) {
        const char *format = NULL;
        if (options_ended || !is_option(argv[i])) {
            if (file) {
                return usage_error(c, "one FILE only, got another:", argv[i]);
            }
            file = argv[i];
        } else if (strcmp(argv[i], "--") == 0) {
            options_ended = true;
        } else if (strcmp(argv[i], "--why") == 0) {
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
        } else if (strcmp(argv[i], "--explain") == 0) {
            explain = true;
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
        } else if (strcmp(argv[i], "--color") == 0 || strcmp(argv[i], "--color=always") == 0) {
            set_colour(COLOUR_ALWAYS);
        } else if (strcmp(argv[i], "--color=never") == 0) {
            set_colour(COLOUR_NEVER);
        } else if (strcmp(argv[i], "--color=auto") == 0) {
            set_colour(COLOUR_AUTO);
        } else if (strncmp(argv[i], "--color=", 8) == 0) {
            return usage_error(c, "unknown --color value (auto, always or never):", argv[i] + 8);
        } else if (strcmp(argv[i], "--format") == 0) {
            if (i + 1 == argc) {
                return usage_error(c, "--format needs a value (text, json, expect or svg)", NULL);
            }
            format = argv[++i];
        } else if (strncmp(argv[i], "--format=", 9) == 0) {
            format = argv[i] + 9;
        } else {
            return unknown_option(c, argv[i]);
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
    run_options options = {chosen, NULL, NULL, record != NULL, why_step, history_in, save_history, explain};
    return cli_simulate(file, &options, record);
}

/* The FILE arguments of check, test and graph, moved to the front of argv;
 * `flag` (NULL: none) is set by the option `flag_name` (test's --update,
 * check's --strict). Returns their count, or -1 after a usage error. */
static int files_of(const command *c, int argc, char **argv, const char *flag_name, bool *flag) {
    int files = 0;
    bool options_ended = false;
    for (int i = 0; i < argc; i++) {
        if (options_ended || !is_option(argv[i])) {
            argv[files++] = argv[i];
        } else if (strcmp(argv[i], "--") == 0) {
            options_ended = true;
        } else if (flag && strcmp(argv[i], flag_name) == 0) {
            *flag = true;
        } else {
            unknown_option(c, argv[i]);
            return -1;
        }
    }
    if (files == 0) {
        usage_error(c, "missing FILE", NULL);
        return -1;
    }
    return files;
}

static int run_variants(const command *c, int argc, char **argv) {
    unsigned long users = 10000;
    const char *file = NULL;
    bool options = true;
    for (int i = 0; i < argc; i++) {
        if (options && strcmp(argv[i], "--") == 0) {
            options = false;
        } else if (options && strcmp(argv[i], "--users") == 0) {
            if (i + 1 >= argc) {
                return usage_error(c, "--users needs a number", NULL);
            }
            char *end;
            errno = 0;
            unsigned long n = strtoul(argv[++i], &end, 10);
            if (errno || *end || end == argv[i] || argv[i][0] == '-' || n > 100000000UL) {
                return usage_error(c, "--users takes a whole number from 0 to 100000000, got", argv[i]);
            }
            users = n;
        } else if (options && argv[i][0] == '-' && argv[i][1] != '\0') {
            return unknown_option(c, argv[i]);
        } else if (file) {
            return usage_error(c, "one FILE only, got another:", argv[i]);
        } else {
            file = argv[i];
        }
    }
    if (!file) {
        return usage_error(c, "missing FILE", NULL);
    }
    return cli_variants(file, users);
}

/* `eval [--explain] [--] RULE [DATA]`: "--" ends the options. */
static int run_eval(const command *c, int argc, char **argv) {
    bool explain = false;
    if (argc > 0 && strcmp(argv[0], "--explain") == 0) {
        explain = true;
        argc--;
        argv++;
    }
    if (argc > 0 && strcmp(argv[0], "--") == 0) {
        argc--;
        argv++;
    } else if (argc > 0 && argv[0][0] == '-' && argv[0][1] != '\0') {
        return unknown_option(c, argv[0]);
    }
    if (argc == 0) {
        return usage_error(c, "missing RULE", NULL);
    }
    if (argc > 2) {
        return usage_error(c, "at most RULE and DATA, got another:", argv[2]);
    }
    return cli_eval(argv[0], argc == 2 ? argv[1] : NULL, explain);
}

/* `backtest`'s usage errors, through the command's usage. */
static const command *backtest_command;

static int backtest_usage(const char *message, const char *argument) {
    return usage_error(backtest_command, message, argument);
}

static int backtest_unknown(const char *argument) {
    return unknown_option(backtest_command, argument);
}

int main(int argc, char **argv) {
    /* A write past `ulimit -f` is then an error the tool reports (the file
     * it replaces stays whole), not a signal that kills it. */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        print_usage(diagnostics());
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
    const command *c = find_command(name);
    if (!c) {
        return unknown_command("xyzalert", name);
    }
    /* --help anywhere before -- asks for the command's help. */
    for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (is_help(argv[i])) {
            return print_help(c);
        }
    }
    if (strcmp(c->name, "help") == 0) {
        if (argc == 2) {
            return print_help(NULL);
        }
        const command *asked = find_command(argv[2]);
        if (!asked || argc > 3) {
            return unknown_command("xyzalert help", argc > 3 && asked ? argv[3] : argv[2]);
        }
        return print_help(asked);
    }
    if (strcmp(c->name, "simulate") == 0) {
        return run_simulate(c, argc - 2, argv + 2);
    }
    if (strcmp(c->name, "eval") == 0) {
        return run_eval(c, argc - 2, argv + 2);
    }
    if (strcmp(c->name, "variants") == 0) {
        return run_variants(c, argc - 2, argv + 2);
    }
    if (strcmp(c->name, "backtest") == 0) {
        backtest_command = c;
        return cli_backtest(argc - 2, argv + 2, backtest_usage, backtest_unknown);
    }
    bool update = false, strict = false;
    bool is_test = strcmp(c->name, "test") == 0, is_check = strcmp(c->name, "check") == 0;
    int files = files_of(c, argc - 2, argv + 2, is_test ? "--update" : "--strict",
                         is_test ? &update : is_check ? &strict : NULL);
    if (files < 0) {
        return EXIT_USAGE;
    }
    if (strcmp(c->name, "test") == 0) {
        for (int i = 0; update && i < files; i++) {
            if (is_stdin(argv[2 + i])) {
                return usage_error(c, "--update rewrites files, not standard input:", argv[2 + i]);
            }
        }
        return cli_test(files, argv + 2, update);
    }
    if (strcmp(c->name, "graph") == 0) {
        if (files > 1) {
            return usage_error(c, "one FILE only, got another:", argv[3]);
        }
        return cli_graph(argv[2]);
    }
    return cli_check(files, argv + 2, strict);
}
