/* Runs every table of tests and ends with "N passed, N failed". */
#include "harness.h"

static void run_table(const test_case *table, int *passed, int *failed) {
    for (const test_case *t = table; t->name; t++) {
        harness_current_failed = 0;
        t->fn();
        if (harness_current_failed) {
            fprintf(stderr, "FAIL %s\n", t->name);
            (*failed)++;
        } else {
            printf("ok   %s\n", t->name);
            (*passed)++;
        }
    }
}

int main(void) {
    int passed = 0, failed = 0;
    const test_case *tables[] = {abi_tests, rule_tests, reentrancy_tests, misuse_tests, memory_tests, thread_tests, json_tests, reliability_tests};
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        run_table(tables[i], &passed, &failed);
    }
    harness_current_failed = 0;
    CHECK(cpp_translation_unit_works());
    if (harness_current_failed) {
        fprintf(stderr, "FAIL cpp_translation_unit_works\n");
        failed++;
    } else {
        printf("ok   cpp_translation_unit_works\n");
        passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
