/* The calls fuzz target's checks (calls_checks.c). */
#ifndef XYZALERT_FUZZ_CALLS_CHECKS_H
#define XYZALERT_FUZZ_CALLS_CHECKS_H

#include "cli.h"

/** Aborts, printing `json`, unless the recording passes `xyzalert check`,
 * loads, and replays to `seen`: the events its hosts saw, one "EVENT ALERT
 * [REASON]" line each (an alert without id as "-"). */
void check_replay(const char *json, const line_list *seen);

/** Aborts unless the snapshot of each of the `count` pages is valid JSON
 * (the fuzz build of the library checks every invariant as it makes one). */
void check_snapshots(xyz_dispatch *const *pages, int count);

#endif
