/* Runs every table of tests and ends with "N passed, N failed". */
#include "harness.h"

static int named(int argc, char **argv, const char *name) {
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], name) == 0) {
            return 1;
        }
    }
    return 0;
}

/* Runs the table's tests: all of them when `all`, else those named. */
static void run_table(const test_case *table, int all, int argc, char **argv, int *passed, int *failed) {
    for (const test_case *t = table; t->name; t++) {
        if (!all && !named(argc, argv, t->name)) {
            continue;
        }
        check_failed = 0;
        t->fn();
        if (check_failed) {
            fprintf(stderr, "FAIL %s\n", t->name);
            (*failed)++;
        } else {
            printf("ok   %s\n", t->name);
            (*passed)++;
        }
    }
}

/* With arguments, runs only the tables named (e.g. `c-tests threads`, as the
 * ThreadSanitizer run does) and the tests named; without, every table and
 * the C++ check. */
int main(int argc, char **argv) {
    int passed = 0, failed = 0;
    static const struct {
        const char *name;
        const test_case *table;
    } tables[] = {{"abi", abi_tests}, {"rules", rule_tests}, {"reentrancy", reentrancy_tests},
                  {"misuse", misuse_tests}, {"memory", memory_tests}, {"threads", thread_tests},
                  {"json", json_tests}, {"reliability", reliability_tests},
                  {"interface", interface_tests}, {"versions", version_tests}, {"time", time_tests}, {"policies", policy_tests},
                  {"recording", recording_tests}, {"recording_replays", recording_replay_tests}, {"why", why_tests}, {"history", history_tests}, {"timing", timing_tests},
                  {"stacks", stack_tests}, {"nesting", nesting_tests},
                  {"lifetimes", lifetime_tests}, {"jsonlogic", jsonlogic_tests}, {"campaigns", campaign_tests},
                  {"calendars", calendar_tests}, {"backtest", backtest_tests}};
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        run_table(tables[i].table, argc < 2 || named(argc, argv, tables[i].name), argc, argv, &passed, &failed);
    }
    if (argc > 1) {
        printf("%d passed, %d failed\n", passed, failed);
        return failed == 0 ? 0 : 1;
    }
    check_failed = 0;
    CHECK(cpp_translation_unit_works());
    if (check_failed) {
        fprintf(stderr, "FAIL cpp_translation_unit_works\n");
        failed++;
    } else {
        printf("ok   cpp_translation_unit_works\n");
        passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
