/* A backtest (docs/rules.md §23): sessions replayed under a baseline and
 * its candidates, their numbers and differences added to a report. */
#ifndef XYZALERT_BACKTEST_H
#define XYZALERT_BACKTEST_H

#include "report.h"
#include "xyzalert_tooling.h"

/* What every session is replayed under. */
typedef struct backtest_inputs {
    const xyz_catalog *policies[REPORT_MAX_POLICIES]; /* the baseline, then the candidates */
    size_t policy_count;
    const xyz_response_model *model; /* NULL: the standard model */
} backtest_inputs;

/* Replays the session `text` (a scenario's JSON, `length` bytes) named
 * `name`, and adds its outcome to `rep`: its numbers under each policy and
 * each candidate's differences, or the reason it could not be replayed. */
void backtest_session(const backtest_inputs *in, session_name name, const char *text, size_t length, report *rep);

#endif
