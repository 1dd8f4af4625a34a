/* A minimal test harness for the C suite: test cases, the CHECK macros
 * (Tests/check.h, shared with the C++ suite), and a recording host whose
 * callbacks append one line per event to a log. */
#ifndef XYZ_TEST_HARNESS_H
#define XYZ_TEST_HARNESS_H

#include <stdio.h>
#include <string.h>

#include "../check.h"
#include "xyzalert.h"

/* ---- recording host ---- */

typedef struct recorder recorder;
/* Called after each event is logged, with the event's first word. */
typedef void (*reaction_fn)(recorder *r, const char *event, xyz_alert *alert);

struct recorder {
    char log[16384];
    size_t length;
    reaction_fn react;
    void *user;            /* anything a test's reaction needs */
    int context_destroyed; /* times destroy_context ran */
    int deferred;          /* set before recorder_host() for deferred mode */
    int clocked;           /* set before recorder_host(): `clock` is the host's
                              clock, and set_timer requests are logged as
                              "timer ROOT DELAY" */
    double clock;
    int timer_set;         /* the last set_timer request: a tick is wanted */
    double timer_due;      /* at this time on `clock` */
};

/* A host whose callbacks log into `r` (request_flush only when r->deferred). */
xyz_host recorder_host(recorder *r);
/* A new visible dispatch named `name` with r's host. */
xyz_dispatch *recorder_page(recorder *r, const char *name);
/* Returns the log and clears it (the pointer is valid until the next event). */
const char *recorder_take(recorder *r);
/* Appends a line of the test's own. */
void recorder_note(recorder *r, const char *line);

/* Moves r->clock forward by `seconds` as a scenario's "advance" step does
 * (advance_clock, the tool's runner). */
void recorder_advance(recorder *r, xyz_dispatch *const *pages, size_t count, double seconds);

/* An alert with an id, priority and exclusive behaviour (+1 reference). */
xyz_alert *make_alert(const char *id, int priority, xyz_exclusive exclusive);

/* ---- registration ---- */

typedef void (*test_fn)(void);
typedef struct test_case {
    const char *name;
    test_fn fn;
} test_case;

/* Each test file defines one table, terminated by {NULL, NULL}. */
extern const test_case abi_tests[];
extern const test_case rule_tests[];
extern const test_case jsonlogic_tests[];
extern const test_case reentrancy_tests[];
extern const test_case misuse_tests[];
extern const test_case memory_tests[];
extern const test_case thread_tests[];
extern const test_case json_tests[];
extern const test_case reliability_tests[];
extern const test_case interface_tests[];
extern const test_case version_tests[];
extern const test_case time_tests[];
extern const test_case policy_tests[];
extern const test_case recording_tests[];
extern const test_case recording_replay_tests[];
extern const test_case why_tests[];
extern const test_case history_tests[];
extern const test_case timing_tests[];
extern const test_case stack_tests[];
extern const test_case nesting_tests[];
extern const test_case lifetime_tests[];
extern const test_case campaign_tests[];
extern const test_case calendar_tests[];
extern const test_case backtest_tests[];

/* Defined in the C++ translation unit: exercises the header from C++. */
#ifdef __cplusplus
extern "C"
#endif
int cpp_translation_unit_works(void);

#endif
